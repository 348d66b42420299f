import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { carousel, HOME_SECTIONS_MAX_AGE_MS, homeSections } from "#domain/home-page.ts";
import { createService, createUser, createVendor } from "#tests/support/factories.ts";
import { testContext } from "#tests/support/context.ts";

/** A D1 that counts the statements it is asked to run (first/all/run and each statement of a batch). */
function countingDb() {
  let statements = 0;
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, key) {
        if (key === "bind") return (...args: unknown[]) => wrap(target.bind(...args));
        if (key === "first" || key === "all" || key === "run" || key === "raw")
          return (...args: unknown[]) => {
            statements++;
            return (target[key] as (...a: unknown[]) => unknown)(...args);
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  const db = {
    prepare: (sql: string) => wrap(env.DB.prepare(sql)),
    batch(stmts: D1PreparedStatement[]) {
      statements += stmts.length;
      return env.DB.batch(stmts);
    },
  } as unknown as D1Database;
  return { db, count: () => statements };
}

describe("the home page's shared sections", () => {
  it("are computed once per change of public data: later requests read only the version", async () => {
    const { db, count } = countingDb();
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
