import type { DomainContext } from "./context.ts";

/**
 * Plans as vendors see them (GET /plan, /VendorDashboard/Plan). Plans are data an admin creates
 * (none are hard-coded); buying one is in payments.ts, the vendor's subscriptions and payments in
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

type PlanRow = Omit<PlanSummary, "features" | "featuredPlacement" | "isTrial"> & { features: string; featuredPlacement: number; isTrial: number };

/** Active plans, cheapest first. */
export async function activePlans(ctx: DomainContext): Promise<PlanSummary[]> {
  const { results } = await ctx.db
    .prepare(
      `SELECT id, name, description, price, duration_days AS durationDays, is_trial AS isTrial, analytics_depth AS analyticsDepth, features,
              max_active_services AS maxActiveServices, featured_placement AS featuredPlacement
       FROM plans WHERE is_active = 1 ORDER BY price, duration_days, name`,
    )
    .all<PlanRow>();
  return results.map((r) => ({ ...r, features: parseFeatures(r.features), featuredPlacement: Boolean(r.featuredPlacement), isTrial: Boolean(r.isTrial) }));
}

function parseFeatures(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === "string") : [];
  } catch {
    return [];
  }
}
