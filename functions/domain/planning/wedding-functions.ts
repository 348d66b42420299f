import type { events } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { type DomainContext, NotFound } from "../core/index.ts";
import { openWedding, type WeddingAccess } from "../weddings/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * What every couple-planning area shares (issue 12): the wedding's functions (events) as the
 * checklist, planner, budget, guest list and reminders read them. Who may plan which area is
 * openWedding's (functions/domain/weddings/, decision 0049); the planner (event-changes.ts,
 * tradition-functions.ts) writes events; the others only read them through here, so "another
 * wedding's function is 404" is decided once.
 */

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

/**
 * The wedding's functions in date and time order; sub-events too when asked. Any member reads them;
 * a caller that has opened the wedding already passes it (one member read a request).
 */
export async function weddingFunctions(ctx: DomainContext, options: { withSubEvents?: boolean } = {}, wedding?: WeddingAccess): Promise<WeddingFunction[]> {
  const me = wedding ?? (await openWedding(ctx, "plan", "read"));
  const where = options.withSubEvents ? "user_id = ?" : "user_id = ? AND parent_id IS NULL";
  const { results } = await ctx.db
    .prepare(`SELECT ${COLUMNS} FROM events WHERE ${where} ORDER BY event_date, start_time IS NULL, start_time, created_at`)
    .bind(me.key)
    .all<FunctionRow>();
  return results.map(toFunction);
}

/**
 * One of the wedding's functions or sub-events (`key`: WeddingAccess.key, after openWedding);
 * another wedding's (or none) is 404, never a hint that it exists.
 */
export async function ownedFunction(ctx: DomainContext, key: string, eventId: string): Promise<WeddingFunction> {
  const row = await ctx.db.prepare(`SELECT ${COLUMNS} FROM events WHERE id = ? AND user_id = ?`).bind(eventId, key).first<FunctionRow>();
  if (!row) throw new NotFound(m.api_invite_function_missing());
  return toFunction(row);
}
