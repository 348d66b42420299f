/** Limits of a vendor's service and its FAQs, safe for the browser bundle (no zod here); the rules are in service-schemas.ts. */
export const SERVICE_NAME_MIN = 3;
export const SERVICE_NAME_MAX = 120;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;
export const ADDRESS_MAX = 300;
/** Whole rupees; ten crore is more than any wedding service costs. */
export const PRICE_MAX = 10_00_00_000;
export const CAPACITY_MAX = 1_00_000;
export const HIGHLIGHTS_MAX = 8;
export const HIGHLIGHT_MAX = 80;
export const FAQS_MAX = 30;
export const FAQ_QUESTION_MIN = 5;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 2000;
/** AI description drafts per vendor per hour. */
export const AI_DRAFTS_PER_HOUR = 20;
/** A vendor's services the dashboard lists at most (one page, one query). */
export const DASHBOARD_SERVICES_MAX = 500;

/** The catalogue group whose subcategories are venues: only they have a guest capacity. */
export const VENUE_GROUP = "Wedding Venue";
