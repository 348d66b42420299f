import { todayInIndia } from "#shared/listing-rules.ts";
import { type DomainContext, requireSignedIn, NotFound } from "../core/index.ts";
import { type Booking, bookingFor, present, milestonesOf, type BookingStatus } from "./booking-records.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Reading bookings: one booking for its vendor or couple, and the signed-in side's list, upcoming
 * then past.
 */

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
  const actor = requireSignedIn(ctx.actor, m.guard_sign_in_to_see_your_bookings());
  const isVendor = actor.role === "VENDOR";
  if (!isVendor && actor.role !== "USER") throw new NotFound(m.api_e_bookings_belong_to_vendors_and_couples());
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
