/**
 * Billing: plans, subscriptions and their daily job, plan limits, payments through the gateway,
 * GST invoices and the admins' list of transactions.
 *
 * Payments, one job a file: checkout-orders.ts (the one checkout: a gateway order and its PENDING
 * payment for any purpose), subscription-orders.ts (buying a plan), checkout-callback.ts (the
 * gateway's callback), payment-webhooks.ts, payment-credits.ts (crediting exactly once);
 * payment-records.ts holds what they share; refunds.ts refunds any of them (issue 30). What a payment buys is a purpose (payment-purposes.ts,
 * decision 0042): a plan (plan-purpose.ts) or one an area above declares and the composition point
 * hands to billing (functions/domain-context.ts).
 *
 * This file is the area's only face: code outside functions/domain/billing/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export { consumerInvoiceStatements, invoiceStatements, readInvoice, type InvoiceView } from "./invoices.ts";
export { adminPlan, adminPlans, createPlan, PLAN_MESSAGES, restorePlan, retirePlan, updatePlan, type AdminPlan } from "./plan-admin.ts";
export {
  activeServiceLimitReached,
  applyPlanLimits,
  limitsInForce,
  PLAN_LIMIT_MESSAGES,
  planLimitStatements,
  vendorLimits,
  type AnalyticsDepth,
} from "./plan-limits.ts";
export { activePlans, type PlanSummary } from "./plans.ts";
export { ABANDONED_REASON, DailyJobFailure, REMIND_BATCH, runDailySubscriptionJob, type DailyJobRun } from "./subscription-jobs.ts";
export {
  orderOutcome,
  paymentHistory,
  trialClaimKey,
  trialStatements,
  vendorSubscriptions,
  type OrderOutcome,
  type PaymentRecord,
  type VendorSubscription,
} from "./subscriptions.ts";
export { csvCell, listTransactions, transactionsCsv, type Transaction, type TransactionsPage } from "./transactions.ts";
export { CALLBACK_PATH, GatewayUnavailable, ORDER_LIFETIME_MS, ORDER_REUSE_MIN_LEFT_MS, PAYMENT_MESSAGES, REPLACED_ORDER } from "./payment-records.ts";
export { createSubscriptionOrder } from "./subscription-orders.ts";
export { checkoutFor, closeOpenOrder, openOrder } from "./checkout-orders.ts";
export { confirmCheckout, returnPageFor } from "./checkout-callback.ts";
export { handleWebhook } from "./payment-webhooks.ts";
export { REFUND_MESSAGES, refundPayment, type RefundResult } from "./refunds.ts";
export { automaticRefundStatement, retryAutomaticRefunds } from "./automatic-refunds.ts";
export {
  RECONCILIATION_MESSAGES,
  reconcilePayments,
  reconciliationFlags,
  resolveReconciliationFlag,
  runDailyReconciliation,
  type ReconciliationFlag,
  type ReconciliationRun,
} from "./reconciliation.ts";
export { readCreditNote, type CreditNoteView } from "./credit-notes.ts";
export type { TaxDocumentView } from "./tax-documents.ts";
export { servePaymentPurposes, type PaymentPurpose } from "./payment-purposes.ts";
export { planPurpose } from "./plan-purpose.ts";
