import type { Env } from "#functions/env.ts";
import { newId } from "#domain/core/ids.ts";
import { log } from "./log.ts";
import { BASE_LOCALE, type Locale } from "#shared/locale.ts";

/**
 * Text messages (issue 32: one-time codes for sign-in with a mobile number). One SmsService, one
 * table (sms_outbox), one transport chosen by configuration (SMS_TRANSPORT), like the mailer
 * (functions/platform/mail.ts) and kept separate from the WhatsApp adapter:
 * - "smsbox" (default, local development and tests): nothing is sent; the row is STORED with its
 *   whole text and shown at /dev/sms (development only, exactly as /dev/mailbox).
 * - "msg91": MSG91's Flow API (https://control.msg91.com/api/v5/flow), the India provider: the
 *   auth key is the MSG91_AUTH_KEY secret, and every template is sent by its DLT-registered
 *   template id (MSG91_TEMPLATE_LOGIN_CODE), as TRAI's DLT rules require for SMS to Indian numbers.
 * Unset in production means no transport: every message FAILS with the reason (a code that is
 * silently kept would lock people out), so a deployment must choose.
 *
 * A message is one attempt, made after the answer (the caller defers it): a code lives 5 minutes
 * and its owner can ask again after 30 seconds, so there are no retries. With a real provider the
 * digits of the code are masked before the text is stored: the table never holds a usable code.
 */
/** LOGIN_CODE: a sign-in code; PLAN_INVITE: an invitation to plan a wedding (issue 33), its link in `link`. */
export type SmsTemplate = "LOGIN_CODE" | "PLAN_INVITE";
export type SmsMessage = {
  /** E.164, "+919812345678". */
  to: string;
  template: SmsTemplate;
  /** The template's variables, by the names the provider's template uses ("code"). */
  vars: Record<string, string>;
  /** The recipient's language (English when not given); a transport without that language's template sends English. */
  locale?: Locale;
  /** The whole text as the person reads it (the DLT template with its variables filled in), in the language it is sent in. */
  text: string | ((locale: Locale) => string);
};
/** A message as a transport gets it: its language settled and its text written in it. */
export type SmsToDeliver = Omit<SmsMessage, "text" | "locale"> & { id: string; locale: Locale; text: string };
export type SmsStatus = "QUEUED" | "STORED" | "SENT" | "FAILED";
export type SmsTransportResult = { ok: true; status: "SENT" | "STORED"; providerMessageId?: string } | { ok: false; error: string };
export interface SmsTransport {
  name: "smsbox" | "msg91" | "none";
  /** Whether the stored copy may keep the code (only where nothing leaves: the local smsbox). */
  keepsText: boolean;
  /** The language the transport can send `template` in for a person who reads `locale` (unset: any). */
  localeFor?(template: SmsTemplate, locale: Locale): Locale;
  deliver(message: SmsToDeliver): Promise<SmsTransportResult>;
}
export interface SmsService {
  /** Writes the message and makes its one delivery attempt. */
  send(message: SmsMessage): Promise<{ id: string; status: SmsStatus }>;
}

type SmsEnv = Pick<
  Env,
  "DB" | "SMS_TRANSPORT" | "MSG91_AUTH_KEY" | "MSG91_TEMPLATE_LOGIN_CODE" | "MSG91_TEMPLATE_LOGIN_CODE_HI" | "MSG91_TEMPLATE_PLAN_INVITE" | "MSG91_API_URL"
> & {
  APP_ENV?: string;
};

/** DLT template ids: one id (English), or one per language (each language's text is its own DLT template). */
export type SmsTemplateIds = Partial<Record<SmsTemplate, string | Partial<Record<Locale, string>>>>;

const templateIdOf = (templates: SmsTemplateIds, template: SmsTemplate, locale: Locale): string | undefined => {
  const ids = templates[template];
  return typeof ids === "string" ? (locale === BASE_LOCALE ? ids : undefined) : ids?.[locale];
};

export const MSG91_FLOW_URL = "https://control.msg91.com/api/v5/flow";
const SMS_HTTP_TIMEOUT_MS = 15_000;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 300);

/** The local smsbox: keeps the message for /dev/sms and tests; nothing leaves. */
export const smsboxTransport: SmsTransport = { name: "smsbox", keepsText: true, deliver: async () => ({ ok: true, status: "STORED" }) };

function misconfigured(reason: string): SmsTransport {
  return { name: "none", keepsText: false, deliver: async () => ({ ok: false, error: reason }) };
}

/**
 * MSG91's Flow API: one recipient, the DLT template id, the variables by name. The mobile number is
 * sent without "+" (MSG91 takes "919812345678"). 2xx with `type: "success"` is accepted.
 */
export function msg91Transport(authKey: string, templates: SmsTemplateIds, url = MSG91_FLOW_URL): SmsTransport {
  return {
    name: "msg91",
    keepsText: false,
    // A language whose DLT template is not registered yet gets the English one (a code must arrive).
    localeFor: (template, locale) => (templateIdOf(templates, template, locale) ? locale : BASE_LOCALE),
    async deliver(m) {
      const templateId = templateIdOf(templates, m.template, m.locale);
      if (!templateId)
        return {
          ok: false,
          error: `No DLT template id is configured for ${m.template} (MSG91_TEMPLATE_${m.template}${m.locale === BASE_LOCALE ? "" : `_${m.locale.toUpperCase()}`})`,
        };
      let res: Response;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: { authkey: authKey, "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ template_id: templateId, short_url: "0", recipients: [{ mobiles: m.to.replace(/^\+/, ""), ...m.vars }] }),
          signal: AbortSignal.timeout(SMS_HTTP_TIMEOUT_MS),
        });
      } catch (e) {
        return { ok: false, error: `network error: ${errorText(e)}` };
      }
      const body = (await res.text().catch(() => "")).slice(0, 300);
      let parsed: { type?: unknown; message?: unknown } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        /* not JSON */
      }
      if (res.ok && parsed.type !== "error")
        return { ok: true, status: "SENT", providerMessageId: typeof parsed.message === "string" ? parsed.message : undefined };
      return { ok: false, error: `HTTP ${res.status}${body ? `: ${body}` : ""}` };
    },
  };
}

