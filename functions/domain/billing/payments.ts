import { type DomainContext, Conflict, Invalid, NotFound, newId, sha256Hex, ACCESS, requireRole } from "../core/index.ts";
import { grossPaise } from "#shared/gst.ts";
import { invoiceStatements } from "./invoices.ts";
import { applyPlanLimits } from "./plan-limits.ts";
import {
  type CheckoutForm,
  type GatewayPayment,
  ORDER_ID,
  PAYMENT_ID,
  PaymentGatewayError,
  PaymentsNotConfigured,
  paymentFromEntity,
} from "#platform/payments.ts";

/**
 * Buying a plan (issue 11, docs/decisions/0017-payments.md): the money path, exactly once.
 *
 * - `createSubscriptionOrder` (POST /subscribe/create-order/{planId} and the Plan page's "Buy"):
 *   a paid, active plan only; the gateway order for price x 100 paise with a receipt; a PENDING
 *   subscription and a PENDING payment in one batch; the checkout form the browser POSTs to the
 *   gateway, whose callback ends at /VendorDashboard/Plan?order={orderId}.
 * - `confirmCheckout` (the gateway's callback) and `handleWebhook` (its webhooks) both end in
 *   `creditPayment`, the one crediting function: a single D1 batch that records the credit (its
 *   primary key refuses a second one), marks the payment SUCCESS, the subscription ACTIVE for its
 *   stacked period, and issues the invoice. Whichever path comes first credits; the other, and
 *   every replay, is answered as already credited and changes nothing.
 * The gateway is whatever `ctx.payments` is (Razorpay or the local sandbox): nothing here asks.
 */
export type SubscriptionOrder = {
  subscriptionId: string;
  paymentId: string;
  orderId: string;
  /** Paise, as the gateway sees it. */
  amount: number;
  currency: "INR";
  receipt: string;
  planName: string;
  keyId: string;
  checkout: CheckoutForm;
};

/**
 * No order could be opened: the gateway could not be reached or refused it (502: try again), or no
 * gateway is configured on this site (503: a deploy without Razorpay keys, issue 28).
 */
export class GatewayUnavailable extends Error {
  constructor(
    message = "The payment gateway could not be reached. Nothing was charged; please try again in a minute.",
    readonly status: 502 | 503 = 502,
  ) {
    super(message);
    this.name = "GatewayUnavailable";
  }
}

/** The gateway's refusal to open an order, as the payer is told (the reason, which names settings, goes to the log only). */
export function gatewayRefusal(ctx: DomainContext, e: PaymentGatewayError, receipt: string, what: string): GatewayUnavailable {
  if (e instanceof PaymentsNotConfigured) {
    console.error(`payments: refused to open ${what}: ${e.message}`, { receipt });
    return new GatewayUnavailable(PAYMENT_MESSAGES.notConfigured, 503);
  }
  console.error(`payments: the gateway refused or could not create ${what}`, { gateway: ctx.payments.name, receipt, error: e.message });
  return new GatewayUnavailable();
}

export const PAYMENT_MESSAGES = {
  noPlan: "This plan does not exist.",
  retiredPlan: "This plan is no longer offered. Please choose another plan.",
  trialPlan: "The free trial cannot be bought: it starts when you verify your e-mail address.",
  noVendor: "Your business profile was not found.",
  badCallback: "This payment confirmation is incomplete or malformed.",
  badSignature: "This payment confirmation's signature is not valid. Nothing was credited.",
  noOrder: "We could not find this order.",
  wrongOrder: "This payment belongs to another order. Nothing was credited.",
  amountMismatch: "The amount paid does not match the order. Nothing was credited; please contact support.",
  badWebhookSignature: "The webhook signature is not valid.",
  badWebhookBody: "The webhook body is not valid JSON.",
  expiredOrder:
    "Paid after the order expired (orders can be paid for 24 hours), so it was not credited. The payment is due for a refund; please contact us if it has not reached you.",
  notConfigured: "Online payments are not set up on this site yet. Nothing was charged; please contact us to buy it.",
} as const;

