import { z } from "zod";
import { numeric } from "./numbers.ts";
import { todayInIndia } from "./listing-limits.ts";

import { LEAD_STATUSES } from "./stored-values.ts";
import { m } from "./paraglide/messages.js";
import { say, type Label } from "./say.ts";

/**
 * Rules for the enquiry conversation and bookings (functions/domain/enquiries/), shared
 * by the page forms, the API and the domain so each rule is written once. Money in whole rupees,
 * dates as yyyy-mm-dd (India's calendar day).
 */
/** The statuses a vendor's inbox filters by (the list page and GET /leads). */
export const INBOX_STATUSES = LEAD_STATUSES;
export const LEAD_REPLY_MAX = 4000;
export const QUOTE_INCLUDES_MAX = 2000;
export const REASON_MAX = 500;
export const RUPEES_MAX = 100_000_000;
export const EVENT_DAYS_MAX = 7;
export const WITHDRAWN_REASON = "Withdrawn by couple";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const isoDate = (label: Label) =>
  z
    .string(say(() => m.api_v_date_like({ label: label() })))
    .regex(
      /^\d{4}-\d{2}-\d{2}$/,
      say(() => m.api_v_date_like({ label: label() })),
    )
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      say(() => m.api_v_date_missing({ label: label() })),
    );

/** Whole rupees; wrap the field in `numeric(...)` (shared/numbers.ts) so a form's text is read and true or null refused. */
export const rupees = (label: Label, min = 0) =>
  z
    .number(say(() => m.api_v_rupees_amount({ label: label() })))
    .int(say(() => m.api_v_rupees_whole({ label: label() })))
    .min(
      min,
      say(() => (min > 0 ? m.api_v_rupees_min({ label: label(), min }) : m.api_v_rupees_negative({ label: label() }))),
    )
    .max(
      RUPEES_MAX,
      say(() => m.api_v_rupees_too_large({ label: label() })),
    );

export const leadMessageInput = z.object({
  body: z
    .string({ error: () => m.api_v_please_write_a_message() })
    .trim()
    .min(1, { error: () => m.api_v_please_write_a_message() })
    .max(LEAD_REPLY_MAX, { error: () => m.api_v_please_keep_your_message_under_characters({ max: LEAD_REPLY_MAX.toLocaleString("en-IN") }) }),
});

export const quoteInput = z.object({
  amount: numeric(rupees(m.api_v_label_quote, 1)),
  includes: z
    .string({ error: () => m.api_v_please_say_what_the_quote_includes() })
    .trim()
    .min(3, { error: () => m.api_v_please_say_what_the_quote_includes() })
    .max(QUOTE_INCLUDES_MAX, { error: () => m.api_v_please_keep_what_the_quote_includes_under({ max: QUOTE_INCLUDES_MAX.toLocaleString("en-IN") }) }),
  validUntil: isoDate(m.api_v_label_valid_until),
});

const reason = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(2, required)
    .max(REASON_MAX, { error: () => m.api_v_please_keep_the_reason_under_characters({ max: REASON_MAX }) });

/** What the vendor may set directly: LOST (with a reason) or SPAM. BOOKED goes through the booking form. */
export const leadStatusInput = z.discriminatedUnion(
  "status",
  [
    z.object({ status: z.literal("LOST"), reason: reason("Please say why the enquiry was lost.") }),
    z.object({ status: z.literal("SPAM"), reason: z.preprocess(blankToUndefined, z.string().trim().max(REASON_MAX).optional()) }),
  ],
  { error: () => "Status must be LOST or SPAM (a booking is made with the booking form)." },
);

export const cancelInput = z.object({ reason: reason("Please say why the booking is cancelled.") });

const milestone = z.object({
  title: z
    .string()
    .trim()
    .min(2, { error: () => m.api_v_please_name_it() })
    .max(120, { error: () => m.api_v_please_keep_the_name_under_120_characters() }),
  dueDate: isoDate(m.api_v_label_due_date),
});

/**
 * The booking terms, with the event date judged against India's day at `now` (the domain passes
 * ctx.now; without it the real clock when the input is read).
 */
