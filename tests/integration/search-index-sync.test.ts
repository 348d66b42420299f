import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createService, createVendor } from "#tests/support/factories.ts";

/**
 * The full-text index follows every write that changes what a search finds (migrations/0138: the
 * index keeps no copy of the text, so a row can only be deleted by its key and inserted again; a
 * vendor's new name replaces that vendor's rows). What a client of GET /api/v1/services sees.
 */

const run = Math.random().toString(36).slice(2, 8);
const STATE = `Syncland ${run}`;

async function listed(query: Record<string, string>): Promise<string[]> {
  const res = await call(`/api/v1/services?${new URLSearchParams({ ...query, state: STATE })}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { ServiceResult: { id: string }[] }).ServiceResult.map((s) => s.id);
}

async function found(query: Record<string, string>): Promise<string[]> {
  return (await listed(query)).sort();
}

describe("the search index after writes", () => {
  it("finds a service by its new name and its vendor's new name, never by the old ones, and forgets a deleted one", async () => {
    const vendor = await createVendor({ businessName: `Qoppa Feasts ${run}`, state: STATE, city: "Alphapur" });
    const other = await createVendor({ businessName: `Qoppa Sweets ${run}`, state: STATE, city: "Alphapur" });
    const a = await createService({ vendorId: vendor.id, serviceName: `Zephyr thali ${run}`, state: STATE, city: "Alphapur" });
    const b = await createService({ vendorId: vendor.id, serviceName: `Quince buffet ${run}`, state: STATE, city: "Alphapur" });
    const c = await createService({ vendorId: other.id, serviceName: `Zephyr mithai ${run}`, state: STATE, city: "Alphapur" });
    expect(await found({ q: "zephyr" })).toEqual([a.id, c.id].sort());
    expect(await found({ vendor_name: "qoppa feasts" })).toEqual([a.id, b.id].sort());

    await env.DB.prepare("UPDATE services SET service_name = ? WHERE id = ?").bind(`Xylo thali ${run}`, a.id).run();
    expect(await found({ q: "zephyr" })).toEqual([c.id]);
    expect(await found({ q: "xylo thali" })).toEqual([a.id]);

    await env.DB.prepare("UPDATE vendors SET business_name = ? WHERE user_id = ?").bind(`Vireo Kitchens ${run}`, vendor.id).run();
    expect(await found({ vendor_name: "qoppa feasts" })).toEqual([]);
    expect(await found({ vendor_name: "vireo kitchens" })).toEqual([a.id, b.id].sort());
    // The free text covers the vendor's name too, and the rename touched only that vendor's rows.
    expect(await found({ q: "vireo" })).toEqual([a.id, b.id].sort());
    expect(await found({ q: "xylo" })).toEqual([a.id]);
    expect(await found({ vendor_name: "qoppa sweets", q: "zephyr" })).toEqual([c.id]);

    await env.DB.prepare("DELETE FROM services WHERE id = ?").bind(b.id).run();
    expect(await found({ q: "vireo" })).toEqual([a.id]);
    expect(await found({ q: "quince" })).toEqual([]);
  });

  // A text search filters and sorts its matches on their search keys (migrations/0163), which copy
  // the listing's status, rating, price, views and date and its vendor's reply time: each change
  // must show in the next search's filter and order.
  it("filters and sorts text matches by what each listing and its vendor are now", async () => {
    const word = `Omicron${run}`;
    const quick = await createVendor({ businessName: `Tau Caterers ${run}`, state: STATE, city: "Betapur" });
    const slow = await createVendor({ businessName: `Upsilon Caterers ${run}`, state: STATE, city: "Betapur" });
    const a = await createService({ vendorId: quick.id, serviceName: `${word} thali`, state: STATE, city: "Betapur", rating: 4, minPrice: 800 });
    const b = await createService({ vendorId: slow.id, serviceName: `${word} buffet`, state: STATE, city: "Betapur", rating: 4.5, minPrice: 1200 });
    const c = await createService({ vendorId: slow.id, serviceName: `${word} mithai`, state: STATE, city: "Betapur", rating: 3, minPrice: 500 });
    expect(await listed({ q: word })).toEqual([b.id, a.id, c.id]);

    await env.DB.prepare("UPDATE services SET rating = 5, review_count = 3 WHERE id = ?").bind(c.id).run();
    expect(await listed({ q: word })).toEqual([c.id, b.id, a.id]);
    expect(await listed({ q: word, rating: "4.5" })).toEqual([c.id, b.id]);

    // Equally rated: the vendor who replies within a day ranks first.
    await env.DB.prepare("UPDATE services SET rating = 4.5, review_count = 0 WHERE id IN (?, ?, ?)").bind(a.id, b.id, c.id).run();
    await env.DB.prepare("UPDATE vendors SET reply_minutes_median = 30 WHERE user_id = ?").bind(quick.id).run();
    expect((await listed({ q: word }))[0]).toBe(a.id);
    await env.DB.prepare("UPDATE vendors SET reply_minutes_median = NULL WHERE user_id = ?").bind(quick.id).run();
    await env.DB.prepare("UPDATE vendors SET reply_minutes_median = 20 WHERE user_id = ?").bind(slow.id).run();
    expect((await listed({ q: word }))[2]).toBe(a.id);

    await env.DB.prepare("UPDATE services SET view_count = 90 WHERE id = ?").bind(a.id).run();
    await env.DB.prepare("UPDATE services SET view_count = 40 WHERE id = ?").bind(c.id).run();
    expect(await listed({ q: word, sort_by: "views" })).toEqual([a.id, c.id, b.id]);
    await env.DB.prepare("UPDATE services SET min_price = 3000 WHERE id = ?").bind(c.id).run();
    expect(await listed({ q: word, sort_by: "price", sort_order: "asc" })).toEqual([a.id, b.id, c.id]);
    expect(await listed({ q: word, maxPrice: "2000" })).toHaveLength(2);
    await env.DB.prepare("UPDATE services SET created_at = 1 WHERE id = ?").bind(b.id).run();
    expect((await listed({ q: word, sort_by: "newest" }))[2]).toBe(b.id);

    await env.DB.prepare("UPDATE services SET status = 'archived' WHERE id = ?").bind(a.id).run();
    expect(await found({ q: word })).toEqual([b.id, c.id].sort());
    await env.DB.prepare("UPDATE services SET city = 'Gammapur' WHERE id = ?").bind(c.id).run();
    expect(await found({ q: word, city: "Gammapur" })).toEqual([c.id]);
  });

  it("keeps no second copy of the listings' text", async () => {
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'services_fts%' ORDER BY name").all<{ name: string }>();
    expect(tables.results.map((t) => t.name)).not.toContain("services_fts_content");
  });
});