const DAY_MS = 86_400_000;
/**
 * How long a gateway order may be paid (issue 28): the daily job closes orders left unpaid this
 * long (subscription-jobs.ts), and a payment made later is recorded as received but not credited
 * (REFUND_DUE). "Pay" reuses an open order with at least ORDER_REUSE_MIN_LEFT_MS of its life left.
 */
export const ORDER_LIFETIME_MS = DAY_MS;
export const ORDER_REUSE_MIN_LEFT_MS = 60 * 60_000;
/** Why an open order was closed when a new one replaced it. */
export const REPLACED_ORDER = "Replaced by a newer order.";
/** Where the gateway's callback lands and where a cancelled checkout returns. */
export const CALLBACK_PATH = "/api/v1/payments/callback";
export const PLAN_PAGE = "/VendorDashboard/Plan";
export const planPageFor = (orderId: string) => `${PLAN_PAGE}?order=${encodeURIComponent(orderId)}`;
/** Where a template order's callback lands (issue 13): the /success page shows its outcome. */
export const templateSuccessPageFor = (orderId: string) => `/success?order=${encodeURIComponent(orderId)}`;

type PlanRow = { id: string; name: string; price: number; durationDays: number; isTrial: number; isActive: number };

export async function createSubscriptionOrder(ctx: DomainContext, planId: string): Promise<SubscriptionOrder> {
  const actor = requireRole(ctx.actor, ACCESS.vendor, "Only vendors can buy a plan.");
  const plan = await ctx.db
    .prepare("SELECT id, name, price, duration_days AS durationDays, is_trial AS isTrial, is_active AS isActive FROM plans WHERE id = ?")
    .bind(planId)
    .first<PlanRow>();
  if (!plan) throw new NotFound(PAYMENT_MESSAGES.noPlan);
  if (!plan.isActive) throw new Conflict(PAYMENT_MESSAGES.retiredPlan);
  if (plan.isTrial || plan.price <= 0) throw new Conflict(PAYMENT_MESSAGES.trialPlan);
  const vendor = await ctx.db
    .prepare(
      "SELECT u.user_name AS userName, u.email, COALESCE(v.phone, u.phone) AS phone, v.business_name AS businessName FROM users u JOIN vendors v ON v.user_id = u.id WHERE u.id = ?",
    )
    .bind(actor.id)
    .first<{ userName: string; email: string; phone: string | null; businessName: string }>();
  if (!vendor) throw new NotFound(PAYMENT_MESSAGES.noVendor);

  const subscriptionId = newId(ctx.now);
  const paymentId = newId(ctx.now);
  // Razorpay allows 40 characters: "rcpt_" + the payment's id without dashes is 37.
  const receipt = `rcpt_${paymentId.replace(/-/g, "")}`;
  // What the payer is charged: the price itself when prices include GST, else the price plus GST (shared/gst.ts).
  const amount = grossPaise(plan.price, ctx.config.billing.pricesIncludeGst);
  const notes = { vendor_id: actor.id, subscription_id: subscriptionId, payment_id: paymentId, plan_id: plan.id };
  let order;
  try {
    order = await ctx.payments.createOrder({ amount, currency: "INR", receipt, notes });
  } catch (e) {
    if (!(e instanceof PaymentGatewayError)) throw e;
    throw gatewayRefusal(ctx, e, receipt, "an order");
  }
  const now = ctx.now;
  await ctx.db.batch([
    ctx.db
      .prepare(
        `INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, is_trial, duration_days, plan_name, created_at, updated_at)
         VALUES (?, ?, ?, 'PENDING', ?, 0, ?, ?, ?, ?)`,
      )
      // The plan's terms as offered now (issue 28): the price is the payment's amount, the length and name are kept here.
      .bind(subscriptionId, actor.id, plan.id, order.id, plan.durationDays, plan.name, now, now),
    ctx.db
      .prepare(
        `INSERT INTO payments (id, user_id, purpose, subscription_id, amount, currency, status, gateway_order_id, receipt, notes, created_at, updated_at)
         VALUES (?, ?, 'SUBSCRIPTION', ?, ?, 'INR', 'PENDING', ?, ?, ?, ?, ?)`,
      )
      .bind(paymentId, actor.id, subscriptionId, plan.price, order.id, receipt, JSON.stringify(notes), now, now),
  ]);
  const origin = ctx.request.origin;
  const contact = vendor.phone && /^\+?\d{8,15}$/.test(vendor.phone.replace(/[\s-]/g, "")) ? vendor.phone.replace(/[\s-]/g, "") : undefined;
  const checkout = ctx.payments.checkoutForm({
    order,
    name: "Mandap",
    description: `${plan.name} plan, ${plan.durationDays} days`,
    prefill: { name: vendor.userName, email: vendor.email, contact },
    notes: { vendor: vendor.businessName.slice(0, 200) },
    callbackUrl: `${origin}${CALLBACK_PATH}`,
    cancelUrl: `${origin}${PLAN_PAGE}`,
  });
  return { subscriptionId, paymentId, orderId: order.id, amount, currency: "INR", receipt, planName: plan.name, keyId: ctx.payments.keyId, checkout };
}

