import type { Row } from "#db/rows.ts";
import type { plans } from "#db/schema/index.ts";
import type { DomainContext } from "../core/index.ts";

/**
 * Plans as vendors see them (GET /plan, /VendorDashboard/Plan). Plans are data an admin creates
 * (none are hard-coded); buying one is in subscription-orders.ts, the vendor's subscriptions and payments in
 * subscriptions.ts.
 */
export type PlanSummary = {
  id: string;
  name: string;
  description: string;
  price: number;
  durationDays: number;
  isTrial: boolean;
  analyticsDepth: "BASIC" | "FULL";
  features: string[];
  maxActiveServices: number | null;
  featuredPlacement: boolean;
};

/** A plan as SQLite returns it: flags as 0/1 and the features as JSON text. */
export type PlanRow = Row<
  typeof plans,
  "id" | "name" | "description" | "price" | "duration_days" | "is_trial" | "analytics_depth" | "features" | "max_active_services" | "featured_placement"
>;

/** The one reading of a plan row (its flags and features list), for vendors' and admins' views alike. */
export function planFromRow(r: PlanRow): PlanSummary {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: r.price,
    durationDays: r.duration_days,
    isTrial: Boolean(r.is_trial),
    analyticsDepth: r.analytics_depth,
    features: parseFeatures(r.features),
    maxActiveServices: r.max_active_services,
    featuredPlacement: Boolean(r.featured_placement),
  };
}

/** Active plans, cheapest first. */
export async function activePlans(ctx: DomainContext): Promise<PlanSummary[]> {
  const { results } = await ctx.db
    .prepare(
      `SELECT id, name, description, price, duration_days, is_trial, analytics_depth, features, max_active_services, featured_placement
       FROM plans WHERE is_active = 1 ORDER BY price, duration_days, name`,
    )
    .all<PlanRow>();
  return results.map((r) => planFromRow(r));
}

function parseFeatures(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === "string") : [];
  } catch {
    return [];
  }
}
