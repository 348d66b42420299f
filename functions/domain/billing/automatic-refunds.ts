import { type DomainContext, Conflict, isQueryBudgetSpent } from "../core/index.ts";
import { GatewayUnavailable } from "./payment-records.ts";
import { REFUND_MESSAGES, refundAutomatically } from "./refunds.ts";
import { log } from "#platform/log.ts";

/**
 * Refunds nobody asks for by hand (issue 30, docs/decisions/0043-refunds.md): a payment that
 * arrived after its order expired (REFUND_DUE) and a second paid order for a design the couple
 * already owned. Both are refunded in full through the one refund path an admin uses (refunds.ts).
 *
 * - Owed once: `automaticRefundStatement` goes in the batch that records the payment (the late
 *   payment's REFUND_DUE, the duplicate's credit), conditioned on what that batch wrote, with the
 *   payment as primary key: however many callbacks and webhooks arrive, one row, one refund.
 * - Asked at once (`runAutomaticRefund`, after the batch) and, when the gateway cannot be reached
 *   or refuses, kept with the reason and retried by the 5-minute cron (`retryAutomaticRefunds`)
 *   with back-off, never given up: admins see the attempts and the last error on the payment's row
 *   at /admin/transactions, and may refund it themselves (the next attempt then finds nothing left
 *   and closes the row).
 * - A refund the gateway took (pending) and later reports failed (refund.failed) owes the refund
 *   again (`reopenAutomaticRefund`, in the batch that records the failure): admins see it not made,
 *   the payment is refundable again, and the cron asks once more after the back-off.
 */

/** The first retry after this long, doubling per attempt up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 5 * 60_000;
const RETRY_MAX_MS = 6 * 60 * 60_000;
/** Rows the 5-minute cron attempts per run (each is a few D1 calls and one gateway call). */
const RETRY_BATCH = 10;

export const retryDelay = (attempts: number) => Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));

/**
 * The INSERT that owes a payment's automatic refund, for the batch that records the payment: only
 * when `condition` holds once the batch's earlier statements ran (what they wrote says the money
 * bought nothing), and once per payment.
 */
export function automaticRefundStatement(ctx: DomainContext, paymentId: string, reason: string, condition: { sql: string; binds: unknown[] }) {
  return ctx.db
    .prepare(
      `INSERT INTO payment_automatic_refunds (payment_id, reason, attempts, next_attempt_at, created_at)
       SELECT ?, ?, 0, ?, ? WHERE ${condition.sql} ON CONFLICT (payment_id) DO NOTHING`,
    )
    .bind(paymentId, reason.slice(0, 300), ctx.now, ctx.now, ...condition.binds);
}

/**
 * For the batch that records a refund as failed at the gateway (refunds.ts settleRefund): the
 * payment's owed automatic refund, closed when the gateway took that refund, is owed again (an
 * attempt more, the gateway's reason, the next attempt after the back-off), unless the payment's
 * other refunds leave nothing to refund. Runs right after the refund's UPDATE and only when that
 * changed it (`changes()`), so the failed refund no longer counts and two deliveries of the failure
 * count one attempt. An open row (the failure arrived before the asking request closed it) is
 * brought up to date the same way, and that request then leaves it open.
 */
export function reopenAutomaticRefund(ctx: DomainContext, paymentId: string, why: string) {
  return ctx.db
    .prepare(
      `UPDATE payment_automatic_refunds
       SET refunded_at = NULL, attempts = attempts + 1, last_error = ?2,
           next_attempt_at = ?3 + MIN(?4, ?5 * (1 << MIN(attempts, 16)))
       WHERE payment_id = ?1 AND changes() > 0
         AND (SELECT COALESCE(SUM(amount), 0) FROM payment_refunds WHERE payment_id = ?1 AND status IN ('PENDING', 'PROCESSED'))
           < (SELECT amount FROM payments WHERE id = ?1)`,
    )
    .bind(paymentId, why.slice(0, 300), ctx.now, RETRY_MAX_MS, RETRY_FIRST_MS);
}

export type AutomaticRefundOutcome = "refunded" | "nothing-owed" | "retrying" | "busy";

/**
 * Asks the gateway for a payment's owed refund (in full, through the admins' refund path). Made or
 * nothing left to refund: the row is closed. The gateway down or refusing: attempts, the reason and
 * the next attempt are recorded for the cron and for admins. Another refund of the payment being
 * made right now: left as it is (the cron looks again).
 */
export async function runAutomaticRefund(ctx: DomainContext, paymentId: string): Promise<AutomaticRefundOutcome> {
  const owed = await ctx.db
    .prepare("SELECT reason, attempts FROM payment_automatic_refunds WHERE payment_id = ? AND refunded_at IS NULL")
    .bind(paymentId)
    .first<{ reason: string; attempts: number }>();
  if (!owed) return "nothing-owed";
  // Closed when the gateway holds refunds (asked or made) of all of the payment: a refund it reports
  // failed before this UPDATE ran (its webhook can come first) no longer counts, and the row stays owed.
  const close = async () =>
    (
      await ctx.db
        .prepare(
          `UPDATE payment_automatic_refunds SET refunded_at = ?2, last_error = NULL WHERE payment_id = ?1 AND refunded_at IS NULL
             AND (SELECT COALESCE(SUM(amount), 0) FROM payment_refunds WHERE payment_id = ?1 AND status IN ('PENDING', 'PROCESSED'))
               >= (SELECT amount FROM payments WHERE id = ?1)`,
        )
        .bind(paymentId, ctx.now)
        .run()
    ).meta.changes > 0;
  try {
    await refundAutomatically(ctx, paymentId, owed.reason);
    return (await close()) ? "refunded" : "retrying";
  } catch (e) {
    if (isQueryBudgetSpent(e)) throw e;
    if (e instanceof Conflict && e.message === REFUND_MESSAGES.busy) return "busy";
    // Refunded already (an admin did it from /admin/transactions; the payment is then REFUNDED, or
    // has nothing left): nothing is owed any more.
    if (e instanceof Conflict && (await close())) return "refunded";
    const why = e instanceof Error ? e.message : String(e);
    if (!(e instanceof GatewayUnavailable) && !(e instanceof Conflict)) log.error("payments: an automatic refund failed", { paymentId }, e);
    else log.warn("payments: an automatic refund could not be made; the 5-minute cron retries it", { paymentId, why });
    const attempts = owed.attempts + 1;
    await ctx.db
      .prepare("UPDATE payment_automatic_refunds SET attempts = ?, last_error = ?, next_attempt_at = ? WHERE payment_id = ? AND refunded_at IS NULL")
      .bind(attempts, why.slice(0, 300), ctx.now + retryDelay(attempts), paymentId)
      .run();
    return "retrying";
  }
}

/** The 5-minute cron: the owed refunds whose next attempt is due, oldest first. */
export async function retryAutomaticRefunds(ctx: DomainContext): Promise<{ due: number; refunded: number; retrying: number }> {
  const { results } = await ctx.db
    .prepare(
      "SELECT payment_id AS paymentId FROM payment_automatic_refunds WHERE refunded_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?",
    )
    .bind(ctx.now, RETRY_BATCH)
    .all<{ paymentId: string }>();
  const run = { due: results.length, refunded: 0, retrying: 0 };
  for (const { paymentId } of results) {
    const outcome = await runAutomaticRefund(ctx, paymentId);
    if (outcome === "refunded") run.refunded++;
    else if (outcome === "retrying") run.retrying++;
  }
  if (run.due) log.info("payments: automatic refunds retried", run);
  return run;
}
