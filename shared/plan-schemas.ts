import { z } from "zod";
import { numeric } from "./numbers.ts";
import { PAYMENT_PURPOSES, PAYMENT_STATUSES } from "./stored-values.ts";

/**
 * The rules of an admin's plan form (/admin/plans) and of POST /plan and PUT /plan/{id}, written
 * once. A page form sends strings (checkboxes "true" or nothing, features one per line, an empty
 * limit for "unlimited"); the API sends JSON (numbers, booleans, a list): both fit this schema.
 */
export const PLAN_NAME_MAX = 60;
export const PLAN_DESCRIPTION_MAX = 300;
/** Whole rupees; a sane ceiling against a typo with an extra zero or two. */
export const PLAN_PRICE_MAX = 500_000;
export const PLAN_DURATION_MAX = 1095;
export const PLAN_FEATURES_MAX = 12;
export const PLAN_FEATURE_MAX = 80;
export const PLAN_SERVICES_MAX = 1000;
export const ANALYTICS_DEPTH_LABELS = { BASIC: "Basic (totals)", FULL: "Full (per service, with history)" } as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** A whole number from a form's text ("4,999" and " 90 " are fine) or JSON. */
const wholeNumber = (message: string) => numeric(z.number({ error: message }).refine(Number.isFinite, message).int(message));

/** A checkbox ("true"/"on" when ticked, absent when not) or a JSON boolean. */
const checkbox = (message: string) =>
  z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" || blank(v) ? false : v), z.boolean({ error: message }));

export const planInput = z
  .object({
    name: z
      .string({ error: "Please enter the plan's name." })
      .trim()
      .min(2, "Please enter the plan's name (at least 2 characters).")
      .max(PLAN_NAME_MAX, `Use at most ${PLAN_NAME_MAX} characters.`),
    description: z.preprocess(
      (v) => (blank(v) ? "" : v),
      z.string({ error: "The description must be text." }).trim().max(PLAN_DESCRIPTION_MAX, `Use at most ${PLAN_DESCRIPTION_MAX} characters.`),
    ),
    price: wholeNumber("Enter the price in whole rupees, e.g. 4999.")
      .pipe(z.number().min(0, "The price cannot be negative."))
      .pipe(z.number().max(PLAN_PRICE_MAX, `The price can be at most ₹${PLAN_PRICE_MAX.toLocaleString("en-IN")}.`)),
    durationDays: wholeNumber("Enter the duration in whole days, e.g. 90.")
      .pipe(z.number().min(1, "A plan lasts at least 1 day."))
      .pipe(z.number().max(PLAN_DURATION_MAX, `A plan lasts at most ${PLAN_DURATION_MAX} days (3 years).`)),
    isTrial: checkbox("Choose whether this is the free trial plan."),
    features: z.preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(/\r?\n/)
              .map((line) => line.trim())
              .filter(Boolean)
          : blank(v)
            ? []
            : v,
      z
        .array(
          z
            .string({ error: "Each feature is a short line of text." })
            .trim()
            .min(1, "A feature cannot be empty.")
            .max(PLAN_FEATURE_MAX, `Keep each feature to ${PLAN_FEATURE_MAX} characters.`),
          { error: "List the features, one per line." },
        )
        .max(PLAN_FEATURES_MAX, `List at most ${PLAN_FEATURES_MAX} features.`),
    ),
    maxActiveServices: z.preprocess(
      (v) => (blank(v) ? null : v),
      numeric(
        z
          .number({ error: "Enter a whole number of services, or leave it empty for unlimited." })
          .int("Enter a whole number of services, or leave it empty for unlimited.")
          .min(1, "Allow at least 1 active service, or leave it empty for unlimited.")
          .max(PLAN_SERVICES_MAX, `At most ${PLAN_SERVICES_MAX.toLocaleString("en-IN")}; leave it empty for unlimited.`)
          .nullable(),
      ),
    ),
    featuredPlacement: checkbox("Choose whether the plan gives featured placement."),
    analyticsDepth: z.enum(["BASIC", "FULL"], { error: "Choose Basic or Full analytics." }),
  })
  .superRefine((plan, ctx) => {
    if (plan.isTrial && plan.price !== 0) ctx.addIssue({ code: "custom", path: ["price"], message: "The free trial plan costs nothing: set the price to 0." });
    if (!plan.isTrial && plan.price < 1)
      ctx.addIssue({ code: "custom", path: ["price"], message: "A paid plan costs at least ₹1 (only the trial plan is free)." });
  });

