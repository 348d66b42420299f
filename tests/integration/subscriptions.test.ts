import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { completeSignup, registerVendor, verifyEmail, issueAuthToken, deleteVendorAccount } from "#domain/accounts/index.ts";
import { orderOutcome, paymentHistory, trialClaimKey, vendorSubscriptions } from "#domain/billing/index.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, createUser, createVendor, GOOD_PASSWORD, sessionCookieFor, signedIn, vendorSignUpBody } from "#tests/support/factories.ts";

/**
 * What a vendor sees of their subscription (issue 11): the free trial that starts when the e-mail
 * is verified (once per address, even across deletion), their subscriptions and payments (API and
 * domain, only their own), the plans on offer, and an order's outcome after the gateway.
 */
const DAY = 86_400_000;
let n = 0;
const tag = () => `${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const unique = (p: string) => `${p}-${tag()}@test.example`;

/** The only active trial plan while a test runs (every other trial plan is retired first). */
let trialPlanId = "";
async function onlyTrialPlan(days = 14): Promise<string> {
  const id = `trial-${tag()}`;
  await env.DB.batch([
    env.DB.prepare("UPDATE plans SET is_active = 0 WHERE is_trial = 1"),
    env.DB.prepare(
      "INSERT INTO plans (id, name, description, price, duration_days, is_trial, features, max_active_services, analytics_depth, is_active, created_at, updated_at) VALUES (?, 'Free trial', '', 0, ?, 1, '[]', 3, 'BASIC', 1, 1, 1)",
    ).bind(id, days),
  ]);
  return id;
}

async function paidPlan(name: string, price: number, days: number, active = true): Promise<string> {
  const id = `paid-${tag()}`;
  await env.DB.prepare(
    "INSERT INTO plans (id, name, description, price, duration_days, is_trial, features, max_active_services, featured_placement, analytics_depth, is_active, created_at, updated_at) VALUES (?, ?, '', ?, ?, 0, '[]', NULL, 1, 'FULL', ?, 1, 1)",
  )
    .bind(id, name, price, days, active ? 1 : 0)
    .run();
  return id;
}

/** Signs a vendor up the way the product does: the sign-up, then the e-mailed link opened with the password, at `now`. */
async function signUpVendor(email: string, now: number): Promise<string> {
  const ctx = testContext({ now, request: { ip: null } });
  await registerVendor(ctx, vendorSignUpBody(email, `Shubh Caterers ${tag()}`));
  await ctx.settle();
  const mail = await env.DB.prepare(
    "SELECT text FROM outbox WHERE to_address = ? AND subject LIKE 'Confirm your e-mail%' ORDER BY created_at DESC, id DESC LIMIT 1",
  )
    .bind(email)
    .first<{ text: string }>();
  const token = mail?.text.match(/verify-email\?token=([a-z2-7]{32})/)?.[1];
  if (!token) throw new Error(`no sign-up link for ${email}`);
  const done = await completeSignup(testContext({ now }), { token, password: GOOD_PASSWORD });
  return done.account.id;
}

const subscriptionsOf = (vendorId: string) =>
  env.DB.prepare("SELECT plan_id, status, is_trial, start_date, end_date, trial_end_date FROM subscriptions WHERE vendor_id = ?")
    .bind(vendorId)
    .all()
    .then((r) => r.results);
const claimOf = async (email: string) =>
  env.DB.prepare("SELECT vendor_id FROM trial_claims WHERE email_hash = ?")
    .bind(await trialClaimKey(email))
    .first();

describe("the free trial", () => {
  beforeEach(async () => {
    trialPlanId = await onlyTrialPlan(14);
  });

  it("starts ACTIVE on the trial plan when a vendor finishes sign-up from the e-mailed link, ending after the plan's days", async () => {
    const now = Date.now();
    const email = unique("trial");
    const vendorId = await signUpVendor(email, now);
    expect(await subscriptionsOf(vendorId)).toEqual([
      { plan_id: trialPlanId, status: "ACTIVE", is_trial: 1, start_date: now, end_date: now + 14 * DAY, trial_end_date: now + 14 * DAY },
    ]);
    expect(await claimOf(email)).toEqual({ vendor_id: vendorId });
  });

  it("is once per e-mail: after the account is deleted, signing up again with the address (any case) gets no second trial", async () => {
    const start = Date.now();
    const email = unique("again");
    const first = await signUpVendor(email, start);
    expect(await subscriptionsOf(first)).toHaveLength(1);
    await deleteVendorAccount(testContext({ actor: actorOf(first), now: start + 1000 }));
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE id = ?").bind(first).first()).toBeNull();
    expect(await claimOf(email)).toEqual({ vendor_id: first });
    // Later (past the sign-up mail limits), the same person signs up again, the address in capitals.
    const second = await signUpVendor(email.toUpperCase(), start + 3 * 3_600_000);
    expect(second).not.toBe(first);
    expect(await subscriptionsOf(second)).toEqual([]);
    const mine = await vendorSubscriptions(testContext({ actor: actorOf(second) }));
    expect(mine).toEqual([]);
  });

  it("with no active trial plan: the account is made, with no trial and no claim on the address", async () => {
    await env.DB.prepare("UPDATE plans SET is_active = 0 WHERE is_trial = 1").run();
    const now = Date.now();
    const email = unique("notrial");
    const vendorId = await signUpVendor(email, now);
    expect(await env.DB.prepare("SELECT role FROM users WHERE id = ?").bind(vendorId).first("role")).toBe("VENDOR");
    expect(await subscriptionsOf(vendorId)).toEqual([]);
    expect(await claimOf(email)).toBeNull();
  });

  it("is not given to couples", async () => {
    const ctx = testContext({ request: { ip: null } });
    const email = unique("couple");
    const { registerUser } = await import("#domain/accounts/index.ts");
    await registerUser(ctx, { user_name: "Asha", email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD } as Parameters<typeof registerUser>[1]);
    await ctx.settle();
    const mail = await env.DB.prepare("SELECT text FROM outbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1").bind(email).first<{ text: string }>();
    const token = mail!.text.match(/verify-email\?token=([a-z2-7]{32})/)![1]!;
    const done = await completeSignup(testContext(), { token, password: GOOD_PASSWORD });
    expect(await env.DB.prepare("SELECT count(*) AS c FROM subscriptions WHERE vendor_id = ?").bind(done.account.id).first("c")).toBe(0);
    expect(await claimOf(email)).toBeNull();
  });

  it("starts on the legacy verification link of an unverified vendor, once: a second link adds nothing", async () => {
    const now = Date.now();
    const user = await createUser({ role: "VENDOR", isVerified: false, email: unique("legacy") });
    await env.DB.prepare("INSERT INTO vendors (user_id, slug, business_name, created_at, updated_at) VALUES (?, ?, 'Legacy Decor', ?, ?)")
      .bind(user.id, `legacy-${tag()}`, now, now)
      .run();
    const ctx = testContext({ now });
    const token = await issueAuthToken(ctx, user.id, "VERIFY_EMAIL");
    await verifyEmail(ctx, { token });
    expect(await subscriptionsOf(user.id)).toEqual([
      { plan_id: trialPlanId, status: "ACTIVE", is_trial: 1, start_date: now, end_date: now + 14 * DAY, trial_end_date: now + 14 * DAY },
    ]);
    const later = testContext({ now: now + 5000 });
    await verifyEmail(later, { token: await issueAuthToken(later, user.id, "VERIFY_EMAIL") });
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
  });

  it("a spent legacy link (refused) starts nothing", async () => {
    const now = Date.now();
    const user = await createUser({ role: "VENDOR", isVerified: false, email: unique("spent") });
    await env.DB.prepare("INSERT INTO vendors (user_id, slug, business_name, created_at, updated_at) VALUES (?, ?, 'Spent Decor', ?, ?)")
      .bind(user.id, `spent-${tag()}`, now, now)
      .run();
    const token = await issueAuthToken(testContext({ now }), user.id, "VERIFY_EMAIL");
    await env.DB.prepare("UPDATE auth_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(now - 1, user.id)
      .run();
    await expect(verifyEmail(testContext({ now }), { token })).rejects.toMatchObject({ status: 400 });
    expect(await subscriptionsOf(user.id)).toEqual([]);
    expect(await claimOf(user.email)).toBeNull();
  });
});

async function subscription(
  vendorId: string,
  planId: string,
  fields: { status: string; isTrial?: boolean; start?: number | null; end?: number | null; order?: string | null; reason?: string | null; createdAt?: number },
) {
  const id = `sub-${tag()}`;
  await env.DB.prepare(
    "INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, start_date, end_date, is_trial, trial_end_date, failure_reason, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      id,
      vendorId,
      planId,
      fields.status,
      fields.order ?? null,
      fields.start ?? null,
      fields.end ?? null,
      fields.isTrial ? 1 : 0,
      fields.isTrial ? (fields.end ?? null) : null,
      fields.reason ?? null,
      fields.createdAt ?? Date.now(),
      Date.now(),
    )
    .run();
  return id;
}

async function payment(
  userId: string,
  subscriptionId: string | null,
  fields: { amount: number; status: string; order: string; paymentId?: string | null; reason?: string | null; createdAt: number },
) {
  const id = `pay-${tag()}`;
  await env.DB.prepare(
    "INSERT INTO payments (id, user_id, purpose, subscription_id, amount, status, gateway_order_id, gateway_payment_id, failure_reason, created_at, updated_at) VALUES (?, ?, 'SUBSCRIPTION', ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      id,
      userId,
      subscriptionId,
      fields.amount,
      fields.status,
      fields.order,
      fields.paymentId ?? null,
      fields.reason ?? null,
      fields.createdAt,
      fields.createdAt,
    )
    .run();
  return id;
}

async function invoice(paymentId: string, number: string) {
  const id = `inv-${tag()}`;
  await env.DB.prepare(
    `INSERT INTO invoices (id, payment_id, user_id, number, financial_year, sequence, description, sac, taxable_value, cgst_rate, cgst_amount, sgst_rate, sgst_amount,
       igst_rate, igst_amount, total, prices_include_gst, place_of_supply, supplier, billed_to, issued_at)
     SELECT ?, ?, user_id, ?, ?, 1, 'Mandap Silver plan', '998365', 423644, 0, 0, 0, 0, 1800, 76256, 499900, 1, 'Rajasthan (08)', '{}', '{}', ? FROM payments WHERE id = ?`,
  )
    .bind(id, paymentId, number, `t-${id}`, Date.now(), paymentId)
    .run();
  return id;
}

type Json = {
  success: boolean;
  message?: string;
  subscriptions?: Record<string, unknown>[];
  payments?: Record<string, unknown>[];
  plans?: Record<string, unknown>[];
};
const getJson = async (path: string, cookie?: string) => {
  const res = await call(path, cookie ? { cookie } : {});
  return { status: res.status, json: (await res.json()) as Json };
};

describe("GET /subscribe/subscription", () => {
  it("answers the vendor's own subscriptions with status, is_trial, dates and plan name; never another vendor's", async () => {
    const trialPlan = await onlyTrialPlan(14);
    const silver = await paidPlan("Silver", 4999, 90);
    const me = await signedIn("VENDOR");
    const other = await signedIn("VENDOR");
    const now = Date.now();
    await subscription(me.id, trialPlan, { status: "ACTIVE", isTrial: true, start: now, end: now + 14 * DAY, createdAt: now - 2 });
    await subscription(me.id, silver, { status: "PENDING", order: `order_${tag()}`, createdAt: now - 1 });
    const theirs = await subscription(other.id, silver, { status: "ACTIVE", start: now, end: now + 90 * DAY });
    const { status, json } = await getJson("/api/v1/subscribe/subscription", me.cookie);
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    expect(json.subscriptions).toEqual([
      expect.objectContaining({ status: "PENDING", is_trial: false, plan_name: "Silver", end_date: null }),
      expect.objectContaining({
        status: "ACTIVE",
        is_trial: true,
        plan_name: "Free trial",
        start_date: now,
        end_date: now + 14 * DAY,
        trial_end_date: now + 14 * DAY,
      }),
    ]);
    expect(JSON.stringify(json)).not.toContain(theirs);
  });

  it("refuses a visitor (401) and a couple (403)", async () => {
    expect((await getJson("/api/v1/subscribe/subscription")).status).toBe(401);
    const couple = await signedIn("USER");
    const refused = await getJson("/api/v1/subscribe/subscription", couple.cookie);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("Only vendors have subscriptions.");
  });
});

describe("payment history", () => {
  it("lists the vendor's payments newest first with date, plan, amount, status, gateway payment id, failure reason and invoice link", async () => {
    const silver = await paidPlan("Silver", 4999, 90);
    const gold = await paidPlan("Gold", 14999, 365);
    const me = await signedIn("VENDOR");
    const other = await signedIn("VENDOR");
    const t = Date.now();
    const s1 = await subscription(me.id, silver, { status: "ACTIVE", start: t, end: t + 90 * DAY });
    const paid = await payment(me.id, s1, { amount: 4999, status: "SUCCESS", order: `order_a${tag()}`, paymentId: `pay_A${tag()}`, createdAt: t - 2000 });
    const inv = await invoice(paid, `MDP/26-27/${tag().slice(0, 5)}`);
    const s2 = await subscription(me.id, gold, { status: "PENDING", reason: "Card declined by the bank" });
    await payment(me.id, s2, { amount: 14999, status: "FAILED", order: `order_b${tag()}`, reason: "Card declined by the bank", createdAt: t - 1000 });
    const theirs = await payment(other.id, null, { amount: 300, status: "SUCCESS", order: `order_c${tag()}`, createdAt: t });

    const { status, json } = await getJson("/api/v1/subscribe/payment-history", me.cookie);
    expect(status).toBe(200);
    expect(json.payments).toEqual([
      expect.objectContaining({
        plan_name: "Gold",
        amount: 14999,
        status: "FAILED",
        gateway_payment_id: null,
        failure_reason: "Card declined by the bank",
        invoice_url: null,
      }),
      expect.objectContaining({ plan_name: "Silver", amount: 4999, status: "SUCCESS", date: t - 2000, invoice_id: inv, invoice_url: `/invoices/${inv}` }),
    ]);
    expect((json.payments![1] as { gateway_payment_id: string }).gateway_payment_id).toMatch(/^pay_A/);
    expect(JSON.stringify(json)).not.toContain(theirs);
    // The domain function the page uses answers the same.
    expect((await paymentHistory(testContext({ actor: actorOf(me.id) }))).map((p) => p.amount)).toEqual([14999, 4999]);
  });

  it("finds a payment's plan through the gateway order when the payment was stored without its subscription id", async () => {
    const gold = await paidPlan("Gold", 14999, 365);
    const me = await createVendor();
    const order = `order_G${tag()}`;
    await subscription(me.id, gold, { status: "PENDING", order });
    await payment(me.id, null, { amount: 14999, status: "PENDING", order, createdAt: Date.now() });
    const ctx = testContext({ actor: actorOf(me.id) });
    expect(await paymentHistory(ctx)).toEqual([expect.objectContaining({ plan_name: "Gold", gateway_order_id: order })]);
    expect(await orderOutcome(ctx, order)).toEqual({ status: "pending", orderId: order, planName: "Gold" });
  });

  it("refuses a visitor (401), a couple and an admin (403)", async () => {
    expect((await getJson("/api/v1/subscribe/payment-history")).status).toBe(401);
    for (const role of ["USER", "ADMIN"] as const) {
      const someone = await signedIn(role);
      expect((await getJson("/api/v1/subscribe/payment-history", someone.cookie)).status).toBe(403);
    }
    await expect(paymentHistory(testContext({ actor: actorOf((await createVendor()).id, "USER") }))).rejects.toMatchObject({ status: 403 });
  });
});

describe("GET /plan", () => {
  it("lists the active plans, cheapest first, with price per duration and limits; retired ones are left out", async () => {
    const trial = await onlyTrialPlan(14);
    const gold = await paidPlan(`Gold ${tag()}`, 14999, 365);
    const retired = await paidPlan(`Old ${tag()}`, 999, 30, false);
    const { status, json } = await getJson("/api/v1/plan");
    expect(status).toBe(200);
    const ids = json.plans!.map((p) => p.id);
    expect(ids).toContain(trial);
    expect(ids).toContain(gold);
    expect(ids).not.toContain(retired);
    expect(ids.indexOf(trial)).toBeLessThan(ids.indexOf(gold));
    expect(json.plans!.find((p) => p.id === gold)).toMatchObject({
      price: 14999,
      durationDays: 365,
      isTrial: false,
      featuredPlacement: true,
      analyticsDepth: "FULL",
    });
    expect(json.plans!.find((p) => p.id === trial)).toMatchObject({ price: 0, durationDays: 14, isTrial: true, maxActiveServices: 3 });
  });
});

describe("an order's outcome after the gateway", () => {
  it("is paid with its period, failed with the reason, or pending; only for the vendor's own order", async () => {
    const silver = await paidPlan("Silver", 4999, 90);
    const me = await createVendor();
    const other = await createVendor();
    const t = Date.now();
    const ctx = testContext({ actor: actorOf(me.id) });
    const [paidOrder, failedOrder, pendingOrder, abandonedOrder] = [`order_P${tag()}`, `order_F${tag()}`, `order_W${tag()}`, `order_X${tag()}`];
    const s1 = await subscription(me.id, silver, { status: "ACTIVE", start: t + 5 * DAY, end: t + 95 * DAY, order: paidOrder });
    await payment(me.id, s1, { amount: 4999, status: "SUCCESS", order: paidOrder, paymentId: `pay_${tag()}`, createdAt: t });
    const s2 = await subscription(me.id, silver, { status: "PENDING", order: failedOrder, reason: "Payment declined by the payer" });
    await payment(me.id, s2, { amount: 4999, status: "FAILED", order: failedOrder, reason: "Payment declined by the payer", createdAt: t });
    const s3 = await subscription(me.id, silver, { status: "PENDING", order: pendingOrder });
    await payment(me.id, s3, { amount: 4999, status: "PENDING", order: pendingOrder, createdAt: t });
    const s4 = await subscription(me.id, silver, { status: "CANCELLED", order: abandonedOrder, reason: "Not paid within 24 hours" });
    await payment(me.id, s4, { amount: 4999, status: "FAILED", order: abandonedOrder, reason: "Not paid within 24 hours", createdAt: t });

    expect(await orderOutcome(ctx, paidOrder)).toEqual({
      status: "paid",
      orderId: paidOrder,
      planName: "Silver",
      startDate: t + 5 * DAY,
      endDate: t + 95 * DAY,
      isTrial: false,
    });
    expect(await orderOutcome(ctx, failedOrder)).toEqual({
      status: "failed",
      orderId: failedOrder,
      planName: "Silver",
      reason: "Payment declined by the payer",
    });
    expect(await orderOutcome(ctx, pendingOrder)).toEqual({ status: "pending", orderId: pendingOrder, planName: "Silver" });
    expect(await orderOutcome(ctx, abandonedOrder)).toMatchObject({ status: "failed", reason: "Not paid within 24 hours" });

    expect(await orderOutcome(testContext({ actor: actorOf(other.id) }), paidOrder)).toBeNull();
    expect(await orderOutcome(testContext({ actor: actorOf(me.id, "ADMIN") }), paidOrder)).toBeNull();
    expect(await orderOutcome(testContext(), paidOrder)).toBeNull();
    expect(await orderOutcome(ctx, "order_unknown")).toBeNull();
    expect(await orderOutcome(ctx, "' OR 1=1 --")).toBeNull();
    expect(await orderOutcome(ctx, "x".repeat(500))).toBeNull();
  });
});

describe("a session cookie for a vendor made by sign-up reads its trial through the API", () => {
  it("GET /subscribe/subscription shows the trial right after sign-up", async () => {
    await onlyTrialPlan(14);
    const vendorId = await signUpVendor(unique("api"), Date.now());
    const { json } = await getJson("/api/v1/subscribe/subscription", await sessionCookieFor(vendorId));
    expect(json.subscriptions).toEqual([expect.objectContaining({ status: "ACTIVE", is_trial: true, plan_name: "Free trial" })]);
  });
});
