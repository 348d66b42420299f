import { composeMail, mailLocale, type MailBlock } from "#platform/mail-layout.ts";
import type { Locale } from "#shared/locale.ts";
import { withLocale } from "#platform/locale.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import type { Row } from "#db/rows.ts";
import type { leads, services, vendors } from "#db/schema/index.ts";
import { queueMail } from "#platform/mail.ts";
import { type DomainContext, requireSignedIn, NotFound } from "../core/index.ts";
import { type NotificationPrefs, vendorNotificationPrefs } from "../accounts/index.ts";
import type { Side } from "./lead-pipeline.ts";
import { withReplyTo } from "./reply-addresses.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * What the conversation's jobs share: the lead as its vendor or couple may see it (anyone else
 * gets 404), the links to it, and the mails to the other side that join the caller's batch.
 */

/** The page where each side follows a conversation (also the link in every mail). */
export function conversationPath(side: Side, leadId: string): string {
  return side === "vendor" ? `/VendorDashboard/enquiries/${leadId}` : `/profile/enquiries/${leadId}`;
}

export function conversationLink(ctx: Pick<DomainContext, "request">, side: Side, leadId: string): string {
  return `${ctx.request.origin}${conversationPath(side, leadId)}`;
}

/** A lead with the names, addresses and facts the conversation needs. */
export type LeadRow = Row<
  typeof leads,
  | "id"
  | "service_id"
  | "vendor_id"
  | "user_id"
  | "message"
  | "event_date"
  | "guest_count"
  | "budget"
  | "status"
  | "first_reply_at"
  | "created_at"
  | "updated_at"
  | "vendor_read_at"
  | "couple_read_at"
  | "reported_at"
  | "lost_reason"
> &
  LeadParties;

/** The service, vendor and couple an enquiry or a booking is between, as LEAD_SELECT and BOOKING_SELECT join them. */
export type LeadParties = Row<typeof services, "service_name"> &
  Row<typeof vendors, "business_name"> & {
    vendor_slug: string;
    vendor_email: string;
    vendor_phone: string | null;
    couple_name: string;
    couple_email: string;
    couple_phone: string | null;
    /** Each side's chosen language (users.locale): their mail is written in it. */
    vendor_locale: string | null;
    couple_locale: string | null;
  };

const LEAD_SELECT = `SELECT l.*, s.service_name, v.business_name, v.slug AS vendor_slug, coalesce(nullif(v.email, ''), vu.email) AS vendor_email, v.phone AS vendor_phone,
  u.user_name AS couple_name, u.email AS couple_email, u.phone AS couple_phone, vu.locale AS vendor_locale, u.locale AS couple_locale
  FROM leads l JOIN services s ON s.id = l.service_id JOIN vendors v ON v.user_id = l.vendor_id JOIN users vu ON vu.id = l.vendor_id JOIN users u ON u.id = l.user_id`;

/**
 * The lead as `side` may see it: the vendor's own lead, or the couple's own. Anyone else (another
 * vendor or couple, an admin through these doors) is told it does not exist.
 */
export async function leadFor(ctx: DomainContext, leadId: string): Promise<{ lead: LeadRow; side: Side }> {
  const actor = requireSignedIn(ctx.actor, m.guard_sign_in_to_see_your_enquiries());
  const lead = await ctx.db.prepare(`${LEAD_SELECT} WHERE l.id = ?`).bind(leadId).first<LeadRow>();
  if (lead && actor.role === "VENDOR" && lead.vendor_id === actor.id) return { lead, side: "vendor" };
  if (lead && actor.role === "USER" && lead.user_id === actor.id) return { lead, side: "couple" };
  throw new NotFound(m.api_e_we_could_not_find_that_enquiry());
}

export async function leadAs(ctx: DomainContext, leadId: string, side: Side): Promise<LeadRow> {
  const found = await leadFor(ctx, leadId);
  if (found.side !== side) throw new NotFound(m.api_e_we_could_not_find_that_enquiry());
  return found.lead;
}

/**
 * Whether the vendor wants mails of this kind (its notification preferences on the settings page):
 * new enquiries, couples' replies, booking changes. Mails to couples are not governed by them.
 */
export async function vendorWants(ctx: Pick<DomainContext, "db">, vendorId: string, kind: keyof NotificationPrefs): Promise<boolean> {
  return (await vendorNotificationPrefs(ctx, vendorId))[kind];
}

/** The language of `side`'s mail about this lead (their users.locale). */
export const sideLocale = (lead: Pick<LeadParties, "vendor_locale" | "couple_locale">, side: Side): Locale =>
  mailLocale(side === "vendor" ? lead.vendor_locale : lead.couple_locale);

/**
 * A mail to the other side of a lead, queued (its statement joins the caller's batch) and delivered
 * after it. `subject` and `body` are given the recipient's language (`sideLocale`); the frame
 * (greeting, link, footer) is written in it here.
 */
export function leadNotice(
  ctx: DomainContext,
  lead: LeadRow,
  to: Side,
  subject: string | ((locale: Locale) => string),
  body: MailBlock[] | ((locale: Locale) => MailBlock[]),
): { id: string; statement: D1PreparedStatement } {
  const locale = sideLocale(lead, to);
  // Dates and amounts in the body follow the recipient's locale too (the formatters read the work's locale).
  const blocks = typeof body === "function" ? withLocale(locale, () => body(locale)) : body;
  const mail = composeMail({
    to: to === "vendor" ? lead.vendor_email : lead.couple_email,
    locale,
    subject: typeof subject === "function" ? subject(locale) : subject,
    audience: to,
    origin: ctx.request.origin,
    greeting: messages.mail_greeting({ name: to === "vendor" ? lead.business_name : lead.couple_name }, { locale }),
    body: [...blocks.filter((b) => b !== ""), { link: { label: messages.mail_open_conversation({}, { locale }), url: conversationLink(ctx, to, lead.id) } }],
    reason:
      to === "vendor"
        ? messages.mail_lead_reason_vendor({ service: lead.service_name, url: `${ctx.request.origin}/VendorDashboard/vendor-setting` }, { locale })
        : messages.mail_lead_reason_couple({ vendor: lead.business_name, service: lead.service_name }, { locale }),
  });
  // A reply to this mail becomes the recipient's message in the conversation (email-replies.ts).
  return queueMail(ctx.db, withReplyTo(ctx, mail, lead.id, to), ctx.now);
}

/** Runs the batch, then delivers its mails (as makeLead does). A concurrent change that broke a guard is a 409. */
export async function writeAndNotify(
  ctx: DomainContext,
  writes: D1PreparedStatement[],
  mails: { id: string; statement: D1PreparedStatement }[],
): Promise<void> {
  await ctx.db.batch([...writes, ...mails.map((m) => m.statement)]);
  for (const m of mails) await ctx.mail.deliver(m.id);
}
