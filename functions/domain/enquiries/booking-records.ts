import type { Row } from "#db/rows.ts";
import type { bookings } from "#db/schema/index.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { type DomainContext, requireSignedIn, NotFound } from "../core/index.ts";
import type { Side } from "./lead-pipeline.ts";
import type { LeadParties, LeadRow } from "./lead-records.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Bookings: a lead becomes one when the couple accepts the vendor's latest valid quote (price = the
 * quote) or the vendor marks it BOOKED with the agreed terms. One booking per lead (the unique
 * index bookings_lead_unique keeps it under races). Both sides read the same record. The event's
 * days are blocked in the service's calendar (note "Booking") and freed when it is cancelled.
 * Statuses: CONFIRMED -> COMPLETED (the vendor, after the event) or CANCELLED (either side, with a
 * reason). A CONFIRMED or COMPLETED booking makes the couple's review of the service "Verified
 * booking" (reviews.ts).
 *
 * This file holds what the booking jobs share: the booking's shapes, the booking as its vendor or
 * couple may see it, and how it is presented (new-bookings.ts, booking-views.ts,
 * booking-changes.ts, booking-days.ts do the jobs).
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

export type BookingRow = Row<
  typeof bookings,
  | "id"
  | "lead_id"
  | "service_id"
  | "vendor_id"
  | "user_id"
  | "event_date"
  | "event_end_date"
  | "agreed_price"
  | "advance_paid"
  | "status"
  | "notes"
  | "cancel_reason"
  | "cancelled_by"
  | "created_at"
> &
  LeadParties;

const BOOKING_SELECT = `SELECT b.*, s.service_name, v.business_name, v.slug AS vendor_slug, coalesce(nullif(v.email, ''), vu.email) AS vendor_email, v.phone AS vendor_phone,
  u.user_name AS couple_name, u.email AS couple_email, u.phone AS couple_phone, vu.locale AS vendor_locale, u.locale AS couple_locale
  FROM bookings b JOIN services s ON s.id = b.service_id JOIN vendors v ON v.user_id = b.vendor_id JOIN users vu ON vu.id = b.vendor_id JOIN users u ON u.id = b.user_id`;

export function bookingPath(side: Side, bookingId: string): string {
  return side === "vendor" ? `/VendorDashboard/bookings/${bookingId}` : `/profile/bookings/${bookingId}`;
}

/** The booking as its vendor or its couple sees it; anyone else is told it does not exist. */
export async function bookingFor(ctx: DomainContext, bookingId: string): Promise<{ row: BookingRow; side: Side }> {
  const actor = requireSignedIn(ctx.actor, m.guard_sign_in_to_see_your_bookings());
  const row = await ctx.db.prepare(`${BOOKING_SELECT} WHERE b.id = ?`).bind(bookingId).first<BookingRow>();
  if (row && actor.role === "VENDOR" && row.vendor_id === actor.id) return { row, side: "vendor" };
  if (row && actor.role === "USER" && row.user_id === actor.id) return { row, side: "couple" };
  throw new NotFound(m.api_e_we_could_not_find_that_booking());
}

/** The names and addresses of a booking's two sides, as the lead mails take them (the link goes to the conversation). */
export function bookingAsLead(row: BookingRow): LeadRow {
  return {
    id: row.lead_id ?? row.id,
    business_name: row.business_name,
    couple_name: row.couple_name,
    vendor_email: row.vendor_email,
    couple_email: row.couple_email,
    vendor_locale: row.vendor_locale,
    couple_locale: row.couple_locale,
  } as LeadRow;
}

export function lastDay(row: Pick<BookingRow, "event_date" | "event_end_date">): string | null {
  return row.event_end_date ?? row.event_date;
}

export function present(ctx: DomainContext, row: BookingRow, side: Side, milestones: Milestone[]): Booking {
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

export async function milestonesOf(ctx: DomainContext, bookingId: string): Promise<Milestone[]> {
  const { results } = await ctx.db
    .prepare("SELECT id, kind, title, amount, due_date, done_at FROM booking_milestones WHERE booking_id = ? ORDER BY kind DESC, due_date, id")
    .bind(bookingId)
    .all<Milestone>();
  return results;
}
