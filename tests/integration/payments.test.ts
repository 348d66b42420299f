import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EVERY_FIVE_MINUTES, runScheduled } from "#functions/cron/index.ts";
import type { Env } from "#functions/env.ts";
import { confirmCheckout, createSubscriptionOrder, handleWebhook } from "#domain/billing/index.ts";
import { testContext } from "#tests/support/context.ts";
import { call, createVendor, ORIGIN, signedIn, worker } from "#tests/support/factories.ts";
import {
  callback,
  createPlan,
  creditsOf,
  formOf,
  hmacHex,
  type OrderAnswer,
  paymentOf,
  payInSandbox,
  postForm,
  SANDBOX_SECRET,
  sendWebhook,
  settleWebhooks,
  subscriptionOf,
  webhooksOf,
} from "#tests/support/payments.ts";
import { loggedEvents } from "#tests/support/logs.ts";

/**
 * The money path through the API with the local sandbox gateway (the default without keys):
 * buying a plan, the sandbox's checkout page, the callback and the webhooks crediting exactly once,
 * the refusals, the stacking of periods and the webhook retries of the 5-minute cron.
 */
const DAY = 86_400_000;

/** Where the sandbox's webhooks go: "down" (connection refused), "503", or "app" (this Worker). */
let webhookMode: "down" | "503" | "app" = "down";

beforeEach(() => {
  webhookMode = "down";
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname !== "/api/v1/payments/webhook") throw new Error(`unexpected fetch of ${request.url}`);
    if (webhookMode === "down") throw new Error("connection refused");
    if (webhookMode === "503") return new Response("busy", { status: 503 });
    return worker.fetch(new Request(`${ORIGIN}/api/v1/payments/webhook`, request));
  });
});
afterEach(() => vi.restoreAllMocks());

