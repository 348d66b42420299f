import { m } from "#shared/paraglide/messages.js";
import { z } from "zod";
import { parseLocation, type LocationMap } from "#shared/place-names.ts";
import { PLACES } from "#shared/places.ts";
import { ROLES, SERVICE_STATUSES } from "#shared/stored-values.ts";
import { heroAnalytics, type HeroAnalytics } from "../catalogue/index.ts";
import { type DomainContext, ACCESS, requireRole, textMatch, parseInput } from "../core/index.ts";
import { numeric } from "#shared/numbers.ts";
import { DAY_MS, onIndiaClock } from "#shared/india-time.ts";

/**
 * The admin console (issue 14): general analytics (spec: verified users, verified vendors, active
 * services, services, views and leads per subcategory; plus sign-ups, enquiries, bookings and
 * revenue over time) and the vendor, service and user searches. Admins and super admins only.
 * The reads of one answer go to D1 as one batch.
 */

export const ANALYTICS_RANGES = { "30d": { days: 30, bucket: "day" }, "90d": { days: 90, bucket: "week" }, "12m": { days: 365, bucket: "month" } } as const;
export type AnalyticsRange = keyof typeof ANALYTICS_RANGES;

export const analyticsQuery = z.object({ range: z.enum(["30d", "90d", "12m"], { error: () => m.api_v_choose_30d_90d_or_12m() }).optional() });

export type SeriesPoint = { bucket: string; signups: number; enquiries: number; bookings: number; revenue: number };
export type SubcategoryFigures = { serviceType: string; services: number; views: number; leads: number };
export type GeneralAnalytics = HeroAnalytics & {
  range: AnalyticsRange;
  bucket: "day" | "week" | "month";
  series: SeriesPoint[];
  totals: { signups: number; enquiries: number; bookings: number; revenue: number };
  subcategories: SubcategoryFigures[];
};

const DAY = DAY_MS;

/** The bucket label of an instant in India time: "2026-11-23", the Monday of its week, or "2026-11". */
function bucketOf(ms: number, bucket: "day" | "week" | "month"): string {
  const d = onIndiaClock(ms);
  if (bucket === "month") return d.toISOString().slice(0, 7);
  if (bucket === "week") {
    const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
    return monday.toISOString().slice(0, 10);
  }
  return d.toISOString().slice(0, 10);
}

/** Every bucket of the range, oldest first, so a quiet day shows as 0 rather than missing. */
function bucketsOf(now: number, days: number, bucket: "day" | "week" | "month"): string[] {
  const out: string[] = [];
  for (let t = now - (days - 1) * DAY; t <= now; t += DAY) {
    const b = bucketOf(t, bucket);
    if (out.at(-1) !== b) out.push(b);
  }
  return out;
}

/** GET /admin/general-analytics. */
export async function generalAnalytics(ctx: DomainContext, raw: unknown = {}): Promise<GeneralAnalytics> {
  requireRole(ctx.actor, ACCESS.admin);
  const { range = "30d" } = parseInput(analyticsQuery, raw ?? {}, "Some options are not valid.");
  const { days, bucket } = ANALYTICS_RANGES[range];
  const since = ctx.now - days * DAY;
  const [signups, enquiries, bookings, revenue, subcategories] = await ctx.db.batch<{ t: number; amount?: number } | SubcategoryFigures>([
    ctx.db.prepare("SELECT created_at AS t FROM users WHERE created_at >= ? AND role IN ('USER', 'VENDOR')").bind(since),
    ctx.db.prepare("SELECT created_at AS t FROM leads WHERE created_at >= ?").bind(since),
    ctx.db.prepare("SELECT created_at AS t FROM bookings WHERE created_at >= ?").bind(since),
    ctx.db
      .prepare(
        "SELECT coalesce(captured_at, created_at) AS t, amount - coalesce(refunded_amount, 0) AS amount FROM payments WHERE status IN ('SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED') AND coalesce(captured_at, created_at) >= ?",
      )
      .bind(since),
    ctx.db.prepare(
      "SELECT service_type AS serviceType, count(*) AS services, coalesce(sum(view_count), 0) AS views, coalesce(sum(lead_count), 0) AS leads FROM services WHERE status = 'active' GROUP BY service_type ORDER BY services DESC, service_type",
    ),
  ]);
  const points = new Map(bucketsOf(ctx.now, days, bucket).map((b) => [b, { bucket: b, signups: 0, enquiries: 0, bookings: 0, revenue: 0 }]));
  const add = (rows: { t: number; amount?: number }[] | undefined, key: keyof Omit<SeriesPoint, "bucket">) => {
    for (const r of rows ?? []) {
      const p = points.get(bucketOf(r.t, bucket));
      if (p) p[key] += key === "revenue" ? Math.max(0, r.amount ?? 0) : 1;
    }
  };
  add(signups?.results as { t: number }[], "signups");
  add(enquiries?.results as { t: number }[], "enquiries");
  add(bookings?.results as { t: number }[], "bookings");
  add(revenue?.results as { t: number; amount: number }[], "revenue");
  const series = [...points.values()];
  const sum = (k: keyof Omit<SeriesPoint, "bucket">) => series.reduce((n, p) => n + p[k], 0);
  return {
    ...(await heroAnalytics(ctx)),
    range,
    bucket,
    series,
    totals: { signups: sum("signups"), enquiries: sum("enquiries"), bookings: sum("bookings"), revenue: sum("revenue") },
    subcategories: (subcategories?.results ?? []) as SubcategoryFigures[],
  };
}

