import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns.ts";
import { users, vendors } from "./identity.ts";
import { ANALYTICS_DEPTHS, PAYMENT_PURPOSES, PAYMENT_STATUSES, REFUND_STATUSES, SUBSCRIPTION_STATUSES } from "#shared/stored-values.ts";

/** Plans are data created by admins; a price of 0 is the free trial plan. Limits are data too. */
export const plans = sqliteTable("plans", {
  id: id(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  /** Whole rupees. */
  price: integer("price").notNull(),
  /** How long one period of the plan lasts. */
  durationDays: integer("duration_days").notNull().default(30),
  /** The free trial plan (price 0) a vendor gets once, when their e-mail is verified. */
  isTrial: flag("is_trial"),
  features: text("features", { mode: "json" }).$type<string[]>().notNull().default([]),
  maxActiveServices: integer("max_active_services"),
  featuredPlacement: flag("featured_placement"),
  analyticsDepth: text("analytics_depth", { enum: ANALYTICS_DEPTHS }).notNull().default("BASIC"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: id(),
    vendorId: text("vendor_id")
      .notNull()
      .references(() => vendors.userId, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("PENDING"),
    gatewayOrderId: text("gateway_order_id"),
    startDate: timestamp("start_date"),
    endDate: timestamp("end_date"),
    autoRenew: flag("auto_renew"),
    isTrial: flag("is_trial"),
    trialEndDate: timestamp("trial_end_date"),
    lastReminderDays: integer("last_reminder_days"),
    /** Why the last payment attempt for this subscription failed (shown while it is PENDING). */
    failureReason: text("failure_reason"),
    /** The plan's length and name when the order was opened (migration 0075): crediting uses these, not the plan as it is now. */
    durationDays: integer("duration_days"),
    planName: text("plan_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_vendor_idx").on(t.vendorId, t.status, t.endDate),
    index("subscriptions_end_idx").on(t.status, t.endDate),
    uniqueIndex("subscriptions_order_unique").on(t.gatewayOrderId),
  ],
);

/** Money paid through the gateway: plan subscriptions and invitation template purchases. */
export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    subscriptionId: text("subscription_id"),
    templatePurchaseId: text("template_purchase_id"),
    /** Whole rupees; the gateway sees paise. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("INR"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("PENDING"),
    method: text("method"),
    gatewayOrderId: text("gateway_order_id").notNull(),
    gatewayPaymentId: text("gateway_payment_id"),
    refundId: text("refund_id"),
    /** Whole rupees refunded so far (the processed refunds in payment_refunds; issue 30). */
    refundedAmount: integer("refunded_amount"),
    vpa: text("vpa"),
    fee: integer("fee"),
    tax: integer("tax"),
    contact: text("contact"),
    notes: text("notes", { mode: "json" }).$type<Record<string, string>>(),
    failureReason: text("failure_reason"),
    /** The receipt sent with the gateway order. */
    receipt: text("receipt"),
    capturedAt: timestamp("captured_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_order_unique").on(t.gatewayOrderId),
    uniqueIndex("payments_gateway_payment_unique").on(t.gatewayPaymentId),
    index("payments_user_idx").on(t.userId, t.createdAt),
    index("payments_status_idx").on(t.status, t.createdAt),
    /** The admin's transactions by day range (migration 0050). */
    index("payments_created_idx").on(t.createdAt),
  ],
);

/**
 * Refunds of payments (issue 30, functions/domain/billing/refunds.ts): one row per refund the
 * gateway made, keyed by its refund id, so a refund is recorded once however many webhooks arrive.
 */
export const paymentRefunds = sqliteTable(
  "payment_refunds",
  {
    id: id(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    gatewayRefundId: text("gateway_refund_id").notNull(),
    /** Whole rupees, as payments.amount. */
    amount: integer("amount").notNull(),
    /** What the gateway refunded. */
    amountPaise: integer("amount_paise").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("PENDING"),
    /** The admin who asked for it; null for an automatic refund (a design paid for twice). */
    requestedBy: text("requested_by"),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at").notNull(),
    processedAt: timestamp("processed_at"),
  },
  (t) => [uniqueIndex("payment_refunds_gateway_unique").on(t.gatewayRefundId), index("payment_refunds_payment_idx").on(t.paymentId, t.createdAt)],
);

/** One refund request per payment talks to the gateway at a time (its primary key; a stale claim is taken over). */
export const paymentRefundLocks = sqliteTable("payment_refund_locks", {
  paymentId: text("payment_id").primaryKey(),
  claimedAt: timestamp("claimed_at").notNull(),
});

/**
 * A refund nobody asks for by hand (issue 30, migration 0105): a payment received after its order
 * expired, or a second paid order for a design the couple owned. Written in the batch that records
 * the payment; asked of the gateway at once and retried by the 5-minute cron until it is made.
 */
export const paymentAutomaticRefunds = sqliteTable(
  "payment_automatic_refunds",
  {
    paymentId: text("payment_id")
      .primaryKey()
      .references(() => payments.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    /** Attempts that did not reach a refund (the gateway down or refusing). */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at").notNull(),
    /** When the gateway took the refund (or an admin's refund left nothing to refund). */
    refundedAt: timestamp("refunded_at"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("payment_automatic_refunds_due_idx").on(t.refundedAt, t.nextAttemptAt)],
);

/** The supplier as printed on an invoice (configuration on the day of issue). */
export type InvoiceSupplier = { legalName: string; gstin: string; address: string; state: string; stateCode: string };
/** The recipient as printed on an invoice on the day of issue: the vendor's business, or the couple (no GSTIN, no address; decision 0044). */
export type InvoiceRecipient = {
  businessName: string;
  address: string | null;
  city: string | null;
  state: string | null;
  stateCode: string | null;
  gstin: string | null;
  email: string;
};

/**
 * GST tax invoice per successful payment (functions/domain/billing/invoices.ts, docs/decisions/0018): a
 * gap-free series per financial year, amounts in paise, rates in basis points (900 = 9 %), and
 * snapshots of supplier and recipient. No foreign keys: the supplier keeps its tax records when
 * the vendor's account (and the payment row) is deleted.
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    paymentId: text("payment_id").notNull(),
    /** The account billed: a vendor's for a plan, a couple's for an invitation design (decision 0044). */
    userId: text("user_id").notNull(),
    /** "MDP/2627/000001": at most 16 characters. */
    number: text("number").notNull(),
    /** "2026-27": April to March in India time. */
    financialYear: text("financial_year").notNull(),
    /** 1, 2, 3 … within the financial year, with no gaps. */
    sequence: integer("sequence").notNull(),
    description: text("description").notNull(),
    sac: text("sac").notNull(),
    taxableValue: integer("taxable_value").notNull(),
    cgstRate: integer("cgst_rate").notNull(),
    cgstAmount: integer("cgst_amount").notNull(),
    sgstRate: integer("sgst_rate").notNull(),
    sgstAmount: integer("sgst_amount").notNull(),
    igstRate: integer("igst_rate").notNull(),
    igstAmount: integer("igst_amount").notNull(),
    /** Paise. */
    total: integer("total").notNull(),
    pricesIncludeGst: integer("prices_include_gst", { mode: "boolean" }).notNull(),
    /** "Karnataka (29)". */
    placeOfSupply: text("place_of_supply").notNull(),
    supplier: text("supplier", { mode: "json" }).$type<InvoiceSupplier>().notNull(),
    billedTo: text("billed_to", { mode: "json" }).$type<InvoiceRecipient>().notNull(),
    issuedAt: timestamp("issued_at").notNull(),
  },
  (t) => [
    uniqueIndex("invoices_number_unique").on(t.number),
    uniqueIndex("invoices_year_sequence_unique").on(t.financialYear, t.sequence),
    uniqueIndex("invoices_payment_unique").on(t.paymentId),
    index("invoices_user_idx").on(t.userId, t.issuedAt),
  ],
);

/**
 * GST credit notes (issue 30, functions/domain/billing/credit-notes.ts, docs/decisions/0045): one
 * per processed refund of an invoiced payment, in their own gap-free series per financial year,
 * naming the invoice, with its tax heads on the refunded amount (paise; rates in basis points).
 * No foreign keys, as invoices: a tax record kept when the account is deleted.
 */
export const creditNotes = sqliteTable(
  "credit_notes",
  {
    id: id(),
    /** payment_refunds.id: one credit note per recorded refund. */
    refundId: text("refund_id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    paymentId: text("payment_id").notNull(),
    /** The invoice's recipient account. */
    userId: text("user_id").notNull(),
    /** "CN/2627/000001": at most 16 characters. */
    number: text("number").notNull(),
    /** "2026-27", of the credit note's own date. */
    financialYear: text("financial_year").notNull(),
    /** 1, 2, 3 … within the financial year, with no gaps. */
    sequence: integer("sequence").notNull(),
    reason: text("reason").notNull(),
    invoiceNumber: text("invoice_number").notNull(),
    invoiceIssuedAt: timestamp("invoice_issued_at").notNull(),
    description: text("description").notNull(),
    sac: text("sac").notNull(),
    taxableValue: integer("taxable_value").notNull(),
    cgstRate: integer("cgst_rate").notNull(),
    cgstAmount: integer("cgst_amount").notNull(),
    sgstRate: integer("sgst_rate").notNull(),
    sgstAmount: integer("sgst_amount").notNull(),
    igstRate: integer("igst_rate").notNull(),
    igstAmount: integer("igst_amount").notNull(),
    /** Paise: what was refunded. */
    total: integer("total").notNull(),
    placeOfSupply: text("place_of_supply").notNull(),
    supplier: text("supplier", { mode: "json" }).$type<InvoiceSupplier>().notNull(),
    billedTo: text("billed_to", { mode: "json" }).$type<InvoiceRecipient>().notNull(),
    issuedAt: timestamp("issued_at").notNull(),
  },
  (t) => [
    uniqueIndex("credit_notes_number_unique").on(t.number),
    uniqueIndex("credit_notes_year_sequence_unique").on(t.financialYear, t.sequence),
    uniqueIndex("credit_notes_refund_unique").on(t.refundId),
    index("credit_notes_payment_idx").on(t.paymentId, t.issuedAt),
    index("credit_notes_user_idx").on(t.userId, t.issuedAt),
  ],
);

/** Webhook deliveries, idempotent by the gateway's event id. */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    receivedAt: timestamp("received_at").notNull(),
    processedAt: timestamp("processed_at"),
  },
  // Kept 90 days (functions/domain/core/retention.ts): the daily purge reads them by age.
  (t) => [index("webhook_events_received_idx").on(t.receivedAt)],
);

/** A free trial is claimed once per e-mail address (SHA-256 of the lower-cased address), even after the account is deleted. */
export const trialClaims = sqliteTable("trial_claims", {
  emailHash: text("email_hash").primaryKey(),
  vendorId: text("vendor_id"),
  claimedAt: timestamp("claimed_at").notNull(),
});

/**
 * Expiry reminders sent by the daily job (7, 3, 1 days before the end; migrations/0049): one row per
 * subscription and reminder, so each is mailed once; the mail is queued only for the rows the run
 * itself inserted (run_id).
 */
export const subscriptionReminders = sqliteTable(
  "subscription_reminders",
  {
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    days: integer("days").notNull(),
    runId: text("run_id").notNull(),
    sentAt: timestamp("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.days] })],
);
