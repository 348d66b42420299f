import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import testWorker from "#functions/test-entry.ts";
import wranglerConfig from "../../wrangler.jsonc?raw";
import type { Env } from "#functions/env.ts";
import {
  MAIL_DEAD_LETTER_QUEUE_NAME,
  MAIL_ENQUEUE_GRACE_MS,
  MAIL_QUEUE_NAME,
  MAIL_RETRY_BASE_MS,
  MAIL_SEND_LEASE_MS,
  consumeMailBatch,
  deliverMail,
  mailerFor,
  queueMail,
  sweepUnqueuedMail,
  transportFor,
  type MailQueueMessage,
} from "#platform/mail.ts";
import { loggedEvents } from "#tests/support/logs.ts";

/**
 * Mail through Cloudflare Queues: the mailer writes the outbox row and puts its id on the queue;
 * the Worker's queue() handler delivers (driven here with createMessageBatch, as the runtime calls
 * it, and once through the local queue itself); the dead-letter queue's consumer makes the row
 * FAILED with the reason; the cron puts rows that never reached the queue on it. What is asserted
 * is what a person or the operator sees: the outbox row, what left the Worker, and which queue
 * messages were acknowledged or retried.
 */
const API = "https://mail-api.test/emails";
const FROM = "Mandap <hello@mandap.example>";
let n = 0;
const address = () => `mq-${Date.now()}-${n++}@test.example`;

type Row = { status: string; attempts: number; error: string | null; enqueued_at: number | null; sent_at: number | null; next_attempt_at: number | null };
const rowOf = (id: string) =>
  env.DB.prepare("SELECT status, attempts, error, enqueued_at, sent_at, next_attempt_at FROM outbox WHERE id = ?").bind(id).first<Row>();

/** A queue producer that keeps what was sent (the real one hands it to the local consumer at once). */
function recordingQueue(fail = false) {
  const sent: MailQueueMessage[] = [];
  const queue = {
    async send(body: MailQueueMessage) {
      if (fail) throw new Error("Queue send failed: the queue is unavailable");
      sent.push(body);
    },
    async sendBatch(messages: Iterable<MessageSendRequest<MailQueueMessage>>) {
      if (fail) throw new Error("Queue sendBatch failed: the queue is unavailable");
      for (const m of messages) sent.push(m.body);
    },
  } as unknown as Queue<MailQueueMessage>;
  return { queue, sent };
}

/** A row written as a domain batch writes it (QUEUED, not on the queue yet). */
async function writeRow(over: { to?: string; now?: number } = {}) {
  const to = over.to ?? address();
  const { id, statement } = queueMail(env.DB, { to, subject: "Your planning digest", text: "Namaste" }, over.now ?? Date.now());
  await statement.run();
  return { id, to };
}

/** Runs the Worker's queue() handler on one batch of `queue` and returns what it acked and retried. */
async function consume(queue: string, ids: string[], workerEnv: Env = env as Env, attempts = 1) {
  const batch = createMessageBatch<MailQueueMessage>(
    queue,
    ids.map((id, i) => ({ id: `msg-${i}-${id}`, timestamp: Date.now(), attempts, body: { id } })),
  );
  const ctx = createExecutionContext();
  await testWorker.queue(batch as MessageBatch<unknown>, workerEnv, ctx);
  return getQueueResult(batch, ctx);
}

/** A batch whose messages record the delay each retry asked for (the pool's getQueueResult keeps only which were retried). */
function recordingBatch(ids: string[]) {
  const retries: { id: string; delaySeconds?: number }[] = [];
  const acks: string[] = [];
  const messages = ids.map((id, i) => ({
    id: `msg-${i}-${id}`,
    timestamp: new Date(),
    attempts: 1,
    body: { id },
    ack: () => acks.push(`msg-${i}-${id}`),
    retry: (options?: QueueRetryOptions) => retries.push({ id: `msg-${i}-${id}`, delaySeconds: options?.delaySeconds }),
  }));
  const batch = { queue: MAIL_QUEUE_NAME, messages, ackAll: () => {}, retryAll: () => {} } as unknown as MessageBatch<unknown>;
  return { batch, retries, acks };
}

