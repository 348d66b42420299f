import { createHmac, timingSafeEqual } from "node:crypto";
import type { MailMessage } from "#platform/mail.ts";
import type { DomainContext, ReplyConfig } from "../core/index.ts";
import type { Side } from "./lead-pipeline.ts";

/**
 * Reply addresses of a conversation (email-replies.ts says how replies are received): one per
 * conversation and side, `r.<lead id, 32 hex><v|c>.<signature>@<reply domain>`, the signature being
 * the first 20 hex characters (80 bits) of an HMAC-SHA256 of the lead and side. Signed synchronously
 * (node:crypto under nodejs_compat), so a mail's Reply-To is made where the mail is composed.
 */
const SIGNATURE_HEX = 20;
const LOCAL_PART = /^r\.([0-9a-f]{32})([vc])\.([0-9a-f]{20})$/;

const signatureOf = (secret: string, leadId: string, side: Side) =>
  createHmac("sha256", secret).update(`reply:${leadId}:${side}`).digest("hex").slice(0, SIGNATURE_HEX);

/** The Reply-To address of a conversation's mails to `side` (a reply comes from that side). */
export function replyAddressFor(config: ReplyConfig, leadId: string, side: Side): string {
  return `r.${leadId.replaceAll("-", "")}${side === "vendor" ? "v" : "c"}.${signatureOf(config.secret, leadId, side)}@${config.domain}`;
}

/** The conversation and side an address stands for, or null when we did not make it. */
export function readReplyAddress(config: ReplyConfig, address: string): { leadId: string; side: Side } | null {
  const at = address.lastIndexOf("@");
  if (at < 0 || address.slice(at + 1).toLowerCase() !== config.domain.toLowerCase()) return null;
  const match = LOCAL_PART.exec(address.slice(0, at).toLowerCase());
  if (!match) return null;
  const [, hex = "", code, signature = ""] = match;
  const leadId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const side: Side = code === "v" ? "vendor" : "couple";
  const expected = new TextEncoder().encode(signatureOf(config.secret, leadId, side));
  const given = new TextEncoder().encode(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { leadId, side } : null;
}

/** The mail with the conversation's reply address for `side` as its Reply-To, where replies by e-mail are set up. */
export function withReplyTo(ctx: Pick<DomainContext, "config">, mail: MailMessage, leadId: string, side: Side): MailMessage {
  const replies = ctx.config.replies;
  return replies ? { ...mail, headers: { ...mail.headers, "Reply-To": replyAddressFor(replies, leadId, side) } } : mail;
}
