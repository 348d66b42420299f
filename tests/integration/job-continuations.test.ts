import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import testWorker from "#functions/test-entry.ts";
import wranglerConfig from "../../wrangler.jsonc?raw";
import type { Env } from "#functions/env.ts";
import { findJob, runScheduled, WEEKLY, type CronJob } from "#functions/cron/index.ts";
import { consumeJobBatch, JOB_QUEUE_NAME, runJobSlice, type JobMessage, type JobSlice } from "#functions/cron/continuations.ts";
import { INVOCATION_QUERY_BUDGET, meteredDatabase, QueryBudgetSpent } from "#domain/core/index.ts";
import { WEEKLY_SUMMARY_PAGE } from "#domain/enquiries/index.ts";
import { loggedEvents } from "#tests/support/logs.ts";

/**
 * Scheduled jobs within one invocation's D1 queries (issue 31: Workers Free allows 50): every
 * invocation runs on a metered database, the call past the budget is not made, and the rest of
 * the job goes on the jobs queue, whose consumer continues it with a new budget until it is done.
 * Asserted: what each invocation cost, that the job finishes, and that no item is done twice.
 */

/** A jobs-queue producer that keeps what was sent. */
function recordingJobQueue() {
  const sent: JobMessage[] = [];
  const queue = {
    async send(body: JobMessage) {
      sent.push(body);
    },
    async sendBatch(messages: Iterable<MessageSendRequest<JobMessage>>) {
      for (const m of messages) sent.push(m.body);
    },
  } as unknown as Queue<JobMessage>;
  return { queue, sent };
}

/** The Worker without its queues (no mail queue: the mails stay in the outbox), with a recording jobs queue. */
const jobsEnv = (queue: Queue<JobMessage>) =>
  ({ DB: env.DB, MEDIA: env.MEDIA, APP_ENV: env.APP_ENV, CONTACT_PHONE: env.CONTACT_PHONE, MAIL_FROM: env.MAIL_FROM, JOB_QUEUE: queue }) as Env;

afterEach(() => vi.restoreAllMocks());