/** The HTTP mail API stubbed: `answer` decides each call; every call is recorded. */
function stubMailApi(answer: () => Response) {
  const calls: { to: string[] }[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== API) return real(input, init);
    calls.push(JSON.parse(String(init?.body)));
    return answer();
  });
  return calls;
}
const httpEnv = () => ({ ...env, MAIL_TRANSPORT: "http", MAIL_API_URL: API, MAIL_API_KEY: "key-1" }) as Env;

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the queues in wrangler.jsonc", () => {
  it("declare the mail queue's producer and both consumers (dead-letter queue included), top level and production", () => {
    const producers = [...wranglerConfig.matchAll(/"binding":\s*"MAIL_QUEUE",\s*"queue":\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(producers).toEqual([MAIL_QUEUE_NAME, MAIL_QUEUE_NAME]);
    const consumers = [...wranglerConfig.matchAll(/\{\s*"queue":\s*"([^"]+)"[^}]*\}/g)].map((m) => m[0]);
    expect(
      consumers.filter((c) => c.includes(`"queue": "${MAIL_QUEUE_NAME}"`) && c.includes(`"dead_letter_queue": "${MAIL_DEAD_LETTER_QUEUE_NAME}"`)),
    ).toHaveLength(2);
    expect(consumers.filter((c) => c.includes(`"queue": "${MAIL_DEAD_LETTER_QUEUE_NAME}"`))).toHaveLength(2);
  });
});

describe("sending puts the message in the outbox and on the queue", () => {
  it("writes the row QUEUED, puts its id on the queue and says so on the row", async () => {
    const { queue, sent } = recordingQueue();
    const to = address();
    const now = Date.now();
    await mailerFor({ DB: env.DB, MAIL_FROM: FROM, MAIL_QUEUE: queue }, undefined, { clock: () => now }).send({ to, subject: "Hello", text: "Namaste" });
    const row = await env.DB.prepare("SELECT id, status, attempts, enqueued_at FROM outbox WHERE to_address = ?").bind(to).first<{ id: string } & Row>();
    expect(row).toMatchObject({ status: "QUEUED", attempts: 0, enqueued_at: now });
    expect(sent).toEqual([{ id: row!.id }]);
  });

  it("keeps the row when the queue refuses it (logged, not on the queue), and the cron puts it there later", async () => {
    const to = address();
    const now = Date.now();
    await mailerFor({ DB: env.DB, MAIL_FROM: FROM, MAIL_QUEUE: recordingQueue(true).queue }, undefined, { clock: () => now }).send({
      to,
      subject: "Hello",
      text: "Namaste",
    });
    const row = await env.DB.prepare("SELECT id, status, enqueued_at FROM outbox WHERE to_address = ?").bind(to).first<{ id: string } & Row>();
    expect(row).toMatchObject({ status: "QUEUED", enqueued_at: null });
    expect(loggedEvents(errors)).toContainEqual(expect.objectContaining({ event: "mail could not be put on the queue (the cron puts it there)" }));
    const later = recordingQueue();
    await sweepUnqueuedMail(env.DB, later.queue, now + MAIL_ENQUEUE_GRACE_MS);
    expect(later.sent).toContainEqual({ id: row!.id });
    expect((await rowOf(row!.id))?.enqueued_at).toBe(now + MAIL_ENQUEUE_GRACE_MS);
  });

  it("through the local queue in the test runtime, a sent message is delivered by the Worker's consumer", async () => {
    const to = address();
    await mailerFor(env as Env).send({ to, subject: "Hello", text: "Namaste" });
    const id = (await env.DB.prepare("SELECT id FROM outbox WHERE to_address = ?").bind(to).first<{ id: string }>())!.id;
    expect((await rowOf(id))?.enqueued_at).not.toBeNull();
    await vi.waitFor(async () => expect(await rowOf(id)).toMatchObject({ status: "STORED", attempts: 1 }), { timeout: 20_000, interval: 200 });
  });
});

describe("the mail queue's consumer", () => {
  it("delivers a batch (the local mailbox: STORED) and acknowledges every message", async () => {
    const a = await writeRow();
    const b = await writeRow();
    const result = await consume(MAIL_QUEUE_NAME, [a.id, b.id]);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks.sort()).toEqual([`msg-0-${a.id}`, `msg-1-${b.id}`].sort());
    expect(await rowOf(a.id)).toMatchObject({ status: "STORED", attempts: 1, error: null });
    expect(await rowOf(b.id)).toMatchObject({ status: "STORED", attempts: 1, error: null });
  });

  it("marks a message SENT when the mail API accepts it", async () => {
    const calls = stubMailApi(() => Response.json({ id: "prov-9" }, { status: 202 }));
    const { id, to } = await writeRow();
    const result = await consume(MAIL_QUEUE_NAME, [id], httpEnv());
    expect(calls).toEqual([expect.objectContaining({ to: [to] })]);
    expect(result.explicitAcks).toEqual([`msg-0-${id}`]);
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 1, error: null });
  });

  it("retries a failed attempt through the queue with back-off, the row saying RETRYING with the error", async () => {
    stubMailApi(() => new Response("busy", { status: 503 }));
    const { id } = await writeRow();
    const first = await consume(MAIL_QUEUE_NAME, [id], httpEnv());
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages).toEqual([expect.objectContaining({ msgId: `msg-0-${id}` })]);
    expect(await rowOf(id)).toMatchObject({ status: "RETRYING", attempts: 1, error: "HTTP 503: busy" });
    // The queue delivers it again after the delay the consumer asked for: the second failure waits twice as long.
    const second = recordingBatch([id]);
    const now = Date.now();
    await consumeMailBatch(second.batch, httpEnv(), { now });
    expect(second.retries).toEqual([{ id: `msg-0-${id}`, delaySeconds: (2 * MAIL_RETRY_BASE_MS) / 1000 }]);
    expect(second.acks).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ status: "RETRYING", attempts: 2, next_attempt_at: now + 2 * MAIL_RETRY_BASE_MS });
  });

  it("does not send a message whose address bounced after it was queued: FAILED with the reason, acknowledged, the API never called", async () => {
    const calls = stubMailApi(() => Response.json({ id: "prov-1" }, { status: 202 }));
    const bounced = await writeRow({ to: address().replace("mq-", "MQ-") });
    const fine = await writeRow();
    // The bounce arrives (the mail webhook records it) between queueing and delivery; the address's case differs.
    await env.DB.prepare("INSERT INTO mail_suppressions (email, kind, detail, created_at) VALUES (?, 'BOUNCE', 'mailbox does not exist', ?)")
      .bind(bounced.to.toLowerCase(), Date.UTC(2026, 10, 20))
      .run();
    const result = await consume(MAIL_QUEUE_NAME, [bounced.id, fine.id], httpEnv());
    expect(calls).toEqual([expect.objectContaining({ to: [fine.to] })]);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks.sort()).toEqual([`msg-0-${bounced.id}`, `msg-1-${fine.id}`].sort());
    expect(await rowOf(bounced.id)).toMatchObject({
      status: "FAILED",
      attempts: 0,
      error: "Not sent: mail to this address is suppressed since 20/11/2026 (bounce)",
    });
    expect(await rowOf(fine.id)).toMatchObject({ status: "SENT" });
    // Delivery without the queue (the cron's, and a Worker without the binding) checks it too.
    const late = await writeRow();
    await env.DB.prepare("INSERT INTO mail_suppressions (email, kind, detail, created_at) VALUES (?, 'COMPLAINT', NULL, ?)")
      .bind(late.to, Date.UTC(2026, 10, 21))
      .run();
    expect(await deliverMail(env.DB, transportFor(httpEnv()), FROM, late.id)).toBeNull();
    expect(calls).toHaveLength(1);
    expect(await rowOf(late.id)).toMatchObject({ status: "FAILED", error: "Not sent: mail to this address is suppressed since 21/11/2026 (complaint)" });
  });

  it("gives up at once on a permanent refusal (FAILED with the API's answer, acknowledged)", async () => {
    stubMailApi(() => new Response("invalid recipient", { status: 422 }));
    const { id } = await writeRow();
    const result = await consume(MAIL_QUEUE_NAME, [id], httpEnv());
    expect(result.explicitAcks).toEqual([`msg-0-${id}`]);
    expect(await rowOf(id)).toMatchObject({ status: "FAILED", error: "HTTP 422: invalid recipient" });
  });

  it("sends once when one queue message is delivered twice, and when two messages name one row", async () => {
    const calls = stubMailApi(() => Response.json({ id: "prov-1" }, { status: 202 }));
    const { id } = await writeRow();
    const first = await consume(MAIL_QUEUE_NAME, [id], httpEnv());
    const again = await consume(MAIL_QUEUE_NAME, [id], httpEnv());
    expect(first.explicitAcks).toEqual([`msg-0-${id}`]);
    expect(again.explicitAcks).toEqual([`msg-0-${id}`]);
    const twin = await writeRow();
    const both = await consume(MAIL_QUEUE_NAME, [twin.id, twin.id], httpEnv());
    expect(both.explicitAcks.sort()).toEqual([`msg-0-${twin.id}`, `msg-1-${twin.id}`].sort());
    expect(calls).toHaveLength(2);
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 1 });
    expect(await rowOf(twin.id)).toMatchObject({ status: "SENT", attempts: 1 });
  });

  it("leaves a row another attempt holds to that attempt, coming back when its lease ends", async () => {
    const calls = stubMailApi(() => Response.json({}, { status: 202 }));
    const { id } = await writeRow();
    const now = Date.now();
    await env.DB.prepare("UPDATE outbox SET status = 'SENDING', attempts = 1, next_attempt_at = ? WHERE id = ?")
      .bind(now + MAIL_SEND_LEASE_MS, id)
      .run();
    const { batch, retries, acks } = recordingBatch([id]);
    await consumeMailBatch(batch, httpEnv(), { now });
    expect(calls).toHaveLength(0);
    expect(acks).toEqual([]);
    expect(retries).toEqual([{ id: `msg-0-${id}`, delaySeconds: MAIL_SEND_LEASE_MS / 1000 }]);
    expect(await rowOf(id)).toMatchObject({ status: "SENDING", attempts: 1 });
  });

  it("acknowledges a message whose row does not exist (its batch never committed) and one without an id", async () => {
    const batch = createMessageBatch<unknown>(MAIL_QUEUE_NAME, [
      { id: "m-missing", timestamp: Date.now(), attempts: 1, body: { id: "no-such-outbox-row" } },
      { id: "m-bad", timestamp: Date.now(), attempts: 1, body: "not a mail message" },
    ]);
    const ctx = createExecutionContext();
    await testWorker.queue(batch as MessageBatch<unknown>, env as Env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["m-bad", "m-missing"]);
  });
});