async function buy(cookie: string, planId: string): Promise<OrderAnswer> {
  const res = await call(`/api/v1/subscribe/create-order/${planId}`, { method: "POST", cookie });
  const body = (await res.json()) as OrderAnswer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Buys, pays in the sandbox and waits for its deferred (refused) webhook attempts: nothing credited yet. */
async function paidButUnconfirmed(cookie: string, planId: string, choice: Parameters<typeof payInSandbox>[1] = {}) {
  const order = await buy(cookie, planId);
  const back = await payInSandbox(order, choice);
  const hooks = await settleWebhooks(order.orderId, choice.decision === "decline" || choice.bank === "FAIL" ? 1 : 2);
  return { order, back, hooks };
}

/**
 * The 5-minute cron's whole run in this invocation: without the jobs queue a job over the query
 * budget continues here rather than on the queue, so what the cron did is there to read when it returns.
 */
const inOneInvocation = { ...(env as Env), JOB_QUEUE: undefined } as Env;

describe("buying a plan with the sandbox gateway", () => {
  it("creates the order, serves the checkout page, and the callback of an approved UPI payment credits it", async () => {
    const vendor = await signedIn("VENDOR");
    const planId = await createPlan({ price: 4999, days: 90 });
    const order = await buy(vendor.cookie, planId);
    expect(order.orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(order).toMatchObject({ amount: 499_900, currency: "INR", keyId: "rzp_test_MandapSandbox1" });
    expect(order.receipt.length).toBeLessThanOrEqual(40);
    expect(order.checkout.action).toBe(`${ORIGIN}/sandbox-gateway/v1/checkout/embedded`);
    expect(order.checkout.fields).toMatchObject({
      key_id: "rzp_test_MandapSandbox1",
      order_id: order.orderId,
      amount: "499900",
      currency: "INR",
      callback_url: `${ORIGIN}/api/v1/payments/callback`,
      cancel_url: `${ORIGIN}/VendorDashboard/Plan`,
      "prefill[email]": vendor.email,
    });
    expect(await subscriptionOf(order.orderId)).toMatchObject({ status: "PENDING", vendor_id: vendor.id, plan_id: planId, start_date: null });
    expect(await paymentOf(order.orderId)).toMatchObject({
      status: "PENDING",
      user_id: vendor.id,
      amount: 4999,
      receipt: order.receipt,
      purpose: "SUBSCRIPTION",
    });

    const page = await postForm(order.checkout.action, order.checkout.fields);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("₹4,999");
    expect(html).toContain("Google Pay");
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");

    const before = Date.now();
    const back = await payInSandbox(order);
    expect(back.action).toBe(`${ORIGIN}/api/v1/payments/callback`);
    const { razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: signature } = back.fields;
    expect(paymentId).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(orderId).toBe(order.orderId);
    // Signed exactly as Razorpay signs: hex HMAC-SHA256 of "order_id|payment_id" with the key secret.
    expect(signature).toBe(hmacHex(SANDBOX_SECRET, `${orderId}|${paymentId}`));
    // The webhooks go to the app where the checkout page was served (the first attempt failed: "down").
    expect((await settleWebhooks(order.orderId, 2)).map((w) => w.url)).toEqual([`${ORIGIN}/api/v1/payments/webhook`, `${ORIGIN}/api/v1/payments/webhook`]);

    const res = await callback(back.fields);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/VendorDashboard/Plan?order=${order.orderId}`);
    const payment = await paymentOf(order.orderId);
    expect(payment).toMatchObject({ status: "SUCCESS", gateway_payment_id: paymentId, method: "upi", vpa: "payer@okaxis", failure_reason: null });
    expect(payment!.fee).toBe(Math.round(499_900 * 0.0236));
    expect(payment!.captured_at).toBeGreaterThanOrEqual(before);
    const sub = await subscriptionOf(order.orderId);
    expect(sub).toMatchObject({ status: "ACTIVE", is_trial: 0 });
    expect(sub!.start_date).toBeGreaterThanOrEqual(before);
    expect(sub!.end_date).toBe((sub!.start_date as number) + 90 * DAY);
    expect(await creditsOf(order.orderId)).toEqual([expect.objectContaining({ source: "callback", gateway_payment_id: paymentId })]);

    // The webhooks arrive later (the cron's retry): answered, recorded, nothing credited again.
    webhookMode = "app";
    await runScheduled(EVERY_FIVE_MINUTES, inOneInvocation, Date.now() + 10 * 60_000);
    expect((await webhooksOf(order.orderId)).map((w) => [w.event, w.status])).toEqual([
      ["payment.captured", "DELIVERED"],
      ["order.paid", "DELIVERED"],
    ]);
    expect(await creditsOf(order.orderId)).toHaveLength(1);
    expect(await subscriptionOf(order.orderId)).toEqual(sub);
  });

  it("pays by card too; a card number that fails the Luhn check is sent back to the form", async () => {
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie, await createPlan());
    const page = await postForm(order.checkout.action, order.checkout.fields);
    const { action, fields } = formOf(await page.text());
    const bad = await postForm(action, { ...fields, method: "card", card_number: "4111 1111 1111 1112", card_expiry: "12/30", decision: "approve" });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Enter a valid card number.");
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });
    const back = await payInSandbox(order, { method: "card", card: "4111 1111 1111 1111" });
    await settleWebhooks(order.orderId, 2);
    expect((await callback(back.fields)).status).toBe(303);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS", method: "card", vpa: null });
  });

  it("a declined payment is FAILED with the reason and the subscription stays PENDING with it; a later approval of the same order credits", async () => {
    const vendor = await signedIn("VENDOR");
    const { order, back } = await paidButUnconfirmed(vendor.cookie, await createPlan(), { decision: "decline" });
    expect(back.fields["error[code]"]).toBe("BAD_REQUEST_ERROR");
    expect(JSON.parse(back.fields["error[metadata]"]!)).toEqual({ order_id: order.orderId, payment_id: expect.stringMatching(/^pay_/) });
    const res = await callback(back.fields);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/VendorDashboard/Plan?order=${order.orderId}`);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "FAILED", failure_reason: "Payment declined by the payer", gateway_payment_id: null });
    expect(await subscriptionOf(order.orderId)).toMatchObject({ status: "PENDING", failure_reason: "Payment declined by the payer" });

    const again = await payInSandbox(order, { app: "phonepe" });
    expect((await callback(again.fields)).status).toBe(303);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS", failure_reason: null });
    expect(await subscriptionOf(order.orderId)).toMatchObject({ status: "ACTIVE", failure_reason: null });
  });

  it("the test bank declines netbanking like Razorpay's test mode, and the payment.failed webhook records the reason", async () => {
    const vendor = await signedIn("VENDOR");
    const { order, hooks } = await paidButUnconfirmed(vendor.cookie, await createPlan(), { method: "netbanking", bank: "FAIL" });
    expect(hooks.map((h) => h.event)).toEqual(["payment.failed"]);
    const res = await sendWebhook(hooks[0]!.body, hooks[0]!.id);
    expect(res.status).toBe(200);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "FAILED", failure_reason: "Payment failed at the payer's bank" });
    expect(await subscriptionOf(order.orderId)).toMatchObject({ status: "PENDING", failure_reason: "Payment failed at the payer's bank" });
  });

  it("an unsigned failure callback does not mark a payment failed on its own word", async () => {
    const vendor = await signedIn("VENDOR");
    const { order, back } = await paidButUnconfirmed(vendor.cookie, await createPlan());
    const forged = {
      "error[code]": "BAD_REQUEST_ERROR",
      "error[description]": "Forged failure",
      "error[metadata]": JSON.stringify({ order_id: order.orderId, payment_id: back.fields.razorpay_payment_id }),
    };
    expect((await callback(forged)).status).toBe(303);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING", failure_reason: null });
  });
});

