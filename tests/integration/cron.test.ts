import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import testWorker from "#functions/test-entry.ts";
import wranglerConfig from "../../wrangler.jsonc?raw";
import { CronFailure, DAILY, EVERY_FIVE_MINUTES, jobsBySchedule, runScheduled, type CronJob } from "#functions/cron/index.ts";
import type { Env } from "#functions/env.ts";
import { MAIL_MAX_ATTEMPTS, queueMail } from "#platform/mail.ts";
import { loggedEvents } from "#tests/support/logs.ts";

/** Scheduled work: through the Worker's scheduled() handler and through runScheduled. */
const worker = (exports as unknown as { default: { scheduled: (c: ScheduledController) => Promise<void> } }).default;
/** Through the Worker's exported scheduled() handler, as Cloudflare calls it. */
const scheduled = (cron: string, scheduledTime = Date.now()) => worker.scheduled({ cron, scheduledTime, noRetry() {} });
/**
 * The same handler called on the module (the pool's exports wrapper also reports a rejected
 * scheduled() as an unhandled error, which would fail the run): for the invocations that must fail.
 */
const failingScheduled = (cron: string, scheduledTime = Date.now(), workerEnv: Env = env as Env) =>
  testWorker.scheduled(createScheduledController({ cron, scheduledTime }), workerEnv, createExecutionContext());
/** The Worker without a mail queue: the cron delivers the outbox itself (tests/integration/mail-queue.test.ts covers the queue). */
const withoutMailQueue = () => ({ ...pick(env) }) as Env;

let n = 0;
const address = () => `cron-${Date.now()}-${n++}@test.example`;
const statusOf = (to: string) =>
  env.DB.prepare("SELECT status, attempts, error FROM outbox WHERE to_address = ?")
    .bind(to)
    .first<{ status: string; attempts: number; error: string | null }>();

afterEach(() => vi.restoreAllMocks());

describe("the cron triggers", () => {
  it("every trigger in wrangler.jsonc has jobs, and every schedule with jobs is triggered (top level and production)", () => {
    const lists = [...wranglerConfig.matchAll(/"crons"\s*:\s*\[([^\]]*)\]/g)].map((m) => [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]));
    expect(lists).toHaveLength(2);
    for (const crons of lists) expect([...crons].sort()).toEqual(Object.keys(jobsBySchedule).sort());
  });
});

describe("mail delivery every five minutes, without a mail queue", () => {
  it("delivers a message left QUEUED (as the enquiry notice used to be)", async () => {
    const to = address();
    const now = Date.now();
    // As the old code wrote it: QUEUED, no delivery bookkeeping.
    await env.DB.prepare("INSERT INTO outbox (id, to_address, subject, text, status, created_at) VALUES (?, ?, 'New enquiry', 'Hello', 'QUEUED', ?)")
      .bind(`old-${to}`, to, now - 1000)
      .run();
    const { id, statement } = queueMail(env.DB, { to, subject: "Queued in a batch", text: "Hello" }, now);
    await statement.run();
    await runScheduled(EVERY_FIVE_MINUTES, withoutMailQueue(), now);
    const rows = await env.DB.prepare("SELECT id, status, attempts FROM outbox WHERE to_address = ? ORDER BY id").bind(to).all();
    expect(rows.results).toEqual(
      expect.arrayContaining([
        { id: `old-${to}`, status: "STORED", attempts: 1 },
        { id, status: "STORED", attempts: 1 },
      ]),
    );
  });

  it("leaves a message alone until it is due", async () => {
    const to = address();
    const now = Date.now();
    const { statement } = queueMail(env.DB, { to, subject: "Later", text: "Hello" }, now + 60_000);
    await statement.run();
    await runScheduled(EVERY_FIVE_MINUTES, withoutMailQueue(), now);
    expect(await statusOf(to)).toMatchObject({ status: "QUEUED", attempts: 0 });
  });

  it("fails the invocation, logged, when a message is given up (an attempt that died on the last try)", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const to = address();
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO outbox (id, to_address, subject, text, status, attempts, next_attempt_at, error, created_at) VALUES (?, ?, 'Stuck', 'Hello', 'SENDING', ?, ?, 'HTTP 503', ?)",
    )
      .bind(`stuck-${to}`, to, MAIL_MAX_ATTEMPTS, now - 1, now - 3_600_000)
      .run();
    await expect(failingScheduled(EVERY_FIVE_MINUTES, now, withoutMailQueue())).rejects.toThrow(
      /deliver-mail: mail delivery: 1 message\(s\) failed for good: stuck-/,
    );
    expect(await statusOf(to)).toEqual({ status: "FAILED", attempts: MAIL_MAX_ATTEMPTS, error: "HTTP 503; the last delivery attempt did not finish" });
    expect(loggedEvents(errors)).toContainEqual(
      expect.objectContaining({ level: "error", event: "cron job failed", job: "deliver-mail", error: expect.objectContaining({ name: "Error" }) }),
    );
  });

  it("fails when the transport accepts nothing, and succeeds once it does (HTTP API stubbed)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const to = address();
    const now = Date.now();
    const { statement } = queueMail(env.DB, { to, subject: "Hi", text: "Hello" }, now);
    await statement.run();
    let answer = 500;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("down", { status: answer }));
    const httpEnv = { ...pick(env), MAIL_TRANSPORT: "http", MAIL_API_URL: "https://mail-api.test/emails" } as Env;
    const failure = await runScheduled(EVERY_FIVE_MINUTES, httpEnv, now).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CronFailure);
    expect((failure as CronFailure).results).toEqual([
      { name: "deliver-mail", ok: false, error: expect.stringContaining("the transport accepted none") },
      { name: "payment-gateway-webhooks", ok: true },
      { name: "automatic-refunds", ok: true },
    ]);
    expect(await statusOf(to)).toMatchObject({ status: "RETRYING", attempts: 1, error: "HTTP 500: down" });
    answer = 202;
    expect(await runScheduled(EVERY_FIVE_MINUTES, httpEnv, now + 3_600_000)).toEqual([
      { name: "deliver-mail", ok: true },
      { name: "payment-gateway-webhooks", ok: true },
      { name: "automatic-refunds", ok: true },
    ]);
    expect(await statusOf(to)).toMatchObject({ status: "SENT", attempts: 2, error: null });
    expect(fetchSpy).toHaveBeenCalled();
  });
});

