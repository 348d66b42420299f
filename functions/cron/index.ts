import type { Env } from "#functions/env.ts";
import { purgeExpiredAuth } from "#domain/accounts/index.ts";
import { purgeExpiredIdempotencyKeys, purgeOldRecords } from "#domain/core/index.ts";
import { dropMovedCopies, moveWeddingsToStores, purgeOldActivity } from "#domain/weddings/index.ts";
import { weddingStoresFor } from "#functions/stores/wedding-store/index.ts";
import { sendWeeklySummaries } from "#domain/enquiries/index.ts";
import { retryAutomaticRefunds, runDailyReconciliation, runDailySubscriptionJob } from "#domain/billing/index.ts";
import { sendPlanningReminders } from "#domain/planning/index.ts";
import { sendRsvpSummaries } from "#domain/guests/index.ts";
import { createDomainContext, domainConfig } from "#functions/domain-context.ts";
import { deliverDueMail, enqueueMail, sweepUnqueuedMail, transportFor } from "#platform/mail.ts";
import { runGatewayHousekeeping } from "#platform/payments.ts";
import { log } from "#platform/log.ts";
import { eventRecorderFor } from "#platform/analytics.ts";
import { INVOCATION_QUERY_BUDGET, isQueryBudgetSpent } from "#domain/core/index.ts";
import { runJobSlice } from "./continuations.ts";

/**
 * A scheduled job: one cron expression in wrangler.jsonc, one or more jobs. A `purge` deletes what
 * is stale, so it never runs ahead of the real clock: /dev/cron "as of" a later date moves the
 * other jobs' clock, but a purge run then would end every live session and token (issue 28).
 */
export type CronJob = { name: string; run: (env: Env, now: number) => Promise<unknown>; purge?: true };

/** Daily housekeeping at 03:00 IST. Later areas add their jobs here. */
export const DAILY = "30 21 * * *";
/** Mail: rows that never reached the mail queue go on it (without a queue: delivery and retries here). */
export const EVERY_FIVE_MINUTES = "*/5 * * * *";
/** Monday 02:30 UTC, 08:00 in India: the vendors' weekly summary mails (put on the mail queue). */
export const WEEKLY = "30 2 * * 1";
/** Every day 02:30 UTC, 08:00 in India: the couples' planning reminder digests (put on the mail queue). */
export const PLANNING_MORNING = "30 2 * * *";

/** Where links in mails sent without a request (cron) point: SITE_ORIGIN, or the local server. */
export const siteOrigin = (env: Pick<Env, "SITE_ORIGIN">) => (env.SITE_ORIGIN ?? "http://localhost:8787").replace(/\/+$/, "");

/**
 * With the mail queue (MAIL_QUEUE): puts on it the rows that never reached it; the queue's consumer
 * delivers and retries, and its dead-letter queue records what was given up (functions/platform/mail.ts).
 * Without it, delivers the outbox's due messages itself. Fails (after attempting every due message) when a message
 * was given up in this run, or when messages were attempted and the transport accepted none (it is
 * down or misconfigured), so the invocation is recorded as failed; single retryable failures are
 * only logged (functions/platform/mail.ts) and retried with back-off.
 */
export async function deliverMailJob(env: Env, now: number) {
  if (env.MAIL_QUEUE) return { enqueued: await sweepUnqueuedMail(env.DB, env.MAIL_QUEUE, now) };
  const run = await deliverDueMail(env.DB, transportFor(env), env.MAIL_FROM, now);
  const problems: string[] = [];
  if (run.failed.length) problems.push(`${run.failed.length} message(s) failed for good: ${run.failed.map((f) => `${f.id} (${f.error})`).join("; ")}`);
  if (run.attempted > 0 && run.sent + run.stored === 0 && run.retrying > 0)
    problems.push(`the transport accepted none of ${run.attempted} message(s); ${run.retrying} will be retried`);
  if (problems.length) throw new Error(`mail delivery: ${problems.join("; ")}`);
  return run;
}

/** Puts the ids of mails a job wrote on the mail queue (none: the 5-minute cron delivers them). A refusal is logged and left to the cron's sweep. */
export function mailHandOff(env: Env) {
  const queue = env.MAIL_QUEUE;
  if (!queue) return undefined;
  return async (ids: readonly string[]) => {
    try {
      await enqueueMail(env.DB, queue, ids, Date.now());
    } catch (e) {
      if (isQueryBudgetSpent(e)) throw e;
      log.error("mail could not be put on the queue (the cron puts it there)", { count: ids.length }, e);
    }
  };
}