describe("the metered database", () => {
  it("counts a query and a batch once each and does not make the call past the budget", async () => {
    const budget = { limit: 2, used: 0 };
    const tally = { calls: 0 };
    const db = meteredDatabase(env.DB, budget, tally);
    const id = `metered-${Date.now()}`;
    await db.prepare("SELECT 1").first();
    await db.batch([db.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES (?, 1, 0)").bind(id), db.prepare("SELECT 1")]);
    await expect(db.prepare("DELETE FROM rate_limits WHERE key = ?").bind(id).run()).rejects.toBeInstanceOf(QueryBudgetSpent);
    expect({ budget, tally }).toEqual({ budget: { limit: 2, used: 2 }, tally: { calls: 2 } });
    // The refused DELETE was never made.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key = ?").bind(id).first("n")).toBe(1);
  });

  it("counts the rows D1 reports read and written, in a query and in a batch, where the tally asks for them", async () => {
    const tally = { calls: 0, rowsRead: 0, rowsWritten: 0 };
    const db = meteredDatabase(env.DB, { limit: 5, used: 0 }, tally);
    const id = `metered-rows-${Date.now()}`;
    await db.batch([
      db.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES (?, 1, 0)").bind(id),
      db.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES (?, 1, 0)").bind(`${id}-b`),
    ]);
    const written = tally.rowsWritten;
    expect(written).toBeGreaterThanOrEqual(2);
    await db.prepare("DELETE FROM rate_limits WHERE key LIKE ?").bind(`${id}%`).run();
    expect(tally.rowsWritten).toBeGreaterThanOrEqual(written + 2);
    expect(tally.rowsRead).toBeGreaterThan(0);
    expect(tally.calls).toBe(2);
  });
});

describe("a scheduled run past its budget", () => {
  it("is not failed: the job's rest goes on the jobs queue, and the invocation stayed within its D1 queries", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const { queue, sent } = recordingJobQueue();
    const greedy: CronJob = {
      name: "greedy",
      run: async (e) => {
        for (let i = 0; i < 100; i++) await e.DB.prepare("SELECT 1").first();
      },
    };
    const small: CronJob = { name: "small", run: async (e) => void (await e.DB.prepare("SELECT 1").first()) };
    const now = Date.now();
    expect(await runScheduled("test", jobsEnv(queue), now, [small, greedy])).toEqual([
      { name: "small", ok: true },
      { name: "greedy", ok: true },
    ]);
    expect(sent).toEqual([{ cron: "test", job: "greedy", now, part: 1 }]);
    const invocation = loggedEvents(info).find((l) => l.event === "cron invocation");
    expect(invocation).toMatchObject({ cron: "test", part: 0, queries: INVOCATION_QUERY_BUDGET });
    expect((invocation!.jobs as JobSlice[]).map((j) => [j.name, j.done])).toEqual([
      ["small", true],
      ["greedy", false],
    ]);
  });
});

describe("a job split over invocations", () => {
  it("the weekly summaries for more vendors than one invocation may read: finished over several, each vendor mailed once", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const tag = `jc${Date.now().toString(36)}`;
    const vendors = 2 * WEEKLY_SUMMARY_PAGE + 20;
    const now = Date.now();
    // Vendors who want the summary and have a service (one statement each kind).
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1)
         INSERT INTO users (id, email, user_name, role, is_verified, created_at, updated_at)
         SELECT ?2 || '-' || printf('%04d', i), ?2 || '-' || i || '@test.example', 'Vendor ' || i, 'VENDOR', 1, ?3, ?3 FROM n`,
      ).bind(vendors, tag, now),
      env.DB.prepare(
        `INSERT INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at)
         SELECT id, id, 'Business ' || id, 'Rajasthan', 'Jaipur', ?2, ?2 FROM users WHERE id LIKE ?1 || '-%'`,
      ).bind(tag, now),
      env.DB.prepare(
        `INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, status, created_at, updated_at)
         SELECT 's-' || user_id, user_id, 'Feast', 'A service.', 'Wedding Vendor', 'Caterers', 1000, 'Per Plate', 'Rajasthan', 'Jaipur', 'active', ?2, ?2
         FROM vendors WHERE user_id LIKE ?1 || '-%'`,
      ).bind(tag, now),
      env.DB.prepare(
        "INSERT INTO vendor_notification_prefs (vendor_id, weekly_summary, updated_at) SELECT user_id, 1, ?2 FROM vendors WHERE user_id LIKE ?1 || '-%'",
      ).bind(tag, now),
    ]);
    // A week of its own, far ahead, so no other test's vendors share it.
    const at = Date.parse("2031-03-03T02:30:00Z");
    const job = findJob(WEEKLY, "weekly-vendor-summaries")!;
    const { queue, sent } = recordingJobQueue();
    const jobEnv = jobsEnv(queue);
    // A small budget per invocation (a page costs three calls), so that the job needs several.
    const budget = 4;
    const slices = [await runJobSlice(job, jobEnv, { cron: WEEKLY, job: job.name, now: at, part: 0 }, { limit: budget, used: 0 })];
    while (sent.length) {
      const message = sent.shift()!;
      const batch = createMessageBatch<JobMessage>(JOB_QUEUE_NAME, [{ id: `part-${message.part}`, timestamp: Date.now(), attempts: 1, body: message }]);
      slices.push(...(await consumeJobBatch(batch as MessageBatch<unknown>, jobEnv, findJob, budget)));
    }
    expect(slices.length).toBeGreaterThanOrEqual(3);
    expect(slices.every((s) => s.ok && s.queries <= budget)).toBe(true);
    expect(slices.at(-1)).toMatchObject({ done: true });
    const perVendor = await env.DB.prepare(
      `SELECT v.user_id, (SELECT count(*) FROM outbox o WHERE o.to_address = u.email AND o.subject LIKE 'Your week on Mandap%') AS mails,
         (SELECT count(*) FROM vendor_weekly_summaries w WHERE w.vendor_id = v.user_id) AS markers
       FROM vendors v JOIN users u ON u.id = v.user_id WHERE v.user_id LIKE ?1 || '-%'`,
    )
      .bind(tag)
      .all<{ mails: number; markers: number }>();
    expect(perVendor.results).toHaveLength(vendors);
    expect(perVendor.results.every((r) => r.mails === 1 && r.markers === 1)).toBe(true);
    // Each part says what it read and wrote (the job's own report, logged by its last part, counts
    // only that part): every part read, and over the parts at least each vendor's mail and marker were written.
    expect(slices.every((s) => s.rowsRead > 0)).toBe(true);
    expect(slices.reduce((sum, s) => sum + s.rowsWritten, 0)).toBeGreaterThanOrEqual(2 * vendors);
    expect(slices.slice(0, -1).reduce((sum, s) => sum + s.rowsWritten, 0)).toBeGreaterThan(0);
  });

  it("the jobs queue's consumer drops a message naming no job, and the queues are declared in wrangler.jsonc", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const batch = createMessageBatch<unknown>(JOB_QUEUE_NAME, [
      { id: "bogus", timestamp: Date.now(), attempts: 1, body: { cron: "nope", job: "nope", now: 1, part: 1 } },
    ]);
    const ctx = createExecutionContext();
    await testWorker.queue(batch as MessageBatch<unknown>, env as Env, ctx);
    const producers = [...wranglerConfig.matchAll(/"binding":\s*"JOB_QUEUE",\s*"queue":\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(producers).toEqual([JOB_QUEUE_NAME, JOB_QUEUE_NAME]);
    expect([...wranglerConfig.matchAll(new RegExp(`\\{\\s*"queue":\\s*"${JOB_QUEUE_NAME}",\\s*"max_batch_size":\\s*1,`, "g"))]).toHaveLength(2);
  });
});
