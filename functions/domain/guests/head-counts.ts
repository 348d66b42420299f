/** Head-counts per function and per dietary preference. */
import type { events } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import type { Dietary } from "#shared/guest-schemas.ts";
import { headCountQuery } from "#shared/guest-schemas.ts";
import { m } from "#shared/paraglide/messages.js";
import { type DomainContext, parseInput } from "../core/index.ts";
import { inWedding, openWedding } from "../weddings/index.ts";
import { COUNTED_HEADCOUNT_SQL } from "./headcount-sql.ts";
import { NOT_ANSWERED_PAGE_SIZE, type NotAnswered, type PendingRow, groupPending, pendingCountStatement, pendingPageStatement } from "./not-answered.ts";

export type FunctionHeadCount = {
  eventId: string;
  name: string;
  eventDate: string;
  startTime: string | null;
  invitedHouseholds: number;
  invitedGuests: number;
  /** People coming: the party sizes of ATTENDING answers. */
  attending: number;
  /** People who may come: the party sizes of MAYBE answers. */
  maybe: number;
  /** Guests who said they will not come. */
  declined: number;
  /** Invited guests with no answer yet. */
  notAnswered: number;
  /** People coming by dietary preference (the caterer's numbers); UNKNOWN when the guest has none recorded. */
  dietary: Record<Dietary | "UNKNOWN", number>;
};

/** One function as COUNTED_HEADCOUNT_SQL (and the recount, HEADCOUNT_SQL) reads it: its columns and the counts of households, guests, answers and diets. */
export type HeadCountRow = Row<typeof events, "id" | "name" | "event_date" | "start_time"> & {
  households: number;
  guests: number;
  attending: number;
  maybe: number;
  declined: number;
  not_answered: number;
  veg: number;
  jain: number;
  non_veg: number;
  vegan: number;
  unknown: number;
};

/** Head-counts of every function of the couple in ONE query: a row per function, from the counters kept on write. */
export function headCountStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare(COUNTED_HEADCOUNT_SQL).bind(userId);
}

export const toHeadCount = (r: HeadCountRow): FunctionHeadCount => ({
  eventId: r.id,
  name: r.name,
  eventDate: r.event_date,
  startTime: r.start_time,
  invitedHouseholds: r.households,
  invitedGuests: r.guests,
  attending: r.attending,
  maybe: r.maybe,
  declined: r.declined,
  notAnswered: r.not_answered,
  dietary: { VEG: r.veg, JAIN: r.jain, NON_VEG: r.non_veg, VEGAN: r.vegan, UNKNOWN: r.unknown },
});

/** Head-counts per function and per dietary preference (what the caterer needs), in one query. */
export async function functionHeadCounts(caller: DomainContext): Promise<FunctionHeadCount[]> {
  const me = await openWedding(caller, "guests", "read");
  const ctx = inWedding(caller, me);
  const { results } = await headCountStatement(ctx.db, me.key).all<HeadCountRow>();
  return results.map(toHeadCount);
}

export type HeadCounts = {
  functions: FunctionHeadCount[];
  /** A page of the households that owe an answer (NOT_ANSWERED_PAGE_SIZE, by name), each with its pending functions. */
  notAnswered: NotAnswered[];
  /** Households that owe an answer in all. */
  notAnsweredCount: number;
  page: number;
  pageSize: number;
};

/**
 * The head-counts API: every function's counts and a page of who has not answered, from one
 * opening of the wedding and ONE batch (its store's, once moved): the counters kept on write, the
 * count of households that owe an answer, and the page's households with their pending
 * invitations, named from the head-count's functions.
 */
export async function headCounts(caller: DomainContext, input: unknown): Promise<HeadCounts> {
  const me = await openWedding(caller, "guests", "read");
  const ctx = inWedding(caller, me);
  const { page = 1 } = parseInput(headCountQuery, input, m.api_query_invalid());
  const [heads, count, pending] = await ctx.db.batch([
    headCountStatement(ctx.db, me.key),
    pendingCountStatement(ctx.db, me.key),
    pendingPageStatement(ctx.db, me.key, NOT_ANSWERED_PAGE_SIZE, (page - 1) * NOT_ANSWERED_PAGE_SIZE),
  ]);
  const functions = (heads!.results as HeadCountRow[]).map(toHeadCount);
  return {
    functions,
    notAnswered: groupPending(
      pending!.results as PendingRow[],
      functions.map((f) => ({ id: f.eventId, name: f.name, eventDate: f.eventDate })),
    ),
    notAnsweredCount: (count!.results[0] as { n: number }).n,
    page,
    pageSize: NOT_ANSWERED_PAGE_SIZE,
  };
}
