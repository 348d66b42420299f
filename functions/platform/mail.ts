import type { outbox } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import type { Env } from "#functions/env.ts";
import { newId } from "#domain/core/ids.ts";
import { log } from "./log.ts";
import { eventRecorderFor } from "./analytics.ts";
import { whatsAppTransportFor } from "./whatsapp.ts";

/**
 * Outgoing e-mail: one Mailer, one outbox, one transport chosen by configuration (MAIL_TRANSPORT).
 *
 * Every message is first written to the outbox as QUEUED (domain code can put that INSERT in the
 * same D1 batch as the change it reports: `queueMail`), then its id goes on the mail queue
 * (Cloudflare Queues, binding MAIL_QUEUE; `enqueued_at` records it), and the queue's consumer
 * (`consumeMailBatch`, the Worker's `queue()` handler) delivers it by the transport:
 * - "mailbox" (default, local development and tests): nothing is sent; the row becomes STORED and
 *   is shown at /dev/mailbox. Never SENT.
 * - "cloudflare": Cloudflare Email Service through the `send_email` binding EMAIL
 *   (`env.EMAIL.send({ from, to, subject, text, html })`).
 * - "http": a transactional mail API taking `{from, to, subject, text, html}` JSON with a bearer
 *   key (MAIL_API_URL, MAIL_API_KEY secret), e.g. Resend's https://api.resend.com/emails.
 *
 * Status tells the truth: SENT only when the transport accepted the message; a failed attempt
 * keeps the error (RETRYING) and the queue delivers the message again after a back-off
 * (`retryDelay`); when the queue's retries run out the message goes to the dead-letter queue, whose
 * consumer (`failDeadMail`) makes the row FAILED with the reason; a permanent refusal is FAILED at
 * once. An attempt claims its row first (SENDING, with a lease), so two deliveries of one queue
 * message, or two queue messages for one row, send it once. Rows that never reached the queue (the
 * Worker stopped between the write and the send) are put there by the 5-minute cron
 * (`sweepUnqueuedMail`). Without a MAIL_QUEUE binding (a Worker configured without queues) the
 * mailer attempts delivery itself after the request and the cron retries (`deliverDueMail`).
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The HTML part; domain mails are composed through mail-layout.ts, which always makes one. */
  html?: string;
  /** Extra headers the transports pass on (List-Unsubscribe and List-Unsubscribe-Post on optional mail). */
  headers?: Record<string, string>;
};
export interface Mailer {
  /** Queues the message and attempts delivery (in the background when a request context exists). */
  send(message: MailMessage): Promise<void>;
}
/** A Mailer that can also deliver rows queued by `queueMail` inside a domain batch. */
export interface MailService extends Mailer {
  deliver(ids: string | readonly string[]): Promise<void>;
}

export type MailStatus = "QUEUED" | "SENDING" | "RETRYING" | "SENT" | "STORED" | "FAILED";
export type TransportName = "mailbox" | "cloudflare" | "http" | "none";

/** Attempts before a message is given up (FAILED). */
export const MAIL_MAX_ATTEMPTS = 10;
/** Wait after the first failed attempt; doubles after each further one (2, 4, 8 … 512 minutes: the last attempt is about 17 hours after the first). */
export const MAIL_RETRY_BASE_MS = 2 * 60_000;
/** An attempt that has not reported back after this long (the Worker died) may be made again. */
export const MAIL_SEND_LEASE_MS = 10 * 60_000;
/** How long the HTTP transport waits for an answer. */
export const MAIL_HTTP_TIMEOUT_MS = 15_000;

/** Wait before the next attempt after `attempts` failed ones (attempts >= 1). */
export const retryDelay = (attempts: number) => MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);

export type TransportResult = { ok: true; status: "SENT" | "STORED"; providerMessageId?: string } | { ok: false; error: string; permanent: boolean };
/** What a transport is given: the outbox row's message, its channel and (WhatsApp) its template payload. */
export type OutgoingMessage = MailMessage & { id: string; channel?: OutboxChannel; payload?: string | null };
export type OutboxChannel = "email" | "whatsapp";
export interface MailTransport {
  name: TransportName | string;
  deliver(message: OutgoingMessage, from: string): Promise<TransportResult>;
  /** The name recorded on a row of this channel (a transport that routes by channel: `byChannel`). */
  nameFor?(channel: OutboxChannel): string;
}

