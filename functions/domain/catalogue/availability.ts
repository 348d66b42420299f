import type { serviceBlockedDates } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { z } from "zod";
import { todayInIndia } from "#shared/listing-rules.ts";
import { type DomainContext, Conflict, Invalid, NotFound, ACCESS, requireRole } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The availability calendar: per service, the days its vendor cannot take (service_blocked_dates).
 * The vendor blocks and frees days; a day blocked by a booking carries the note "Booking" and is
 * freed only by the booking (cancelling it), never here. Couples see only which days are blocked
 * (GET /services/{id}/availability, no notes); browse's "available on" leaves blocked services out.
 */
export const BOOKING_NOTE = "Booking";
/** How far ahead a vendor may block days. */
export const AVAILABILITY_MONTHS_AHEAD = 24;

export const AVAILABILITY_MESSAGES = {
  get month() {
    return m.api_availability_month();
  },
  get day() {
    return m.api_availability_day();
  },
  get past() {
    return m.api_availability_past();
  },
  get tooFar() {
    return m.api_availability_too_far({ months: AVAILABILITY_MONTHS_AHEAD });
  },
  get bookedDay() {
    return m.api_availability_booked_day();
  },
  get noService() {
    return m.api_e_we_could_not_find_that_service();
  },
};

const realDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};

export const availabilityQuery = z.object({
  month: z
    .string({ error: () => AVAILABILITY_MESSAGES.month })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: () => AVAILABILITY_MESSAGES.month })
    .optional(),
});

export const availabilityInput = z.object({
  day: z
    .string({ error: () => AVAILABILITY_MESSAGES.day })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => AVAILABILITY_MESSAGES.day })
    .refine(realDay, { error: () => AVAILABILITY_MESSAGES.day }),
  blocked: z.preprocess(
    (v) => (v === "true" || v === "1" || v === "on" ? true : v === "false" || v === "0" ? false : v),
    z.boolean({ error: () => m.api_v_blocked_must_be_true_or_false() }),
  ),
});
export type AvailabilityInput = z.infer<typeof availabilityInput>;

export type MonthAvailability = { serviceId: string; month: string; blocked: string[] };
export type OwnerMonthAvailability = MonthAvailability & { days: { day: string; byBooking: boolean }[] };

/** The month's first day and the next month's, as yyyy-mm-dd, for a half-open day range. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

function lastAllowedDay(now: number): string {
  const d = new Date(`${todayInIndia(now)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + AVAILABILITY_MONTHS_AHEAD);
  return d.toISOString().slice(0, 10);
}

type BlockedDay = Row<typeof serviceBlockedDates, "day" | "note">;

async function blockedRows(ctx: DomainContext, serviceId: string, month: string): Promise<BlockedDay[]> {
  const { from, to } = monthRange(month);
  const { results } = await ctx.db
    .prepare("SELECT day, note FROM service_blocked_dates WHERE service_id = ? AND day >= ? AND day < ? ORDER BY day")
    .bind(serviceId, from, to)
    .all<BlockedDay>();
  return results;
}

/**
 * Public: the blocked days of an active service in a month (this month in India when none is
 * given). An unknown or archived service is 404, except to its own vendor.
 */
export async function serviceAvailability(ctx: DomainContext, serviceId: string, month?: string): Promise<MonthAvailability> {
  const service = await ctx.db.prepare("SELECT vendor_id, status FROM services WHERE id = ?").bind(serviceId).first<{ vendor_id: string; status: string }>();
  if (!service || (service.status !== "active" && service.vendor_id !== ctx.actor?.id)) throw new NotFound(AVAILABILITY_MESSAGES.noService);
  const m = month ?? todayInIndia(ctx.now).slice(0, 7);
  return { serviceId, month: m, blocked: (await blockedRows(ctx, serviceId, m)).map((r) => r.day) };
}

/** The signed-in vendor's own service, or 404 (another vendor's id looks like no service at all). */
async function ownService(ctx: DomainContext, serviceId: string) {
  const vendor = requireRole(ctx.actor, ACCESS.vendor, m.api_d_only_vendors_availability());
  const service = await ctx.db
    .prepare("SELECT id, service_name FROM services WHERE id = ? AND vendor_id = ?")
    .bind(serviceId, vendor.id)
    .first<{ id: string; service_name: string }>();
  if (!service) throw new NotFound(AVAILABILITY_MESSAGES.noService);
  return service;
}

/** For the vendor's calendar: the month's blocked days, and which a booking holds. */
export async function ownerAvailability(ctx: DomainContext, serviceId: string, month: string): Promise<OwnerMonthAvailability> {
  await ownService(ctx, serviceId);
  const rows = await blockedRows(ctx, serviceId, month);
  return { serviceId, month, blocked: rows.map((r) => r.day), days: rows.map((r) => ({ day: r.day, byBooking: r.note === BOOKING_NOTE })) };
}

/**
 * Blocks or frees one day of the vendor's own service (PUT /services/{id}/availability and the
 * calendar page). Blocking a blocked day and freeing a free one change nothing; a day a booking
 * holds cannot be freed here (409); past days and days beyond the horizon are refused (400).
 */
export async function setAvailability(ctx: DomainContext, serviceId: string, input: AvailabilityInput): Promise<{ day: string; blocked: boolean }> {
  await ownService(ctx, serviceId);
  const { day, blocked } = input;
  if (day < todayInIndia(ctx.now)) throw new Invalid(AVAILABILITY_MESSAGES.past, { day: AVAILABILITY_MESSAGES.past });
  if (day > lastAllowedDay(ctx.now)) throw new Invalid(AVAILABILITY_MESSAGES.tooFar, { day: AVAILABILITY_MESSAGES.tooFar });
  if (blocked) {
    await ctx.db.prepare("INSERT INTO service_blocked_dates (service_id, day, note) VALUES (?, ?, NULL) ON CONFLICT DO NOTHING").bind(serviceId, day).run();
    return { day, blocked: true };
  }
  const existing = await ctx.db
    .prepare("SELECT note FROM service_blocked_dates WHERE service_id = ? AND day = ?")
    .bind(serviceId, day)
    .first<Pick<BlockedDay, "note">>();
  if (existing?.note === BOOKING_NOTE) throw new Conflict(AVAILABILITY_MESSAGES.bookedDay);
  await ctx.db
    .prepare("DELETE FROM service_blocked_dates WHERE service_id = ? AND day = ? AND (note IS NULL OR note <> ?)")
    .bind(serviceId, day, BOOKING_NOTE)
    .run();
  return { day, blocked: false };
}

/** The vendor's services for the calendar's picker (archived ones too: their dates stay theirs). */
export async function calendarServices(ctx: DomainContext): Promise<{ id: string; service_name: string; status: string }[]> {
  const vendor = requireRole(ctx.actor, ACCESS.vendor, m.api_d_only_vendors_availability());
  const { results } = await ctx.db
    .prepare("SELECT id, service_name, status FROM services WHERE vendor_id = ? ORDER BY status, service_name LIMIT 500")
    .bind(vendor.id)
    .all<{ id: string; service_name: string; status: string }>();
  return results;
}
