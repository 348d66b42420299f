import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { conversionRate, firstName } from "#domain/enquiries/index.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import {
  call,
  createLead,
  createPlan,
  createService,
  createSubscription,
  createUser,
  createVendor,
  giveUnlimitedPlan,
  sessionCookieFor,
} from "#tests/support/factories.ts";

/** GET /analytics/getViewData and GET /analytics/getlead, from counters seeded here. */
type Json = { success: boolean; message?: string; errors?: Record<string, string>; [k: string]: unknown };
type Figures = { views: number; profileViews: number; enquiries: number; bookings: number; conversion: number | null; replyMinutesMedian: number | null };
type ServiceFigures = { id: string; service_name: string; views: number; enquiries: number; bookings: number; conversion: number | null };
type ViewData = {
  days: number;
  from: string;
  to: string;
  totals: Figures;
  series: { day: string; views: number; profileViews: number; enquiries: number; bookings: number }[];
  services: ServiceFigures[];
  topServices: ServiceFigures[];
};

async function api(path: string, cookie?: string) {
  const res = await call(`/api/v1${path}`, { cookie });
  return { status: res.status, json: (await res.json()) as Json };
}

const today = () => todayInIndia();
const daysAgo = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** An epoch time at India noon `n` days ago. */
const noonDaysAgo = (n: number) => Date.parse(`${daysAgo(n)}T12:00:00+05:30`);

async function stat(serviceId: string, day: string, views: number, leads: number) {
  await env.DB.prepare("INSERT INTO service_daily_stats (service_id, day, views, leads) VALUES (?, ?, ?, ?)").bind(serviceId, day, views, leads).run();
}
async function booking(vendorId: string, serviceId: string, userId: string, status: string, createdAt: number) {
  await env.DB.prepare(
    "INSERT INTO bookings (id, service_id, vendor_id, user_id, agreed_price, status, created_at, updated_at) VALUES (?, ?, ?, ?, 50000, ?, ?, ?)",
  )
    .bind(`bk-${crypto.randomUUID()}`, serviceId, vendorId, userId, status, createdAt, createdAt)
    .run();
}

/** A vendor with three services and counters over the last 40 days, and another vendor's counters beside them. */
async function seeded() {
  const vendor = await createVendor();
  // Figures by day and by service need a plan with FULL analytics (functions/domain/billing/plan-limits.ts).
  await giveUnlimitedPlan(vendor.id);
  const a = await createService({ vendorId: vendor.id, serviceName: "Alpha Feast" });
  const b = await createService({ vendorId: vendor.id, serviceName: "Beta Decor" });
  const c = await createService({ vendorId: vendor.id, serviceName: "Gamma Music" });
  const quiet = await createService({ vendorId: vendor.id, serviceName: "Quiet Tent" });
  const couple = await createUser();
  // Within 7 days: a 10 views/2 enquiries today, 5/1 three days ago; b 20/0 yesterday; c 1/1 today.
  await stat(a.id, daysAgo(0), 10, 2);
  await stat(a.id, daysAgo(3), 5, 1);
  await stat(b.id, daysAgo(1), 20, 0);
  await stat(c.id, daysAgo(0), 1, 1);
  // Only within 30 days: a 100/4 twenty days ago. Outside 90: b 999/99.
  await stat(a.id, daysAgo(20), 100, 4);
  await stat(b.id, daysAgo(95), 999, 99);
  await env.DB.prepare("INSERT INTO vendor_profile_views (vendor_id, day, views) VALUES (?, ?, 7), (?, ?, 3), (?, ?, 50)")
    .bind(vendor.id, daysAgo(0), vendor.id, daysAgo(6), vendor.id, daysAgo(29))
    .run();
  // Bookings: a confirmed today and a completed 20 days ago count; a cancelled one does not.
  await booking(vendor.id, a.id, couple.id, "CONFIRMED", noonDaysAgo(0));
  await booking(vendor.id, a.id, couple.id, "COMPLETED", noonDaysAgo(20));
  await booking(vendor.id, c.id, couple.id, "CANCELLED", noonDaysAgo(1));
  await env.DB.prepare("UPDATE vendors SET reply_minutes_median = 42 WHERE user_id = ?").bind(vendor.id).run();
  // Another vendor's counters never show.
  const other = await createVendor();
  await giveUnlimitedPlan(other.id);
  const o = await createService({ vendorId: other.id });
  await stat(o.id, daysAgo(0), 500, 50);
  await booking(other.id, o.id, couple.id, "CONFIRMED", noonDaysAgo(0));
  return { vendor, cookie: await sessionCookieFor(vendor.id), a, b, c, quiet, other, o, otherCookie: await sessionCookieFor(other.id), couple };
}

