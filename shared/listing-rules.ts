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
    .string({ message: "Please write a comment." })
    .trim()
    .min(REVIEW_COMMENT_MIN, `Please write at least ${REVIEW_COMMENT_MIN} characters so other couples learn from your experience.`)
    .max(REVIEW_COMMENT_MAX, `Please keep your review under ${REVIEW_COMMENT_MAX.toLocaleString("en-IN")} characters.`),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const replyInput = z.object({
  reply: z
    .string({ message: "Please write a reply." })
    .trim()
    .min(2, "Please write a reply.")
    .max(REPLY_MAX, `Please keep your reply under ${REPLY_MAX.toLocaleString("en-IN")} characters.`),
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
      .string({ message: "Please tell the vendor what you need." })
      .trim()
      .min(LEAD_MESSAGE_MIN, `Please write at least ${LEAD_MESSAGE_MIN} characters: your functions, dates and what you need.`)
      .max(LEAD_MESSAGE_MAX, `Please keep your message under ${LEAD_MESSAGE_MAX.toLocaleString("en-IN")} characters.`),
    eventDate: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2027-02-14.")
        .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "That date does not exist.")
        .refine((d) => d >= todayInIndia(now), "The event date cannot be in the past.")
        .optional(),
    ),
    guestCount: numeric(
      z
        .number({ message: "Guest count must be a number." })
        .int("Guest count must be a whole number.")
        .min(1, "Guest count must be at least 1.")
        .max(100_000, "Guest count must be at most 1,00,000.")
        .optional(),
    ),
    budget: numeric(
      z
        .number({ message: "Budget must be a number of rupees." })
        .int("Budget must be whole rupees.")
        .min(0, "Budget cannot be negative.")
        .max(1_000_000_000, "Budget must be at most ₹1,00,00,00,000.")
        .optional(),
    ),
  });
export const leadInput = leadInputAt();
export type LeadInput = z.infer<typeof leadInput>;

/** A page of a service's reviews (listing-limits.ts REVIEWS_PAGE_MAX): the service page and the API read it with this. */
export const reviewsPageNumber = numeric(
  z
    .number({ message: "Page must be a number." })
    .int("Page must be a whole number.")
    .min(1, "Page must be at least 1.")
    .max(REVIEWS_PAGE_MAX, `Page must be at most ${REVIEWS_PAGE_MAX.toLocaleString("en-IN")}.`),
);

/** The page's lenient reading of ?reviews=: anything that is not a valid page shows the first. */
export function reviewsPageFrom(raw: string | null): number {
  const parsed = reviewsPageNumber.safeParse(raw ?? "1");
  return parsed.success ? parsed.data : 1;
}
