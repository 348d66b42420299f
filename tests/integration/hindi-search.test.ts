import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createService, createVendor } from "#tests/support/factories.ts";
import { loadPage, page } from "#tests/support/pages.ts";

/**
 * Issue 32: search in Hindi. Devanagari and Hindi written in Latin letters find the right
 * categories and cities, through the API's free text and filters and through the browse page
 * (its search box, its filters and its paths), in the common variant spellings.
 */
type ListBody = { success: boolean; message?: string; ServiceResult: { service_name: string }[]; total: number };
type BrowseData = { services: { service_name: string }[]; problems: string[] };

async function seed() {
  const vendor = await createVendor({ businessName: "Sharma Events", state: "Rajasthan", city: "Jaipur" });
  const at = { vendorId: vendor.id };
  await createService({ ...at, serviceName: "Rang Mehndi Studio", serviceCategory: "Bride", serviceType: "Mehndi Artist", serviceUnit: "Per Function" });
  await createService({ ...at, serviceName: "Annapurna Caterers", serviceType: "Caterers", serviceUnit: "Per Plate" });
  await createService({
    ...at,
    serviceName: "Click Studio",
    serviceType: "Wedding Photographers",
    serviceUnit: "Per Day",
    state: "Delhi",
    city: "New Delhi",
  });
  await createService({ ...at, serviceName: "Shastri Ji", serviceType: "Pandit", serviceUnit: "Per Ceremony", state: "Delhi", city: "New Delhi" });
  await createService({ ...at, serviceName: "Royal Shamiana", serviceType: "Tent House", serviceUnit: "Per Event", state: "Karnataka", city: "Bengaluru" });
  await createService({ ...at, serviceName: "Udupi Caterers", serviceType: "Caterers", serviceUnit: "Per Plate", state: "Karnataka", city: "Bengaluru" });
}

async function apiNames(query: string): Promise<string[]> {
  const res = await call(`/api/v1/services?${query}&limit=50`);
  expect(res.status, query).toBe(200);
  return (await res.json<ListBody>()).ServiceResult.map((s) => s.service_name);
}
const searched = (q: string) => apiNames(`q=${encodeURIComponent(q)}`);

async function browseNames(path: string): Promise<string[]> {
  return (await loadPage<BrowseData>(path)).services.map((s) => s.service_name);
}

// One set of listings for the file (storage is kept between its tests).
beforeAll(seed);

/** What each word of the issue must find (and must not). */
const WORDS: [q: string, finds: string[], not: string[]][] = [
  ["शादी", ["Annapurna Caterers", "Click Studio"], []],
  ["मेहंदी", ["Rang Mehndi Studio"], ["Annapurna Caterers"]],
  ["हलवाई", ["Annapurna Caterers", "Udupi Caterers"], ["Rang Mehndi Studio"]],
  ["फोटोग्राफर", ["Click Studio"], ["Shastri Ji"]],
  ["टेंट", ["Royal Shamiana"], ["Udupi Caterers"]],
  ["पंडित", ["Shastri Ji"], ["Click Studio"]],
  ["दिल्ली", ["Click Studio", "Shastri Ji"], ["Annapurna Caterers"]],
  ["जयपुर", ["Rang Mehndi Studio", "Annapurna Caterers"], ["Royal Shamiana"]],
  ["बेंगलुरु", ["Royal Shamiana", "Udupi Caterers"], ["Annapurna Caterers"]],
  // mixed scripts and Hindi in Latin letters
  ["जयपुर caterers", ["Annapurna Caterers"], ["Rang Mehndi Studio", "Udupi Caterers"]],
  ["mehndi जयपुर", ["Rang Mehndi Studio"], ["Annapurna Caterers"]],
  ["halwai in jaipur", ["Annapurna Caterers"], ["Udupi Caterers", "Rang Mehndi Studio"]],
  ["जयपुर में हलवाई", ["Annapurna Caterers"], ["Udupi Caterers"]],
  ["shaadi dilli", ["Click Studio"], ["Annapurna Caterers"]],
  // variant spellings
  ["मेंहदी", ["Rang Mehndi Studio"], []],
  ["मेहँदी", ["Rang Mehndi Studio"], []],
  ["बंगलौर", ["Royal Shamiana"], ["Annapurna Caterers"]],
  ["बैंगलोर", ["Royal Shamiana"], ["Annapurna Caterers"]],
  ["फ़ोटोग्राफ़र", ["Click Studio"], []],
  ["क़ैटरर्स", ["Annapurna Caterers"], ["Click Studio"]],
];

describe("search in Hindi through the API", () => {
  it("finds the right categories and cities for every word of the issue, mixed queries and variant spellings", async () => {
    for (const [q, finds, not] of WORDS) {
      const names = await searched(q);
      for (const name of finds) expect(names, q).toContain(name);
      for (const name of not) expect(names, q).not.toContain(name);
    }
  });

  it("accepts Devanagari names in the category, subcategory, state and city filters", async () => {
    const cases: [query: Record<string, string>, finds: string, not: string[]][] = [
      [{ service_type: "मेहंदी आर्टिस्ट", city: "जयपुर" }, "Rang Mehndi Studio", ["Annapurna Caterers"]],
      [{ service_category: "दुल्हन", state: "राजस्थान" }, "Rang Mehndi Studio", ["Annapurna Caterers"]],
      [{ service_type: "हलवाई", state: "कर्नाटक" }, "Udupi Caterers", ["Annapurna Caterers", "Royal Shamiana"]],
      [{ service_type: "टेंट हाउस", city: "बेंगलुरु" }, "Royal Shamiana", ["Udupi Caterers"]],
      [{ service_type: "फ़ोटोग्राफ़र", state: "दिल्ली", city: "नई दिल्ली" }, "Click Studio", ["Shastri Ji"]],
    ];
    for (const [query, finds, not] of cases) {
      const names = await apiNames(new URLSearchParams(query).toString());
      expect(names, JSON.stringify(query)).toContain(finds);
      for (const name of not) expect(names, JSON.stringify(query)).not.toContain(name);
    }
  });
});

