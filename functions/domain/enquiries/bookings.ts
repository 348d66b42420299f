import { bookingInputAt, bookingUpdateInput, cancelInput, eventDays, milestoneUpdateInput, type BookingInput } from "#shared/lead-rules.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { type DomainContext, Conflict, Invalid, NotFound, newId, requireSignedIn, parseInput } from "../core/index.ts";
import { requireTransition, type Side } from "./lead-pipeline.ts";
import { leadFor, leadNotice, vendorWants, writeAndNotify, type LeadRow } from "./lead-records.ts";
import { firstReplyWrites } from "./reply-time.ts";

/**
 * Bookings: a lead becomes one when the couple accepts the vendor's latest valid quote (price = the
 * quote) or the vendor marks it BOOKED with the agreed terms. One booking per lead (the unique
 * index bookings_lead_unique keeps it under races). Both sides read the same record. The event's
 * days are blocked in the service's calendar (note "Booking") and freed when it is cancelled.
 * Statuses: CONFIRMED -> COMPLETED (the vendor, after the event) or CANCELLED (either side, with a
 * reason). A CONFIRMED or COMPLETED booking makes the couple's review of the service "Verified
 * booking" (reviews.ts).
 */
export type BookingStatus = "CONFIRMED" | "COMPLETED" | "CANCELLED";
export const BOOKING_NOTE = "Booking";

export type Milestone = { id: string; kind: "PAYMENT" | "DELIVERABLE"; title: string; amount: number | null; due_date: string | null; done_at: number | null };

export type Booking = {
  id: string;
  lead_id: string | null;
  status: BookingStatus;
  side: Side;
  service: { id: string; name: string };
  vendor: { id: string; name: string; slug: string; email: string; phone: string | null };
  couple: { name: string; email: string; phone: string | null };
  event_date: string | null;
  event_end_date: string | null;
  agreed_price: number;
  advance_paid: number;
  balance_due: number;
  notes: string | null;
  cancel_reason: string | null;
  cancelled_by: "VENDOR" | "COUPLE" | null;
  created_at: number;
  milestones: Milestone[];
  can: { complete: boolean; cancel: boolean; edit: boolean };
};

type BookingRow = {
  id: string;
  lead_id: string | null;
  service_id: string;
  vendor_id: string;
  user_id: string;
  event_date: string | null;
  event_end_date: string | null;
  agreed_price: number;
  advance_paid: number;
  status: BookingStatus;
  notes: string | null;
  cancel_reason: string | null;
  cancelled_by: "VENDOR" | "COUPLE" | null;
  created_at: number;
  service_name: string;
  business_name: string;
  vendor_slug: string;
  vendor_email: string;
  vendor_phone: string | null;
  couple_name: string;
  couple_email: string;
  couple_phone: string | null;
};

const BOOKING_SELECT = `SELECT b.*, s.service_name, v.business_name, v.slug AS vendor_slug, coalesce(v.email, vu.email) AS vendor_email, v.phone AS vendor_phone,
  u.user_name AS couple_name, u.email AS couple_email, u.phone AS couple_phone
  FROM bookings b JOIN services s ON s.id = b.service_id JOIN vendors v ON v.user_id = b.vendor_id JOIN users vu ON vu.id = b.vendor_id JOIN users u ON u.id = b.user_id`;

const ALREADY_BOOKED = "This enquiry already has a booking.";

/** The statements that block the event's days for the service (days the vendor blocked itself stay as they were). */
function blockDays(ctx: DomainContext, serviceId: string, from: string | null, to: string | null): D1PreparedStatement[] {
  if (!from) return [];
  return eventDays(from, to).map((day) =>
    ctx.db
      .prepare("INSERT INTO service_blocked_dates (service_id, day, note) VALUES (?, ?, ?) ON CONFLICT (service_id, day) DO NOTHING")
      .bind(serviceId, day, BOOKING_NOTE),
  );
}

