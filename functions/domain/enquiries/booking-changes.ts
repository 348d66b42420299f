import { bookingUpdateInput, cancelInput, milestoneUpdateInput } from "#shared/lead-rules.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { whatsAppNotice } from "../accounts/index.ts";
import { type DomainContext, NotFound, parseInput, Conflict, Invalid } from "../core/index.ts";
import type { Side } from "./lead-pipeline.ts";
import { leadNotice, writeAndNotify, vendorWants, sideLocale } from "./lead-records.ts";
import { withLocale } from "#platform/locale.ts";
import { freeDays, blockDays } from "./booking-days.ts";
import { type Booking, bookingFor, lastDay, bookingAsLead, bookingPath } from "./booking-records.ts";
import { bookingById } from "./booking-views.ts";
import type { Locale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

/** A booking's status as a refusal names it, in the request's language. */
const statusWord = (status: string) =>
  status === "COMPLETED" ? m.api_booking_status_completed() : status === "CANCELLED" ? m.api_booking_status_cancelled() : status.toLowerCase();

/**
 * Changing a booking: the vendor's updates (advance, days, completion), either side's
 * cancellation, and milestones marked done.
 */

/**
 * The vendor's changes: the advance received, the event day(s) (the old days are freed and the new
 * ones blocked in the same batch), or COMPLETED once the event is over.
 */
export async function updateBooking(ctx: DomainContext, bookingId: string, input: unknown): Promise<Booking> {
  const { row, side } = await bookingFor(ctx, bookingId);
  if (side !== "vendor") throw new NotFound(m.api_e_we_could_not_find_that_booking());
  const fields = parseInput(bookingUpdateInput, input, m.api_e_please_correct_the_booking());
  if (row.status !== "CONFIRMED") throw new Conflict(m.api_e_booking_not_confirmed({ status: statusWord(row.status) }));
  if (fields.advancePaid !== undefined && fields.advancePaid > row.agreed_price)
    throw new Invalid(m.api_e_please_correct_the_booking(), { advancePaid: m.api_e_the_advance_cannot_be_more_than_the() });
  if (fields.eventDate !== undefined && fields.eventDate < todayInIndia(ctx.now))
    throw new Invalid(m.api_e_please_correct_the_booking(), { eventDate: m.api_e_the_event_date_cannot_be_in_the() });
  const dates =
    fields.eventDate !== undefined
      ? { event_date: fields.eventDate, event_end_date: fields.eventEndDate && fields.eventEndDate > fields.eventDate ? fields.eventEndDate : null }
      : row;
  const end = lastDay(dates);
  if (fields.status === "COMPLETED" && (end === null || end >= todayInIndia(ctx.now)))
    throw new Conflict(end ? m.api_e_complete_after_event({ date: formatDate(end) }) : m.api_e_set_event_date_first());
  // The couple is told what it must know: new event days, or the booking completed (with a word about reviewing).
  const dateChanged = fields.eventDate !== undefined && (dates.event_date !== row.event_date || dates.event_end_date !== row.event_end_date);
  const completed = fields.status === "COMPLETED";
  const news = (locale: Locale) =>
    [
      dateChanged
        ? dates.event_end_date
          ? m.mail_booking_new_dates({ date: formatDate(dates.event_date!), end: formatDate(dates.event_end_date) }, { locale })
          : m.mail_booking_new_date({ date: formatDate(dates.event_date!) }, { locale })
        : null,
      completed ? m.mail_booking_completed({}, { locale }) : null,
    ].filter((l): l is NonNullable<typeof l> => l !== null);
  const hasNews = dateChanged || completed;
  const mails = hasNews
    ? [
        leadNotice(
          ctx,
          bookingAsLead(row),
          "couple",
          (locale) => m.mail_booking_updated_subject({ vendor: row.business_name, service: row.service_name }, { locale }),
          (locale) => [...news(locale), { link: { label: m.mail_see_booking({}, { locale }), url: `${ctx.request.origin}${bookingPath("couple", row.id)}` } }],
        ),
      ]
    : [];
  // On WhatsApp too when the couple opted in (issue 32).
  const whatsApp = hasNews ? await bookingWhatsApp(ctx, row, "couple", dates.event_date) : null;
  await writeAndNotify(
    ctx,
    [
      ...(fields.eventDate !== undefined ? freeDays(ctx, row) : []),
      ctx.db
        .prepare("UPDATE bookings SET advance_paid = ?, status = ?, event_date = ?, event_end_date = ?, updated_at = ? WHERE id = ? AND status = 'CONFIRMED'")
        .bind(fields.advancePaid ?? row.advance_paid, fields.status ?? row.status, dates.event_date, dates.event_end_date, ctx.now, bookingId),
      ...(fields.eventDate !== undefined ? blockDays(ctx, row.service_id, dates.event_date, dates.event_end_date) : []),
    ],
    [...mails, ...(whatsApp ? [whatsApp] : [])],
  );
  return bookingById(ctx, bookingId);
}

/** Either side cancels a confirmed booking with a reason: its blocked days are freed and the other side is told. */
export async function cancelBooking(ctx: DomainContext, bookingId: string, input: unknown): Promise<Booking> {
  const { row, side } = await bookingFor(ctx, bookingId);
  const { reason } = parseInput(cancelInput, input, m.api_d_say_why_cancelled());
  if (row.status !== "CONFIRMED") throw new Conflict(m.api_e_only_confirmed_cancelled({ status: statusWord(row.status) }));
  const to: Side = side === "vendor" ? "couple" : "vendor";
  const who = side === "vendor" ? row.business_name : row.couple_name;
  const notice = leadNotice(
    ctx,
    bookingAsLead(row),
    to,
    (locale) => m.mail_booking_cancelled_subject({ who, service: row.service_name }, { locale }),
    (locale) => [m.mail_booking_cancelled_body({ who }, { locale }), m.mail_reason_label({ reason }, { locale })],
  );
  const wanted = to === "couple" || (await vendorWants(ctx, row.vendor_id, "booking_changes"));
  const whatsApp = await bookingWhatsApp(ctx, row, to, row.event_date);
  await writeAndNotify(
    ctx,
    [
      ctx.db
        .prepare("UPDATE bookings SET status = 'CANCELLED', cancel_reason = ?, cancelled_by = ?, updated_at = ? WHERE id = ? AND status = 'CONFIRMED'")
        .bind(reason, side === "vendor" ? "VENDOR" : "COUPLE", ctx.now, bookingId),
      ...freeDays(ctx, row),
    ],
    [...(wanted ? [notice] : []), ...(whatsApp ? [whatsApp] : [])],
  );
  return bookingById(ctx, bookingId);
}

/** The vendor marks a deliverable delivered or an instalment received (or undoes it). */
export async function setMilestoneDone(ctx: DomainContext, bookingId: string, milestoneId: string, input: unknown): Promise<Booking> {
  const { row, side } = await bookingFor(ctx, bookingId);
  if (side !== "vendor") throw new NotFound(m.api_e_we_could_not_find_that_booking());
  const { done } = parseInput(milestoneUpdateInput, input);
  if (row.status === "CANCELLED") throw new Conflict(m.api_e_this_booking_is_cancelled_it_can_no());
  const milestone = await ctx.db
    .prepare("SELECT kind, title, amount, done_at FROM booking_milestones WHERE id = ? AND booking_id = ?")
    .bind(milestoneId, bookingId)
    .first<{ kind: string; title: string; amount: number | null; done_at: number | null }>();
  if (!milestone) throw new NotFound(m.api_e_we_could_not_find_that_deliverable_or());
  // An instalment newly marked received: the couple hears of it on WhatsApp when opted in (issue 32).
  const whatsApp =
    done && milestone.kind === "PAYMENT" && milestone.done_at === null && milestone.amount !== null
      ? await whatsAppNotice(ctx, row.user_id, "payment", [
          formatRupees(milestone.amount),
          `${milestone.title} (${row.service_name}, ${row.business_name})`,
          `${ctx.request.origin}${bookingPath("couple", row.id)}`,
        ])
      : null;
  await writeAndNotify(
    ctx,
    [ctx.db.prepare("UPDATE booking_milestones SET done_at = ? WHERE id = ? AND booking_id = ?").bind(done ? ctx.now : null, milestoneId, bookingId)],
    whatsApp ? [whatsApp] : [],
  );
  return bookingById(ctx, bookingId);
}

/** A booking's WhatsApp notice for `to` (the other side of the change), when they opted in. */
function bookingWhatsApp(ctx: DomainContext, row: Parameters<typeof bookingAsLead>[0], to: Side, eventDate: string | null) {
  // The date in the recipient's language, as the template's words.
  const locale = sideLocale(bookingAsLead(row), to);
  return whatsAppNotice(ctx, to === "vendor" ? row.vendor_id : row.user_id, "booking-change", [
    to === "vendor" ? row.couple_name : row.business_name,
    row.service_name,
    eventDate ? withLocale(locale, () => formatDate(eventDate)) : m.mail_whatsapp_date_to_be_fixed({}, { locale }),
    `${ctx.request.origin}${bookingPath(to, row.id)}`,
  ]);
}
