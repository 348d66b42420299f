import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { canUseTemplate } from "#domain/invitations/index.ts";
import { confirmCheckout, REFUND_MESSAGES } from "#domain/billing/index.ts";
import { PaymentGatewayError } from "#platform/payments.ts";
import { EVERY_FIVE_MINUTES, jobsBySchedule, runScheduled } from "#functions/cron/index.ts";
import type { Env } from "#functions/env.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, signedIn } from "#tests/support/factories.ts";
import { insertTemplate } from "#tests/support/invitations.ts";
import { callback, createPlan, hmacHex, type OrderAnswer, paymentOf, payInSandbox, sendWebhook, subscriptionOf, webhooksOf } from "#tests/support/payments.ts";

/**
 * Refunds (issue 30) through the API with the local sandbox gateway: an admin refunds a payment in
 * part and then in full, the gateway's refund.processed webhooks (twice, and replayed) record it
 * once, more than is left is a 400, a payment that was not successful a 409, two refunds at once
 * call the gateway once, a gateway refusal records nothing, and a refunded plan or template takes
 * back what was bought.
 */

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  // The sandbox's own webhook attempts go nowhere: the tests deliver them as the gateway would.
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    throw new Error("connection refused");
  });
});
afterEach(() => vi.restoreAllMocks());

