import { type DomainContext, ACCESS, requireRole, newId, sha256Hex } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * What a vendor sees of their subscription (issue 11): the free trial that starts when their
 * e-mail is verified, their subscriptions (GET /subscribe/subscription, the sidebar box and the
 * Plan page, displayed by shared/subscription-status.ts), their payments (GET
 * /subscribe/payment-history, /VendorDashboard/payments) and the outcome of an order after the
 * gateway's callback (/VendorDashboard/Plan?order=...). Buying is in subscription-orders.ts, crediting in payment-credits.ts.
 */

const DAY_MS = 86_400_000;

/** The key a trial is claimed under: SHA-256 of the lower-cased e-mail address (it outlives the account). */
export const trialClaimKey = (email: string) => sha256Hex(email.trim().toLowerCase());

/**
 * The statements that start a vendor's free trial, to run in the SAME batch as (and after) the
 * statement that makes the vendor's verified account, so the account and its trial exist together
 * or not at all:
 * 1. claim the trial for the e-mail (trial_claims, once per address ever: a claim outlives the
 *    account, so deleting the account and signing up again with the address gets no second trial);
 *    only for a verified VENDOR account, and only while an active trial plan exists;
 * 2. an ACTIVE trial subscription on the active trial plan (is_trial = 1 and is_active = 1, the
 *    cheapest if several), start = now, end_date = trial_end_date = now + duration_days, made only
 *    when step 1 claimed the address for this vendor and the vendor has no trial yet.
 * No active trial plan: both insert nothing and nothing fails. Safe to run twice.
 */
export async function trialStatements(
  db: D1Database,
  vendor: { id: string; email: string },
  now: number,
  /** A further SQL condition for the claim, in terms of ?2 (the vendor's id) and ?3 (now); e.g. "the link was spent in this batch". */
  onlyIf = "1",
): Promise<D1PreparedStatement[]> {
  const key = await trialClaimKey(vendor.email);
  const trialPlan = "SELECT id, duration_days FROM plans WHERE is_trial = 1 AND is_active = 1 ORDER BY price, created_at, id LIMIT 1";
  return [
    db
      .prepare(
        `INSERT OR IGNORE INTO trial_claims (email_hash, vendor_id, claimed_at)
         SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM users WHERE id = ?2 AND role = 'VENDOR' AND is_verified = 1)
                              AND EXISTS (SELECT 1 FROM plans WHERE is_trial = 1 AND is_active = 1) AND (${onlyIf})`,
      )
      .bind(key, vendor.id, now),
    db
      .prepare(
        `INSERT INTO subscriptions (id, vendor_id, plan_id, status, start_date, end_date, is_trial, trial_end_date, created_at, updated_at)
         SELECT ?4, ?2, p.id, 'ACTIVE', ?3, ?3 + p.duration_days * ${DAY_MS}, 1, ?3 + p.duration_days * ${DAY_MS}, ?3, ?3
         FROM (${trialPlan}) p
         WHERE EXISTS (SELECT 1 FROM trial_claims WHERE email_hash = ?1 AND vendor_id = ?2)
           AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE vendor_id = ?2 AND is_trial = 1)`,
      )
      .bind(key, vendor.id, now, newId(now)),
  ];
}

/**
 * Starts the free trial of a vendor whose account already exists and is verified (one atomic
 * batch). The sign-up paths put `trialStatements` in the account's own batch instead.
 */
export async function startTrial(ctx: DomainContext, vendor: { id: string; email: string }): Promise<boolean> {
  const results = await ctx.db.batch(await trialStatements(ctx.db, vendor, ctx.now));
  return Boolean(results[1]?.meta.changes);
}

/** One of the vendor's subscriptions as GET /subscribe/subscription answers it (times in epoch ms). */
export type VendorSubscription = {
  id: string;
  plan_id: string;
  plan_name: string;
  status: "PENDING" | "ACTIVE" | "CANCELLED" | "EXPIRED";
  is_trial: boolean;
  start_date: number | null;
  end_date: number | null;
  trial_end_date: number | null;
  failure_reason: string | null;
  created_at: number;
};

/** The signed-in vendor's subscriptions (never another account's), newest first. */
export async function vendorSubscriptions(ctx: DomainContext): Promise<VendorSubscription[]> {
  const actor = requireRole(ctx.actor, ACCESS.vendor, m.api_only_vendors_subscriptions());
  const { results } = await ctx.db
    .prepare(
      `SELECT s.id, s.plan_id, p.name AS plan_name, s.status, s.is_trial, s.start_date, s.end_date, s.trial_end_date, s.failure_reason, s.created_at
       FROM subscriptions s JOIN plans p ON p.id = s.plan_id
       WHERE s.vendor_id = ? ORDER BY s.created_at DESC, s.id DESC LIMIT 100`,
    )
    .bind(actor.id)
    .all<Omit<VendorSubscription, "is_trial"> & { is_trial: number }>();
  return results.map((r) => ({ ...r, is_trial: Boolean(r.is_trial) }));
}

/** A payment's subscription: by its subscription_id, or (a payment stored without it) by the gateway order they share. */
const SUBSCRIPTION_OF_PAYMENT = "(s.id = p.subscription_id OR (p.subscription_id IS NULL AND s.gateway_order_id = p.gateway_order_id))";

