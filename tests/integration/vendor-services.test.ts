import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DESCRIPTION_MAX, FAQS_MAX } from "#shared/service-schemas.ts";
import { servicePath } from "#shared/catalogue.ts";
import {
  searchServices,
  sitemapServiceFiles,
  sitemapServices,
  vendorPage,
  addFaq,
  AI_DRAFT_LIMIT,
  moveFaq,
  SERVICE_MESSAGES,
  vendorDashboard,
} from "#domain/catalogue/index.ts";
import type { DomainContext } from "#domain/core/index.ts";
import { writeLocalDescription, workersAiWriter } from "#platform/ai.ts";
import { listingContext } from "#tests/support/context.ts";
import { call, createLead, createReview, createUser, createVendor, giveUnlimitedPlan, sessionCookieFor, snapshot } from "#tests/support/factories.ts";

/** A unique word, so full-text search finds exactly the test's service. */
const word = () => `zq${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

const caterer = (over: Record<string, unknown> = {}) => ({
  service_name: "Saffron Kitchen Caterers",
  service_category: "Wedding Vendor",
  service_type: "Caterers",
  min_price: 850,
  max_price: 1600,
  service_unit: "Per Plate",
  description: "Rajasthani and North Indian wedding menus, live counters and a team that has served weddings for twenty years.",
  state: "Rajasthan",
  city: "Jaipur",
  address: "12 MI Road, Jaipur",
  highlights: ["Live chaat counter", "Pure vegetarian kitchen"],
  ...over,
});

const venue = (over: Record<string, unknown> = {}) => ({
  ...caterer(),
  service_name: "Lakeside Lawns",
  service_category: "wedding-venue",
  service_type: "marriage garden",
  service_unit: "per day",
  state: "rajasthan",
  city: "udaipur",
  capacity_min: 100,
  capacity_max: 800,
  ...over,
});

async function vendor() {
  const v = await createVendor();
  return { ...v, cookie: await sessionCookieFor(v.id) };
}

type Service = { id: string; status: string; service_name: string; [k: string]: unknown };

async function create(cookie: string, body: Record<string, unknown> = caterer()): Promise<Service> {
  const res = await call("/api/v1/services", { method: "POST", body, cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ service: Service }>()).service;
}

const row = (id: string) => snapshot("SELECT * FROM services WHERE id = ?", id);
const faqsOf = (id: string) => snapshot("SELECT * FROM service_faqs WHERE service_id = ? ORDER BY position", id);

async function searchIds(q: string) {
  const res = await call(`/api/v1/services?q=${encodeURIComponent(q)}`);
  return (await res.json<{ ServiceResult: { id: string }[] }>()).ServiceResult.map((s) => s.id);
}

async function inSitemap(path: string) {
  const ctx = listingContext();
  const files = await sitemapServiceFiles(ctx);
  for (let f = files; f >= 1; f--) if ((await sitemapServices(ctx, f))?.some((e) => e.path === path)) return true;
  return false;
}

describe("creating a service", () => {
  it("a vendor adds a service: stored with the catalogue's and the location map's spelling, active, found by search at once", async () => {
    const v = await vendor();
    const name = word();
    const service = await create(v.cookie, venue({ service_name: `Lakeside ${name} Lawns` }));
    expect(service).toMatchObject({
      status: "active",
      vendor_id: v.id,
      service_category: "Wedding Venue",
      service_type: "Marriage Garden",
      service_unit: "Per Day",
      state: "Rajasthan",
      city: "Udaipur",
      capacity_min: 100,
      capacity_max: 800,
      highlights: ["Live chaat counter", "Pure vegetarian kitchen"],
      address: "12 MI Road, Jaipur",
    });
    expect(await searchIds(name)).toEqual([service.id]);
    expect(
      await inSitemap(servicePath({ id: service.id, serviceCategory: "Wedding Venue", serviceType: "Marriage Garden", state: "Rajasthan", city: "Udaipur" })),
    ).toBe(true);
    const page = await vendorPage(listingContext(), v.slug);
    expect(page?.services.map((s) => s.id)).toContain(service.id);
    // The public service (page and API) carries the address and highlights the vendor saved (issue 28: saved, never shown).
    const pub = await call(`/api/v1/services/${service.id}`);
    expect((await pub.json<{ service: Record<string, unknown> }>()).service).toMatchObject({
      address: "12 MI Road, Jaipur",
      highlights: ["Live chaat counter", "Pure vegetarian kitchen"],
    });
  });

  it("highlights may come as text with one per line (the form's box)", async () => {
    const v = await vendor();
    const service = await create(v.cookie, caterer({ highlights: "Live counters\n\n  Jain menu  \n" }));
    expect(service.highlights).toEqual(["Live counters", "Jain menu"]);
  });

  const refusals: [string, Record<string, unknown>, string, RegExp][] = [
    ["a unit of another subcategory", { service_unit: "Per Day" }, "service_unit", /Per Plate, Per Guest or Package Pricing/],
    ["an unknown category", { service_category: "Wedding Spaceships" }, "service_category", /Choose a group/],
    ["a subcategory of another group", { service_type: "Hotel" }, "service_type", /subcategory of Wedding Vendor/],
    ["a city of another state", { city: "Mumbai" }, "city", /city in Rajasthan/],
    ["an unknown city", { city: "Atlantis" }, "city", /city in Rajasthan/],
    ["an unknown state", { state: "Narnia" }, "state", /state from the list/],
    ["a description over the limit", { description: "x".repeat(DESCRIPTION_MAX + 1) }, "description", /under 5,000 characters/],
    ["paise in the price", { min_price: 850.5 }, "min_price", /whole rupees/],
    ["a highest price below the starting price", { max_price: 500 }, "max_price", /below the starting price/],
    ["a guest capacity for a caterer", { capacity_max: 300 }, "capacity_min", /only for venues/],
    ["no name", { service_name: "" }, "service_name", /name your service/],
  ];
  for (const [what, over, field, message] of refusals) {
    it(`refuses ${what} with 400 naming ${field}, and stores nothing`, async () => {
      const v = await vendor();
      const before = await snapshot("SELECT id FROM services WHERE vendor_id = ?", v.id);
      const res = await call("/api/v1/services", { method: "POST", body: caterer(over), cookie: v.cookie });
      expect(res.status).toBe(400);
      const body = await res.json<{ success: boolean; errors: Record<string, string> }>();
      expect(body.success).toBe(false);
      expect(body.errors[field]).toMatch(message);
      expect(await snapshot("SELECT id FROM services WHERE vendor_id = ?", v.id)).toBe(before);
    });
  }

  it("a venue's largest guest count cannot be below its smallest", async () => {
    const v = await vendor();
    const res = await call("/api/v1/services", { method: "POST", body: venue({ capacity_min: 500, capacity_max: 100 }), cookie: v.cookie });
    expect(res.status).toBe(400);
    expect((await res.json<{ errors: Record<string, string> }>()).errors.capacity_max).toMatch(/cannot be below the smallest/);
  });

  it("only vendors add services: a couple is 403, a visitor 401", async () => {
    const couple = await createUser({ role: "USER" });
    expect((await call("/api/v1/services", { method: "POST", body: caterer(), cookie: await sessionCookieFor(couple.id) })).status).toBe(403);
    expect((await call("/api/v1/services", { method: "POST", body: caterer() })).status).toBe(401);
  });
});

describe("editing, archiving and deleting", () => {
  it("the vendor edits its service; the search index follows the new name", async () => {
    const v = await vendor();
    const [oldWord, newWord] = [word(), word()];
    const service = await create(v.cookie, caterer({ service_name: `Kitchen ${oldWord}` }));
    const res = await call(`/api/v1/services/${service.id}`, {
      method: "PUT",
      body: caterer({ service_name: `Kitchen ${newWord}`, min_price: 990 }),
      cookie: v.cookie,
    });
    expect(res.status).toBe(200);
    expect((await res.json<{ service: Service }>()).service).toMatchObject({ service_name: `Kitchen ${newWord}`, min_price: 990 });
    expect(await searchIds(oldWord)).toEqual([]);
    expect(await searchIds(newWord)).toEqual([service.id]);
  });

  it("another vendor's service is 404 for every change, and nothing changes", async () => {
    const owner = await vendor();
    const other = await vendor();
    const service = await create(owner.cookie);
    const faq = await (
      await call(`/api/v1/services/${service.id}/faq`, { method: "POST", body: { question: "Do you cater Jain food?", answer: "Yes." }, cookie: owner.cookie })
    ).json<{ faq: { id: string } }>();
    const before = [await row(service.id), await faqsOf(service.id)];
    const attempts: [string, string, unknown][] = [
      ["PUT", `/api/v1/services/${service.id}`, caterer({ service_name: "Taken over" })],
      ["PUT", `/api/v1/services/serviceArchive/${service.id}`, undefined],
      ["DELETE", `/api/v1/services/${service.id}`, undefined],
      ["POST", `/api/v1/services/${service.id}/faq`, { question: "Is this mine now?", answer: "No." }],
      ["POST", `/api/v1/services/${service.id}/faq/${faq.faq.id}`, { question: "Is this mine now?", answer: "No." }],
      ["DELETE", `/api/v1/services/${service.id}/faq/${faq.faq.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(path, { method, body, cookie: other.cookie });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json<{ message: string }>()).message).toBe(SERVICE_MESSAGES.notFound);
    }
    expect([await row(service.id), await faqsOf(service.id)]).toEqual(before);
  });

  it("an admin may edit and archive any vendor's service", async () => {
    const owner = await vendor();
    const admin = await createUser({ role: "ADMIN" });
    const cookie = await sessionCookieFor(admin.id);
    const service = await create(owner.cookie);
    expect((await call(`/api/v1/services/${service.id}`, { method: "PUT", body: caterer({ service_name: "Checked by the team" }), cookie })).status).toBe(200);
    expect((await call(`/api/v1/services/serviceArchive/${service.id}`, { method: "PUT", cookie })).status).toBe(200);
    expect(JSON.parse(await row(service.id))[0]).toMatchObject({ service_name: "Checked by the team", status: "archived", vendor_id: owner.id });
  });

  it("archiving hides the service from search, the sitemap, the vendor's page and enquiries; unarchiving brings it back", async () => {
    const v = await vendor();
    const name = word();
    const service = await create(v.cookie, caterer({ service_name: `Kitchen ${name}` }));
    const path = servicePath({ id: service.id, serviceCategory: "Wedding Vendor", serviceType: "Caterers", state: "Rajasthan", city: "Jaipur" });
    expect(await searchIds(name)).toEqual([service.id]);

    const archived = await call(`/api/v1/services/serviceArchive/${service.id}`, { method: "PUT", cookie: v.cookie });
    expect(await archived.json()).toMatchObject({ success: true, status: "archived", message: SERVICE_MESSAGES.archived });
    expect(await searchIds(name)).toEqual([]);
    expect(await inSitemap(path)).toBe(false);
    expect((await vendorPage(listingContext(), v.slug))?.services.map((s) => s.id)).not.toContain(service.id);
    expect((await call(`/api/v1/services/${service.id}`)).status).toBe(404);
    const couple = await createUser({ role: "USER" });
    const lead = await call(`/api/v1/services/makeLead/${service.id}`, {
      method: "PUT",
      body: { message: "We need catering for 250 guests on two evenings in February, please share menus." },
      cookie: await sessionCookieFor(couple.id),
    });
    expect(lead.status).toBe(404);
    expect(await snapshot("SELECT id FROM leads WHERE service_id = ?", service.id)).toBe("[]");

    const back = await call(`/api/v1/services/serviceArchive/${service.id}`, { method: "PUT", cookie: v.cookie });
    expect(await back.json()).toMatchObject({ status: "active", message: SERVICE_MESSAGES.unarchived });
    expect(await searchIds(name)).toEqual([service.id]);
    expect(await inSitemap(path)).toBe(true);
  });

  it("DELETE erases a service nobody enquired about, with its FAQs", async () => {
    const v = await vendor();
    const name = word();
    const service = await create(v.cookie, caterer({ service_name: `Kitchen ${name}` }));
    await call(`/api/v1/services/${service.id}/faq`, { method: "POST", body: { question: "Do you cater Jain food?", answer: "Yes." }, cookie: v.cookie });
    const res = await call(`/api/v1/services/${service.id}`, { method: "DELETE", cookie: v.cookie });
    expect(await res.json()).toMatchObject({ success: true, deleted: true, status: "deleted", message: SERVICE_MESSAGES.deleted });
    expect(await row(service.id)).toBe("[]");
    expect(await faqsOf(service.id)).toBe("[]");
    expect(await searchIds(name)).toEqual([]);
  });

  for (const history of ["lead", "review", "booking"] as const) {
    it(`DELETE archives instead a service with a ${history}, and says so`, async () => {
      const v = await vendor();
      const service = await create(v.cookie);
      const couple = await createUser({ role: "USER" });
      if (history === "lead") await createLead({ serviceId: service.id, vendorId: v.id, userId: couple.id });
      if (history === "review") await createReview({ serviceId: service.id, userId: couple.id });
      if (history === "booking")
        await env.DB.prepare(
          "INSERT INTO bookings (id, service_id, vendor_id, user_id, agreed_price, status, created_at, updated_at) VALUES (?, ?, ?, ?, 100000, 'CONFIRMED', ?, ?)",
        )
          .bind(`bk-${crypto.randomUUID()}`, service.id, v.id, couple.id, Date.now(), Date.now())
          .run();
      const res = await call(`/api/v1/services/${service.id}`, { method: "DELETE", cookie: v.cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, deleted: false, status: "archived", message: SERVICE_MESSAGES.archivedInsteadOfDeleted });
      expect(JSON.parse(await row(service.id))[0]).toMatchObject({ status: "archived" });
      expect(
        await snapshot(
          `SELECT count(*) AS n FROM ${history === "lead" ? "leads" : history === "review" ? "reviews" : "bookings"} WHERE service_id = ?`,
          service.id,
        ),
      ).toBe('[{"n":1}]');
    });
  }
});

