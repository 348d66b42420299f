import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { searchServices, serviceDetail, sitemapServices, sitemapServiceFiles, vendorDashboard, vendorPage } from "#domain/catalogue/index.ts";
import { activeServiceLimitReached, applyPlanLimits, limitsInForce, PLAN_LIMIT_MESSAGES } from "#domain/billing/index.ts";
import type { Actor } from "#domain/core/index.ts";
import { listingContext, testContext } from "#tests/support/context.ts";
import { call, createService, createSubscription, createVendor, giveUnlimitedPlan, sessionCookieFor } from "#tests/support/factories.ts";

const DAY = 86_400_000;
const FREE = 1;

const caterer = (name: string) => ({
  service_name: name,
  service_category: "Wedding Vendor",
  service_type: "Caterers",
  min_price: 850,
  max_price: 1600,
  service_unit: "Per Plate",
  description: "Rajasthani and North Indian wedding menus, live counters and a team that has served weddings for twenty years.",
  state: "Rajasthan",
  city: "Jaipur",
  highlights: [],
});

/** A vendor with `n` active services created a minute apart (oldest first). */
async function vendorWithServices(n: number) {
  const vendor = await createVendor();
  const base = Date.now() - 10 * DAY;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await createService({ vendorId: vendor.id, serviceName: `Service ${i + 1}`, createdAt: base + i * 60_000 })).id);
  return { vendor, ids };
}

