import type { DomainContext } from "./context.ts";

/**
 * Plan limits on services (issue 11). FOUNDATION STUB: the daily-job helper replaces this file.
 *
 * `applyPlanLimits` makes a vendor's listed services match what their subscriptions allow now:
 * services beyond the limit are hidden from search (never deleted) and hidden ones come back when
 * a renewal allows them. Idempotent; the crediting code calls it after a payment is credited and
 * the daily job after subscriptions end.
 */
export async function applyPlanLimits(_ctx: DomainContext, _vendorId: string): Promise<void> {}
