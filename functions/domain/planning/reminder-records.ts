/** What the daily planning reminder's files share: its limits, the pages it links to, the rows read and the digest's shape. */
import type { bookingMilestones, budgetLines, events, services, tasks, users, vendors } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";

export const PLANNER_PATH = "/profile/weddingplan";

export const BUDGET_PATH = "/profile/weddingbudget";

export const GUESTS_PATH = "/profile/guests";

export const PROFILE_PATH = "/profile";

/** Tasks, payments and deliverables due up to this many days from today. */
export const DUE_WITHIN_DAYS = 7;

/** Functions this many days ahead whose guests have not answered. */
export const RSVP_WITHIN_DAYS = 14;

/** Couples per page: one read batch and at most one write batch each. */
export const PAGE = 500;

/** D1 calls (a query or a batch) one run may make before it stops: well inside Workers Paid's 1,000. */
export const MAX_QUERIES = 400;

/** Lines per section in a mail (the rest are counted, with a link to the page). */
export const SECTION_MAX_LINES = 15;

/** Household names per function in the guests section. */
export const HOUSEHOLD_NAMES_MAX = 8;

/** planning_digests rows older than this many days are removed when the couple is next mailed. */
export const DIGEST_KEEP_DAYS = 30;

/** A couple of a page; `store_wedding`: their wedding moved to its store and has a function in the window for answers, so its store says who owes one. */
export type Couple = Row<typeof users, "id" | "email" | "user_name" | "partner_name" | "locale"> & { store_wedding: string | null };

/** Each list query returns at most this many rows per couple (and kind), with the couple's total in `total`. */
type Counted = { total: number; overdue: number };

/** A task due (the query keeps those with a due date), with its function's name. */
export type DueTaskRow = Counted & Row<typeof tasks, "user_id" | "name" | "status"> & { due_date: string; event_name: string };

/** A booking's payment or deliverable due (the query keeps those with a due date), with its vendor and service. */
export type DueMilestoneRow = Counted &
  Row<typeof bookingMilestones, "kind" | "title" | "amount"> &
  Row<typeof vendors, "business_name"> &
  Row<typeof services, "service_name"> & { user_id: string; due_date: string };

/** A budget line with a payment due: the balance still to pay in `amount`, its function's name if any. */
export type DueLineRow = Counted & Row<typeof budgetLines, "user_id" | "label" | "category"> & { amount: number; due_date: string; event_name: string | null };

/** One function's households still to answer (at most HOUSEHOLD_NAMES_MAX rows per function), with the function's totals. */
export type WaitingRow = Row<typeof events, "event_date"> & {
  user_id: string;
  event_id: string;
  event_name: string;
  household: string;
  waiting: number;
  households: number;
  guests: number;
};

export type Section<T> = { shown: T[]; total: number; overdue: number };

/** A payment due: `text` in English (also its sort key); `to` names the vendor of an instalment, for mails in other languages. */
export type Payment = { due_date: string; amount: number | null; text: string; to?: { vendor: string; service: string; title: string } };

export type WaitingFunction = { name: string; date: string; guests: number; households: number; named: { name: string; waiting: number }[] };

export type Digest = {
  tasks: Section<DueTaskRow>;
  payments: Section<Payment>;
  deliverables: Section<DueMilestoneRow>;
  functions: WaitingFunction[];
};

/** The India day n days after `day` (YYYY-MM-DD). */
export const daysAfter = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Items a digest counts: tasks, payments, deliverables, and functions waiting for answers. */
export const itemCount = (d: Digest) => d.tasks.total + d.payments.total + d.deliverables.total + d.functions.length;