/**
 * The transport of the outbox: e-mails go to `mail`, WhatsApp messages (outbox.channel, issue 32)
 * to `whatsapp` (functions/platform/whatsapp.ts); each row records the one that took it.
 */
export function byChannel(mail: MailTransport, whatsapp: MailTransport): MailTransport {
  return {
    name: mail.name,
    nameFor: (channel) => (channel === "whatsapp" ? whatsapp.name : mail.name),
    deliver: (m, from) => (m.channel === "whatsapp" ? whatsapp.deliver(m, from) : mail.deliver(m, from)),
  };
}
const transportNameFor = (t: MailTransport, channel: OutboxChannel) => t.nameFor?.(channel) ?? t.name;

type MailEnv = Pick<
  Env,
  | "DB"
  | "MAIL_FROM"
  | "MAIL_TRANSPORT"
  | "MAIL_API_URL"
  | "MAIL_API_KEY"
  | "EMAIL"
  | "MAIL_QUEUE"
  | "EVENTS"
  | "WHATSAPP_TRANSPORT"
  | "WHATSAPP_PHONE_NUMBER_ID"
  | "WHATSAPP_ACCESS_TOKEN"
  | "WHATSAPP_API_URL"
> & { APP_ENV?: string };

/** What goes on the mail queue: the outbox row's id (the row holds the message). */
export type MailQueueMessage = { id: string };
/** The queues' names (wrangler.jsonc `queues`; docs/deploy.md lists them to create). */
export const MAIL_QUEUE_NAME = "mandap-mail";
export const MAIL_DEAD_LETTER_QUEUE_NAME = "mandap-mail-dlq";
/** Messages per Queue.sendBatch call (Cloudflare Queues' limit is 100 messages and 256 KB; ours are ids). */
const SEND_BATCH_MAX = 100;
/** A row due this long and still not on the queue is put there by the cron (the request's own send had its chance). */
export const MAIL_ENQUEUE_GRACE_MS = 60_000;
/** Rows the cron puts on the queue per run. */
export const MAIL_SWEEP_LIMIT = 1_000;
/** Messages of one consumer batch sent at the same time (the mail API's rate limit is the other bound). */
export const MAIL_SEND_CONCURRENCY = 8;
/** Cloudflare Queues' longest retry delay (12 hours). */
const QUEUE_MAX_DELAY_S = 43_200;

const errorText = (e: unknown) => (e instanceof Error ? `${e.name === "Error" ? "" : `${e.name}: `}${e.message}` : String(e)).slice(0, 500);

/** The local mailbox: keeps the message for /dev/mailbox and tests; nothing leaves. */
export const mailboxTransport: MailTransport = { name: "mailbox", deliver: async () => ({ ok: true, status: "STORED" }) };

/** A transport that cannot work as configured: every attempt fails with the reason (and is retried, so fixing the configuration delivers). */
function misconfigured(name: TransportName, reason: string): MailTransport {
  return { name, deliver: async () => ({ ok: false, error: reason, permanent: false }) };
}

/** An HTTP mail API. 2xx is accepted; 408, 429 and 5xx and network errors are retried; any other 4xx is a permanent refusal. */
export function httpTransport(url: string, apiKey: string | undefined): MailTransport {
  return {
    name: "http",
    async deliver(m, from) {
      const { replyTo, headers } = splitReplyTo(m.headers);
      let res: Response;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: { Authorization: `Bearer ${apiKey ?? ""}`, "Content-Type": "application/json", "Idempotency-Key": m.id },
          body: JSON.stringify({
            from,
            to: [m.to],
            subject: m.subject,
            text: m.text,
            ...(m.html ? { html: m.html } : {}),
            ...(replyTo ? { reply_to: replyTo } : {}),
            ...(headers ? { headers } : {}),
          }),
          signal: AbortSignal.timeout(MAIL_HTTP_TIMEOUT_MS),
        });
      } catch (e) {
        return { ok: false, error: `network error: ${errorText(e)}`, permanent: false };
      }
      const body = (await res.text().catch(() => "")).slice(0, 300);
      if (res.ok) {
        let providerMessageId: string | undefined;
        try {
          const id = (JSON.parse(body) as { id?: unknown }).id;
          if (typeof id === "string") providerMessageId = id;
        } catch {
          /* an accepted answer need not be JSON */
        }
        return { ok: true, status: "SENT", providerMessageId };
      }
      const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
      return { ok: false, error: `HTTP ${res.status}${body ? `: ${body}` : ""}`, permanent: !retryable };
    },
  };
}

