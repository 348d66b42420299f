import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, createUser, sessionCookieFor, signedIn } from "#tests/support/factories.ts";
import { insertTemplate } from "#tests/support/invitations.ts";
import { callback, createPlan, creditsOf, paymentOf, payInSandbox, postForm, subscriptionOf, type OrderAnswer } from "#tests/support/payments.ts";

/**
 * Issue 28, items 6 and 7: a gateway order is an offer on fixed terms for a limited time.
 * - Item 7: one open order per couple and design. "Pay" again reuses it (8 orders paid took ₹3,192
 *   for a ₹399 design), so the gateway, which takes one payment per order, cannot be paid twice.
 * - Item 6: an order keeps the plan's terms (price and length) it was opened with, and a payment
 *   that arrives after the order's lifetime (24 hours) is recorded as received but not credited,
 *   due for a refund, and shown to admins; it is never credited on whatever the plan is by then.
 */
const DAY = 86_400_000;

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  // The sandbox's first webhook attempts fail ("connection refused"): only the callbacks credit here.
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    throw new Error("connection refused");
  });
});
afterEach(() => vi.restoreAllMocks());

async function post<T>(path: string, cookie: string): Promise<{ status: number; body: T }> {
  const res = await call(path, { method: "POST", cookie });
  return { status: res.status, body: (await res.json()) as T };
}

const templateOrder = (cookie: string, templateId: string) => post<OrderAnswer & { purchaseId: string }>(`/api/v1/template/create-order/${templateId}`, cookie);
const planOrder = (cookie: string, planId: string) => post<OrderAnswer>(`/api/v1/subscribe/create-order/${planId}`, cookie);

/** Makes an order as old as `ms` (the clock of the API is the real one). */
const age = (orderId: string, ms: number) =>
  env.DB.batch([
    env.DB.prepare("UPDATE payments SET created_at = created_at - ? WHERE gateway_order_id = ?").bind(ms, orderId),
    env.DB.prepare("UPDATE subscriptions SET created_at = created_at - ? WHERE gateway_order_id = ?").bind(ms, orderId),
    env.DB.prepare("UPDATE template_purchases SET created_at = created_at - ? WHERE payment_id = (SELECT id FROM payments WHERE gateway_order_id = ?)").bind(
      ms,
      orderId,
    ),
  ]);

describe("one open order per couple and design (item 7)", () => {
  it("a second Pay reuses the open order, so the design cannot be paid twice", async () => {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 399 });
    const first = await templateOrder(couple.cookie, template.id);
    const second = await templateOrder(couple.cookie, template.id);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.orderId).toBe(first.body.orderId);
    expect(second.body.checkout).toEqual(first.body.checkout);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM template_purchases WHERE user_id = ? AND template_id = ?")
      .bind(couple.id, template.id)
      .first();
    expect(rows).toEqual({ n: 1 });

    // Two tabs on the same order: the gateway takes one payment.
    const tabA = await payInSandbox(first.body);
    const pageB = await postForm(second.body.checkout.action, second.body.checkout.fields);
    expect(pageB.status).toBe(409);
    expect((await callback(tabA.fields)).status).toBe(303);
    expect(await creditsOf(first.body.orderId)).toHaveLength(1);
    // Owned now: a further Pay is refused.
    const third = await templateOrder(couple.cookie, template.id);
    expect(third.status).toBe(409);
    const paid = await env.DB.prepare("SELECT COALESCE(SUM(amount), 0) AS total FROM payments WHERE user_id = ? AND status = 'SUCCESS'")
      .bind(couple.id)
      .first();
    expect(paid).toEqual({ total: 399 });
  });

  it("reuses the order after a declined attempt; opens a new one once it has expired", async () => {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 399 });
    const first = await templateOrder(couple.cookie, template.id);
    const declined = await payInSandbox(first.body, { decision: "decline" });
    expect((await callback(declined.fields)).status).toBe(303);
    const again = await templateOrder(couple.cookie, template.id);
    expect(again.body.orderId).toBe(first.body.orderId);

    await age(first.body.orderId, DAY + 60_000);
    const fresh = await templateOrder(couple.cookie, template.id);
    expect(fresh.status).toBe(200);
    expect(fresh.body.orderId).not.toBe(first.body.orderId);
  });

  it("another couple's order for the same design is never reused", async () => {
    const template = await insertTemplate({ price: 399 });
    const a = await signedIn("USER");
    const b = await createUser({ role: "USER" });
    const orderA = await templateOrder(a.cookie, template.id);
    const orderB = await templateOrder(await sessionCookieFor(b.id), template.id);
    expect(orderB.status).toBe(200);
    expect(orderB.body.orderId).not.toBe(orderA.body.orderId);
  });
});

