import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { confirmCheckout, createSubscriptionOrder, handleWebhook } from "#domain/billing/index.ts";
import { paymentGatewayFor, PaymentGatewayError, razorpayGateway, usesSandboxGateway } from "#platform/payments.ts";
import { pageCsp } from "#platform/security.ts";
import { serveSandboxGateway } from "#platform/sandbox-gateway.ts";
import { createVendor } from "#tests/support/factories.ts";
import { testContext } from "#tests/support/context.ts";
import { createPlan, hmacHex } from "#tests/support/payments.ts";

/**
 * The Razorpay adapter against a fetch mock at the network edge, with the request and response
 * shapes of Razorpay's documentation (Orders API, Payments API, Hosted Checkout, signatures); and
 * the domain's money path running on it unchanged. Signature vectors are computed here with
 * node:crypto, independently of the adapter's Web Crypto code.
 */
const KEYS = { keyId: "rzp_test_1DP5mmOlF5G5ag", keySecret: "thisIsTheKeySecret123", webhookSecret: "thisIsTheWebhookSecret456" };
const BASIC = `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString("base64")}`;

type Seen = { url: string; method: string; headers: Headers; body: string };
let seen: Seen[] = [];
let answers: (Response | Error)[] = [];
const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  seen.push({ url: request.url, method: request.method, headers: request.headers, body: await request.text() });
  const next = answers.shift();
  if (!next) throw new Error(`unexpected fetch of ${request.url}`);
  if (next instanceof Error) throw next;
  return next;
}) as typeof fetch;