// -------------------------------------------------------------------------------------------------
// The payment behind a gateway order

type LocalPayment = {
  id: string;
  userId: string;
  /** SUBSCRIPTION (a plan, issue 11) or TEMPLATE (an invitation template, issue 13). */
  purpose: "SUBSCRIPTION" | "TEMPLATE";
  templatePurchaseId: string | null;
  amount: number;
  currency: string;
  status: "PENDING" | "SUCCESS" | "FAILED" | "REFUNDED" | "REFUND_DUE";
  /** When the order was opened (epoch ms): it may be paid for ORDER_LIFETIME_MS. */
  createdAt: number;
  subscriptionId: string | null;
  gatewayPaymentId: string | null;
  planName: string | null;
};

function localPayment(ctx: DomainContext, orderId: string): Promise<LocalPayment | null> {
  return ctx.db
    .prepare(
      `SELECT p.id, p.user_id AS userId, p.purpose, p.template_purchase_id AS templatePurchaseId, p.amount, p.currency, p.status,
              p.subscription_id AS subscriptionId, p.gateway_payment_id AS gatewayPaymentId, COALESCE(s.plan_name, pl.name) AS planName,
              p.created_at AS createdAt
       FROM payments p LEFT JOIN subscriptions s ON s.id = p.subscription_id LEFT JOIN plans pl ON pl.id = s.plan_id
       WHERE p.gateway_order_id = ? AND p.purpose IN ('SUBSCRIPTION', 'TEMPLATE')`,
    )
    .bind(orderId)
    .first<LocalPayment>();
}

/** Where the payer lands after the gateway's callback: a plan order on the Plan page, a template order on /success. */
export async function returnPageFor(ctx: DomainContext, orderId: string): Promise<string> {
  const row = await ctx.db.prepare("SELECT purpose FROM payments WHERE gateway_order_id = ?").bind(orderId).first<{ purpose: string }>();
  return row?.purpose === "TEMPLATE" ? templateSuccessPageFor(orderId) : planPageFor(orderId);
}

/**
 * Paise the payer is charged for a payment's whole-rupee amount: a plan's price plus GST unless
 * prices include it (shared/gst.ts); a template's price as shown to couples, GST included (decision 0025).
 */
const chargedPaise = (ctx: DomainContext, local: LocalPayment) =>
  local.purpose === "TEMPLATE" ? local.amount * 100 : grossPaise(local.amount, ctx.config.billing.pricesIncludeGst);

export type PaymentOutcome = "credited" | "already-credited" | "failed" | "pending" | "refund-due";

/** Logs a refusal with the order id (never a signature or a secret). */
function refuse(what: string, orderId: string | null, error: Error, extra: Record<string, unknown> = {}): never {
  console.warn(`payments: refused ${what}`, { orderId, reason: error.message, ...extra });
  throw error;
}

/** Whether the gateway's payment may be credited to the local one: its order, amount and currency, and the vendor in its notes. */
function mismatch(ctx: DomainContext, local: LocalPayment, gp: GatewayPayment, orderId: string): Error | null {
  if (gp.orderId !== orderId) return new Conflict(PAYMENT_MESSAGES.wrongOrder);
  if (gp.amount !== chargedPaise(ctx, local) || gp.currency !== local.currency) return new Conflict(PAYMENT_MESSAGES.amountMismatch);
  const owner = gp.notes?.vendor_id ?? gp.notes?.user_id;
  if (owner && owner !== local.userId) return new Conflict(PAYMENT_MESSAGES.wrongOrder);
  return null;
}