/** Frees the days a booking blocked, unless another live booking of the service holds the day. */
function freeDays(ctx: DomainContext, b: Pick<BookingRow, "id" | "service_id" | "event_date" | "event_end_date">): D1PreparedStatement[] {
  if (!b.event_date) return [];
  return eventDays(b.event_date, b.event_end_date).map((day) =>
    ctx.db
      .prepare(
        `DELETE FROM service_blocked_dates WHERE service_id = ?1 AND day = ?2 AND note = ?3 AND NOT EXISTS (
           SELECT 1 FROM bookings o WHERE o.service_id = ?1 AND o.id <> ?4 AND o.status IN ('CONFIRMED', 'COMPLETED')
             AND o.event_date <= ?2 AND coalesce(o.event_end_date, o.event_date) >= ?2)`,
      )
      .bind(b.service_id, day, BOOKING_NOTE, b.id),
  );
}

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
  mail: { to: Side; subject: string; body: string[] },
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
  const notice = leadNotice(ctx, lead, mail.to, mail.subject, [...mail.body, "", `See the booking: ${ctx.request.origin}${bookingPath(mail.to, id)}`]);
  try {
    await writeAndNotify(ctx, writes, wanted ? [notice] : []);
  } catch (e) {
    if (isLeadBookedTwice(e)) throw new Conflict(ALREADY_BOOKED);
    if (isLeadChanged(e)) throw new Conflict("This enquiry changed in the meantime (it was closed or booked). Reload the page to see it.");
    throw e;
  }
  return id;
}

export function bookingPath(side: Side, bookingId: string): string {
  return side === "vendor" ? `/VendorDashboard/bookings/${bookingId}` : `/profile/bookings/${bookingId}`;
}

async function requireNoBooking(ctx: DomainContext, leadId: string): Promise<void> {
  if (await ctx.db.prepare("SELECT 1 FROM bookings WHERE lead_id = ?").bind(leadId).first()) throw new Conflict(ALREADY_BOOKED);
}

/** The vendor marks an open lead BOOKED with the agreed price, event day(s), advance, balance instalments and deliverables. */
export async function bookLead(ctx: DomainContext, leadId: string, input: unknown): Promise<Booking> {
  const { lead, side } = await leadFor(ctx, leadId);
  if (side !== "vendor") throw new NotFound("We could not find that enquiry.");
  const terms = parseInput(bookingInputAt(ctx.now), input, "Please correct the booking.");
  requireTransition("book", lead.status);
  await requireNoBooking(ctx, leadId);
  const id = await insertBooking(ctx, lead, terms, firstReplyWrites(ctx, lead), {
    to: "couple",
    subject: `${lead.business_name} confirmed your booking of ${lead.service_name}`,
    body: [
      `Your booking is confirmed for ${formatDate(terms.eventDate)} at ${formatRupees(terms.agreedPrice)} (advance paid: ${formatRupees(terms.advancePaid)}).`,
    ],
  });
  return bookingById(ctx, id);
}

/** The couple accepts the latest quote while it is valid: a CONFIRMED booking at the quoted amount on the enquiry's event date. */
export async function acceptQuote(ctx: DomainContext, leadId: string): Promise<Booking> {
  const { lead, side } = await leadFor(ctx, leadId);
  if (side !== "couple") throw new NotFound("We could not find that enquiry.");
  requireTransition("accept", lead.status);
  const quote = await ctx.db
    .prepare("SELECT id, amount, includes, valid_until FROM lead_quotes WHERE lead_id = ? ORDER BY created_at DESC, id DESC LIMIT 1")
    .bind(leadId)
    .first<{ id: string; amount: number; includes: string; valid_until: string }>();
  if (!quote) throw new Conflict("There is no quote to accept on this enquiry.");
  if (quote.valid_until < todayInIndia(ctx.now))
    throw new Conflict(`This quote expired on ${formatDate(quote.valid_until)}. Ask the vendor for a new one in the conversation.`);
  await requireNoBooking(ctx, leadId);
  const eventDate = lead.event_date && lead.event_date >= todayInIndia(ctx.now) ? lead.event_date : null;
  const terms = {
    agreedPrice: quote.amount,
    eventDate: eventDate ?? "",
    advancePaid: 0,
    payments: [],
    deliverables: [],
    notes: `Quote accepted: ${quote.includes}`,
  };
  const id = await insertBooking(ctx, lead, { ...terms, eventDate: eventDate as string }, [], {
    to: "vendor",
    subject: `${lead.couple_name} accepted your quote for ${lead.service_name}`,
    body: [
      `${lead.couple_name} accepted your quote of ${formatRupees(quote.amount)}. The booking is confirmed${eventDate ? ` for ${formatDate(eventDate)}` : ""}.`,
    ],
  });
  return bookingById(ctx, id);
}