export type PlanInput = z.infer<typeof planInput>;

/** "90 days", "1 day", "365 days". */
export const durationLabel = (days: number) => (days === 1 ? "1 day" : `${days} days`);

/** The admin transactions filters (URL of /admin/transactions and GET /admin/transactions), dates in India time. */
export const PAYMENT_STATUS_VALUES = PAYMENT_STATUSES;
export const PAYMENT_PURPOSE_VALUES = PAYMENT_PURPOSES;
/** How admins see a payment's purpose (rows, totals, the filter and the CSV's Kind column). */
export const PURPOSE_LABELS: Record<(typeof PAYMENT_PURPOSES)[number], string> = { SUBSCRIPTION: "Plan", TEMPLATE: "Design" };
export const TRANSACTIONS_PAGE_SIZE = 50;

const emptyToUndefined = (v: unknown) => (blank(v) ? undefined : v);
const istDay = (label: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: `${label}: use a date like 2026-11-23.` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: use a date like 2026-11-23.`)
      .refine((d) => {
        const t = Date.parse(`${d}T00:00:00Z`);
        return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
      }, `${label}: that date does not exist.`)
      .optional(),
  );

export const transactionFilters = z
  .object({
    from: istDay("From"),
    to: istDay("To"),
    status: z.preprocess(emptyToUndefined, z.enum(PAYMENT_STATUS_VALUES, { error: "Choose a status from the list." }).optional()),
    purpose: z.preprocess(emptyToUndefined, z.enum(PAYMENT_PURPOSES, { error: "Choose plans or designs from the list." }).optional()),
    page: numeric(
      z
        .number({ error: "Page must be a number." })
        .int("Page must be a whole number.")
        .min(1, "Page must be at least 1.")
        .max(1000, "Page must be at most 1,000.")
        .optional(),
    ),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: "custom", path: ["to"], message: "“To” must be on or after “From”." });
  });

export type TransactionFilters = z.infer<typeof transactionFilters>;

/** A refund's reason (issue 30): said to the gateway in the refund's notes and kept with the refund. */
export const REFUND_REASON_MAX = 300;

/**
 * An admin's refund of a payment (/admin/transactions and POST /admin/transactions/{id}/refund):
 * the amount in whole rupees (empty or absent: everything still refundable) and a reason.
 */
export const refundInput = z.object({
  // Absent, or an empty form field: everything left. null is no amount and is refused like the other numeric fields.
  amount: z.preprocess(
    (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : v),
    numeric(
      z
        .number({ error: "Enter the amount to refund in whole rupees, e.g. 500." })
        .refine(Number.isFinite, "Enter the amount to refund in whole rupees, e.g. 500.")
        .int("Enter the amount to refund in whole rupees, e.g. 500.")
        .min(1, "Refund at least ₹1.")
        .max(PLAN_PRICE_MAX * 2, "That is more than any payment on Mandap.")
        .optional(),
    ),
  ),
  reason: z
    .string({ error: "Please say why this payment is refunded." })
    .trim()
    .min(3, "Please say why this payment is refunded (at least 3 characters).")
    .max(REFUND_REASON_MAX, `Use at most ${REFUND_REASON_MAX} characters.`),
});
export type RefundInput = z.infer<typeof refundInput>;

export const FLAG_NOTE_MAX = 500;
/** An admin marks a reconciliation flag resolved (issue 30): what they found or did, for the audit log and the next admin. */
export const resolveFlagInput = z.object({
  note: z
    .string({ error: "Please say how this was resolved." })
    .trim()
    .min(3, "Please say how this was resolved (at least 3 characters).")
    .max(FLAG_NOTE_MAX, `Use at most ${FLAG_NOTE_MAX} characters.`),
});
