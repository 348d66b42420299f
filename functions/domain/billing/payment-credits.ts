import type { DomainContext } from "../core/index.ts";
import type { GatewayPayment } from "#platform/payments.ts";
import { type LocalPayment, type PaymentOutcome, ORDER_LIFETIME_MS, PAYMENT_MESSAGES, localPayment, wasCredited } from "./payment-records.ts";
import { purposeOf } from "./payment-purposes.ts";
import { automaticRefundStatement, runAutomaticRefund } from "./automatic-refunds.ts";
import { log } from "#platform/log.ts";

/** Which path credited a payment: the gateway's callback, its webhook, or the daily reconciliation (reconciliation.ts). */
export type CreditSource = "callback" | "webhook" | "reconciliation";

/**
 * Crediting a captured payment exactly once (the callback's and the webhooks' one path), recording
 * a payment that came after its order expired (refund due), and marking a failed attempt, for
 * every purpose alike: what the payment buys is its purpose's (payment-purposes.ts, decision 0042).
 */

/**
 * The one crediting function (the callback's and the webhook's): one batch that records the credit
 * first (payment_credits' primary key: a second credit of the payment fails as a whole and changes
 * nothing), marks the payment SUCCESS with the gateway's details, and grants what was bought (the
 * purpose's statements: for a plan the subscription ACTIVE and the invoice, plan-purpose.ts; for a
 * template the purchase completed, invitations/template-purpose.ts). Then the purpose's after-work
 * (a plan's limits apply).
 */
export async function creditPayment(ctx: DomainContext, local: LocalPayment, gp: GatewayPayment, source: CreditSource): Promise<PaymentOutcome> {
  if (wasCredited(local.status)) return "already-credited";
  if (local.status === "REFUND_DUE") return "refund-due";
  // Paid after the order's lifetime (by the gateway's own time of the payment when it gives one).
  if ((gp.createdAt ?? ctx.now) > local.createdAt + ORDER_LIFETIME_MS) return recordUncredited(ctx, local, gp, source);
  const purpose = purposeOf(local.purpose);
  const grant = await purpose.grant(ctx, local);
  try {
    await ctx.db.batch([...creditStatements(ctx, local, gp, source), ...grant]);
  } catch (e) {
    // The loser of a race (or a replay): the batch changed nothing. Anything else is a real failure.
    return afterFailedCredit(ctx, gp, e);
  }
  log.info("payments: credited", { orderId: gp.orderId, paymentId: gp.id, source, purpose: local.purpose });
  ctx.events.record({ event: "payment", labels: [local.purpose, "credited", gp.method, source], values: [local.amount] });
  await purpose.afterGrant?.(ctx, local);
  // It bought nothing after all (a design the couple already owned: the grant's batch owed its refund): refunded in full, by itself.
  await refundOwed(ctx, local.id);
  return "credited";
}

/**
 * The refund a batch just owed (automatic-refunds.ts), asked of the gateway now; what cannot be
 * made now is retried by the 5-minute cron, so a failure here never undoes the payment's record.
 */
async function refundOwed(ctx: DomainContext, paymentId: string) {
  try {
    await runAutomaticRefund(ctx, paymentId);
  } catch (e) {
    log.error("payments: an automatic refund could not be started; the 5-minute cron retries it", { paymentId }, e);
  }
}

/** The statements that record a credit: payment_credits first (its primary key refuses a second credit), then the payment SUCCESS with the gateway's details. */
function creditStatements(ctx: DomainContext, local: LocalPayment, gp: GatewayPayment, source: CreditSource) {
  const { db, now } = ctx;
  return [
    db.prepare("INSERT INTO payment_credits (payment_id, gateway_payment_id, source, credited_at) VALUES (?, ?, ?, ?)").bind(local.id, gp.id, source, now),
    db
      .prepare(
        `UPDATE payments SET status = 'SUCCESS', gateway_payment_id = ?, method = ?, vpa = ?, contact = ?, fee = ?, tax = ?, captured_at = ?, failure_reason = NULL, updated_at = ?
         WHERE id = ? AND status IN ('PENDING', 'FAILED')`,
      )
      .bind(gp.id, gp.method, gp.vpa, gp.contact, gp.fee, gp.tax, now, now, local.id),
  ];
}

/**
 * A payment for an expired order (issue 28, item 6): the money is recorded as received (the
 * gateway's ids and details, status REFUND_DUE with the reason) and nothing is credited: the
 * purpose withholds what was bought (the subscription is CANCELLED, the template purchase failed).
 * The same batch owes its refund (automatic-refunds.ts), asked of the gateway right after, in full
 * and by itself (issue 30); admins see it at /admin/transactions until it is made.
 */
async function recordUncredited(ctx: DomainContext, local: LocalPayment, gp: GatewayPayment, source: CreditSource): Promise<PaymentOutcome> {
  const { db, now } = ctx;
  const reason = PAYMENT_MESSAGES.expiredOrder;
  await db.batch([
    db
      .prepare(
        `UPDATE payments SET status = 'REFUND_DUE', gateway_payment_id = ?, method = ?, vpa = ?, contact = ?, fee = ?, tax = ?, captured_at = ?, failure_reason = ?, updated_at = ?
         WHERE id = ? AND status IN ('PENDING', 'FAILED')`,
      )
      .bind(gp.id, gp.method, gp.vpa, gp.contact, gp.fee, gp.tax, now, reason, now, local.id),
    purposeOf(local.purpose).withhold(ctx, local, reason),
    automaticRefundStatement(ctx, local.id, PAYMENT_MESSAGES.lateRefund, {
      sql: "EXISTS (SELECT 1 FROM payments WHERE id = ? AND status = 'REFUND_DUE' AND gateway_payment_id = ?)",
      binds: [local.id, gp.id],
    }),
  ]);
  log.warn("payments: a payment arrived after its order expired; recorded, not credited, refund due", {
    orderId: gp.orderId,
    paymentId: gp.id,
    source,
    purpose: local.purpose,
  });
  await refundOwed(ctx, local.id);
  return "refund-due";
}

/** The loser of a race (or a replay) changed nothing: "already-credited"; anything else is a real failure. */
async function afterFailedCredit(ctx: DomainContext, gp: GatewayPayment, e: unknown): Promise<PaymentOutcome> {
  const after = await localPayment(ctx, gp.orderId).catch(() => null);
  if (after && wasCredited(after.status)) {
    if (after.gatewayPaymentId !== gp.id) log.warn("payments: a second payment arrived for an order already paid", { orderId: gp.orderId, paymentId: gp.id });
    return "already-credited";
  }
  throw e;
}

/** A failed attempt: the payment FAILED with the reason, and the purpose records it on the purchase; a credited payment is never touched. */
export async function markFailed(ctx: DomainContext, local: LocalPayment, reason: string): Promise<PaymentOutcome> {
  if (wasCredited(local.status)) return "already-credited";
  if (local.status === "REFUND_DUE") return "refund-due";
  const text = reason.slice(0, 300);
  await ctx.db.batch([
    ctx.db
      .prepare("UPDATE payments SET status = 'FAILED', failure_reason = ?, updated_at = ? WHERE id = ? AND status IN ('PENDING', 'FAILED')")
      .bind(text, ctx.now, local.id),
    purposeOf(local.purpose).failed(ctx, local, text),
  ]);
  ctx.events.record({ event: "payment", labels: [local.purpose, "failed"], values: [local.amount] });
  return "failed";
}