describe("mail every five minutes, with the mail queue", () => {
  it("puts a row that never reached the queue on it through scheduled(), and the local queue's consumer delivers it", async () => {
    const to = address();
    const now = Date.now();
    // Written in a batch whose Worker stopped before the send to the queue: due two minutes ago, never enqueued.
    const { id, statement } = queueMail(env.DB, { to, subject: "Left behind", text: "Hello" }, now - 120_000);
    await statement.run();
    await scheduled(EVERY_FIVE_MINUTES, now);
    const row = await env.DB.prepare("SELECT enqueued_at FROM outbox WHERE id = ?").bind(id).first<{ enqueued_at: number | null }>();
    expect(row?.enqueued_at).toBe(now);
    await vi.waitFor(async () => expect(await statusOf(to)).toMatchObject({ status: "STORED", attempts: 1 }), { timeout: 20_000, interval: 200 });
  });
});

describe("runScheduled", () => {
  it("runs every job even when one fails, logs the failure with its error, then throws", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const ran: string[] = [];
    const jobs: CronJob[] = [
      { name: "broken", run: async () => Promise.reject(new Error("D1 is unavailable")) },
      { name: "fine", run: async () => void ran.push("fine") },
    ];
    const failure = await runScheduled("test", env as Env, Date.now(), jobs).catch((e: unknown) => e);
    expect(ran).toEqual(["fine"]);
    expect(failure).toBeInstanceOf(CronFailure);
    expect((failure as CronFailure).message).toBe('cron "test": 1 of 2 job(s) failed: broken: D1 is unavailable');
    expect((failure as CronFailure).results).toEqual([
      { name: "broken", ok: false, error: "D1 is unavailable" },
      { name: "fine", ok: true },
    ]);
    expect(loggedEvents(errors)).toContainEqual(
      expect.objectContaining({ event: "cron job failed", job: "broken", error: expect.objectContaining({ message: "D1 is unavailable" }) }),
    );
  });

  it("resolves with each job's result when all succeed (the daily housekeeping)", async () => {
    expect(await runScheduled(DAILY, env as Env)).toEqual([
      { name: "purge-expired-rate-limits", ok: true },
      { name: "purge-expired-sessions-and-tokens", ok: true },
      { name: "purge-expired-idempotency-keys", ok: true },
      { name: "purge-old-records", ok: true },
      { name: "purge-old-wedding-activity", ok: true },
      { name: "move-weddings-to-stores", ok: true },
      { name: "drop-moved-copies", ok: true },
      { name: "subscriptions", ok: true },
      { name: "payment-reconciliation", ok: true },
    ]);
  });

  it("fails for a schedule that has no jobs, through scheduled() too", async () => {
    await expect(runScheduled("0 0 * * *", env as Env)).rejects.toThrow('no jobs are registered for cron "0 0 * * *"');
    await expect(failingScheduled("0 0 * * *")).rejects.toThrow(/no jobs are registered/);
  });
});

function pick(e: Cloudflare.Env) {
  return { DB: e.DB, MEDIA: e.MEDIA, APP_ENV: e.APP_ENV, CONTACT_PHONE: e.CONTACT_PHONE, MAIL_FROM: e.MAIL_FROM };
}