const statuses = async (ids: string[]) => {
  const { results } = await env.DB.prepare("SELECT id, status FROM services WHERE id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(ids))
    .all<{ id: string; status: string }>();
  return ids.map((id) => results.find((r) => r.id === id)?.status);
};

const vendorActor = (id: string): Actor => ({ id, role: "VENDOR", email: `${id}@test.example`, userName: "Vendor", isVerified: true }) as Actor;

describe("the limits in force", () => {
  it("are the free tier without a running subscription, and the most generous of the running ones", async () => {
    const { vendor } = await vendorWithServices(0);
    const now = Date.now();
    expect(await limitsInForce(env.DB, vendor.id, now, FREE)).toEqual({
      maxActiveServices: 1,
      featuredPlacement: false,
      analyticsDepth: "BASIC",
      subscribed: false,
    });
    // Ended, expired, pending and cancelled subscriptions give nothing.
    await createSubscription(vendor.id, { plan: { maxActiveServices: 50 }, endDate: now - 1 });
    await createSubscription(vendor.id, { plan: { maxActiveServices: 50 }, status: "EXPIRED", endDate: now + DAY });
    await createSubscription(vendor.id, { plan: { maxActiveServices: 50 }, status: "PENDING" });
    await createSubscription(vendor.id, { plan: { maxActiveServices: 50 }, status: "CANCELLED" });
    expect((await limitsInForce(env.DB, vendor.id, now, FREE)).subscribed).toBe(false);
    await createSubscription(vendor.id, { plan: { maxActiveServices: 3, analyticsDepth: "FULL" }, isTrial: true });
    await createSubscription(vendor.id, { plan: { maxActiveServices: 10, featuredPlacement: true }, startDate: now + 5 * DAY, endDate: now + 95 * DAY });
    expect(await limitsInForce(env.DB, vendor.id, now, FREE)).toEqual({
      maxActiveServices: 10,
      featuredPlacement: true,
      analyticsDepth: "FULL",
      subscribed: true,
    });
    await createSubscription(vendor.id, { plan: { maxActiveServices: null } });
    expect((await limitsInForce(env.DB, vendor.id, now, FREE)).maxActiveServices).toBeNull();
  });
});

describe("applying the limits", () => {
  it("hides the newest services past the free tier everywhere the public looks, keeps them for the vendor, and brings them back on renewal", async () => {
    const { vendor, ids } = await vendorWithServices(3);
    const now = Date.now();
    const publicCtx = listingContext({ now });
    const filesBefore = await sitemapServiceFiles(publicCtx);
    await applyPlanLimits(testContext({ now }), vendor.id);
    expect(await statuses(ids)).toEqual(["active", "hidden", "hidden"]);

    // Search, the vendor's public page, the service page and the sitemap agree.
    const found = await searchServices(publicCtx, { vendorId: vendor.id });
    expect(found.services.map((s) => s.id)).toEqual([ids[0]]);
    expect(found.total).toBe(1);
    const page = await vendorPage(publicCtx, vendor.slug);
    expect(page?.services.map((s) => s.id)).toEqual([ids[0]]);
    expect(await serviceDetail(publicCtx, ids[1]!)).toBeNull();
    expect((await call(`/api/v1/services/${ids[1]}`)).status).toBe(404);
    expect((await call(`/api/v1/services/${ids[0]}`)).status).toBe(200);
    const files = await sitemapServiceFiles(publicCtx);
    const listed = (await Promise.all(Array.from({ length: files }, (_, i) => sitemapServices(publicCtx, i + 1)))).flat().map((e) => e!.path);
    expect(listed.some((p) => p.endsWith(ids[1]!))).toBe(false);
    expect(listed.some((p) => p.endsWith(ids[0]!))).toBe(true);
    expect(files).toBeLessThanOrEqual(filesBefore);

    // The vendor still sees them, as hidden, and nothing was deleted.
    const own = listingContext({ now, actor: vendorActor(vendor.id) });
    expect((await serviceDetail(own, ids[1]!))?.status).toBe("hidden");
    const dashboard = await vendorDashboard(own);
    expect(dashboard.counts).toEqual({ active: 1, archived: 0, hidden: 2 });
    expect(dashboard.services.filter((s) => s.status === "hidden").map((s) => s.id)).toEqual([ids[2], ids[1]]);

    // Idempotent: a second run changes nothing.
    await applyPlanLimits(testContext({ now }), vendor.id);
    expect(await statuses(ids)).toEqual(["active", "hidden", "hidden"]);

    // A renewal with room for two brings back the oldest hidden one; unlimited brings back all.
    await createSubscription(vendor.id, { plan: { maxActiveServices: 2 } });
    await applyPlanLimits(testContext({ now }), vendor.id);
    expect(await statuses(ids)).toEqual(["active", "active", "hidden"]);
    expect((await searchServices(publicCtx, { vendorId: vendor.id })).total).toBe(2);
    await createSubscription(vendor.id, { plan: { maxActiveServices: null } });
    await applyPlanLimits(testContext({ now }), vendor.id);
    expect(await statuses(ids)).toEqual(["active", "active", "active"]);
    expect((await serviceDetail(publicCtx, ids[2]!))?.id).toBe(ids[2]);
  });

  it("never touches archived services and keeps the vendor's own choice within the limit", async () => {
    const { vendor, ids } = await vendorWithServices(3);
    await env.DB.prepare("UPDATE services SET status = 'archived' WHERE id = ?").bind(ids[0]).run();
    await createSubscription(vendor.id, { plan: { maxActiveServices: 2 } });
    await applyPlanLimits(testContext(), vendor.id);
    expect(await statuses(ids)).toEqual(["archived", "active", "active"]);
    await env.DB.prepare("UPDATE subscriptions SET status = 'EXPIRED' WHERE vendor_id = ?").bind(vendor.id).run();
    await applyPlanLimits(testContext(), vendor.id);
    expect(await statuses(ids)).toEqual(["archived", "active", "hidden"]);
  });
});

describe("where services become active", () => {
  it("refuses a new service over the limit with 403 and a message naming it, and creates nothing", async () => {
    const vendor = await createVendor();
    const cookie = await sessionCookieFor(vendor.id);
    const first = await call("/api/v1/services", { method: "POST", cookie, body: caterer("First Kitchen") });
    expect(first.status).toBe(201);
    const second = await call("/api/v1/services", { method: "POST", cookie, body: caterer("Second Kitchen") });
    expect(second.status).toBe(403);
    const body = (await second.json()) as { message: string };
    expect(body.message).toBe("Without a plan you can keep 1 active service. Archive one or choose a plan on the Plan page.");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM services WHERE vendor_id = ?").bind(vendor.id).first<{ n: number }>())?.n).toBe(1);

    await createSubscription(vendor.id, { plan: { maxActiveServices: 2 } });
    expect((await call("/api/v1/services", { method: "POST", cookie, body: caterer("Second Kitchen") })).status).toBe(201);
    const third = await call("/api/v1/services", { method: "POST", cookie, body: caterer("Third Kitchen") });
    expect(third.status).toBe(403);
    expect(((await third.json()) as { message: string }).message).toBe(
      PLAN_LIMIT_MESSAGES.overLimit({ maxActiveServices: 2, featuredPlacement: false, analyticsDepth: "BASIC", subscribed: true }),
    );
    expect(PLAN_LIMIT_MESSAGES.overLimit({ maxActiveServices: 3, featuredPlacement: false, analyticsDepth: "BASIC", subscribed: true })).toBe(
      "Your plan allows 3 active services. Archive one or choose a bigger plan on the Plan page.",
    );
  });

  it("refuses making an archived or hidden service active at the limit, and allows it once another is archived", async () => {
    const { vendor, ids } = await vendorWithServices(2);
    const cookie = await sessionCookieFor(vendor.id);
    await env.DB.prepare("UPDATE services SET status = 'archived' WHERE id = ?").bind(ids[1]).run();
    const refused = await call(`/api/v1/services/serviceArchive/${ids[1]}`, { method: "PUT", cookie });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain("1 active service");
    expect(await statuses(ids)).toEqual(["active", "archived"]);

    // Archive the listed one: now the other may come back.
    expect((await call(`/api/v1/services/serviceArchive/${ids[0]}`, { method: "PUT", cookie })).status).toBe(200);
    expect((await call(`/api/v1/services/serviceArchive/${ids[1]}`, { method: "PUT", cookie })).status).toBe(200);
    expect(await statuses(ids)).toEqual(["archived", "active"]);
  });

  it("the Add a service page knows the limit is reached before the form is filled", async () => {
    const { vendor } = await vendorWithServices(1);
    const ctx = testContext({ actor: vendorActor(vendor.id) });
    expect(await activeServiceLimitReached(ctx, vendor.id)).toBe(
      "Without a plan you can keep 1 active service. Archive one or choose a plan on the Plan page.",
    );
    await createSubscription(vendor.id, { plan: { maxActiveServices: 2 } });
    expect(await activeServiceLimitReached(ctx, vendor.id)).toBeNull();
  });

  it("an unlimited plan allows many", async () => {
    const vendor = await createVendor();
    await giveUnlimitedPlan(vendor.id);
    const cookie = await sessionCookieFor(vendor.id);
    for (const name of ["One", "Two", "Three", "Four"])
      expect((await call("/api/v1/services", { method: "POST", cookie, body: caterer(`${name} Kitchen`) })).status).toBe(201);
  });
});

describe("featured placement", () => {
  it("ranks the services of vendors whose plan includes it first in the default order only, and stops when the plan ends", async () => {
    const city = `Featureville${crypto.randomUUID().slice(0, 8)}`;
    const plain = await createVendor();
    const gold = await createVendor();
    const best = await createService({ vendorId: plain.id, serviceName: "Five star", rating: 5, minPrice: 100, city });
    const good = await createService({ vendorId: gold.id, serviceName: "Four star", rating: 4, minPrice: 900, city });
    const now = Date.now();
    const ids = async (search: Parameters<typeof searchServices>[1]) =>
      (await searchServices(listingContext({ now }), { city, ...search })).services.map((s) => s.id);
    expect(await ids({})).toEqual([best.id, good.id]);

    const sub = await createSubscription(gold.id, { plan: { maxActiveServices: null, featuredPlacement: true } });
    await applyPlanLimits(testContext({ now }), gold.id);
    expect(await ids({})).toEqual([good.id, best.id]);
    // The list says why it comes first: the card marks it "Featured" (the search API's `featured`).
    const listed = (await searchServices(listingContext({ now }), { city })).services;
    expect(listed.map((s) => [s.id, s.featured])).toEqual([
      [good.id, true],
      [best.id, false],
    ]);
    const api = (await (await call(`/api/v1/services?city=${city}`)).json()) as { ServiceResult: { id: string; featured: boolean }[] };
    expect(api.ServiceResult.find((s) => s.id === good.id)?.featured).toBe(true);
    expect(await ids({ sort: { by: "rating", order: "desc" } })).toEqual([good.id, best.id]);
    // Other orders are the visitor's choice and stay as asked.
    expect(await ids({ sort: { by: "price", order: "asc" } })).toEqual([best.id, good.id]);
    expect(await ids({ sort: { by: "rating", order: "asc" } })).toEqual([good.id, best.id]);
    // A service the featured vendor creates now is featured at once.
    const cookie = await sessionCookieFor(gold.id);
    const created = await call("/api/v1/services", { method: "POST", cookie, body: { ...caterer("New Gold Kitchen"), city: "Jaipur" } });
    expect(created.status).toBe(201);
    const newId = ((await created.json()) as { service: { id: string } }).service.id;
    expect((await env.DB.prepare("SELECT featured FROM services WHERE id = ?").bind(newId).first<{ featured: number }>())?.featured).toBe(1);

    // The plan ends: the daily job (or a payment) applies the limits and the order is by rating again.
    await env.DB.prepare("UPDATE subscriptions SET status = 'EXPIRED' WHERE id = ?").bind(sub.id).run();
    await applyPlanLimits(testContext({ now }), gold.id);
    expect(await ids({})).toEqual([best.id, good.id]);
    expect((await searchServices(listingContext({ now }), { city })).services.every((s) => !s.featured)).toBe(true);
  });
});
