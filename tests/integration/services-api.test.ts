import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { listingContext } from "#tests/support/context.ts";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";

type Summary = {
  id: string;
  service_name: string;
  min_price: number;
  rating: number;
  view_count: number;
  created_at: number;
  city: string;
  state: string;
  status: string;
};
type ListBody = { success: boolean; ServiceResult: Summary[]; total: number; totalIsCapped: boolean; page: number; limit: number; totalPages: number };
type ErrorBody = { success: false; message: string; errors?: Record<string, string> };

const run = Math.random().toString(36).slice(2, 8);
/** A state and city only this file's services use, so every query sees exactly our rows. */
const STATE = `Testland ${run}`;
const CITY = `Alphapur ${run}`;
const OTHER_CITY = `Betanagar ${run}`;

async function list(query: Record<string, string | number>): Promise<ListBody> {
  const res = await call(`/api/v1/services?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(res.status).toBe(200);
  return res.json<ListBody>();
}

async function rejected(query: string): Promise<ErrorBody> {
  const res = await call(`/api/v1/services?${query}`);
  expect(res.status).toBe(400);
  const body = await res.json<ErrorBody>();
  expect(body.success).toBe(false);
  return body;
}

const day = 24 * 60 * 60 * 1000;
const base = Date.UTC(2026, 0, 1);
let vendor: Awaited<ReturnType<typeof createVendor>>;
let otherVendor: Awaited<ReturnType<typeof createVendor>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  vendor = await createVendor({ businessName: `Shehnai Feasts ${run}`, state: STATE, city: CITY });
  otherVendor = await createVendor({ businessName: `Rangoli Lens ${run}`, state: STATE, city: OTHER_CITY });
  const rows = [
    {
      key: "dal",
      vendorId: vendor.id,
      serviceName: "Royal Dal Baati Feast",
      description: "Rajasthani thali for big families",
      serviceType: "Caterers",
      minPrice: 800,
      rating: 4.8,
      viewCount: 50,
      createdAt: base + day,
      city: CITY,
    },
    {
      key: "south",
      vendorId: vendor.id,
      serviceName: "South Indian Banana Leaf Meals",
      description: "Sadya on banana leaves",
      serviceType: "Caterers",
      minPrice: 450,
      rating: 4.2,
      viewCount: 900,
      createdAt: base + 2 * day,
      city: CITY,
    },
    {
      key: "chaat",
      vendorId: vendor.id,
      serviceName: "Chaat Counter Live",
      description: "Live counters with golgappe",
      serviceType: "Caterers",
      minPrice: 1500,
      rating: 3.1,
      viewCount: 10,
      createdAt: base + 3 * day,
      city: OTHER_CITY,
    },
    {
      key: "candid",
      vendorId: otherVendor.id,
      serviceName: "Candid Stories",
      description: "Candid wedding photography",
      serviceCategory: "Wedding Vendor",
      serviceType: "Wedding Photographers",
      serviceUnit: "Per Day",
      minPrice: 45000,
      rating: 4.9,
      viewCount: 300,
      createdAt: base + 4 * day,
      city: OTHER_CITY,
    },
    {
      key: "archived",
      vendorId: vendor.id,
      serviceName: "Old Menu Archived",
      description: "An old thali menu",
      serviceType: "Caterers",
      minPrice: 600,
      rating: 5,
      viewCount: 5,
      createdAt: base + 5 * day,
      city: CITY,
      status: "archived" as const,
    },
  ];
  for (const { key, ...row } of rows) ids[key] = (await createService({ ...row, state: STATE })).id;
  await env.DB.prepare("INSERT INTO service_blocked_dates (service_id, day) VALUES (?, '2026-12-05')").bind(ids.dal).run();
});

const names = (b: ListBody) => b.ServiceResult.map((s) => s.service_name);

describe("GET /api/v1/services filters", () => {
  it("lists only active services of the place, with the spec's ServiceResult and totals", async () => {
    const body = await list({ state: STATE });
    expect(body.success).toBe(true);
    expect(body.total).toBe(4);
    expect(body.totalIsCapped).toBe(false);
    expect(names(body)).not.toContain("Old Menu Archived");
    expect(body.ServiceResult[0]).toMatchObject({ state: STATE, status: "active" });
  });

  it("matches service_type, category, state and city in any case or as slugs", async () => {
    expect((await list({ state: STATE, service_type: "caterers" })).total).toBe(3);
    expect((await list({ state: STATE.toUpperCase(), service_type: "wedding-photographers" })).total).toBe(1);
    expect((await list({ state: STATE, service_category: "wedding vendor" })).total).toBe(4);
    expect(names(await list({ state: STATE, city: CITY.toLowerCase() })).sort()).toEqual(["Royal Dal Baati Feast", "South Indian Banana Leaf Meals"]);
    expect((await list({ state: STATE, city: "Nowhere Nagar" })).total).toBe(0);
  });

  it("filters by price range, minimum rating, vendor id and vendor name", async () => {
    expect(names(await list({ state: STATE, minPrice: 500, maxPrice: 1500, sort_by: "price" }))).toEqual(["Royal Dal Baati Feast", "Chaat Counter Live"]);
    expect(names(await list({ state: STATE, minPrice: 1500, maxPrice: 1500 }))).toEqual(["Chaat Counter Live"]);
    expect(names(await list({ state: STATE, rating: 4.5 }))).toEqual(["Candid Stories", "Royal Dal Baati Feast"]);
    expect((await list({ state: STATE, vendorId: otherVendor.id })).total).toBe(1);
    expect((await list({ vendor_name: `shehnai feasts ${run}` })).total).toBe(3);
    expect((await list({ vendor_name: "%", state: STATE })).total).toBe(0);
  });

  it("available_on leaves out services whose vendor blocked that day", async () => {
    const blocked = await list({ state: STATE, service_type: "Caterers", available_on: "2026-12-05" });
    expect(names(blocked)).not.toContain("Royal Dal Baati Feast");
    expect(blocked.total).toBe(2);
    expect(names(await list({ state: STATE, service_type: "Caterers", available_on: "2026-12-06" }))).toContain("Royal Dal Baati Feast");
  });

  it("free text q searches name, description, category, city and vendor, combined with filters", async () => {
    expect(names(await list({ q: "dal baati", state: STATE }))).toEqual(["Royal Dal Baati Feast"]);
    expect(names(await list({ q: "banana", state: STATE }))).toEqual(["South Indian Banana Leaf Meals"]);
    expect((await list({ q: `rangoli lens ${run}` })).total).toBe(1);
    expect((await list({ q: `betanagar ${run}` })).total).toBe(2);
    expect((await list({ q: "photographers", state: STATE })).total).toBe(1);
    expect(names(await list({ q: "thali", state: STATE }))).toEqual(["Royal Dal Baati Feast"]); // the archived thali stays hidden
    expect(names(await list({ q: "thali", state: STATE, maxPrice: 500 }))).toEqual([]);
    expect((await list({ q: `"*)(`, state: STATE })).total).toBe(4); // only punctuation: no text filter, no error
  });

  it("archived services are listed only for their vendor", async () => {
    const anonymous = await call(`/api/v1/services?status=archived&vendorId=${vendor.id}`);
    expect(anonymous.status).toBe(403);
    const other = await call(`/api/v1/services?status=archived&vendorId=${vendor.id}`, { cookie: await sessionCookieFor(otherVendor.id) });
    expect(other.status).toBe(403);
    const own = await call(`/api/v1/services?status=archived&vendorId=${vendor.id}`, { cookie: await sessionCookieFor(vendor.id) });
    expect(own.status).toBe(200);
    expect(names(await own.json<ListBody>())).toEqual(["Old Menu Archived"]);
  });
});

