import { type DomainContext, Invalid, Unauthorized, sha256Hex } from "../core/index.ts";
import { paymentFromEntity, refundFromEntity, ORDER_ID, PAYMENT_ID, REFUND_ID } from "#platform/payments.ts";
import { type RefundOutcome, recordGatewayRefund, settleRefund } from "./refunds.ts";
import { markFailed, creditPayment } from "./payment-credits.ts";
import { type PaymentOutcome, refuse, PAYMENT_MESSAGES, localPayment, mismatch, failureReason } from "./payment-records.ts";
import { log } from "#platform/log.ts";

/**
 * The gateway's webhooks: signed, recorded once by event id, and credited or marked failed through
 * the same path as the callback.
 */

export type WebhookOutcome = { outcome: PaymentOutcome | RefundOutcome | "duplicate" | "ignored" | "refused"; orderId: string | null; message?: string };

type WebhookBody = { event?: unknown; payload?: { payment?: { entity?: unknown }; refund?: { entity?: unknown } } };

/**
 * A webhook: the signature over the raw body first (else 401, nothing stored, as the mail webhook); then idempotent by
 * the event id (webhook_events): a duplicate is answered at once. payment.captured and order.paid
 * credit, payment.failed marks the attempt FAILED; others are recorded and ignored. A signed event
 * that does not match its order (amount, currency, another vendor's order) is refused, logged and
 * recorded, and answered 2xx: resending it would not change the answer. Processing is marked done
 * only once it succeeded, so a database failure (5xx) is retried by the gateway.
 */
export async function handleWebhook(ctx: DomainContext, input: { rawBody: string; signature: string | null; eventId: string | null }): Promise<WebhookOutcome> {
  if (!input.signature || !(await ctx.payments.verifyWebhookSignature(input.rawBody, input.signature)))
    refuse("webhook", null, new Unauthorized(PAYMENT_MESSAGES.badWebhookSignature), { eventId: input.eventId?.slice(0, 64) ?? null });
  let body: WebhookBody;
  try {
    body = JSON.parse(input.rawBody) as WebhookBody;
  } catch {
    refuse("webhook", null, new Invalid(PAYMENT_MESSAGES.badWebhookBody));
  }
  const event = typeof body?.event === "string" ? body.event.slice(0, 64) : "unknown";
  const eventId = input.eventId?.trim().slice(0, 100) || `sha256:${await sha256Hex(input.rawBody)}`;
  await ctx.db
    .prepare("INSERT INTO webhook_events (id, type, payload, received_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")
    .bind(eventId, event, input.rawBody, ctx.now)
    .run();
  const seen = await ctx.db
    .prepare("SELECT processed_at AS processedAt FROM webhook_events WHERE id = ?")
    .bind(eventId)
    .first<{ processedAt: number | null }>();
  if (seen?.processedAt) return { outcome: "duplicate", orderId: null };
  const result = await processEvent(ctx, event, body);
  await ctx.db.prepare("UPDATE webhook_events SET processed_at = ? WHERE id = ? AND processed_at IS NULL").bind(ctx.now, eventId).run();
  return result;
}

async function processEvent(ctx: DomainContext, event: string, body: WebhookBody): Promise<WebhookOutcome> {
  if (event === "refund.processed" || event === "refund.failed") return refundEvent(ctx, event, body);
  if (event !== "payment.captured" && event !== "order.paid" && event !== "payment.failed") return { outcome: "ignored", orderId: null };
  const entity = body.payload?.payment?.entity;
  if (!entity || typeof entity !== "object") return { outcome: "ignored", orderId: null, message: "No payment in the event." };
  const gp = paymentFromEntity(entity as Parameters<typeof paymentFromEntity>[0]);
  if (!ORDER_ID.test(gp.orderId) || !PAYMENT_ID.test(gp.id)) return { outcome: "ignored", orderId: null, message: "Not a payment for an order." };
  const local = await localPayment(ctx, gp.orderId);
  // Another integration on the same gateway account, or an order this database never made.
  if (!local) return { outcome: "ignored", orderId: gp.orderId, message: PAYMENT_MESSAGES.noOrder };
  const wrong = mismatch(ctx, local, gp, gp.orderId);
  if (wrong) {
    log.warn("payments: refused webhook", { orderId: gp.orderId, event, reason: wrong.message, amount: gp.amount, currency: gp.currency });
    return { outcome: "refused", orderId: gp.orderId, message: wrong.message };
  }
  if (event === "payment.failed") return { outcome: await markFailed(ctx, local, failureReason(gp)), orderId: gp.orderId };
  if (gp.status !== "captured") return { outcome: "pending", orderId: gp.orderId };
  return { outcome: await creditPayment(ctx, local, gp, "webhook"), orderId: gp.orderId };
}

/**
 * refund.processed / refund.failed (issue 30): the refund, known by its gateway id, is settled once
 * (refunds.ts settleRefund); a refund made in the gateway's dashboard is recorded against its
 * payment first. One for a payment this database never made is ignored.
 */
async function refundEvent(ctx: DomainContext, event: "refund.processed" | "refund.failed", body: WebhookBody): Promise<WebhookOutcome> {
  const entity = body.payload?.refund?.entity;
  if (!entity || typeof entity !== "object") return { outcome: "ignored", orderId: null, message: "No refund in the event." };
  const refund = refundFromEntity(entity as Parameters<typeof refundFromEntity>[0]);
  if (!REFUND_ID.test(refund.id) || !PAYMENT_ID.test(refund.paymentId)) return { outcome: "ignored", orderId: null, message: "Not a refund of a payment." };
  const outcome = event === "refund.processed" ? "processed" : "failed";
  let settled = await settleRefund(ctx, refund.id, outcome);
  if (settled === "refund-unknown" && (await recordGatewayRefund(ctx, refund))) settled = await settleRefund(ctx, refund.id, outcome);
  if (settled === "refund-unknown") return { outcome: "ignored", orderId: null, message: PAYMENT_MESSAGES.noOrder };
  return { outcome: settled, orderId: null };
}
