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

type ListBody = { ServiceResult: { id: string }[]; total: number; totalIsCapped: boolean; page: number; totalPages: number };

async function list(query: Record<string, string | number>) {
  const res = await call(`/api/v1/services?${new URLSearchParams(Object.entries({ ...query, state: STATE }).map(([k, v]) => [k, String(v)]))}`);
  expect(res.status).toBe(200);
  const rowsRead = Number(/rows_read=(\d+)/.exec(res.headers.get("server-timing") ?? "")?.[1]);
  return { body: (await res.json()) as ListBody, rowsRead };
}

beforeAll(async () => {
  const vendor = await createVendor({ state: STATE, city: "Alphapur" });
  const now = Date.now();
  // COUNT_CAP + EXTRA active services in one state of their own.
  await env.DB.prepare(
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?1)
     INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, status, created_at, updated_at)
     SELECT 'bound-' || ?2 || '-' || printf('%06d', i), ?3, 'Bound listing ' || i, '', 'Wedding Vendor', 'Caterers', 1000 + i, 'Per Plate', ?4, 'Alphapur', 'active', ?5 + i, ?5 + i FROM k`,
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