describe("GET /api/v1/services?vendor_name= of any length, script or punctuation", () => {
  // D1 refuses LIKE patterns over 50 bytes: a name of 49-100 bytes answered 500. The name is now
  // matched word by word (each typed word a prefix of a word of the name) through FTS.
  const VSTATE = `Vendorland ${run}`;
  const LONG = `Maharaja Heritage Wedding Caterers and Decorators of Rajasthan Jodhpur Udaipur Jaisalmer and Bikaner ${run}`;
  const HINDI = `शहनाई कैटरर्स और डेकोरेटर्स राजस्थान ${run}`;
  const PUNCT = `100% Pure_Veg Caterers ${run}`;
  const svc: Record<string, string> = {};

  beforeAll(async () => {
    for (const [key, businessName] of [
      ["long", LONG],
      ["hindi", HINDI],
      ["punct", PUNCT],
    ] as const) {
      const v = await createVendor({ businessName, state: VSTATE, city: CITY });
      svc[key] = (await createService({ vendorId: v.id, serviceName: `Service of ${key}`, state: VSTATE, city: CITY })).id;
    }
  });

  const bytes = (s: string) => new TextEncoder().encode(s).length;
  const ids = (b: ListBody) => b.ServiceResult.map((x) => x.id);

  it("takes 1, 49, 50, 51 and 100 bytes of a name with 200 and finds the vendor", async () => {
    expect(bytes(LONG)).toBeGreaterThanOrEqual(100);
    for (const n of [1, 49, 50, 51, 100]) {
      const typed = LONG.slice(0, n);
      expect(bytes(typed)).toBe(n);
      const body = await list({ vendor_name: typed, state: VSTATE });
      expect(ids(body), typed).toContain(svc.long);
      if (n > 1) expect(ids(body), typed).toEqual([svc.long]);
    }
    expect(ids(await list({ vendor_name: LONG.slice(0, 100).toUpperCase(), state: VSTATE }))).toEqual([svc.long]);
    expect(ids(await list({ vendor_name: `heritage rajasthan ${run}` }))).toEqual([svc.long]);
    expect((await list({ vendor_name: `heritage nowhere ${run}` })).total).toBe(0);
  });

  it("matches names in Devanagari, also over 50 bytes", async () => {
    expect(bytes(HINDI)).toBeGreaterThan(50);
    expect(ids(await list({ vendor_name: "शहनाई", state: VSTATE }))).toEqual([svc.hindi]);
    expect(ids(await list({ vendor_name: "कैटरर्स", state: VSTATE }))).toEqual([svc.hindi]);
    expect(ids(await list({ vendor_name: HINDI }))).toEqual([svc.hindi]);
    expect((await list({ vendor_name: "डेकोरेटर्स नहीं", state: VSTATE })).total).toBe(0);
  });

  it("treats LIKE and FTS metacharacters as text: no 500, no match-everything", async () => {
    expect(ids(await list({ vendor_name: `100% pure_veg ${run}` }))).toEqual([svc.punct]);
    for (const typed of ["%", "_", "%%", "\\", "%_%", '"', "*", "NEAR(", "a OR b", "-", "'); DROP TABLE vendors; --"]) {
      const res = await call(`/api/v1/services?${new URLSearchParams({ vendor_name: typed, state: VSTATE })}`);
      expect(res.status, typed).toBe(200);
      expect((await res.json<ListBody>()).total, typed).toBe(0);
    }
    expect((await rejected(`vendor_name=${"x".repeat(101)}`)).errors?.vendor_name).toBeTruthy();
  });

  it("combines with free text q", async () => {
    expect(ids(await list({ q: "service of long", vendor_name: `maharaja ${run}` }))).toEqual([svc.long]);
    expect((await list({ q: "service of hindi", vendor_name: `maharaja ${run}` })).total).toBe(0);
  });
});