describe("crediting exactly once", () => {
  it("the same webhooks delivered three times and out of order credit once", async () => {
    const vendor = await signedIn("VENDOR");
    const { order, hooks } = await paidButUnconfirmed(vendor.cookie, await createPlan({ days: 30 }));
    const [captured, paid] = hooks;
    expect([captured!.event, paid!.event]).toEqual(["payment.captured", "order.paid"]);
    const body = JSON.parse(paid!.body);
    expect(body).toMatchObject({ entity: "event", event: "order.paid", contains: ["payment", "order"] });
    expect(body.payload.order.entity).toMatchObject({ id: order.orderId, status: "paid", amount: 499_900, amount_paid: 499_900 });
    expect(body.payload.payment.entity).toMatchObject({ order_id: order.orderId, status: "captured", amount: 499_900, currency: "INR" });

    const answers = [];
    for (const hook of [paid, captured, paid, captured, paid, captured]) {
      const res = await sendWebhook(hook!.body, hook!.id);
      answers.push([res.status, ((await res.json()) as { outcome: string }).outcome]);
    }
    expect(answers).toEqual([
      [200, "credited"],
      [200, "already-credited"],
      [200, "duplicate"],
      [200, "duplicate"],
      [200, "duplicate"],
      [200, "duplicate"],
    ]);
    expect(await creditsOf(order.orderId)).toEqual([expect.objectContaining({ source: "webhook" })]);
    const sub = await subscriptionOf(order.orderId);
    expect(sub!.end_date).toBe((sub!.start_date as number) + 30 * DAY);
    const events = await env.DB.prepare("SELECT id, type, processed_at FROM webhook_events WHERE id IN (?, ?) ORDER BY type")
      .bind(captured!.id, paid!.id)
      .all();
    expect(events.results).toEqual([
      { id: paid!.id, type: "order.paid", processed_at: expect.any(Number) },
      { id: captured!.id, type: "payment.captured", processed_at: expect.any(Number) },
    ]);

    // A failure event arriving after the credit changes nothing.
    const failed = JSON.parse(captured!.body);
    failed.event = "payment.failed";
    failed.payload.payment.entity = { ...failed.payload.payment.entity, status: "failed", error_description: "Late failure" };
    expect((await sendWebhook(JSON.stringify(failed), "evt_LateFailure0001")).status).toBe(200);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS", failure_reason: null });
  });

  it("a callback and the webhooks racing credit once, with one period", async () => {
    const vendor = await signedIn("VENDOR");
    const planId = await createPlan({ days: 90 });
    for (let round = 0; round < 3; round++) {
      const { order, back, hooks } = await paidButUnconfirmed(vendor.cookie, planId);
      const answers = await Promise.all([
        callback(back.fields),
        sendWebhook(hooks[1]!.body, hooks[1]!.id),
        callback(back.fields),
        sendWebhook(hooks[0]!.body, hooks[0]!.id),
        sendWebhook(hooks[1]!.body, hooks[1]!.id),
      ]);
      expect(answers.map((r) => r.status)).toEqual([303, 200, 303, 200, 200]);
      await Promise.all(answers.map((r) => r.arrayBuffer()));
      expect(await creditsOf(order.orderId)).toHaveLength(1);
      expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS" });
      const sub = await subscriptionOf(order.orderId);
      expect(sub!.end_date).toBe((sub!.start_date as number) + 90 * DAY);
    }
    // Three purchases stack: each period starts where the previous one ends.
    const { results } = await env.DB.prepare("SELECT start_date AS s, end_date AS e FROM subscriptions WHERE vendor_id = ? ORDER BY start_date")
      .bind(vendor.id)
      .all<{ s: number; e: number }>();
    expect(results).toHaveLength(3);
    expect(results[1]!.s).toBe(results[0]!.e);
    expect(results[2]!.s).toBe(results[1]!.e);
  });
});