async function order(path: string, cookie: string): Promise<OrderAnswer> {
  const res = await call(path, { method: "POST", cookie });
  const body = (await res.json()) as OrderAnswer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** A vendor's plan bought and paid in the sandbox, credited by the callback. */
async function paidPlan(price = 4999) {
  const vendor = await signedIn("VENDOR");
  const planId = await createPlan({ price, days: 30 });
  const made = await order(`/api/v1/subscribe/create-order/${planId}`, vendor.cookie);
  const back = await payInSandbox(made);
  expect((await callback(back.fields)).status).toBe(303);
  const payment = (await paymentOf(made.orderId))!;
  expect(payment.status).toBe("SUCCESS");
  return { vendor, made, back, paymentId: payment.id as string, gatewayPaymentId: back.fields.razorpay_payment_id! };
}

const refund = (cookie: string, paymentId: string, body: unknown) =>
  call(`/api/v1/admin/transactions/${paymentId}/refund`, { method: "POST", cookie, body: JSON.stringify(body) });

const refundsOf = (paymentId: string) =>
  env.DB.prepare("SELECT amount, amount_paise, status, reason, requested_by FROM payment_refunds WHERE payment_id = ? ORDER BY created_at, id")
    .bind(paymentId)
    .all()
    .then((r) => r.results);

const sandboxRefundsOf = (gatewayPaymentId: string) =>
  env.DB.prepare("SELECT id, amount, status, speed FROM sandbox_gateway_refunds WHERE payment_id = ? ORDER BY created_at, id")
    .bind(gatewayPaymentId)
    .all<{ id: string; amount: number; status: string; speed: string }>()
    .then((r) => r.results);

const refundWebhooksOf = (gatewayPaymentId: string) =>
  env.DB.prepare("SELECT id, event, body FROM sandbox_gateway_webhooks WHERE event LIKE 'refund.%' AND body LIKE ? ORDER BY created_at")
    .bind(`%"payment_id":"${gatewayPaymentId}"%`)
    .all<{ id: string; event: string; body: string }>()
    .then((r) => r.results);

describe("an admin refunds a plan", () => {
  it("in part, then the rest: the gateway refunds both, the payment is PARTIALLY_REFUNDED then REFUNDED, the subscription stays then ends", async () => {
    const admin = await signedIn("ADMIN");
    const { paymentId, made, gatewayPaymentId } = await paidPlan(4999);

    const part = await refund(admin.cookie, paymentId, { amount: 1000, reason: "Goodwill: listing was down for a week" });
    expect(part.status).toBe(200);
    expect(await part.json()).toMatchObject({
      success: true,
      message: "Refunded ₹1,000.",
      refund: { amount: 1000, status: "PROCESSED", gatewayRefundId: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/) },
      payment: { id: paymentId, status: "PARTIALLY_REFUNDED", refundedAmount: 1000 },
    });
    expect(await subscriptionOf(made.orderId)).toMatchObject({ status: "ACTIVE" });

    const rest = await refund(admin.cookie, paymentId, { reason: "Vendor closed the business" });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ message: "Refunded ₹3,999.", payment: { status: "REFUNDED", refundedAmount: 4999 } });
    expect(await paymentOf(made.orderId)).toMatchObject({ status: "REFUNDED", refunded_amount: 4999 });
    const sub = (await subscriptionOf(made.orderId))!;
    expect(sub).toMatchObject({ status: "CANCELLED", failure_reason: "Refunded: Vendor closed the business" });
    expect(sub.end_date as number).toBeLessThanOrEqual(Date.now());
    expect(await refundsOf(paymentId)).toEqual([
      { amount: 1000, amount_paise: 100_000, status: "PROCESSED", reason: "Goodwill: listing was down for a week", requested_by: admin.id },
      { amount: 3999, amount_paise: 399_900, status: "PROCESSED", reason: "Vendor closed the business", requested_by: admin.id },
    ]);
    // The gateway was asked twice, speed normal, and holds the whole payment as refunded.
    const atGateway = await sandboxRefundsOf(gatewayPaymentId);
    expect(atGateway.map((r) => [r.amount, r.status, r.speed])).toEqual([
      [100_000, "processed", "normal"],
      [399_900, "processed", "normal"],
    ]);

    // Nothing left: a third refund is a 409 and the gateway is not asked.
    const again = await refund(admin.cookie, paymentId, { reason: "Once more" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, message: "Only a successful payment can be refunded; this one is refunded." });
    expect(await sandboxRefundsOf(gatewayPaymentId)).toHaveLength(2);
  });

  it("the admin's figures count what was kept: received and revenue drop by the refund, not by the whole payment", async () => {
    const admin = await signedIn("ADMIN");
    const figures = async () => {
      const list = (await (await call("/api/v1/admin/transactions", { cookie: admin.cookie })).json()) as { totals: { successAmount: number } };
      const analytics = (await (await call("/api/v1/admin/general-analytics?range=30d", { cookie: admin.cookie })).json()) as { totals: { revenue: number } };
      return { received: list.totals.successAmount, revenue: analytics.totals.revenue };
    };
    const { paymentId } = await paidPlan(4999);
    const before = await figures();
    expect((await refund(admin.cookie, paymentId, { amount: 1000, reason: "Goodwill" })).status).toBe(200);
    const after = await figures();
    expect(before.received - after.received).toBe(1000);
    expect(before.revenue - after.revenue).toBe(1000);
  });

  it("the refund.processed webhooks, delivered twice and replayed under a new event id, record the refund once", async () => {
    const admin = await signedIn("ADMIN");
    const { paymentId, gatewayPaymentId } = await paidPlan(4999);
    expect((await refund(admin.cookie, paymentId, { amount: 500, reason: "Partial goodwill" })).status).toBe(200);
    const [hook, ...others] = await refundWebhooksOf(gatewayPaymentId);
    expect(others).toEqual([]);
    expect(hook!.event).toBe("refund.processed");
    const body = JSON.parse(hook!.body) as {
      payload: { refund: { entity: { amount: number; payment_id: string } }; payment: { entity: { amount_refunded: number } } };
    };
    expect(body.payload.refund.entity).toMatchObject({ amount: 50_000, payment_id: gatewayPaymentId });
    expect(body.payload.payment.entity.amount_refunded).toBe(50_000);
    for (const eventId of [hook!.id, hook!.id, "evt_ReplayedRefund01"]) {
      const res = await sendWebhook(hook!.body, eventId);
      expect(res.status).toBe(200);
    }
    expect(await refundsOf(paymentId)).toHaveLength(1);
    expect(
      await paymentOf((await env.DB.prepare("SELECT gateway_order_id AS o FROM payments WHERE id = ?").bind(paymentId).first<{ o: string }>())!.o),
    ).toMatchObject({
      status: "PARTIALLY_REFUNDED",
      refunded_amount: 500,
    });
    // A forged one is refused and records nothing.
    const forged = await sendWebhook(hook!.body.replace("50000", "60000"), "evt_ForgedRefund0001", { signature: hmacHex("not-the-secret", hook!.body) });
    expect(forged.status).toBe(401);
    expect(await refundsOf(paymentId)).toHaveLength(1);
  });

  it("a refund made in the gateway's dashboard arrives by webhook and is recorded against its payment, once", async () => {
    const { paymentId, gatewayPaymentId } = await paidPlan(4999);
    const body = JSON.stringify({
      entity: "event",
      event: "refund.processed",
      contains: ["refund"],
      payload: {
        refund: {
          entity: { id: "rfnd_DashboardRfnd1", entity: "refund", amount: 499_900, currency: "INR", payment_id: gatewayPaymentId, status: "processed" },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    expect((await sendWebhook(body, "evt_DashboardRefund1")).status).toBe(200);
    expect((await sendWebhook(body, "evt_DashboardRefund2")).status).toBe(200);
    expect(await refundsOf(paymentId)).toEqual([
      { amount: 4999, amount_paise: 499_900, status: "PROCESSED", reason: "Refunded at the payment gateway.", requested_by: null },
    ]);
    const row = await env.DB.prepare("SELECT status, refunded_amount FROM payments WHERE id = ?").bind(paymentId).first();
    expect(row).toEqual({ status: "REFUNDED", refunded_amount: 4999 });
  });
});

describe("an admin's refund is in the admin audit log", () => {
  const auditOf = (gatewayPaymentId: string) =>
    env.DB.prepare("SELECT action, subject_type, actor_email, reason, before, after FROM admin_audit_log WHERE subject_id = ? ORDER BY created_at, id")
      .bind(gatewayPaymentId)
      .all()
      .then((r) => r.results);

  it("each refund writes one entry (who, how much, why); a refund the gateway refused writes none; a refund made by itself none", async () => {
    const admin = await signedIn("ADMIN");
    const { paymentId, gatewayPaymentId } = await paidPlan(4999);
    expect((await refund(admin.cookie, paymentId, { amount: 1000, reason: "Goodwill: listing was down for a week" })).status).toBe(200);
    expect((await refund(admin.cookie, paymentId, { reason: "Vendor closed the business" })).status).toBe(200);
    expect(await auditOf(gatewayPaymentId)).toEqual([
      {
        action: "payment.refund",
        subject_type: "payment",
        actor_email: admin.email,
        reason: "Goodwill: listing was down for a week",
        before: JSON.stringify({ refunded: 0 }),
        after: JSON.stringify({ refunded: 1000 }),
      },
      {
        action: "payment.refund",
        subject_type: "payment",
        actor_email: admin.email,
        reason: "Vendor closed the business",
        before: JSON.stringify({ refunded: 1000 }),
        after: JSON.stringify({ refunded: 4999 }),
      },
    ]);

    const refused = await paidPlan(2999);
    await env.DB.prepare("UPDATE payments SET gateway_payment_id = 'pay_NotAtTheGatewy' WHERE id = ?").bind(refused.paymentId).run();
    expect((await refund(admin.cookie, refused.paymentId, { reason: "Try it" })).status).toBe(502);
    expect(await auditOf("pay_NotAtTheGatewy")).toEqual([]);
  });
});

describe("refusals", () => {
  it("more than is left is a 400 naming the amount; a bad reason a 400; nothing is asked of the gateway", async () => {
    const admin = await signedIn("ADMIN");
    const { paymentId, gatewayPaymentId } = await paidPlan(4999);
    const over = await refund(admin.cookie, paymentId, { amount: 5000, reason: "Too much" });
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      success: false,
      message: "At most ₹4,999 of this payment is left to refund.",
      errors: { amount: "At most ₹4,999 of this payment is left to refund." },
    });
    const noReason = await refund(admin.cookie, paymentId, { amount: 10 });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { errors: Record<string, string> }).errors).toHaveProperty("reason");
    const fraction = await refund(admin.cookie, paymentId, { amount: 10.5, reason: "Half a rupee" });
    expect(fraction.status).toBe(400);
    expect(await sandboxRefundsOf(gatewayPaymentId)).toEqual([]);
    expect(await refundsOf(paymentId)).toEqual([]);
  });

  it("a pending or failed payment is a 409; an unknown one a 404; a vendor or a couple 403, a visitor 401", async () => {
    const admin = await signedIn("ADMIN");
    const vendor = await signedIn("VENDOR");
    const couple = await signedIn("USER");
    const planId = await createPlan({ price: 4999 });
    const pending = await order(`/api/v1/subscribe/create-order/${planId}`, vendor.cookie);
    const pendingId = (await paymentOf(pending.orderId))!.id as string;
    const res = await refund(admin.cookie, pendingId, { reason: "Not paid yet" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "Only a successful payment can be refunded; this one is pending." });
    expect((await refund(admin.cookie, "no-such-payment", { reason: "Nothing" })).status).toBe(404);

    const { paymentId } = await paidPlan(4999);
    expect((await refund(vendor.cookie, paymentId, { reason: "Mine please" })).status).toBe(403);
    expect((await refund(couple.cookie, paymentId, { reason: "Mine please" })).status).toBe(403);
    expect((await call(`/api/v1/admin/transactions/${paymentId}/refund`, { method: "POST", body: JSON.stringify({ reason: "x" }) })).status).toBe(401);
    expect(await refundsOf(paymentId)).toEqual([]);
  });

  it("two refunds of one payment at once: one succeeds, the other is refused, the gateway refunds once", async () => {
    const admin = await signedIn("ADMIN");
    const { paymentId, gatewayPaymentId } = await paidPlan(4999);
    const answers = await Promise.all([refund(admin.cookie, paymentId, { reason: "First tab" }), refund(admin.cookie, paymentId, { reason: "Second tab" })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await sandboxRefundsOf(gatewayPaymentId)).toHaveLength(1);
    expect(await refundsOf(paymentId)).toHaveLength(1);
  });

  it("the gateway refuses the refund: the admin is told why (502) and nothing is recorded", async () => {
    const admin = await signedIn("ADMIN");
    const { paymentId, made } = await paidPlan(4999);
    // A payment the gateway does not know (as when its id was recorded wrongly): the gateway answers 404.
    await env.DB.prepare("UPDATE payments SET gateway_payment_id = 'pay_UnknownAtGatewy' WHERE id = ?").bind(paymentId).run();
    const res = await refund(admin.cookie, paymentId, { reason: "Try it" });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      success: false,
      message: "The payment gateway refused the refund: The id provided does not exist. Nothing was refunded.",
    });
    expect(await refundsOf(paymentId)).toEqual([]);
    expect(await paymentOf(made.orderId)).toMatchObject({ status: "SUCCESS", refunded_amount: null });
    // Not left locked: the next attempt is answered (the same refusal), not "being made right now".
    expect((await refund(admin.cookie, paymentId, { reason: "Try again" })).status).toBe(502);
  });
});

