import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TERMS_PER_WORD } from "#domain/catalogue/index.ts";
import { call, createService, createVendor } from "#tests/support/factories.ts";

/**
 * A typed word matches the index's own terms that start with it, the most used first, read from
 * search_terms (migrations/0167, functions/domain/catalogue/search-match.ts), instead of an FTS5
 * prefix term. What a client of GET /api/v1/services sees, and the table the triggers keep.
 */

const run = Math.random()
  .toString(36)
  .replace(/[^a-z]/g, "")
  .slice(0, 6)
  .padEnd(6, "q");
const STATE = `Termland ${run}`;

async function found(query: Record<string, string>): Promise<string[]> {
  const res = await call(`/api/v1/services?${new URLSearchParams({ ...query, state: STATE, limit: "50" })}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { ServiceResult: { id: string }[] }).ServiceResult.map((s) => s.id).sort();
}

/** The table against the index itself: each term with the (listing, field) pairs that use it. */
async function termsDifferingFromTheIndex(): Promise<unknown[]> {
  const sql = `SELECT term, uses FROM search_terms EXCEPT SELECT term, sum(doc) FROM services_fts_vocab GROUP BY term`;
  const back = `SELECT term, sum(doc) FROM services_fts_vocab GROUP BY term EXCEPT SELECT term, uses FROM search_terms`;
  return [...(await env.DB.prepare(sql).all()).results, ...(await env.DB.prepare(back).all()).results];
}

describe("typed words as the index's terms", () => {
  it("finds a listing by the start of each of its words, accents and Devanagari too, and an unknown word finds nothing", async () => {
    const vendor = await createVendor({ businessName: `Éclat Mandap ${run}`, state: STATE });
    const a = await createService({
      vendorId: vendor.id,
      serviceName: `Crèmerie${run} naïve`,
      description: "जयपुर की मेहंदी, Café-Royale",
      state: STATE,
    });
    for (const q of [`cremerie${run}`, `crèmerie${run.slice(0, 3)}`, "naive", "naïv", "cafe", "café royal", "royale", "eclat", "écla", "जयपुर", "जयपु", "मेहंदी"])
      expect(await found({ q }), q).toEqual([a.id]);
    expect(await found({ vendor_name: `éclat mand` })).toEqual([a.id]);
    expect(await found({ q: `royal zzq${run}` })).toEqual([]);
    expect(await found({ q: `zzq${run}` })).toEqual([]);
  });

  it("keeps the terms the index holds through every write, a vendor's name and its deletion included", async () => {
    const vendor = await createVendor({ businessName: `Wysteria Banquets ${run}`, state: STATE });
    const a = await createService({ vendorId: vendor.id, serviceName: `Yarrowmere${run} hall`, state: STATE });
    const b = await createService({ vendorId: vendor.id, serviceName: `Yarrowmere${run} lawn`, description: `yarrowmere${run} again`, state: STATE });
    expect(await found({ q: `yarrowm` })).toEqual([a.id, b.id].sort());

    await env.DB.prepare("UPDATE services SET service_name = ? WHERE id = ?").bind(`Zinniafield${run} hall`, a.id).run();
    expect(await found({ q: `zinniaf` })).toEqual([a.id]);
    expect(await found({ q: `yarrowm` })).toEqual([b.id]);

    await env.DB.prepare("UPDATE vendors SET business_name = ? WHERE user_id = ?").bind(`Xeranthe Lawns ${run}`, vendor.id).run();
    expect(await found({ q: `xeranth` })).toEqual([a.id, b.id].sort());
    expect(await found({ q: `wysteri` })).toEqual([]);
    expect(await termsDifferingFromTheIndex()).toEqual([]);

    await env.DB.prepare("DELETE FROM services WHERE id = ?").bind(b.id).run();
    expect(await found({ q: `yarrowm` })).toEqual([]);
    expect(await termsDifferingFromTheIndex()).toEqual([]);

    await env.DB.prepare("DELETE FROM vendors WHERE user_id = ?").bind(vendor.id).run();
    expect(await found({ q: `zinniaf` })).toEqual([]);
    expect(await termsDifferingFromTheIndex()).toEqual([]);
    const left = await env.DB.prepare("SELECT term FROM search_terms WHERE term >= ? AND term < ?").bind("xeranth", "xeranti").all();
    expect(left.results).toEqual([]);
  });

  it(`matches a word with more than ${TERMS_PER_WORD} completions as its ${TERMS_PER_WORD} most used ones; each word alone still finds its listing`, async () => {
    const vendor = await createVendor({ businessName: `Capped Caterers ${run}`, state: STATE });
    const stem = `vq${run}`;
    const words = Array.from({ length: TERMS_PER_WORD + 1 }, (_, i) => `${stem}${String.fromCharCode(97 + i)}`);
    const listings = [];
    for (const word of words) listings.push((await createService({ vendorId: vendor.id, serviceName: `${word} thali`, state: STATE })).id);
    // Every word but the last is used by a second listing too.
    const common = await createService({ vendorId: vendor.id, serviceName: "Sampler", description: words.slice(0, -1).join(" "), state: STATE });

    expect(await found({ q: stem })).toEqual([...listings.slice(0, -1), common.id].sort());
    expect(await found({ q: words.at(-1)! })).toEqual([listings.at(-1)]);
  });
});
