import { eventDays } from "#shared/lead-rules.ts";
import type { DomainContext } from "../core/index.ts";
import { BOOKING_NOTE, type BookingRow } from "./booking-records.ts";

/**
 * A booking's days in the service's calendar: blocked when it is made or moved, freed when it is
 * cancelled or moved (unless another live booking holds the day).
 */

/** The statements that block the event's days for the service (days the vendor blocked itself stay as they were). */
export function blockDays(ctx: DomainContext, serviceId: string, from: string | null, to: string | null): D1PreparedStatement[] {
  if (!from) return [];
  return eventDays(from, to).map((day) =>
    ctx.db
      .prepare("INSERT INTO service_blocked_dates (service_id, day, note) VALUES (?, ?, ?) ON CONFLICT (service_id, day) DO NOTHING")
      .bind(serviceId, day, BOOKING_NOTE),
  );
}

/** Frees the days a booking blocked, unless another live booking of the service holds the day. */
export function freeDays(ctx: DomainContext, b: Pick<BookingRow, "id" | "service_id" | "event_date" | "event_end_date">): D1PreparedStatement[] {
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