/** One payment in the vendor's history (GET /subscribe/payment-history, /VendorDashboard/payments). */
export type PaymentRecord = {
  id: string;
  /** When the payment was started (epoch ms). */
  date: number;
  purpose: "SUBSCRIPTION" | "TEMPLATE";
  /** The plan paid for; null for a template purchase. */
  plan_name: string | null;
  /** Whole rupees. */
  amount: number;
  currency: string;
  status: "PENDING" | "SUCCESS" | "FAILED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "REFUND_DUE";
  gateway_order_id: string;
  gateway_payment_id: string | null;
  failure_reason: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  /** The invoice page (/invoices/{invoiceId}) when the payment has an invoice. */
  invoice_url: string | null;
  /** GST credit notes of the payment's refunds, oldest first (issue 30): number, amount in paise, page. */
  credit_notes: { id: string; number: string; total: number; url: string }[];
};

/** The signed-in vendor's payments to Mandap, newest first (never another account's). */
export async function paymentHistory(ctx: DomainContext): Promise<PaymentRecord[]> {
  const actor = requireRole(ctx.actor, ACCESS.vendor, m.api_only_vendors_plan_payments());
  const { results } = await ctx.db
    .prepare(
      `SELECT p.id, p.created_at AS date, p.purpose, pl.name AS plan_name, p.amount, p.currency, p.status, p.gateway_order_id, p.gateway_payment_id,
              p.failure_reason, i.id AS invoice_id, i.number AS invoice_number
       FROM payments p
       LEFT JOIN subscriptions s ON ${SUBSCRIPTION_OF_PAYMENT}
       LEFT JOIN plans pl ON pl.id = s.plan_id
       LEFT JOIN invoices i ON i.payment_id = p.id
       WHERE p.user_id = ? ORDER BY p.created_at DESC, p.id DESC LIMIT 100`,
    )
    .bind(actor.id)
    .all<Omit<PaymentRecord, "invoice_url" | "credit_notes">>();
  const notes = await ctx.db
    .prepare("SELECT id, payment_id, number, total FROM credit_notes WHERE user_id = ? ORDER BY issued_at, sequence")
    .bind(actor.id)
    .all<{ id: string; payment_id: string; number: string; total: number }>();
  return results.map((r) => ({
    ...r,
    invoice_url: r.invoice_id ? `/invoices/${encodeURIComponent(r.invoice_id)}` : null,
    credit_notes: notes.results
      .filter((n) => n.payment_id === r.id)
      .map((n) => ({ id: n.id, number: n.number, total: n.total, url: `/credit-notes/${encodeURIComponent(n.id)}` })),
  }));
}

/** What became of an order, for the Plan page after the gateway's callback (/VendorDashboard/Plan?order=...). */
export type OrderOutcome =
  | { status: "paid"; orderId: string; planName: string; startDate: number | null; endDate: number | null; isTrial: boolean }
  | { status: "failed"; orderId: string; planName: string; reason: string }
  | { status: "pending"; orderId: string; planName: string };

const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The outcome of one of the signed-in vendor's orders: paid (with its period), failed (with the
 * reason) or still pending. Another account's order, an unknown or malformed id, or a caller who
 * is not a vendor: null (the page shows nothing about it).
 */
export async function orderOutcome(ctx: DomainContext, orderId: string): Promise<OrderOutcome | null> {
  if (ctx.actor?.role !== "VENDOR" || !ORDER_ID.test(orderId)) return null;
  const row = await ctx.db
    .prepare(
      `SELECT p.status AS paymentStatus, p.failure_reason AS paymentReason, s.status AS subscriptionStatus, s.failure_reason AS subscriptionReason,
              s.start_date AS startDate, s.end_date AS endDate, s.is_trial AS isTrial, pl.name AS planName
       FROM payments p JOIN subscriptions s ON ${SUBSCRIPTION_OF_PAYMENT} JOIN plans pl ON pl.id = s.plan_id
       WHERE p.gateway_order_id = ? AND p.user_id = ? AND s.vendor_id = ?`,
    )
    .bind(orderId, ctx.actor.id, ctx.actor.id)
    .first<{
      paymentStatus: string;
      paymentReason: string | null;
      subscriptionStatus: string;
      subscriptionReason: string | null;
      startDate: number | null;
      endDate: number | null;
      isTrial: number;
      planName: string;
    }>();
  if (!row) return null;
  if (row.paymentStatus === "SUCCESS" || row.paymentStatus === "REFUNDED" || row.subscriptionStatus === "ACTIVE" || row.subscriptionStatus === "EXPIRED")
    return { status: "paid", orderId, planName: row.planName, startDate: row.startDate, endDate: row.endDate, isTrial: Boolean(row.isTrial) };
  if (row.paymentStatus === "FAILED" || row.subscriptionStatus === "CANCELLED")
    return { status: "failed", orderId, planName: row.planName, reason: row.paymentReason ?? row.subscriptionReason ?? m.api_template_order_failed() };
  return { status: "pending", orderId, planName: row.planName };
}
