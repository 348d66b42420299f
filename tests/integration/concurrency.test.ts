import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, createService, createUser, createVendor, ORIGIN, sessionCookieFor, worker } from "#tests/support/factories.ts";
import { insertTemplate, pngOf } from "#tests/support/invitations.ts";
import { callback, creditsOf, payInSandbox, sendWebhook, webhooksOf, type OrderAnswer } from "#tests/support/payments.ts";
import { loadPage, postPage, toastOf } from "#tests/support/pages.ts";
import { ONCE_FIELD } from "#app/lib/once-token.tsx";

/**
 * Uniqueness rules hold when requests race (a double-click, two tabs, a retrying client): the
 * database decides, the losers get 409 and leave nothing behind.
 */
const PARALLEL = 8;

async function setup() {
  const vendor = await createVendor();
  const service = await createService({ vendorId: vendor.id });
  const couple = await createUser({ role: "USER" });
  return { vendor, serviceId: service.id, couple, cookie: await sessionCookieFor(couple.id) };
}

const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

describe("one open enquiry per couple per service, under concurrency", () => {
  const enquiry = { message: "We are looking for a caterer for 300 guests for our reception in Jaipur.", eventDate: "2099-02-14", guestCount: 300 };

  it(`${PARALLEL} parallel enquiries make one lead, one e-mail and one count; the others get 409`, async () => {
    const { vendor, serviceId, couple, cookie } = await setup();
    const outboxBefore = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE to_address = ?").bind(vendor.email).first<number>("n");
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => call(`/api/v1/services/makeLead/${serviceId}`, { method: "PUT", body: enquiry, cookie })),
    );
    expect(statuses(responses)).toEqual([201, ...Array<number>(PARALLEL - 1).fill(409)]);
    for (const r of responses.filter((x) => x.status === 409)) expect((await r.json<{ message: string }>()).message).toContain("already sent an enquiry");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM leads WHERE user_id = ? AND service_id = ?").bind(couple.id, serviceId).first<number>("n")).toBe(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE to_address = ?").bind(vendor.email).first<number>("n")).toBe((outboxBefore ?? 0) + 1);
    expect(await env.DB.prepare("SELECT lead_count FROM services WHERE id = ?").bind(serviceId).first<number>("lead_count")).toBe(1);
    expect(await env.DB.prepare("SELECT sum(leads) AS n FROM service_daily_stats WHERE service_id = ?").bind(serviceId).first<number>("n")).toBe(1);
  });

  it("the database refuses a second open lead even past the domain's check, and allows a new one once the first is closed", async () => {
    const { vendor, serviceId, couple } = await setup();
    const insert = (id: string, status: string) =>
      env.DB.prepare("INSERT INTO leads (id, service_id, vendor_id, user_id, message, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'm', ?, 1, 1)")
        .bind(id, serviceId, vendor.id, couple.id, status)
        .run();
    await insert(`l-${crypto.randomUUID()}`, "NEW");
    await expect(insert(`l-${crypto.randomUUID()}`, "QUOTED")).rejects.toThrow(/UNIQUE/);
    await insert(`l-${crypto.randomUUID()}`, "LOST");
    await env.DB.prepare("UPDATE leads SET status = 'BOOKED' WHERE user_id = ? AND service_id = ? AND status = 'NEW'").bind(couple.id, serviceId).run();
    await insert(`l-${crypto.randomUUID()}`, "NEW");
  });
});

