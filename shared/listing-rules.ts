import { m } from "#shared/paraglide/messages.js";
import { z } from "zod";
import { LEAD_MESSAGE_MAX, LEAD_MESSAGE_MIN, REPLY_MAX, REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN, REVIEWS_PAGE_MAX, todayInIndia } from "./listing-limits.ts";
import { numeric } from "./numbers.ts";

export * from "./listing-limits.ts";

/**
 * Rules for what couples send about a service (reviews, enquiries), shared by the page forms,
 * the API and the domain so each rule is written once.
 */
const score = (label: string) =>
  numeric(
    z
      .number({ message: `${label} must be a number from 1 to 5.` })
      .int(`${label} must be a whole number from 1 to 5.`)
      .min(1, `${label} must be between 1 and 5.`)
      .max(5, `${label} must be between 1 and 5.`),
  );

export const reviewInput = z.object({
  rating: score("Rating"),
  quality: score("Quality"),
  responsiveness: score("Responsiveness"),
  professionalism: score("Professionalism"),
  value: score("Value for money"),
  flexibility: score("Flexibility"),
  comment: z
    .string({ error: () => m.api_v_please_write_a_comment() })
    .trim()
    .min(REVIEW_COMMENT_MIN, { error: () => m.api_v_please_write_at_least_characters_so_other({ min: REVIEW_COMMENT_MIN }) })
    .max(REVIEW_COMMENT_MAX, { error: () => m.api_v_please_keep_your_review_under_characters({ max: REVIEW_COMMENT_MAX.toLocaleString("en-IN") }) }),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const replyInput = z.object({
  reply: z
    .string({ error: () => m.api_v_please_write_a_reply() })
    .trim()
    .min(2, { error: () => m.api_v_please_write_a_reply() })
    .max(REPLY_MAX, { error: () => m.api_v_please_keep_your_reply_under_characters({ max: REPLY_MAX.toLocaleString("en-IN") }) }),
});

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/**
 * The enquiry's fields, with the event date judged against India's day at `now`: the domain passes
 * its request clock (ctx.now, which tests can set); without it (page forms, the API declaration)
 * the real clock when the input is read, as before.
 */
export const leadInputAt = (now?: number) =>
  z.object({
    message: z
      .string({ error: () => m.api_v_please_tell_the_vendor_what_you_need() })
      .trim()
      .min(LEAD_MESSAGE_MIN, { error: () => m.api_v_please_write_at_least_characters_your_functi({ min: LEAD_MESSAGE_MIN }) })
      .max(LEAD_MESSAGE_MAX, { error: () => m.api_v_please_keep_your_message_under_characters({ max: LEAD_MESSAGE_MAX.toLocaleString("en-IN") }) }),
    eventDate: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => m.api_v_use_a_date_like_2027_02_14() })
        .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
          error: () => m.api_v_that_date_does_not_exist(),
        })
        .refine((d) => d >= todayInIndia(now), { error: () => m.api_e_the_event_date_cannot_be_in_the() })
        .optional(),
    ),
    guestCount: numeric(
      z
        .number({ error: () => m.api_v_guest_count_must_be_a_number() })
        .int({ error: () => m.api_v_guest_count_must_be_a_whole_number() })
        .min(1, { error: () => m.api_v_guest_count_must_be_at_least_1() })
        .max(100_000, { error: () => m.api_v_guest_count_must_be_at_most_1_00_000() })
        .optional(),
    ),
    budget: numeric(
      z
        .number({ error: () => m.api_v_budget_must_be_a_number_of_rupees() })
        .int({ error: () => m.api_v_budget_must_be_whole_rupees() })
        .min(0, { error: () => m.api_v_budget_cannot_be_negative() })
        .max(1_000_000_000, { error: () => m.api_v_budget_must_be_at_most_1_00_00_00_000() })
        .optional(),
    ),
  });
export const leadInput = leadInputAt();
export type LeadInput = z.infer<typeof leadInput>;

/** A page of a service's reviews (listing-limits.ts REVIEWS_PAGE_MAX): the service page and the API read it with this. */
export const reviewsPageNumber = numeric(
  z
    .number({ error: () => m.api_v_page_must_be_a_number() })
    .int({ error: () => m.api_v_page_must_be_a_whole_number() })
    .min(1, { error: () => m.api_v_page_must_be_at_least_1() })
    .max(REVIEWS_PAGE_MAX, { error: () => m.api_v_page_must_be_at_most({ max: REVIEWS_PAGE_MAX.toLocaleString("en-IN") }) }),
);

/** The page's lenient reading of ?reviews=: anything that is not a valid page shows the first. */
export function reviewsPageFrom(raw: string | null): number {
  const parsed = reviewsPageNumber.safeParse(raw ?? "1");
  return parsed.success ? parsed.data : 1;
}