describe("never lost", () => {
  it("a database failure while crediting fails the webhook (5xx: the gateway retries), leaves the event unprocessed, and the retry credits", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const vendor = await signedIn("VENDOR");
    const { order, hooks } = await paidButUnconfirmed(vendor.cookie, await createPlan());
    let failing = true;
    const db = new Proxy(env.DB, {
      get(target, key) {
        if (key === "batch" && failing) return async () => Promise.reject(new Error("D1_ERROR: database is locked"));
        const value: unknown = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const ctx = { ...testContext(), db };
    const input = { rawBody: hooks[0]!.body, signature: hmacHex(SANDBOX_SECRET, hooks[0]!.body), eventId: hooks[0]!.id };
    await expect(handleWebhook(ctx, input)).rejects.toThrow("database is locked");
    expect(await env.DB.prepare("SELECT processed_at FROM webhook_events WHERE id = ?").bind(hooks[0]!.id).first()).toEqual({ processed_at: null });
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });
    expect(await creditsOf(order.orderId)).toEqual([]);
    failing = false;
    expect(await handleWebhook(ctx, input)).toEqual({ outcome: "credited", orderId: order.orderId });
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS" });
  });

  it("through the API the same failure is a 500, so the gateway retries", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const vendor = await signedIn("VENDOR");
    const { order, hooks } = await paidButUnconfirmed(vendor.cookie, await createPlan());
    // A trigger makes the crediting batch fail for this payment only, as a failing database would.
    await env.DB.prepare(
      "CREATE TRIGGER IF NOT EXISTS money_test_fail BEFORE INSERT ON payment_credits WHEN NEW.gateway_payment_id LIKE 'pay_%' AND (SELECT COUNT(*) FROM payments WHERE id = NEW.payment_id AND receipt = 'fail-me') = 1 BEGIN SELECT RAISE(ABORT, 'simulated database failure'); END",
    ).run();
    await env.DB.prepare("UPDATE payments SET receipt = 'fail-me' WHERE gateway_order_id = ?").bind(order.orderId).run();
    try {
      const res = await sendWebhook(hooks[0]!.body, hooks[0]!.id);
      expect(res.status).toBe(500);
      expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });
      await env.DB.prepare("UPDATE payments SET receipt = 'ok' WHERE gateway_order_id = ?").bind(order.orderId).run();
      const retry = await sendWebhook(hooks[0]!.body, hooks[0]!.id);
      expect([retry.status, ((await retry.json()) as { outcome: string }).outcome]).toEqual([200, "credited"]);
    } finally {
      await env.DB.prepare("DROP TRIGGER IF EXISTS money_test_fail").run();
    }
  });
});

