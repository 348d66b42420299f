import { env } from "cloudflare:workers";
import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSubscriptionOrder, handleWebhook } from "#domain/billing/index.ts";
import { PAYMENTS_PAGE, razorpayGateway } from "#platform/payments.ts";
import { testContext } from "#tests/support/context.ts";
import orderRequest from "../fixtures/razorpay/order-create.request.json";
import orderResponse from "../fixtures/razorpay/order-create.response.json";
import paymentEntity from "../fixtures/razorpay/payment.json";
import paymentsList from "../fixtures/razorpay/payments-list.json";
import refundRequest from "../fixtures/razorpay/refund-create.request.json";
import refundResponse from "../fixtures/razorpay/refund-create.response.json";
import paymentCaptured from "../fixtures/razorpay/webhooks/payment.captured.body?raw";
import paymentCapturedSignature from "../fixtures/razorpay/webhooks/payment.captured.signature?raw";
import orderPaid from "../fixtures/razorpay/webhooks/order.paid.body?raw";
import orderPaidSignature from "../fixtures/razorpay/webhooks/order.paid.signature?raw";
import paymentFailed from "../fixtures/razorpay/webhooks/payment.failed.body?raw";
import paymentFailedSignature from "../fixtures/razorpay/webhooks/payment.failed.signature?raw";
import refundProcessed from "../fixtures/razorpay/webhooks/refund.processed.body?raw";
import refundProcessedSignature from "../fixtures/razorpay/webhooks/refund.processed.signature?raw";
import refundFailed from "../fixtures/razorpay/webhooks/refund.failed.body?raw";
import refundFailedSignature from "../fixtures/razorpay/webhooks/refund.failed.signature?raw";

/**
 * Issue 30, the contract: the Razorpay adapter (functions/platform/payments.ts) against Razorpay's
 * documented payloads kept in tests/fixtures/razorpay/ (their README says where each comes from):
 * the requests it sends (method, path, basic auth, body) and the answers and signed webhooks it
 * accepts, through the billing domain for the webhooks.
 */
const KEYS = { keyId: "rzp_test_MandapFixture1", keySecret: "mandap-fixture-key-secret", webhookSecret: "mandap-fixture-webhook-secret" };
const BASIC = `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString("base64")}`;
const WEBHOOKS = {
  "payment.failed": [paymentFailed, paymentFailedSignature],
  "payment.captured": [paymentCaptured, paymentCapturedSignature],
  "order.paid": [orderPaid, orderPaidSignature],
  "refund.processed": [refundProcessed, refundProcessedSignature],
  "refund.failed": [refundFailed, refundFailedSignature],
} as const;

type Seen = { url: string; method: string; authorization: string | null; contentType: string | null; body: string };
let seen: Seen[] = [];
let answers: Response[] = [];
const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  seen.push({
    url: request.url,
    method: request.method,
    authorization: request.headers.get("authorization"),
    contentType: request.headers.get("content-type"),
    body: await request.text(),
  });
  const next = answers.shift();
  if (!next) throw new Error(`unexpected fetch of ${request.url}`);
  return next;
}) as typeof fetch;
const gateway = razorpayGateway(KEYS, fetcher);

