import { todayInIndia } from "#shared/listing-rules.ts";
import type { DomainContext } from "../core/index.ts";
import { type Side, type LeadStatus, type LeadAction, LEAD_TRANSITIONS } from "./lead-pipeline.ts";
import { leadFor } from "./lead-records.ts";

/**
 * One conversation as its vendor or couple reads it: messages, quotes, the booking, the contact
 * details once the vendor has replied, and what the viewer may do now.
 */

export type LeadMessage = { id: string; from: Side; body: string; created_at: number };
export type LeadQuote = { id: string; amount: number; includes: string; valid_until: string; created_at: number; expired: boolean };

export type LeadConversation = {
  id: string;
  side: Side;
  status: LeadStatus;
  service: { id: string; name: string };
  vendor: { id: string; name: string; slug: string };
  couple: { name: string };
  message: string;
  event_date: string | null;
  guest_count: number | null;
  budget: number | null;
  created_at: number;
  first_reply_at: number | null;
  lost_reason: string | null;
  messages: LeadMessage[];
  quotes: LeadQuote[];
  /** The latest quote while it can still be accepted (QUOTED, not expired). */
  acceptableQuote: LeadQuote | null;
  bookingId: string | null;
  /** The other side's phone and e-mail: only once the vendor has replied. */
  contact: { email: string; phone: string | null } | null;
  /** What the viewer may do now (the pages show exactly these actions). */
  can: { reply: boolean; quote: boolean; book: boolean; lost: boolean; spam: boolean; accept: boolean; withdraw: boolean };
};

const allowed = (action: LeadAction, status: LeadStatus) => (LEAD_TRANSITIONS[action] as readonly string[]).includes(status);

/**
 * Marks the enquiry read for the signed-in vendor or couple it belongs to; anyone else changes
 * nothing (and learns nothing: no error, no answer). The conversation page calls it before any
 * loader runs, so the dashboard's unread count drawn on the same request already leaves it out.
 */
export async function markLeadRead(ctx: DomainContext, leadId: string): Promise<void> {
  const actor = ctx.actor;
  if (!actor || (actor.role !== "VENDOR" && actor.role !== "USER")) return;
  const [column, owner] = actor.role === "VENDOR" ? ["vendor_read_at", "vendor_id"] : ["couple_read_at", "user_id"];
  await ctx.db.prepare(`UPDATE leads SET ${column} = ? WHERE id = ? AND ${owner} = ?`).bind(ctx.now, leadId, actor.id).run();
}

/**
 * One conversation for its vendor or its couple, marked read for the one reading it (the unread
 * marker of the inbox and the sidebar count).
 */
export async function leadConversation(ctx: DomainContext, leadId: string): Promise<LeadConversation> {
  const { lead, side } = await leadFor(ctx, leadId);
  const today = todayInIndia(ctx.now);
  const [messages, quotes, booking] = await ctx.db.batch([
    ctx.db.prepare("SELECT id, sender_id, body, created_at FROM lead_messages WHERE lead_id = ? ORDER BY created_at, id").bind(leadId),
    ctx.db.prepare("SELECT id, amount, includes, valid_until, created_at FROM lead_quotes WHERE lead_id = ? ORDER BY created_at DESC, id DESC").bind(leadId),
    ctx.db.prepare("SELECT id FROM bookings WHERE lead_id = ?").bind(leadId),
    ctx.db.prepare(`UPDATE leads SET ${side === "vendor" ? "vendor_read_at" : "couple_read_at"} = ? WHERE id = ?`).bind(ctx.now, leadId),
  ]);
  const quoteList = (quotes!.results as Omit<LeadQuote, "expired">[]).map((q) => ({ ...q, expired: q.valid_until < today }));
  const latest = quoteList[0] ?? null;
  const acceptableQuote = lead.status === "QUOTED" && latest && !latest.expired ? latest : null;
  const replied = lead.first_reply_at !== null;
  const isVendor = side === "vendor";
  return {
    id: lead.id,
    side,
    status: lead.status,
    service: { id: lead.service_id, name: lead.service_name },
    vendor: { id: lead.vendor_id, name: lead.business_name, slug: lead.vendor_slug },
    couple: { name: lead.couple_name },
    message: lead.message,
    event_date: lead.event_date,
    guest_count: lead.guest_count,
    budget: lead.budget,
    created_at: lead.created_at,
    first_reply_at: lead.first_reply_at,
    lost_reason: lead.lost_reason,
    messages: (messages!.results as { id: string; sender_id: string; body: string; created_at: number }[]).map((m) => ({
      id: m.id,
      from: m.sender_id === lead.vendor_id ? "vendor" : "couple",
      body: m.body,
      created_at: m.created_at,
    })),
    quotes: quoteList,
    acceptableQuote,
    bookingId: (booking!.results[0] as { id: string } | undefined)?.id ?? null,
    contact: !replied ? null : isVendor ? { email: lead.couple_email, phone: lead.couple_phone } : { email: lead.vendor_email, phone: lead.vendor_phone },
    can: {
      reply: allowed("reply", lead.status),
      quote: isVendor && allowed("quote", lead.status),
      book: isVendor && allowed("book", lead.status),
      lost: isVendor && allowed("lost", lead.status),
      spam: isVendor && allowed("spam", lead.status),
      accept: !isVendor && acceptableQuote !== null,
      withdraw: !isVendor && allowed("withdraw", lead.status),
    },
  };
}