// ------------------------------------------------------------------------------------------------
// Searches (POST /admin/vendor-search, /admin/service-search, /admin/user-search)

export const SEARCH_PAGE_SIZE = 25;
const text = (max: number, what: string) => z.string(`${what} is text.`).trim().max(max, `${what}: at most ${max} characters.`);
const page = z
  .number({ error: () => m.api_v_page_is_a_number() })
  .int({ error: () => m.api_v_page_is_a_whole_number() })
  .min(1, { error: () => m.api_v_page_starts_at_1() })
  .max(400, { error: () => m.api_v_page_is_at_most_400() });
const limit = z
  .number({ error: () => m.api_v_limit_is_a_number() })
  .int({ error: () => m.api_v_limit_is_a_whole_number() })
  .min(1, { error: () => m.api_v_limit_is_at_least_1() })
  .max(50, { error: () => m.api_v_limit_is_at_most_50() });
const yesNo = z.enum(["yes", "no"], { error: () => m.api_v_choose_yes_or_no() });

export const vendorSearchInput = z
  .object({
    q: text(100, "q").optional(),
    city: text(60, "city").optional(),
    verified: yesNo.optional(),
    page: numeric(page.optional()),
    limit: numeric(limit.optional()),
  })
  .strict();
export const serviceSearchInput = z
  .object({
    q: text(100, "q").optional(),
    status: z.enum(SERVICE_STATUSES, { error: () => m.api_v_choose_active_archived_or_hidden() }).optional(),
    serviceType: text(60, "serviceType").optional(),
    city: text(60, "city").optional(),
    vendorId: text(64, "vendorId").optional(),
    page: numeric(page.optional()),
    limit: numeric(limit.optional()),
  })
  .strict();
export const userSearchInput = z
  .object({
    q: text(100, "q").optional(),
    role: z.enum(ROLES, { error: () => m.api_v_choose_user_vendor_admin_or_super_admin() }).optional(),
    verified: yesNo.optional(),
    page: numeric(page.optional()),
    limit: numeric(limit.optional()),
  })
  .strict();

export type SearchPage<T> = { rows: T[]; page: number; more: boolean };
export type VendorHit = {
  id: string;
  name: string;
  city: string | null;
  state: string | null;
  category: string | null;
  verified: boolean;
  services: number;
  email: string;
  /** The account's verified mobile number (E.164), how a phone-only vendor is reached. */
  verifiedPhone: string | null;
};
export type ServiceHit = {
  id: string;
  name: string;
  type: string;
  city: string;
  status: string;
  moderated: boolean;
  minPrice: number;
  unit: string;
  vendorId: string;
  vendorName: string;
};
export type UserHit = { id: string; name: string; email: string; verifiedPhone: string | null; role: string; verified: boolean; createdAt: number };

/** Where a search term matches: every word in one of the text fields, as typed or as another spelling (./text-match.ts). */
function matchAny(columns: string[], q: string | undefined, where: string[], binds: unknown[]) {
  const match = textMatch(columns, q);
  if (!match) return;
  where.push(match.sql);
  binds.push(...match.binds);
}

/** A city filter as typed: the stored name, or the city an old or common name stands for ("Bangalore": Bengaluru). */
function cityNamed(text: string): string {
  const place = parseLocation(PLACES as LocationMap, text);
  return place?.city ?? text;
}