describe("an order keeps its terms and expires (item 6)", () => {
  it("a plan order paid after the admin changed the plan gives the price and days it was opened with", async () => {
    const vendor = await signedIn("VENDOR");
    const planId = await createPlan({ price: 100, days: 1, name: "Day pass" });
    const made = await planOrder(vendor.cookie, planId);
    expect(made.status).toBe(200);
    await env.DB.prepare("UPDATE plans SET price = 50000, duration_days = 365, name = 'Year pass' WHERE id = ?").bind(planId).run();
    const back = await payInSandbox(made.body);
    expect((await callback(back.fields)).status).toBe(303);
    const sub = await subscriptionOf(made.body.orderId);
    expect(sub).toMatchObject({ status: "ACTIVE" });
    expect((sub!.end_date as number) - (sub!.start_date as number)).toBe(1 * DAY);
    expect(await paymentOf(made.body.orderId)).toMatchObject({ status: "SUCCESS", amount: 100 });
  });

  it("a payment for an expired plan order is recorded as received, not credited, and refunded in full by itself", async () => {
    const vendor = await signedIn("VENDOR");
    const planId = await createPlan({ price: 100, days: 1 });
    const made = await planOrder(vendor.cookie, planId);
    await age(made.body.orderId, DAY + 60_000);
    const back = await payInSandbox(made.body);
    const res = await callback(back.fields);
    expect(res.status).toBe(303);
    expect(await creditsOf(made.body.orderId)).toHaveLength(0);
    expect(await subscriptionOf(made.body.orderId)).toMatchObject({ start_date: null, end_date: null });
    expect((await subscriptionOf(made.body.orderId))!.status).not.toBe("ACTIVE");
    // Received (the gateway's ids, why it was not credited), then refunded through the refund path (issue 30).
    const payment = await paymentOf(made.body.orderId);
    expect(payment).toMatchObject({ status: "REFUNDED", refunded_amount: 100, gateway_payment_id: back.fields.razorpay_payment_id });
    expect(String(payment!.failure_reason)).toMatch(/after the order expired/);
    // A replay changes nothing.
    expect((await callback(back.fields)).status).toBe(303);
    expect(await creditsOf(made.body.orderId)).toHaveLength(0);

    // Admins see it in /admin/transactions with the refund it was owed, made.
    const admin = await signedIn("ADMIN");
    const listed = await call("/api/v1/admin/transactions?status=REFUNDED", { cookie: admin.cookie });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { transactions: { gatewayOrderId: string; automaticRefund: unknown }[] };
    expect(body.transactions.find((t) => t.gatewayOrderId === made.body.orderId)).toMatchObject({
      automaticRefund: { reason: "Paid after the order expired, so nothing was bought: refunded automatically.", refundedAt: expect.any(Number) },
    });
  });

  it("a payment for an expired template order does not give the design", async () => {
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 399 });
    const made = await templateOrder(couple.cookie, template.id);
    await age(made.body.orderId, DAY + 60_000);
    const back = await payInSandbox(made.body);
    expect((await callback(back.fields)).status).toBe(303);
    expect(await paymentOf(made.body.orderId)).toMatchObject({ status: "REFUNDED", refunded_amount: 399 });
    const status = await call(`/api/v1/template/payment-status/${template.id}`, { cookie: couple.cookie });
    expect(await status.json()).toMatchObject({ owned: false, canUse: false });
  });
});