beforeEach(() => {
  seen = [];
  answers = [];
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** Razorpay's documented order (POST /v1/orders response). */
const orderResponse = (o: { id: string; amount: number; receipt: string; notes?: Record<string, string> }) =>
  Response.json({
    id: o.id,
    entity: "order",
    amount: o.amount,
    amount_paid: 0,
    amount_due: o.amount,
    currency: "INR",
    receipt: o.receipt,
    offer_id: null,
    status: "created",
    attempts: 0,
    notes: o.notes ?? [],
    created_at: 1_642_662_092,
  });

/** Razorpay's documented payment (GET /v1/payments/{id} response). */
const paymentEntity = (p: { id: string; orderId: string; amount: number; status?: string; currency?: string; notes?: Record<string, string> }) => ({
  id: p.id,
  entity: "payment",
  amount: p.amount,
  currency: p.currency ?? "INR",
  status: p.status ?? "captured",
  order_id: p.orderId,
  invoice_id: null,
  international: false,
  method: "upi",
  amount_refunded: 0,
  refund_status: null,
  captured: (p.status ?? "captured") === "captured",
  description: "Silver plan",
  card_id: null,
  bank: null,
  wallet: null,
  vpa: "gaurav.kumar@exampleupi",
  email: "gaurav.kumar@example.com",
  contact: "+919000090000",
  notes: p.notes ?? {},
  fee: 11_798,
  tax: 1_800,
  error_code: null,
  error_description: null,
  error_source: null,
  error_step: null,
  error_reason: null,
  acquirer_data: { rrn: "322206890934", upi_transaction_id: "A7D1F4B5C9E2" },
  created_at: 1_691_735_748,
});

describe("the Razorpay adapter", () => {
  const gateway = razorpayGateway(KEYS, fetcher);

  it("creates orders with basic auth, the amount in paise, the receipt and notes", async () => {
    answers.push(orderResponse({ id: "order_IluGWxBm9U8zJ8", amount: 499_900, receipt: "rcpt_1" }));
    const order = await gateway.createOrder({ amount: 499_900, currency: "INR", receipt: "rcpt_1", notes: { vendor_id: "v1" } });
    expect(order).toEqual({ id: "order_IluGWxBm9U8zJ8", amount: 499_900, currency: "INR", receipt: "rcpt_1", status: "created" });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe("https://api.razorpay.com/v1/orders");
    expect(seen[0]!.method).toBe("POST");
    expect(seen[0]!.headers.get("authorization")).toBe(BASIC);
    expect(seen[0]!.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(seen[0]!.body)).toEqual({ amount: 499_900, currency: "INR", receipt: "rcpt_1", notes: { vendor_id: "v1" } });
  });

  it("fetches a payment and maps Razorpay's fields", async () => {
    answers.push(Response.json(paymentEntity({ id: "pay_29QQoUBi66xm2f", orderId: "order_9A33XWu170gUtm", amount: 499_900 })));
    const payment = await gateway.fetchPayment("pay_29QQoUBi66xm2f");
    expect(seen[0]).toMatchObject({ url: "https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f", method: "GET" });
    expect(seen[0]!.headers.get("authorization")).toBe(BASIC);
    expect(payment).toMatchObject({
      id: "pay_29QQoUBi66xm2f",
      orderId: "order_9A33XWu170gUtm",
      amount: 499_900,
      currency: "INR",
      status: "captured",
      method: "upi",
      vpa: "gaurav.kumar@exampleupi",
      contact: "+919000090000",
      fee: 11_798,
      tax: 1_800,
      errorCode: null,
    });
    await expect(gateway.fetchPayment("../orders")).rejects.toThrow(PaymentGatewayError);
    expect(seen).toHaveLength(1);
  });

  it("reports refusals and outages as PaymentGatewayError with Razorpay's description", async () => {
    answers.push(
      Response.json(
        { error: { code: "BAD_REQUEST_ERROR", description: "The amount must be atleast INR 1.00", source: "business", reason: "input_validation_failed" } },
        { status: 400 },
      ),
      Response.json({ error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } }, { status: 401 }),
      new Response("<html>Bad gateway</html>", { status: 502 }),
      new TypeError("Network connection lost."),
    );
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await gateway.createOrder({ amount: 50, currency: "INR", receipt: "r" }).catch((e: unknown) => e));
    expect(attempts.map((e) => [e instanceof PaymentGatewayError, (e as PaymentGatewayError).status, (e as Error).message])).toEqual([
      [true, 400, "Razorpay POST orders answered 400: The amount must be atleast INR 1.00"],
      [true, 401, "Razorpay POST orders answered 401: Authentication failed"],
      [true, 502, "Razorpay POST orders answered 502"],
      [true, null, "Razorpay could not be reached (Network connection lost.)"],
    ]);
    expect(JSON.stringify(attempts.map(String))).not.toContain(KEYS.keySecret);
  });

  it("builds the Hosted Checkout form with Razorpay's field names", () => {
    const form = gateway.checkoutForm({
      order: { id: "order_IluGWxBm9U8zJ8", amount: 499_900, currency: "INR", receipt: "r", status: "created" },
      name: "Mandap",
      description: "Silver plan, 90 days",
      prefill: { name: "Gaurav Kumar", email: "gaurav.kumar@example.com", contact: "+919000090000" },
      notes: { vendor: "Shree Caterers" },
      callbackUrl: "https://mandap.example/api/v1/payments/callback",
      cancelUrl: "https://mandap.example/VendorDashboard/Plan",
    });
    expect(form).toEqual({
      action: "https://api.razorpay.com/v1/checkout/embedded",
      fields: {
        key_id: KEYS.keyId,
        order_id: "order_IluGWxBm9U8zJ8",
        amount: "499900",
        currency: "INR",
        name: "Mandap",
        description: "Silver plan, 90 days",
        "prefill[name]": "Gaurav Kumar",
        "prefill[email]": "gaurav.kumar@example.com",
        "prefill[contact]": "+919000090000",
        "notes[vendor]": "Shree Caterers",
        callback_url: "https://mandap.example/api/v1/payments/callback",
        cancel_url: "https://mandap.example/VendorDashboard/Plan",
      },
    });
    expect(gateway.keyId).toBe(KEYS.keyId);
    expect(pageCsp("n", gateway.checkoutOrigins)).toContain("form-action 'self' https://api.razorpay.com https://checkout.razorpay.com;");
    expect(pageCsp("n")).toContain("form-action 'self';");
  });

  it("verifies payment and webhook signatures against independently computed vectors", async () => {
    const orderId = "order_IluGWxBm9U8zJ8";
    const paymentId = "pay_29QQoUBi66xm2f";
    const signature = hmacHex(KEYS.keySecret, `${orderId}|${paymentId}`);
    expect(await gateway.verifyPaymentSignature({ orderId, paymentId, signature })).toBe(true);
    expect(await gateway.verifyPaymentSignature({ orderId, paymentId, signature: signature.toUpperCase() })).toBe(true);
    for (const wrong of [
      { orderId, paymentId, signature: hmacHex(KEYS.webhookSecret, `${orderId}|${paymentId}`) },
      { orderId: "order_OtherOrder0001", paymentId, signature },
      { orderId, paymentId: "pay_OtherPayment01", signature },
      { orderId, paymentId, signature: signature.slice(0, 63) },
      { orderId, paymentId, signature: "" },
    ])
      expect(await gateway.verifyPaymentSignature(wrong)).toBe(false);
    const body = JSON.stringify({ entity: "event", event: "payment.captured" });
    expect(await gateway.verifyWebhookSignature(body, hmacHex(KEYS.webhookSecret, body))).toBe(true);
    expect(await gateway.verifyWebhookSignature(`${body} `, hmacHex(KEYS.webhookSecret, body))).toBe(false);
    expect(await gateway.verifyWebhookSignature(body, hmacHex(KEYS.keySecret, body))).toBe(false);
  });
});