/** The transport SMS_TRANSPORT names; unset is the local smsbox, except in production (no transport: every message fails, saying why). */
export function smsTransportFor(env: Omit<SmsEnv, "DB">): SmsTransport {
  const name = (env.SMS_TRANSPORT ?? "").trim().toLowerCase();
  if (name === "" && env.APP_ENV === "production")
    return misconfigured("No SMS transport is configured in production: set SMS_TRANSPORT to msg91 (docs/deploy.md)");
  if (name === "" || name === "smsbox") return smsboxTransport;
  if (name === "msg91")
    return env.MSG91_AUTH_KEY
      ? msg91Transport(
          env.MSG91_AUTH_KEY,
          {
            LOGIN_CODE: { en: env.MSG91_TEMPLATE_LOGIN_CODE?.trim() || undefined, hi: env.MSG91_TEMPLATE_LOGIN_CODE_HI?.trim() || undefined },
            PLAN_INVITE: env.MSG91_TEMPLATE_PLAN_INVITE?.trim() || undefined,
          },
          env.MSG91_API_URL?.trim() || MSG91_FLOW_URL,
        )
      : misconfigured('SMS_TRANSPORT is "msg91" but the MSG91_AUTH_KEY secret is not set');
  return misconfigured(`Unknown SMS_TRANSPORT "${env.SMS_TRANSPORT}" (use smsbox or msg91)`);
}

/** The text as stored: whole in the local smsbox, with every run of 4 or more digits masked elsewhere (the code, never a usable copy). */
export const storedSmsText = (text: string, keepsText: boolean) => (keepsText ? text : text.replace(/\d{4,}/g, (d) => "•".repeat(d.length)));

export function smsServiceFor(env: SmsEnv, options: { transport?: SmsTransport; clock?: () => number } = {}): SmsService {
  const transport = options.transport ?? smsTransportFor(env);
  const clock = options.clock ?? Date.now;
  return {
    async send(m) {
      const now = clock();
      const id = newId(now);
      // The recipient's language, unless the transport has no template in it (then English, stored as sent).
      const wanted = m.locale ?? BASE_LOCALE;
      const locale = transport.localeFor?.(m.template, wanted) ?? wanted;
      const text = typeof m.text === "function" ? m.text(locale) : m.text;
      await env.DB.prepare("INSERT INTO sms_outbox (id, to_phone, template, text, status, transport, created_at) VALUES (?, ?, ?, ?, 'QUEUED', ?, ?)")
        .bind(id, m.to, m.template, storedSmsText(text, transport.keepsText), transport.name, now)
        .run();
      const result = await transport
        .deliver({ to: m.to, template: m.template, vars: m.vars, id, locale, text })
        .catch((e: unknown): SmsTransportResult => ({ ok: false, error: errorText(e) }));
      if (result.ok) {
        await env.DB.prepare("UPDATE sms_outbox SET status = ?, sent_at = ?, provider_message_id = ? WHERE id = ?")
          .bind(result.status, result.status === "SENT" ? clock() : null, result.providerMessageId ?? null, id)
          .run();
        return { id, status: result.status };
      }
      await env.DB.prepare("UPDATE sms_outbox SET status = 'FAILED', error = ? WHERE id = ?").bind(result.error, id).run();
      log.error("sms delivery failed", { smsId: id, transport: transport.name, reason: result.error });
      return { id, status: "FAILED" };
    },
  };
}

export type SmsOutboxMessage = {
  id: string;
  to: string;
  template: string;
  text: string;
  status: SmsStatus;
  error: string | null;
  transport: string | null;
  createdAt: number;
  sentAt: number | null;
};

/** The newest text messages (for /dev/sms and tests), optionally to one number (E.164). */
export async function listSmsOutbox(d1: D1Database, options: { to?: string; limit?: number } = {}): Promise<SmsOutboxMessage[]> {
  const limit = Math.min(options.limit ?? 50, 200);
  const columns = "id, to_phone, template, text, status, error, transport, created_at, sent_at";
  const stmt = options.to
    ? d1.prepare(`SELECT ${columns} FROM sms_outbox WHERE to_phone = ? ORDER BY created_at DESC, id DESC LIMIT ?`).bind(options.to, limit)
    : d1.prepare(`SELECT ${columns} FROM sms_outbox ORDER BY created_at DESC, id DESC LIMIT ?`).bind(limit);
  const { results } = await stmt.all<{
    id: string;
    to_phone: string;
    template: string;
    text: string;
    status: SmsStatus;
    error: string | null;
    transport: string | null;
    created_at: number;
    sent_at: number | null;
  }>();
  return results.map((r) => ({
    id: r.id,
    to: r.to_phone,
    template: r.template,
    text: r.text,
    status: r.status,
    error: r.error,
    transport: r.transport,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  }));
}
