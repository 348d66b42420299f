/**
 * Enquiries and bookings: a couple's enquiry as a conversation with quotes, the booking it becomes,
 * a vendor's analytics and weekly summary.
 *
 * This file is the area's only face: code outside functions/domain/enquiries/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export * from "./bookings.ts";
export * from "./leads.ts";
export * from "./vendor-analytics.ts";
export * from "./weekly-summary.ts";
