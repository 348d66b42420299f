import type { DomainContext } from "../core/index.ts";
import { invoiceStatements } from "./invoices.ts";
import { applyPlanLimits } from "./plan-limits.ts";
import type { GatewayPayment } from "#platform/payments.ts";
import { type LocalPayment, type PaymentOutcome, ORDER_LIFETIME_MS, DAY_MS, PAYMENT_MESSAGES, localPayment } from "./payment-records.ts";

/**
 * Crediting a captured payment exactly once (the callback's and the webhooks' one path), recording
 * a payment that came after its order expired (refund due), and marking a failed attempt.
 */

/**
 * The one crediting function (the callback's and the webhook's): one batch that records the credit
 * first (payment_credits' primary key: a second credit of the payment fails as a whole and changes
 * nothing), marks the payment SUCCESS with the gateway's details, the subscription ACTIVE from
 * max(now, the latest end of the vendor's ACTIVE subscriptions, trial included) for the plan's
 * days, and issues the invoice (functions/domain/billing/invoices.ts). Then the plan's limits apply.
 */
export async function creditPayment(ctx: DomainContext, local: LocalPayment, gp: GatewayPayment, source: "callback" | "webhook"): Promise<PaymentOutcome> {
  if (local.status === "SUCCESS") return "already-credited";
  if (local.status === "REFUND_DUE") return "refund-due";
  // Paid after the order's lifetime (by the gateway's own time of the payment when it gives one).
  if ((gp.createdAt ?? ctx.now) > local.createdAt + ORDER_LIFETIME_MS) return recordUncredited(ctx, local, gp, source);
  if (local.purpose === "TEMPLATE") return creditTemplatePayment(ctx, local, gp, source);
  const now = ctx.now;
  const db = ctx.db;
  const invoice = await invoiceStatements(ctx, { id: local.id, userId: local.userId, amount: local.amount, planName: local.planName ?? "" }, now);
  const periodStart = `MAX(?, COALESCE((SELECT MAX(o.end_date) FROM subscriptions o WHERE o.vendor_id = subscriptions.vendor_id AND o.status = 'ACTIVE' AND o.id <> subscriptions.id), 0))`;
  try {
    await db.batch([
      ...creditStatements(ctx, local, gp, source),
      db
        .prepare(
          `UPDATE subscriptions SET status = 'ACTIVE', start_date = ${periodStart},
             end_date = ${periodStart} + COALESCE(duration_days, (SELECT duration_days FROM plans WHERE id = subscriptions.plan_id)) * ${DAY_MS},
             failure_reason = NULL, updated_at = ?
           WHERE id = ? AND status IN ('PENDING', 'CANCELLED')`,
        )
        .bind(now, now, now, local.subscriptionId),
      ...invoice,
    ]);
  } catch (e) {
    // The loser of a race (or a replay): the batch changed nothing. Anything else is a real failure.
    return afterFailedCredit(ctx, gp, e);
  }
  console.info("payments: credited", { orderId: gp.orderId, paymentId: gp.id, source });
  try {
    await applyPlanLimits(ctx, local.userId);
  } catch (e) {
    // The credit stands; the daily job applies the limits again.
    console.error("payments: applying plan limits after a credit failed", { orderId: gp.orderId, error: e instanceof Error ? e.message : String(e) });
  }
  return "credited";
}

