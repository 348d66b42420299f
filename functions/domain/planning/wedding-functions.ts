import type { events } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { type DomainContext, NotFound, ACCESS, requireRole, requireSignedIn, type Actor } from "../core/index.ts";

/**
 * What every couple-planning area shares (issue 12): who may plan, and the couple's wedding
 * functions (events) as the checklist, planner, budget, guest list and reminders read them. The
 * planner (event-changes.ts, tradition-functions.ts) writes events; the others only read them through here, so "another
 * couple's function is 404" is decided once.
 */

/** The signed-in couple (or an admin looking at /profile as a couple would); vendors have no wedding to plan. */
export function requirePlanner(ctx: Pick<DomainContext, "actor">): Actor {
  requireSignedIn(ctx.actor, "Please log in to plan your wedding.");
  return requireRole(ctx.actor, ACCESS.planner, "Only couples plan a wedding here.");
}

/** A function or sub-event as the planning areas read it; dates are India days (YYYY-MM-DD), times HH:MM. */
export type WeddingFunction = {
  id: string;
  parentId: string | null;
  name: string;
  eventDate: string;
  startTime: string | null;
  endTime: string | null;
  venue: string | null;
  budget: number;
};

type FunctionRow = Row<typeof events, "id" | "parent_id" | "name" | "event_date" | "start_time" | "end_time" | "venue" | "budget">;

const COLUMNS = "id, parent_id, name, event_date, start_time, end_time, venue, budget";

const toFunction = (r: FunctionRow): WeddingFunction => ({
  id: r.id,
  parentId: r.parent_id,
  name: r.name,
  eventDate: r.event_date,
  startTime: r.start_time,
  endTime: r.end_time,
  venue: r.venue,
  budget: r.budget,
});

/** The couple's functions in date and time order; sub-events too when asked. */
export async function weddingFunctions(ctx: DomainContext, options: { withSubEvents?: boolean } = {}): Promise<WeddingFunction[]> {
  const me = requirePlanner(ctx);
  const where = options.withSubEvents ? "user_id = ?" : "user_id = ? AND parent_id IS NULL";
  const { results } = await ctx.db
    .prepare(`SELECT ${COLUMNS} FROM events WHERE ${where} ORDER BY event_date, start_time IS NULL, start_time, created_at`)
    .bind(me.id)
    .all<FunctionRow>();
  return results.map(toFunction);
}

/** One of the couple's functions or sub-events; anyone else's (or none) is 404, never a hint that it exists. */
export async function ownedFunction(ctx: DomainContext, eventId: string): Promise<WeddingFunction> {
  const me = requirePlanner(ctx);
  const row = await ctx.db.prepare(`SELECT ${COLUMNS} FROM events WHERE id = ? AND user_id = ?`).bind(eventId, me.id).first<FunctionRow>();
  if (!row) throw new NotFound("We could not find that function in your wedding plan.");
  return toFunction(row);
}