describe("GET /api/v1/services sorting", () => {
  const order = async (q: Record<string, string>) => names(await list({ state: STATE, ...q }));
  it("sorts by rating (the default, descending) and ascending", async () => {
    expect(await order({})).toEqual(["Candid Stories", "Royal Dal Baati Feast", "South Indian Banana Leaf Meals", "Chaat Counter Live"]);
    expect(await order({ sort_by: "rating", sort_order: "asc" })).toEqual([
      "Chaat Counter Live",
      "South Indian Banana Leaf Meals",
      "Royal Dal Baati Feast",
      "Candid Stories",
    ]);
  });
  it("sorts by price, low to high by default and high to low on request", async () => {
    expect(await order({ sort_by: "price" })).toEqual(["South Indian Banana Leaf Meals", "Royal Dal Baati Feast", "Chaat Counter Live", "Candid Stories"]);
    expect(await order({ sort_by: "min_price", sort_order: "DESC" })).toEqual([
      "Candid Stories",
      "Chaat Counter Live",
      "Royal Dal Baati Feast",
      "South Indian Banana Leaf Meals",
    ]);
  });
  it("sorts by views and by newest, both orders", async () => {
    expect(await order({ sort_by: "views" })).toEqual(["South Indian Banana Leaf Meals", "Candid Stories", "Royal Dal Baati Feast", "Chaat Counter Live"]);
    expect(await order({ sort_by: "view_count", sort_order: "asc" })).toEqual([
      "Chaat Counter Live",
      "Royal Dal Baati Feast",
      "Candid Stories",
      "South Indian Banana Leaf Meals",
    ]);
    expect(await order({ sort_by: "newest" })).toEqual(["Candid Stories", "Chaat Counter Live", "South Indian Banana Leaf Meals", "Royal Dal Baati Feast"]);
    expect(await order({ sort_by: "created_at", sort_order: "asc" })).toEqual([
      "Royal Dal Baati Feast",
      "South Indian Banana Leaf Meals",
      "Chaat Counter Live",
      "Candid Stories",
    ]);
  });
  it("breaks ties in a stable order, so pages never repeat or skip a service", async () => {
    const twins = `Twinpur ${run}`;
    for (let i = 0; i < 5; i++) await createService({ vendorId: vendor.id, serviceName: `Twin ${i}`, state: STATE, city: twins, rating: 4, minPrice: 1000 });
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++)
      seen.push(...(await list({ state: STATE, city: twins, limit: 2, page, sort_by: "price" })).ServiceResult.map((s) => s.id));
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });
});