export const bookingInputAt = (now?: number) =>
  z
    .object({
      agreedPrice: numeric(rupees(m.api_v_label_agreed_price, 1)),
      eventDate: isoDate(m.api_v_label_event_date).refine((d) => d >= todayInIndia(now), { error: () => m.api_e_the_event_date_cannot_be_in_the() }),
      eventEndDate: z.preprocess(blankToUndefined, isoDate(m.api_v_label_last_event_day).optional()),
      advancePaid: numeric(rupees(m.api_v_label_advance).default(0)),
      notes: z.preprocess(
        blankToUndefined,
        z
          .string()
          .trim()
          .max(REASON_MAX, { error: () => m.api_v_please_keep_the_notes_under_characters({ max: REASON_MAX }) })
          .optional(),
      ),
      payments: z
        .array(milestone.extend({ amount: numeric(rupees(m.api_v_label_instalment, 1)) }))
        .max(6, { error: () => m.api_v_at_most_6_balance_instalments() })
        .default([]),
      deliverables: z
        .array(milestone)
        .max(10, { error: () => m.api_v_at_most_10_deliverables() })
        .default([]),
    })
    .superRefine((b, ctx) => {
      if (b.advancePaid > b.agreedPrice) ctx.addIssue({ code: "custom", path: ["advancePaid"], message: m.api_e_the_advance_cannot_be_more_than_the() });
      if (b.eventEndDate && b.eventEndDate < b.eventDate)
        ctx.addIssue({ code: "custom", path: ["eventEndDate"], message: m.api_v_the_last_event_day_cannot_be_before() });
      if (b.eventEndDate && daysBetween(b.eventDate, b.eventEndDate) >= EVENT_DAYS_MAX)
        ctx.addIssue({ code: "custom", path: ["eventEndDate"], message: m.api_v_an_event_can_last_at_most_days({ max: EVENT_DAYS_MAX }) });
      const balance = b.payments.reduce((sum, p) => sum + p.amount, 0);
      if (b.advancePaid + balance > b.agreedPrice)
        ctx.addIssue({ code: "custom", path: ["payments"], message: m.api_v_the_advance_and_instalments_add_up_to() });
    });
export const bookingInput = bookingInputAt();
export type BookingInput = z.infer<typeof bookingInput>;

/** The vendor's changes to a booking: the advance received, the event day(s), or COMPLETED after the event. */
export const bookingUpdateInput = z
  .object({
    advancePaid: numeric(rupees(m.api_v_label_advance).optional()),
    eventDate: z.preprocess(blankToUndefined, isoDate(m.api_v_label_event_date).optional()),
    eventEndDate: z.preprocess(blankToUndefined, isoDate(m.api_v_label_last_event_day).optional()),
    status: z.preprocess(blankToUndefined, z.enum(["COMPLETED"], { error: () => m.api_v_status_can_only_be_completed_here_cancel() }).optional()),
  })
  .refine((b) => b.advancePaid !== undefined || b.status !== undefined || b.eventDate !== undefined, {
    error: () => m.api_v_nothing_to_change_send_advance_paid_event_da(),
  })
  .superRefine((b, ctx) => {
    if (b.eventEndDate && !b.eventDate) ctx.addIssue({ code: "custom", path: ["eventDate"], message: m.api_v_give_the_first_event_day_too() });
    if (b.eventDate && b.eventEndDate && b.eventEndDate < b.eventDate)
      ctx.addIssue({ code: "custom", path: ["eventEndDate"], message: m.api_v_the_last_event_day_cannot_be_before() });
    if (b.eventDate && b.eventEndDate && daysBetween(b.eventDate, b.eventEndDate) >= EVENT_DAYS_MAX)
      ctx.addIssue({ code: "custom", path: ["eventEndDate"], message: m.api_v_an_event_can_last_at_most_days({ max: EVENT_DAYS_MAX }) });
  });

export const milestoneUpdateInput = z.object({
  done: z.preprocess(
    (v) => (v === "true" || v === "on" ? true : v === "false" ? false : v),
    z.boolean({ error: () => m.api_v_done_must_be_true_or_false_2() }),
  ),
});

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The days from `from` to `to` inclusive (yyyy-mm-dd). */
export function eventDays(from: string, to?: string | null): string[] {
  const days: string[] = [];
  const end = to && to > from ? to : from;
  for (let t = Date.parse(`${from}T00:00:00Z`); days.length < EVENT_DAYS_MAX; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push(day);
    if (day >= end) break;
  }
  return days;
}