describe("the vendor's services query (GET /services?vendorId=&status=)", () => {
  it("lists the owner's active and archived services as ServiceResult; archived ones only for the owner", async () => {
    const v = await vendor();
    await giveUnlimitedPlan(v.id);
    const active = await create(v.cookie);
    const archived = await create(v.cookie, caterer({ service_name: "Old menu" }));
    await call(`/api/v1/services/serviceArchive/${archived.id}`, { method: "PUT", cookie: v.cookie });
    const list = async (status: string, cookie?: string) => call(`/api/v1/services?vendorId=${v.id}&status=${status}`, { cookie });
    const mine = await (await list("active", v.cookie)).json<{ ServiceResult: { id: string; status: string }[] }>();
    expect(mine.ServiceResult.map((s) => [s.id, s.status])).toEqual([[active.id, "active"]]);
    const old = await (await list("archived", v.cookie)).json<{ ServiceResult: { id: string; status: string }[] }>();
    expect(old.ServiceResult.map((s) => [s.id, s.status])).toEqual([[archived.id, "archived"]]);
    const other = await vendor();
    expect((await list("archived", other.cookie)).status).toBe(403);
    expect((await list("archived")).status).toBe(403);
    expect((await (await list("active")).json<{ ServiceResult: { id: string }[] }>()).ServiceResult.map((s) => s.id)).toEqual([active.id]);
  });

  it("the dashboard reads every service of the vendor with its views and enquiries in one batch", async () => {
    const v = await vendor();
    await giveUnlimitedPlan(v.id);
    const a = await create(v.cookie);
    const b = await create(v.cookie, caterer({ service_name: "Second kitchen" }));
    await call(`/api/v1/services/serviceArchive/${b.id}`, { method: "PUT", cookie: v.cookie });
    const ctx = {
      ...listingContext(),
      actor: { id: v.id, role: "VENDOR" as const, email: v.email, userName: v.userName, profilePhoto: null, isVerified: true },
    };
    const all = await vendorDashboard(ctx);
    expect(all.counts).toEqual({ active: 1, archived: 1, hidden: 0 });
    expect(all.businessName).toBe(v.businessName);
    expect(all.services.map((s) => [s.id, s.status])).toEqual([
      [b.id, "archived"],
      [a.id, "active"],
    ]);
    expect((await vendorDashboard(ctx, "archived")).services.map((s) => s.id)).toEqual([b.id]);
  });
});