export const jobsBySchedule: Record<string, CronJob[]> = {
  [DAILY]: [
    {
      name: "purge-expired-rate-limits",
      purge: true,
      run: (env, now) =>
        env.DB.prepare("DELETE FROM rate_limits WHERE window_start < ? AND (locked_until IS NULL OR locked_until < ?)")
          .bind(now - 86_400_000, now)
          .run(),
    },
    { name: "purge-expired-sessions-and-tokens", purge: true, run: (env, now) => purgeExpiredAuth(env.DB, now) },
    // Idempotency keys and page forms' one-time tokens past their day (functions/domain/core/idempotency.ts).
    { name: "purge-expired-idempotency-keys", purge: true, run: (env, now) => purgeExpiredIdempotencyKeys(env.DB, now) },
    // Copies of sent mail, the gateway's messages and blog read marks past their time (the privacy policy's section 7).
    { name: "purge-old-records", purge: true, run: (env, now) => purgeOldRecords(env.DB, now) },
    // Weddings' activity entries past their year (issue 33, functions/domain/weddings/activity.ts).
    { name: "purge-old-wedding-activity", purge: true, run: (env, now) => purgeOldActivity({ db: env.DB, now }) },
    // Weddings still in D1 moved to their own stores, one after another (issue 33, docs/decisions/0066 "Moving every wedding"): only where
    // the deployer turned it on (WEDDING_MOVES = "on"), as a moved wedding cannot yet do everything one in D1 can.
    {
      name: "move-weddings-to-stores",
      run: async (env, now) => {
        if (env.WEDDING_MOVES !== "on") return { off: true };
        const run = await moveWeddingsToStores({ db: env.DB, stores: weddingStoresFor(env), now });
        log.info("weddings moved to their stores", { run: { moved: run.moved.length, failed: run.failed, storeCalls: run.storeCalls } });
        return run;
      },
    },
    // A week after a wedding moved, D1's copy of its guest list (frozen at the move) is deleted (docs/decisions/0066 "D1's copy goes
    // after a week"): only where moves are on, and only when the wedding's store holds the move's copy.
    {
      name: "drop-moved-copies",
      run: async (env, now) => {
        if (env.WEDDING_MOVES !== "on") return { off: true };
        const run = await dropMovedCopies({ db: env.DB, stores: weddingStoresFor(env), now });
        log.info("moved weddings' copies dropped from D1", { run: { dropped: run.dropped.length, kept: run.kept, storeCalls: run.storeCalls } });
        return run;
      },
    },
    // Abandoned orders, expiry with plan limits, and the 7/3/1-day reminders (docs/decisions/0019-plan-limits.md).
    {
      name: "subscriptions",
      run: async (env, now) => {
        const run = await runDailySubscriptionJob(env.DB, {
          origin: siteOrigin(env),
          now,
          freeActiveServices: domainConfig(env).freeActiveServices,
          handOff: mailHandOff(env),
        });
        // What it did and what it cost (D1 calls, rows read and written): the Worker's logs, and tests/bench/daily-job.mjs.
        log.info("daily subscription job", { run });
        return run;
      },
    },
    // The gateway's payments since yesterday (India) against ours (issue 30): lost credits credited once, mismatches flagged to admins.
    {
      name: "payment-reconciliation",
      run: (env, now) => runDailyReconciliation(createDomainContext(env, null, new Request(siteOrigin(env)), null, now)),
    },
  ],
  [EVERY_FIVE_MINUTES]: [
    { name: "deliver-mail", run: deliverMailJob },
    // The sandbox payment gateway's webhook retries (Razorpay retries its own: nothing to do there).
    { name: "payment-gateway-webhooks", run: (env, now) => runGatewayHousekeeping(env, now) },
    // Refunds owed by themselves (a late payment, a design paid for twice) that the gateway could not make at once (issue 30).
    {
      name: "automatic-refunds",
      run: (env, now) => retryAutomaticRefunds(createDomainContext(env, null, new Request(siteOrigin(env)), null, now)),
    },
  ],
  [WEEKLY]: [
    {
      name: "weekly-vendor-summaries",
      run: async (env, now) => {
        const run = await sendWeeklySummaries(env.DB, siteOrigin(env), now, mailHandOff(env), domainConfig(env).mailLinkSecret);
        // What this part mailed (a run past one invocation's D1 queries ends in a continuation): the Worker's logs, and tests/bench/weekly-summary.mjs.
        log.info("weekly vendor summaries", { run: { week: run.week, mailed: run.mailed.length } });
        return run;
      },
    },
  ],
  // Once per couple per India day (docs/decisions/0023-planning-reminders.md); a rerun the same day sends nothing more.
  [PLANNING_MORNING]: [
    {
      name: "planning-reminders",
      run: async (env, now) => {
        const run = await sendPlanningReminders(env.DB, {
          origin: siteOrigin(env),
          now,
          handOff: mailHandOff(env),
          linkSecret: domainConfig(env).mailLinkSecret,
          stores: weddingStoresFor(env),
        });
        // What it did and what it cost: the Worker's logs, and tests/bench/planning.mjs.
        log.info("planning reminders", { run });
        return run;
      },
    },
    // Couples who opted in to WhatsApp: how their guests answered, when some answered since the last summary (issue 32).
    {
      name: "rsvp-whatsapp-summaries",
      run: async (env, now) => {
        const run = await sendRsvpSummaries(env.DB, {
          origin: siteOrigin(env),
          now,
          linkSecret: domainConfig(env).mailLinkSecret,
          handOff: mailHandOff(env),
          stores: weddingStoresFor(env),
        });
        log.info("rsvp whatsapp summaries", { run });
        return run;
      },
    },
  ],
};

