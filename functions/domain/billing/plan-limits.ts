import type { DomainContext } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Plan limits on services (issue 11, docs/decisions/0019-plan-limits.md).
 *
 * The limits in force for a vendor are the most generous among its ACTIVE subscriptions that have
 * not ended (end_date > now; a stacked period that starts later counts at once): the largest
 * max_active_services (NULL = unlimited), featured placement if any plan has it, FULL analytics if
 * any plan has it. With none, the free tier: config.freeActiveServices active services, no featured
 * placement, BASIC analytics.
 *
 * A service beyond the limit is not deleted: its status becomes 'hidden' (plan_hidden_at set).
 * Every public read (search, browse, home sections, the vendor's public page, the service page,
 * enquiries, favourites, the sitemap) lists status 'active' only, so they all agree at once; the
 * vendor's dashboard lists it as "Hidden: beyond your plan's limit". Which ones stay listed: the
 * vendor's first created (oldest) services, so a listing with its reviews and rank never flips
 * because the vendor edited another one, and the job and a payment always pick the same ones. A
 * vendor who prefers another can archive a listed one and make the hidden one active.
 *
 * `applyPlanLimits` is idempotent and needs no read first: two statements in one batch hide the
 * listed services past the limit and bring hidden ones back (oldest first) up to it, both computed
 * inside SQLite from the subscriptions at that moment. The crediting code calls it after a payment,
 * the daily job (with `planLimitStatements`, in the same batch as the expiry) when subscriptions end.
 */

export type AnalyticsDepth = "BASIC" | "FULL";

export type PlanLimits = {
  /** null: unlimited. */
  maxActiveServices: number | null;
  featuredPlacement: boolean;
  analyticsDepth: AnalyticsDepth;
  /** false: the free tier (no running subscription). */
  subscribed: boolean;
};

/** Where a vendor sees and buys plans. */
export const PLAN_PATH = "/VendorDashboard/Plan";

export const PLAN_LIMIT_MESSAGES = {
  /** Refusing a new or restored active service at the limit (403). */
  overLimit: (limits: PlanLimits) =>
    limits.subscribed
      ? m.api_plan_limit_over_subscribed({ n: limits.maxActiveServices ?? 0 })
      : m.api_plan_limit_over_free({ n: limits.maxActiveServices ?? 0 }),
  get hidden() {
    return m.api_plan_limit_hidden();
  },
};

/** The limits in force for a vendor at `now` (one query). */
export async function limitsInForce(db: D1Database, vendorId: string, now: number, freeActiveServices: number): Promise<PlanLimits> {
  const row = await db
    .prepare(
      `SELECT count(*) AS n, max(p.max_active_services IS NULL) AS unlimited, max(p.max_active_services) AS most,
         max(p.featured_placement) AS featured, max(p.analytics_depth = 'FULL') AS full
       FROM subscriptions x JOIN plans p ON p.id = x.plan_id WHERE x.vendor_id = ? AND x.status = 'ACTIVE' AND x.end_date > ?`,
    )
    .bind(vendorId, now)
    .first<{ n: number; unlimited: number | null; most: number | null; featured: number | null; full: number | null }>();
  if (!row || row.n === 0) return { maxActiveServices: freeActiveServices, featuredPlacement: false, analyticsDepth: "BASIC", subscribed: false };
  return {
    maxActiveServices: row.unlimited === 1 ? null : Number(row.most ?? 0),
    featuredPlacement: row.featured === 1,
    analyticsDepth: row.full === 1 ? "FULL" : "BASIC",
    subscribed: true,
  };
}

/** The signed-in vendor's (or, for an admin acting on one, the given vendor's) limits. */
export function vendorLimits(ctx: DomainContext, vendorId: string): Promise<PlanLimits> {
  return limitsInForce(ctx.db, vendorId, ctx.now, ctx.config.freeActiveServices);
}

/**
 * Whether the vendor may add (or make active) one more service now: null when it may, else the
 * refusal the write would give (the "Add a service" page shows it before the form is filled).
 */
