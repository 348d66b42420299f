/**
 * Guests: households and guests, CSV import and export, head-counts, and a household's personal
 * RSVP link.
 *
 * The couple's guest list (issue 12): households (a family invited together, with its personal
 * RSVP link), guests in them, which households are invited to which functions, head-counts per
 * function and per dietary preference, CSV import and export, sharing and reminding. Another
 * couple's household or guest is 404 and changes nothing. The answers themselves are written by
 * the household's link (rsvp.ts). docs/decisions/0022-guests-and-rsvp.md.
 *
 * One job a file: households.ts, guests.ts, guest-search.ts, invitations.ts, head-counts.ts (with
 * its query in headcount-sql.ts), not-answered.ts, sharing.ts (share links and reminders),
 * import-export.ts (the CSV rules; guest-csv.ts reads and writes CSV text), guest-page.ts (the
 * page's one batch), rsvp.ts; guest-records.ts holds what they share (rows, owner checks, links).
 *
 * This file is the area's only face: code outside functions/domain/guests/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export { coupleNames, newRsvpToken, rsvpLink, type Guest, type GuestRow, type Household } from "./guest-records.ts";
export { listHouseholds, createHousehold, updateHousehold, deleteHousehold, resetHouseholdLink } from "./households.ts";
export { addGuest, updateGuest, deleteGuest } from "./guests.ts";
export { searchGuests, type GuestSearch } from "./guest-search.ts";
export { setInvitations } from "./invitations.ts";
export { functionHeadCounts, headCounts, type FunctionHeadCount, type HeadCounts } from "./head-counts.ts";
export { NOT_ANSWERED_PAGE_SIZE, type NotAnswered } from "./not-answered.ts";
export { REMIND_INTERVAL_MS, invitationText, whatsappUrl, shareLinks, shareHousehold, remindHousehold, type ShareLinks } from "./sharing.ts";
export { CSV_COLUMNS, GUEST_FILE_SQL, guestFile, importGuests, exportGuests, type ImportResult } from "./import-export.ts";
export { toCsv } from "./guest-csv.ts";
export { guestPage, type GuestPage } from "./guest-page.ts";
export { isGuestReminderToken, guestReminderLinkView, stopGuestRemindersByLink, type GuestReminderView } from "./reminder-optout.ts";
export { COUNTED_HEADCOUNT_SQL, HEADCOUNT_SQL } from "./headcount-sql.ts";
export { answerRsvp, rsvpByToken } from "./rsvp.ts";
export { RSVP_FIGURES_IN_STORE_SQL, RSVP_SUMMARY_PAGE, sendRsvpSummaries, type RsvpSummaryRun } from "./rsvp-whatsapp.ts";
