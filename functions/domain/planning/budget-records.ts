/**
 * The couple's wedding budget (issue 12; docs/decisions/0021-wedding-budget.md): a total budget
 * (users.total_budget), the couple's own lines per category and per function with estimated,
 * quoted, booked and paid amounts (budget_lines), and what the vendor workspace already knows:
 * - a CONFIRMED or COMPLETED booking is booked at its agreed price and paid by its advance plus
 *   the PAYMENT instalments the vendor marked received; a CANCELLED booking leaves the totals;
 * - the quote a booking came from (the latest on its enquiry) is its quoted amount, and the latest
 *   valid quote on an open (QUOTED) enquiry shows as quoted, not committed;
 * - a booking falls in the category of its service's subcategory until the couple links it to a
 *   category and a function (a line with booking_id: booked and paid still come from the booking).
 * Committed is what is booked; remaining is the total budget less committed. Nothing is random.
 * A line "Suggest a split" wrote stands in for the couple's estimate of its category only until
 * they estimate that category themselves: then it counts nothing (it is `superseded`), so their
 * estimate replaces the suggestion instead of adding to it (issue 28).
 *
 * This file holds what the budget's jobs share: the shapes the page gets, the rows read, and what
 * a booking counts.
 */
import type { bookingMilestones, bookings, budgetLines, leadQuotes, services, vendors } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { type WeddingFunction } from "./wedding-functions.ts";
import type { WeddingRights } from "../weddings/index.ts";
import { m } from "#shared/paraglide/messages.js";

export type BudgetItem = {
  /** The line's id; "booking:<id>" or "quote:<leadId>" for what comes only from the vendor workspace. */
  id: string;
  kind: "line" | "booking" | "quote";
  lineId: string | null;
  bookingId: string | null;
  leadId: string | null;
  bookingStatus: "CONFIRMED" | "COMPLETED" | "CANCELLED" | null;
  category: string;
  categoryLabel: string;
  label: string;
  vendor: string | null;
  eventId: string | null;
  estimated: number;
  quoted: number;
  booked: number;
  paid: number;
  dueDate: string | null;
  notes: string | null;
  /** Written by "Suggest a split" and not edited since. */
  suggested: boolean;
  /** A suggested line whose category the couple has estimated on their own lines: its estimate (kept in `suggestedEstimate`) no longer counts. */
  superseded: boolean;
  suggestedEstimate: number | null;
  /** A line's version (its updated_at), which its edit form sends back; null for bookings and quotes. */
  version: number | null;
};

export type Amounts = { estimated: number; quoted: number; booked: number; paid: number };

export type CategoryTotals = Amounts & { key: string; label: string; share: number; suggested: number | null; remaining: number; over: boolean };

export type FunctionTotals = Amounts & { id: string; parentId: string | null; name: string; eventDate: string; budget: number; over: boolean };

export type BudgetWarning = { kind: "category" | "total" | "function" | "estimates"; message: string; category?: string; eventId?: string };

export type UpcomingPayment = {
  date: string;
  amount: number;
  label: string;
  category: string;
  source: "booking" | "line";
  bookingId: string | null;
  lineId: string | null;
  overdue: boolean;
};

export type BudgetOverview = {
  totalBudget: number | null;
  /** The version of what "Suggest a split" reads (the total and each category's estimate), which its form sends back (decision 0052). */
  splitVersion: number;
  totals: Amounts & { committed: number; remaining: number | null; due: number };
  categories: CategoryTotals[];
  functions: FunctionTotals[];
  /** Lines not under any function. */
  unassigned: Amounts;
  items: BudgetItem[];
  warnings: BudgetWarning[];
  upcoming: UpcomingPayment[];
  /** The couple's functions and sub-events, for choosing where a line belongs. */
  weddingFunctions: WeddingFunction[];
  /** What the reader may change in the wedding (the page draws the budget's forms only for those who may change it). */
  rights: WeddingRights;
};

/** A budget line as LINE_COLUMNS reads it. */
export type BudgetLineRow = Row<
  typeof budgetLines,
  "id" | "event_id" | "category" | "label" | "estimated" | "quoted" | "booked" | "paid" | "due_date" | "notes" | "booking_id" | "suggested" | "updated_at"
>;

/** A booking of the couple's with its service and vendor, the instalments paid and the latest quote of its enquiry. */
export type BookingRow = Row<typeof bookings, "id" | "lead_id" | "status" | "agreed_price" | "advance_paid"> &
  Row<typeof services, "service_name" | "service_type"> &
  Row<typeof vendors, "business_name"> & { instalments_paid: number; quoted: number | null };

/** The latest valid quote of an open enquiry, with its service and vendor. */
export type QuoteRow = Row<typeof leadQuotes, "lead_id" | "amount"> &
  Row<typeof services, "service_name" | "service_type"> &
  Row<typeof vendors, "business_name">;

/** A payment milestone still to pay; the query keeps only those with an amount and a due date. */
export type InstalmentRow = Row<typeof bookingMilestones, "booking_id" | "title"> & { amount: number; due_date: string };

export const LINE_COLUMNS = "id, event_id, category, label, estimated, quoted, booked, paid, due_date, notes, booking_id, suggested, updated_at";

export const LINE_NOT_FOUND = m.api_e_we_could_not_find_that_budget_line;

/** What a write of the budget answers, in the page's toast and the API's message alike. */
export const BUDGET_MESSAGES = {
  get totalSaved() {
    return m.api_budget_total_saved();
  },
  get lineAdded() {
    return m.api_budget_line_added();
  },
  get lineSaved() {
    return m.api_budget_line_saved();
  },
  get lineDeleted() {
    return m.api_budget_line_deleted();
  },
  get bookingPlaced() {
    return m.api_budget_booking_placed();
  },
  suggested: (added: number) => (added ? m.api_budget_suggested({ added }) : m.api_budget_all_estimated()),
};

export const zero = (): Amounts => ({ estimated: 0, quoted: 0, booked: 0, paid: 0 });

export const add = (into: Amounts, item: Amounts) => {
  into.estimated += item.estimated;
  into.quoted += item.quoted;
  into.booked += item.booked;
  into.paid += item.paid;
};

/** What counts of a booking: nothing once it is cancelled. */
export function bookingAmounts(b: BookingRow): Pick<Amounts, "quoted" | "booked" | "paid"> {
  if (b.status === "CANCELLED") return { quoted: 0, booked: 0, paid: 0 };
  return { quoted: b.quoted ?? 0, booked: b.agreed_price, paid: Math.min(b.agreed_price, b.advance_paid + b.instalments_paid) };
}

/**
 * The version of what "Suggest a split" reads: the total budget and the sum of estimates per
 * category (a 31-bit FNV-1a hash of them, so it fits the version field). Any change a co-planner
 * makes to either (a line added, changed or deleted in a category, the total set) gives another one,
 * so a split asked for on a copy of the budget from before is refused (decision 0052).
 */
export function splitVersion(total: number | null, lines: readonly { category: string; estimated: number }[]): number {
  const sums = new Map<string, number>();
  for (const l of lines) sums.set(l.category, (sums.get(l.category) ?? 0) + l.estimated);
  const text = [String(total ?? 0), ...[...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([c, n]) => `${c}=${n}`)].join("|");
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) & 0x7fffffff;
}
