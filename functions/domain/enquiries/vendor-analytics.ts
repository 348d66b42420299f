import { m } from "#shared/paraglide/messages.js";
import { z } from "zod";
import { todayInIndia } from "#shared/listing-rules.ts";
import { type DomainContext, ACCESS, requireRole } from "../core/index.ts";
import { vendorLimits, type AnalyticsDepth } from "../billing/index.ts";
import { INDIA_OFFSET_SECONDS } from "#shared/india-time.ts";

/**
 * A vendor's analytics, from the counters recorded per day: service views and enquiries
 * (service_daily_stats; an enquiry reported as spam is taken off its day's count by the leads
 * code), profile views (vendor_profile_views), bookings (CONFIRMED or COMPLETED bookings by the
 * day they were made, in India) and the response time (vendors.reply_minutes_median). Days are
 * India's calendar days; a period is the last 7, 30 or 90 days including today.
 *
 * Depth follows the vendor's plan (plan-limits.ts): BASIC (the free tier, or plans without full
 * analytics) gets the totals only; FULL adds the figures by day (history) and by service.
 */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const analyticsQuery = z.object({
  days: z
    .preprocess((v) => (v === undefined || v === "" ? "30" : v), z.enum(["7", "30", "90"], { error: () => m.api_v_days_must_be_7_30_or_90() }))
    .transform((v) => Number(v) as AnalyticsPeriod),
});

export type DayFigures = { day: string; views: number; profileViews: number; enquiries: number; bookings: number };
export type ServiceFigures = {
  id: string;
  service_name: string;
  status: string;
  views: number;
  enquiries: number;
  bookings: number;
  conversion: number | null;
};
export type RecentLead = { id: string; couple: string; service_name: string; status: string; created_at: number };

export type VendorAnalytics = {
  days: AnalyticsPeriod;
  from: string;
  to: string;
  totals: { views: number; profileViews: number; enquiries: number; bookings: number; conversion: number | null; replyMinutesMedian: number | null };
  series: DayFigures[];
  services: ServiceFigures[];
  topServices: ServiceFigures[];
  /** BASIC: totals only (series, services and topServices are empty); FULL: everything. */
  depth: AnalyticsDepth;
  /** With BASIC, the cheapest active plan that includes full analytics (to say which one unlocks it); else null. */
  fullAnalyticsPlan: string | null;
};

/** Bookings per enquiry, as a whole percentage; null when there were no enquiries. */
export const conversionRate = (enquiries: number, bookings: number) => (enquiries > 0 ? Math.round((bookings / enquiries) * 100) : null);

/** The India day `n` days before `day` (yyyy-mm-dd). */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/** A booking's India day, from its created_at (epoch ms). */
const BOOKING_DAY = `date(b.created_at / 1000 + ${INDIA_OFFSET_SECONDS}, 'unixepoch')`;

const requireVendor = (ctx: DomainContext) => requireRole(ctx.actor, ACCESS.vendor, m.api_d_only_vendors_analytics());

/** GET /analytics/getViewData and the analytics page: the signed-in vendor's last `days` days including today. */
export async function vendorAnalytics(ctx: DomainContext, days: AnalyticsPeriod = 30): Promise<VendorAnalytics> {
  const vendor = requireVendor(ctx);
  const [figures, limits] = await Promise.all([vendorFigures(ctx.db, vendor.id, todayInIndia(ctx.now), days), vendorLimits(ctx, vendor.id)]);
  if (limits.analyticsDepth === "FULL") return figures;
  const plan = await ctx.db
    .prepare("SELECT name FROM plans WHERE is_active = 1 AND is_trial = 0 AND analytics_depth = 'FULL' ORDER BY price, duration_days, name LIMIT 1")
    .first<{ name: string }>();
  return { ...figures, series: [], services: [], topServices: [], depth: "BASIC", fullAnalyticsPlan: plan?.name ?? null };
}

/**
 * A vendor's figures for the `days` India days ending with `to` (yyyy-mm-dd): what the analytics
 * page shows, and what the weekly summary mail reports (weekly-summary.ts). No permission check:
 * callers decide whose figures they may read.
 */
export async function vendorFigures(db: D1Database, vendorId: string, to: string, days: AnalyticsPeriod): Promise<VendorAnalytics> {
  return figuresFrom(await db.batch(vendorFigureStatements(db, vendorId, to, days)), to, days);
}

