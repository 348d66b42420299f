import type { DomainContext } from "./context.ts";
import { ACCESS, requireRole } from "./permissions.ts";

/**
 * Plans and the money a vendor paid Mandap, as the vendor dashboard reads them. Plans are data an
 * admin creates (none are hard-coded); buying one and the subscription rules come with the
 * payments area, which writes the rows these functions read.
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

export type VendorPayment = { id: string; purpose: string; amount: number; status: string; method: string | null; createdAt: number; planName: string | null };

/** The signed-in vendor's payments to Mandap, newest first (never another account's). */
export async function vendorPayments(ctx: DomainContext): Promise<VendorPayment[]> {
  const actor = requireRole(ctx.actor, ACCESS.vendor, "Only vendors have plan payments.");
  const { results } = await ctx.db
    .prepare(
      `SELECT p.id, p.purpose, p.amount, p.status, p.method, p.created_at AS createdAt, pl.name AS planName
       FROM payments p LEFT JOIN subscriptions s ON s.id = p.subscription_id LEFT JOIN plans pl ON pl.id = s.plan_id
       WHERE p.user_id = ? ORDER BY p.created_at DESC LIMIT 100`,
    )
    .bind(actor.id)
    .all<VendorPayment>();
  return results;
}
