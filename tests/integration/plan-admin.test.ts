import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { activePlans, PLAN_MESSAGES } from "#domain/billing/index.ts";
import { call, createVendor, ORIGIN, signedIn, worker } from "#tests/support/factories.ts";
import { testContext } from "#tests/support/context.ts";

/**
 * Plans as admins manage them, through the API (POST /plan, PUT /plan/{id}, POST
 * /plan/{id}/retire|restore, GET /admin/plans): the form's rules with their messages, a unique
 * name among active plans, at most one active trial, retiring that leaves subscriptions alone
 * and hides the plan from vendors, edits that leave existing subscriptions' dates alone, and
 * nobody but admins.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
let n = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${(n++).toString(36)}`;

const paid = (overrides: Loose = {}) => ({
  name: unique("Silver"),
  description: "For growing businesses.",
  price: 4999,
  durationDays: 90,
  isTrial: false,
  features: ["List up to 10 services", "Full analytics"],
  maxActiveServices: 10,
  featuredPlacement: false,
  analyticsDepth: "FULL",
  ...overrides,
});
const trial = (overrides: Loose = {}) =>
  paid({ name: unique("Free trial"), price: 0, durationDays: 14, isTrial: true, maxActiveServices: 3, analyticsDepth: "BASIC", ...overrides });

const create = async (cookie: string, body: unknown) => json(await call("/api/v1/plan", { method: "POST", cookie, body }));
const update = async (cookie: string, id: string, body: unknown) => json(await call(`/api/v1/plan/${id}`, { method: "PUT", cookie, body }));
const retire = async (cookie: string, id: string) => json(await call(`/api/v1/plan/${id}/retire`, { method: "POST", cookie }));
const restore = async (cookie: string, id: string) => json(await call(`/api/v1/plan/${id}/restore`, { method: "POST", cookie }));
const planRow = (id: string) => env.DB.prepare("SELECT * FROM plans WHERE id = ?").bind(id).first<Loose>();
const planCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM plans").first<{ n: number }>())!.n;

let admin: Awaited<ReturnType<typeof signedIn>>;
beforeEach(async () => {
  admin = await signedIn("ADMIN");
  // Each test states its own trial: none is active at the start.
  await env.DB.prepare("UPDATE plans SET is_active = 0 WHERE is_trial = 1").run();
});

describe("creating a plan", () => {
  it("stores every field and answers 201 with the plan", async () => {
    const body = paid({ name: "  Platinum Plus  ", features: ["Priority support", "Featured in search"], featuredPlacement: true, maxActiveServices: null });
    const { status, body: answer } = await create(admin.cookie, body);
    expect(status).toBe(201);
    expect(answer.plan).toMatchObject({
      name: "Platinum Plus",
      price: 4999,
      durationDays: 90,
      isTrial: false,
      features: ["Priority support", "Featured in search"],
      maxActiveServices: null,
      featuredPlacement: true,
      analyticsDepth: "FULL",
      isActive: true,
      subscribers: 0,
    });
    const row = await planRow(answer.plan.id);
    expect(row).toMatchObject({
      name: "Platinum Plus",
      price: 4999,
      duration_days: 90,
      is_trial: 0,
      max_active_services: null,
      featured_placement: 1,
      is_active: 1,
    });
    expect(JSON.parse(row!.features)).toEqual(["Priority support", "Featured in search"]);
    // Listed for vendors.
    expect((await activePlans(testContext())).map((p) => p.id)).toContain(answer.plan.id);
  });

  it("accepts a page form's strings: thousands separators, features one per line, an empty limit for unlimited, a ticked box", async () => {
    const form = new FormData();
    const name = unique("Gold");
    for (const [k, v] of Object.entries({
      name,
      description: "",
      price: "14,999",
      durationDays: " 365 ",
      features: "Unlimited services\r\n\r\n  Featured placement  \nFull analytics",
      maxActiveServices: "",
      featuredPlacement: "true",
      analyticsDepth: "FULL",
    }))
      form.append(k, v);
    const res = await worker.fetch(`${ORIGIN}/api/v1/plan`, { method: "POST", headers: { Origin: ORIGIN, Cookie: admin.cookie }, body: form });
    const { status, body } = await json(res);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.plan).toMatchObject({
      name,
      price: 14999,
      durationDays: 365,
      isTrial: false,
      features: ["Unlimited services", "Featured placement", "Full analytics"],
      maxActiveServices: null,
      featuredPlacement: true,
    });
  });

  const refusals: [string, Loose, string, string][] = [
    ["an empty name", { name: " " }, "name", "Please enter the plan's name (at least 2 characters)."],
    ["a long name", { name: "x".repeat(61) }, "name", "Use at most 60 characters."],
    ["a price with paise", { price: 49.5 }, "price", "Enter the price in whole rupees, e.g. 4999."],
    ["a price in words", { price: "lots" }, "price", "Enter the price in whole rupees, e.g. 4999."],
    ["a negative price", { price: -1 }, "price", "The price cannot be negative."],
    ["an absurd price", { price: 5_000_000 }, "price", "The price can be at most ₹5,00,000."],
    ["a free paid plan", { price: 0 }, "price", "A paid plan costs at least ₹1 (only the trial plan is free)."],
    ["a trial that costs money", { isTrial: true, price: 99 }, "price", "The free trial plan costs nothing: set the price to 0."],
    ["0 days", { durationDays: 0 }, "durationDays", "A plan lasts at least 1 day."],
    ["more than 3 years", { durationDays: 1096 }, "durationDays", "A plan lasts at most 1095 days (3 years)."],
    ["13 features", { features: Array.from({ length: 13 }, (_, i) => `Feature ${i}`) }, "features", "List at most 12 features."],
    ["a long feature", { features: ["y".repeat(81)] }, "features.0", "Keep each feature to 80 characters."],
    ["0 services", { maxActiveServices: 0 }, "maxActiveServices", "Allow at least 1 active service, or leave it empty for unlimited."],
    ["1,001 services", { maxActiveServices: 1001 }, "maxActiveServices", "At most 1,000; leave it empty for unlimited."],
    ["an unknown analytics depth", { analyticsDepth: "DEEP" }, "analyticsDepth", "Choose Basic or Full analytics."],
  ];
  for (const [what, change, field, message] of refusals)
    it(`refuses ${what} with a message on the field, and stores nothing`, async () => {
      const before = await planCount();
      const { status, body } = await create(admin.cookie, paid(change));
      expect(status).toBe(400);
      expect(body.success).toBe(false);
      expect(body.errors[field], JSON.stringify(body.errors)).toBe(message);
      expect(await planCount()).toBe(before);
    });

  it("keeps names unique among active plans, ignoring case; a retired plan's name may be used again", async () => {
    const name = unique("Diamond");
    const first = await create(admin.cookie, paid({ name }));
    expect(first.status).toBe(201);
    const again = await create(admin.cookie, paid({ name: name.toUpperCase() }));
    expect(again.status).toBe(400);
    expect(again.body.errors.name).toBe(PLAN_MESSAGES.nameTaken);
    expect((await retire(admin.cookie, first.body.plan.id)).status).toBe(200);
    const reused = await create(admin.cookie, paid({ name: name.toLowerCase() }));
    expect(reused.status).toBe(201);
    // The retired one cannot come back while the new one has the name.
    const back = await restore(admin.cookie, first.body.plan.id);
    expect(back.status).toBe(409);
    expect(back.body.message).toBe(PLAN_MESSAGES.nameTaken);
    expect((await planRow(first.body.plan.id))!.is_active).toBe(0);
  });
});

describe("at most one active trial plan", () => {
  it("refuses a second trial (create, edit or restore) while one is active", async () => {
    const one = await create(admin.cookie, trial());
    expect(one.status).toBe(201);
    const two = await create(admin.cookie, trial());
    expect(two.status).toBe(400);
    expect(two.body.errors.isTrial).toBe(PLAN_MESSAGES.trialTaken);

    // A paid plan without subscriptions cannot become a second trial either.
    const other = await create(admin.cookie, paid());
    const turned = await update(admin.cookie, other.body.plan.id, trial({ name: other.body.plan.name }));
    expect(turned.status).toBe(400);
    expect(turned.body.errors.isTrial).toBe(PLAN_MESSAGES.trialTaken);
    expect((await planRow(other.body.plan.id))!.is_trial).toBe(0);

    // Retire the first; a new trial is fine; the first cannot be restored beside it.
    expect((await retire(admin.cookie, one.body.plan.id)).status).toBe(200);
    const three = await create(admin.cookie, trial());
    expect(three.status).toBe(201);
    const back = await restore(admin.cookie, one.body.plan.id);
    expect(back.status).toBe(409);
    expect(back.body.message).toBe(PLAN_MESSAGES.trialTaken);
    const trials = await env.DB.prepare("SELECT id FROM plans WHERE is_active = 1 AND is_trial = 1").all<{ id: string }>();
    expect(trials.results.map((r) => r.id)).toEqual([three.body.plan.id]);
  });

  it("lets only one of two admins creating a trial at the same moment win", async () => {
    const other = await signedIn("SUPER_ADMIN");
    const answers = await Promise.all([create(admin.cookie, trial()), create(other.cookie, trial())]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const { n: active } = (await env.DB.prepare("SELECT count(*) AS n FROM plans WHERE is_active = 1 AND is_trial = 1").first<{ n: number }>())!;
    expect(active).toBe(1);
  });
});

/** A vendor's subscription on the plan, written directly (the buying flow is another area's). */
async function subscribe(planId: string, opts: { status?: string; start?: number; end?: number } = {}) {
  const vendor = await createVendor();
  const id = `sub-${vendor.id}`;
  const start = opts.start ?? Date.now() - 86_400_000;
  const end = opts.end ?? Date.now() + 30 * 86_400_000;
  await env.DB.prepare(
    "INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, start_date, end_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, vendor.id, planId, opts.status ?? "ACTIVE", `order_${id}`, start, end, start, start)
    .run();
  return id;
}
const subscriptionRow = (id: string) => env.DB.prepare("SELECT * FROM subscriptions WHERE id = ?").bind(id).first<Loose>();

describe("retiring and editing a plan with subscribers", () => {
  it("retiring hides the plan from vendors and leaves its subscriptions exactly as they were; restoring lists it again", async () => {
    const { body } = await create(admin.cookie, paid());
    const id = body.plan.id;
    const running = await subscribe(id);
    const ended = await subscribe(id, { status: "EXPIRED", start: Date.now() - 100 * 86_400_000, end: Date.now() - 10 * 86_400_000 });
    const before = [await subscriptionRow(running), await subscriptionRow(ended)];

    const listed = await json(await call("/api/v1/admin/plans", { cookie: admin.cookie }));
    expect(listed.body.plans.find((p: Loose) => p.id === id)).toMatchObject({ subscribers: 1, subscriptions: 2, isActive: true });

    const retired = await retire(admin.cookie, id);
    expect(retired.status).toBe(200);
    expect(retired.body.message).toBe(PLAN_MESSAGES.retired);
    expect(retired.body.plan).toMatchObject({ isActive: false, subscribers: 1 });
    expect([await subscriptionRow(running), await subscriptionRow(ended)]).toEqual(before);
    expect((await activePlans(testContext())).map((p) => p.id)).not.toContain(id);
    // Still in the admin's list, marked retired.
    const after = await json(await call("/api/v1/admin/plans", { cookie: admin.cookie }));
    expect(after.body.plans.find((p: Loose) => p.id === id)).toMatchObject({ isActive: false, subscribers: 1 });

    expect((await retire(admin.cookie, id)).status).toBe(409);
    const back = await restore(admin.cookie, id);
    expect(back.status).toBe(200);
    expect((await activePlans(testContext())).map((p) => p.id)).toContain(id);
    expect((await restore(admin.cookie, id)).status).toBe(409);
  });

  it("an edit of price and duration changes the plan for new purchases only: subscriptions keep their dates", async () => {
    const { body } = await create(admin.cookie, paid());
    const id = body.plan.id;
    const running = await subscribe(id);
    const before = await subscriptionRow(running);
    const edited = await update(admin.cookie, id, paid({ name: body.plan.name, price: 5999, durationDays: 120 }));
    expect(edited.status).toBe(200);
    expect(edited.body.plan).toMatchObject({ price: 5999, durationDays: 120 });
    expect(await subscriptionRow(running)).toEqual(before);
    expect((await activePlans(testContext())).find((p) => p.id === id)).toMatchObject({ price: 5999, durationDays: 120 });
  });

  it("refuses to turn a plan with subscriptions into a trial (or back)", async () => {
    const { body } = await create(admin.cookie, paid());
    await subscribe(body.plan.id);
    const turned = await update(admin.cookie, body.plan.id, trial({ name: body.plan.name }));
    expect(turned.status).toBe(400);
    expect(turned.body.errors.isTrial).toBe(PLAN_MESSAGES.kindLocked);
    expect(await planRow(body.plan.id)).toMatchObject({ is_trial: 0, price: 4999 });
  });

  it("edits a retired plan without restoring it, and answers 404 for a plan that does not exist", async () => {
    const { body } = await create(admin.cookie, paid());
    await retire(admin.cookie, body.plan.id);
    const edited = await update(admin.cookie, body.plan.id, paid({ name: body.plan.name, description: "Old plan" }));
    expect(edited.status).toBe(200);
    expect(edited.body.plan).toMatchObject({ isActive: false, description: "Old plan" });
    expect((await update(admin.cookie, "no-such-plan", paid())).status).toBe(404);
    expect((await retire(admin.cookie, "no-such-plan")).status).toBe(404);
    expect((await restore(admin.cookie, "no-such-plan")).status).toBe(404);
  });
});

describe("who may manage plans", () => {
  it("refuses visitors (401), couples and vendors (403) and changes nothing", async () => {
    const { body } = await create(admin.cookie, paid());
    const id = body.plan.id;
    const row = await planRow(id);
    const count = await planCount();
    for (const who of [undefined, (await signedIn("USER")).cookie, (await signedIn("VENDOR")).cookie]) {
      const expected = who ? 403 : 401;
      expect((await create(who as string, paid())).status).toBe(expected);
      expect((await update(who as string, id, paid({ price: 1 }))).status).toBe(expected);
      expect((await retire(who as string, id)).status).toBe(expected);
      expect((await restore(who as string, id)).status).toBe(expected);
      expect((await call("/api/v1/admin/plans", { cookie: who })).status).toBe(expected);
    }
    expect(await planRow(id)).toEqual(row);
    expect(await planCount()).toBe(count);
  });

  it("lets a super admin manage plans too", async () => {
    const superAdmin = await signedIn("SUPER_ADMIN");
    const made = await create(superAdmin.cookie, paid());
    expect(made.status).toBe(201);
    expect((await retire(superAdmin.cookie, made.body.plan.id)).status).toBe(200);
  });
});