/** The booking as its vendor or its couple sees it; anyone else is told it does not exist. */
async function bookingFor(ctx: DomainContext, bookingId: string): Promise<{ row: BookingRow; side: Side }> {
  const actor = requireSignedIn(ctx.actor, "Please log in to see your bookings.");
  const row = await ctx.db.prepare(`${BOOKING_SELECT} WHERE b.id = ?`).bind(bookingId).first<BookingRow>();
  if (row && actor.role === "VENDOR" && row.vendor_id === actor.id) return { row, side: "vendor" };
  if (row && actor.role === "USER" && row.user_id === actor.id) return { row, side: "couple" };
  throw new NotFound("We could not find that booking.");
}

/** The names and addresses of a booking's two sides, as the lead mails take them (the link goes to the conversation). */
function bookingAsLead(row: BookingRow): LeadRow {
  return {
    id: row.lead_id ?? row.id,
    business_name: row.business_name,
    couple_name: row.couple_name,
    vendor_email: row.vendor_email,
    couple_email: row.couple_email,
  } as LeadRow;
}

function lastDay(row: Pick<BookingRow, "event_date" | "event_end_date">): string | null {
  return row.event_end_date ?? row.event_date;
}

function present(ctx: DomainContext, row: BookingRow, side: Side, milestones: Milestone[]): Booking {
  const paidMilestones = milestones.filter((m) => m.kind === "PAYMENT" && m.done_at !== null).reduce((s, m) => s + (m.amount ?? 0), 0);
  const end = lastDay(row);
  return {
    id: row.id,
    lead_id: row.lead_id,
    status: row.status,
    side,
    service: { id: row.service_id, name: row.service_name },
    vendor: { id: row.vendor_id, name: row.business_name, slug: row.vendor_slug, email: row.vendor_email, phone: row.vendor_phone },
    couple: { name: row.couple_name, email: row.couple_email, phone: row.couple_phone },
    event_date: row.event_date,
    event_end_date: row.event_end_date,
    agreed_price: row.agreed_price,
    advance_paid: row.advance_paid,
    balance_due: Math.max(0, row.agreed_price - row.advance_paid - paidMilestones),
    notes: row.notes,
    cancel_reason: row.cancel_reason,
    cancelled_by: row.cancelled_by,
    created_at: row.created_at,
    milestones,
    can: {
      complete: side === "vendor" && row.status === "CONFIRMED" && end !== null && end < todayInIndia(ctx.now),
      cancel: row.status === "CONFIRMED",
      edit: side === "vendor" && row.status === "CONFIRMED",
    },
  };
}

async function milestonesOf(ctx: DomainContext, bookingId: string): Promise<Milestone[]> {
  const { results } = await ctx.db
    .prepare("SELECT id, kind, title, amount, due_date, done_at FROM booking_milestones WHERE booking_id = ? ORDER BY kind DESC, due_date, id")
    .bind(bookingId)
    .all<Milestone>();
  return results;
}

/** One booking for its vendor or couple. */
export async function bookingById(ctx: DomainContext, bookingId: string): Promise<Booking> {
  const { row, side } = await bookingFor(ctx, bookingId);
  return present(ctx, row, side, await milestonesOf(ctx, bookingId));
}

