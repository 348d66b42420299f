/**
 * Billing: plans, subscriptions and their daily job, plan limits, payments through the gateway,
 * GST invoices and the admins' list of transactions.
 *
 * This file is the area's only face: code outside functions/domain/billing/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export * from "./invoices.ts";
export * from "./payments.ts";
export * from "./plan-admin.ts";
export * from "./plan-limits.ts";
export * from "./plans.ts";
export * from "./subscription-jobs.ts";
export * from "./subscriptions.ts";
export * from "./transactions.ts";
