import { type DomainContext, Conflict } from "../core/index.ts";
import { type PaymentGatewayError, PaymentsNotConfigured, type GatewayPayment } from "#platform/payments.ts";
import { purposeOf, type PurposeName, type PurposePayment } from "./payment-purposes.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * What the payment jobs share: the gateway's refusal to open an order, the payment messages, an
 * order's lifetime, the return pages, the local payment behind a gateway order and the checks a
 * gateway payment must pass before it is credited. Buying a plan is subscription-orders.ts;
 * crediting payment-credits.ts; the gateway's callback checkout-callback.ts and its webhooks
 * payment-webhooks.ts.
 */

/**
 * No order could be opened: the gateway could not be reached or refused it (502: try again), or no
 * gateway is configured on this site (503: a deploy without Razorpay keys, issue 28).
 */
export class GatewayUnavailable extends Error {
  readonly status: 502 | 503;
  constructor(message = m.api_payment_unreachable(), status: 502 | 503 = 502) {
    super(message);
    this.status = status;
    this.name = "GatewayUnavailable";
  }
}

/** The gateway's refusal to open an order, as the payer is told (the reason, which names settings, goes to the log only). */
export function gatewayRefusal(ctx: DomainContext, e: PaymentGatewayError, receipt: string, what: string): GatewayUnavailable {
  if (e instanceof PaymentsNotConfigured) {
    log.error(`payments: refused to open ${what}`, { receipt, reason: e.message });
    return new GatewayUnavailable(PAYMENT_MESSAGES.notConfigured, 503);
  }
  log.error(`payments: the gateway refused or could not create ${what}`, { gateway: ctx.payments.name, receipt, error: e.message });
  return new GatewayUnavailable();
}

export const PAYMENT_MESSAGES = {
  get noPlan() {
    return m.api_payment_no_plan();
  },
  get retiredPlan() {
    return m.api_payment_retired_plan();
  },
  get trialPlan() {
    return m.api_payment_trial_plan();
  },
  get noVendor() {
    return m.api_payment_no_vendor();
  },
  get badCallback() {
    return m.api_payment_bad_callback();
  },
  get badSignature() {
    return m.api_payment_bad_signature();
  },
  get noOrder() {
    return m.api_payment_no_order();
  },
  get wrongOrder() {
    return m.api_payment_wrong_order();
  },
  get amountMismatch() {
    return m.api_payment_amount_mismatch();
  },
  get badWebhookSignature() {
    return m.api_e_the_webhook_signature_is_not_valid();
  },
  get badWebhookBody() {
    return m.api_payment_bad_webhook_body();
  },
  get expiredOrder() {
    return m.api_payment_expired_order();
  },
  /** The reason recorded on the automatic refund of such a payment (issue 30). */
  /** Stored on the record (read by admins and the audit), so in the base language, not the request's. */
  lateRefund: "Paid after the order expired, so nothing was bought: refunded automatically.",
  get notConfigured() {
    return m.api_payment_not_configured();
  },
};

export const DAY_MS = 86_400_000;
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

/** The payment behind a gateway order, as the callback, the webhooks and the crediting read it. */
export type LocalPayment = PurposePayment & {
  /** SUBSCRIPTION (a plan, issue 11) or TEMPLATE (an invitation template, issue 13): payment-purposes.ts. */
  purpose: PurposeName;
  currency: string;
  status: "PENDING" | "SUCCESS" | "FAILED" | "PARTIALLY_REFUNDED" | "REFUNDED" | "REFUND_DUE";
  /** When the order was opened (epoch ms): it may be paid for ORDER_LIFETIME_MS. */
  createdAt: number;
  gatewayPaymentId: string | null;
};

/** Whether the payment was credited (and may have been refunded since, in part or in full): a late callback or webhook changes nothing. */
export const wasCredited = (status: LocalPayment["status"]) => status === "SUCCESS" || status === "PARTIALLY_REFUNDED" || status === "REFUNDED";

export function localPayment(ctx: DomainContext, orderId: string): Promise<LocalPayment | null> {
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

/** Paise the payer is charged for a payment's whole-rupee amount: its purpose's price rule (plan-purpose.ts, invitations/template-purpose.ts). */
const chargedPaise = (ctx: DomainContext, local: LocalPayment) => purposeOf(local.purpose).chargedPaise(ctx, local.amount);

export type PaymentOutcome = "credited" | "already-credited" | "failed" | "pending" | "refund-due";

/** Logs a refusal with the order id (never a signature or a secret). */
export function refuse(what: string, orderId: string | null, error: Error, extra: Record<string, unknown> = {}): never {
  log.warn(`payments: refused ${what}`, { orderId, reason: error.message, ...extra });
  throw error;
}

/** Whether the gateway's payment may be credited to the local one: its order, amount and currency, and the vendor in its notes. */
export function mismatch(ctx: DomainContext, local: LocalPayment, gp: GatewayPayment, orderId: string): Error | null {
  if (gp.orderId !== orderId) return new Conflict(PAYMENT_MESSAGES.wrongOrder);
  if (gp.amount !== chargedPaise(ctx, local) || gp.currency !== local.currency) return new Conflict(PAYMENT_MESSAGES.amountMismatch);
  const owner = gp.notes?.vendor_id ?? gp.notes?.user_id;
  if (owner && owner !== local.userId) return new Conflict(PAYMENT_MESSAGES.wrongOrder);
  return null;
}

export const failureReason = (gp: GatewayPayment) => gp.errorDescription ?? (gp.errorReason ? gp.errorReason.replace(/_/g, " ") : "The payment failed.");
