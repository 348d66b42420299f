import { automaticRefundStatement, consumerInvoiceStatements, type PaymentPurpose } from "../billing/index.ts";

/** Why a second paid order for a design the couple owns is refunded (by itself, through billing's refund path). */
export const DUPLICATE_PURCHASE_REFUND = "Paid for a design the couple already owned (two orders opened, both paid): refunded automatically.";

export const SUCCESS_PAGE = "/success";
/** Where a template order's callback lands (issue 13): the /success page shows its outcome. */
export const successPageFor = (orderId: string) => `${SUCCESS_PAGE}?order=${encodeURIComponent(orderId)}`;

/** Paise charged for a template price in whole rupees: the price shown to couples includes GST (decision 0025). */
export const templatePaise = (priceRupees: number) => priceRupees * 100;

/**
 * An invitation template (issue 13, decision 0025) as a payment purpose (decision 0042): billing
 * credits the payment, this area's tables say what the couple owns. Charged the price couples see
 * (GST included); the couple's GST tax invoice (B2C, decision 0044) is issued in the crediting batch
 * when the payment completes the purchase. Granted in the crediting batch: the
 * purchase completed/successful with completed_at; should the couple already own the design through
 * another order (two orders opened, both paid), the money is recorded but this purchase is marked
 * failed/successful rather than breaking the one-completed-purchase index, and the same batch owes
 * that payment's refund, which billing makes by itself (issue 30, billing/automatic-refunds.ts). A late payment marks the purchase
 * failed/successful; a failed attempt failed/failed, and so does an
 * order left unpaid for a day (the daily job; the reason is on the payment). A purchase refunded in
 * full becomes refunded/refunded, so it grants the design no more for new cards and exports
 * (canUseTemplate asks for a completed one); cards already made keep their canvas.
 */
export const templatePurpose: PaymentPurpose = {
  name: "TEMPLATE",
  purchaseColumn: "template_purchase_id",
  chargedPaise: (_ctx, amount) => templatePaise(amount),
  returnPage: successPageFor,
  async grant(ctx, payment) {
    const { db, now } = ctx;
    const ownedElsewhere = `EXISTS (SELECT 1 FROM template_purchases o WHERE o.user_id = template_purchases.user_id AND o.template_id = template_purchases.template_id
                                    AND o.order_status = 'completed' AND o.id <> template_purchases.id)`;
    const design = await db
      .prepare("SELECT it.name FROM template_purchases t JOIN invite_templates it ON it.id = t.template_id WHERE t.id = ?")
      .bind(payment.templatePurchaseId)
      .first<{ name: string }>();
    // The couple's GST invoice (decision 0044), after the purchase's UPDATEs: only when this payment completed it
    // (a design the couple already owned is refunded, not invoiced).
    const invoice = await consumerInvoiceStatements(
      ctx,
      { id: payment.id, userId: payment.userId, amount: payment.amount, designName: design?.name ?? "Invitation design" },
      now,
      {
        sql: "EXISTS (SELECT 1 FROM template_purchases WHERE id = ? AND payment_id = ? AND order_status = 'completed')",
        binds: [payment.templatePurchaseId, payment.id],
      },
    );
    return [
      db
        .prepare(
          `UPDATE template_purchases SET order_status = 'failed', payment_status = 'successful', updated_at = ?
           WHERE id = ? AND order_status IN ('pending', 'failed') AND ${ownedElsewhere}`,
        )
        .bind(now, payment.templatePurchaseId),
      db
        .prepare(
          `UPDATE template_purchases SET order_status = 'completed', payment_status = 'successful', completed_at = ?, updated_at = ?
           WHERE id = ? AND order_status IN ('pending', 'failed') AND NOT ${ownedElsewhere}`,
        )
        .bind(now, now, payment.templatePurchaseId),
      ...invoice,
      // The design was the couple's already (this batch marked the purchase failed, the money taken): its refund is owed, once.
      automaticRefundStatement(ctx, payment.id, DUPLICATE_PURCHASE_REFUND, {
        sql: "EXISTS (SELECT 1 FROM template_purchases WHERE id = ? AND payment_id = ? AND order_status = 'failed' AND payment_status = 'successful')",
        binds: [payment.templatePurchaseId, payment.id],
      }),
    ];
  },
  // Refunded in full: the purchase grants nothing more (canUseTemplate asks for a completed one); cards already made keep their canvas.
  takeBack: (ctx, payment) => [
    ctx.db
      .prepare(
        "UPDATE template_purchases SET order_status = 'refunded', payment_status = 'refunded', updated_at = ? WHERE id = ? AND order_status IN ('completed', 'failed', 'pending')",
      )
      .bind(ctx.now, payment.templatePurchaseId),
  ],
  withhold: (ctx, payment) =>
    ctx.db
      .prepare(
        "UPDATE template_purchases SET order_status = 'failed', payment_status = 'successful', updated_at = ? WHERE id = ? AND order_status IN ('pending', 'failed')",
      )
      .bind(ctx.now, payment.templatePurchaseId),
  failed: (ctx, payment) =>
    ctx.db
      .prepare("UPDATE template_purchases SET order_status = 'failed', payment_status = 'failed', updated_at = ? WHERE id = ? AND order_status = 'pending'")
      .bind(ctx.now, payment.templatePurchaseId),
  abandon: {
    stale: (db, before, limit) =>
      db.prepare("SELECT id FROM template_purchases WHERE order_status = 'pending' AND created_at < ? ORDER BY created_at, id LIMIT ?").bind(before, limit),
    close: (db, ids, _reason, now) =>
      db
        .prepare(
          `UPDATE template_purchases SET order_status = 'failed', payment_status = 'failed', updated_at = ?2
           WHERE order_status = 'pending' AND id IN (SELECT value FROM json_each(?1))`,
        )
        .bind(ids, now),
  },
};
