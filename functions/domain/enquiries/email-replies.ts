import PostalMime from "postal-mime";
import { withLocale } from "#platform/locale.ts";
import { log } from "#platform/log.ts";
import { mailLocale } from "#platform/mail-layout.ts";
import { m } from "#shared/paraglide/messages.js";
import { type Actor, type DomainContext, type ReplyConfig, isDomainError } from "../core/index.ts";
import type { Side } from "./lead-pipeline.ts";
import { readReplyAddress } from "./reply-addresses.ts";
import { sendLeadMessage } from "./messages-and-quotes.ts";

/**
 * Replies by e-mail (issue 31). Each enquiry mail to a vendor or a couple carries a Reply-To address
 * unique to that conversation and that side: `r.<lead id, 32 hex><v|c>.<signature>@<reply domain>`,
 * where the signature is the first 20 hex characters (80 bits) of an HMAC-SHA256 of the lead and
 * side with REPLY_SIGNING_SECRET. Nobody can make an address for a conversation without the secret,
 * and the id inside it opens nothing by itself.
 *
 * A reply reaches the Worker's `email()` handler (Cloudflare Email Routing: a catch-all rule of the
 * reply domain to this Worker) and `receiveEmailReply` turns it into a message in the conversation,
 * from that side, through the same `sendLeadMessage` as the conversation page (so the other side is
 * told and the pipeline rules apply). It is refused, with the reason given back to the sender's
 * mail server, when the address is not one we made, the sender is not that side's person, the
 * message is too big or says nothing once quoted history is stripped, or the conversation is
 * closed or gone. Nothing is written then.
 *
 * The reason goes back to the sender's mail server, which mails it to them: once the conversation is
 * known it is said in the language that side's person chose (users.locale), as our mails to them
 * are; before (no reply address of ours), in English.
 */

/** Raw messages above this are refused before they are read (a reply is text; attachments are not kept). */
export const REPLY_RAW_MAX_BYTES = 512 * 1024;
/**
 * What the person wrote above the history their mail program quoted: everything from the first
 * attribution line ("On … wrote:", Outlook's "From:" block or "Original Message" rule) or the
 * signature separator ("-- ") on is dropped, and so are quoted (">") lines.
 */
