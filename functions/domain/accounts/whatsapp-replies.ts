import { type DomainContext, Invalid, Unauthorized } from "../core/index.ts";
import { verifyHmacSha256Hex } from "#platform/hmac.ts";
import { indianMobile } from "#platform/whatsapp.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Replies on WhatsApp (issue 32, docs/decisions/0048-whatsapp.md): a person who answers one of our
 * messages with STOP has WhatsApp messages turned off at once, as the one-tap stop link does. Meta's
 * WhatsApp Cloud API posts incoming messages to the webhook signed with the app's secret
 * (X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the raw body); anything unsigned is refused.
 * Other replies are acknowledged and ignored: the conversation stays on Mandap.
 */

/** The words that stop messages, compared trimmed and case-insensitively (Meta's own opt-out word is STOP). */
export const STOP_WORDS = ["stop", "stop all", "unsubscribe", "बंद", "बंद करें", "रोकें"] as const;

export const isStopWord = (text: string) => (STOP_WORDS as readonly string[]).includes(text.trim().replace(/\s+/g, " ").toLowerCase());

type InboundMessage = {
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown };
  interactive?: { button_reply?: { title?: unknown } };
};

/** The Cloud API's notification: the senders (E.164) of messages that ask to stop; null when it is not such a notification. */
export function stopRequests(body: string): string[] | null {
  let payload: { object?: unknown; entry?: { changes?: { value?: { messages?: InboundMessage[] } }[] }[] };
  try {
    payload = JSON.parse(body) as typeof payload;
  } catch {
    return null;
  }
  if (!payload || typeof payload !== "object" || payload.object !== "whatsapp_business_account" || !Array.isArray(payload.entry)) return null;
  const numbers = new Set<string>();
  for (const entry of payload.entry)
    for (const change of Array.isArray(entry?.changes) ? entry.changes : [])
      for (const message of Array.isArray(change?.value?.messages) ? change.value.messages : []) {
        const words = message?.text?.body ?? message?.button?.text ?? message?.interactive?.button_reply?.title;
        const from = typeof message?.from === "string" ? indianMobile(message.from) : null;
        if (from && typeof words === "string" && isStopWord(words)) numbers.add(from);
      }
  return [...numbers];
}

/**
 * Turns WhatsApp messages off for every opted-in account whose messages go to `number` (E.164), and
 * makes their queued messages not sent; answers how many accounts were opted in.
 */
export async function stopWhatsAppFrom(ctx: Pick<DomainContext, "db" | "now">, number: string): Promise<number> {
  const e164 = indianMobile(number);
  if (!e164) return 0;
  const ten = e164.slice(3);
  // A cheap filter in SQL (the typed numbers hold spaces and dashes), then the same reading as the sender's.
  const { results } = await ctx.db
    .prepare(
      `SELECT u.id, coalesce(u.verified_phone, nullif(trim(u.phone), ''), v.phone) AS phone FROM whatsapp_optins o JOIN users u ON u.id = o.user_id
       LEFT JOIN vendors v ON v.user_id = u.id
       WHERE o.opted_in = 1 AND (u.verified_phone = ?1 OR replace(replace(coalesce(u.phone, ''), ' ', ''), '-', '') LIKE '%' || ?2
         OR replace(replace(coalesce(v.phone, ''), ' ', ''), '-', '') LIKE '%' || ?2)`,
    )
    .bind(e164, ten)
    .all<{ id: string; phone: string | null }>();
  const ids = results.filter((r) => indianMobile(r.phone) === e164).map((r) => r.id);
  if (!ids.length) return 0;
  await ctx.db.batch(
    ids.map((id) =>
      ctx.db
        .prepare("UPDATE whatsapp_optins SET opted_in = 0, opted_out_at = ?2, source = 'stop-reply', updated_at = ?2 WHERE user_id = ?1 AND opted_in = 1")
        .bind(id, ctx.now),
    ),
  );
  return ids.length;
}

/** The webhook's POST: verified, then each STOP honoured. 401 unsigned or wrongly signed; 400 signed but not a notification. */
export async function recordWhatsAppReplies(
  ctx: Pick<DomainContext, "db" | "config" | "now">,
  { body, signature }: { body: string; signature: string | null },
): Promise<{ stopped: number }> {
  const secret = ctx.config.whatsAppWebhook.appSecret;
  const hex = signature?.startsWith("sha256=") ? signature.slice("sha256=".length) : "";
  if (!secret || !(await verifyHmacSha256Hex(secret, body, hex))) throw new Unauthorized(m.api_e_the_webhook_signature_is_not_valid());
  const numbers = stopRequests(body);
  if (!numbers) throw new Invalid(m.api_e_the_notification_is_not_one_we_understand());
  let stopped = 0;
  for (const n of numbers) stopped += await stopWhatsAppFrom(ctx, n);
  if (stopped) log.info("whatsapp stopped by reply", { accounts: stopped });
  return { stopped };
}

/** Meta's subscription check (GET hub.mode=subscribe, hub.verify_token, hub.challenge): the challenge when the token is ours, else null. */
export function whatsAppWebhookChallenge(ctx: Pick<DomainContext, "config">, query: { mode?: string; token?: string; challenge?: string }): string | null {
  const expected = ctx.config.whatsAppWebhook.verifyToken;
  if (!expected || query.mode !== "subscribe" || query.token !== expected || !query.challenge) return null;
  return query.challenge;
}