describe("GET /analytics/getViewData", () => {
  it("adds up the last 7 days per day and per service", async () => {
    const w = await seeded();
    const res = await api("/analytics/getViewData?days=7", w.cookie);
    expect(res.status).toBe(200);
    const data = res.json as unknown as ViewData;
    expect(data.days).toBe(7);
    expect(data.from).toBe(daysAgo(6));
    expect(data.to).toBe(today());
    expect(data.totals).toEqual({ views: 36, profileViews: 10, enquiries: 4, bookings: 1, conversion: 25, replyMinutesMedian: 42 });
    expect(data.series).toHaveLength(7);
    expect(data.series.at(-1)).toEqual({ day: today(), views: 11, profileViews: 7, enquiries: 3, bookings: 1 });
    expect(data.series[0]).toEqual({ day: daysAgo(6), views: 0, profileViews: 3, enquiries: 0, bookings: 0 });
    const by = Object.fromEntries(data.services.map((s) => [s.service_name, s]));
    expect(by["Alpha Feast"]).toMatchObject({ views: 15, enquiries: 3, bookings: 1, conversion: 33 });
    expect(by["Beta Decor"]).toMatchObject({ views: 20, enquiries: 0, bookings: 0, conversion: null });
    expect(by["Gamma Music"]).toMatchObject({ views: 1, enquiries: 1, bookings: 0, conversion: 0 });
    expect(by["Quiet Tent"]).toMatchObject({ views: 0, enquiries: 0, bookings: 0 });
    expect(data.services).toHaveLength(4);
    expect(data.topServices.map((s) => s.service_name)).toEqual(["Alpha Feast", "Gamma Music", "Beta Decor"]);
  });

  it("widens to 30 days (and 30 is the default) without counting older days or other vendors", async () => {
    const w = await seeded();
    const res = await api("/analytics/getViewData?days=30", w.cookie);
    const data = res.json as unknown as ViewData;
    expect(data.series).toHaveLength(30);
    expect(data.totals).toEqual({ views: 136, profileViews: 60, enquiries: 8, bookings: 2, conversion: 25, replyMinutesMedian: 42 });
    expect(((await api("/analytics/getViewData", w.cookie)).json as unknown as ViewData).totals).toEqual(data.totals);
    const ninety = (await api("/analytics/getViewData?days=90", w.cookie)).json as unknown as ViewData;
    expect(ninety.series).toHaveLength(90);
    expect(ninety.totals.views).toBe(136);
    // The other vendor sees only their own.
    const other = (await api("/analytics/getViewData?days=7", w.otherCookie)).json as unknown as ViewData;
    expect(other.totals).toMatchObject({ views: 500, enquiries: 50, bookings: 1, profileViews: 0 });
    expect(other.services.map((s) => s.id)).toEqual([expect.any(String)]);
    expect(JSON.stringify(other)).not.toContain(w.a.id);
  });

  it("shows totals only without a plan that includes full analytics, and names the plan that does", async () => {
    const w = await seeded();
    const basic = await createVendor();
    const s = await createService({ vendorId: basic.id });
    await stat(s.id, daysAgo(0), 12, 2);
    await createPlan({ name: "Analytics Silver", price: 1, analyticsDepth: "FULL" });
    const cookie = await sessionCookieFor(basic.id);
    const free = (await api("/analytics/getViewData?days=7", cookie)).json as unknown as ViewData & { depth: string; fullAnalyticsPlan: string | null };
    expect(free.totals).toMatchObject({ views: 12, enquiries: 2 });
    expect(free).toMatchObject({ depth: "BASIC", fullAnalyticsPlan: "Analytics Silver", series: [], services: [], topServices: [] });
    // A BASIC plan (the trial) is the same; a FULL one opens everything.
    await createSubscription(basic.id, { plan: { maxActiveServices: 3, analyticsDepth: "BASIC" }, isTrial: true });
    expect(((await api("/analytics/getViewData?days=7", cookie)).json as unknown as { depth: string }).depth).toBe("BASIC");
    await createSubscription(basic.id, { plan: { analyticsDepth: "FULL" } });
    const full = (await api("/analytics/getViewData?days=7", cookie)).json as unknown as ViewData & { depth: string };
    expect(full.depth).toBe("FULL");
    expect(full.series).toHaveLength(7);
    expect(full.services.map((x) => x.id)).toEqual([s.id]);
    expect(w.vendor.id).not.toBe(basic.id);
  });

  it.each(["5", "abc", "365"])("refuses days=%s with a 400 naming days", async (days) => {
    const w = await seeded();
    const res = await api(`/analytics/getViewData?days=${days}`, w.cookie);
    expect(res.status).toBe(400);
    expect(res.json.errors?.days).toBe("days must be 7, 30 or 90.");
  });

  it("is for vendors only", async () => {
    const couple = await createUser();
    expect((await api("/analytics/getViewData", await sessionCookieFor(couple.id))).status).toBe(403);
    expect((await api("/analytics/getViewData")).status).toBe(401);
  });

  it("computes conversion as whole percent, none without enquiries", () => {
    expect(conversionRate(0, 0)).toBeNull();
    expect(conversionRate(3, 1)).toBe(33);
    expect(conversionRate(8, 2)).toBe(25);
  });
});