describe("choosing the gateway", () => {
  it("Razorpay with all three keys, the sandbox with none where enabled on loopback; otherwise (production, no opt-in, some keys) it fails loudly", async () => {
    const base = { DB: env.DB };
    const local = "http://localhost:8787";
    expect(
      paymentGatewayFor(
        { ...base, RAZORPAY_KEY_ID: KEYS.keyId, RAZORPAY_KEY_SECRET: "s", RAZORPAY_WEBHOOK_SECRET: "w", APP_ENV: "production" },
        "https://mandap.example",
      ).name,
    ).toBe("razorpay");
    expect(paymentGatewayFor({ ...base, APP_ENV: "development", SANDBOX_GATEWAY: "on" }, local).name).toBe("sandbox");
    expect(usesSandboxGateway({ ...base, APP_ENV: "development", SANDBOX_GATEWAY: "on" }, local)).toBe(true);
    for (const misconfigured of [
      { APP_ENV: "production", SANDBOX_GATEWAY: "on" },
      { APP_ENV: "development" },
      { APP_ENV: "development", SANDBOX_GATEWAY: "on", RAZORPAY_KEY_ID: KEYS.keyId },
    ]) {
      const gateway = paymentGatewayFor({ ...base, ...misconfigured }, local);
      expect(usesSandboxGateway({ ...base, ...misconfigured }, local)).toBe(false);
      await expect(gateway.createOrder({ amount: 100, currency: "INR", receipt: "r" })).rejects.toThrow(
        /RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET/,
      );
      expect(await gateway.verifyWebhookSignature("{}", hmacHex("mandap-local-sandbox-gateway-secret", "{}"))).toBe(false);
    }
    // Where the sandbox is not the gateway, its pages are not there.
    const res = await serveSandboxGateway(
      new Request("https://mandap.example/sandbox-gateway/v1/checkout/embedded", { method: "POST" }),
      base,
      false,
      () => {},
    );
    expect(res.status).toBe(404);
  });
});