export type BookingSummary = {
  id: string;
  status: BookingStatus;
  service_name: string;
  name: string;
  event_date: string | null;
  agreed_price: number;
  advance_paid: number;
  balance_due: number;
  next_due: string | null;
  deliverables_due: number;
  upcoming: boolean;
};

/** The signed-in vendor's or couple's bookings: upcoming first (soonest first), then past (latest first). */
export async function myBookings(ctx: DomainContext): Promise<{ upcoming: BookingSummary[]; past: BookingSummary[] }> {
  const actor = requireSignedIn(ctx.actor, "Please log in to see your bookings.");
  const isVendor = actor.role === "VENDOR";
  if (!isVendor && actor.role !== "USER") throw new NotFound("Bookings belong to vendors and couples.");
  const today = todayInIndia(ctx.now);
  const { results } = await ctx.db
    .prepare(
      `SELECT b.id, b.status, s.service_name, ${isVendor ? "u.user_name" : "v.business_name"} AS name, b.event_date, b.event_end_date, b.agreed_price, b.advance_paid,
         max(0, b.agreed_price - b.advance_paid - coalesce((SELECT sum(amount) FROM booking_milestones m WHERE m.booking_id = b.id AND m.kind = 'PAYMENT' AND m.done_at IS NOT NULL), 0)) AS balance_due,
         (SELECT min(due_date) FROM booking_milestones m WHERE m.booking_id = b.id AND m.done_at IS NULL) AS next_due,
         (SELECT count(*) FROM booking_milestones m WHERE m.booking_id = b.id AND m.kind = 'DELIVERABLE' AND m.done_at IS NULL) AS deliverables_due
       FROM bookings b JOIN services s ON s.id = b.service_id JOIN vendors v ON v.user_id = b.vendor_id JOIN users u ON u.id = b.user_id
       WHERE ${isVendor ? "b.vendor_id" : "b.user_id"} = ? ORDER BY b.event_date, b.created_at LIMIT 500`,
    )
    .bind(actor.id)
    .all<Omit<BookingSummary, "upcoming"> & { event_end_date: string | null }>();
  const all = results.map(({ event_end_date, ...r }) => ({
    ...r,
    upcoming: r.status === "CONFIRMED" && (r.event_date === null || (event_end_date ?? r.event_date) >= today),
  }));
  return { upcoming: all.filter((b) => b.upcoming), past: all.filter((b) => !b.upcoming).reverse() };
}

/**
 * The vendor's changes: the advance received, the event day(s) (the old days are freed and the new
 * ones blocked in the same batch), or COMPLETED once the event is over.
 */
