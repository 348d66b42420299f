import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DAILY, runScheduled } from "#functions/cron/index.ts";
import type { Env } from "#functions/env.ts";
import { reconcilePayments, type ReconciliationRun } from "#domain/billing/index.ts";
import { meteredDatabase } from "#domain/core/index.ts";
import { testContext } from "#tests/support/context.ts";
import { call, signedIn } from "#tests/support/factories.ts";
import { callback, createPlan, creditsOf, type OrderAnswer, paymentOf, payInSandbox, settleWebhooks, subscriptionOf } from "#tests/support/payments.ts";
import { loggedEvents } from "#tests/support/logs.ts";

/**
 * Issue 30, reconciliation: the daily job lists the gateway's payments (the sandbox implements
 * GET /v1/payments) and compares them with ours. A payment captured there whose callback and
 * webhooks were all lost is credited, once, through the one crediting path; one credited here but
 * not captured there is flagged to admins (GET /admin/transactions/reconciliation and the page).
 * Repeating a run, or two at once, changes nothing more.
 */

let info: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  info = vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  // Every webhook the sandbox sends is lost (the app never hears of the payment).
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    throw new Error("connection refused");
  });
});
afterEach(() => vi.restoreAllMocks());

async function buy(cookie: string): Promise<OrderAnswer> {
  const res = await call(`/api/v1/subscribe/create-order/${await createPlan({ price: 4999, days: 90 })}`, { method: "POST", cookie });
  const body = (await res.json()) as OrderAnswer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Paid at the sandbox, but the callback never came back and every webhook was lost. */
async function paidAndLost(cookie: string) {
  const order = await buy(cookie);
  const back = await payInSandbox(order);
  await settleWebhooks(order.orderId, 2);
  expect(await paymentOf(order.orderId)).toMatchObject({ status: "PENDING" });
  return { order, back };
}

const window = () => ({ from: Date.now() - 60 * 60_000, to: Date.now() + 60_000 });
const reconcile = () => reconcilePayments(testContext(), window());
const flagsFor = async (cookie: string) =>
  ((await (await call("/api/v1/admin/transactions/reconciliation", { cookie })).json()) as { flags: Record<string, unknown>[] }).flags;

describe("the daily reconciliation with the gateway", () => {
  it("credits a sandbox payment whose callback and webhooks were lost, by purpose, and logs the run's counts; a second run changes nothing", async () => {
    const vendor = await signedIn("VENDOR");
    const { order, back } = await paidAndLost(vendor.cookie);

    // The cron's daily run (the job among the daily ones).
    await runScheduled(DAILY, env as Env, Date.now());
    const payment = await paymentOf(order.orderId);
    expect(payment).toMatchObject({ status: "SUCCESS", method: "upi", vpa: "payer@okaxis" });
    expect(await creditsOf(order.orderId)).toEqual([expect.objectContaining({ source: "reconciliation", gateway_payment_id: payment!.gateway_payment_id })]);
    const sub = await subscriptionOf(order.orderId);
    expect(sub).toMatchObject({ status: "ACTIVE", is_trial: 0 });
    // The purpose's whole grant ran: the plan's invoice was issued in the crediting batch.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM invoices WHERE payment_id = ?").bind(payment!.id).first("n")).toBe(1);
    const line = loggedEvents(info).find((l) => l.event === "payments: reconciliation");
    expect(line).toMatchObject({ gateway: "sandbox", credited: expect.any(Number), listed: expect.any(Number), flagged: expect.any(Number) });
    expect(line!.credited).toBeGreaterThanOrEqual(1);

    // Again: nothing more (already credited), the subscription as it was.
    const again = await reconcile();
    expect(again).toMatchObject({ credited: 0, flagged: 0 });
    expect(again.alreadyCredited).toBeGreaterThanOrEqual(1);
    expect(await creditsOf(order.orderId)).toHaveLength(1);
    expect(await subscriptionOf(order.orderId)).toEqual(sub);

    // The callback arriving after all is answered as already credited.
    expect((await callback(back.fields)).status).toBe(303);
    expect(await creditsOf(order.orderId)).toHaveLength(1);
  });

  it("costs the cron's D1 budget per payment it credits or flags, not per payment it lists (a run over many paid orders stays a few calls)", async () => {
    const vendor = await signedIn("VENDOR");
    for (let i = 0; i < 6; i++) {
      const order = await buy(vendor.cookie);
      expect((await callback((await payInSandbox(order)).fields)).status).toBe(303);
    }
    await reconcile();
    const tally = { calls: 0 };
    const ctx = testContext();
    const run = await reconcilePayments({ ...ctx, db: meteredDatabase(env.DB, { limit: 45, used: 0 }, tally) }, window());
    expect(run.alreadyCredited).toBeGreaterThanOrEqual(6);
    expect(run).toMatchObject({ credited: 0, flagged: 0 });
    // The sandbox's list (one page), our side and the flags (one batch), our credited ones (one query).
    expect(tally.calls).toBeLessThanOrEqual(3);
  });

  it("two runs at once credit once", async () => {
    const vendor = await signedIn("VENDOR");
    const { order } = await paidAndLost(vendor.cookie);
    const runs: ReconciliationRun[] = await Promise.all([reconcile(), reconcile(), reconcile()]);
    expect(await creditsOf(order.orderId)).toHaveLength(1);
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS" });
    expect(await subscriptionOf(order.orderId)).toMatchObject({ status: "ACTIVE" });
    // Other lost payments of this file's earlier tests may be in the window too: this one was credited by exactly one run.
    const credited = runs.reduce((n, r) => n + r.credited, 0);
    expect(credited).toBeGreaterThanOrEqual(1);
    expect(runs.reduce((n, r) => n + r.alreadyCredited, 0)).toBeGreaterThanOrEqual(2);
  });

  it("flags a payment credited here but not captured at the gateway, once, for admins only", async () => {
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie);
    const back = await payInSandbox(order);
    expect((await callback(back.fields)).status).toBe(303);
    const local = await paymentOf(order.orderId);
    expect(local).toMatchObject({ status: "SUCCESS" });
    // The gateway's record says otherwise (it failed there after all).
    await env.DB.prepare("UPDATE sandbox_gateway_payments SET status = 'failed', captured_at = NULL WHERE id = ?").bind(local!.gateway_payment_id).run();

    const first = await reconcile();
    expect(first.flagged).toBe(1);
    const second = await reconcile();
    expect(second.flagged).toBe(0);
    // Nothing about the payment itself changed: a person decides.
    expect(await paymentOf(order.orderId)).toMatchObject({ status: "SUCCESS" });

    const admin = await signedIn("ADMIN");
    const flags = await flagsFor(admin.cookie);
    expect(flags.filter((f) => f.paymentId === local!.id)).toEqual([
      expect.objectContaining({
        kind: "NOT_CAPTURED",
        gatewayPaymentId: local!.gateway_payment_id,
        gatewayStatus: "failed",
        amount: 4999,
        email: vendor.email,
        gatewayOrderId: order.orderId,
        message: "Credited here, but the payment gateway says this payment is failed. Check it in the gateway's dashboard.",
      }),
    ]);
    expect((await call("/api/v1/admin/transactions/reconciliation", { cookie: vendor.cookie })).status).toBe(403);
    expect((await call("/api/v1/admin/transactions/reconciliation")).status).toBe(401);
  });

  it("flags a credited payment the gateway does not know, and a second payment captured for an order already paid", async () => {
    const vendor = await signedIn("VENDOR");
    const first = await buy(vendor.cookie);
    expect((await callback((await payInSandbox(first)).fields)).status).toBe(303);
    const paid = await paymentOf(first.orderId);
    // The gateway has no such payment (made with another account's keys, say).
    await env.DB.prepare("DELETE FROM sandbox_gateway_payments WHERE id = ?").bind(paid!.gateway_payment_id).run();
    // The same order paid a second time at the gateway (a second tab), its callback lost.
    const second = await buy(vendor.cookie);
    expect((await callback((await payInSandbox(second)).fields)).status).toBe(303);
    await env.DB.prepare("UPDATE sandbox_gateway_orders SET status = 'attempted' WHERE id = ?").bind(second.orderId).run();
    await payInSandbox(second, { app: "bhim" });

    const run = await reconcile();
    expect(run.flagged).toBe(2);
    const admin = await signedIn("ADMIN");
    const flags = await flagsFor(admin.cookie);
    expect(flags.filter((f) => f.paymentId === paid!.id)).toEqual([
      expect.objectContaining({
        kind: "NOT_CAPTURED",
        gatewayStatus: "unknown",
        message: "Credited here, but the payment gateway has no such payment. Check it in the gateway's dashboard.",
      }),
    ]);
    const secondLocal = await paymentOf(second.orderId);
    expect(flags.filter((f) => f.paymentId === secondLocal!.id)).toEqual([
      expect.objectContaining({ kind: "SECOND_PAYMENT", gatewayStatus: "captured", gatewayOrderId: second.orderId }),
    ]);
    expect(await creditsOf(second.orderId)).toHaveLength(1);
  });
});

