import type { Env } from "#functions/env.ts";
import { INVOCATION_QUERY_BUDGET, isQueryBudgetSpent, meteredDatabase, type QueryBudget } from "#domain/core/index.ts";
import { log } from "#platform/log.ts";
import { eventRecorderFor } from "#platform/analytics.ts";
import type { CronJob } from "./index.ts";

/**
 * Scheduled jobs within one invocation's D1 queries (issue 31; Workers Free allows 50). Every job
 * of a cron run, and every continuation, runs on a metered database (domain/core/query-budget.ts):
 * the invocation's calls are counted, and the call past INVOCATION_QUERY_BUDGET is not made
 * (QueryBudgetSpent). Such a job is not failed: the rest of it goes on the jobs queue (JOB_QUEUE,
 * `mandap-jobs`) as a JobMessage, and the queue's consumer runs it in a new invocation with a new
 * budget, and so on until it is done. A job starts over in each part, so every job must be
 * resumable: each write one atomic D1 batch, each step selecting only what is still to do (a
 * marker row, a status), so that a part never does again what an earlier one did.
 *
 * Each invocation logs "cron invocation" with its D1 calls and the rows they read and wrote, per job
 * (the bench reads it: a job's whole cost is the sum over its parts, as each part's own report
 * counts only that part). Without
 * a JOB_QUEUE binding the parts run one after another in the same invocation (and say so).
 */

/** The rest of a job: which cron's job, at which scheduled moment, and its part number (the cron's own run is part 0). */
export type JobMessage = { cron: string; job: string; now: number; part: number };

export const JOB_QUEUE_NAME = "mandap-jobs";

/** Parts after which a job is given up (a job that never finishes is a bug; at 45 calls a part this is 22,500 D1 calls). */
export const JOB_MAX_PARTS = 500;

/** One job's part in one invocation: its D1 calls and the rows D1 reported they read and wrote. */
export type JobSlice = { name: string; ok: boolean; done: boolean; queries: number; rowsRead: number; rowsWritten: number; error?: string };

const newBudget = (limit = INVOCATION_QUERY_BUDGET): QueryBudget => ({ limit, used: 0 });

/**
 * One part of a job on a metered database sharing `budget`; when the budget runs out the rest is
 * put on the jobs queue (or, without one, run at once in further parts). Never throws for the job's
 * own failure: `ok: false` with the error (logged as "cron job failed").
 */
export async function runJobSlice(job: CronJob, env: Env, message: JobMessage, budget: QueryBudget = newBudget()): Promise<JobSlice> {
  const tally = { calls: 0, rowsRead: 0, rowsWritten: 0 };
  const metered: Env = { ...env, DB: meteredDatabase(env.DB, budget, tally) };
  const clock = job.purge ? Math.min(message.now, Date.now()) : message.now;
  const cost = () => ({ queries: tally.calls, rowsRead: tally.rowsRead, rowsWritten: tally.rowsWritten });
  try {
    await job.run(metered, clock);
    return { name: job.name, ok: true, done: true, ...cost() };
  } catch (err) {
    if (!isQueryBudgetSpent(err)) {
      log.error("cron job failed", { job: job.name, part: message.part }, err);
      return { name: job.name, ok: false, done: false, ...cost(), error: err instanceof Error ? err.message : String(err) };
    }
    const next: JobMessage = { ...message, part: message.part + 1 };
    if (next.part >= JOB_MAX_PARTS) {
      const error = `still not done after ${JOB_MAX_PARTS} invocations of ${budget.limit} D1 queries`;
      log.error("cron job failed", { job: job.name, part: message.part, error });
      return { name: job.name, ok: false, done: false, ...cost(), error };
    }
    if (env.JOB_QUEUE) {
      await env.JOB_QUEUE.send(next, { contentType: "json" });
      return { name: job.name, ok: true, done: false, ...cost() };
    }
    // No jobs queue: the next part at once, in this invocation, with a budget of its own.
    log.info("cron job continues in this invocation (no JOB_QUEUE binding)", { job: job.name, part: next.part, queries: tally.calls });
    const rest = await runJobSlice(job, env, next);
    return { ...rest, queries: tally.calls + rest.queries, rowsRead: tally.rowsRead + rest.rowsRead, rowsWritten: tally.rowsWritten + rest.rowsWritten };
  }
}

/**
 * The jobs queue's consumer: each message is the rest of one job, run in this invocation with a
 * new budget (max_batch_size 1 gives each its own invocation). A part that fails is retried by the
 * queue; a message naming no known job is dropped, logged.
 */
export async function consumeJobBatch(
  batch: MessageBatch<unknown>,
  env: Env,
  findJob: (cron: string, name: string) => CronJob | undefined,
  /** D1 calls each message's invocation may make. */
  queryBudget = INVOCATION_QUERY_BUDGET,
): Promise<JobSlice[]> {
  const slices: JobSlice[] = [];
  const writes: Promise<unknown>[] = [];
  const events = eventRecorderFor(env, (work) => void writes.push(work));
  for (const m of batch.messages) {
    const body = m.body as Partial<JobMessage> | null;
    const job = body && typeof body.cron === "string" && typeof body.job === "string" ? findJob(body.cron, body.job) : undefined;
    if (!job || typeof body?.now !== "number" || typeof body.part !== "number") {
      log.error("jobs queue message names no known job (dropped)", { queueMessageId: m.id, body: JSON.stringify(m.body).slice(0, 200) });
      m.ack();
      continue;
    }
    const budget = newBudget(queryBudget);
    const started = Date.now();
    const slice = await runJobSlice(job, env, body as JobMessage, budget);
    // A continuation is a job run too (the key event the cron's own run writes).
    events.record({ event: "job_run", labels: [job.name, slice.ok ? "ok" : "failed", body.cron], values: [Date.now() - started] });
    log.info("cron invocation", { cron: body.cron, part: body.part, queries: budget.used, jobs: [slice] });
    slices.push(slice);
    if (slice.ok) m.ack();
    else m.retry();
  }
  await Promise.all(writes);
  return slices;
}