export async function updateBooking(ctx: DomainContext, bookingId: string, input: unknown): Promise<Booking> {
  const { row, side } = await bookingFor(ctx, bookingId);
  if (side !== "vendor") throw new NotFound("We could not find that booking.");
  const fields = parseInput(bookingUpdateInput, input, "Please correct the booking.");
  if (row.status !== "CONFIRMED") throw new Conflict(`This booking is ${row.status.toLowerCase()}: it can no longer be changed.`);
  if (fields.advancePaid !== undefined && fields.advancePaid > row.agreed_price)
    throw new Invalid("Please correct the booking.", { advancePaid: "The advance cannot be more than the agreed price." });
  if (fields.eventDate !== undefined && fields.eventDate < todayInIndia(ctx.now))
    throw new Invalid("Please correct the booking.", { eventDate: "The event date cannot be in the past." });
  const dates =
    fields.eventDate !== undefined
      ? { event_date: fields.eventDate, event_end_date: fields.eventEndDate && fields.eventEndDate > fields.eventDate ? fields.eventEndDate : null }
      : row;
  const end = lastDay(dates);
  if (fields.status === "COMPLETED" && (end === null || end >= todayInIndia(ctx.now)))
    throw new Conflict(end ? `You can mark the booking completed after the event (${formatDate(end)}).` : "Set the event date before completing the booking.");
  // The couple is told what it must know: new event days, or the booking completed (with a word about reviewing).
  const dateChanged = fields.eventDate !== undefined && (dates.event_date !== row.event_date || dates.event_end_date !== row.event_end_date);
  const news = [
    dateChanged ? `The event date is now ${formatDate(dates.event_date!)}${dates.event_end_date ? ` to ${formatDate(dates.event_end_date)}` : ""}.` : null,
    fields.status === "COMPLETED" ? "The booking is marked completed. You can now review the service on its page; your review shows “Verified booking”." : null,
  ].filter((l): l is string => l !== null);
  const mails = news.length
    ? [
        leadNotice(ctx, bookingAsLead(row), "couple", `${row.business_name} updated your booking of ${row.service_name}`, [
          ...news,
          "",
          `See the booking: ${ctx.request.origin}${bookingPath("couple", row.id)}`,
        ]),
      ]
    : [];
  await writeAndNotify(
    ctx,
    [
      ...(fields.eventDate !== undefined ? freeDays(ctx, row) : []),
      ctx.db
        .prepare("UPDATE bookings SET advance_paid = ?, status = ?, event_date = ?, event_end_date = ?, updated_at = ? WHERE id = ? AND status = 'CONFIRMED'")
        .bind(fields.advancePaid ?? row.advance_paid, fields.status ?? row.status, dates.event_date, dates.event_end_date, ctx.now, bookingId),
      ...(fields.eventDate !== undefined ? blockDays(ctx, row.service_id, dates.event_date, dates.event_end_date) : []),
    ],
    mails,
  );
  return bookingById(ctx, bookingId);
}

/** Either side cancels a confirmed booking with a reason: its blocked days are freed and the other side is told. */
export async function cancelBooking(ctx: DomainContext, bookingId: string, input: unknown): Promise<Booking> {
  const { row, side } = await bookingFor(ctx, bookingId);
  const { reason } = parseInput(cancelInput, input, "Please say why the booking is cancelled.");
  if (row.status !== "CONFIRMED") throw new Conflict(`Only a confirmed booking can be cancelled; this one is ${row.status.toLowerCase()}.`);
  const to: Side = side === "vendor" ? "couple" : "vendor";
  const who = side === "vendor" ? row.business_name : row.couple_name;
  const notice = leadNotice(ctx, bookingAsLead(row), to, `${who} cancelled the booking of ${row.service_name}`, [
    `${who} cancelled the booking.`,
    `Reason: ${reason}`,
  ]);
  const wanted = to === "couple" || (await vendorWants(ctx, row.vendor_id, "booking_changes"));
  await writeAndNotify(
    ctx,
    [
      ctx.db
        .prepare("UPDATE bookings SET status = 'CANCELLED', cancel_reason = ?, cancelled_by = ?, updated_at = ? WHERE id = ? AND status = 'CONFIRMED'")
        .bind(reason, side === "vendor" ? "VENDOR" : "COUPLE", ctx.now, bookingId),
      ...freeDays(ctx, row),
    ],
    wanted ? [notice] : [],
  );
  return bookingById(ctx, bookingId);
}

/** The vendor marks a deliverable delivered or an instalment received (or undoes it). */
export async function setMilestoneDone(ctx: DomainContext, bookingId: string, milestoneId: string, input: unknown): Promise<Booking> {
  const { row, side } = await bookingFor(ctx, bookingId);
  if (side !== "vendor") throw new NotFound("We could not find that booking.");
  const { done } = parseInput(milestoneUpdateInput, input);
  if (row.status === "CANCELLED") throw new Conflict("This booking is cancelled: it can no longer be changed.");
  const res = await ctx.db
    .prepare("UPDATE booking_milestones SET done_at = ? WHERE id = ? AND booking_id = ?")
    .bind(done ? ctx.now : null, milestoneId, bookingId)
    .run();
  if (!res.meta.changes) throw new NotFound("We could not find that deliverable or payment.");
  return bookingById(ctx, bookingId);
}