describe("an admin refunds a template purchase", () => {
  it("in full: the couple may no longer use the design for new cards; in part first: they keep it", async () => {
    const admin = await signedIn("ADMIN");
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 499 });
    const made = await order(`/api/v1/template/create-order/${template.id}`, couple.cookie);
    const back = await payInSandbox(made);
    expect((await callback(back.fields)).status).toBe(303);
    const paymentId = (await paymentOf(made.orderId))!.id as string;
    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    expect(await canUseTemplate(ctx, template)).toBe(true);

    expect((await refund(admin.cookie, paymentId, { amount: 99, reason: "Typo in the design" })).status).toBe(200);
    expect(await canUseTemplate(ctx, template)).toBe(true);
    const full = await refund(admin.cookie, paymentId, { reason: "Couple cancelled" });
    expect(await full.json()).toMatchObject({ payment: { status: "REFUNDED", refundedAmount: 499 } });
    expect(await canUseTemplate(ctx, template)).toBe(false);
    const purchase = await env.DB.prepare("SELECT order_status, payment_status FROM template_purchases WHERE payment_id = ?").bind(paymentId).first();
    expect(purchase).toEqual({ order_status: "refunded", payment_status: "refunded" });
  });
});

describe("refunds made by themselves (a payment after its order expired, a design paid for twice)", () => {
  /** Makes an order as old as `ms` (the API's clock is the real one). */
  const age = (orderId: string, ms: number) =>
    env.DB.batch([
      env.DB.prepare("UPDATE payments SET created_at = created_at - ? WHERE gateway_order_id = ?").bind(ms, orderId),
      env.DB.prepare("UPDATE subscriptions SET created_at = created_at - ? WHERE gateway_order_id = ?").bind(ms, orderId),
    ]);
  const owedOf = (paymentId: string) => env.DB.prepare("SELECT * FROM payment_automatic_refunds WHERE payment_id = ?").bind(paymentId).first();
  /** The callback twice and the gateway's webhooks (payment.captured, order.paid) twice each, all at once. */
  const everyConfirmation = async (orderId: string, fields: Record<string, string>) => {
    const hooks = await webhooksOf(orderId);
    expect(hooks.length).toBeGreaterThan(0);
    await Promise.all([callback(fields), callback(fields), ...hooks.flatMap((h) => [sendWebhook(h.body, h.id), sendWebhook(h.body, h.id)])]);
  };

  /** A couple pays two orders for one design: the first is credited (the couple owns it); the second is paid at the gateway, its confirmation not yet delivered. */
  async function designPaidTwice() {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 499 });
    const first = await order(`/api/v1/template/create-order/${template.id}`, couple.cookie);
    const firstBack = await payInSandbox(first);
    // An order with under an hour left is replaced by a new one, and the first can still be paid: both paid.
    await env.DB.prepare("UPDATE payments SET created_at = created_at - ? WHERE gateway_order_id = ?")
      .bind(23.5 * 3_600_000, first.orderId)
      .run();
    const second = await order(`/api/v1/template/create-order/${template.id}`, couple.cookie);
    const secondBack = await payInSandbox(second);
    expect((await callback(firstBack.fields)).status).toBe(303);
    return { couple, template, first, second, secondBack };
  }

  it("a plan paid after its order expired is refunded in full once, however many callbacks and webhooks arrive; the subscription never starts", async () => {
    const vendor = await signedIn("VENDOR");
    const planId = await createPlan({ price: 2999, days: 30 });
    const made = await order(`/api/v1/subscribe/create-order/${planId}`, vendor.cookie);
    await age(made.orderId, 24 * 3_600_000 + 60_000);
    const back = await payInSandbox(made);
    await everyConfirmation(made.orderId, back.fields);
    await callback(back.fields);

    const payment = (await paymentOf(made.orderId))!;
    expect(payment).toMatchObject({ status: "REFUNDED", refunded_amount: 2999 });
    expect(await refundsOf(String(payment.id))).toEqual([
      {
        amount: 2999,
        amount_paise: made.amount,
        status: "PROCESSED",
        reason: "Paid after the order expired, so nothing was bought: refunded automatically.",
        requested_by: null,
      },
    ]);
    expect(await sandboxRefundsOf(back.fields.razorpay_payment_id!)).toEqual([expect.objectContaining({ amount: made.amount, status: "processed" })]);
    expect(await owedOf(String(payment.id))).toMatchObject({ attempts: 0, refunded_at: expect.any(Number), last_error: null });
    expect((await subscriptionOf(made.orderId))!.status).not.toBe("ACTIVE");
  });

  it("a design paid for twice while the gateway is down: the credit stands, admins see why, and the 5-minute job refunds it once the gateway is back", async () => {
    const { couple, template, first, second, secondBack } = await designPaidTwice();

    // The second payment's callback arrives while the gateway takes no refunds (it answers payments, not refunds).
    const ctx = testContext();
    const down = { ...ctx, payments: { ...ctx.payments, refundPayment: () => Promise.reject(new PaymentGatewayError("connect ECONNREFUSED", null)) } };
    expect(await confirmCheckout(down, secondBack.fields)).toMatchObject({ outcome: "credited" });
    const paymentId = String((await paymentOf(second.orderId))!.id);
    expect(await paymentOf(second.orderId)).toMatchObject({ status: "SUCCESS", refunded_amount: null });
    expect(await sandboxRefundsOf(secondBack.fields.razorpay_payment_id!)).toEqual([]);
    expect(await owedOf(paymentId)).toMatchObject({ attempts: 1, refunded_at: null, last_error: REFUND_MESSAGES.unreachable });

    // Admins see it on the payment's row (API and page share the query).
    const admin = await signedIn("ADMIN");
    const listed = (await (await call("/api/v1/admin/transactions?purpose=TEMPLATE", { cookie: admin.cookie })).json()) as {
      transactions: { id: string; status: string; automaticRefund: unknown }[];
    };
    expect(listed.transactions.find((t) => t.id === paymentId)).toMatchObject({
      status: "SUCCESS",
      automaticRefund: { attempts: 1, lastError: REFUND_MESSAGES.unreachable, refundedAt: null, nextAttemptAt: expect.any(Number) },
    });

    // The 5-minute cron, before the next attempt is due, leaves it; after, refunds it, once.
    const job = jobsBySchedule[EVERY_FIVE_MINUTES]!.filter((j) => j.name === "automatic-refunds");
    await runScheduled(EVERY_FIVE_MINUTES, env as unknown as Env, Date.now(), job);
    expect(await sandboxRefundsOf(secondBack.fields.razorpay_payment_id!)).toEqual([]);
    const later = Date.now() + 10 * 60_000;
    await runScheduled(EVERY_FIVE_MINUTES, env as unknown as Env, later, job);
    expect(await paymentOf(second.orderId)).toMatchObject({ status: "REFUNDED", refunded_amount: 499 });
    expect(await owedOf(paymentId)).toMatchObject({ attempts: 1, refunded_at: later, last_error: null });

    // Every late confirmation and another run change nothing: one refund at the gateway, one recorded; the first purchase is the couple's.
    await everyConfirmation(second.orderId, secondBack.fields);
    await runScheduled(EVERY_FIVE_MINUTES, env as unknown as Env, later + 3_600_000, job);
    expect(await sandboxRefundsOf(secondBack.fields.razorpay_payment_id!)).toHaveLength(1);
    expect(await refundsOf(paymentId)).toEqual([expect.objectContaining({ amount: 499, status: "PROCESSED", requested_by: null })]);
    expect(await paymentOf(first.orderId)).toMatchObject({ status: "SUCCESS", refunded_amount: null });
    expect(await canUseTemplate(testContext({ actor: actorOf(couple.id, "USER") }), template)).toBe(true);
  });

  it("an automatic refund the gateway accepted and later reports failed is owed again: admins see it not made, may refund it, and the 5-minute job closes it", async () => {
    const { second, secondBack } = await designPaidTwice();

    // The gateway accepts the duplicate's refund as pending (as Razorpay does), and later reports it failed.
    const ctx = testContext();
    const gatewayRefundId = "rfnd_LaterFailed001";
    const accepting = {
      ...ctx,
      payments: {
        ...ctx.payments,
        refundPayment: async (input: { paymentId: string; amount: number }) =>
          ({ id: gatewayRefundId, paymentId: input.paymentId, amount: input.amount, currency: "INR", status: "pending" }) as const,
      },
    };
    expect(await confirmCheckout(accepting, secondBack.fields)).toMatchObject({ outcome: "credited" });
    const paymentId = String((await paymentOf(second.orderId))!.id);
    expect(await owedOf(paymentId)).toMatchObject({ refunded_at: expect.any(Number) });
    const failed = JSON.stringify({
      entity: "event",
      event: "refund.failed",
      contains: ["refund"],
      payload: {
        refund: {
          entity: {
            id: gatewayRefundId,
            entity: "refund",
            amount: 49_900,
            currency: "INR",
            payment_id: secondBack.fields.razorpay_payment_id,
            status: "failed",
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    expect((await sendWebhook(failed, "evt_RefundFailed0001")).status).toBe(200);
    expect((await sendWebhook(failed, "evt_RefundFailed0002")).status).toBe(200);
    expect(await refundsOf(paymentId)).toEqual([expect.objectContaining({ amount: 499, status: "FAILED", requested_by: null })]);
    expect(await paymentOf(second.orderId)).toMatchObject({ status: "SUCCESS", refunded_amount: null });
    expect(await owedOf(paymentId)).toMatchObject({
      refunded_at: null,
      attempts: 1,
      last_error: "The gateway reported the refund of ₹499 failed: The gateway could not refund the payment.",
    });

    // Admins see it owed (not "made") and may refund it: the payment is refundable again.
    const admin = await signedIn("ADMIN");
    const listed = (await (await call("/api/v1/admin/transactions?purpose=TEMPLATE", { cookie: admin.cookie })).json()) as {
      transactions: { id: string; automaticRefund: unknown }[];
    };
    expect(listed.transactions.find((t) => t.id === paymentId)).toMatchObject({ automaticRefund: { refundedAt: null, attempts: 1 } });
    const byHand = await refund(admin.cookie, paymentId, { reason: "The automatic refund failed at the bank" });
    expect(await byHand.json()).toMatchObject({ payment: { status: "REFUNDED", refundedAmount: 499 } });

    // The next run finds nothing left and closes the row without asking the gateway again.
    const job = jobsBySchedule[EVERY_FIVE_MINUTES]!.filter((j) => j.name === "automatic-refunds");
    const later = Date.now() + 10 * 60_000;
    await runScheduled(EVERY_FIVE_MINUTES, env as unknown as Env, later, job);
    expect(await owedOf(paymentId)).toMatchObject({ refunded_at: later, last_error: null });
    expect(await sandboxRefundsOf(secondBack.fields.razorpay_payment_id!)).toHaveLength(1);
  });
});