/** "Mandap <hello@mandap.example>" -> { name, email }; a bare address stays a string. */
export function parseAddress(value: string): string | EmailAddress {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (!match) return value.trim();
  const name = match[1]!.trim();
  return name ? { name, email: match[2]!.trim() } : match[2]!.trim();
}

/**
 * A message's Reply-To (a conversation's reply address) apart from its other headers: both mail
 * services take it as a field of its own (Cloudflare's `replyTo`, the HTTP API's `reply_to`) rather
 * than as a custom header, which a service may refuse or drop.
 */
function splitReplyTo(all: Record<string, string> | undefined): { replyTo?: string; headers?: Record<string, string> } {
  if (!all) return {};
  const entries = Object.entries(all);
  const replyTo = entries.find(([k]) => k.toLowerCase() === "reply-to")?.[1];
  const rest = entries.filter(([k]) => k.toLowerCase() !== "reply-to");
  return { ...(replyTo ? { replyTo } : {}), ...(rest.length ? { headers: Object.fromEntries(rest) } : {}) };
}

/** Cloudflare Email Service through the `send_email` binding. A thrown error is retried. */
export function cloudflareTransport(binding: SendEmail): MailTransport {
  return {
    name: "cloudflare",
    async deliver(m, from) {
      const { replyTo, headers } = splitReplyTo(m.headers);
      try {
        const result = await binding.send({
          from: parseAddress(from),
          to: m.to,
          subject: m.subject,
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
          ...(replyTo ? { replyTo: parseAddress(replyTo) } : {}),
          ...(headers ? { headers } : {}),
        });
        return { ok: true, status: "SENT", providerMessageId: result?.messageId };
      } catch (e) {
        return { ok: false, error: errorText(e), permanent: false };
      }
    },
  };
}

/**
 * The transport MAIL_TRANSPORT names; a missing binding or URL gives a transport whose attempts
 * fail with that reason. Unset means the local mailbox, except in production, where mail that is
 * silently kept would lock people out of their accounts: there it fails until configured
 * (MAIL_TRANSPORT=mailbox keeps mail unsent on purpose, e.g. on a staging copy).
 */
export function transportFor(env: Omit<MailEnv, "DB" | "MAIL_FROM">): MailTransport {
  return byChannel(mailTransportFor(env), whatsAppTransportFor(env));
}

/** The e-mail transport alone (transportFor adds WhatsApp's). */
export function mailTransportFor(env: Omit<MailEnv, "DB" | "MAIL_FROM">): MailTransport {
  const name = (env.MAIL_TRANSPORT ?? "").trim().toLowerCase();
  if (name === "" && env.APP_ENV === "production")
    return misconfigured("none", "No mail transport is configured in production: set MAIL_TRANSPORT to cloudflare or http (docs/deploy.md)");
  if (name === "" || name === "mailbox" || name === "outbox") return mailboxTransport;
  if (name === "cloudflare")
    return env.EMAIL
      ? cloudflareTransport(env.EMAIL)
      : misconfigured("cloudflare", 'MAIL_TRANSPORT is "cloudflare" but the Worker has no send_email binding named EMAIL');
  if (name === "http")
    return env.MAIL_API_URL ? httpTransport(env.MAIL_API_URL, env.MAIL_API_KEY) : misconfigured("http", 'MAIL_TRANSPORT is "http" but MAIL_API_URL is not set');
  return misconfigured("none", `Unknown MAIL_TRANSPORT "${env.MAIL_TRANSPORT}" (use mailbox, cloudflare or http)`);
}

/**
 * The INSERT that queues a message, for a domain's D1 batch (so the message exists exactly when
 * the change it reports does). Deliver it after the batch with `MailService.deliver(id)`; if
 * nothing does, the cron delivers it. A message to a suppressed address (mail_suppressions: it
 * bounced or its owner complained) is written FAILED with the reason and never attempted. A
 * message to "" (an account with no e-mail address, docs/decisions/0047) is not written at all.
 */