beforeEach(() => {
  seen = [];
  answers = [];
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the requests the adapter sends, and the answers it accepts", () => {
  it("POST /v1/orders: the documented body with basic auth; the order back", async () => {
    answers.push(Response.json(orderResponse));
    const order = await gateway.createOrder({ ...orderRequest, currency: "INR" });
    expect(seen).toEqual([
      { url: "https://api.razorpay.com/v1/orders", method: "POST", authorization: BASIC, contentType: "application/json", body: expect.any(String) },
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual(orderRequest);
    expect(order).toEqual({ id: orderResponse.id, amount: 499_900, currency: "INR", receipt: orderRequest.receipt, status: "created" });
  });

  it("GET /v1/payments/{id}: the payment entity mapped field by field", async () => {
    answers.push(Response.json(paymentEntity));
    const payment = await gateway.fetchPayment(paymentEntity.id);
    expect(seen).toEqual([
      { url: `https://api.razorpay.com/v1/payments/${paymentEntity.id}`, method: "GET", authorization: BASIC, contentType: null, body: "" },
    ]);
    expect(payment).toEqual({
      id: "pay_RzpFixturePay1",
      orderId: "order_RzpFixtureOrd1",
      amount: 499_900,
      currency: "INR",
      status: "captured",
      method: "upi",
      vpa: "gaurav.kumar@okhdfcbank",
      email: "gaurav.kumar@example.com",
      contact: "+919000090000",
      fee: 11_798,
      tax: 1_800,
      errorCode: null,
      errorDescription: null,
      errorReason: null,
      notes: paymentEntity.notes,
      createdAt: paymentEntity.created_at * 1000,
    });
  });

  it("GET /v1/payments with from/to in seconds, 100 a page with skip until a short page", async () => {
    const fullPage = {
      entity: "collection",
      count: PAYMENTS_PAGE,
      items: Array.from({ length: PAYMENTS_PAGE }, (_, i) => ({
        ...paymentEntity,
        id: `pay_RzpFixtureP${String(i).padStart(3, "0")}`,
        created_at: paymentEntity.created_at - 1000 + i,
      })),
    };
    answers.push(Response.json(fullPage), Response.json(paymentsList));
    const from = Date.UTC(2026, 10, 27, 18, 30);
    const to = from + 86_400_000;
    const payments = await gateway.listPayments({ from, to });
    const range = `from=${from / 1000}&to=${to / 1000 - 1}&count=100`;
    expect(seen.map((s) => [s.method, s.url, s.authorization])).toEqual([
      ["GET", `https://api.razorpay.com/v1/payments?${range}&skip=0`, BASIC],
      ["GET", `https://api.razorpay.com/v1/payments?${range}&skip=100`, BASIC],
    ]);
    expect(payments).toHaveLength(PAYMENTS_PAGE + 2);
    const failed = payments.find((p) => p.id === "pay_RzpFixtureFal1");
    expect(failed).toMatchObject({ status: "failed", orderId: "order_RzpFixtureOrd1", errorCode: "BAD_REQUEST_ERROR", errorReason: "payment_timed_out" });
    // Oldest first, whatever order the pages came in.
    expect(payments.map((p) => p.createdAt)).toEqual([...payments.map((p) => p.createdAt)].sort((a, b) => a! - b!));
  });

  it("POST /v1/payments/{id}/refund: amount, speed normal, receipt and notes; the pending refund back", async () => {
    answers.push(Response.json(refundResponse));
    const refund = await gateway.refundPayment({
      paymentId: paymentEntity.id,
      amount: refundRequest.amount,
      receipt: refundRequest.receipt,
      notes: refundRequest.notes,
    });
    expect(seen).toEqual([
      {
        url: `https://api.razorpay.com/v1/payments/${paymentEntity.id}/refund`,
        method: "POST",
        authorization: BASIC,
        contentType: "application/json",
        body: expect.any(String),
      },
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual(refundRequest);
    expect(refund).toEqual({ id: "rfnd_RzpFixtureRfd1", paymentId: "pay_RzpFixturePay1", amount: 100_000, currency: "INR", status: "pending" });
  });
});

describe("the webhooks it accepts", () => {
  it("each fixture's X-Razorpay-Signature is the HMAC of its raw body; the adapter verifies it and refuses one changed byte", async () => {
    for (const [event, [body, signature]] of Object.entries(WEBHOOKS)) {
      expect(JSON.parse(body).event, event).toBe(event);
      expect(createHmac("sha256", KEYS.webhookSecret).update(body).digest("hex"), event).toBe(signature.trim());
      expect(await gateway.verifyWebhookSignature(body, signature.trim()), event).toBe(true);
      expect(await gateway.verifyWebhookSignature(body.replace("499900", "499901"), signature.trim()), event).toBe(false);
      expect(await gateway.verifyWebhookSignature(`${body}\n`, signature.trim()), event).toBe(false);
    }
  });

  it("a plan bought on the order of the fixtures: failed, captured, paid, refunded in part, a refund failed; replays change nothing", async () => {
    // The vendor and plan the fixtures' notes name.
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO users (id, email, password_hash, user_name, role, is_verified, created_at, updated_at) VALUES (?, ?, NULL, ?, 'VENDOR', 1, ?, ?)",
    )
      .bind("user-fixture-vendor-01", "fixture.vendor@test.example", "Gaurav Kumar", now, now)
      .run();
    await env.DB.prepare(
      "INSERT INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at) VALUES (?, ?, ?, 'Rajasthan', 'Jaipur', ?, ?)",
    )
      .bind("user-fixture-vendor-01", "fixture-vendor", "Fixture Decor", now, now)
      .run();
    await env.DB.prepare(
      `INSERT INTO plans (id, name, description, price, duration_days, is_trial, features, max_active_services, featured_placement, analytics_depth, is_active, created_at, updated_at)
       VALUES ('plan-fixture-silver', 'Silver', '', 4999, 90, 0, '[]', 10, 0, 'FULL', 1, ?, ?)`,
    )
      .bind(now, now)
      .run();
    const actor = {
      id: "user-fixture-vendor-01",
      role: "VENDOR" as const,
      email: "fixture.vendor@test.example",
      userName: "Gaurav Kumar",
      profilePhoto: null,
      isVerified: true,
    };
    const ctx = { ...testContext({ actor }), payments: gateway };
    answers.push(Response.json(orderResponse));
    const order = await createSubscriptionOrder(ctx, "plan-fixture-silver");
    expect(order.orderId).toBe(orderResponse.id);
    // The body it sent has the fixture's shape (its ids are the new payment's and subscription's).
    const sent = JSON.parse(seen[0]!.body);
    expect(Object.keys(sent).sort()).toEqual(Object.keys(orderRequest).sort());
    expect(Object.keys(sent.notes).sort()).toEqual(Object.keys(orderRequest.notes).sort());
    expect(sent).toMatchObject({
      amount: orderRequest.amount,
      currency: "INR",
      notes: { vendor_id: "user-fixture-vendor-01", plan_id: "plan-fixture-silver" },
    });

    const anonymous = { ...ctx, actor: null };
    const deliver = (event: keyof typeof WEBHOOKS, eventId: string) =>
      handleWebhook(anonymous, { rawBody: WEBHOOKS[event][0], signature: WEBHOOKS[event][1].trim(), eventId });
    const payment = () =>
      env.DB.prepare(
        "SELECT status, gateway_payment_id AS gatewayPaymentId, refunded_amount AS refunded, failure_reason AS failure FROM payments WHERE gateway_order_id = ?",
      )
        .bind(orderResponse.id)
        .first();

    expect(await deliver("payment.failed", "evt_Fixture000001")).toEqual({ outcome: "failed", orderId: orderResponse.id });
    expect(await payment()).toMatchObject({ status: "FAILED", failure: "Payment was unsuccessful as the UPI app did not respond. Please try again." });
    expect(await deliver("payment.captured", "evt_Fixture000002")).toEqual({ outcome: "credited", orderId: orderResponse.id });
    expect(await deliver("order.paid", "evt_Fixture000003")).toEqual({ outcome: "already-credited", orderId: orderResponse.id });
    expect(await payment()).toMatchObject({ status: "SUCCESS", gatewayPaymentId: "pay_RzpFixturePay1", failure: null });
    expect(await env.DB.prepare("SELECT status FROM subscriptions WHERE gateway_order_id = ?").bind(orderResponse.id).first("status")).toBe("ACTIVE");

    // A refund made in the Dashboard (₹1,000 of ₹4,999): recorded from its webhook and processed.
    expect(await deliver("refund.processed", "evt_Fixture000004")).toEqual({ outcome: "refund-processed", orderId: null });
    expect(await payment()).toMatchObject({ status: "PARTIALLY_REFUNDED", refunded: 1000 });
    expect(await deliver("refund.failed", "evt_Fixture000005")).toEqual({ outcome: "refund-failed", orderId: null });
    expect(await payment()).toMatchObject({ status: "PARTIALLY_REFUNDED", refunded: 1000 });
    const refunds = await env.DB.prepare(
      "SELECT gateway_refund_id AS id, amount, amount_paise AS paise, status FROM payment_refunds ORDER BY gateway_refund_id",
    ).all();
    expect(refunds.results).toEqual([
      { id: "rfnd_RzpFixtureRfd1", amount: 1000, paise: 100_000, status: "PROCESSED" },
      { id: "rfnd_RzpFixtureRfd2", amount: 500, paise: 50_000, status: "FAILED" },
    ]);

    // Replays (the same event ids) and re-sends (new ids) change nothing; nothing reached the network.
    for (const [event, id] of [
      ["payment.captured", "evt_Fixture000002"],
      ["refund.processed", "evt_Fixture000004"],
    ] as const)
      expect(await deliver(event, id)).toEqual({ outcome: "duplicate", orderId: null });
    expect(await deliver("payment.captured", "evt_Fixture000012")).toEqual({ outcome: "already-credited", orderId: orderResponse.id });
    expect(await deliver("refund.processed", "evt_Fixture000014")).toEqual({ outcome: "refund-duplicate", orderId: null });
    expect(await deliver("refund.failed", "evt_Fixture000015")).toEqual({ outcome: "refund-duplicate", orderId: null });
    // A refund.failed about the refund already processed (out of order, or a gateway mistake) does not undo it.
    const late = JSON.parse(refundProcessed);
    late.event = "refund.failed";
    late.payload.refund.entity.status = "failed";
    const lateBody = JSON.stringify(late);
    expect(
      await handleWebhook(anonymous, {
        rawBody: lateBody,
        signature: createHmac("sha256", KEYS.webhookSecret).update(lateBody).digest("hex"),
        eventId: "evt_Fixture000016",
      }),
    ).toEqual({ outcome: "refund-duplicate", orderId: null });
    expect(await payment()).toMatchObject({ status: "PARTIALLY_REFUNDED", refunded: 1000 });
    expect(await env.DB.prepare("SELECT status FROM payment_refunds WHERE gateway_refund_id = 'rfnd_RzpFixtureRfd1'").first("status")).toBe("PROCESSED");
    expect(seen).toHaveLength(1);
  });
});