describe("refusals: nothing credited, a clear status, logged", () => {
  it("a forged signature, and a signature replayed on another order", async () => {
    const vendor = await signedIn("VENDOR");
    const planId = await createPlan();
    const a = await paidButUnconfirmed(vendor.cookie, planId);
    const b = await paidButUnconfirmed(vendor.cookie, planId);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    const forged = { ...a.back.fields, razorpay_signature: hmacHex("not-the-secret", `${a.order.orderId}|${a.back.fields.razorpay_payment_id}`) };
    const res = await callback(forged);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: "This payment confirmation's signature is not valid. Nothing was credited." });
    expect(loggedEvents(warn)).toContainEqual(expect.objectContaining({ level: "warn", event: "payments: refused callback", orderId: a.order.orderId }));
    expect(JSON.stringify(warn.mock.calls)).not.toContain(forged.razorpay_signature);

    // A's genuine payment and signature presented for order B.
    const replay = await callback({ ...a.back.fields, razorpay_order_id: b.order.orderId });
    expect(replay.status).toBe(400);
    for (const o of [a, b]) {
      expect(await paymentOf(o.order.orderId)).toMatchObject({ status: "PENDING" });
      expect(await creditsOf(o.order.orderId)).toEqual([]);
    }
    expect((await callback({ razorpay_payment_id: "pay_x", razorpay_order_id: "order_y", razorpay_signature: "z" })).status).toBe(400);
    expect((await callback({})).status).toBe(400);
  });

  it("an amount or currency that does not match the order", async () => {
    const vendor = await signedIn("VENDOR");
    const planId = await createPlan();
    const { order, back, hooks } = await paidButUnconfirmed(vendor.cookie, planId);
    await env.DB.prepare("UPDATE sandbox_gateway_payments SET amount = 100 WHERE id = ?").bind(back.fields.razorpay_payment_id).run();
    const res = await callback(back.fields);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, message: "The amount paid does not match the order. Nothing was credited; please contact support." });
    for (const [field, value] of [
      ["amount", 100],
      ["currency", "USD"],
    ] as const) {
      const body = JSON.parse(hooks[0]!.body);
      body.payload.payment.entity[field] = value;
      const hook = await sendWebhook(JSON.stringify(body), `evt_Mismatch${field.padEnd(8, "0")}`);
      expect(hook.status).toBe(200);
      expect(await hook.json()).toMatchObject({ outcome: "refused", message: expect.stringContaining("does not match") });
    }
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });
    expect(await creditsOf(order.orderId)).toEqual([]);
  });

  it("another vendor's order: refused at the callback under their session, and in a webhook naming another vendor", async () => {
    const vendor = await signedIn("VENDOR");
    const other = await signedIn("VENDOR");
    const { order, back, hooks } = await paidButUnconfirmed(vendor.cookie, await createPlan());
    const res = await postForm("/api/v1/payments/callback", back.fields, { Cookie: other.cookie });
    expect(res.status).toBe(404);
    const body = JSON.parse(hooks[0]!.body);
    body.payload.payment.entity.notes.vendor_id = other.id;
    const hook = await sendWebhook(JSON.stringify(body), "evt_OtherVendor0001");
    expect(await hook.json()).toMatchObject({ outcome: "refused" });
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });
    expect(await subscriptionOf(order.orderId)).toMatchObject({ status: "PENDING" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM subscriptions WHERE vendor_id = ?").bind(other.id).first()).toEqual({ n: 0 });
    // The owner's own session is fine.
    expect((await postForm("/api/v1/payments/callback", back.fields, { Cookie: vendor.cookie })).status).toBe(303);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS" });
  });

  it("a webhook with a missing or wrong signature is 401 and not recorded", async () => {
    const vendor = await signedIn("VENDOR");
    const { order, hooks } = await paidButUnconfirmed(vendor.cookie, await createPlan());
    for (const options of [{ secret: "wrong" }, { signature: "" }, { signature: "zz" }]) {
      const res = await sendWebhook(hooks[0]!.body, hooks[0]!.id, options);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, message: "The webhook signature is not valid." });
    }
    const tampered = hooks[0]!.body.replace('"amount":499900', '"amount":100');
    expect((await sendWebhook(tampered, hooks[0]!.id, { signature: hmacHex(SANDBOX_SECRET, hooks[0]!.body) })).status).toBe(401);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_events WHERE id = ?").bind(hooks[0]!.id).first()).toEqual({ n: 0 });
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });
  });

  it("unknown, retired and trial plans; couples and visitors", async () => {
    const vendor = await signedIn("VENDOR");
    const couple = await signedIn("USER");
    const cases: [string, string | undefined, number, string][] = [
      ["no-such-plan", vendor.cookie, 404, "This plan does not exist."],
      [await createPlan({ active: false }), vendor.cookie, 409, "This plan is no longer offered. Please choose another plan."],
      [
        await createPlan({ trial: true, price: 0, days: 14 }),
        vendor.cookie,
        409,
        "The free trial cannot be bought: it starts when you verify your e-mail address.",
      ],
      [await createPlan(), couple.cookie, 403, "Only vendors can buy a plan."],
      [await createPlan(), undefined, 401, "Please log in to continue."],
    ];
    for (const [planId, cookie, status, message] of cases) {
      const res = await call(`/api/v1/subscribe/create-order/${planId}`, { method: "POST", cookie });
      expect([res.status, await res.json()]).toEqual([status, { success: false, message }]);
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM subscriptions WHERE vendor_id = ?").bind(vendor.id).first()).toEqual({ n: 0 });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE user_id IN (?, ?)").bind(vendor.id, couple.id).first()).toEqual({ n: 0 });
  });

  it("the callback is the one write other sites may send; the sandbox pages refuse orders they do not know", async () => {
    const crossSite = await worker.fetch(`${ORIGIN}/api/v1/payments/webhook`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(crossSite.status).toBe(403);
    const page = await postForm("/sandbox-gateway/v1/checkout/embedded", {
      key_id: "rzp_test_MandapSandbox1",
      order_id: "order_AAAAAAAAAAAAAA",
      callback_url: `${ORIGIN}/api/v1/payments/callback`,
      cancel_url: `${ORIGIN}/VendorDashboard/Plan`,
    });
    expect(page.status).toBe(404);
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie, await createPlan());
    const elsewhere = await postForm(order.checkout.action, { ...order.checkout.fields, callback_url: "https://evil.example/steal" });
    expect(elsewhere.status).toBe(400);
    expect((await worker.fetch(`${ORIGIN}/sandbox-gateway/v1/checkout/embedded`)).status).toBe(404);
  });
});