export function replyText(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const next = lines[i + 1] ?? "";
    if (/^\s*On\b.*\bwrote:\s*$/i.test(line)) break;
    // Gmail wraps a long attribution: "On Mon, 1 Dec 2026 at 10:02, Mandap <r.…@…>" then "wrote:".
    if (/^\s*On\b.*\d/.test(line) && /^\s*wrote:\s*$/i.test(next)) break;
    if (/^\s*-{2,}\s*(Original Message|Forwarded message)\s*-{2,}/i.test(line)) break;
    if (/^\s*_{10,}\s*$/.test(line)) break;
    if (/^\s*From:\s.+/i.test(line) && /^\s*(Sent|Date|To):\s/i.test(next)) break;
    if (line === "-- " || line === "--") break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  return kept
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Text of an HTML-only reply: tags out, entities of the common kind decoded, the quoted blocks gone. */
function textOfHtml(html: string): string {
  return html
    .replace(/<(blockquote|style|script|head)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<div class="?gmail_quote[\s\S]*$/i, "")
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h\d)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

export type ReplyOutcome = { ok: true; leadId: string; side: Side; messageId: string } | { ok: false; reason: string };

const refused = (reason: string): ReplyOutcome => ({ ok: false, reason });

/** The conversation a reply address names: both sides' people. */
type Conversation = {
  user_id: string;
  vendor_id: string;
  couple_email: string;
  couple_name: string;
  couple_photo: string | null;
  couple_verified: number;
  vendor_login_email: string;
  vendor_email: string | null;
  vendor_user_name: string;
  vendor_photo: string | null;
  vendor_verified: number;
};

/**
 * A mail to a reply address, as the `email()` handler hands it over: the envelope's recipient and
 * sender, the raw MIME message and its size. Returns the message made in the conversation, or why
 * the mail is refused (the handler rejects it with that reason).
 */
export async function receiveEmailReply(
  ctx: DomainContext,
  config: ReplyConfig | null,
  mail: { to: string; from: string; raw: ReadableStream<Uint8Array> | ArrayBuffer | string; rawSize: number },
): Promise<ReplyOutcome> {
  if (!config) return refused(m.api_reply_not_set_up());
  const target = readReplyAddress(config, mail.to);
  if (!target) return refused(m.api_reply_unknown_address());
  const lead = await ctx.db
    .prepare(
      `SELECT l.user_id, l.vendor_id, u.email AS couple_email, u.user_name AS couple_name, u.profile_photo AS couple_photo, u.is_verified AS couple_verified,
              vu.email AS vendor_login_email, v.email AS vendor_email, vu.user_name AS vendor_user_name, vu.profile_photo AS vendor_photo, vu.is_verified AS vendor_verified,
              u.locale AS couple_locale, vu.locale AS vendor_locale
       FROM leads l JOIN users u ON u.id = l.user_id JOIN users vu ON vu.id = l.vendor_id JOIN vendors v ON v.user_id = l.vendor_id WHERE l.id = ?`,
    )
    .bind(target.leadId)
    .first<Conversation & { couple_locale: string | null; vendor_locale: string | null }>();
  if (!lead) return refused(m.api_reply_conversation_gone());
  const locale = mailLocale(target.side === "vendor" ? lead.vendor_locale : lead.couple_locale);
  return withLocale(locale, () => receiveInConversation(ctx, mail, target, lead));
}

/** The rest of `receiveEmailReply` once the conversation is known, in its side's person's language. */
async function receiveInConversation(
  ctx: DomainContext,
  mail: { from: string; raw: ReadableStream<Uint8Array> | ArrayBuffer | string; rawSize: number },
  target: { leadId: string; side: Side },
  lead: Conversation,
): Promise<ReplyOutcome> {
  if (mail.rawSize > REPLY_RAW_MAX_BYTES) return refused(m.api_reply_too_large({ kb: REPLY_RAW_MAX_BYTES / 1024 }));
  const sender = bareAddress(mail.from);
  const allowed = target.side === "vendor" ? [lead.vendor_login_email, lead.vendor_email] : [lead.couple_email];
  if (!sender || !allowed.some((a) => a && a.toLowerCase() === sender)) return refused(m.api_reply_not_the_recipient());

  let parsed: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    parsed = await PostalMime.parse(mail.raw);
  } catch (e) {
    log.warn("email reply unreadable", { leadId: target.leadId }, e);
    return refused(m.api_reply_unreadable());
  }
  const body = replyText(parsed.text ?? textOfHtml(parsed.html ?? ""));
  if (!body) return refused(m.api_reply_empty());

  const actor: Actor =
    target.side === "vendor"
      ? {
          id: lead.vendor_id,
          role: "VENDOR",
          email: lead.vendor_login_email,
          userName: lead.vendor_user_name,
          profilePhoto: lead.vendor_photo,
          isVerified: lead.vendor_verified === 1,
        }
      : {
          id: lead.user_id,
          role: "USER",
          email: lead.couple_email,
          userName: lead.couple_name,
          profilePhoto: lead.couple_photo,
          isVerified: lead.couple_verified === 1,
        };
  try {
    const message = await sendLeadMessage({ ...ctx, actor, session: null }, target.leadId, { body });
    log.info("email reply received", { leadId: target.leadId, side: target.side, messageId: message.id });
    return { ok: true, leadId: target.leadId, side: target.side, messageId: message.id };
  } catch (e) {
    // A closed conversation, a role that changed: the rule's own words go back to the sender.
    if (isDomainError(e)) return refused(e.message);
    throw e;
  }
}

/** "Asha <asha@example.com>" or "asha@example.com" to "asha@example.com", lower-case; "" when there is none. */
function bareAddress(value: string): string {
  const inAngles = /<([^<>\s]+@[^<>\s]+)>/.exec(value)?.[1];
  const address = (inAngles ?? value).trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? address : "";
}