/**
 * The one crediting function (the callback's and the webhook's): one batch that records the credit
 * first (payment_credits' primary key: a second credit of the payment fails as a whole and changes
 * nothing), marks the payment SUCCESS with the gateway's details, the subscription ACTIVE from
 * max(now, the latest end of the vendor's ACTIVE subscriptions, trial included) for the plan's
 * days, and issues the invoice (functions/domain/billing/invoices.ts). Then the plan's limits apply.
 */
async function creditPayment(ctx: DomainContext, local: LocalPayment, gp: GatewayPayment, source: "callback" | "webhook"): Promise<PaymentOutcome> {
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
async function markFailed(ctx: DomainContext, local: LocalPayment, reason: string): Promise<PaymentOutcome> {
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

const failureReason = (gp: GatewayPayment) => gp.errorDescription ?? (gp.errorReason ? gp.errorReason.replace(/_/g, " ") : "The payment failed.");

// -------------------------------------------------------------------------------------------------
// The callback

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
  if (local.status === "SUCCESS") return { orderId, outcome: "already-credited" };
  if (local.status === "REFUND_DUE") return { orderId, outcome: "refund-due" };
  let gp: GatewayPayment;
  try {
    gp = await ctx.payments.fetchPayment(paymentId);
  } catch (e) {
    if (!(e instanceof PaymentGatewayError)) throw e;
    // The signature is good but the gateway cannot confirm it now: the webhook will credit it.
    console.warn("payments: could not fetch a signed payment at the callback", { orderId, error: e.message });
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
  if (!PAYMENT_ID.test(paymentId) || local.status === "SUCCESS") return { orderId, outcome: local.status === "SUCCESS" ? "already-credited" : "pending" };
  // The failure fields are not signed: only the gateway's own word marks the payment FAILED.
  try {
    const gp = await ctx.payments.fetchPayment(paymentId);
    if (gp.status === "failed" && !mismatch(ctx, local, gp, orderId)) return { orderId, outcome: await markFailed(ctx, local, failureReason(gp)) };
  } catch (e) {
    if (!(e instanceof PaymentGatewayError)) throw e;
    console.warn("payments: could not confirm a failed payment at the callback", { orderId, error: e.message });
  }
  return { orderId, outcome: "pending" };
}

// -------------------------------------------------------------------------------------------------
// Webhooks

export type WebhookOutcome = { outcome: PaymentOutcome | "duplicate" | "ignored" | "refused"; orderId: string | null; message?: string };

type WebhookBody = { event?: unknown; payload?: { payment?: { entity?: unknown } } };

/**
 * A webhook: the signature over the raw body first (else 400, nothing stored); then idempotent by
 * the event id (webhook_events): a duplicate is answered at once. payment.captured and order.paid
 * credit, payment.failed marks the attempt FAILED; others are recorded and ignored. A signed event
 * that does not match its order (amount, currency, another vendor's order) is refused, logged and
 * recorded, and answered 2xx: resending it would not change the answer. Processing is marked done
 * only once it succeeded, so a database failure (5xx) is retried by the gateway.
 */
export async function handleWebhook(ctx: DomainContext, input: { rawBody: string; signature: string | null; eventId: string | null }): Promise<WebhookOutcome> {
  if (!input.signature || !(await ctx.payments.verifyWebhookSignature(input.rawBody, input.signature)))
    refuse("webhook", null, new Invalid(PAYMENT_MESSAGES.badWebhookSignature), { eventId: input.eventId?.slice(0, 64) ?? null });
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
    console.warn("payments: refused webhook", { orderId: gp.orderId, event, reason: wrong.message, amount: gp.amount, currency: gp.currency });
    return { outcome: "refused", orderId: gp.orderId, message: wrong.message };
  }
  if (event === "payment.failed") return { outcome: await markFailed(ctx, local, failureReason(gp)), orderId: gp.orderId };
  if (gp.status !== "captured") return { outcome: "pending", orderId: gp.orderId };
  return { outcome: await creditPayment(ctx, local, gp, "webhook"), orderId: gp.orderId };
}