describe("one review per couple per service, under concurrency", () => {
  const COMMENT = "The food was wonderful, the team arrived early and every guest asked for the caterer's number afterwards.";
  const fields = { rating: 4, quality: 5, responsiveness: 4, professionalism: 5, value: 4, flexibility: 3, comment: COMMENT };

  it(`${PARALLEL} parallel reviews make one review and one count; the others get 409`, async () => {
    const { serviceId, couple, cookie } = await setup();
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => call(`/api/v1/services/feedback/${serviceId}`, { method: "POST", body: fields, cookie })),
    );
    expect(statuses(responses)).toEqual([201, ...Array<number>(PARALLEL - 1).fill(409)]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM reviews WHERE user_id = ? AND service_id = ?").bind(couple.id, serviceId).first<number>("n")).toBe(
      1,
    );
    expect(await env.DB.prepare("SELECT review_count FROM services WHERE id = ?").bind(serviceId).first<number>("review_count")).toBe(1);
  });

  it("parallel reviews with photos keep only the winner's photos in R2", async () => {
    const { serviceId, cookie } = await setup();
    const list = async () => (await env.MEDIA.list({ prefix: "u/reviews/" })).objects.map((o) => o.key).sort();
    const before = await list();
    const bytes = await pngOf(40, 30);
    const form = () => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, String(v));
      f.append("photos", new File([bytes], "p.png", { type: "image/png" }));
      return f;
    };
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        worker.fetch(`${ORIGIN}/api/v1/services/feedback/${serviceId}`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie }, body: form() }),
      ),
    );
    expect(statuses(responses)).toEqual([201, ...Array<number>(PARALLEL - 1).fill(409)]);
    const winner = responses.find((r) => r.status === 201)!;
    const kept = (await winner.json<{ feedback: { photos: { key: string }[] } }>()).feedback.photos.map((p) => p.key);
    expect(await list()).toEqual([...before, ...kept].sort());
  });
});

describe("double payments (issue 28)", () => {
  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
    // The sandbox's own first webhook attempts are refused: the test sends every webhook itself.
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      throw new Error("connection refused");
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it(`${PARALLEL} parallel "Pay" for one design open one order; its callbacks and webhooks at once credit once`, async () => {
    const couple = await createUser({ role: "USER" });
    const cookie = await sessionCookieFor(couple.id);
    const template = await insertTemplate({ price: 399 });
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => call(`/api/v1/template/create-order/${template.id}`, { method: "POST", cookie })),
    );
    expect(statuses(responses)).toEqual(Array<number>(PARALLEL).fill(200));
    const orders = (await Promise.all(responses.map((r) => r.json<OrderAnswer>()))).map((o) => o.orderId);
    expect(new Set(orders).size).toBe(1);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE user_id = ?").bind(couple.id).first<number>("n");
    expect(stored).toBe(1);

    const order = (await (await call(`/api/v1/template/create-order/${template.id}`, { method: "POST", cookie })).json()) as OrderAnswer;
    const back = await payInSandbox(order);
    // The sandbox queued its webhooks (its own first attempts may be running too); send them all again at once with the callbacks.
    let hooks = await webhooksOf(order.orderId);
    for (let i = 0; hooks.length < 2 && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 20));
      hooks = await webhooksOf(order.orderId);
    }
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => callback(back.fields)),
      ...hooks.flatMap((h) => Array.from({ length: 3 }, () => sendWebhook(h.body, h.id))),
    ]);
    for (const a of answers) expect(a.status).toBeLessThan(400);
    expect(await creditsOf(order.orderId)).toHaveLength(1);
    const paid = await env.DB.prepare("SELECT COALESCE(SUM(amount), 0) AS total FROM payments WHERE user_id = ? AND status = 'SUCCESS'")
      .bind(couple.id)
      .first<number>("total");
    expect(paid).toBe(399);
  });
});

describe("double posts with one Idempotency-Key, at once (issue 28)", () => {
  it(`${PARALLEL} parallel adds of a guest with one key store one guest; each answer is the first one's, or 409 while it runs`, async () => {
    const { couple, cookie } = await setup();
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call("/api/v1/guests", { method: "POST", body: { name: "Neha Kapoor" }, cookie, headers: { "Idempotency-Key": key } }),
      ),
    );
    for (const s of statuses(responses)) expect([201, 409]).toContain(s);
    const bodies = await Promise.all(responses.filter((r) => r.status === 201).map((r) => r.json<{ guest: { id: string } }>()));
    expect(new Set(bodies.map((b) => b.guest.id)).size).toBe(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM guests WHERE user_id = ?").bind(couple.id).first<number>("n")).toBe(1);
  });

  it("4 identical CSV imports at once with one key make one import (they stored 8 guests)", async () => {
    const { couple, cookie } = await setup();
    const key = crypto.randomUUID();
    const csv = "Household,Name\nSharma family,Kiran Sharma\nSharma family,Asha Sharma\n";
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => call("/api/v1/guests/import", { method: "POST", body: { csv }, cookie, headers: { "Idempotency-Key": key } })),
    );
    for (const s of statuses(responses)) expect([200, 201, 409]).toContain(s);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM guests WHERE user_id = ?").bind(couple.id).first<number>("n")).toBe(2);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM households WHERE user_id = ?").bind(couple.id).first<number>("n")).toBe(1);
  });
});

