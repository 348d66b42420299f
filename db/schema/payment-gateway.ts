import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns.ts";
import { payments } from "./billing.ts";

/**
 * One row per credited payment, written first in the crediting batch (functions/domain/billing/payment-credits.ts):
 * its primary key makes a second credit of the same payment fail as a whole (docs/decisions/0017).
 */
export const paymentCredits = sqliteTable(
  "payment_credits",
  {
    paymentId: text("payment_id")
      .primaryKey()
      .references(() => payments.id, { onDelete: "cascade" }),
    gatewayPaymentId: text("gateway_payment_id").notNull(),
    /** "callback", "webhook" or "reconciliation" (the daily job, issue 30): which path won. */
    source: text("source").notNull(),
    creditedAt: timestamp("credited_at").notNull(),
  },
  (t) => [uniqueIndex("payment_credits_gateway_payment_unique").on(t.gatewayPaymentId)],
);

/**
 * What the daily reconciliation found for an admin to look at (issue 30, functions/domain/billing/reconciliation.ts),
 * one row per gateway payment (migration 0098): NOT_CAPTURED, SECOND_PAYMENT or MISMATCH.
 */
export const paymentReconciliationFlags = sqliteTable(
  "payment_reconciliation_flags",
  {
    gatewayPaymentId: text("gateway_payment_id").primaryKey(),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["NOT_CAPTURED", "SECOND_PAYMENT", "MISMATCH"] }).notNull(),
    /** What the gateway said of the payment: failed, authorized, unknown, captured... */
    gatewayStatus: text("gateway_status").notNull(),
    message: text("message").notNull(),
    foundAt: timestamp("found_at").notNull(),
    /** When an admin marked it resolved (migration 0106; who: the audit log), and their note. */
    resolvedAt: timestamp("resolved_at"),
    resolutionNote: text("resolution_note"),
  },
  (t) => [index("payment_reconciliation_flags_found_idx").on(t.foundAt)],
);

/** The local sandbox gateway's orders (functions/platform/sandbox-gateway.ts), in Razorpay's shape: amounts in paise. */
export const sandboxGatewayOrders = sqliteTable("sandbox_gateway_orders", {
  id: text("id").primaryKey(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  receipt: text("receipt").notNull(),
  notes: text("notes").notNull().default("{}"),
  /** created, attempted or paid. */
  status: text("status").notNull().default("created"),
  attempts: integer("attempts").notNull().default(0),
  amountPaid: integer("amount_paid").notNull().default(0),
  createdAt: timestamp("created_at").notNull(),
});

/** The sandbox gateway's payments: captured or failed, as the payer chose on its checkout page. */
export const sandboxGatewayPayments = sqliteTable(
  "sandbox_gateway_payments",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => sandboxGatewayOrders.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    method: text("method").notNull(),
    vpa: text("vpa"),
    cardLast4: text("card_last4"),
    /** Netbanking's bank code (migration 0097). */
    bank: text("bank"),
    email: text("email"),
    contact: text("contact"),
    fee: integer("fee"),
    tax: integer("tax"),
    notes: text("notes").notNull().default("{}"),
    errorCode: text("error_code"),
    errorDescription: text("error_description"),
    errorSource: text("error_source"),
    errorStep: text("error_step"),
    errorReason: text("error_reason"),
    createdAt: timestamp("created_at").notNull(),
    capturedAt: timestamp("captured_at"),
  },
  (t) => [index("sandbox_gateway_payments_order_idx").on(t.orderId)],
);

/** The sandbox gateway's refunds (POST /v1/payments/{id}/refund), processed at once. */
export const sandboxGatewayRefunds = sqliteTable(
  "sandbox_gateway_refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => sandboxGatewayPayments.id, { onDelete: "cascade" }),
    /** Paise. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** processed (the sandbox never fails a refund it accepted). */
    status: text("status").notNull(),
    speed: text("speed").notNull(),
    notes: text("notes").notNull().default("{}"),
    receipt: text("receipt"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("sandbox_gateway_refunds_payment_idx").on(t.paymentId)],
);

/** Webhooks the sandbox gateway sends to the app: the first attempt at once, retries with back-off by the 5-minute cron. */
export const sandboxGatewayWebhooks = sqliteTable(
  "sandbox_gateway_webhooks",
  {
    /** The event id (X-Razorpay-Event-Id). */
    id: text("id").primaryKey(),
    event: text("event").notNull(),
    url: text("url").notNull(),
    /** The exact body sent (and signed). */
    body: text("body").notNull(),
    /** PENDING, DELIVERED or FAILED (given up). */
    status: text("status").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at").notNull(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at").notNull(),
    deliveredAt: timestamp("delivered_at"),
  },
  (t) => [index("sandbox_gateway_webhooks_due_idx").on(t.status, t.nextAttemptAt)],
);
