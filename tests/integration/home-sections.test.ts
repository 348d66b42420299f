import { env } from "cloudflare:workers";
import { timedDatabase } from "#platform/d1-timing.ts";
import { readPageCacheVersion } from "#platform/page-cache.ts";
import { describe, expect, it } from "vitest";
import { carousel, heroAnalytics, HOME_SECTIONS_MAX_AGE_MS, homeSections, PLACES_WITH_SERVICES_SQL, serviceLocations } from "#domain/catalogue/index.ts";
import { createService, createUser, createVendor } from "#tests/support/factories.ts";
import { testContext } from "#tests/support/context.ts";

describe("the home page's shared sections", () => {
  it("are computed once per change of public data: later requests read only the version", async () => {
    // The request's timed D1 counts the statements run.
    const { db, timing } = timedDatabase(env.DB);
    const count = () => timing().statements;
    const now = Date.now();
    const first = await homeSections({ ...testContext({ now }), db });
    const computed = count();
    expect(computed).toBeGreaterThan(2);
    const again = await homeSections({ ...testContext({ now: now + 1000 }), db });
    expect(again).toBe(first);
    expect(count() - computed).toBe(1); // the version

    // A new listing is a write the home page shows: the next request computes again and has it.
    const vendor = await createVendor();
    await createService({ vendorId: vendor.id, serviceName: "Freshly Listed Caterers", serviceType: "Caterers" });
    const after = await homeSections({ ...testContext({ now: now + 2000 }), db });
    expect(after).not.toBe(first);
    expect(after.counters.activeServices).toBe(first.counters.activeServices + 1);
  });

  it("count active services, verified vendors and verified couples as the tables hold them, after every kind of write", async () => {
    const counted = async () => {
      const row = await env.DB.prepare(
        `SELECT (SELECT count(*) FROM users WHERE role = 'USER' AND is_verified = 1) AS verifiedUsers,
           (SELECT count(*) FROM vendors WHERE is_verified = 1) AS verifiedVendors,
           (SELECT count(*) FROM services WHERE status = 'active') AS activeServices`,
      ).first<{ verifiedUsers: number; verifiedVendors: number; activeServices: number }>();
      return row!;
    };
    const before = await heroAnalytics(testContext());
    expect(before).toEqual(await counted());
    const vendor = await createVendor();
    const active = await createService({ vendorId: vendor.id });
    const archived = await createService({ vendorId: vendor.id, status: "archived" });
    const couple = await createUser({ role: "USER", isVerified: true });
    await createUser({ role: "USER", isVerified: false });
    const writes = [
      ["UPDATE vendors SET is_verified = 1 WHERE user_id = ?", vendor.id],
      ["UPDATE services SET status = 'archived' WHERE id = ?", active.id],
      ["UPDATE services SET status = 'active' WHERE id = ?", archived.id],
      ["UPDATE services SET status = 'hidden' WHERE id = ?", archived.id],
      ["UPDATE services SET status = 'active' WHERE id = ?", active.id],
      ["UPDATE users SET role = 'VENDOR' WHERE id = ?", couple.id],
      ["UPDATE users SET role = 'USER', is_verified = 0 WHERE id = ?", couple.id],
      ["UPDATE users SET is_verified = 1 WHERE id = ?", couple.id],
      ["DELETE FROM services WHERE id = ?", active.id],
      ["DELETE FROM users WHERE id = ?", couple.id],
      // The vendor's account: its vendor row and its services go by cascade.
      ["DELETE FROM users WHERE id = ?", vendor.id],
    ] as const;
    for (const [sql, id] of writes) {
      await env.DB.prepare(sql).bind(id).run();
      expect(await heroAnalytics(testContext()), sql).toEqual(await counted());
    }
    expect(await heroAnalytics(testContext())).toEqual(before);
  });

  it("name every state and city with an active service once, as a grouping would, one index seek a place", async () => {
    const vendor = await createVendor();
    const places = [
      ["Assam", "Guwahati", "active"],
      ["Assam", "guwahati", "active"], // the same city in another case: one place
      ["Assam", "Jorhat", "archived"], // no active service: not a place
      ["Bihar", "Patna", "active"],
      ["Bihar", "Gaya", "active"],
      ["Zeta State", "Last City", "active"],
    ] as const;
    for (const [state, city, status] of places) await createService({ vendorId: vendor.id, state, city, status });
    const grouped = (
      await env.DB.prepare("SELECT state, city FROM services WHERE status = 'active' GROUP BY state, city ORDER BY state, city").all<{
        state: string;
        city: string;
      }>()
    ).results;
    const expected: Record<string, string[]> = {};
    for (const r of grouped) (expected[r.state] ??= []).push(r.city);
    const found = await serviceLocations(testContext(), true);
    expect(found).toEqual(expected);
    expect(found.Assam?.map((c) => c.toLowerCase())).toEqual(["guwahati"]);
    expect(found.Bihar).toEqual(["Gaya", "Patna"]);
    const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${PLACES_WITH_SERVICES_SQL}`).all<{ detail: string }>()).results.map((r) => r.detail);
    expect(plan.some((line) => /status=\? AND state=\? AND city>\?/.test(line))).toBe(true);
    expect(plan.filter((line) => /^SCAN s\b|^SCAN services\b/.test(line))).toEqual([]);
  });

  it("answer a visitor's page with no D1 call when they are of the version its page-cache key holds", async () => {
    const now = Date.now() + 30_000;
    const first = await homeSections(testContext({ now }));
    const version = (await readPageCacheVersion(env.DB))!;
    const { db, timing } = timedDatabase(env.DB);
    expect(await homeSections({ ...testContext({ now: now + 1000 }), db, publicDataVersion: version })).toBe(first);
    expect(timing().statements).toBe(0);
  });

  it("are kept under the version their own database answered, never under a newer one the page cache saw (a read replica behind)", async () => {
    const now = Date.now() + 40_000;
    const older = (await readPageCacheVersion(env.DB))!;
    // This request's D1 session answers the version before the one the page cache read from the primary.
    const lagging = new Proxy(env.DB, {
      get: (target, key) =>
        key === "prepare"
          ? (sql: string) => target.prepare(/page_cache_version/.test(sql) ? `SELECT ${older} AS version` : sql)
          : Reflect.get(target, key, target),
    });
    const first = await homeSections({ ...testContext({ now }), db: lagging, publicDataVersion: older + 1 });
    // The next visitor of the newer version does not take them as that version's: it reads the version first.
    const { db, timing } = timedDatabase(env.DB);
    expect(await homeSections({ ...testContext({ now: now + 1000 }), db, publicDataVersion: older + 1 })).toBe(first);
    expect(timing().statements).toBe(1);
  });

  it("are computed again after HOME_SECTIONS_MAX_AGE_MS even without a write (sign-ups change the counters)", async () => {
    const now = Date.now() + 10_000;
    const first = await homeSections(testContext({ now }));
    await createUser({ isVerified: true });
    expect(await homeSections(testContext({ now: now + 1000 }))).toBe(first);
    const later = await homeSections(testContext({ now: now + HOME_SECTIONS_MAX_AGE_MS }));
    expect(later).not.toBe(first);
    expect(later.counters.verifiedUsers).toBe(first.counters.verifiedUsers + 1);
  });

  it("give a carousel's whole list by key, and nothing for an unknown key", async () => {
    const vendor = await createVendor();
    await createService({ vendorId: vendor.id, serviceType: "Wedding DJ" });
    const ctx = testContext({ now: Date.now() + 20_000 });
    const dj = await carousel(ctx, "wedding-dj");
    expect(dj!.length).toBeGreaterThan(0);
    expect(dj!.every((card) => card.service_type === "Wedding DJ")).toBe(true);
    expect(Object.keys(dj![0]!)).not.toContain("view_count");
    expect(await carousel(ctx, "nope")).toBeNull();
  });
});