describe("GET /api/v1/services pagination", () => {
  it("pages through with limit and page, reporting totals", async () => {
    const first = await list({ state: STATE, city: CITY, limit: 1, page: 1 });
    const second = await list({ state: STATE, city: CITY, limit: 1, page: 2 });
    expect(first).toMatchObject({ total: 2, page: 1, limit: 1, totalPages: 2 });
    expect(second.ServiceResult).toHaveLength(1);
    expect(second.ServiceResult[0]?.id).not.toBe(first.ServiceResult[0]?.id);
  });
  it("a page past the end is an empty list with the right total", async () => {
    const past = await list({ state: STATE, city: CITY, limit: 1, page: 9 });
    expect(past.ServiceResult).toEqual([]);
    expect(past).toMatchObject({ total: 2, page: 9, totalPages: 2 });
  });
  it("limit defaults to 24 and accepts 1 to 100", async () => {
    expect((await list({ state: STATE })).limit).toBe(24);
    expect((await list({ state: STATE, limit: 100 })).limit).toBe(100);
    expect((await list({ state: STATE, limit: 1 })).ServiceResult).toHaveLength(1);
  });
  it("empty parameters are ignored as the spec asks", async () => {
    const all = await list({ state: STATE });
    expect((await list({ state: STATE, limit: "", page: "", minPrice: "", city: "", q: "", sort_by: "" })).total).toBe(all.total);
  });
});

describe("GET /api/v1/services rejects malformed parameters with a field message", () => {
  it.each([
    ["limit=0", "limit", "at least 1"],
    ["limit=101", "limit", "at most 100"],
    ["limit=ten", "limit", "number"],
    ["page=0", "page", "at least 1"],
    ["page=1.5", "page", "whole number"],
    ["minPrice=abc", "minPrice", "number"],
    ["maxPrice=-5", "maxPrice", "at least 0"],
    ["minPrice=900&maxPrice=100", "minPrice", "cannot be more"],
    ["rating=6", "rating", "between 0 and 5"],
    ["available_on=05-12-2026", "available_on", "date like"],
    ["available_on=2026-02-30", "available_on", "does not exist"],
    ["sort_by=cheapest", "sort_by", "sort_by"],
    ["sort_order=sideways", "sort_order", "asc or desc"],
    ["status=deleted", "status", "active or archived"],
  ])("%s", async (query, field, text) => {
    const body = await rejected(query);
    expect(body.errors?.[field]).toContain(text);
  });
});

describe("GET /api/v1/services/:id", () => {
  it("returns an active service and 404 for unknown or archived ones", async () => {
    const ok = await call(`/api/v1/services/${ids.dal}`);
    expect(ok.status).toBe(200);
    expect((await ok.json<{ service: { service_name: string } }>()).service.service_name).toBe("Royal Dal Baati Feast");
    expect((await call("/api/v1/services/no-such-service")).status).toBe(404);
    expect((await call(`/api/v1/services/${ids.archived}`)).status).toBe(404);
    expect((await call(`/api/v1/services/${ids.archived}`, { cookie: await sessionCookieFor(vendor.id) })).status).toBe(200);
  });
});