/** The domain context of a signed-in vendor, its database calls counted. */
function vendorContext(v: { id: string; email: string; userName: string }) {
  const calls: string[] = [];
  const base = listingContext();
  const db = new Proxy(base.db, {
    get(target, prop, receiver) {
      if (prop === "batch") return (statements: D1PreparedStatement[]) => (calls.push(`batch(${statements.length})`), target.batch(statements));
      if (prop === "prepare")
        return (sql: string) => {
          const statement = target.prepare(sql);
          return new Proxy(statement, {
            get(st, p) {
              const value = Reflect.get(st, p, st) as unknown;
              if (typeof value !== "function") return value;
              if (p === "first" || p === "all" || p === "run" || p === "raw")
                return (...args: unknown[]) => (calls.push(p), (value as (...a: unknown[]) => unknown).apply(st, args));
              if (p === "bind") return (...args: unknown[]) => st.bind(...args);
              return (value as (...a: unknown[]) => unknown).bind(st);
            },
          });
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const ctx: DomainContext = { ...base, db, actor: { id: v.id, role: "VENDOR", email: v.email, userName: v.userName, profilePhoto: null, isVerified: true } };
  return { ctx, calls };
}

describe("the dashboard at scale", () => {
  it("lists 200 services of a vendor in one D1 round trip (one batch, no query per service)", async () => {
    const v = await vendor();
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 200 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, created_at, updated_at)
           VALUES (?, ?, ?, 'A service for tests.', 'Wedding Vendor', 'Caterers', 1000, 'Per Plate', 'Rajasthan', 'Jaipur', ?, ?)`,
        ).bind(`bulk-${v.id}-${i}`, v.id, `Kitchen ${i}`, now + i, now + i),
      ),
    );
    const { ctx, calls } = vendorContext(v);
    const dashboard = await vendorDashboard(ctx);
    expect(dashboard.services).toHaveLength(200);
    expect(dashboard.services[0]?.service_name).toBe("Kitchen 199");
    expect(dashboard.counts).toEqual({ active: 200, archived: 0, hidden: 0 });
    expect(calls).toEqual(["batch(3)"]);
  });
});

describe("FAQs", () => {
  it("questions move up and down; positions stay 0..n-1", async () => {
    const v = await vendor();
    const service = await create(v.cookie);
    const { ctx } = vendorContext(v);
    const [a, b, c] = [
      await addFaq(ctx, service.id, { question: "First question?", answer: "1" }),
      await addFaq(ctx, service.id, { question: "Second question?", answer: "2" }),
      await addFaq(ctx, service.id, { question: "Third question?", answer: "3" }),
    ];
    expect((await moveFaq(ctx, service.id, c!.id, "up")).map((f) => f.id)).toEqual([a!.id, c!.id, b!.id]);
    expect((await moveFaq(ctx, service.id, a!.id, "up")).map((f) => f.id)).toEqual([a!.id, c!.id, b!.id]);
    expect(JSON.parse(await faqsOf(service.id)).map((f: { id: string; position: number }) => [f.id, f.position])).toEqual([
      [a!.id, 0],
      [c!.id, 1],
      [b!.id, 2],
    ]);
    const other = await vendor();
    await expect(moveFaq(vendorContext(other).ctx, service.id, a!.id, "down")).rejects.toThrow(SERVICE_MESSAGES.notFound);
  });

  it("add, edit and delete a question; limits are 400 naming the field", async () => {
    const v = await vendor();
    const service = await create(v.cookie);
    const added = await call(`/api/v1/services/${service.id}/faq`, {
      method: "POST",
      body: { question: "Do you cater Jain food?", answer: "Yes, from a separate kitchen." },
      cookie: v.cookie,
    });
    expect(added.status).toBe(201);
    const { faq } = await added.json<{ faq: { id: string; position: number } }>();
    expect(faq.position).toBe(0);
    const edited = await call(`/api/v1/services/${service.id}/faq/${faq.id}`, {
      method: "POST",
      body: { question: "Do you cater Jain and vegan food?", answer: "Yes, both." },
      cookie: v.cookie,
    });
    expect(await edited.json()).toMatchObject({ faq: { question: "Do you cater Jain and vegan food?", answer: "Yes, both." } });
    const detail = await (await call(`/api/v1/services/${service.id}`)).json<{ service: { faqs: { id: string; question: string }[] } }>();
    expect(detail.service.faqs).toEqual([{ id: faq.id, question: "Do you cater Jain and vegan food?", answer: "Yes, both." }]);

    const long = await call(`/api/v1/services/${service.id}/faq`, { method: "POST", body: { question: "q".repeat(301), answer: "a" }, cookie: v.cookie });
    expect(long.status).toBe(400);
    expect((await long.json<{ errors: Record<string, string> }>()).errors.question).toMatch(/under 300 characters/);
    const longAnswer = await call(`/api/v1/services/${service.id}/faq`, {
      method: "POST",
      body: { question: "Parking?", answer: "a".repeat(2001) },
      cookie: v.cookie,
    });
    expect((await longAnswer.json<{ errors: Record<string, string> }>()).errors.answer).toMatch(/under 2,000 characters/);

    expect((await call(`/api/v1/services/${service.id}/faq/${faq.id}`, { method: "DELETE", cookie: v.cookie })).status).toBe(200);
    expect(await faqsOf(service.id)).toBe("[]");
    expect((await call(`/api/v1/services/${service.id}/faq/${faq.id}`, { method: "DELETE", cookie: v.cookie })).status).toBe(404);
  });

  it(`a service holds at most ${FAQS_MAX} questions`, async () => {
    const v = await vendor();
    const service = await create(v.cookie);
    await env.DB.batch(
      Array.from({ length: FAQS_MAX }, (_, i) =>
        env.DB.prepare("INSERT INTO service_faqs (id, service_id, question, answer, position, created_at) VALUES (?, ?, ?, 'Yes.', ?, ?)").bind(
          `faq-${service.id}-${i}`,
          service.id,
          `Question number ${i}?`,
          i,
          Date.now(),
        ),
      ),
    );
    const res = await call(`/api/v1/services/${service.id}/faq`, { method: "POST", body: { question: "One more question?", answer: "No." }, cookie: v.cookie });
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toBe(SERVICE_MESSAGES.tooManyFaqs);
    expect(JSON.parse(await snapshot("SELECT count(*) AS n FROM service_faqs WHERE service_id = ?", service.id))[0].n).toBe(FAQS_MAX);
  });

  it("a question of another service of the same vendor is 404 through this service", async () => {
    const v = await vendor();
    await giveUnlimitedPlan(v.id);
    const a = await create(v.cookie);
    const b = await create(v.cookie);
    const { faq } = await (
      await call(`/api/v1/services/${a.id}/faq`, { method: "POST", body: { question: "Do you travel?", answer: "Yes." }, cookie: v.cookie })
    ).json<{ faq: { id: string } }>();
    expect((await call(`/api/v1/services/${b.id}/faq/${faq.id}`, { method: "DELETE", cookie: v.cookie })).status).toBe(404);
    expect(JSON.parse(await faqsOf(a.id))).toHaveLength(1);
  });
});

describe("AI description drafts", () => {
  const facts = {
    service_name: "Lakeside Lawns",
    service_type: "Marriage Garden",
    city: "Udaipur",
    state: "Rajasthan",
    min_price: 150000,
    service_unit: "Per Day",
    capacity_min: 100,
    capacity_max: 800,
    highlights: ["Lake view", "Parking for 200 cars", "Jain kitchen"],
  };

  it("without an AI binding the local writer drafts from the fields, the same every time", async () => {
    const v = await vendor();
    const first = await call("/api/v1/generateAIDescription", { method: "POST", body: facts, cookie: v.cookie });
    expect(first.status).toBe(200);
    const body = await first.json<{ description: string; source: string }>();
    expect(body.source).toBe("local");
    for (const fact of [
      "Lakeside Lawns",
      "marriage garden",
      "Udaipur",
      "₹1,50,000 per day",
      "between 100 and 800 guests",
      "lake view",
      "parking for 200 cars and Jain kitchen",
    ])
      expect(body.description).toContain(fact);
    const second = await (await call("/api/v1/generateAIDescription", { method: "POST", body: facts, cookie: v.cookie })).json<{ description: string }>();
    expect(second.description).toBe(body.description);
  });

  it("an unknown subcategory is a 400 naming it; couples may not ask", async () => {
    const v = await vendor();
    const res = await call("/api/v1/generateAIDescription", { method: "POST", body: { ...facts, service_type: "Dragons" }, cookie: v.cookie });
    expect(res.status).toBe(400);
    expect((await res.json<{ errors: Record<string, string> }>()).errors.service_type).toBeTruthy();
    const couple = await createUser({ role: "USER" });
    expect((await call("/api/v1/generateAIDescription", { method: "POST", body: facts, cookie: await sessionCookieFor(couple.id) })).status).toBe(403);
  });

  it(`allows ${AI_DRAFT_LIMIT.max} drafts an hour per vendor, then 429 with Retry-After`, async () => {
    const v = await vendor();
    for (let i = 0; i < AI_DRAFT_LIMIT.max; i++)
      expect((await call("/api/v1/generateAIDescription", { method: "POST", body: facts, cookie: v.cookie })).status, `draft ${i + 1}`).toBe(200);
    const refused = await call("/api/v1/generateAIDescription", { method: "POST", body: facts, cookie: v.cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json<{ message: string }>()).message).toMatch(/drafts an hour/);
    const other = await vendor();
    expect((await call("/api/v1/generateAIDescription", { method: "POST", body: facts, cookie: other.cookie })).status).toBe(200);
  });

  it("a planner's fee as a percentage of the budget is drafted as a percentage, never as rupees", async () => {
    const v = await vendor();
    const planner = {
      service_name: "Shubh Vivah Planners",
      service_type: "Wedding Planner",
      city: "Jaipur",
      state: "Rajasthan",
      min_price: 6,
      max_price: 10,
      service_unit: "Percentage of Budget",
      highlights: [],
    };
    const res = await call("/api/v1/generateAIDescription", { method: "POST", body: planner, cookie: v.cookie });
    expect(res.status).toBe(200);
    const { description } = await res.json<{ description: string }>();
    expect(description).toContain("6 % to 10 % of the wedding budget");
    expect(description).not.toContain("₹6");
  });

  it("the Workers AI writer uses the model's answer, and falls back to the local writer when the model fails", async () => {
    const parsed = { ...facts, service_category: "Wedding Venue", max_price: undefined, highlights: facts.highlights };
    const prompts: unknown[] = [];
    const ok = workersAiWriter({
      run: async (_model, input) => {
        prompts.push(input);
        return { response: "A lakeside garden for weddings of every size, with the Aravalli hills behind the mandap." };
      },
    });
    expect(await ok.draft(parsed)).toEqual({
      source: "workers-ai",
      text: "A lakeside garden for weddings of every size, with the Aravalli hills behind the mandap.",
    });
    expect(JSON.stringify(prompts)).toContain("Lakeside Lawns");
    const failing = workersAiWriter({
      run: async () => {
        throw new Error("model unavailable");
      },
    });
    expect(await failing.draft(parsed)).toEqual({ source: "local", text: writeLocalDescription(parsed) });
  });
});

describe("search index", () => {
  it("searchServices sees a new service and stops seeing it once archived", async () => {
    const v = await vendor();
    const name = word();
    const service = await create(v.cookie, caterer({ service_name: `Kitchen ${name}` }));
    const ctx = listingContext();
    expect((await searchServices(ctx, { q: name })).services.map((s) => s.id)).toEqual([service.id]);
    await call(`/api/v1/services/serviceArchive/${service.id}`, { method: "PUT", cookie: v.cookie });
    expect((await searchServices(ctx, { q: name })).services).toEqual([]);
  });
});