export function queueMail(
  d1: D1Database,
  m: MailMessage,
  now = Date.now(),
  /** A condition (SQL with its binds) checked in the same statement: the mail is queued only where it holds, e.g. "the batch's insert won". */
  onlyIf?: { sql: string; binds: unknown[] },
): { id: string; statement: D1PreparedStatement } {
  const id = newId(now);
  // Numbered parameters first: a plain "?" in onlyIf takes the next number (8, 9...).
  const statement = d1
    .prepare(
      `INSERT INTO outbox (id, to_address, subject, text, html, headers, status, attempts, next_attempt_at, created_at, error)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ${SUPPRESSED_COLUMNS_SQL("?7")}, ?7, ${SUPPRESSED_ERROR_SQL}
       FROM (SELECT 1) LEFT JOIN mail_suppressions s ON s.email = lower(?2) WHERE ?2 <> ''${onlyIf ? ` AND (${onlyIf.sql})` : ""}`,
    )
    .bind(id, m.to, m.subject, m.text, m.html ?? null, m.headers ? JSON.stringify(m.headers) : null, now, ...(onlyIf?.binds ?? []));
  return { id, statement };
}

/**
 * The columns status, attempts and next_attempt_at of a message being queued, for a SELECT joined
 * to `mail_suppressions s` on its address: FAILED and never due when the address is suppressed,
 * else QUEUED and due at `now`. With SUPPRESSED_ERROR_SQL (the error column) it is shared by
 * queueMail and the INSERTs that queue many mails at once (the planning reminders).
 */
export const SUPPRESSED_COLUMNS_SQL = (now: string) =>
  `CASE WHEN s.email IS NULL THEN 'QUEUED' ELSE 'FAILED' END, 0, CASE WHEN s.email IS NULL THEN ${now} END`;
export const SUPPRESSED_ERROR_SQL = `CASE WHEN s.email IS NOT NULL THEN 'Not sent: mail to this address is suppressed since ' || strftime('%d/%m/%Y', s.created_at / 1000, 'unixepoch') || ' (' || lower(s.kind) || ')' END`;

type ClaimedRow = Row<typeof outbox, "id" | "to_address" | "subject" | "text" | "html" | "headers" | "attempts" | "channel" | "payload">;

/** The message a transport is given for a claimed row. */
const outgoing = (row: ClaimedRow): OutgoingMessage => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  text: row.text,
  html: row.html ?? undefined,
  headers: storedHeaders(row.headers),
  channel: row.channel,
  payload: row.payload,
});

/**
 * Opting out of WhatsApp is honoured at once (issue 32): before an attempt, WhatsApp rows among
 * `ids` whose person is no longer opted in (whatsapp_optins) are FAILED with the reason, never sent.
 */
function cancelOptedOut(d1: D1Database, ids: readonly string[]): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE outbox SET status = 'FAILED', next_attempt_at = NULL, error = 'Not sent: WhatsApp messages were turned off before it was delivered'
       WHERE id IN (SELECT value FROM json_each(?1)) AND channel = 'whatsapp' AND status IN ('QUEUED', 'RETRYING')
         AND NOT EXISTS (SELECT 1 FROM whatsapp_optins o WHERE o.user_id = outbox.user_id AND o.opted_in = 1)`,
    )
    .bind(JSON.stringify(ids));
}

/**
 * Marks FAILED, with the reason, those of `ids` still waiting to be sent whose address was
 * suppressed after they were queued (a bounce or a complaint arrived in between): run in the same
 * D1 batch as the claim, so a message is never sent to an address that has bounced.
 */
function failSuppressed(d1: D1Database, ids: readonly string[], now: number): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE outbox SET status = 'FAILED', next_attempt_at = NULL,
         error = (SELECT ${SUPPRESSED_ERROR_SQL} FROM mail_suppressions s WHERE s.email = lower(outbox.to_address))
       WHERE id IN (SELECT value FROM json_each(?1)) AND (status IN ('QUEUED', 'RETRYING') OR (status = 'SENDING' AND next_attempt_at <= ?2))
         AND EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.email = lower(outbox.to_address))`,
    )
    .bind(JSON.stringify(ids), now);
}

/**
 * One delivery attempt of one outbox row, if it is due and nobody else is attempting it. Returns
 * the row's new status, or null when there was nothing to attempt. Never throws for a transport
 * failure (the row records it); a database error does throw.
 */
