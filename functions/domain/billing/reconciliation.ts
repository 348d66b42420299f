import { type DomainContext, ACCESS, auditEntry, Conflict, NotFound, parseInput, requireRole } from "../core/index.ts";
import { resolveFlagInput } from "#shared/plan-schemas.ts";
import { type GatewayPayment, ORDER_ID, PaymentGatewayError, PaymentsNotConfigured } from "#platform/payments.ts";
import { DAY_MS, startOfIndiaDay } from "#shared/india-time.ts";
import { creditPayment } from "./payment-credits.ts";
import { type LocalPayment, localPayment, mismatch, ORDER_LIFETIME_MS } from "./payment-records.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The daily reconciliation (issue 30): the gateway's payments of a window (Razorpay: GET /payments
 * with from/to; the sandbox the same) compared with ours.
 * - Captured there but never credited here (the callback and the webhook were both lost): credited
 *   through the one crediting path (payment-credits.ts creditPayment, by purpose), source
 *   "reconciliation"; paid after its order's lifetime it is recorded REFUND_DUE as the webhook would.
 * - Credited here but not captured there (the gateway says failed or authorized, or does not know
 *   it), captured there for an order another payment already paid, or captured for another amount:
 *   flagged to admins (payment_reconciliation_flags, shown on /admin/transactions), once.
 * Safe to repeat and to run twice at once: crediting is exactly once (payment_credits' key) and a
 * flag is one row per gateway payment. Each run is logged with its counts.
 * An admin marks a flag resolved with a note (`resolveReconciliationFlag`, audited); it leaves the
 * open list and a later run does not raise it again.
 */

export type ReconciliationRun = {
  from: number;
  to: number;
  /** Payments the gateway listed in the window. */
  listed: number;
  /** Captured there and credited by this run (the callback and the webhook were lost). */
  credited: number;
  /** Captured there after the order's lifetime: recorded as received, refund due. */
  refundDue: number;
  /** Captured there and already credited (or recorded) here. */
  alreadyCredited: number;
  /** Not a payment of an order of ours (another integration on the same account). */
  notOurs: number;
  /** Our credited payments of the window that were checked against the gateway. */
  checked: number;
  /** New flags for admins (a repeated run flags nothing again). */
  flagged: number;
};

export type FlagKind = "NOT_CAPTURED" | "SECOND_PAYMENT" | "MISMATCH";

export const RECONCILIATION_MESSAGES = {
  notCaptured: (status: string) => `Credited here, but the payment gateway says this payment is ${status}. Check it in the gateway's dashboard.`,
  /** Stored on the record (read by admins and the audit), so in the base language, not the request's. */
  unknownAtGateway: "Credited here, but the payment gateway has no such payment. Check it in the gateway's dashboard.",
  /** Stored on the record (read by admins and the audit), so in the base language, not the request's. */
  secondPayment: "Captured at the payment gateway for an order another payment already paid: refund it from the gateway's dashboard.",
  mismatch: (why: string) => `Captured at the payment gateway but not credited: ${why}`,
  get onlyAdmins() {
    return m.api_reconciliation_only_admins();
  },
  get noFlag() {
    return m.api_reconciliation_no_flag();
  },
  get alreadyResolved() {
    return m.api_reconciliation_already_resolved();
  },
  get resolved() {
    return m.api_reconciliation_resolved();
  },
};

/** Whether the gateway holds the money (captured, or captured and then refunded). */
const capturedThere = (gp: Pick<GatewayPayment, "status">) => gp.status === "captured" || gp.status === "refunded";

/** Records a flag once per gateway payment; true when it is new. */
async function flag(ctx: DomainContext, input: { gatewayPaymentId: string; paymentId: string | null; kind: FlagKind; gatewayStatus: string; message: string }) {
  const result = await ctx.db
    .prepare(
      `INSERT INTO payment_reconciliation_flags (gateway_payment_id, payment_id, kind, gateway_status, message, found_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (gateway_payment_id) DO NOTHING`,
    )
    .bind(input.gatewayPaymentId, input.paymentId, input.kind, input.gatewayStatus, input.message.slice(0, 300), ctx.now)
    .run();
  if (result.meta.changes) log.warn("payments: reconciliation flagged a payment", { ...input });
  return result.meta.changes > 0;
}

/** Compares the gateway's payments from `from` to before `to` (epoch ms) with ours; credits what was lost, flags what does not match. */
export async function reconcilePayments(ctx: DomainContext, window: { from: number; to: number }): Promise<ReconciliationRun> {
  const run: ReconciliationRun = { ...window, listed: 0, credited: 0, refundDue: 0, alreadyCredited: 0, notOurs: 0, checked: 0, flagged: 0 };
  const listed = await ctx.payments.listPayments(window);
  run.listed = listed.length;
  const heldThere = new Set(listed.filter(capturedThere).map((gp) => gp.id));

  // Captured there: credited here? Our side of all of them in one query, and what is already
  // flagged in another, so a run (or a part of one, when the cron's D1 budget runs out and the job
  // starts again on the jobs queue) costs D1 calls only for what it credits or flags.
  const captured = listed.filter((gp) => gp.status === "captured");
  const orderIds = [...new Set(captured.map((gp) => gp.orderId).filter((id) => ORDER_ID.test(id)))];
  const ids = (values: string[]) => JSON.stringify(values);
  const known = new Map<string, { status: LocalPayment["status"]; gatewayPaymentId: string | null }>();
  const alreadyFlagged = new Set<string>();
  if (orderIds.length) {
    const [locals, flags] = await ctx.db.batch<{ orderId?: string; status?: LocalPayment["status"]; gatewayPaymentId: string | null }>([
      ctx.db
        .prepare(
          `SELECT gateway_order_id AS orderId, status, gateway_payment_id AS gatewayPaymentId FROM payments
           WHERE gateway_order_id IN (SELECT value FROM json_each(?)) AND purpose IN ('SUBSCRIPTION', 'TEMPLATE')`,
        )
        .bind(ids(orderIds)),
      ctx.db
        .prepare("SELECT gateway_payment_id AS gatewayPaymentId FROM payment_reconciliation_flags WHERE gateway_payment_id IN (SELECT value FROM json_each(?))")
        .bind(ids(captured.map((gp) => gp.id))),
    ]);
    for (const row of locals!.results) known.set(row.orderId!, { status: row.status!, gatewayPaymentId: row.gatewayPaymentId });
    for (const row of flags!.results) if (row.gatewayPaymentId) alreadyFlagged.add(row.gatewayPaymentId);
  }
  const flagOnce = async (input: Parameters<typeof flag>[1]) => !alreadyFlagged.has(input.gatewayPaymentId) && (await flag(ctx, input));
  for (const gp of captured) {
    const ours = known.get(gp.orderId);
    if (!ours) {
      run.notOurs++;
      continue;
    }
    if (ours.status !== "PENDING" && ours.status !== "FAILED") {
      if (ours.gatewayPaymentId && ours.gatewayPaymentId !== gp.id) {
        const local = await localPayment(ctx, gp.orderId);
        if (
          await flagOnce({
            gatewayPaymentId: gp.id,
            paymentId: local?.id ?? null,
            kind: "SECOND_PAYMENT",
            gatewayStatus: gp.status,
            message: RECONCILIATION_MESSAGES.secondPayment,
          })
        )
          run.flagged++;
      } else run.alreadyCredited++;
      continue;
    }
    const local = await localPayment(ctx, gp.orderId);
    if (!local) continue;
    const wrong = mismatch(ctx, local, gp, gp.orderId);
    if (wrong) {
      if (
        await flagOnce({
          gatewayPaymentId: gp.id,
          paymentId: local.id,
          kind: "MISMATCH",
          gatewayStatus: gp.status,
          message: RECONCILIATION_MESSAGES.mismatch(wrong.message),
        })
      )
        run.flagged++;
      continue;
    }
    const outcome = await creditPayment(ctx, local, gp, "reconciliation");
    if (outcome === "credited") run.credited++;
    else if (outcome === "refund-due") run.refundDue++;
    else run.alreadyCredited++;
  }

  // Credited here in the window: captured there? (Credited at most an order's lifetime after the order was opened.)
  const { results: ours } = await ctx.db
    .prepare(
      `SELECT p.id, p.gateway_payment_id AS gatewayPaymentId FROM payments p
       WHERE p.created_at >= ? AND p.created_at < ? AND p.captured_at >= ? AND p.captured_at < ?
         AND p.status IN ('SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED') AND p.gateway_payment_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM payment_reconciliation_flags f WHERE f.gateway_payment_id = p.gateway_payment_id)`,
    )
    .bind(window.from - ORDER_LIFETIME_MS, window.to, window.from, window.to)
    .all<{ id: string; gatewayPaymentId: string }>();
  for (const local of ours) {
    run.checked++;
    if (heldThere.has(local.gatewayPaymentId)) continue;
    // Not in the window's list (created there just before it, say): the gateway's own word on it.
    let status: string;
    try {
      const gp = await ctx.payments.fetchPayment(local.gatewayPaymentId);
      if (capturedThere(gp)) continue;
      status = gp.status;
    } catch (e) {
      if (!(e instanceof PaymentGatewayError) || e.status !== 404) throw e;
      status = "unknown";
    }
    const message = status === "unknown" ? RECONCILIATION_MESSAGES.unknownAtGateway : RECONCILIATION_MESSAGES.notCaptured(status);
    if (await flag(ctx, { gatewayPaymentId: local.gatewayPaymentId, paymentId: local.id, kind: "NOT_CAPTURED", gatewayStatus: status, message })) run.flagged++;
  }
  log.info("payments: reconciliation", { gateway: ctx.payments.name, ...run });
  return run;
}

/**
 * The daily job's window: from the start of yesterday in India to now (runs overlap; repeating is
 * safe). A site with no gateway configured takes no payments, so there is nothing to compare: the
 * run is skipped (logged), not failed.
 */
export async function runDailyReconciliation(ctx: DomainContext): Promise<ReconciliationRun | null> {
  try {
    return await reconcilePayments(ctx, { from: startOfIndiaDay(ctx.now) - DAY_MS, to: ctx.now });
  } catch (e) {
    if (!(e instanceof PaymentsNotConfigured)) throw e;
    log.info("payments: reconciliation skipped, no payment gateway is configured", { reason: e.message });
    return null;
  }
}

export type ReconciliationFlag = {
  gatewayPaymentId: string;
  paymentId: string | null;
  kind: FlagKind;
  gatewayStatus: string;
  message: string;
  foundAt: number;
  amount: number | null;
  email: string | null;
  gatewayOrderId: string | null;
};

/** What the reconciliation flagged and nobody has resolved yet, newest first (admins, /admin/transactions). */
export async function reconciliationFlags(ctx: DomainContext, limit = 50): Promise<ReconciliationFlag[]> {
  requireRole(ctx.actor, ACCESS.admin, RECONCILIATION_MESSAGES.onlyAdmins);
  const { results } = await ctx.db
    .prepare(
      `SELECT f.gateway_payment_id AS gatewayPaymentId, f.payment_id AS paymentId, f.kind, f.gateway_status AS gatewayStatus, f.message, f.found_at AS foundAt,
              p.amount, u.email, p.gateway_order_id AS gatewayOrderId
       FROM payment_reconciliation_flags f LEFT JOIN payments p ON p.id = f.payment_id LEFT JOIN users u ON u.id = p.user_id
       WHERE f.resolved_at IS NULL
       ORDER BY f.found_at DESC, f.gateway_payment_id LIMIT ?`,
    )
    .bind(limit)
    .all<ReconciliationFlag>();
  return results;
}

/**
 * An admin marks a flag resolved with a note saying what they found or did (page and API): one
 * batch sets it resolved and writes the audit entry (action "payment.resolve-flag", the note as
 * the reason). Unknown: 404; resolved already: 409, and nothing changes.
 */
export async function resolveReconciliationFlag(ctx: DomainContext, gatewayPaymentId: string, input: unknown): Promise<{ message: string }> {
  requireRole(ctx.actor, ACCESS.admin, RECONCILIATION_MESSAGES.onlyAdmins);
  const { note } = parseInput(resolveFlagInput, input);
  const row =
    gatewayPaymentId.length <= 64
      ? await ctx.db
          .prepare("SELECT kind, gateway_status AS gatewayStatus, resolved_at AS resolvedAt FROM payment_reconciliation_flags WHERE gateway_payment_id = ?")
          .bind(gatewayPaymentId)
          .first<{ kind: FlagKind; gatewayStatus: string; resolvedAt: number | null }>()
      : null;
  if (!row) throw new NotFound(RECONCILIATION_MESSAGES.noFlag);
  if (row.resolvedAt !== null) throw new Conflict(RECONCILIATION_MESSAGES.alreadyResolved);
  const [update] = await ctx.db.batch([
    ctx.db
      .prepare("UPDATE payment_reconciliation_flags SET resolved_at = ?, resolution_note = ? WHERE gateway_payment_id = ? AND resolved_at IS NULL")
      .bind(ctx.now, note, gatewayPaymentId),
    auditEntry(
      ctx,
      {
        action: "payment.resolve-flag",
        subject: { type: "payment", id: gatewayPaymentId },
        summary: `Resolved the reconciliation flag on ${gatewayPaymentId} (${row.kind}, ${row.gatewayStatus} at the gateway)`,
        reason: note,
        before: { resolved: false },
        after: { resolved: true },
      },
      { ifChanged: true },
    ),
  ]);
  // Resolved by another admin between the read and the batch: nothing changed, no entry written.
  if (!update!.meta.changes) throw new Conflict(RECONCILIATION_MESSAGES.alreadyResolved);
  return { message: RECONCILIATION_MESSAGES.resolved };
}
