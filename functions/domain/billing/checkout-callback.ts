import { type DomainContext, Invalid, NotFound } from "../core/index.ts";
import { PAYMENT_ID, ORDER_ID, type GatewayPayment, PaymentGatewayError } from "#platform/payments.ts";
import { purposeOf, type PurposeName } from "./payment-purposes.ts";
import { creditPayment, markFailed } from "./payment-credits.ts";
import { planPageFor, type PaymentOutcome, refuse, PAYMENT_MESSAGES, localPayment, mismatch, failureReason, wasCredited } from "./payment-records.ts";
import { log } from "#platform/log.ts";

/**
 * The gateway's callback after checkout (Razorpay's redirect mode), and where the payer lands
 * after it.
 */

/** Where the payer lands after the gateway's callback: a plan order on the Plan page, a template order on /success. */
export async function returnPageFor(ctx: DomainContext, orderId: string): Promise<string> {
  const row = await ctx.db.prepare("SELECT purpose FROM payments WHERE gateway_order_id = ?").bind(orderId).first<{ purpose: PurposeName }>();
  return row ? purposeOf(row.purpose).returnPage(orderId) : planPageFor(orderId);
}

/** The fields the gateway POSTs to the callback_url (Razorpay's redirect mode). */
export type CheckoutCallback = Record<string, string | undefined>;

/**
 * The gateway's callback: a successful payment (razorpay_payment_id, razorpay_order_id,
 * razorpay_signature) is credited once its signature verifies and the gateway confirms it is
 * captured for the order's amount; a failed one (error[...] with error[metadata]) is marked FAILED
 * only once the gateway confirms the failure. Authority is the signature, not a session; but a
 * session of another account than the order's is refused. Returns the gateway order id (the Plan
 * page shows its outcome).
 */
export async function confirmCheckout(ctx: DomainContext, fields: CheckoutCallback): Promise<{ orderId: string; outcome: PaymentOutcome }> {
  const paymentId = fields.razorpay_payment_id?.trim() ?? "";
  const orderId = fields.razorpay_order_id?.trim() ?? "";
  const signature = fields.razorpay_signature?.trim() ?? "";
  if (!paymentId && !orderId && !signature && fields["error[code]"] !== undefined) return failedCheckout(ctx, fields);
  if (!PAYMENT_ID.test(paymentId) || !ORDER_ID.test(orderId) || !signature) refuse("callback", null, new Invalid(PAYMENT_MESSAGES.badCallback));
  if (!(await ctx.payments.verifyPaymentSignature({ orderId, paymentId, signature }))) refuse("callback", orderId, new Invalid(PAYMENT_MESSAGES.badSignature));
  const local = await localPayment(ctx, orderId);
  if (!local) refuse("callback", orderId, new NotFound(PAYMENT_MESSAGES.noOrder));
  if (ctx.actor && ctx.actor.id !== local.userId) refuse("callback", orderId, new NotFound(PAYMENT_MESSAGES.noOrder), { why: "another account's order" });
  if (wasCredited(local.status)) return { orderId, outcome: "already-credited" };
  if (local.status === "REFUND_DUE") return { orderId, outcome: "refund-due" };
  let gp: GatewayPayment;
  try {
    gp = await ctx.payments.fetchPayment(paymentId);
  } catch (e) {
    if (!(e instanceof PaymentGatewayError)) throw e;
    // The signature is good but the gateway cannot confirm it now: the webhook will credit it.
    log.warn("payments: could not fetch a signed payment at the callback", { orderId, error: e.message });
    return { orderId, outcome: "pending" };
  }
  const wrong = mismatch(ctx, local, gp, orderId);
  if (wrong) refuse("callback", orderId, wrong, { amount: gp.amount, currency: gp.currency });
  if (gp.status === "captured") return { orderId, outcome: await creditPayment(ctx, local, gp, "callback") };
  if (gp.status === "failed") return { orderId, outcome: await markFailed(ctx, local, failureReason(gp)) };
  // authorized (capture still to come) or created: the payment.captured webhook credits it.
  return { orderId, outcome: "pending" };
}

async function failedCheckout(ctx: DomainContext, fields: CheckoutCallback): Promise<{ orderId: string; outcome: PaymentOutcome }> {
  let metadata: { order_id?: unknown; payment_id?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(fields["error[metadata]"] ?? "");
    if (parsed && typeof parsed === "object") metadata = parsed;
  } catch {
    // handled below: no order id
  }
  const orderId = typeof metadata.order_id === "string" ? metadata.order_id : "";
  const paymentId = typeof metadata.payment_id === "string" ? metadata.payment_id : "";
  if (!ORDER_ID.test(orderId)) refuse("failure callback", null, new Invalid(PAYMENT_MESSAGES.badCallback));
  const local = await localPayment(ctx, orderId);
  if (!local) refuse("failure callback", orderId, new NotFound(PAYMENT_MESSAGES.noOrder));
  if (ctx.actor && ctx.actor.id !== local.userId)
    refuse("failure callback", orderId, new NotFound(PAYMENT_MESSAGES.noOrder), { why: "another account's order" });
  if (!PAYMENT_ID.test(paymentId) || wasCredited(local.status)) return { orderId, outcome: wasCredited(local.status) ? "already-credited" : "pending" };
  // The failure fields are not signed: only the gateway's own word marks the payment FAILED.
  try {
    const gp = await ctx.payments.fetchPayment(paymentId);
    if (gp.status === "failed" && !mismatch(ctx, local, gp, orderId)) return { orderId, outcome: await markFailed(ctx, local, failureReason(gp)) };
  } catch (e) {
    if (!(e instanceof PaymentGatewayError)) throw e;
    log.warn("payments: could not confirm a failed payment at the callback", { orderId, error: e.message });
  }
  return { orderId, outcome: "pending" };
}