describe("periods stack", () => {
  async function activeSubscription(vendorId: string, endsInDays: number, trial: boolean) {
    const planId = await createPlan({ trial, price: trial ? 0 : 4999, days: 14 });
    const now = Date.now();
    const end = now + endsInDays * DAY;
    await env.DB.prepare(
      "INSERT INTO subscriptions (id, vendor_id, plan_id, status, start_date, end_date, is_trial, trial_end_date, created_at, updated_at) VALUES (?, ?, ?, 'ACTIVE', ?, ?, ?, ?, ?, ?)",
    )
      .bind(`sub-${planId}`, vendorId, planId, now - DAY, end, trial ? 1 : 0, trial ? end : null, now, now)
      .run();
    return end;
  }

  async function buyAndConfirm(cookie: string, planId: string) {
    const { order, back } = await paidButUnconfirmed(cookie, planId);
    expect((await callback(back.fields)).status).toBe(303);
    return (await subscriptionOf(order.orderId))!;
  }

  it("bought while ACTIVE, the new period starts at the current end", async () => {
    const vendor = await signedIn("VENDOR");
    const end = await activeSubscription(vendor.id, 10, false);
    const sub = await buyAndConfirm(vendor.cookie, await createPlan({ days: 90 }));
    expect(sub).toMatchObject({ status: "ACTIVE", start_date: end, end_date: end + 90 * DAY });
  });

  it("bought during a trial, it starts when the trial ends (every trial day is kept)", async () => {
    const vendor = await signedIn("VENDOR");
    const end = await activeSubscription(vendor.id, 5, true);
    const sub = await buyAndConfirm(vendor.cookie, await createPlan({ days: 365 }));
    expect(sub).toMatchObject({ status: "ACTIVE", start_date: end, end_date: end + 365 * DAY });
  });

  it("with nothing running (or only an ended subscription the daily job has not expired yet), it starts now", async () => {
    const vendor = await signedIn("VENDOR");
    await activeSubscription(vendor.id, -3, false);
    const before = Date.now();
    const sub = await buyAndConfirm(vendor.cookie, await createPlan({ days: 90 }));
    expect(sub.start_date).toBeGreaterThanOrEqual(before);
    expect(sub.start_date).toBeLessThanOrEqual(Date.now());
  });
});