describe("an admin resolves a reconciliation flag", () => {
  /** A payment credited here that the gateway says failed: the run flags it. */
  async function flagged() {
    const vendor = await signedIn("VENDOR");
    const order = await buy(vendor.cookie);
    expect((await callback((await payInSandbox(order)).fields)).status).toBe(303);
    const local = (await paymentOf(order.orderId))!;
    await env.DB.prepare("UPDATE sandbox_gateway_payments SET status = 'failed', captured_at = NULL WHERE id = ?").bind(local.gateway_payment_id).run();
    expect((await reconcile()).flagged).toBe(1);
    return { vendor, gatewayPaymentId: String(local.gateway_payment_id) };
  }
  const resolve = (cookie: string | undefined, gatewayPaymentId: string, body: unknown) =>
    call(`/api/v1/admin/transactions/reconciliation/${gatewayPaymentId}/resolve`, { method: "POST", cookie, body: JSON.stringify(body) });
  const auditOf = (gatewayPaymentId: string) =>
    env.DB.prepare("SELECT action, subject_type, actor_email, reason FROM admin_audit_log WHERE subject_id = ?")
      .bind(gatewayPaymentId)
      .all()
      .then((r) => r.results);

  it("with a note (API): audited, it leaves the open list, a later run does not raise it again, and a second resolve is a 409", async () => {
    const { vendor, gatewayPaymentId } = await flagged();
    const admin = await signedIn("ADMIN");
    const open = async () => (await flagsFor(admin.cookie)).filter((f) => f.gatewayPaymentId === gatewayPaymentId);
    expect(await open()).toHaveLength(1);

    // Refused before anything changes: a vendor, a visitor, no note, an unknown flag.
    expect((await resolve(vendor.cookie, gatewayPaymentId, { note: "Looks fine" })).status).toBe(403);
    expect((await resolve(undefined, gatewayPaymentId, { note: "Looks fine" })).status).toBe(401);
    const empty = await resolve(admin.cookie, gatewayPaymentId, { note: " " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ success: false, errors: { note: "Please say how this was resolved (at least 3 characters)." } });
    expect((await resolve(admin.cookie, "pay_NoSuchPayment1", { note: "Looks fine" })).status).toBe(404);
    expect(await open()).toHaveLength(1);
    expect(await auditOf(gatewayPaymentId)).toEqual([]);

    const note = "The bank reversed it; the vendor paid again by NEFT, receipt 4411.";
    const res = await resolve(admin.cookie, gatewayPaymentId, { note });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: "Marked resolved. The note is in the audit log." });
    expect(await open()).toEqual([]);
    expect(await auditOf(gatewayPaymentId)).toEqual([{ action: "payment.resolve-flag", subject_type: "payment", actor_email: admin.email, reason: note }]);
    expect(
      await env.DB.prepare("SELECT resolution_note FROM payment_reconciliation_flags WHERE gateway_payment_id = ?").bind(gatewayPaymentId).first(),
    ).toEqual({
      resolution_note: note,
    });

    expect((await reconcile()).flagged).toBe(0);
    expect(await open()).toEqual([]);
    const again = await resolve(admin.cookie, gatewayPaymentId, { note: "Twice" });
    expect(again.status).toBe(409);
    expect(await auditOf(gatewayPaymentId)).toHaveLength(1);
  });
});
