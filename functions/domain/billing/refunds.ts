import { type DomainContext, ACCESS, auditEntry, Conflict, Invalid, NotFound, newId, parseInput, requireRole } from "../core/index.ts";
import { type GatewayRefund, PaymentGatewayError, PaymentsNotConfigured } from "#platform/payments.ts";
import { refundInput } from "#shared/plan-schemas.ts";
import { REFUNDABLE_STATUSES } from "#shared/stored-values.ts";
import { formatRupees } from "#shared/format.ts";
import { GatewayUnavailable } from "./payment-records.ts";
import { purposeOf, type PurposeName, type PurposePayment } from "./payment-purposes.ts";
import { log } from "#platform/log.ts";
import { creditNoteStatements } from "./credit-notes.ts";
import { reopenAutomaticRefund } from "./automatic-refunds.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Refunds (issue 30, docs/decisions/0043-refunds.md), one path for every purpose:
 *
 * - `refundPayment` (an admin, from /admin/transactions or POST /admin/transactions/{id}/refund):
 *   a SUCCESS, PARTIALLY_REFUNDED or REFUND_DUE payment, in full (no amount) or in part (whole
 *   rupees, at most what is left), with a reason. `refundAutomatically` is the same path without an
 *   admin (a second paid order for a design the couple already owns).
 * - One request per payment talks to the gateway at a time (payment_refund_locks): a second at
 *   once is refused with 409 and the gateway is called once. The gateway refuses or cannot be
 *   reached: the admin is told why and nothing is recorded.
 * - The gateway's refund is recorded once by its refund id (payment_refunds' unique index), PENDING
 *   until the gateway says processed or failed: at once in its answer, or by the refund.processed /
 *   refund.failed webhook (payment-webhooks.ts), however many times either arrives.
 * - Processed (`settleRefund`): one batch marks the refund PROCESSED, sets the payment's
 *   refunded_amount (the sum of its processed refunds, whole rupees) and its status REFUNDED or
 *   PARTIALLY_REFUNDED, and, when nothing is left, runs the purpose's take-back (a plan's
 *   subscription ends and the plan's limits apply; a template purchase stops granting the design).
 */

export const REFUND_MESSAGES = {
  get onlyAdmins() {
    return m.api_refund_only_admins();
  },
  get noPayment() {
    return m.api_refund_no_payment();
  },
  notRefundable: (status: string) => m.api_refund_not_refundable({ status: status.toLowerCase().replace(/_/g, " ") }),
  get nothingLeft() {
    return m.api_refund_nothing_left();
  },
  overRefund: (left: number) => m.api_refund_over_refund({ amount: formatRupees(left) }),
  get busy() {
    return m.api_refund_busy();
  },
  get unreachable() {
    return m.api_refund_unreachable();
  },
  refused: (why: string) => m.api_refund_refused({ why }),
  get notConfigured() {
    return m.api_refund_not_configured();
  },
  processed: (amount: number) => m.api_refund_processed({ amount: formatRupees(amount) }),
  pending: (amount: number) => m.api_refund_pending({ amount: formatRupees(amount) }),
  failed: (amount: number) => m.api_refund_failed({ amount: formatRupees(amount) }),
  /** Stored on the record (read by admins and the audit), so in the base language, not the request's. */
  atGateway: "Refunded at the payment gateway.",
  /** Stored on the record (read by admins and the audit), so in the base language, not the request's. */
  gatewayFailed: "The gateway could not refund the payment.",
  failedLater: (amount: number, why: string) => `The gateway reported the refund of ${formatRupees(amount)} failed: ${why}`,
};

/** A claim on a payment's refund older than this is taken over (the request that held it died). */
const LOCK_MS = 2 * 60_000;

type RefundablePayment = PurposePayment & {
  purpose: PurposeName;
  status: string;
  gatewayPaymentId: string | null;
  /** Whole rupees refunded (PROCESSED) or asked for (PENDING) so far, and the same in paise. */
  taken: number;
  takenPaise: number;
};