describe("the sandbox's webhook retries (the 5-minute cron)", () => {
  it("retries with back-off after failures and credits once the app answers", async () => {
    const vendor = await signedIn("VENDOR");
    const { order, hooks } = await paidButUnconfirmed(vendor.cookie, await createPlan());
    expect(hooks.map((h) => [h.status, h.attempts, h.lastError])).toEqual([
      ["PENDING", 1, "connection refused"],
      ["PENDING", 1, "connection refused"],
    ]);
    const t0 = hooks[0]!.nextAttemptAt - 60_000;
    // Not due yet (one minute of back-off): nothing is attempted.
    await runScheduled(EVERY_FIVE_MINUTES, inOneInvocation, t0 + 30_000);
    expect((await webhooksOf(order.orderId)).map((h) => h.attempts)).toEqual([1, 1]);
    // The app answers 503: another attempt, a longer back-off.
    webhookMode = "503";
    await runScheduled(EVERY_FIVE_MINUTES, inOneInvocation, t0 + 2 * 60_000);
    const second = await webhooksOf(order.orderId);
    expect(second.map((h) => [h.status, h.attempts, h.lastError, h.nextAttemptAt])).toEqual([
      ["PENDING", 2, "HTTP 503", t0 + 2 * 60_000 + 5 * 60_000],
      ["PENDING", 2, "HTTP 503", t0 + 2 * 60_000 + 5 * 60_000],
    ]);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });
    // Up again: delivered, credited once by the webhook.
    webhookMode = "app";
    await runScheduled(EVERY_FIVE_MINUTES, inOneInvocation, t0 + 10 * 60_000);
    expect((await webhooksOf(order.orderId)).map((h) => [h.status, h.attempts])).toEqual([
      ["DELIVERED", 3],
      ["DELIVERED", 3],
    ]);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS" });
    expect(await creditsOf(order.orderId)).toEqual([expect.objectContaining({ source: "webhook" })]);
  });

  it("gives up after the last attempt and fails the cron run, so it is seen", async () => {
    const vendor = await signedIn("VENDOR");
    const { order, hooks } = await paidButUnconfirmed(vendor.cookie, await createPlan());
    await env.DB.prepare("UPDATE sandbox_gateway_webhooks SET attempts = 9 WHERE id = ?").bind(hooks[0]!.id).run();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = await runScheduled(EVERY_FIVE_MINUTES, inOneInvocation, Date.now() + DAY).catch((e: unknown) => e);
    expect(String(failure)).toContain(`gave up delivering 1 webhook(s): ${hooks[0]!.id}`);
    expect((await webhooksOf(order.orderId)).map((h) => h.status)).toEqual(["FAILED", "PENDING"]);
  });
});