export async function deliverMail(
  d1: D1Database,
  transport: MailTransport,
  from: string,
  id: string,
  now = Date.now(),
): Promise<{ status: MailStatus; error?: string } | null> {
  const [, , claim] = await d1.batch<ClaimedRow>([
    failSuppressed(d1, [id], now),
    cancelOptedOut(d1, [id]),
    d1
      .prepare(
        `UPDATE outbox SET status = 'SENDING', attempts = attempts + 1, next_attempt_at = ?1, transport = CASE channel WHEN 'whatsapp' THEN ?6 ELSE ?2 END
         WHERE id = ?3 AND status IN ('QUEUED', 'RETRYING', 'SENDING') AND coalesce(next_attempt_at, created_at) <= ?4 AND attempts < ?5
         RETURNING id, to_address, subject, text, html, headers, attempts, channel, payload`,
      )
      .bind(now + MAIL_SEND_LEASE_MS, transportNameFor(transport, "email"), id, now, MAIL_MAX_ATTEMPTS, transportNameFor(transport, "whatsapp")),
  ]);
  const row = claim?.results[0];
  if (!row) return null;
  const result = await transport.deliver(outgoing(row), from).catch((e: unknown): TransportResult => ({ ok: false, error: errorText(e), permanent: false }));
  if (result.ok) {
    await d1
      .prepare(
        "UPDATE outbox SET status = ?1, sent_at = ?2, error = NULL, next_attempt_at = NULL, provider_message_id = ?3 WHERE id = ?4 AND status = 'SENDING'",
      )
      .bind(result.status, result.status === "SENT" ? now : null, result.providerMessageId ?? null, row.id)
      .run();
    return { status: result.status };
  }
  const giveUp = result.permanent || row.attempts >= MAIL_MAX_ATTEMPTS;
  const status: MailStatus = giveUp ? "FAILED" : "RETRYING";
  await d1
    .prepare("UPDATE outbox SET status = ?1, error = ?2, next_attempt_at = ?3 WHERE id = ?4 AND status = 'SENDING'")
    .bind(status, result.error, giveUp ? null : now + retryDelay(row.attempts), row.id)
    .run();
  log.error("mail delivery attempt failed", {
    mailId: row.id,
    transport: transportNameFor(transport, row.channel),
    attempt: row.attempts,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    givingUp: giveUp,
    reason: result.error,
  });
  return { status, error: result.error };
}

/** The outbox's headers column (a JSON object of strings) as the transports take it. */
export function storedHeaders(json: string | null): Record<string, string> | undefined {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
    const out = Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
    return Object.keys(out).length ? out : undefined;
  } catch {
    return undefined;
  }
}

export type DeliveryRun = { attempted: number; sent: number; stored: number; retrying: number; failed: { id: string; error: string }[] };

/**
 * The cron's delivery job: every due QUEUED or RETRYING row (and attempts that never reported back
 * within the lease), oldest first, up to `limit`. Attempts that died on the last try become FAILED.
 */
export async function deliverDueMail(d1: D1Database, transport: MailTransport, from: string, now = Date.now(), limit = 100): Promise<DeliveryRun> {
  const run: DeliveryRun = { attempted: 0, sent: 0, stored: 0, retrying: 0, failed: [] };
  const abandoned = await d1
    .prepare(
      `UPDATE outbox SET status = 'FAILED', next_attempt_at = NULL, error = coalesce(error || '; ', '') || 'the last delivery attempt did not finish'
       WHERE status = 'SENDING' AND next_attempt_at <= ?1 AND attempts >= ?2 RETURNING id, error`,
    )
    .bind(now, MAIL_MAX_ATTEMPTS)
    .all<{ id: string; error: string }>();
  run.failed.push(...abandoned.results);
  const { results } = await d1
    .prepare(
      `SELECT id FROM outbox WHERE status IN ('QUEUED', 'RETRYING', 'SENDING') AND coalesce(next_attempt_at, created_at) <= ?1 AND attempts < ?2
       ORDER BY coalesce(next_attempt_at, created_at), id LIMIT ?3`,
    )
    .bind(now, MAIL_MAX_ATTEMPTS, limit)
    .all<{ id: string }>();
  for (const { id } of results) {
    const outcome = await deliverMail(d1, transport, from, id, now);
    if (!outcome) continue;
    run.attempted += 1;
    if (outcome.status === "SENT") run.sent += 1;
    else if (outcome.status === "STORED") run.stored += 1;
    else if (outcome.status === "RETRYING") run.retrying += 1;
    else if (outcome.status === "FAILED") run.failed.push({ id, error: outcome.error ?? "" });
  }
  return run;
}

