import { m as messages } from "#shared/paraglide/messages.js";
import { todayInIndia } from "#shared/listing-rules.ts";
import { leadMessageInput, quoteInput } from "#shared/lead-rules.ts";
import { formatRupees, formatDate } from "#shared/format.ts";
import { whatsAppNotice } from "../accounts/index.ts";
import { type DomainContext, parseInput, newId, Invalid } from "../core/index.ts";
import type { LeadMessage, LeadQuote } from "./conversation.ts";
import { requireTransition, type Side, fromStatuses } from "./lead-pipeline.ts";
import { leadFor, vendorWants, leadNotice, writeAndNotify, leadAs, conversationLink, sideLocale } from "./lead-records.ts";
import { withLocale } from "#platform/locale.ts";
import { firstReplyWrites } from "./reply-time.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Writing in a conversation: a message from either side and the vendor's quote, each with the
 * other side's mail in the same batch.
 */

/**
 * A message on the conversation, from whichever side the actor is. The vendor's first message
 * moves NEW to CONTACTED and records the first reply (and the reply-time median) in the same batch.
 */
export async function sendLeadMessage(ctx: DomainContext, leadId: string, input: unknown): Promise<LeadMessage> {
  const { lead, side } = await leadFor(ctx, leadId);
  const { body } = parseInput(leadMessageInput, input, m.api_v_please_write_a_message());
  requireTransition("reply", lead.status);
  const id = newId(ctx.now);
  const senderId = side === "vendor" ? lead.vendor_id : lead.user_id;
  const writes = [
    ctx.db.prepare("INSERT INTO lead_messages (id, lead_id, sender_id, body, created_at) VALUES (?, ?, ?, ?, ?)").bind(id, leadId, senderId, body, ctx.now),
    ctx.db
      .prepare(
        `UPDATE leads SET updated_at = ?1, ${side === "vendor" ? "vendor_read_at = ?1, status = CASE WHEN status = 'NEW' THEN 'CONTACTED' ELSE status END" : "couple_read_at = ?1"} WHERE id = ?2`,
      )
      .bind(ctx.now, leadId),
    ...(side === "vendor" ? firstReplyWrites(ctx, lead) : []),
  ];
  const to: Side = side === "vendor" ? "couple" : "vendor";
  const from = side === "vendor" ? lead.business_name : lead.couple_name;
  // The couple is always told; the vendor only when it wants couples' replies by mail.
  const wanted = to === "couple" || (await vendorWants(ctx, lead.vendor_id, "couple_reply"));
  const notice = leadNotice(
    ctx,
    lead,
    to,
    (locale) => messages.mail_message_subject({ from, service: lead.service_name }, { locale }),
    (locale) => [messages.mail_message_wrote({ from }, { locale }), { quote: body }],
  );
  // On WhatsApp too when the recipient opted in (issue 32): who wrote and where, not what (the message stays on Mandap).
  const whatsApp = await whatsAppNotice(ctx, to === "vendor" ? lead.vendor_id : lead.user_id, "reply", [
    from,
    lead.service_name,
    conversationLink(ctx, to, lead.id),
  ]);
  await writeAndNotify(ctx, writes, [...(wanted ? [notice] : []), ...(whatsApp ? [whatsApp] : [])]);
  return { id, from: side, body, created_at: ctx.now };
}

/** The vendor's quote: stored, shown in the conversation, the lead QUOTED; a newer quote replaces the older as the one to accept. */
export async function sendQuote(ctx: DomainContext, leadId: string, input: unknown): Promise<LeadQuote> {
  const lead = await leadAs(ctx, leadId, "vendor");
  const fields = parseInput(quoteInput, input, m.api_e_please_correct_the_quote());
  if (fields.validUntil < todayInIndia(ctx.now))
    throw new Invalid(m.api_e_please_correct_the_quote(), { validUntil: m.api_e_valid_until_cannot_be_in_the_past() });
  requireTransition("quote", lead.status);
  const id = newId(ctx.now);
  const summary = `Quote: ${formatRupees(fields.amount)}, valid until ${formatDate(fields.validUntil)}.\nIncludes: ${fields.includes}`;
  const writes = [
    ctx.db
      .prepare("INSERT INTO lead_quotes (id, lead_id, amount, includes, valid_until, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(id, leadId, fields.amount, fields.includes, fields.validUntil, ctx.now),
    ctx.db
      .prepare("INSERT INTO lead_messages (id, lead_id, sender_id, body, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(newId(ctx.now), leadId, lead.vendor_id, summary, ctx.now),
    ctx.db
      .prepare(`UPDATE leads SET status = 'QUOTED', updated_at = ?1, vendor_read_at = ?1 WHERE id = ?2 AND status IN ${fromStatuses("quote")}`)
      .bind(ctx.now, leadId),
    ...firstReplyWrites(ctx, lead),
  ];
  const notice = leadNotice(
    ctx,
    lead,
    "couple",
    (locale) => messages.mail_quote_subject({ vendor: lead.business_name, service: lead.service_name }, { locale }),
    (locale) => [
      messages.mail_quote_summary({ amount: formatRupees(fields.amount), date: formatDate(fields.validUntil), includes: fields.includes }, { locale }),
      messages.mail_quote_next({}, { locale }),
    ],
  );
  const whatsApp = await whatsAppNotice(ctx, lead.user_id, "quote", [
    lead.business_name,
    lead.service_name,
    formatRupees(fields.amount),
    // The date in the couple's language, as the template's words.
    withLocale(sideLocale(lead, "couple"), () => formatDate(fields.validUntil)),
    conversationLink(ctx, "couple", lead.id),
  ]);
  await writeAndNotify(ctx, writes, [notice, ...(whatsApp ? [whatsApp] : [])]);
  return { id, amount: fields.amount, includes: fields.includes, valid_until: fields.validUntil, created_at: ctx.now, expired: false };
}
