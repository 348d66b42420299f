import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createWorker } from "#functions/app.ts";
import type { Env } from "#functions/env.ts";
import { INVOCATION_QUERY_BUDGET } from "#domain/core/index.ts";
import { servicePath } from "#shared/catalogue.ts";
import { countingDatabase } from "#tests/support/d1-count.ts";
import { ORIGIN, sessionCookieFor } from "#tests/support/factories.ts";
import { type OwnerIds, seedOwners } from "#tests/support/owner-seed.ts";
import { pageRequestHandler } from "#tests/support/page-build.ts";

/**
 * The heaviest requests within their D1 budgets at bench scale (issue 31). Cloudflare counts every
 * call a Worker invocation makes to D1 (50 on the Workers Free plan, 1,000 on Paid; a batch is one
 * call: docs/deploy.md). Each request below runs on the metered database the scheduled jobs use
 * (domain/core/query-budget.ts) with its route's budget: the call past the budget is refused
 * (QueryBudgetSpent), so a request that goes over fails here, naming itself. The database is at
 * bench scale: 10,000 vendors with a service each and 10,000 couples beside the owners of
 * tests/support/owner-seed.ts at size 10 (a vendor with 60 services and 200 enquiries, a couple
 * with 800 guests in 250 households over 12 functions, an admin console with many of everything).
 * The budgets are the calls measured on 2026-11-30 plus 3 (every one far under the Free plan's 45):
 * a change that adds D1 calls to one of these requests meets its budget here and must say why.
 * The home page keeps its sections in the isolate for a while: the visitor's home is measured
 * first, cold; the couple's after it reads them from the isolate.
 * The figures (calls, statements, rows read) are printed as one JSON line that `npm run bench`
 * reads (tests/bench/d1-requests.mjs) for its report.
 */
const BENCH = { vendors: 10_000, couples: 10_000 };

type Role = "visitor" | "couple" | "vendor" | "admin" | "superAdmin";
/** `cached`: the visitor's second request for the page, in the same isolate within PAGE_CACHE_VERSION_MS (the first is not counted). */
type Case = { role: Role; url: (o: OwnerIds) => string; budget: number; body?: unknown; cached?: true };

const browsePath = "/all/wedding-vendor/caterers/rajasthan/jaipur";
const servicePage = (o: OwnerIds) =>
  servicePath({ id: o.service, serviceCategory: o.serviceCategory, serviceType: o.serviceType, state: "Rajasthan", city: "Jaipur" });

/** Route, who asks, and the most D1 calls its invocation may make. */
const CASES: Case[] = [
  // The admin console: its home (the reports' counters), people, money, reports; pages and their APIs.
  { role: "admin", url: () => "/admin", budget: 8 },
  { role: "admin", url: () => "/admin?range=30", budget: 8 },
  { role: "admin", url: () => "/admin/userSearch?q=Bench", budget: 7 },
  { role: "admin", url: () => "/admin/vendorSearch?q=Bench", budget: 7 },
  { role: "admin", url: () => "/admin/transactions", budget: 8 },
  { role: "admin", url: () => "/admin/reported-enquiries", budget: 7 },
  { role: "superAdmin", url: () => "/admin/audit-log", budget: 7 },
  { role: "admin", url: () => "/api/v1/admin/general-analytics", budget: 6 },
  { role: "admin", url: () => "/api/v1/admin/user-search", body: { q: "Bench" }, budget: 5 },
  { role: "admin", url: () => "/api/v1/admin/vendor-search", body: { q: "Bench" }, budget: 5 },
  { role: "admin", url: () => "/api/v1/admin/transactions", budget: 5 },
  { role: "admin", url: () => "/api/v1/admin/reported-leads", budget: 5 },
  // The vendor's dashboard and analytics.
  { role: "vendor", url: () => "/VendorDashboard", budget: 8 },
  { role: "vendor", url: () => "/VendorDashboard/analytics?days=90", budget: 11 },
  { role: "vendor", url: () => "/VendorDashboard/enquiries", budget: 8 },
  { role: "vendor", url: () => "/api/v1/analytics/getViewData", budget: 7 },
  { role: "vendor", url: () => "/api/v1/analytics/getlead", budget: 5 },
  // The couple's guest page of an 800-guest wedding and its head-counts.
  // 6 calls before the page's reads went as one batch (functions/platform/d1-reads.ts), 4 after.
  { role: "couple", url: () => "/profile/guests", budget: 7 },
  // 5 calls before the head-counts and "not answered" opened the wedding once and read in one batch (2026-11-30), 3 after.
  { role: "couple", url: () => "/api/v1/guests/headcounts", budget: 6 },
  { role: "couple", url: () => "/api/v1/guests", budget: 6 },
  // Search, home and a service page, for a visitor and for a signed-in couple.
  { role: "visitor", url: () => "/", budget: 10 },
  // Another visitor's home page in the same isolate, the sections kept: the version its page-cache
  // key read is its only D1 call (issue 34; 2 before, the sections read the version again).
  { role: "visitor", url: () => "/?from=share", budget: 4 },
  { role: "visitor", url: () => browsePath, budget: 6 },
  { role: "visitor", url: () => "/api/v1/services?city=Jaipur&page=1", budget: 5 },
  { role: "visitor", url: servicePage, budget: 10 },
  { role: "visitor", url: (o) => `/api/v1/services/${o.service}`, budget: 4 },
  // The same pages from the page cache: the isolate holds the version of public data for
  // PAGE_CACHE_VERSION_MS (issue 34), so a cached page makes no D1 call at all (it made one, the
  // version's, before).
  { role: "visitor", url: () => "/", budget: 0, cached: true },
  { role: "visitor", url: () => browsePath, budget: 0, cached: true },
  { role: "couple", url: () => "/", budget: 9 },
  { role: "couple", url: () => browsePath, budget: 6 },
  { role: "couple", url: servicePage, budget: 15 },
];

