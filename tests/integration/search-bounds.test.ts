import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { COUNT_CAP } from "#shared/service-filters.ts";
import { call, createVendor } from "#tests/support/factories.ts";

/**
 * A search reads a bounded number of rows whatever page is asked for (issue 34): the total stops
 * at COUNT_CAP, and so does the list, so a page that starts past the first COUNT_CAP matches is
 * empty instead of walking an index to an offset of up to 999,900 rows.
 */

const run = Math.random().toString(36).slice(2, 8);
const STATE = `Boundland ${run}`;
const EXTRA = 30;

type ListBody = { ServiceResult: { id: string; featured: boolean }[]; total: number; totalIsCapped: boolean; page: number; totalPages: number };

async function list(query: Record<string, string | number>) {
  const res = await call(`/api/v1/services?${new URLSearchParams(Object.entries({ ...query, state: STATE }).map(([k, v]) => [k, String(v)]))}`);
  expect(res.status).toBe(200);
  const rowsRead = Number(/rows_read=(\d+)/.exec(res.headers.get("server-timing") ?? "")?.[1]);
  return { body: (await res.json()) as ListBody, rowsRead };
}

beforeAll(async () => {
  const vendor = await createVendor({ state: STATE, city: "Alphapur" });
  const now = Date.now();
  // COUNT_CAP + EXTRA active services in one state of their own, with ratings, review counts and
  // featured placement spread over them (ties on rating and on review count, one in 53 featured).
  await env.DB.prepare(
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?1)
     INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, status,
       rating, review_count, featured, created_at, updated_at)
     SELECT 'bound-' || ?2 || '-' || printf('%06d', i), ?3, 'Bound listing ' || i, '', 'Wedding Vendor', 'Caterers', 1000 + i, 'Per Plate', ?4, 'Alphapur', 'active',
       (i * 7 % 41) / 10.0, i % 5, i % 53 = 0, ?5 + i, ?5 + i FROM k`,
  )
    .bind(COUNT_CAP + EXTRA, run, vendor.id, STATE, now)
    .run();
}, 120_000);

describe("a search's pages beyond the counted matches", () => {
  it("lists the last counted page, and answers a page past the cap with an empty list, the capped total and few rows read", async () => {
    const lastCounted = await list({ limit: 100, page: COUNT_CAP / 100, sort_by: "newest" });
    expect(lastCounted.body).toMatchObject({ total: COUNT_CAP, totalIsCapped: true, totalPages: COUNT_CAP / 100 });
    expect(lastCounted.body.ServiceResult).toHaveLength(100);

    // The 30 matches past the cap are not listed: the API's own total and page count end before them.
    const past = await list({ limit: 100, page: COUNT_CAP / 100 + 1, sort_by: "newest" });
    expect(past.body.ServiceResult).toEqual([]);
    expect(past.body).toMatchObject({ total: COUNT_CAP, totalIsCapped: true });

    // The furthest page the API accepts reads no more than the count does.
    const furthest = await list({ limit: 100, page: 10_000 });
    expect(furthest.body.ServiceResult).toEqual([]);
    expect(furthest.rowsRead).toBeLessThanOrEqual(COUNT_CAP + 1 + 100);
  });
});

describe("rating, lowest first", () => {
  it("merges the featured and the other listings in rating order and reads about the pages and the count, not every match", async () => {
    // The order the API promises: rating, then review count, then id, all lowest first; featured placement plays no part.
    const expected = (
      await env.DB.prepare("SELECT id FROM services WHERE state = ? AND status = 'active' ORDER BY rating, review_count, id").bind(STATE).all<{ id: string }>()
    ).results.map((r) => r.id);
    expect(expected).toHaveLength(COUNT_CAP + EXTRA);
    let featuredListed = 0;
    for (const page of [1, 2, 40]) {
      const { body, rowsRead } = await list({ city: "Alphapur", sort_by: "rating", sort_order: "asc", limit: 100, page });
      expect(body.ServiceResult.map((s) => s.id)).toEqual(expected.slice((page - 1) * 100, page * 100));
      featuredListed += body.ServiceResult.filter((s) => s.featured).length;
      expect(body).toMatchObject({ total: COUNT_CAP, totalIsCapped: true });
      // The count stops at COUNT_CAP + 1; the list reads the index up to its page's end and the
      // page's own rows and vendors (10,203 rows for page 1, 14,302 for page 40). Sorting every
      // match instead read 30,361-40,091 (the rating indexes without `featured` gone, the search unchanged).
      expect(rowsRead).toBeLessThanOrEqual(COUNT_CAP + 1 + page * 100 + 400);
    }
    // Featured listings fall among the others on these pages (4 of the 300): the two halves were merged.
    expect(featuredListed).toBeGreaterThan(0);
  });
});