function readPayment(ctx: DomainContext, paymentId: string): Promise<RefundablePayment | null> {
  return ctx.db
    .prepare(
      `SELECT p.id, p.user_id AS userId, p.purpose, p.amount, p.status, p.gateway_payment_id AS gatewayPaymentId,
              p.subscription_id AS subscriptionId, p.template_purchase_id AS templatePurchaseId, COALESCE(s.plan_name, pl.name) AS planName,
              (SELECT COALESCE(SUM(r.amount), 0) FROM payment_refunds r WHERE r.payment_id = p.id AND r.status IN ('PENDING', 'PROCESSED')) AS taken,
              (SELECT COALESCE(SUM(r.amount_paise), 0) FROM payment_refunds r WHERE r.payment_id = p.id AND r.status IN ('PENDING', 'PROCESSED')) AS takenPaise
       FROM payments p LEFT JOIN subscriptions s ON s.id = p.subscription_id LEFT JOIN plans pl ON pl.id = s.plan_id
       WHERE p.id = ?`,
    )
    .bind(paymentId)
    .first<RefundablePayment>();
}

export type RefundResult = {
  message: string;
  refund: { id: string; gatewayRefundId: string; amount: number; status: "PENDING" | "PROCESSED" | "FAILED" };
  payment: { id: string; status: string; refundedAmount: number };
};

/** An admin's refund (page and API): admins only, the input checked, then the one refund path. */
export async function refundPayment(ctx: DomainContext, paymentId: string, input: unknown): Promise<RefundResult> {
  const admin = requireRole(ctx.actor, ACCESS.admin, REFUND_MESSAGES.onlyAdmins);
  const { amount, reason } = parseInput(refundInput, input);
  if (!paymentId || paymentId.length > 64) throw new NotFound(REFUND_MESSAGES.noPayment);
  return issueRefund(ctx, paymentId, { amount, reason, requestedBy: admin.id });
}

/** A refund nobody asked for by hand (a design paid for twice): everything left, through the same path. */
export async function refundAutomatically(ctx: DomainContext, paymentId: string, reason: string): Promise<RefundResult> {
  return issueRefund(ctx, paymentId, { reason, requestedBy: null });
}