describe("prices without GST (PRICES_INCLUDE_GST=false)", () => {
  it("charges the price plus 18 % GST, credits that amount and invoices it to the paisa; the bare price is refused as a mismatch", async () => {
    const vendor = await createVendor();
    const actor = { id: vendor.id, role: "VENDOR" as const, email: vendor.email, userName: "V", profilePhoto: null, isVerified: true };
    const base = testContext({ actor });
    const ctx = testContext({ actor, config: { billing: { ...base.config.billing, pricesIncludeGst: false } } });
    const planId = await createPlan({ price: 4999, days: 90 });
    const order = await createSubscriptionOrder(ctx, planId);
    // Rs 4,999 + 18 % = Rs 5,898.82.
    expect(order.amount).toBe(589_882);
    expect(order.checkout.fields.amount).toBe("589882");
    const back = await payInSandbox(order as unknown as OrderAnswer);
    // The same callback judged by a context where prices include GST expects 4,99,900 paise: refused, nothing credited.
    await expect(confirmCheckout(base, back.fields)).rejects.toThrow();
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });
    expect(await confirmCheckout(ctx, back.fields)).toMatchObject({ outcome: "credited" });
    const invoice = await env.DB.prepare("SELECT taxable_value, total, prices_include_gst FROM invoices WHERE payment_id = ?")
      .bind(order.paymentId)
      .first<{ taxable_value: number; total: number; prices_include_gst: number }>();
    expect(invoice).toEqual({ taxable_value: 499_900, total: 589_882, prices_include_gst: 0 });
  });
});

describe("the sandbox checkout reads its form through the capped reader (issue 28)", () => {
  it("a checkout or pay form over 1 MB is a 413 page, declared or streamed, and the order stays unpaid", async () => {
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie, await createPlan());
    const page = await postForm(order.checkout.action, order.checkout.fields);
    const { action, fields } = formOf(await page.text());
    const pay = { ...fields, method: "upi", upi_app: "gpay", decision: "approve" };
    const tooLarge = "The request body is too large: send at most 1 MB.";

    const declared = await postForm(action, { ...pay, notes: "x".repeat(1024 * 1024) });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain(tooLarge);

    // No Content-Length: refused once the body passes the cap while it streams.
    const body = new TextEncoder().encode(`${new URLSearchParams(pay).toString()}&notes=${"x".repeat(1024 * 1024)}`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += 64 * 1024) controller.enqueue(body.slice(at, at + 64 * 1024));
        controller.close();
      },
    });
    const streamed = await worker.fetch(`${ORIGIN}${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: stream,
    });
    expect(streamed.status).toBe(413);
    expect(await streamed.text()).toContain(tooLarge);

    const checkout = await postForm(order.checkout.action, { ...order.checkout.fields, notes: "x".repeat(1024 * 1024) });
    expect(checkout.status).toBe(413);
    expect(await checkout.text()).toContain(tooLarge);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sandbox_gateway_payments WHERE order_id = ?").bind(order.orderId).first("n")).toBe(0);

    // Within the cap the same pay form is taken.
    const ok = await postForm(action, pay);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Payment successful");
    await settleWebhooks(order.orderId, 2);
  });
});