/** Puts outbox ids on the mail queue and records it on their rows (`enqueued_at`). Throws when the queue refused them (the cron sweeps them later). */
export async function enqueueMail(d1: D1Database, queue: Queue<MailQueueMessage>, ids: readonly string[], now = Date.now()): Promise<void> {
  if (!ids.length) return;
  for (let i = 0; i < ids.length; i += SEND_BATCH_MAX)
    await queue.sendBatch(ids.slice(i, i + SEND_BATCH_MAX).map((id) => ({ body: { id }, contentType: "json" as const })));
  await d1
    .prepare("UPDATE outbox SET enqueued_at = ?2 WHERE enqueued_at IS NULL AND id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(ids), now)
    .run();
}

/**
 * The cron's part when mail goes through the queue: rows written but never put on it (the Worker
 * stopped between the batch and the send, or the queue refused) once they have been due for
 * MAIL_ENQUEUE_GRACE_MS, oldest first, up to `limit`. Returns how many it enqueued.
 */
export async function sweepUnqueuedMail(d1: D1Database, queue: Queue<MailQueueMessage>, now = Date.now(), limit = MAIL_SWEEP_LIMIT): Promise<number> {
  const { results } = await d1
    .prepare(
      `SELECT id FROM outbox WHERE enqueued_at IS NULL
         AND ((status IN ('QUEUED', 'RETRYING') AND coalesce(next_attempt_at, created_at) <= ?1) OR (status = 'SENDING' AND next_attempt_at <= ?2))
       ORDER BY coalesce(next_attempt_at, created_at), id LIMIT ?3`,
    )
    .bind(now - MAIL_ENQUEUE_GRACE_MS, now, limit)
    .all<{ id: string }>();
  await enqueueMail(
    d1,
    queue,
    results.map((r) => r.id),
    now,
  );
  return results.length;
}

/** What the consumer does with one queue message: done (ack), or deliver it again after `delaySeconds`. */
export type QueuedMailOutcome = { done: true; status?: MailStatus } | { done: false; delaySeconds: number; error?: string };

async function inPool<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return out;
}

/**
 * One consumer batch of the mail queue: claims every deliverable row among `ids` in one statement
 * (QUEUED or RETRYING, or SENDING whose attempt's lease ran out), sends them (MAIL_SEND_CONCURRENCY
 * at a time) and records every outcome in one D1 batch: at most three D1 calls whatever the batch
 * size. Returns each id's outcome: done when the row is final (SENT, STORED, FAILED, or no such
 * row: a duplicate message or an id whose batch never committed); retry after the back-off when the
 * attempt failed (the row says RETRYING with the error), or after the lease when another attempt
 * holds the row. The queue's retries, not the row's attempts, decide when to give up.
 */
export async function deliverQueuedMail(
  d1: D1Database,
  transport: MailTransport,
  from: string,
  ids: readonly string[],
  now = Date.now(),
): Promise<Map<string, QueuedMailOutcome>> {
  const unique = [...new Set(ids)];
  const outcomes = new Map<string, QueuedMailOutcome>();
  if (!unique.length) return outcomes;
  const [, , claim] = await d1.batch<ClaimedRow>([
    failSuppressed(d1, unique, now),
    cancelOptedOut(d1, unique),
    d1
      .prepare(
        `UPDATE outbox SET status = 'SENDING', attempts = attempts + 1, next_attempt_at = ?1, transport = CASE channel WHEN 'whatsapp' THEN ?5 ELSE ?2 END
         WHERE id IN (SELECT value FROM json_each(?3)) AND (status IN ('QUEUED', 'RETRYING') OR (status = 'SENDING' AND next_attempt_at <= ?4))
         RETURNING id, to_address, subject, text, html, headers, attempts, channel, payload`,
      )
      .bind(now + MAIL_SEND_LEASE_MS, transportNameFor(transport, "email"), JSON.stringify(unique), now, transportNameFor(transport, "whatsapp")),
  ]);
  const claimed = claim?.results ?? [];
  const mine = new Set(claimed.map((r) => r.id));
  const others = unique.filter((id) => !mine.has(id));
  if (others.length) {
    const { results } = await d1
      .prepare("SELECT id, status, next_attempt_at FROM outbox WHERE id IN (SELECT value FROM json_each(?1))")
      .bind(JSON.stringify(others))
      .all<{ id: string; status: MailStatus; next_attempt_at: number | null }>();
    const rows = new Map(results.map((r) => [r.id, r]));
    for (const id of others) {
      const row = rows.get(id);
      // Another attempt holds the row: come back when its lease ends (it will have written its outcome, or died).
      if (row?.status === "SENDING")
        outcomes.set(id, { done: false, delaySeconds: Math.min(QUEUE_MAX_DELAY_S, Math.max(1, Math.ceil(((row.next_attempt_at ?? now) - now) / 1000))) });
      else outcomes.set(id, { done: true, status: row?.status });
    }
  }
  if (!claimed.length) return outcomes;
  const results = await inPool(claimed, MAIL_SEND_CONCURRENCY, (row) =>
    transport.deliver(outgoing(row), from).catch((e: unknown): TransportResult => ({ ok: false, error: errorText(e), permanent: false })),
  );
  const statements = claimed.map((row, i) => {
    const result = results[i]!;
    if (result.ok) {
      outcomes.set(row.id, { done: true, status: result.status });
      return d1
        .prepare(
          "UPDATE outbox SET status = ?1, sent_at = ?2, error = NULL, next_attempt_at = NULL, provider_message_id = ?3 WHERE id = ?4 AND status = 'SENDING'",
        )
        .bind(result.status, result.status === "SENT" ? now : null, result.providerMessageId ?? null, row.id);
    }
    const delay = retryDelay(row.attempts);
    log.error("mail delivery attempt failed", {
      mailId: row.id,
      transport: transportNameFor(transport, row.channel),
      attempt: row.attempts,
      givingUp: result.permanent,
      reason: result.error,
    });
    outcomes.set(
      row.id,
      result.permanent ? { done: true, status: "FAILED" } : { done: false, delaySeconds: Math.min(QUEUE_MAX_DELAY_S, delay / 1000), error: result.error },
    );
    return d1
      .prepare("UPDATE outbox SET status = ?1, error = ?2, next_attempt_at = ?3 WHERE id = ?4 AND status = 'SENDING'")
      .bind(result.permanent ? "FAILED" : "RETRYING", result.error, result.permanent ? null : now + delay, row.id);
  });
  await d1.batch(statements);
  return outcomes;
}