async function pageOf<T>(ctx: DomainContext, sql: string, binds: unknown[], pageNo = 1, size = SEARCH_PAGE_SIZE): Promise<SearchPage<T>> {
  const { results } = await ctx.db
    .prepare(`${sql} LIMIT ? OFFSET ?`)
    .bind(...binds, size + 1, (pageNo - 1) * size)
    .all<T>();
  return { rows: results.slice(0, size), page: pageNo, more: results.length > size };
}

/** Vendors by business name, slug, e-mail or phone, city and verification, newest first. */
export async function searchVendors(ctx: DomainContext, raw: unknown): Promise<SearchPage<VendorHit>> {
  requireRole(ctx.actor, ACCESS.admin);
  const input = parseInput(vendorSearchInput, raw ?? {}, "Some search options are not valid.");
  const where: string[] = [];
  const binds: unknown[] = [];
  matchAny(["v.business_name", "v.slug", "u.email", "v.phone", "u.verified_phone", "v.city", "v.state"], input.q, where, binds);
  if (input.city) {
    where.push("v.city = ? COLLATE NOCASE");
    binds.push(cityNamed(input.city));
  }
  if (input.verified) where.push(input.verified === "yes" ? "v.is_verified = 1" : "v.is_verified = 0");
  const rows = await pageOf<Record<string, unknown>>(
    ctx,
    `SELECT v.user_id AS id, v.business_name AS name, v.city, v.state, v.business_category AS category, v.is_verified AS verified, u.email, u.verified_phone AS verifiedPhone,
       (SELECT count(*) FROM services s WHERE s.vendor_id = v.user_id) AS services
     FROM vendors v JOIN users u ON u.id = v.user_id ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY v.created_at DESC, v.user_id`,
    binds,
    input.page,
    input.limit,
  );
  return { ...rows, rows: rows.rows.map((r) => ({ ...r, verified: Boolean(r.verified) }) as unknown as VendorHit) };
}

/** Services by name or id, status (any, not only active), subcategory, city and vendor, newest first. */
export async function searchServices(ctx: DomainContext, raw: unknown): Promise<SearchPage<ServiceHit>> {
  requireRole(ctx.actor, ACCESS.admin);
  const input = parseInput(serviceSearchInput, raw ?? {}, "Some search options are not valid.");
  const where: string[] = [];
  const binds: unknown[] = [];
  matchAny(["s.service_name", "s.id", "s.service_type", "s.city", "s.state"], input.q, where, binds);
  for (const [column, value] of [
    ["s.status", input.status],
    ["s.service_type", input.serviceType],
    ["s.city", input.city && cityNamed(input.city)],
    ["s.vendor_id", input.vendorId],
  ] as const)
    if (value) {
      where.push(`${column} = ?`);
      binds.push(value);
    }
  const rows = await pageOf<Record<string, unknown>>(
    ctx,
    `SELECT s.id, s.service_name AS name, s.service_type AS type, s.city, s.status, s.moderated_at AS moderated, s.min_price AS minPrice, s.service_unit AS unit, s.vendor_id AS vendorId,
       v.business_name AS vendorName
     FROM services s JOIN vendors v ON v.user_id = s.vendor_id ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY s.created_at DESC, s.id`,
    binds,
    input.page,
    input.limit,
  );
  return { ...rows, rows: rows.rows.map((r) => ({ ...r, moderated: r.moderated !== null }) as unknown as ServiceHit) };
}

/** Accounts by name, e-mail or phone, role and verification, newest first. */
export async function searchUsers(ctx: DomainContext, raw: unknown): Promise<SearchPage<UserHit>> {
  requireRole(ctx.actor, ACCESS.admin);
  const input = parseInput(userSearchInput, raw ?? {}, "Some search options are not valid.");
  const where: string[] = [];
  const binds: unknown[] = [];
  matchAny(["u.user_name", "u.email", "u.phone", "u.verified_phone", "u.wedding_city"], input.q, where, binds);
  if (input.role) {
    where.push("u.role = ?");
    binds.push(input.role);
  }
  if (input.verified) where.push(input.verified === "yes" ? "u.is_verified = 1" : "u.is_verified = 0");
  const rows = await pageOf<Record<string, unknown>>(
    ctx,
    `SELECT u.id, u.user_name AS name, u.email, u.verified_phone AS verifiedPhone, u.role, u.is_verified AS verified, u.created_at AS createdAt FROM users u ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY u.created_at DESC, u.id`,
    binds,
    input.page,
    input.limit,
  );
  return { ...rows, rows: rows.rows.map((r) => ({ ...r, verified: Boolean(r.verified) }) as unknown as UserHit) };
}