describe("double posts through pages with one one-time token, at once (issue 28)", () => {
  const tokenOf = async (path: string, cookie?: string) => (await loadPage<{ onceToken: string }>(path, cookie)).onceToken;
  const answers = async (responses: Response[]) =>
    Promise.all(responses.map(async (r) => ({ status: r.status, location: r.headers.get("Location"), toast: toastOf(r), body: await r.text() })));

  it(`${PARALLEL} "Add guest" posts at once with the page's token store one guest, and every post gets the first one's redirect and toast`, async () => {
    const { couple, cookie } = await setup();
    const form = { intent: "addGuest", name: "Neha Kapoor", [ONCE_FIELD]: await tokenOf("/profile/guests", cookie) };
    const all = await answers(await Promise.all(Array.from({ length: PARALLEL }, () => postPage("/profile/guests", form, cookie))));
    for (const a of all) expect(a).toEqual({ status: 303, location: "/profile/guests", toast: { type: "success", message: "Guest added." }, body: "" });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM guests WHERE user_id = ?").bind(couple.id).first<number>("n")).toBe(1);
  });

  it("4 identical CSV imports at once through the page make one import", async () => {
    const { couple, cookie } = await setup();
    const token = await tokenOf("/profile/guests", cookie);
    const csv = () => new File(["Household,Name\nSharma family,Kiran Sharma\nSharma family,Asha Sharma\n"], "guests.csv", { type: "text/csv" });
    const all = await answers(
      await Promise.all(Array.from({ length: 4 }, () => postPage("/profile/guests", { intent: "import", file: csv(), [ONCE_FIELD]: token }, cookie))),
    );
    for (const a of all) expect(a.toast).toEqual({ type: "success", message: "Imported 2 guests." });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM guests WHERE user_id = ?").bind(couple.id).first<number>("n")).toBe(2);
  });

  it("a budget line, a function and a contact message sent twice at once are stored once each", async () => {
    const { couple, cookie } = await setup();
    const twiceAtOnce = async (path: string, fields: Record<string, string>, who?: string) => {
      const form = { ...fields, [ONCE_FIELD]: await tokenOf(path, who) };
      const [a, b] = await answers(await Promise.all([postPage(path, form, who), postPage(path, form, who)]));
      expect(b).toEqual(a);
      expect(a!.status).toBeLessThan(400);
    };
    await twiceAtOnce("/profile/weddingbudget", { intent: "add-line", category: "music", label: "Dhol players", estimated: "20000" }, cookie);
    await twiceAtOnce("/profile/weddingplan", { intent: "create", eventName: "Sangeet", eventDate: "2027-02-13" }, cookie);
    const email = `once.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await twiceAtOnce("/contactus", {
      name: "Meera Iyer",
      email,
      topic: "Planning my wedding",
      message: "We are looking for a venue in Udaipur for February.",
    });
    const n = (sql: string, bind: string) => env.DB.prepare(sql).bind(bind).first<number>("n");
    expect(await n("SELECT count(*) AS n FROM budget_lines WHERE user_id = ?", couple.id)).toBe(1);
    expect(await n("SELECT count(*) AS n FROM events WHERE user_id = ?", couple.id)).toBe(1);
    expect(await n("SELECT count(*) AS n FROM contact_messages WHERE email = ?", email)).toBe(1);
  });
});
