import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runDailySubscriptionJob } from "#domain/billing/index.ts";
import { createTemplateOrder, canUseTemplate, templateOrderOutcome } from "#domain/invitations/index.ts";
import { PaymentGatewayError } from "#platform/payments.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, ORIGIN, signedIn } from "#tests/support/factories.ts";
import { insertPurchase, insertTemplate } from "#tests/support/invitations.ts";
import { callback, creditsOf, paymentOf, payInSandbox, postForm, sendWebhook, settleWebhooks, type OrderAnswer, type Row } from "#tests/support/payments.ts";

/**
 * Paid invitation templates (issue 13, docs/decisions/0025-template-purchases.md): the order, the
 * sandbox checkout, crediting exactly once through the same callback and webhooks as plans, the
 * refusals, the couple's status, and the one entitlement rule (canUseTemplate).
 */

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  // The sandbox's first webhook attempts fail ("connection refused"): tests deliver them by hand.
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname !== "/api/v1/payments/webhook") throw new Error(`unexpected fetch of ${request.url}`);
    throw new Error("connection refused");
  });
});
afterEach(() => vi.restoreAllMocks());

type TemplateOrderAnswer = OrderAnswer & { purchaseId: string; templateId: string; templateName: string };

const purchaseOf = (orderId: string) =>
  env.DB.prepare("SELECT t.* FROM template_purchases t JOIN payments p ON p.id = t.payment_id WHERE p.gateway_order_id = ?").bind(orderId).first<Row>();
const purchasesOf = async (userId: string) =>
  (await env.DB.prepare("SELECT * FROM template_purchases WHERE user_id = ? ORDER BY created_at, id").bind(userId).all<Row>()).results;