type Measure = { key: string; budget: number; calls: number; statements: number; rowsRead: number; status: number; refused: boolean };

let owners: OwnerIds;
const cookies: Partial<Record<Role, string>> = {};

/** 10,000 vendors with a listed service each and 10,000 couples, written straight to the tables. */
async function benchScale(): Promise<void> {
  const now = Date.now();
  const n = (count: number) => `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})`;
  await env.DB.batch([
    env.DB.prepare(
      `${n(BENCH.vendors)} INSERT INTO users (id, email, user_name, role, is_verified, created_at, updated_at)
       SELECT 'bench-v-' || i, 'bench-v-' || i || '@example.com', 'Bench Vendor ' || i, 'VENDOR', 1, ?1 - i * 1000, ?1 FROM n`,
    ).bind(now),
    env.DB.prepare(
      `INSERT INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at)
       SELECT id, id, 'Bench Caterers ' || substr(id, 9), 'Rajasthan', 'Jaipur', created_at, updated_at FROM users WHERE id LIKE 'bench-v-%'`,
    ),
    env.DB.prepare(
      `INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, status, created_at, updated_at)
       SELECT 'bench-s-' || substr(user_id, 9), user_id, 'Bench Feast', 'Vegetarian thalis for weddings.', 'Wedding Vendor', 'Caterers', 900, 'Per Plate', 'Rajasthan', 'Jaipur', 'active', created_at, updated_at
       FROM vendors WHERE user_id LIKE 'bench-v-%'`,
    ),
    env.DB.prepare(
      `${n(BENCH.couples)} INSERT INTO users (id, email, user_name, role, is_verified, created_at, updated_at)
       SELECT 'bench-c-' || i, 'bench-c-' || i || '@example.com', 'Bench Couple ' || i, 'USER', 1, ?1 - i * 1000, ?1 FROM n`,
    ).bind(now),
  ]);
}

const realEnv = env as unknown as Env;

/** One request as the browser sends it, deferred work included, on a database that refuses the call past `budget`. */
async function measure(c: Case): Promise<Measure> {
  const url = c.url(owners);
  const counted = countingDatabase(realEnv.DB, c.budget);
  const meteredEnv = new Proxy(realEnv, { get: (target, key) => (key === "DB" ? counted.db : Reflect.get(target, key)) });
  // Otherwise the page cache reads its version on every request (versionMs 0): a visitor's page is measured as a miss.
  const app = createWorker(await pageRequestHandler(), { pageCache: c.cached ? {} : { versionMs: 0 } });
  if (c.cached) {
    const warm = createExecutionContext();
    await (await app.fetch(new Request(`${ORIGIN}${url}`), realEnv, warm)).arrayBuffer();
    await waitOnExecutionContext(warm);
  }
  const ctx = createExecutionContext();
  const cookie = cookies[c.role];
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const init: RequestInit =
    c.body === undefined
      ? { redirect: "manual", headers }
      : { method: "POST", redirect: "manual", headers: { ...headers, Origin: ORIGIN, "Content-Type": "application/json" }, body: JSON.stringify(c.body) };
  const res = await app.fetch(new Request(`${ORIGIN}${url}`, init), meteredEnv, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx).catch(() => undefined);
  return {
    key: `${c.role} ${c.body === undefined ? "GET" : "POST"} ${url.replace(owners.tag, "R")}${c.cached ? " (cached)" : ""}`,
    budget: c.budget,
    calls: counted.count.calls,
    statements: counted.count.statements,
    rowsRead: counted.count.rowsRead,
    status: res.status,
    refused: counted.count.refused > 0,
  };
}

describe(`the heaviest requests at bench scale (${BENCH.vendors.toLocaleString("en-IN")} vendors, ${BENCH.couples.toLocaleString("en-IN")} couples, an 800-guest wedding)`, () => {
  beforeAll(async () => {
    owners = await seedOwners(10);
    await benchScale();
    cookies.couple = await sessionCookieFor(owners.couple);
    cookies.vendor = await sessionCookieFor(owners.vendor);
    cookies.admin = await sessionCookieFor(owners.admin);
    cookies.superAdmin = await sessionCookieFor(owners.superAdmin);
  }, 300_000);

  it("each stays within its D1 budget (the call past it is refused), every budget under the Free plan's 45", { timeout: 300_000 }, async () => {
    const measures: Measure[] = [];
    for (const c of CASES) measures.push(await measure(c));
    console.log(
      measures
        .map(
          (m) =>
            `${String(m.calls).padStart(3)}/${String(m.budget).padEnd(3)} calls ${String(m.statements).padStart(4)} statements ${String(m.rowsRead).padStart(7)} rows read  ${m.status}  ${m.key}`,
        )
        .join("\n"),
    );
    // One line for the bench's report (tests/bench/d1-requests.mjs).
    console.log(JSON.stringify({ d1PerRequest: { scale: BENCH, guests: 800, measures } }));
    for (const c of CASES) expect(c.budget).toBeLessThanOrEqual(INVOCATION_QUERY_BUDGET);
    expect(measures.filter((m) => m.refused).map((m) => `${m.key}: over its ${m.budget} D1 calls`)).toEqual([]);
    expect(measures.filter((m) => m.status !== 200).map((m) => `${m.key}: ${m.status}`)).toEqual([]);
  });
});
