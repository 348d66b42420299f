/** Limits and labels of reviews and enquiries, safe for the browser bundle (no zod here). */
export const SUB_SCORES = [
  { key: "quality", label: "Quality" },
  { key: "responsiveness", label: "Responsiveness" },
  { key: "professionalism", label: "Professionalism" },
  { key: "value", label: "Value for money" },
  { key: "flexibility", label: "Flexibility" },
] as const;
export type SubScoreKey = (typeof SUB_SCORES)[number]["key"];

export const REVIEW_COMMENT_MIN = 60;
export const REVIEW_COMMENT_MAX = 4000;
export const REVIEW_PHOTOS_MAX = 6;
export const REPLY_MAX = 2000;
export const LEAD_MESSAGE_MIN = 20;
export const LEAD_MESSAGE_MAX = 2000;

/**
 * Paging of a service's reviews, one rule for the service page (?reviews=) and
 * GET /services/feedback/{id}?page=: pages 1 to REVIEWS_PAGE_MAX of REVIEWS_PAGE_SIZE reviews.
 */
export const REVIEWS_PAGE_SIZE = 10;

/** How a reply by an administrator is signed. */
export const MANDAP_TEAM = "the Mandap team";
export const REVIEWS_PAGE_MAX = 1000;

/** Today in India as yyyy-mm-dd (shared/india-time.ts; many callers import it from here). */
export { todayInIndia } from "./india-time.ts";