describe("GET /api/v1/services/get-location", () => {
  it("maps each state to its cities with active services, sorted", async () => {
    const res = await call("/api/v1/services/get-location");
    expect(res.status).toBe(200);
    const body = await res.json<{ success: boolean; locations: Record<string, string[]> }>();
    expect(body.success).toBe(true);
    expect(body.locations[STATE]).toEqual(expect.arrayContaining([CITY, OTHER_CITY]));
    expect([...(body.locations[STATE] ?? [])]).toEqual([...(body.locations[STATE] ?? [])].sort());
  });
});

describe("GET /api/v1/services/getMostViewedServices", () => {
  it("lists at most 20 active services by views, highest first", async () => {
    const top = await createService({ vendorId: vendor.id, serviceName: "Viral Varmala", state: STATE, city: CITY, viewCount: 1_000_000_000 });
    await createService({ vendorId: vendor.id, serviceName: "Hidden Viral", state: STATE, city: CITY, viewCount: 2_000_000_000, status: "archived" });
    const res = await call("/api/v1/services/getMostViewedServices");
    expect(res.status).toBe(200);
    const body = await res.json<ListBody>();
    expect(body.ServiceResult[0]?.id).toBe(top.id);
    expect(body.ServiceResult.length).toBeLessThanOrEqual(20);
    const views = body.ServiceResult.map((s) => s.view_count);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(names(body)).not.toContain("Hidden Viral");
  });
});

describe("GET /api/v1/analytics/heroSectionAnalytics", () => {
  it("counts verified users, verified vendors and active services", async () => {
    const read = async () =>
      await (
        await call("/api/v1/analytics/heroSectionAnalytics")
      ).json<{ success: boolean; verifiedUsers: number; verifiedVendors: number; activeServices: number }>();
    const before = await read();
    expect(before.success).toBe(true);
    await createUser({ isVerified: true });
    await createUser({ isVerified: false });
    const v = await createVendor({ state: STATE, city: CITY });
    await env.DB.prepare("UPDATE vendors SET is_verified = 1 WHERE user_id = ?").bind(v.id).run();
    await createService({ vendorId: v.id, state: STATE, city: CITY });
    await createService({ vendorId: v.id, state: STATE, city: CITY, status: "archived" });
    const after = await read();
    expect(after.verifiedUsers - before.verifiedUsers).toBe(1);
    expect(after.verifiedVendors - before.verifiedVendors).toBe(1);
    expect(after.activeServices - before.activeServices).toBe(1);
  });
});

describe("sitemaps", () => {
  it("the pages file covers groups, subcategories and subcategory-in-state and -city pages", async () => {
    const { sitemapPages, SITEMAP_MAX_URLS } = await import("#domain/catalogue/index.ts");
    const paths = (await sitemapPages(listingContext())).map((e) => e.path);
    const stateSlug = `testland-${run}`;
    const citySlug = `alphapur-${run}`;
    expect(paths).toContain("/all/wedding-vendor");
    expect(paths).toContain("/all/bride/makeup-salon");
    expect(paths).toContain(`/all/wedding-vendor/caterers/${stateSlug}`);
    expect(paths).toContain(`/all/wedding-vendor/caterers/${stateSlug}/${citySlug}`);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
  });

  it("the service files list every active service once, never archived ones, and end at the last file", async () => {
    const { sitemapServiceFiles, sitemapServices, SERVICES_PER_SITEMAP } = await import("#domain/catalogue/index.ts");
    const files = await sitemapServiceFiles(listingContext());
    const active = await env.DB.prepare("SELECT count(*) AS n FROM services WHERE status = 'active'").first<{ n: number }>();
    expect(files).toBe(Math.max(1, Math.ceil((active?.n ?? 0) / SERVICES_PER_SITEMAP)));
    const paths: string[] = [];
    for (let file = 1; file <= files; file++) paths.push(...(await sitemapServices(listingContext(), file))!.map((e) => e.path));
    expect(paths).toHaveLength(active?.n ?? 0);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain(`/all/wedding-vendor/caterers/testland-${run}/alphapur-${run}/${ids.dal}`);
    expect(paths.some((p) => p.endsWith(`/${ids.archived}`))).toBe(false);
    expect(await sitemapServices(listingContext(), files + 1)).toBeNull();
    expect(await sitemapServices(listingContext(), 0)).toBeNull();
  });
});