export type JobResult = { name: string; ok: boolean; error?: string };

/** Thrown by runScheduled when any job failed; carries every job's result. */
export class CronFailure extends Error {
  readonly cron: string;
  readonly results: JobResult[];
  constructor(cron: string, results: JobResult[]) {
    const failed = results.filter((r) => !r.ok);
    super(`cron "${cron}": ${failed.length} of ${results.length} job(s) failed: ${failed.map((r) => `${r.name}: ${r.error}`).join(" | ")}`);
    this.cron = cron;
    this.results = results;
    this.name = "CronFailure";
  }
}

/**
 * Runs every job of a cron expression. One failing job does not stop the others, but the run fails
 * loudly: each failure is logged with its error and, once all jobs have run, a CronFailure is
 * thrown so Cloudflare records the invocation as failed. An expression with no jobs (wrangler.jsonc
 * and this table disagree) fails too. The jobs share the invocation's D1 budget (45 calls): a job
 * that reaches it is not failed, its rest runs on the jobs queue (continuations.ts), so every job
 * must be resumable.
 */
export async function runScheduled(cron: string, env: Env, now = Date.now(), jobs: CronJob[] | undefined = jobsBySchedule[cron]): Promise<JobResult[]> {
  if (!jobs?.length) throw new CronFailure(cron, [{ name: "(none)", ok: false, error: `no jobs are registered for cron "${cron}"` }]);
  // One budget of D1 queries for the whole invocation; a job that reaches it continues on the jobs queue (continuations.ts).
  const budget = { limit: INVOCATION_QUERY_BUDGET, used: 0 };
  // Each job's run is a key event (job name, ok or failed, milliseconds): a failed run shows as failed there too.
  const writes: Promise<unknown>[] = [];
  const events = eventRecorderFor(env, (work) => void writes.push(work));
  const slices = await Promise.all(
    jobs.map(async (job) => {
      const started = Date.now();
      const slice = await runJobSlice(job, env, { cron, job: job.name, now, part: 0 }, budget);
      events.record({ event: "job_run", labels: [job.name, slice.ok ? "ok" : "failed", cron], values: [Date.now() - started] });
      return slice;
    }),
  );
  await Promise.all(writes);
  log.info("cron invocation", { cron, part: 0, queries: budget.used, jobs: slices });
  const results = slices.map((s): JobResult => (s.ok ? { name: s.name, ok: true } : { name: s.name, ok: false, error: s.error }));
  if (results.some((r) => !r.ok)) throw new CronFailure(cron, results);
  return results;
}

/** The job a jobs-queue message names (functions/cron/continuations.ts). */
export const findJob = (cron: string, name: string) => jobsBySchedule[cron]?.find((j) => j.name === name);
