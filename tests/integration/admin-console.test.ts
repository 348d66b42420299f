import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { generalAnalytics } from "#domain/admin/index.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, createService, createUser, createVendor, signedIn } from "#tests/support/factories.ts";

/**
 * The admin console (issue 14): GET /admin/general-analytics and the three searches. Each test
 * names its records with a word of its own, so other tests' rows never interfere.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
let n = 0;
const word = () => `zq${Date.now().toString(36)}${(n++).toString(36)}`;
const post = async (path: string, body: unknown, cookie?: string) => json(await call(`/api/v1/admin/${path}`, { method: "POST", body, cookie }));

describe("GET /admin/general-analytics", () => {
  it("counts sign-ups, enquiries, bookings and revenue per bucket of the range, and subcategories of active services", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const now = Date.UTC(2030, 5, 15, 6, 0);
    const ctx = testContext({ actor: actorOf(admin.id, "ADMIN"), now });
    const before = await generalAnalytics(ctx, { range: "30d" });
    const buyer = await createUser();
    const day = (d: number) => now - d * 86_400_000;
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(day(2), buyer.id),
      env.DB.prepare(
        "INSERT INTO payments (id, user_id, purpose, amount, currency, status, gateway_order_id, created_at, updated_at) VALUES (?, ?, 'TEMPLATE', 499, 'INR', 'SUCCESS', ?, ?, ?)",
      ).bind(`pay-${word()}`, buyer.id, `order_${word()}`, day(1), day(1)),
    ]);
    const after = await generalAnalytics(ctx, { range: "30d" });
    expect(after.series).toHaveLength(30);
    expect(after.series.at(-1)?.bucket).toBe("2030-06-15");
    expect(after.totals.signups - before.totals.signups).toBe(1);
    expect(after.totals.revenue - before.totals.revenue).toBe(499);
    const point = after.series.find((p) => p.bucket === "2030-06-14");
    expect(point?.revenue).toBeGreaterThanOrEqual(499);
    const months = await generalAnalytics(ctx, { range: "12m" });
    expect(months.bucket).toBe("month");
    expect(months.series.at(-1)?.bucket).toBe("2030-06");
    expect(typeof after.verifiedVendors).toBe("number");
  });

  it("lists services, views and leads per subcategory of active services only", async () => {
    const admin = await signedIn("ADMIN");
    const vendor = await createVendor();
    const type = `Type ${word()}`;
    const a = await createService({ vendorId: vendor.id, serviceType: type });
    await createService({ vendorId: vendor.id, serviceType: type });
    const archived = await createService({ vendorId: vendor.id, serviceType: type });
    await env.DB.batch([
      env.DB.prepare("UPDATE services SET view_count = 10, lead_count = 2 WHERE id = ?").bind(a.id),
      env.DB.prepare("UPDATE services SET status = 'archived', view_count = 100 WHERE id = ?").bind(archived.id),
    ]);
    const res = await json(await call("/api/v1/admin/general-analytics?range=90d", { cookie: admin.cookie }));
    expect(res.status).toBe(200);
    expect(res.body.subcategories.find((s: Loose) => s.serviceType === type)).toEqual({ serviceType: type, services: 2, views: 10, leads: 2 });
    expect(res.body.bucket).toBe("week");
    expect((await call("/api/v1/admin/general-analytics?range=7y", { cookie: admin.cookie })).status).toBe(400);
  });

  it("is for admins only", async () => {
    for (const role of ["USER", "VENDOR"] as const)
      expect((await call("/api/v1/admin/general-analytics", { cookie: (await signedIn(role)).cookie })).status).toBe(403);
    expect((await call("/api/v1/admin/general-analytics")).status).toBe(401);
  });
});

describe("the admin searches", () => {
  it("finds vendors by name, e-mail or city and verification", async () => {
    const admin = await signedIn("ADMIN");
    const w = word();
    const vendor = await createVendor({ businessName: `Marigold ${w} Caterers`, city: "Udaipur" });
    await createVendor({ businessName: `Other ${w} Decor`, city: "Jaipur" });
    expect((await post("vendor-search", { q: `marigold ${w}` }, admin.cookie)).body.rows.map((r: Loose) => r.id)).toEqual([vendor.id]);
    expect((await post("vendor-search", { q: w, city: "udaipur" }, admin.cookie)).body.rows.map((r: Loose) => r.id)).toEqual([vendor.id]);
    expect((await post("vendor-search", { q: vendor.email }, admin.cookie)).body.rows).toHaveLength(1);
    expect((await post("vendor-search", { q: w, verified: "yes" }, admin.cookie)).body.rows).toEqual([]);
  });

  it("finds services of any status, by name, status, subcategory and vendor, with pages", async () => {
    const admin = await signedIn("ADMIN");
    const vendor = await createVendor();
    const w = word();
    const s1 = await createService({ vendorId: vendor.id, serviceName: `Lakeside ${w} Lawn` });
    const s2 = await createService({ vendorId: vendor.id, serviceName: `Hilltop ${w} Lawn` });
    await env.DB.prepare("UPDATE services SET status = 'archived' WHERE id = ?").bind(s2.id).run();
    expect((await post("service-search", { q: w, status: "archived" }, admin.cookie)).body.rows.map((r: Loose) => r.id)).toEqual([s2.id]);
    const first = await post("service-search", { q: w, vendorId: vendor.id, limit: 1 }, admin.cookie);
    expect(first.body).toMatchObject({ page: 1, more: true });
    const second = await post("service-search", { q: w, vendorId: vendor.id, limit: 1, page: 2 }, admin.cookie);
    expect(new Set([...first.body.rows, ...second.body.rows].map((r: Loose) => r.id))).toEqual(new Set([s1.id, s2.id]));
    expect((await post("service-search", { q: s1.id }, admin.cookie)).body.rows.map((r: Loose) => r.id)).toEqual([s1.id]);
  });

  it("lists services of every status newest first, and its pages follow that one order", async () => {
    const admin = await signedIn("ADMIN");
    const vendor = await createVendor();
    const w = word();
    // Eight services, their statuses mixed, created a minute apart (the newest is the last made). The
    // newest five are active: a search that merges one list per status must read past a page's rows in one.
    const statuses = ["archived", "hidden", "archived", "active", "active", "active", "active", "active"] as const;
    const made: string[] = [];
    for (const [i, status] of statuses.entries()) {
      const service = await createService({ vendorId: vendor.id, serviceName: `Courtyard ${w} ${i}` });
      await env.DB.prepare("UPDATE services SET status = ?, created_at = ? WHERE id = ?")
        .bind(status, 1_700_000_000_000 + i * 60_000, service.id)
        .run();
      made.push(service.id);
    }
    const newestFirst = [...made].reverse();
    const all = await post("service-search", { q: w }, admin.cookie);
    expect(all.body.rows.map((r: Loose) => r.id)).toEqual(newestFirst);
    expect(all.body.rows.map((r: Loose) => r.status)).toEqual([...statuses].reverse());
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await post("service-search", { q: w, limit: 2, page }, admin.cookie);
      expect(res.body.more).toBe(page < 4);
      pages.push(...res.body.rows.map((r: Loose) => r.id));
    }
    expect(pages).toEqual(newestFirst);
    expect((await post("service-search", { q: w, status: "archived" }, admin.cookie)).body.rows.map((r: Loose) => r.id)).toEqual([made[2], made[0]]);
  });

  it("finds accounts by e-mail and role; long queries are fine and odd bodies are a 400 naming the field", async () => {
    const admin = await signedIn("ADMIN");
    const user = await createUser({ userName: `Neha ${word()}` });
    expect((await post("user-search", { q: user.email.toUpperCase() }, admin.cookie)).body.rows.map((r: Loose) => r.id)).toEqual([user.id]);
    expect((await post("user-search", { q: user.email, role: "VENDOR" }, admin.cookie)).body.rows).toEqual([]);
    expect((await post("user-search", { q: "x".repeat(100) }, admin.cookie)).status).toBe(200);
    const bad = await post("user-search", { q: ["a"], role: "KING", page: 0 }, admin.cookie);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["page", "q", "role"]);
    expect((await post("user-search", { q: "a", admin: true }, admin.cookie)).status).toBe(400);
    expect((await post("user-search", { q: "a" }, (await signedIn("USER")).cookie)).status).toBe(403);
  });
});
