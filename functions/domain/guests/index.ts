/**
 * Guests: households and guests, CSV import and export, head-counts, and a household's personal
 * RSVP link.
 *
 * This file is the area's only face: code outside functions/domain/guests/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export * from "./guest-csv.ts";
export * from "./guests.ts";
export * from "./headcount-sql.ts";
export * from "./rsvp.ts";