async function order(cookie: string, templateId: string): Promise<TemplateOrderAnswer> {
  const res = await call(`/api/v1/template/create-order/${templateId}`, { method: "POST", cookie });
  const body = (await res.json()) as TemplateOrderAnswer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function paidButUnconfirmed(cookie: string, templateId: string, choice: Parameters<typeof payInSandbox>[1] = {}) {
  const made = await order(cookie, templateId);
  const back = await payInSandbox(made, choice);
  const hooks = await settleWebhooks(made.orderId, choice.decision === "decline" || choice.bank === "FAIL" ? 1 : 2);
  return { order: made, back, hooks };
}

const status = async (cookie: string, templateId: string) => {
  const res = await call(`/api/v1/template/payment-status/${templateId}`, { cookie });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("buying a paid template", () => {
  it("creates the order for the price (GST included), pays in the sandbox, and the callback credits it and lands on /success", async () => {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 499, name: "Royal Test" });
    const made = await order(couple.cookie, template.id);
    expect(made).toMatchObject({ amount: 49_900, currency: "INR", templateId: template.id, templateName: "Royal Test", keyId: "rzp_test_MandapSandbox1" });
    expect(made.orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(made.checkout.action).toBe(`${ORIGIN}/sandbox-gateway/v1/checkout/embedded`);
    expect(made.checkout.fields).toMatchObject({
      order_id: made.orderId,
      amount: "49900",
      callback_url: `${ORIGIN}/api/v1/payments/callback`,
      cancel_url: `${ORIGIN}/payment?template=${template.id}`,
      "prefill[email]": couple.email,
    });
    expect(await paymentOf(made.orderId)).toMatchObject({
      purpose: "TEMPLATE",
      status: "PENDING",
      user_id: couple.id,
      amount: 499,
      template_purchase_id: made.purchaseId,
      subscription_id: null,
    });
    expect(await purchaseOf(made.orderId)).toMatchObject({
      id: made.purchaseId,
      user_id: couple.id,
      template_id: template.id,
      order_status: "pending",
      payment_status: "initiated",
      amount: 499,
      completed_at: null,
    });
    expect((await status(couple.cookie, template.id)).body).toEqual({
      success: true,
      owned: false,
      canUse: false,
      orderStatus: "pending",
      paymentStatus: "initiated",
      amount: 499,
      orderId: made.orderId,
    });

    const page = await postForm(made.checkout.action, made.checkout.fields);
    expect(await page.text()).toContain("₹499");
    const back = await payInSandbox(made);
    const before = Date.now();
    const res = await callback(back.fields);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/success?order=${made.orderId}`);
    expect(await paymentOf(made.orderId)).toMatchObject({ status: "SUCCESS", gateway_payment_id: back.fields.razorpay_payment_id, method: "upi" });
    const purchase = await purchaseOf(made.orderId);
    expect(purchase).toMatchObject({ order_status: "completed", payment_status: "successful" });
    expect(purchase!.completed_at).toBeGreaterThanOrEqual(before);
    expect(await creditsOf(made.orderId)).toEqual([expect.objectContaining({ source: "callback" })]);
    // The couple's GST invoice, issued with the credit (decision 0044; tests/integration/consumer-invoices.test.ts).
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?").bind(couple.id).first()).toEqual({ n: 1 });
    expect((await status(couple.cookie, template.id)).body).toMatchObject({ owned: true, canUse: true, orderStatus: "completed", paymentStatus: "successful" });
    expect(await canUseTemplate(testContext({ actor: actorOf(couple.id, "USER") }), template)).toBe(true);

    // Owned: a second order is refused and stores nothing.
    const again = await call(`/api/v1/template/create-order/${template.id}`, { method: "POST", cookie: couple.cookie });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ success: false, message: "You already own this template." });
    expect(await purchasesOf(couple.id)).toHaveLength(1);
  });

  it("credits by webhook when the callback never comes; the callback after it and every replay are answered as already credited", async () => {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 799 });
    const { order: made, back, hooks } = await paidButUnconfirmed(couple.cookie, template.id);
    const first = await sendWebhook(hooks[0]!.body, hooks[0]!.id);
    expect(await first.json()).toMatchObject({ outcome: "credited", orderId: made.orderId });
    expect(await purchaseOf(made.orderId)).toMatchObject({ order_status: "completed", payment_status: "successful" });
    const snapshot = [await paymentOf(made.orderId), await purchaseOf(made.orderId)];
    expect(await (await sendWebhook(hooks[1]!.body, hooks[1]!.id)).json()).toMatchObject({ outcome: "already-credited" });
    expect(await (await sendWebhook(hooks[0]!.body, hooks[0]!.id)).json()).toMatchObject({ outcome: "duplicate" });
    const res = await callback(back.fields);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/success?order=${made.orderId}`);
    expect(await creditsOf(made.orderId)).toEqual([expect.objectContaining({ source: "webhook" })]);
    expect([await paymentOf(made.orderId), await purchaseOf(made.orderId)]).toEqual(snapshot);
  });

  it("a callback and the webhooks racing credit once", async () => {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 299 });
    const { order: made, back, hooks } = await paidButUnconfirmed(couple.cookie, template.id);
    const answers = await Promise.all([
      callback(back.fields),
      sendWebhook(hooks[1]!.body, hooks[1]!.id),
      callback(back.fields),
      sendWebhook(hooks[0]!.body, hooks[0]!.id),
    ]);
    expect(answers.map((r) => r.status)).toEqual([303, 200, 303, 200]);
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    expect(await creditsOf(made.orderId)).toHaveLength(1);
    expect(await purchasesOf(couple.id)).toEqual([expect.objectContaining({ order_status: "completed", payment_status: "successful" })]);
  });

  it("two orders opened and both paid: the couple owns the design once, the second payment is refunded by itself through the gateway", async () => {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 499 });
    const a = await paidButUnconfirmed(couple.cookie, template.id);
    // "Pay" reuses an open order (issue 28); with under an hour of its 24 left it is replaced by a
    // new one, and the first can still be paid in its last minutes: both paid.
    await env.DB.prepare("UPDATE payments SET created_at = created_at - ? WHERE gateway_order_id = ?")
      .bind(23.5 * 3_600_000, a.order.orderId)
      .run();
    const b = await paidButUnconfirmed(couple.cookie, template.id);
    expect(b.order.orderId).not.toBe(a.order.orderId);
    expect((await callback(a.back.fields)).status).toBe(303);
    expect((await callback(b.back.fields)).status).toBe(303);
    // Issue 30: no longer "will be refunded" in a log line: the second payment is refunded in full, at the gateway, with no admin.
    expect(await paymentOf(a.order.orderId)).toMatchObject({ status: "SUCCESS", refunded_amount: null });
    expect(await paymentOf(b.order.orderId)).toMatchObject({ status: "REFUNDED", refunded_amount: 499 });
    const payB = (await paymentOf(b.order.orderId))!;
    expect(
      await env.DB.prepare("SELECT amount, amount_paise, status, requested_by FROM payment_refunds WHERE payment_id = ?")
        .bind(payB.id)
        .all()
        .then((r) => r.results),
    ).toEqual([{ amount: 499, amount_paise: 49_900, status: "PROCESSED", requested_by: null }]);
    expect(
      await env.DB.prepare("SELECT amount, status FROM sandbox_gateway_refunds WHERE payment_id = ?")
        .bind(b.back.fields.razorpay_payment_id)
        .all()
        .then((r) => r.results),
    ).toEqual([{ amount: 49_900, status: "processed" }]);
    expect(await purchaseOf(a.order.orderId)).toMatchObject({ order_status: "completed" });
    expect(await purchaseOf(b.order.orderId)).toMatchObject({ order_status: "refunded", payment_status: "refunded", completed_at: null });
    const owned = await env.DB.prepare("SELECT COUNT(*) AS n FROM template_purchases WHERE user_id = ? AND order_status = 'completed'").bind(couple.id).first();
    expect(owned).toEqual({ n: 1 });
    // The couple still owns the design (the first order), and the second order's page says its money went back.
    expect(await canUseTemplate(testContext({ actor: actorOf(couple.id, "USER") }), template)).toBe(true);
    expect(await templateOrderOutcome(testContext({ actor: actorOf(couple.id, "USER") }), b.order.orderId)).toMatchObject({
      status: "failed",
      reason: "This order was paid after the same design was already yours, so it was not needed: the payment has been refunded.",
    });
  });

  it("a declined payment marks the purchase failed; a later approval of the same order still credits", async () => {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 499 });
    const made = await order(couple.cookie, template.id);
    const declined = await payInSandbox(made, { decision: "decline" });
    const res = await callback(declined.fields);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/success?order=${made.orderId}`);
    expect(await paymentOf(made.orderId)).toMatchObject({ status: "FAILED", failure_reason: expect.any(String) });
    expect(await purchaseOf(made.orderId)).toMatchObject({ order_status: "failed", payment_status: "failed" });
    expect((await status(couple.cookie, template.id)).body).toMatchObject({ owned: false, canUse: false, orderStatus: "failed", paymentStatus: "failed" });
    expect(await canUseTemplate(testContext({ actor: actorOf(couple.id, "USER") }), template)).toBe(false);

    const approved = await payInSandbox(made);
    expect((await callback(approved.fields)).status).toBe(303);
    expect(await purchaseOf(made.orderId)).toMatchObject({ order_status: "completed", payment_status: "successful" });
  });
});

describe("refusals", () => {
  it("free, unpublished, unknown templates and an owned one: nothing stored", async () => {
    const couple = await signedIn("USER");
    const free = await insertTemplate({ price: 0 });
    const draft = await insertTemplate({ price: 499, status: "DRAFT" });
    const archived = await insertTemplate({ price: 499, status: "ARCHIVED" });
    const owned = await insertTemplate({ price: 499 });
    await insertPurchase(couple.id, owned.id);
    const cases: [string, number, string][] = [
      [free.id, 409, "This template is free: open it in the editor, there is nothing to pay."],
      [draft.id, 404, "This template does not exist."],
      [archived.id, 404, "This template does not exist."],
      ["tpl-no-such-template", 404, "This template does not exist."],
      [owned.id, 409, "You already own this template."],
    ];
    for (const [id, code, message] of cases) {
      const res = await call(`/api/v1/template/create-order/${id}`, { method: "POST", cookie: couple.cookie });
      expect(res.status, id).toBe(code);
      expect(await res.json()).toEqual({ success: false, message });
    }
    expect(await purchasesOf(couple.id)).toHaveLength(1);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE user_id = ?").bind(couple.id).first()).toEqual({ n: 0 });
  });

  it("vendors and visitors cannot buy", async () => {
    const template = await insertTemplate({ price: 499 });
    const vendor = await signedIn("VENDOR");
    expect((await call(`/api/v1/template/create-order/${template.id}`, { method: "POST", cookie: vendor.cookie })).status).toBe(403);
    expect((await call(`/api/v1/template/create-order/${template.id}`, { method: "POST" })).status).toBe(401);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM template_purchases WHERE template_id = ?").bind(template.id).first()).toEqual({ n: 0 });
  });

  it("an unreachable gateway is 502's message and stores nothing", async () => {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 499 });
    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    ctx.payments = {
      ...ctx.payments,
      createOrder: async () => {
        throw new PaymentGatewayError("Razorpay could not be reached (Network connection lost.)");
      },
    };
    await expect(createTemplateOrder(ctx, template.id)).rejects.toThrow(
      "The payment gateway could not be reached. Nothing was charged; please try again in a minute.",
    );
    expect(await purchasesOf(couple.id)).toEqual([]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE user_id = ?").bind(couple.id).first()).toEqual({ n: 0 });
  });

  it("an amount that does not match the order is refused at the callback and in webhooks", async () => {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 499 });
    const { order: made, back, hooks } = await paidButUnconfirmed(couple.cookie, template.id);
    await env.DB.prepare("UPDATE sandbox_gateway_payments SET amount = 100 WHERE id = ?").bind(back.fields.razorpay_payment_id).run();
    const res = await callback(back.fields);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, message: "The amount paid does not match the order. Nothing was credited; please contact support." });
    const body = JSON.parse(hooks[0]!.body);
    body.payload.payment.entity.amount = 49_900 * 1.18;
    expect(await (await sendWebhook(JSON.stringify(body), "evt_TplMismatch001")).json()).toMatchObject({ outcome: "refused" });
    expect(await paymentOf(made.orderId)).toMatchObject({ status: "PENDING" });
    expect(await purchaseOf(made.orderId)).toMatchObject({ order_status: "pending", payment_status: "initiated" });
    expect(await creditsOf(made.orderId)).toEqual([]);
  });

  it("another couple's order: 404 at the callback under their session, refused in a webhook naming them, absent from their status", async () => {
    const couple = await signedIn("USER");
    const other = await signedIn("USER");
    const template = await insertTemplate({ price: 499 });
    const { order: made, back, hooks } = await paidButUnconfirmed(couple.cookie, template.id);
    expect((await postForm("/api/v1/payments/callback", back.fields, { Cookie: other.cookie })).status).toBe(404);
    const body = JSON.parse(hooks[0]!.body);
    body.payload.payment.entity.notes.user_id = other.id;
    expect(await (await sendWebhook(JSON.stringify(body), "evt_TplOtherUser01")).json()).toMatchObject({ outcome: "refused" });
    expect(await purchaseOf(made.orderId)).toMatchObject({ order_status: "pending" });
    expect((await status(other.cookie, template.id)).body).toEqual({
      success: true,
      owned: false,
      canUse: false,
      orderStatus: null,
      paymentStatus: null,
      amount: 499,
      orderId: null,
    });
    // The owner's session is fine; the other couple still cannot use the design.
    expect((await postForm("/api/v1/payments/callback", back.fields, { Cookie: couple.cookie })).status).toBe(303);
    expect((await status(other.cookie, template.id)).body).toMatchObject({ owned: false, canUse: false });
    expect(await canUseTemplate(testContext({ actor: actorOf(other.id, "USER") }), template)).toBe(false);
  });

  it("payment-status of an unknown template is 404", async () => {
    const couple = await signedIn("USER");
    const res = await call("/api/v1/template/payment-status/tpl-nothing-here", { cookie: couple.cookie });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: "This template does not exist." });
  });
});

describe("canUseTemplate, the one entitlement rule", () => {
  it("free for everyone; paid only with the couple's own completed purchase, or for admins", async () => {
    const couple = await signedIn("USER");
    const other = await signedIn("USER");
    const free = await insertTemplate({ price: 0 });
    const paid = await insertTemplate({ price: 499 });
    const use = (id: string | null, role: "USER" | "ADMIN" = "USER") => canUseTemplate(testContext({ actor: id ? actorOf(id, role) : null }), paid);
    expect(await canUseTemplate(testContext({ actor: null }), free)).toBe(true);
    expect(await use(couple.id)).toBe(false);
    expect(await use(null)).toBe(false);
    const now = Date.now();
    // A pending and a failed purchase do not count.
    for (const [order, pay] of [
      ["pending", "initiated"],
      ["failed", "failed"],
    ])
      await env.DB.prepare(
        "INSERT INTO template_purchases (id, user_id, template_id, order_status, payment_status, amount, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 499, ?, ?)",
      )
        .bind(`tpu-${order}-${now}-${couple.id}`, couple.id, paid.id, order, pay, now, now)
        .run();
    expect(await use(couple.id)).toBe(false);
    await insertPurchase(couple.id, paid.id);
    expect(await use(couple.id)).toBe(true);
    expect(await use(other.id)).toBe(false);
    const admin = await signedIn("ADMIN");
    expect(await use(admin.id, "ADMIN")).toBe(true);
    // The unique completed index: a couple never owns a template twice.
    await expect(insertPurchase(couple.id, paid.id)).rejects.toThrow(/UNIQUE/);
  });
});

describe("the daily job", () => {
  it("marks template orders left pending for more than 24 hours failed, like plan orders; a completed one and a fresh one are untouched", async () => {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 499 });
    // A couple has one pending order per design (issue 28): the fresh one is for another design.
    const other = await insertTemplate({ price: 499 });
    const now = Date.now();
    const add = async (name: string, age: number, order = "pending", pay = "initiated", paymentStatus = "PENDING", templateId = template.id) => {
      const purchase = `tpu-${name}-${now}`;
      const payment = `pay-${name}-${now}`;
      await env.DB.batch([
        env.DB.prepare(
          "INSERT INTO payments (id, user_id, purpose, template_purchase_id, amount, status, gateway_order_id, created_at, updated_at) VALUES (?, ?, 'TEMPLATE', ?, 499, ?, ?, ?, ?)",
        ).bind(payment, couple.id, purchase, paymentStatus, `o-${payment}`, now - age, now - age),
        env.DB.prepare(
          "INSERT INTO template_purchases (id, user_id, template_id, payment_id, order_status, payment_status, amount, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 499, ?, ?)",
        ).bind(purchase, couple.id, templateId, payment, order, pay, now - age, now - age),
      ]);
      return { purchase, payment };
    };
    const stale = await add("stale", 24 * 3_600_000 + 1000);
    const fresh = await add("fresh", 23 * 3_600_000, "pending", "initiated", "PENDING", other.id);
    const done = await add("done", 3 * 86_400_000, "completed", "successful", "SUCCESS");
    const run = await runDailySubscriptionJob(env.DB, { origin: ORIGIN, now, freeActiveServices: 1 });
    expect(run.templatesAbandoned).toBe(1);
    const row = (id: string) => env.DB.prepare("SELECT order_status, payment_status FROM template_purchases WHERE id = ?").bind(id).first();
    const pay = (id: string) => env.DB.prepare("SELECT status, failure_reason FROM payments WHERE id = ?").bind(id).first();
    expect(await row(stale.purchase)).toEqual({ order_status: "failed", payment_status: "failed" });
    expect(await pay(stale.payment)).toEqual({ status: "FAILED", failure_reason: "Not paid within 24 hours" });
    expect(await row(fresh.purchase)).toEqual({ order_status: "pending", payment_status: "initiated" });
    expect(await pay(fresh.payment)).toEqual({ status: "PENDING", failure_reason: null });
    expect(await row(done.purchase)).toEqual({ order_status: "completed", payment_status: "successful" });
  });
});