async function issueRefund(
  ctx: DomainContext,
  paymentId: string,
  input: { amount?: number; reason: string; requestedBy: string | null },
): Promise<RefundResult> {
  const { db } = ctx;
  const check = (payment: RefundablePayment | null) => {
    if (!payment) throw new NotFound(REFUND_MESSAGES.noPayment);
    if (!(REFUNDABLE_STATUSES as readonly string[]).includes(payment.status) || !payment.gatewayPaymentId)
      throw new Conflict(REFUND_MESSAGES.notRefundable(payment.status));
    const left = payment.amount - payment.taken;
    if (left <= 0) throw new Conflict(REFUND_MESSAGES.nothingLeft);
    const amount = input.amount ?? left;
    if (amount > left) throw new Invalid(REFUND_MESSAGES.overRefund(left), { amount: REFUND_MESSAGES.overRefund(left) });
    return { payment, left, amount };
  };
  check(await readPayment(ctx, paymentId));
  const claimed = await db
    .prepare(
      `INSERT INTO payment_refund_locks (payment_id, claimed_at) VALUES (?1, ?2)
       ON CONFLICT (payment_id) DO UPDATE SET claimed_at = excluded.claimed_at WHERE payment_refund_locks.claimed_at < ?3
       RETURNING payment_id`,
    )
    .bind(paymentId, ctx.now, ctx.now - LOCK_MS)
    .first();
  if (!claimed) throw new Conflict(REFUND_MESSAGES.busy);
  try {
    // Read again under the claim: a refund recorded between the first read and the claim counts.
    const { payment, left, amount } = check(await readPayment(ctx, paymentId));
    const charged = purposeOf(payment.purpose).chargedPaise(ctx, payment.amount);
    // Paise for the rupees: everything left when it is the rest, else the same share of what was charged.
    const paise = amount === left ? charged - payment.takenPaise : Math.min(charged - payment.takenPaise, Math.round((charged * amount) / payment.amount));
    const id = newId(ctx.now);
    let refund: GatewayRefund;
    try {
      refund = await ctx.payments.refundPayment({
        paymentId: payment.gatewayPaymentId!,
        amount: paise,
        receipt: `rfnd_${id.replace(/-/g, "")}`.slice(0, 40),
        notes: { payment_id: payment.id, refund_id: id, reason: input.reason.slice(0, 250) },
      });
    } catch (e) {
      if (!(e instanceof PaymentGatewayError)) throw e;
      log.error("payments: the gateway did not refund", { paymentId: payment.id, gateway: ctx.payments.name, status: e.status, error: e.message });
      if (e instanceof PaymentsNotConfigured) throw new GatewayUnavailable(REFUND_MESSAGES.notConfigured, 503);
      if (e.status !== null && e.status >= 400 && e.status < 500) throw new GatewayUnavailable(REFUND_MESSAGES.refused(sentence(e.message)), 502);
      throw new GatewayUnavailable(REFUND_MESSAGES.unreachable, 502);
    }
    // Recorded by the gateway's refund id: its webhook may have come first (then our reason and admin are written onto its row).
    // An admin's refund is audited in the same batch as its record (a refund made by itself has no admin to name).
    const record = db
      .prepare(
        `INSERT INTO payment_refunds (id, payment_id, gateway_refund_id, amount, amount_paise, reason, status, requested_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'PENDING', ?, ?)
         ON CONFLICT (gateway_refund_id) DO UPDATE SET reason = excluded.reason, requested_by = excluded.requested_by`,
      )
      .bind(id, payment.id, refund.id, amount, refund.amount || paise, input.reason, input.requestedBy, ctx.now);
    await db.batch([
      record,
      ...(input.requestedBy
        ? [
            auditEntry(ctx, {
              action: "payment.refund",
              subject: { type: "payment", id: payment.gatewayPaymentId! },
              summary: `Refunded ${formatRupees(amount)} of the ${formatRupees(payment.amount)} payment ${payment.gatewayPaymentId} (${payment.planName ? `plan “${payment.planName}”` : "invitation design"})`,
              reason: input.reason,
              before: { refunded: payment.taken },
              after: { refunded: payment.taken + amount },
            }),
          ]
        : []),
    ]);
    log.info("payments: refund asked", { paymentId: payment.id, refundId: refund.id, amount, status: refund.status, by: input.requestedBy ?? "automatic" });
    if (refund.status !== "pending") await settleRefund(ctx, refund.id, refund.status);
    const after = await db
      .prepare(
        `SELECT r.status, p.status AS paymentStatus, COALESCE(p.refunded_amount, 0) AS refundedAmount
         FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE r.gateway_refund_id = ?`,
      )
      .bind(refund.id)
      .first<{ status: RefundResult["refund"]["status"]; paymentStatus: string; refundedAmount: number }>();
    const status = after?.status ?? "PENDING";
    const message =
      status === "PROCESSED" ? REFUND_MESSAGES.processed(amount) : status === "FAILED" ? REFUND_MESSAGES.failed(amount) : REFUND_MESSAGES.pending(amount);
    return {
      message,
      refund: { id, gatewayRefundId: refund.id, amount, status },
      payment: { id: payment.id, status: after?.paymentStatus ?? payment.status, refundedAmount: after?.refundedAmount ?? 0 },
    };
  } finally {
    await db.prepare("DELETE FROM payment_refund_locks WHERE payment_id = ?").bind(paymentId).run();
  }
}