describe("search in Hindi through the browse page", () => {
  it("takes the search box's Hindi words to the subcategory and city's canonical path", async () => {
    const cases: [vendor: string, location: string, path: string][] = [
      ["मेहंदी", "जयपुर", "/all/bride/mehndi-artist/rajasthan/jaipur"],
      ["मेंहदी", "जयपुर, राजस्थान", "/all/bride/mehndi-artist/rajasthan/jaipur"],
      ["हलवाई", "जयपुर", "/all/wedding-vendor/caterers/rajasthan/jaipur"],
      ["फ़ोटोग्राफ़र", "दिल्ली", "/all/wedding-vendor/wedding-photographers/delhi"],
      ["फोटोग्राफर", "नई दिल्ली", "/all/wedding-vendor/wedding-photographers/delhi/new-delhi"],
      ["टेंट", "बंगलौर", "/all/wedding-vendor/tent-house/karnataka/bengaluru"],
      ["पंडित", "दिल्ली", "/all/wedding-vendor/pandit/delhi"],
      ["टेंट", "बेंगलुरु", "/all/wedding-vendor/tent-house/karnataka/bengaluru"],
    ];
    for (const [vendor, location, path] of cases) {
      const res = await page(`/all?vendor=${encodeURIComponent(vendor)}&location=${encodeURIComponent(location)}`);
      expect(res.status, `${vendor} ${location}`).toBe(302);
      expect(res.headers.get("Location"), `${vendor} ${location}`).toBe(path);
    }
    expect(await browseNames("/all/bride/mehndi-artist/rajasthan/jaipur")).toContain("Rang Mehndi Studio");
    expect(await browseNames("/all/wedding-vendor/tent-house/karnataka/bengaluru")).toContain("Royal Shamiana");
  });

  it("lists what each Hindi word finds as free text (the same words as the API)", async () => {
    for (const [q, finds, not] of WORDS) {
      const names = await browseNames(`/all?q=${encodeURIComponent(q)}`);
      for (const name of finds) expect(names, q).toContain(name);
      for (const name of not) expect(names, q).not.toContain(name);
    }
  });

  it("redirects Hindi path segments to the canonical English slugs (the URL structure /hi/all/... reuses)", async () => {
    const cases: [string, string][] = [
      ["/all/दुल्हन/मेहंदी-आर्टिस्ट/राजस्थान/जयपुर", "/all/bride/mehndi-artist/rajasthan/jaipur"],
      ["/all/वेडिंग-वेंडर/हलवाई/राजस्थान/जयपुर", "/all/wedding-vendor/caterers/rajasthan/jaipur"],
      ["/all/वेडिंग-वेंडर/टेंट-हाउस/कर्नाटक/बेंगलुरु?sort=price_asc", "/all/wedding-vendor/tent-house/karnataka/bengaluru?sort=price_asc"],
      ["/all/वेडिंग-वेंडर/फ़ोटोग्राफ़र/दिल्ली/नई-दिल्ली", "/all/wedding-vendor/wedding-photographers/delhi/new-delhi"],
    ];
    for (const [from, to] of cases) {
      const [path, search = ""] = from.split("?");
      const res = await page(`${encodeURI(path ?? "")}${search ? `?${search}` : ""}`);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("Location"), from).toBe(to);
    }
    expect((await page(encodeURI("/all/दुल्हन/टेंट-हाउस"))).status).toBe(404);
  });
});

describe("a long mixed-script query", () => {
  const alphabet = fc.constantFrom(...'जयपुर मेहंदी हलवाई ँंः़्ािीुूेैोौ ॉ क़ख़ग़ caterers Mehndi IN "*():^-+ %_ 0१२३ \u200c\u200d'.split(""));
  const mixed = fc.string({ unit: alphabet, minLength: 1, maxLength: 1000 });

  it("answers 1,000 characters clearly: a 400 that says the limit, never a 500", async () => {
    const text = "जयपुर caterers मेहँदी ".repeat(50).slice(0, 1000);
    const res = await call(`/api/v1/services?q=${encodeURIComponent(text)}`);
    expect(res.status).toBe(400);
    const body = await res.json<ListBody & { errors: Record<string, string> }>();
    expect(body.success).toBe(false);
    expect(body.errors.q).toMatch(/100 characters/);
    const browse = await loadPage<BrowseData>(`/all?q=${encodeURIComponent(text)}`);
    expect(browse.problems.join(" ")).toMatch(/100 characters/);
  });

  it("never answers 500 for any mix of Devanagari, Latin, marks and operators (fast-check)", async () => {
    await fc.assert(
      fc.asyncProperty(mixed, async (text) => {
        const api = await call(`/api/v1/services?q=${encodeURIComponent(text)}`);
        expect([200, 400], text).toContain(api.status);
        const body = await api.json<ListBody>();
        if (api.status === 400) expect(body.message, text).toBeTruthy();
        const short = text.slice(0, 100);
        const browse = await page(`/all?q=${encodeURIComponent(short)}`);
        expect(browse.status, short).toBe(200);
        const typed = await page(`/all?vendor=${encodeURIComponent(short)}&location=${encodeURIComponent(short.slice(0, 40))}`);
        expect([302, 303], short).toContain(typed.status);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