export async function activeServiceLimitReached(ctx: DomainContext, vendorId: string): Promise<string | null> {
  const [limits, row] = await Promise.all([
    vendorLimits(ctx, vendorId),
    ctx.db.prepare("SELECT count(*) AS n FROM services WHERE vendor_id = ? AND status = 'active'").bind(vendorId).first<{ n: number }>(),
  ]);
  return limits.maxActiveServices !== null && (row?.n ?? 0) >= limits.maxActiveServices ? PLAN_LIMIT_MESSAGES.overLimit(limits) : null;
}

/**
 * SQL for the active-service limit in force of the vendor whose id is `vendor` (an SQL expression),
 * -1 for unlimited; ?2 is now and ?3 the free tier's limit.
 */
export const limitSql = (vendor: string) =>
  `coalesce((SELECT CASE WHEN max(p.max_active_services IS NULL) = 1 THEN -1 ELSE max(p.max_active_services) END
     FROM subscriptions x JOIN plans p ON p.id = x.plan_id WHERE x.vendor_id = ${vendor} AND x.status = 'ACTIVE' AND x.end_date > ?2), ?3)`;

/** SQL: 1 when a running subscription of the vendor `vendor` (an SQL expression) includes featured placement, else 0; ?2 is now. */
export const featuredSql = (vendor: string) =>
  `coalesce((SELECT max(p.featured_placement) FROM subscriptions x JOIN plans p ON p.id = x.plan_id
     WHERE x.vendor_id = ${vendor} AND x.status = 'ACTIVE' AND x.end_date > ?2), 0)`;

/**
 * The statements that make the listed services of these vendors match their limits at `now`: hide
 * the active ones past the limit (newest first), then list hidden ones again (oldest first) while
 * there is room; and mark them featured or not as the plan allows. For a D1 batch (alone, or with the change that alters the limits, so both happen
 * together). Idempotent.
 */
export function planLimitStatements(db: D1Database, vendorIds: readonly string[], now: number, freeActiveServices: number): D1PreparedStatement[] {
  if (vendorIds.length === 0) return [];
  const lim = `lim AS (SELECT j.value AS vendor_id, ${limitSql("j.value")} AS l, ${featuredSql("j.value")} AS f FROM json_each(?1) j)`;
  const ids = JSON.stringify([...new Set(vendorIds)]);
  return [
    db
      .prepare(
        `WITH ${lim},
           ranked AS (SELECT s.id, lim.l, row_number() OVER (PARTITION BY s.vendor_id ORDER BY s.created_at, s.id) AS rn
                      FROM lim CROSS JOIN services s ON s.vendor_id = lim.vendor_id AND s.status = 'active')
         UPDATE services SET status = 'hidden', plan_hidden_at = ?2 WHERE id IN (SELECT id FROM ranked WHERE l >= 0 AND rn > l)`,
      )
      .bind(ids, now, freeActiveServices),
    db
      .prepare(
        `WITH ${lim},
           room AS (SELECT lim.vendor_id, lim.l, lim.l - (SELECT count(*) FROM services a WHERE a.vendor_id = lim.vendor_id AND a.status = 'active') AS free
                    FROM lim),
           ranked AS (SELECT s.id, room.l, room.free, row_number() OVER (PARTITION BY s.vendor_id ORDER BY s.created_at, s.id) AS rn
                      FROM room CROSS JOIN services s ON s.vendor_id = room.vendor_id AND s.status = 'hidden')
         UPDATE services SET status = 'active', plan_hidden_at = NULL WHERE id IN (SELECT id FROM ranked WHERE l < 0 OR rn <= free)`,
      )
      .bind(ids, now, freeActiveServices),
    db
      .prepare(
        `WITH ${lim}
         UPDATE services SET featured = (SELECT f FROM lim WHERE lim.vendor_id = services.vendor_id)
         WHERE id IN (SELECT s.id FROM lim CROSS JOIN services s ON s.vendor_id = lim.vendor_id WHERE s.featured != lim.f)`,
      )
      .bind(ids, now, freeActiveServices),
  ];
}

/**
 * Makes a vendor's listed services match what their subscriptions allow now: services beyond the
 * limit are hidden (never deleted) and hidden ones come back when the limit allows them.
 * Idempotent; one atomic batch.
 */
export async function applyPlanLimits(ctx: DomainContext, vendorId: string): Promise<void> {
  await ctx.db.batch(planLimitStatements(ctx.db, [vendorId], ctx.now, ctx.config.freeActiveServices));
}
