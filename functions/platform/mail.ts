import type { Env } from "../env.ts";
import { newId } from "../domain/ids.ts";

/**
 * Outgoing e-mail. One interface, chosen by configuration (architecture, external services):
 * - "outbox" (local default, tests): the message is stored in the outbox table and shown at the
 *   development-only mailbox page (/dev/mailbox).
 * - "http": a transactional mail HTTP API in the common {from,to,subject,text,html} JSON shape
 *   (MAIL_API_URL + MAIL_API_KEY secret); the outbox row is kept as the delivery log.
 */
export type MailMessage = { to: string; subject: string; text: string; html?: string };
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type MailEnv = Pick<Env, "DB" | "MAIL_FROM"> & { MAIL_TRANSPORT?: string; MAIL_API_URL?: string; MAIL_API_KEY?: string };

async function logToOutbox(d1: D1Database, m: MailMessage, status: "QUEUED" | "SENT" | "FAILED", error: string | null = null) {
  const now = Date.now();
  await d1
    .prepare("INSERT INTO outbox (id, to_address, subject, text, html, status, error, created_at, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(newId(now), m.to, m.subject, m.text, m.html ?? null, status, error, now, status === "SENT" ? now : null)
    .run();
}

export function outboxMailer(d1: D1Database): Mailer {
  return { send: (m) => logToOutbox(d1, m, "SENT") };
}

export function httpMailer(env: MailEnv): Mailer {
  return {
    async send(m) {
      let error: string | null = null;
      try {
        const res = await fetch(env.MAIL_API_URL as string, {
          method: "POST",
          headers: { Authorization: `Bearer ${env.MAIL_API_KEY ?? ""}`, "Content-Type": "application/json" },
          body: JSON.stringify({ from: env.MAIL_FROM, to: [m.to], subject: m.subject, text: m.text, html: m.html }),
        });
        if (!res.ok) error = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      await logToOutbox(env.DB, m, error ? "FAILED" : "SENT", error);
      if (error) console.error("mail delivery failed", m.to, error);
    },
  };
}

export function mailerFor(env: MailEnv): Mailer {
  if (env.MAIL_TRANSPORT === "http" && env.MAIL_API_URL) return httpMailer(env);
  return outboxMailer(env.DB);
}

/** Whether the development mailbox page may be shown. */
export const mailboxEnabled = (env: Pick<Env, "APP_ENV">) => env.APP_ENV !== "production";

export type OutboxMessage = { id: string; to: string; subject: string; text: string; status: string; createdAt: number };

export async function listOutbox(d1: D1Database, options: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  const limit = Math.min(options.limit ?? 50, 200);
  const stmt = options.to
    ? d1.prepare("SELECT id, to_address, subject, text, status, created_at FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT ?").bind(options.to, limit)
    : d1.prepare("SELECT id, to_address, subject, text, status, created_at FROM outbox ORDER BY created_at DESC, id DESC LIMIT ?").bind(limit);
  const { results } = await stmt.all<{ id: string; to_address: string; subject: string; text: string; status: string; created_at: number }>();
  return results.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.text, status: r.status, createdAt: r.created_at }));
}