describe("the money path on the Razorpay adapter", () => {
  it("buys, confirms the callback against the Payments API and answers Razorpay's webhook once", async () => {
    const vendor = await createVendor();
    const planId = await createPlan({ price: 14_999, days: 365, name: "Gold" });
    const actor = { id: vendor.id, role: "VENDOR" as const, email: vendor.email, userName: vendor.userName, profilePhoto: null, isVerified: true };
    const ctx = { ...testContext({ actor, request: { origin: "https://mandap.example" } }), payments: razorpayGateway(KEYS, fetcher) };

    answers.push(orderResponse({ id: "order_GoldOrder00001", amount: 1_499_900, receipt: "x" }));
    const order = await createSubscriptionOrder(ctx, planId);
    const sent = JSON.parse(seen[0]!.body);
    expect(sent).toMatchObject({ amount: 1_499_900, currency: "INR", receipt: order.receipt, notes: { vendor_id: vendor.id, plan_id: planId } });
    expect(order.receipt.length).toBeLessThanOrEqual(40);
    expect(order.checkout.action).toBe("https://api.razorpay.com/v1/checkout/embedded");
    expect(order.checkout.fields.callback_url).toBe("https://mandap.example/api/v1/payments/callback");

    const paymentId = "pay_GoldPayment001";
    answers.push(Response.json(paymentEntity({ id: paymentId, orderId: order.orderId, amount: 1_499_900, notes: sent.notes })));
    const signature = hmacHex(KEYS.keySecret, `${order.orderId}|${paymentId}`);
    const anonymous = { ...ctx, actor: null };
    expect(await confirmCheckout(anonymous, { razorpay_payment_id: paymentId, razorpay_order_id: order.orderId, razorpay_signature: signature })).toEqual({
      orderId: order.orderId,
      outcome: "credited",
    });
    expect(seen[1]).toMatchObject({ url: `https://api.razorpay.com/v1/payments/${paymentId}`, method: "GET" });
    const payment = await env.DB.prepare("SELECT status, gateway_payment_id, fee, tax, vpa, contact FROM payments WHERE gateway_order_id = ?")
      .bind(order.orderId)
      .first();
    expect(payment).toEqual({
      status: "SUCCESS",
      gateway_payment_id: paymentId,
      fee: 11_798,
      tax: 1_800,
      vpa: "gaurav.kumar@exampleupi",
      contact: "+919000090000",
    });

    const event = JSON.stringify({
      entity: "event",
      account_id: "acc_BFQ7uQEaa7j2z7",
      event: "payment.captured",
      contains: ["payment"],
      payload: { payment: { entity: paymentEntity({ id: paymentId, orderId: order.orderId, amount: 1_499_900, notes: sent.notes }) } },
      created_at: 1_691_735_748,
    });
    const webhook = (signatureOf: string) => handleWebhook(anonymous, { rawBody: event, signature: hmacHex(signatureOf, event), eventId: "evt_GoldEvent0001" });
    await expect(webhook(KEYS.keySecret)).rejects.toThrow("The webhook signature is not valid.");
    expect(await webhook(KEYS.webhookSecret)).toEqual({ outcome: "already-credited", orderId: order.orderId });
    expect(await webhook(KEYS.webhookSecret)).toEqual({ outcome: "duplicate", orderId: null });
    expect(seen).toHaveLength(2);
  });

  it("an unreachable gateway refuses the purchase with 502's message and stores nothing", async () => {
    const vendor = await createVendor();
    const planId = await createPlan();
    const actor = { id: vendor.id, role: "VENDOR" as const, email: vendor.email, userName: vendor.userName, profilePhoto: null, isVerified: true };
    const ctx = { ...testContext({ actor }), payments: razorpayGateway(KEYS, fetcher) };
    answers.push(new TypeError("Network connection lost."));
    await expect(createSubscriptionOrder(ctx, planId)).rejects.toThrow(
      "The payment gateway could not be reached. Nothing was charged; please try again in a minute.",
    );
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM subscriptions WHERE vendor_id = ?").bind(vendor.id).first()).toEqual({ n: 0 });
  });
});
