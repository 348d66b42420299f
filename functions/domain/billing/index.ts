/**
 * Billing: plans, subscriptions and their daily job, plan limits, payments through the gateway,
 * GST invoices and the admins' list of transactions.
 *
 * Payments, one job a file: subscription-orders.ts (buying a plan), checkout-callback.ts (the
 * gateway's callback), payment-webhooks.ts, payment-credits.ts (crediting exactly once);
 * payment-records.ts holds what they share. What a payment buys is a purpose (payment-purposes.ts,
 * decision 0042): a plan (plan-purpose.ts) or one an area above declares and the composition point
 * hands to billing (functions/domain-context.ts).
 *
 * This file is the area's only face: code outside functions/domain/billing/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export * from "./invoices.ts";
export * from "./plan-admin.ts";
export * from "./plan-limits.ts";
export * from "./plans.ts";
export * from "./subscription-jobs.ts";
export * from "./subscriptions.ts";
export * from "./transactions.ts";
export {
  CALLBACK_PATH,
  GatewayUnavailable,
  ORDER_LIFETIME_MS,
  ORDER_REUSE_MIN_LEFT_MS,
  PAYMENT_MESSAGES,
  REPLACED_ORDER,
  gatewayRefusal,
} from "./payment-records.ts";
export { createSubscriptionOrder } from "./subscription-orders.ts";
export { confirmCheckout, returnPageFor } from "./checkout-callback.ts";
export { handleWebhook } from "./payment-webhooks.ts";
export { servePaymentPurposes, type PaymentPurpose } from "./payment-purposes.ts";
export { planPurpose } from "./plan-purpose.ts";
