import { type DomainContext, newId } from "../core/index.ts";
import { type CheckoutForm, type GatewayOrder, PaymentGatewayError } from "#platform/payments.ts";
import { CALLBACK_PATH, gatewayRefusal } from "./payment-records.ts";
import type { PaymentPurpose, PurposePayment } from "./payment-purposes.ts";

/**
 * The one checkout (docs/decisions/0042-billing-purposes.md): every purchase, whatever its
 * purpose, opens its gateway order and writes its PENDING payment here. The purpose's area adds its
 * own pending rows (a PENDING subscription, a pending template purchase) to the same batch and
 * gives the receipt's wording; billing charges what the purpose's price rule says, names the order
 * the same way for all (receipt "rcpt_" + the payment id) and builds the checkout form whose
 * callback is billing's.
 */

export type OrderRequest = {
  /** Who pays (the payment's user). */
  payerId: string;
  /** Whole rupees, as the payment records it (the gateway is charged the purpose's paise for it). */
  amount: number;
  /** The purchase the payment is for: the purpose's row id, written to its purchaseColumn. */
  purchaseId: string;
  /** The order's notes for the gateway, given the new payment's id. */
  notes: (paymentId: string) => Record<string, string>;
  /** The purpose's own pending rows, given the gateway order and the payment's id: `before` runs before the payment's insert (rows it refers to), `after` after it. */
  pendingRows: (order: GatewayOrder, paymentId: string) => { before?: D1PreparedStatement[]; after?: D1PreparedStatement[] };
  /** Logged when the gateway refuses ("an order", "a template order"). */
  what: string;
};

export type OpenedOrder = { paymentId: string; receipt: string; order: GatewayOrder };

/**
 * Opens a gateway order for the purpose's charge and records the PENDING payment with the
 * purpose's pending rows in one atomic batch. The gateway's refusal is a GatewayUnavailable
 * (payment-records.ts); a batch refused by the database (another order won a race) is thrown as is,
 * for the purpose's area to answer.
 */
export async function openOrder(ctx: DomainContext, purpose: PaymentPurpose, input: OrderRequest): Promise<OpenedOrder> {
  const paymentId = newId(ctx.now);
  // Razorpay allows 40 characters: "rcpt_" + the payment's id without dashes is 37.
  const receipt = `rcpt_${paymentId.replace(/-/g, "")}`;
  const notes = input.notes(paymentId);
  let order: GatewayOrder;
  try {
    order = await ctx.payments.createOrder({ amount: purpose.chargedPaise(ctx, input.amount), currency: "INR", receipt, notes });
  } catch (e) {
    if (!(e instanceof PaymentGatewayError)) throw e;
    throw gatewayRefusal(ctx, e, receipt, input.what);
  }
  const now = ctx.now;
  const { before = [], after = [] } = input.pendingRows(order, paymentId);
  await ctx.db.batch([
    ...before,
    ctx.db
      .prepare(
        `INSERT INTO payments (id, user_id, purpose, ${purpose.purchaseColumn}, amount, currency, status, gateway_order_id, receipt, notes, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'INR', 'PENDING', ?, ?, ?, ?, ?)`,
      )
      .bind(paymentId, input.payerId, purpose.name, input.purchaseId, input.amount, order.id, receipt, JSON.stringify(notes), now, now),
    ...after,
  ]);
  return { paymentId, receipt, order };
}

/** A phone number the gateway's prefill accepts (8 to 15 digits, an optional +), else undefined. */
export function gatewayContact(phone: string | null | undefined): string | undefined {
  const digits = phone?.replace(/[\s-]/g, "");
  return digits && /^\+?\d{8,15}$/.test(digits) ? digits : undefined;
}

/** The checkout form for an open order: the payer's prefill, the purchase's wording, billing's callback and the purpose's page to return to on cancel. */
export function checkoutFor(
  ctx: DomainContext,
  order: GatewayOrder,
  input: { description: string; prefill: { name?: string; email?: string; phone?: string | null }; notes?: Record<string, string>; cancelPath: string },
): CheckoutForm {
  const origin = ctx.request.origin;
  return ctx.payments.checkoutForm({
    order,
    name: "Mandap",
    description: input.description,
    prefill: { name: input.prefill.name, email: input.prefill.email, contact: gatewayContact(input.prefill.phone) },
    ...(input.notes ? { notes: input.notes } : {}),
    callbackUrl: `${origin}${CALLBACK_PATH}`,
    cancelUrl: `${origin}${input.cancelPath}`,
  });
}

/**
 * Closes an open order a newer one replaces (issue 28 item 7): its PENDING payment FAILED with the
 * reason and the purpose's failure on the purchase, in one batch (a credited payment is never touched).
 */
export async function closeOpenOrder(ctx: DomainContext, purpose: PaymentPurpose, payment: PurposePayment, reason: string): Promise<void> {
  await ctx.db.batch([
    purpose.failed(ctx, payment, reason),
    ctx.db
      .prepare("UPDATE payments SET status = 'FAILED', failure_reason = ?, updated_at = ? WHERE id = ? AND status = 'PENDING'")
      .bind(reason, ctx.now, payment.id),
  ]);
}
