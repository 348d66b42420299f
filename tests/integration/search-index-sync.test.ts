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

async function found(query: Record<string, string>): Promise<string[]> {
  const res = await call(`/api/v1/services?${new URLSearchParams({ ...query, state: STATE })}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { ServiceResult: { id: string }[] }).ServiceResult.map((s) => s.id).sort();
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

  it("keeps no second copy of the listings' text", async () => {
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'services_fts%' ORDER BY name").all<{ name: string }>();
    expect(tables.results.map((t) => t.name)).not.toContain("services_fts_content");
  });
});
