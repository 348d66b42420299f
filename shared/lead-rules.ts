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
    .string({ message: "Please write a message." })
    .trim()
    .min(1, "Please write a message.")
    .max(LEAD_REPLY_MAX, `Please keep your message under ${LEAD_REPLY_MAX.toLocaleString("en-IN")} characters.`),
});

export const quoteInput = z.object({
  amount: numeric(rupees(m.api_v_label_quote, 1)),
  includes: z
    .string({ message: "Please say what the quote includes." })
    .trim()
    .min(3, "Please say what the quote includes.")
    .max(QUOTE_INCLUDES_MAX, `Please keep what the quote includes under ${QUOTE_INCLUDES_MAX.toLocaleString("en-IN")} characters.`),
  validUntil: isoDate(m.api_v_label_valid_until),
});

const reason = (required: string) =>
  z.string({ message: required }).trim().min(2, required).max(REASON_MAX, `Please keep the reason under ${REASON_MAX} characters.`);

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
  title: z.string().trim().min(2, "Please name it.").max(120, "Please keep the name under 120 characters."),
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
      eventDate: isoDate(m.api_v_label_event_date).refine((d) => d >= todayInIndia(now), "The event date cannot be in the past."),
      eventEndDate: z.preprocess(blankToUndefined, isoDate(m.api_v_label_last_event_day).optional()),
      advancePaid: numeric(rupees(m.api_v_label_advance).default(0)),
      notes: z.preprocess(blankToUndefined, z.string().trim().max(REASON_MAX, `Please keep the notes under ${REASON_MAX} characters.`).optional()),
      payments: z
        .array(milestone.extend({ amount: numeric(rupees(m.api_v_label_instalment, 1)) }))
        .max(6, "At most 6 balance instalments.")
        .default([]),
      deliverables: z.array(milestone).max(10, "At most 10 deliverables.").default([]),
    })
    .superRefine((b, ctx) => {
      if (b.advancePaid > b.agreedPrice) ctx.addIssue({ code: "custom", path: ["advancePaid"], message: "The advance cannot be more than the agreed price." });
      if (b.eventEndDate && b.eventEndDate < b.eventDate)
        ctx.addIssue({ code: "custom", path: ["eventEndDate"], message: "The last event day cannot be before the first." });
      if (b.eventEndDate && daysBetween(b.eventDate, b.eventEndDate) >= EVENT_DAYS_MAX)
        ctx.addIssue({ code: "custom", path: ["eventEndDate"], message: `An event can last at most ${EVENT_DAYS_MAX} days.` });
      const balance = b.payments.reduce((sum, p) => sum + p.amount, 0);
      if (b.advancePaid + balance > b.agreedPrice)
        ctx.addIssue({ code: "custom", path: ["payments"], message: "The advance and instalments add up to more than the agreed price." });
    });
export const bookingInput = bookingInputAt();
export type BookingInput = z.infer<typeof bookingInput>;

/** The vendor's changes to a booking: the advance received, the event day(s), or COMPLETED after the event. */
export const bookingUpdateInput = z
  .object({
    advancePaid: numeric(rupees(m.api_v_label_advance).optional()),
    eventDate: z.preprocess(blankToUndefined, isoDate(m.api_v_label_event_date).optional()),
    eventEndDate: z.preprocess(blankToUndefined, isoDate(m.api_v_label_last_event_day).optional()),
    status: z.preprocess(
      blankToUndefined,
      z.enum(["COMPLETED"], { error: () => "Status can only be COMPLETED here (cancel with its own action)." }).optional(),
    ),
  })
  .refine((b) => b.advancePaid !== undefined || b.status !== undefined || b.eventDate !== undefined, {
    message: "Nothing to change: send advancePaid, eventDate or status.",
  })
  .superRefine((b, ctx) => {
    if (b.eventEndDate && !b.eventDate) ctx.addIssue({ code: "custom", path: ["eventDate"], message: "Give the first event day too." });
    if (b.eventDate && b.eventEndDate && b.eventEndDate < b.eventDate)
      ctx.addIssue({ code: "custom", path: ["eventEndDate"], message: "The last event day cannot be before the first." });
    if (b.eventDate && b.eventEndDate && daysBetween(b.eventDate, b.eventEndDate) >= EVENT_DAYS_MAX)
      ctx.addIssue({ code: "custom", path: ["eventEndDate"], message: `An event can last at most ${EVENT_DAYS_MAX} days.` });
  });

export const milestoneUpdateInput = z.object({
  done: z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" ? false : v), z.boolean({ message: "done must be true or false." })),
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