describe("GET /analytics/getlead", () => {
  it("lists the latest 10 enquiries, newest first, with the couple's first name only and spam left out", async () => {
    const w = await seeded();
    const couples = await Promise.all(Array.from({ length: 12 }, (_, i) => createUser({ userName: `Couple${i} Surname${i}` })));
    for (const [i, c] of couples.entries()) {
      const lead = await createLead({ serviceId: w.a.id, vendorId: w.vendor.id, userId: c.id });
      await env.DB.prepare("UPDATE leads SET created_at = ?, status = ? WHERE id = ?")
        .bind(Date.now() - (20 - i) * 60_000, i === 11 ? "SPAM" : "NEW", lead.id)
        .run();
    }
    const otherLead = await createLead({ serviceId: w.o.id, vendorId: w.other.id, userId: w.couple.id });
    const res = await api("/analytics/getlead", w.cookie);
    expect(res.status).toBe(200);
    const leads = res.json.leads as { id: string; couple: string; service_name: string; status: string; created_at: number }[];
    expect(leads).toHaveLength(10);
    expect(leads.map((l) => l.couple)).toEqual(["Couple10", "Couple9", "Couple8", "Couple7", "Couple6", "Couple5", "Couple4", "Couple3", "Couple2", "Couple1"]);
    expect(leads[0]).toMatchObject({ service_name: "Alpha Feast", status: "NEW" });
    expect(JSON.stringify(leads)).not.toContain("Surname");
    expect(JSON.stringify(leads)).not.toContain(otherLead.id);
  });

  it("takes the first word of a name", () => {
    expect(firstName("  Asha   Rao ")).toBe("Asha");
    expect(firstName("Madhuri")).toBe("Madhuri");
  });
});