describe("the dead-letter queue", () => {
  it("makes the row FAILED with the reason when the queue's retries ran out, and leaves a delivered row alone", async () => {
    stubMailApi(() => new Response("busy", { status: 503 }));
    const { id } = await writeRow();
    await consume(MAIL_QUEUE_NAME, [id], httpEnv());
    const delivered = await writeRow();
    await consume(MAIL_QUEUE_NAME, [delivered.id]);
    const result = await consume(MAIL_DEAD_LETTER_QUEUE_NAME, [id, delivered.id]);
    expect(result.ackAll).toBe(true);
    expect(await rowOf(id)).toMatchObject({
      status: "FAILED",
      next_attempt_at: null,
      error: "gave up after 1 delivery attempt(s) (the mail queue's retries ran out): HTTP 503: busy",
    });
    expect(await rowOf(delivered.id)).toMatchObject({ status: "STORED", error: null });
    expect(loggedEvents(errors)).toContainEqual(expect.objectContaining({ event: "mail given up", mailId: id }));
  });
});

describe("the cron's sweep of rows that never reached the queue", () => {
  it("enqueues a row due past the grace once, leaves a fresh row to its own send and an enqueued row alone", async () => {
    const now = Date.now();
    const stale = await writeRow({ now: now - MAIL_ENQUEUE_GRACE_MS - 1 });
    const fresh = await writeRow({ now });
    const { queue, sent } = recordingQueue();
    await sweepUnqueuedMail(env.DB, queue, now);
    expect(sent).toContainEqual({ id: stale.id });
    expect(sent).not.toContainEqual({ id: fresh.id });
    await sweepUnqueuedMail(env.DB, queue, now + 1);
    expect(sent.filter((m) => m.id === stale.id)).toHaveLength(1);
    expect(await rowOf(stale.id)).toMatchObject({ status: "QUEUED", enqueued_at: now });
  });
});
