import { type BookingInput, bookingInputAt } from "#shared/lead-rules.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { whatsAppNotice } from "../accounts/index.ts";
import { type DomainContext, newId, Conflict, NotFound, parseInput } from "../core/index.ts";
import { type Side, requireTransition } from "./lead-pipeline.ts";
import { type LeadRow, vendorWants, leadNotice, writeAndNotify, leadFor, sideLocale } from "./lead-records.ts";
import { withLocale } from "#platform/locale.ts";
import { firstReplyWrites } from "./reply-time.ts";
import { blockDays } from "./booking-days.ts";
import { bookingPath, type Booking } from "./booking-records.ts";
import { bookingById } from "./booking-views.ts";
import type { Locale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * A lead becomes a booking: the vendor books it with the agreed terms, or the couple accepts the
 * latest valid quote. One booking per lead, under races too.
 */

const ALREADY_BOOKED = m.api_e_this_enquiry_already_has_a_booking;

function isLeadBookedTwice(e: unknown): boolean {
  const text = String(e instanceof Error ? `${e.message} ${String(e.cause ?? "")}` : e);
  return text.includes("UNIQUE constraint failed") && text.includes("bookings.lead_id");
}

function isLeadChanged(e: unknown): boolean {
  const text = String(e instanceof Error ? `${e.message} ${String(e.cause ?? "")}` : e);
  return text.includes("NOT NULL constraint failed") && text.includes("bookings.agreed_price");
}

async function insertBooking(
  ctx: DomainContext,
  lead: LeadRow,
  terms: BookingInput,
  extraWrites: D1PreparedStatement[],
  mail: { to: Side; subject: (locale: Locale) => string; body: (locale: Locale) => string[] },
): Promise<string> {
  const id = newId(ctx.now);
  const milestones = [
    ...terms.payments.map((p) => ({ kind: "PAYMENT", title: p.title, amount: p.amount, due: p.dueDate })),
    ...terms.deliverables.map((d) => ({ kind: "DELIVERABLE", title: d.title, amount: null, due: d.dueDate })),
  ];
  const writes = [
    // The lead moves to BOOKED only from the status it was read in. The booking is written only
    // when the lead is then BOOKED: otherwise (the couple withdrew or the vendor closed it in the
    // meantime) its price is NULL, the NOT NULL constraint fails and the whole batch (milestones,
    // calendar, mail) is rolled back and answered 409. A second booking of the lead breaks the
    // unique index bookings_lead_unique the same way.
    ctx.db.prepare("UPDATE leads SET status = 'BOOKED', updated_at = ? WHERE id = ? AND status = ?").bind(ctx.now, lead.id, lead.status),
    ctx.db
      .prepare(
        `INSERT INTO bookings (id, lead_id, service_id, vendor_id, user_id, event_date, event_end_date, agreed_price, advance_paid, status, notes, created_at, updated_at)
         SELECT ?, l.id, l.service_id, l.vendor_id, l.user_id, ?, ?, CASE WHEN l.status = 'BOOKED' THEN ? END, ?, 'CONFIRMED', ?, ?, ? FROM leads l WHERE l.id = ?`,
      )
      .bind(
        id,
        terms.eventDate,
        terms.eventEndDate && terms.eventEndDate > terms.eventDate ? terms.eventEndDate : null,
        terms.agreedPrice,
        terms.advancePaid,
        terms.notes ?? null,
        ctx.now,
        ctx.now,
        lead.id,
      ),
    ...milestones.map((m) =>
      ctx.db
        .prepare("INSERT INTO booking_milestones (id, booking_id, kind, title, amount, due_date) VALUES (?, ?, ?, ?, ?, ?)")
        .bind(newId(ctx.now), id, m.kind, m.title, m.amount, m.due),
    ),
    ...blockDays(ctx, lead.service_id, terms.eventDate, terms.eventEndDate ?? null),
    ...extraWrites,
  ];
  // Booking mails to the vendor only when it wants booking changes by mail (the couple is always told).
  const wanted = mail.to === "couple" || (await vendorWants(ctx, lead.vendor_id, "booking_changes"));
  const notice = leadNotice(ctx, lead, mail.to, mail.subject, (locale) => [
    ...mail.body(locale),
    { link: { label: m.mail_see_booking({}, { locale }), url: `${ctx.request.origin}${bookingPath(mail.to, id)}` } },
  ]);
  // On WhatsApp too when the other side opted in (issue 32).
  const whatsApp = await whatsAppNotice(ctx, mail.to === "vendor" ? lead.vendor_id : lead.user_id, "booking-change", [
    mail.to === "vendor" ? lead.couple_name : lead.business_name,
    lead.service_name,
    withLocale(sideLocale(lead, mail.to), () => formatDate(terms.eventDate)),
    `${ctx.request.origin}${bookingPath(mail.to, id)}`,
  ]);
  try {
    await writeAndNotify(ctx, writes, [...(wanted ? [notice] : []), ...(whatsApp ? [whatsApp] : [])]);
  } catch (e) {
    if (isLeadBookedTwice(e)) throw new Conflict(ALREADY_BOOKED());
    if (isLeadChanged(e)) throw new Conflict(m.api_e_this_enquiry_changed_in_the_meantime_it());
    throw e;
  }
  return id;
}

async function requireNoBooking(ctx: DomainContext, leadId: string): Promise<void> {
  if (await ctx.db.prepare("SELECT 1 FROM bookings WHERE lead_id = ?").bind(leadId).first()) throw new Conflict(ALREADY_BOOKED());
}

/** The vendor marks an open lead BOOKED with the agreed price, event day(s), advance, balance instalments and deliverables. */
export async function bookLead(ctx: DomainContext, leadId: string, input: unknown): Promise<Booking> {
  const { lead, side } = await leadFor(ctx, leadId);
  if (side !== "vendor") throw new NotFound(m.api_e_we_could_not_find_that_enquiry());
  const terms = parseInput(bookingInputAt(ctx.now), input, m.api_e_please_correct_the_booking());
  requireTransition("book", lead.status);
  await requireNoBooking(ctx, leadId);
  const id = await insertBooking(ctx, lead, terms, firstReplyWrites(ctx, lead), {
    to: "couple",
    subject: (locale) => m.mail_booking_confirmed_subject({ vendor: lead.business_name, service: lead.service_name }, { locale }),
    body: (locale) => [
      m.mail_booking_confirmed_body(
        { date: formatDate(terms.eventDate), price: formatRupees(terms.agreedPrice), advance: formatRupees(terms.advancePaid) },
        { locale },
      ),
    ],
  });
  return bookingById(ctx, id);
}

/** The couple accepts the latest quote while it is valid: a CONFIRMED booking at the quoted amount on the enquiry's event date. */
export async function acceptQuote(ctx: DomainContext, leadId: string): Promise<Booking> {
  const { lead, side } = await leadFor(ctx, leadId);
  if (side !== "couple") throw new NotFound(m.api_e_we_could_not_find_that_enquiry());
  requireTransition("accept", lead.status);
  const quote = await ctx.db
    .prepare("SELECT id, amount, includes, valid_until FROM lead_quotes WHERE lead_id = ? ORDER BY created_at DESC, id DESC LIMIT 1")
    .bind(leadId)
    .first<{ id: string; amount: number; includes: string; valid_until: string }>();
  if (!quote) throw new Conflict(m.api_e_there_is_no_quote_to_accept_on());
  if (quote.valid_until < todayInIndia(ctx.now)) throw new Conflict(m.api_e_quote_expired({ date: formatDate(quote.valid_until) }));
  await requireNoBooking(ctx, leadId);
  const eventDate = lead.event_date && lead.event_date >= todayInIndia(ctx.now) ? lead.event_date : null;
  const terms = {
    agreedPrice: quote.amount,
    eventDate: eventDate ?? "",
    advancePaid: 0,
    payments: [],
    deliverables: [],
    // The quote's own words (the vendor's), with nothing of ours added: both sides read the same
    // record, each in their own language, so an English "Quote accepted:" prefix was English to a
    // Hindi reader; the booking itself says it came from the accepted quote.
    notes: quote.includes,
  };
  const id = await insertBooking(ctx, lead, { ...terms, eventDate: eventDate as string }, [], {
    to: "vendor",
    subject: (locale) => m.mail_quote_accepted_subject({ couple: lead.couple_name, service: lead.service_name }, { locale }),
    body: (locale) => [
      eventDate
        ? m.mail_quote_accepted_body_dated({ couple: lead.couple_name, amount: formatRupees(quote.amount), date: formatDate(eventDate) }, { locale })
        : m.mail_quote_accepted_body({ couple: lead.couple_name, amount: formatRupees(quote.amount) }, { locale }),
    ],
  });
  return bookingById(ctx, id);
}