/** The statements vendorFigures reads (FIGURE_STATEMENTS of them), for a caller that batches several vendors' figures in one D1 call. */
export function vendorFigureStatements(db: D1Database, vendorId: string, to: string, days: AnalyticsPeriod): D1PreparedStatement[] {
  const from = daysBefore(to, days - 1);
  const vendor = { id: vendorId };
  return [
    db
      .prepare(
        `SELECT d.day, sum(d.views) AS views, sum(d.leads) AS enquiries FROM service_daily_stats d JOIN services s ON s.id = d.service_id
         WHERE s.vendor_id = ?1 AND d.day BETWEEN ?2 AND ?3 GROUP BY d.day`,
      )
      .bind(vendor.id, from, to),
    db.prepare("SELECT day, views FROM vendor_profile_views WHERE vendor_id = ?1 AND day BETWEEN ?2 AND ?3").bind(vendor.id, from, to),
    db
      .prepare(
        `SELECT ${BOOKING_DAY} AS day, b.service_id, count(*) AS bookings FROM bookings b
         WHERE b.vendor_id = ?1 AND b.status IN ('CONFIRMED', 'COMPLETED') AND ${BOOKING_DAY} BETWEEN ?2 AND ?3 GROUP BY 1, 2`,
      )
      .bind(vendor.id, from, to),
    db
      .prepare(
        `SELECT s.id, s.service_name, s.status, coalesce(sum(d.views), 0) AS views, coalesce(sum(d.leads), 0) AS enquiries
         FROM services s LEFT JOIN service_daily_stats d ON d.service_id = s.id AND d.day BETWEEN ?2 AND ?3
         WHERE s.vendor_id = ?1 GROUP BY s.id ORDER BY s.status, s.service_name LIMIT 500`,
      )
      .bind(vendor.id, from, to),
    db.prepare("SELECT reply_minutes_median FROM vendors WHERE user_id = ?1").bind(vendor.id),
  ];
}

/** How many statements vendorFigureStatements returns. */
export const FIGURE_STATEMENTS = 5;

/** A vendor's figures from the results of vendorFigureStatements (in order). */
export function figuresFrom(results: D1Result[], to: string, days: AnalyticsPeriod): VendorAnalytics {
  const from = daysBefore(to, days - 1);
  const [daily, profile, bookings, perService, reply] = results;
  type Daily = { day: string; views: number; enquiries: number };
  const dailyBy = new Map((daily!.results as Daily[]).map((r) => [r.day, r]));
  const profileBy = new Map((profile!.results as { day: string; views: number }[]).map((r) => [r.day, r.views]));
  const bookingRows = bookings!.results as { day: string; service_id: string; bookings: number }[];
  const bookingsByDay = new Map<string, number>();
  const bookingsByService = new Map<string, number>();
  for (const r of bookingRows) {
    bookingsByDay.set(r.day, (bookingsByDay.get(r.day) ?? 0) + r.bookings);
    bookingsByService.set(r.service_id, (bookingsByService.get(r.service_id) ?? 0) + r.bookings);
  }
  const series: DayFigures[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = daysBefore(to, i);
    const d = dailyBy.get(day);
    series.push({ day, views: d?.views ?? 0, profileViews: profileBy.get(day) ?? 0, enquiries: d?.enquiries ?? 0, bookings: bookingsByDay.get(day) ?? 0 });
  }
  const services: ServiceFigures[] = (perService!.results as Omit<ServiceFigures, "bookings" | "conversion">[]).map((s) => {
    const b = bookingsByService.get(s.id) ?? 0;
    return { ...s, bookings: b, conversion: conversionRate(s.enquiries, b) };
  });
  const sum = (k: keyof Omit<DayFigures, "day">) => series.reduce((a, d) => a + d[k], 0);
  const totals = { views: sum("views"), profileViews: sum("profileViews"), enquiries: sum("enquiries"), bookings: sum("bookings") };
  const topServices = [...services]
    .filter((s) => s.views + s.enquiries + s.bookings > 0)
    .sort((a, b) => b.bookings - a.bookings || b.enquiries - a.enquiries || b.views - a.views || a.service_name.localeCompare(b.service_name))
    .slice(0, 3);
  return {
    days,
    from,
    to,
    totals: {
      ...totals,
      conversion: conversionRate(totals.enquiries, totals.bookings),
      replyMinutesMedian: ((reply!.results[0] as { reply_minutes_median: number | null } | undefined)?.reply_minutes_median ?? null) as number | null,
    },
    series,
    services,
    topServices,
    depth: "FULL",
    fullAnalyticsPlan: null,
  };
}

/** The couple's first name only (the vendor sees who before replying, not their full name). */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

/** GET /analytics/getlead: the latest 10 enquiries (spam left out), newest first. */
export async function recentLeads(ctx: DomainContext, limit = 10): Promise<RecentLead[]> {
  const vendor = requireVendor(ctx);
  const { results } = await ctx.db
    .prepare(
      `SELECT l.id, u.user_name, s.service_name, l.status, l.created_at FROM leads l JOIN users u ON u.id = l.user_id JOIN services s ON s.id = l.service_id
       WHERE l.vendor_id = ? AND l.status <> 'SPAM' ORDER BY l.created_at DESC, l.id DESC LIMIT ?`,
    )
    .bind(vendor.id, limit)
    .all<{ id: string; user_name: string; service_name: string; status: string; created_at: number }>();
  return results.map((r) => ({ id: r.id, couple: firstName(r.user_name), service_name: r.service_name, status: r.status, created_at: r.created_at }));
}
