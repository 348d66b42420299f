/** Head-counts per function and per dietary preference. */
import type { events } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import type { Dietary } from "#shared/guest-schemas.ts";
import type { DomainContext } from "../core/index.ts";
import { inWedding, openWedding } from "../weddings/index.ts";
import { COUNTED_HEADCOUNT_SQL } from "./headcount-sql.ts";

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
