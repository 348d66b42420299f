import type { Label } from "./say.ts";
import { m } from "#shared/paraglide/messages.js";
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
const wholeNumber = (message: () => string) =>
  numeric(
    z
      .number({ error: () => message() })
      .refine(Number.isFinite, { error: () => message() })
      .int({ error: () => message() }),
  );

/** A checkbox ("true"/"on" when ticked, absent when not) or a JSON boolean. */
const checkbox = (message: () => string) =>
  z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" || blank(v) ? false : v), z.boolean({ error: message }));

export const planInput = z
  .object({
    name: z
      .string({ error: () => m.api_v_please_enter_the_plans_name() })
      .trim()
      .min(2, { error: () => m.api_v_please_enter_the_plans_name_at_least() })
      .max(PLAN_NAME_MAX, { error: () => m.api_v_at_most_chars({ max: PLAN_NAME_MAX }) }),
    description: z.preprocess(
      (v) => (blank(v) ? "" : v),
      z
        .string({ error: () => m.api_v_the_description_must_be_text() })
        .trim()
        .max(PLAN_DESCRIPTION_MAX, { error: () => m.api_v_at_most_chars({ max: PLAN_DESCRIPTION_MAX }) }),
    ),
    price: wholeNumber(m.api_v_plan_price_whole)
      .pipe(z.number().min(0, { error: () => m.api_v_the_price_cannot_be_negative() }))
      .pipe(z.number().max(PLAN_PRICE_MAX, { error: () => m.api_v_the_price_can_be_at_most({ max: PLAN_PRICE_MAX.toLocaleString("en-IN") }) })),
    durationDays: wholeNumber(m.api_v_plan_duration_whole)
      .pipe(z.number().min(1, { error: () => m.api_v_a_plan_lasts_at_least_1_day() }))
      .pipe(z.number().max(PLAN_DURATION_MAX, { error: () => m.api_v_a_plan_lasts_at_most_days_3({ max: PLAN_DURATION_MAX }) })),
    isTrial: checkbox(m.api_v_plan_is_trial),
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
            .string({ error: () => m.api_v_each_feature_is_a_short_line_of() })
            .trim()
            .min(1, { error: () => m.api_v_a_feature_cannot_be_empty() })
            .max(PLAN_FEATURE_MAX, { error: () => m.api_v_keep_each_feature_to_characters({ max: PLAN_FEATURE_MAX }) }),
          { error: () => m.api_v_list_the_features_one_per_line() },
        )
        .max(PLAN_FEATURES_MAX, { error: () => m.api_v_list_at_most_features({ max: PLAN_FEATURES_MAX }) }),
    ),
    maxActiveServices: z.preprocess(
      (v) => (blank(v) ? null : v),
      numeric(
        z
          .number({ error: () => m.api_v_enter_a_whole_number_of_services_or() })
          .int({ error: () => m.api_v_enter_a_whole_number_of_services_or() })
          .min(1, { error: () => m.api_v_allow_at_least_1_active_service_or() })
          .max(PLAN_SERVICES_MAX, { error: () => m.api_v_at_most_leave_it_empty_for({ max: PLAN_SERVICES_MAX.toLocaleString("en-IN") }) })
          .nullable(),
      ),
    ),
    featuredPlacement: checkbox(m.api_v_plan_featured),
    analyticsDepth: z.enum(["BASIC", "FULL"], { error: () => m.api_v_choose_basic_or_full_analytics() }),
  })
  .superRefine((plan, ctx) => {
    if (plan.isTrial && plan.price !== 0) ctx.addIssue({ code: "custom", path: ["price"], message: m.api_v_the_free_trial_plan_costs_nothing_set() });
    if (!plan.isTrial && plan.price < 1) ctx.addIssue({ code: "custom", path: ["price"], message: m.api_v_a_paid_plan_costs_at_least_1() });
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
const istDay = (label: Label) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: () => m.api_v_label_date_like_2026({ label: label() }) })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => m.api_v_label_date_like_2026({ label: label() }) })
      .refine(
        (d) => {
          const t = Date.parse(`${d}T00:00:00Z`);
          return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
        },
        { error: () => m.api_v_label_date_missing({ label: label() }) },
      )
      .optional(),
  );

export const transactionFilters = z
  .object({
    from: istDay(m.api_v_label_from),
    to: istDay(m.api_v_label_to),
    status: z.preprocess(emptyToUndefined, z.enum(PAYMENT_STATUS_VALUES, { error: () => m.api_v_choose_a_status_from_the_list() }).optional()),
    purpose: z.preprocess(emptyToUndefined, z.enum(PAYMENT_PURPOSES, { error: () => m.api_v_choose_plans_or_designs_from_the_list() }).optional()),
    page: numeric(
      z
        .number({ error: () => m.api_v_page_must_be_a_number() })
        .int({ error: () => m.api_v_page_must_be_a_whole_number() })
        .min(1, { error: () => m.api_v_page_must_be_at_least_1() })
        .max(1000, { error: () => m.api_v_page_must_be_at_most_1_000() })
        .optional(),
    ),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: "custom", path: ["to"], message: m.api_v_to_must_be_on_or_after_from() });
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
        .number({ error: () => m.api_v_enter_the_amount_to_refund_in_whole() })
        .refine(Number.isFinite, { error: () => m.api_v_enter_the_amount_to_refund_in_whole() })
        .int({ error: () => m.api_v_enter_the_amount_to_refund_in_whole() })
        .min(1, { error: () => m.api_v_refund_at_least_1() })
        .max(PLAN_PRICE_MAX * 2, { error: () => m.api_v_that_is_more_than_any_payment_on() })
        .optional(),
    ),
  ),
  reason: z
    .string({ error: () => m.api_v_please_say_why_this_payment_is_refunded_2() })
    .trim()
    .min(3, { error: () => m.api_v_please_say_why_this_payment_is_refunded() })
    .max(REFUND_REASON_MAX, { error: () => m.api_v_at_most_chars({ max: REFUND_REASON_MAX }) }),
});
export type RefundInput = z.infer<typeof refundInput>;

export const FLAG_NOTE_MAX = 500;
/** An admin marks a reconciliation flag resolved (issue 30): what they found or did, for the audit log and the next admin. */
export const resolveFlagInput = z.object({
  note: z
    .string({ error: () => m.api_v_please_say_how_this_was_resolved() })
    .trim()
    .min(3, { error: () => m.api_v_please_say_how_this_was_resolved_at() })
    .max(FLAG_NOTE_MAX, { error: () => m.api_v_at_most_chars({ max: FLAG_NOTE_MAX }) }),
});
