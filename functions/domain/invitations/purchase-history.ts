import { type DomainContext, ACCESS, requireRole } from "../core/index.ts";
import type { PAYMENT_STATUSES, REFUND_STATUSES } from "#shared/stored-values.ts";
import { m } from "#shared/paraglide/messages.js";
import { TEMPLATE_PURCHASE_MESSAGES } from "./template-purchases.ts";

/**
 * The couple's Payments (issue 30: /profile/payments and GET /template/payments answer the same):
 * every payment they made for an invitation design, newest first, with the design, the date, the
 * amount (whole rupees, GST included), the payment's status (Refunded and Partly refunded with
 * the amount refunded), why it failed or was refunded, its GST invoice (decision 0044), its
 * refunds (decision 0043) and the GST credit note of each processed refund of the invoice (decision
 * 0045). Never another account's.
 */

export type CouplePaymentRefund = {
  id: string;
  /** Whole rupees. */
  amount: number;
  status: (typeof REFUND_STATUSES)[number];
  /** When the gateway processed it, else when it was asked for. */
  date: number;
};

export type CouplePayment = {
  id: string;
  date: number;
  templateId: string | null;
  designName: string;
  /** Whole rupees, GST included. */
  amount: number;
  status: (typeof PAYMENT_STATUSES)[number];
  /** Whole rupees refunded so far (processed refunds). */
  refundedAmount: number;
  gatewayPaymentId: string | null;
  /** Why it failed, or what became of it when it bought nothing. */
  note: string | null;
  invoice: TaxDocumentLink | null;
  /** The credit notes against the invoice, one per processed refund, oldest first. */
  creditNotes: TaxDocumentLink[];
  refunds: CouplePaymentRefund[];
};

/** A GST document of the couple's: its number, its page and its PDF. */
export type TaxDocumentLink = { id: string; number: string; url: string; pdfUrl: string };

/** The most payments the page lists (a couple buys a handful of designs). */
export const COUPLE_PAYMENTS_MAX = 100;

/** What became of a payment that bought nothing, in the reader's language (getters: read per request). */
export const PURCHASE_NOTES = {
  get secondRefunded() {
    return m.api_purchase_note_second_refunded();
  },
  get secondToRefund() {
    return m.api_purchase_note_second_to_refund();
  },
  get refunded() {
    return m.api_purchase_note_refunded();
  },
  get late() {
    return m.api_purchase_note_late();
  },
  get lateRefunded() {
    return m.api_purchase_note_late_refunded();
  },
};

type PaymentRow = {
  id: string;
  date: number;
  templateId: string | null;
  designName: string | null;
  amount: number;
  status: CouplePayment["status"];
  refundedAmount: number;
  gatewayPaymentId: string | null;
  failureReason: string | null;
  orderStatus: string | null;
  ownedElsewhere: number;
  invoiceId: string | null;
  invoiceNumber: string | null;
};

function noteOf(r: PaymentRow): string | null {
  // A late payment keeps the reason it was not credited (a credited one has none).
  if (r.orderStatus === "refunded" && r.failureReason) return PURCHASE_NOTES.lateRefunded;
  if (r.orderStatus === "refunded") return r.ownedElsewhere ? PURCHASE_NOTES.secondRefunded : PURCHASE_NOTES.refunded;
  if (r.status === "SUCCESS" && r.orderStatus === "failed") return PURCHASE_NOTES.secondToRefund;
  if (r.status === "REFUND_DUE") return PURCHASE_NOTES.late;
  if (r.status === "FAILED") return r.failureReason;
  return null;
}

/** The signed-in couple's design payments with their invoices and refunds, newest first. */
export async function couplePayments(ctx: DomainContext): Promise<CouplePayment[]> {
  const actor = requireRole(ctx.actor, ACCESS.planner, TEMPLATE_PURCHASE_MESSAGES.refusal);
  const mine = `SELECT id FROM payments WHERE user_id = ?1 AND purpose = 'TEMPLATE' ORDER BY created_at DESC, id DESC LIMIT ${COUPLE_PAYMENTS_MAX}`;
  const [payments, refunds, notes] = await ctx.db.batch([
    ctx.db
      .prepare(
        `SELECT p.id, p.created_at AS date, t.template_id AS templateId, it.name AS designName, p.amount, p.status,
                COALESCE(p.refunded_amount, 0) AS refundedAmount, p.gateway_payment_id AS gatewayPaymentId, p.failure_reason AS failureReason,
                t.order_status AS orderStatus, i.id AS invoiceId, i.number AS invoiceNumber,
                EXISTS (SELECT 1 FROM template_purchases o WHERE o.user_id = p.user_id AND o.template_id = t.template_id
                          AND o.order_status = 'completed' AND o.id <> t.id) AS ownedElsewhere
         FROM payments p
         LEFT JOIN template_purchases t ON t.id = p.template_purchase_id
         LEFT JOIN invite_templates it ON it.id = t.template_id
         LEFT JOIN invoices i ON i.payment_id = p.id
         WHERE p.id IN (${mine})
         ORDER BY p.created_at DESC, p.id DESC`,
      )
      .bind(actor.id),
    ctx.db
      .prepare(
        `SELECT r.id, r.payment_id AS paymentId, r.amount, r.status, COALESCE(r.processed_at, r.created_at) AS date
         FROM payment_refunds r WHERE r.payment_id IN (${mine}) ORDER BY r.created_at, r.id`,
      )
      .bind(actor.id),
    ctx.db
      .prepare(
        `SELECT c.id, c.payment_id AS paymentId, c.number FROM credit_notes c
         WHERE c.payment_id IN (${mine}) AND c.user_id = ?1 ORDER BY c.issued_at, c.sequence`,
      )
      .bind(actor.id),
  ]);
  const notesByPayment = new Map<string, TaxDocumentLink[]>();
  for (const n of notes!.results as { id: string; paymentId: string; number: string }[])
    notesByPayment.set(n.paymentId, [
      ...(notesByPayment.get(n.paymentId) ?? []),
      { id: n.id, number: n.number, url: `/credit-notes/${n.id}`, pdfUrl: `/credit-notes/${n.id}/pdf` },
    ]);
  const byPayment = new Map<string, CouplePaymentRefund[]>();
  for (const r of refunds!.results as (CouplePaymentRefund & { paymentId: string })[]) {
    const { paymentId, ...refund } = r;
    byPayment.set(paymentId, [...(byPayment.get(paymentId) ?? []), refund]);
  }
  return (payments!.results as PaymentRow[]).map((r) => ({
    id: r.id,
    date: r.date,
    templateId: r.templateId,
    designName: r.designName ?? m.api_purchase_design_unlisted(),
    amount: r.amount,
    status: r.status,
    refundedAmount: r.refundedAmount,
    gatewayPaymentId: r.gatewayPaymentId,
    note: noteOf(r),
    invoice:
      r.invoiceId && r.invoiceNumber
        ? { id: r.invoiceId, number: r.invoiceNumber, url: `/invoices/${r.invoiceId}`, pdfUrl: `/invoices/${r.invoiceId}/pdf` }
        : null,
    creditNotes: notesByPayment.get(r.id) ?? [],
    refunds: byPayment.get(r.id) ?? [],
  }));
}