/** The mail queue's consumer: delivers the batch and acks or retries each message by its row's outcome. */
export async function consumeMailBatch(batch: MessageBatch<unknown>, env: MailEnv, options: { transport?: MailTransport; now?: number } = {}): Promise<void> {
  const idOf = (m: Message<unknown>) => {
    const id = (m.body as Partial<MailQueueMessage> | null)?.id;
    return typeof id === "string" && id ? id : null;
  };
  const transport = options.transport ?? transportFor(env);
  const transportName = transport.name;
  const outcomes = await deliverQueuedMail(
    env.DB,
    transport,
    env.MAIL_FROM,
    batch.messages.map(idOf).filter((id): id is string => id !== null),
    options.now ?? Date.now(),
  );
  for (const m of batch.messages) {
    const id = idOf(m);
    const outcome = id ? outcomes.get(id) : undefined;
    if (!id) log.error("mail queue message without an outbox id (dropped)", { queueMessageId: m.id });
    if (outcome && !outcome.done) m.retry({ delaySeconds: outcome.delaySeconds });
    else m.ack();
  }
  await recordMailEvents(env, transportName, [...outcomes.values()]);
}

/** Key events of a delivery batch (functions/platform/analytics.ts): delivered, retrying or given up, by transport. */
async function recordMailEvents(env: Pick<MailEnv, "DB" | "EVENTS">, transport: string, outcomes: (QueuedMailOutcome | "dead")[]): Promise<void> {
  const writes: Promise<unknown>[] = [];
  const events = eventRecorderFor(env, (work) => void writes.push(work));
  for (const o of outcomes) {
    if (o === "dead") events.record({ event: "mail_failed", labels: [transport, "given-up"] });
    else if (!o.done && o.error) events.record({ event: "mail_failed", labels: [transport, "retrying"] });
    else if (o.done && (o.status === "SENT" || o.status === "STORED")) events.record({ event: "mail_delivered", labels: [transport, o.status] });
    else if (o.done && o.status === "FAILED") events.record({ event: "mail_failed", labels: [transport, "given-up"] });
  }
  await Promise.all(writes);
}

/**
 * The dead-letter queue's consumer: the queue gave up on these messages (every delivery failed),
 * so their rows become FAILED with the last error as the reason. A row already final is left as
 * it is, and so is one whose attempt is still in flight (it writes its own outcome).
 */