const sentence = (text: string) => {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

export type RefundOutcome = "refund-processed" | "refund-failed" | "refund-duplicate" | "refund-unknown";

/**
 * The gateway's word on a refund (its answer, or a refund.* webhook): a PENDING refund becomes
 * PROCESSED or FAILED once; anything after that is a duplicate and changes nothing. Processed: one
 * batch of the refund, the payment's refunded amount and status (recomputed from its processed
 * refunds, so a replay cannot count twice) and, when nothing is left, the purpose's take-back.
 */
export async function settleRefund(ctx: DomainContext, gatewayRefundId: string, outcome: "processed" | "failed", why?: string): Promise<RefundOutcome> {
  const { db, now } = ctx;
  const row = await db
    .prepare(
      `SELECT r.id, r.status, r.amount AS refundAmount, r.amount_paise AS refundPaise, r.reason, p.id AS paymentId, p.user_id AS userId, p.purpose, p.amount,
              p.subscription_id AS subscriptionId, p.template_purchase_id AS templatePurchaseId, COALESCE(s.plan_name, pl.name) AS planName,
              (SELECT COALESCE(SUM(o.amount), 0) FROM payment_refunds o WHERE o.payment_id = p.id AND o.status = 'PROCESSED') AS processed
       FROM payment_refunds r JOIN payments p ON p.id = r.payment_id LEFT JOIN subscriptions s ON s.id = p.subscription_id LEFT JOIN plans pl ON pl.id = s.plan_id
       WHERE r.gateway_refund_id = ?`,
    )
    .bind(gatewayRefundId)
    .first<{
      id: string;
      status: string;
      refundAmount: number;
      refundPaise: number;
      reason: string;
      paymentId: string;
      userId: string;
      purpose: PurposeName;
      amount: number;
      subscriptionId: string | null;
      templatePurchaseId: string | null;
      planName: string | null;
      processed: number;
    }>();
  if (!row) return "refund-unknown";
  if (row.status !== "PENDING") return "refund-duplicate";
  if (outcome === "failed") {
    const reason = (why ?? REFUND_MESSAGES.gatewayFailed).slice(0, 300);
    await db.batch([
      db
        .prepare("UPDATE payment_refunds SET status = 'FAILED', failure_reason = ?, processed_at = ? WHERE id = ? AND status = 'PENDING'")
        .bind(reason, now, row.id),
      // A refund owed by itself (automatic-refunds.ts) that this refund was to make is owed again, when the failure leaves money to refund.
      reopenAutomaticRefund(ctx, row.paymentId, REFUND_MESSAGES.failedLater(row.refundAmount, reason)),
    ]);
    log.warn("payments: a refund failed at the gateway", { paymentId: row.paymentId, refundId: gatewayRefundId });
    return "refund-failed";
  }
  const full = row.processed + row.refundAmount >= row.amount;
  const payment: PurposePayment = {
    id: row.paymentId,
    userId: row.userId,
    amount: row.amount,
    subscriptionId: row.subscriptionId,
    planName: row.planName,
    templatePurchaseId: row.templatePurchaseId,
  };
  const refunded = "(SELECT COALESCE(SUM(amount), 0) FROM payment_refunds WHERE payment_id = ?1 AND status = 'PROCESSED')";
  // An invoiced payment gets its GST credit note in the same batch (one per refund: credit-notes.ts).
  const creditNote = await creditNoteStatements(ctx, { id: row.id, paymentId: row.paymentId, amountPaise: row.refundPaise, reason: row.reason }, now);
  await db.batch([
    db.prepare("UPDATE payment_refunds SET status = 'PROCESSED', processed_at = ? WHERE id = ? AND status = 'PENDING'").bind(now, row.id),
    db
      .prepare(
        `UPDATE payments SET refunded_amount = ${refunded}, status = CASE WHEN ${refunded} >= amount THEN 'REFUNDED' ELSE 'PARTIALLY_REFUNDED' END,
           refund_id = ?2, updated_at = ?3
         WHERE id = ?1`,
      )
      .bind(row.paymentId, gatewayRefundId, now),
    ...(full ? purposeOf(row.purpose).takeBack(ctx, payment, row.reason) : []),
    ...creditNote,
  ]);
  log.info("payments: refund processed", { paymentId: row.paymentId, refundId: gatewayRefundId, full });
  ctx.events.record({ event: "refund", labels: [row.purpose, full ? "full" : "part"], values: [row.refundAmount] });
  return "refund-processed";
}

/**
 * A refund.* webhook about a refund this database never asked for (made in the gateway's dashboard):
 * recorded against its payment (the rupees in proportion to what was charged) before it is settled.
 */
export async function recordGatewayRefund(ctx: DomainContext, refund: GatewayRefund): Promise<boolean> {
  const payment = await ctx.db
    .prepare("SELECT id, purpose, amount FROM payments WHERE gateway_payment_id = ?")
    .bind(refund.paymentId)
    .first<{ id: string; purpose: PurposeName; amount: number }>();
  if (!payment) return false;
  const charged = purposeOf(payment.purpose).chargedPaise(ctx, payment.amount);
  const rupees = Math.max(1, Math.round((payment.amount * refund.amount) / Math.max(charged, 1)));
  await ctx.db
    .prepare(
      `INSERT INTO payment_refunds (id, payment_id, gateway_refund_id, amount, amount_paise, reason, status, requested_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'PENDING', NULL, ?) ON CONFLICT (gateway_refund_id) DO NOTHING`,
    )
    .bind(newId(ctx.now), payment.id, refund.id, rupees, refund.amount, REFUND_MESSAGES.atGateway, ctx.now)
    .run();
  return true;
}
