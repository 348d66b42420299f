import { grossPaise } from "#shared/gst.ts";
import type { DomainContext } from "../core/index.ts";
import { invoiceStatements } from "./invoices.ts";
import { applyPlanLimits, planLimitStatements } from "./plan-limits.ts";
import { DAY_MS, planPageFor } from "./payment-records.ts";
import type { PaymentPurpose } from "./payment-purposes.ts";
import { log } from "#platform/log.ts";

/**
 * A plan (issue 11, decision 0017) as a payment purpose (decision 0042). Charged its price plus
 * GST unless prices include it (shared/gst.ts). Granted in the crediting batch: the subscription
 * ACTIVE from max(now, the latest end of the vendor's ACTIVE subscriptions, trial included) for the
 * plan's days, and the GST invoice (invoices.ts); then the plan's limits apply. A late payment
 * cancels the subscription with the reason; a failed attempt leaves it PENDING with the reason; an
 * order left unpaid for a day (the daily job) cancels it with the reason. Refunded in full (issue 30),
 * the subscription is CANCELLED from now and the plan's limits apply in the refund's batch.
 */
export const planPurpose: PaymentPurpose = {
  name: "SUBSCRIPTION",
  purchaseColumn: "subscription_id",
  chargedPaise: (ctx, amount) => grossPaise(amount, ctx.config.billing.pricesIncludeGst),
  returnPage: planPageFor,
  async grant(ctx, payment) {
    const { db, now } = ctx;
    const invoice = await invoiceStatements(ctx, { id: payment.id, userId: payment.userId, amount: payment.amount, planName: payment.planName ?? "" }, now);
    const periodStart = `MAX(?, COALESCE((SELECT MAX(o.end_date) FROM subscriptions o WHERE o.vendor_id = subscriptions.vendor_id AND o.status = 'ACTIVE' AND o.id <> subscriptions.id), 0))`;
    return [
      db
        .prepare(
          `UPDATE subscriptions SET status = 'ACTIVE', start_date = ${periodStart},
             end_date = ${periodStart} + COALESCE(duration_days, (SELECT duration_days FROM plans WHERE id = subscriptions.plan_id)) * ${DAY_MS},
             failure_reason = NULL, updated_at = ?
           WHERE id = ? AND status IN ('PENDING', 'CANCELLED')`,
        )
        .bind(now, now, now, payment.subscriptionId),
      ...invoice,
    ];
  },
  async afterGrant(ctx: DomainContext, payment) {
    try {
      await applyPlanLimits(ctx, payment.userId);
    } catch (e) {
      // The credit stands; the daily job applies the limits again.
      log.error("payments: applying plan limits after a credit failed", { paymentId: payment.id, error: e instanceof Error ? e.message : String(e) });
    }
  },
  withhold: (ctx, payment, reason) =>
    ctx.db
      .prepare("UPDATE subscriptions SET status = 'CANCELLED', failure_reason = ?, updated_at = ? WHERE id = ? AND status IN ('PENDING', 'CANCELLED')")
      .bind(reason, ctx.now, payment.subscriptionId),
  failed: (ctx, payment, reason) =>
    ctx.db
      .prepare("UPDATE subscriptions SET failure_reason = ?, updated_at = ? WHERE id = ? AND status = 'PENDING'")
      .bind(reason, ctx.now, payment.subscriptionId),
  takeBack: (ctx, payment, reason) => [
    // The refunded period ends now (a stacked period not begun yet ends before it starts), then the plan's limits apply.
    ctx.db
      .prepare(
        `UPDATE subscriptions SET status = 'CANCELLED', end_date = MIN(COALESCE(end_date, ?1), ?1), failure_reason = ?2, updated_at = ?1
         WHERE id = ?3 AND status IN ('ACTIVE', 'PENDING')`,
      )
      .bind(ctx.now, `Refunded: ${reason}`.slice(0, 300), payment.subscriptionId),
    ...planLimitStatements(ctx.db, [payment.userId], ctx.now, ctx.config.freeActiveServices),
  ],
  abandon: {
    stale: (db, before, limit) =>
      db.prepare("SELECT id FROM subscriptions WHERE status = 'PENDING' AND created_at < ? ORDER BY created_at, id LIMIT ?").bind(before, limit),
    close: (db, ids, reason, now) =>
      db
        .prepare(
          `UPDATE subscriptions SET status = 'CANCELLED', failure_reason = ?2, updated_at = ?3
           WHERE status = 'PENDING' AND id IN (SELECT value FROM json_each(?1))`,
        )
        .bind(ids, reason, now),
  },
};