export async function failDeadMail(
  batch: MessageBatch<unknown>,
  env: Pick<MailEnv, "DB" | "EVENTS">,
  now = Date.now(),
): Promise<{ id: string; error: string }[]> {
  const ids = batch.messages.map((m) => (m.body as Partial<MailQueueMessage> | null)?.id).filter((id): id is string => typeof id === "string");
  const { results } = await env.DB.prepare(
    `UPDATE outbox SET status = 'FAILED', next_attempt_at = NULL,
       error = 'gave up after ' || attempts || ' delivery attempt(s) (the mail queue''s retries ran out)' || coalesce(': ' || error, '')
     WHERE id IN (SELECT value FROM json_each(?1)) AND (status IN ('QUEUED', 'RETRYING') OR (status = 'SENDING' AND next_attempt_at <= ?2))
     RETURNING id, error`,
  )
    .bind(JSON.stringify(ids), now)
    .all<{ id: string; error: string }>();
  for (const r of results) log.error("mail given up", { mailId: r.id, reason: r.error });
  await recordMailEvents(
    env,
    "queue",
    results.map(() => "dead" as const),
  );
  batch.ackAll();
  return results;
}

/**
 * The Mailer for this Worker's configuration. With a MAIL_QUEUE binding the message's id goes on
 * the queue (its consumer delivers); without one the mailer attempts delivery itself. With an
 * ExecutionContext that runs after the response (ctx.waitUntil); without one before `send`
 * returns. A failure there is logged and made good later (the cron puts the row on the queue, or
 * retries it); `send` itself only fails when the message could not be written to the outbox.
 */
export function mailerFor(
  env: MailEnv,
  ctx?: Pick<ExecutionContext, "waitUntil">,
  options: { transport?: MailTransport; clock?: () => number } = {},
): MailService {
  const transport = options.transport ?? transportFor(env);
  const clock = options.clock ?? Date.now;
  const attempt = async (ids: readonly string[]) => {
    for (const id of ids) {
      try {
        await deliverMail(env.DB, transport, env.MAIL_FROM, id, clock());
      } catch (e) {
        log.error("mail delivery attempt could not be recorded (the cron retries it)", { mailId: id }, e);
      }
    }
  };
  const deliver = async (ids: string | readonly string[]) => {
    const list = typeof ids === "string" ? [ids] : ids;
    const queue = env.MAIL_QUEUE;
    const work = queue
      ? enqueueMail(env.DB, queue, list, clock()).catch((e: unknown) =>
          log.error("mail could not be put on the queue (the cron puts it there)", { mailIds: list.slice(0, 20), count: list.length }, e),
        )
      : attempt(list);
    if (ctx) ctx.waitUntil(work);
    else await work;
  };
  return {
    async send(m) {
      // An account made with a mobile number only has no address (docs/decisions/0047): nothing to write.
      if (!m.to.trim()) return;
      const { id, statement } = queueMail(env.DB, m, clock());
      await statement.run();
      await deliver(id);
    },
    deliver,
  };
}

export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  status: MailStatus;
  error: string | null;
  attempts: number;
  nextAttemptAt: number | null;
  sentAt: number | null;
  transport: string | null;
  createdAt: number;
};

type OutboxRow = Row<
  typeof outbox,
  "id" | "to_address" | "subject" | "text" | "html" | "headers" | "status" | "error" | "attempts" | "next_attempt_at" | "sent_at" | "transport" | "created_at"
>;

const OUTBOX_COLUMNS = "id, to_address, subject, text, html, headers, status, error, attempts, next_attempt_at, sent_at, transport, created_at";

/** The newest outbox rows of one channel (e-mail unless said: /dev/mailbox; WhatsApp: /dev/whatsapp), optionally to one address or number. */
export async function listOutbox(d1: D1Database, options: { to?: string; limit?: number; channel?: OutboxChannel } = {}): Promise<OutboxMessage[]> {
  const limit = Math.min(options.limit ?? 50, 200);
  const channel = options.channel ?? "email";
  const stmt = options.to
    ? d1
        .prepare(`SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE to_address = ? AND channel = ? ORDER BY created_at DESC, id DESC LIMIT ?`)
        .bind(options.to, channel, limit)
    : d1.prepare(`SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE channel = ? ORDER BY created_at DESC, id DESC LIMIT ?`).bind(channel, limit);
  const { results } = await stmt.all<OutboxRow>();
  return results.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text,
    html: r.html,
    headers: storedHeaders(r.headers) ?? null,
    status: r.status,
    error: r.error,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    sentAt: r.sent_at,
    transport: r.transport,
    createdAt: r.created_at,
  }));
}
