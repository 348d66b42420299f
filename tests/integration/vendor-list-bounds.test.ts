import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createVendor, sessionCookieFor } from "#tests/support/factories.ts";

/**
 * A vendor's own list (GET /services?vendorId=, and the vendor page's list through the same
 * search) reads that vendor's services, not every active service (issue 34,
 * docs/decisions/0051-a-million-listings.md): before, each sort order walked its index over all
 * active services and read every row to test its vendor.
 */

const run = Math.random().toString(36).slice(2, 8);
const CROWD = 3000;
/** The small vendor's services: 7 active (ties on rating, review count, price, views and time, one featured) and 2 archived. */
const OWN_ACTIVE = 7;
const LIMIT = 4;

type ListBody = { ServiceResult: { id: string }[]; total: number; totalPages: number };

async function list(query: Record<string, string | number>, cookie?: string) {
  const res = await call(`/api/v1/services?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { cookie });
  expect(res.status).toBe(200);
  const rowsRead = Number(/rows_read=(\d+)/.exec(res.headers.get("server-timing") ?? "")?.[1]);
  return { body: (await res.json()) as ListBody, rowsRead };
}

let small = "";

beforeAll(async () => {
  const crowd = await createVendor();
  const own = await createVendor();
  small = own.id;
  const now = Date.now();
  // Another vendor's CROWD services (one in ten archived), their ratings, prices, views and times
  // spread over the small vendor's, so no sort order finds the small vendor's services first.
  const insert = `INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, status,
       rating, review_count, view_count, featured, created_at, updated_at)`;
  await env.DB.prepare(
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?1)
     ${insert}
     SELECT 'crowd-' || ?2 || '-' || printf('%06d', i), ?3, 'Crowd listing ' || i, '', 'Wedding Vendor', 'Caterers', 1000 + i * 7 % 5000, 'Per Plate', 'Rajasthan', 'Jaipur',
       CASE WHEN i % 10 = 0 THEN 'archived' ELSE 'active' END, (i * 7 % 41) / 10.0, i % 5, i * 13 % 900, i % 53 = 0, ?4 + i, ?4 + i FROM k`,
  )
    .bind(CROWD, run, crowd.id, now)
    .run();
  await env.DB.prepare(
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 9)
     ${insert}
     SELECT 'own-' || ?1 || '-' || i, ?2, 'Own listing ' || i, '', 'Wedding Vendor', 'Caterers', 2000 + i % 3 * 500, 'Per Plate', 'Rajasthan', 'Jaipur',
       CASE WHEN i > 7 THEN 'archived' ELSE 'active' END, 2 + i % 3 * 0.5, i % 2, 300 + i % 2 * 100, i = 4, ?3 + 1000 * (i % 4), ?3 FROM k`,
  )
    .bind(run, own.id, now)
    .run();
}, 120_000);

/** Each order the API offers, as SQL's own ORDER BY over the services table. */
const ORDERS: [string, string, string][] = [
  ["rating", "desc", "featured DESC, rating DESC, review_count DESC, id DESC"],
  ["rating", "asc", "rating, review_count, id"],
  ["price", "desc", "min_price DESC, id DESC"],
  ["price", "asc", "min_price, id"],
  ["views", "desc", "view_count DESC, id DESC"],
  ["views", "asc", "view_count, id"],
  ["newest", "desc", "created_at DESC, id DESC"],
  ["newest", "asc", "created_at, id"],
];

describe("a vendor's own list", () => {
  it("lists the vendor's active services in every order, page by page, reading about their own rows, not every active service", async () => {
    for (const [by, order, sql] of ORDERS) {
      const expected = (
        await env.DB.prepare(`SELECT id FROM services WHERE vendor_id = ? AND status = 'active' ORDER BY ${sql}`).bind(small).all<{ id: string }>()
      ).results.map((r) => r.id);
      expect(expected).toHaveLength(OWN_ACTIVE);
      // Pages 1 and 2 (4 and 3 services) and 3, past the end.
      for (const page of [1, 2, 3]) {
        const { body, rowsRead } = await list({ vendorId: small, sort_by: by, sort_order: order, limit: LIMIT, page });
        expect(
          body.ServiceResult.map((s) => s.id),
          `${by} ${order} page ${page}`,
        ).toEqual(expected.slice((page - 1) * LIMIT, page * LIMIT));
        expect(body).toMatchObject({ total: OWN_ACTIVE, totalPages: 2 });
        // The list reads the vendor's index entries and rows (the archived ones included) and its
        // vendor, a later page its own rows again, the count the vendor index: 25 rows for pages 1
        // and 3, 33 for page 2. Walking the sort's index instead read up to every one of the 2,707
        // active services (1,079 rows for page 1 by rating, best first).
        expect(rowsRead, `${by} ${order} page ${page}`).toBeLessThanOrEqual(40);
      }
    }
  });

  it("lists the vendor's archived services to that vendor, newest first, reading about their own rows", async () => {
    const expected = (
      await env.DB.prepare("SELECT id FROM services WHERE vendor_id = ? AND status = 'archived' ORDER BY created_at DESC, id DESC")
        .bind(small)
        .all<{ id: string }>()
    ).results.map((r) => r.id);
    expect(expected).toHaveLength(2);
    const { body, rowsRead } = await list({ vendorId: small, status: "archived", sort_by: "newest" }, await sessionCookieFor(small));
    expect(body.ServiceResult.map((s) => s.id)).toEqual(expected);
    expect(body.total).toBe(2);
    // 14 rows, not the 302 archived services (306 before).
    expect(rowsRead).toBeLessThanOrEqual(40);
  });
});