/** The statements that record a credit: payment_credits first (its primary key refuses a second credit), then the payment SUCCESS with the gateway's details. */
function creditStatements(ctx: DomainContext, local: LocalPayment, gp: GatewayPayment, source: "callback" | "webhook") {
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
 * subscription is CANCELLED, the template purchase failed. Admins see it at /admin/transactions.
 * Refunding it through the gateway arrives with the refunds work (issue 30); until then an admin
 * refunds it by hand.
 */
async function recordUncredited(ctx: DomainContext, local: LocalPayment, gp: GatewayPayment, source: "callback" | "webhook"): Promise<PaymentOutcome> {
  const { db, now } = ctx;
  const reason = PAYMENT_MESSAGES.expiredOrder;
  await db.batch([
    db
      .prepare(
        `UPDATE payments SET status = 'REFUND_DUE', gateway_payment_id = ?, method = ?, vpa = ?, contact = ?, fee = ?, tax = ?, captured_at = ?, failure_reason = ?, updated_at = ?
         WHERE id = ? AND status IN ('PENDING', 'FAILED')`,
      )
      .bind(gp.id, gp.method, gp.vpa, gp.contact, gp.fee, gp.tax, now, reason, now, local.id),
    local.purpose === "TEMPLATE"
      ? db
          .prepare(
            "UPDATE template_purchases SET order_status = 'failed', payment_status = 'successful', updated_at = ? WHERE id = ? AND order_status IN ('pending', 'failed')",
          )
          .bind(now, local.templatePurchaseId)
      : db
          .prepare("UPDATE subscriptions SET status = 'CANCELLED', failure_reason = ?, updated_at = ? WHERE id = ? AND status IN ('PENDING', 'CANCELLED')")
          .bind(reason, now, local.subscriptionId),
  ]);
  console.warn("payments: a payment arrived after its order expired; recorded, not credited, refund due", {
    orderId: gp.orderId,
    paymentId: gp.id,
    source,
    purpose: local.purpose,
  });
  return "refund-due";
}

/** The loser of a race (or a replay) changed nothing: "already-credited"; anything else is a real failure. */
async function afterFailedCredit(ctx: DomainContext, gp: GatewayPayment, e: unknown): Promise<PaymentOutcome> {
  const after = await localPayment(ctx, gp.orderId).catch(() => null);
  if (after?.status === "SUCCESS") {
    if (after.gatewayPaymentId !== gp.id)
      console.warn("payments: a second payment arrived for an order already paid", { orderId: gp.orderId, paymentId: gp.id });
    return "already-credited";
  }
  throw e;
}

/**
 * A template purchase's credit (issue 13, decision 0025): one batch of the credit, the payment
 * SUCCESS and the purchase completed/successful with completed_at. No GST invoice is issued (a
 * couple is not a business; see the decision). Should the couple already own the design through
 * another order (two orders opened, both paid), the money is recorded but this purchase is marked
 * failed/successful (a refund is due) rather than breaking the one-completed-purchase index.
 */
async function creditTemplatePayment(ctx: DomainContext, local: LocalPayment, gp: GatewayPayment, source: "callback" | "webhook"): Promise<PaymentOutcome> {
  const { db, now } = ctx;
  const ownedElsewhere = `EXISTS (SELECT 1 FROM template_purchases o WHERE o.user_id = template_purchases.user_id AND o.template_id = template_purchases.template_id
                                  AND o.order_status = 'completed' AND o.id <> template_purchases.id)`;
  try {
    await db.batch([
      ...creditStatements(ctx, local, gp, source),
      db
        .prepare(
          `UPDATE template_purchases SET order_status = 'failed', payment_status = 'successful', updated_at = ?
           WHERE id = ? AND order_status IN ('pending', 'failed') AND ${ownedElsewhere}`,
        )
        .bind(now, local.templatePurchaseId),
      db
        .prepare(
          `UPDATE template_purchases SET order_status = 'completed', payment_status = 'successful', completed_at = ?, updated_at = ?
           WHERE id = ? AND order_status IN ('pending', 'failed') AND NOT ${ownedElsewhere}`,
        )
        .bind(now, now, local.templatePurchaseId),
    ]);
  } catch (e) {
    return afterFailedCredit(ctx, gp, e);
  }
  const row = await db
    .prepare("SELECT order_status AS orderStatus FROM template_purchases WHERE id = ?")
    .bind(local.templatePurchaseId)
    .first<{ orderStatus: string }>();
  if (row?.orderStatus !== "completed")
    console.warn("payments: a template order was paid after the couple already owned the design; refund it", { orderId: gp.orderId, paymentId: gp.id });
  console.info("payments: credited", { orderId: gp.orderId, paymentId: gp.id, source, purpose: "TEMPLATE" });
  return "credited";
}

/** A failed attempt: the payment FAILED with the reason, the subscription stays PENDING with it; a credited payment is never touched. */
export async function markFailed(ctx: DomainContext, local: LocalPayment, reason: string): Promise<PaymentOutcome> {
  if (local.status === "SUCCESS") return "already-credited";
  if (local.status === "REFUND_DUE") return "refund-due";
  const text = reason.slice(0, 300);
  await ctx.db.batch([
    ctx.db
      .prepare("UPDATE payments SET status = 'FAILED', failure_reason = ?, updated_at = ? WHERE id = ? AND status IN ('PENDING', 'FAILED')")
      .bind(text, ctx.now, local.id),
    local.purpose === "TEMPLATE"
      ? ctx.db
          .prepare("UPDATE template_purchases SET order_status = 'failed', payment_status = 'failed', updated_at = ? WHERE id = ? AND order_status = 'pending'")
          .bind(ctx.now, local.templatePurchaseId)
      : ctx.db
          .prepare("UPDATE subscriptions SET failure_reason = ?, updated_at = ? WHERE id = ? AND status = 'PENDING'")
          .bind(text, ctx.now, local.subscriptionId),
  ]);
  return "failed";
}
