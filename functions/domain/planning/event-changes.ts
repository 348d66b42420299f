/**
 * Functions and sub-events one by one: create (with room left), change, delete with everything under
 * them. A change or a removal made on a stale copy (`version`: the function's updated_at as the copy
 * showed it) is refused with the function's date and times as they are now (decision 0052,
 * weddings/stale-edits.ts).
 */
import type { EventFields, EventInput, EventUpdate } from "#shared/planner-schemas.ts";
import { FUNCTIONS_MAX, SUB_EVENTS_MAX, timesProblem } from "#shared/planner-schemas.ts";
import { formatDate } from "#shared/format.ts";
import { versionInput } from "#shared/row-version.ts";
import { type DomainContext, Conflict, Invalid, StaleEdit, newId, parseInput } from "../core/index.ts";
import { activityEntry, functionRemoved, functionsCopied, guardedEdit, openWedding, tellWedding, writeBothSides } from "../weddings/index.ts";
import { ownedFunction } from "./wedding-functions.ts";
import { PLAN_MESSAGES, readEvent, toEvent, toSubEvent, type EventRow, type PlannedEvent, type SubEvent } from "./event-records.ts";
import { m } from "#shared/paraglide/messages.js";

export function insertEvent(ctx: DomainContext, userId: string, id: string, parentId: string | null, f: Required<EventFields>, traditionKey: string | null) {
  return ctx.db
    .prepare(
      `INSERT INTO events (id, user_id, parent_id, name, description, event_date, start_time, end_time, budget, venue, tradition_key, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(id, userId, parentId, f.name, f.description, f.eventDate, f.startTime, f.endTime, f.budget, f.venue, traditionKey, ctx.now, ctx.now);
}

export async function checkRoomForFunctions(ctx: DomainContext, userId: string, adding: number): Promise<void> {
  const row = await ctx.db.prepare("SELECT count(*) AS n FROM events WHERE user_id = ? AND parent_id IS NULL").bind(userId).first<{ n: number }>();
  if ((row?.n ?? 0) + adding > FUNCTIONS_MAX) throw new Conflict(m.api_e_functions_max({ max: FUNCTIONS_MAX }));
}

/** POST /event/newevent. */
export async function createEvent(ctx: DomainContext, input: EventInput): Promise<PlannedEvent> {
  const me = await openWedding(ctx, "plan", "edit");
  await checkRoomForFunctions(ctx, me.key, 1);
  const id = newId(ctx.now);
  // A wedding in D1: its write batch is refused (409) if the wedding moved to its store since openWedding; a moved one's store gets a copy (decision 0066).
  await writeBothSides(
    ctx,
    me,
    [insertEvent(ctx, me.key, id, null, input, null), activityEntry(ctx, me, { area: "plan", action: "function_added", subject: input.name })],
    [functionsCopied("id = ?", [id])],
  );
  tellWedding(ctx, me, "plan");
  return toEvent(await readEvent(ctx, id, me.key));
}

/** POST /event/{eventId}/subevent: under one of the couple's functions (not under a sub-event). */
export async function createSubEvent(ctx: DomainContext, parentId: string, input: EventInput): Promise<SubEvent> {
  const me = await openWedding(ctx, "plan", "edit");
  const parent = await ownedFunction(ctx, me.key, parentId);
  if (parent.parentId) throw new Conflict(m.api_e_a_sub_event_cannot_have_sub_events_of_its());
  const row = await ctx.db.prepare("SELECT count(*) AS n FROM events WHERE parent_id = ? AND user_id = ?").bind(parent.id, me.key).first<{ n: number }>();
  if ((row?.n ?? 0) >= SUB_EVENTS_MAX) throw new Conflict(m.api_e_sub_events_max({ max: SUB_EVENTS_MAX }));
  const id = newId(ctx.now);
  await writeBothSides(
    ctx,
    me,
    [
      insertEvent(ctx, me.key, id, parent.id, input, null),
      activityEntry(ctx, me, { area: "plan", action: "function_added", subject: input.name, functionName: parent.name }),
    ],
    [functionsCopied("id = ?", [id])],
  );
  tellWedding(ctx, me, "plan");
  return toSubEvent(await readEvent(ctx, id, me.key));
}

/** PUT /event/{eventId}: a function or a sub-event; the end time is checked against the start it will have. */
export async function updateEvent(ctx: DomainContext, eventId: string, update: EventUpdate): Promise<{ message: string; event: PlannedEvent | SubEvent }> {
  const me = await openWedding(ctx, "plan", "edit");
  await ownedFunction(ctx, me.key, eventId);
  const current = await readEvent(ctx, eventId, me.key);
  const start = update.startTime !== undefined ? update.startTime : current.start_time;
  const end = update.endTime !== undefined ? update.endTime : current.end_time;
  const problem = timesProblem(start, end);
  if (problem) {
    const field = current.parent_id ? "subEventEndTime" : "eventEndTime";
    throw new Invalid(m.api_v_correct_fields(), { [field]: problem });
  }
  const sets: string[] = [];
  const binds: unknown[] = [];
  const put = (column: string, value: unknown) => {
    if (value === undefined) return;
    sets.push(`${column} = ?`);
    binds.push(value);
  };
  put("name", update.name);
  put("event_date", update.eventDate);
  put("start_time", update.startTime);
  put("end_time", update.endTime);
  put("budget", update.budget);
  put("description", update.description);
  put("venue", update.venue);
  await guardedEdit({
    now: ctx.now,
    sent: update.version,
    stored: current.updated_at,
    write: async (expected, version) => {
      const [change] = await writeBothSides(
        ctx,
        me,
        [
          ctx.db
            .prepare(`UPDATE events SET ${sets.join(", ")}, updated_at = ? WHERE id = ? AND user_id = ? AND updated_at = ?`)
            .bind(...binds, version, eventId, me.key, expected),
          activityEntry(ctx, me, { area: "plan", action: "function_changed", subject: update.name ?? current.name, onlyIfChanged: true }),
        ],
        // Copied only if the compare-and-set held (the row is at the new version).
        [functionsCopied("id = ? AND updated_at = ?", [eventId, version])],
      );
      return change!.meta.changes;
    },
    stale: () => staleFunction(ctx, me.key, eventId, m.api_stale_function),
  });
  tellWedding(ctx, me, "plan");
  const row = await readEvent(ctx, eventId, me.key);
  return { message: PLAN_MESSAGES.functionUpdated, event: row.parent_id ? toSubEvent(row) : toEvent(row) };
}

/** When a function is, in the reader's language: its day, and its times when it has them. */
function whenOf(row: EventRow): string {
  const date = formatDate(row.event_date);
  if (row.start_time && row.end_time) return m.api_function_when_span({ date, start: row.start_time, end: row.end_time });
  if (row.start_time) return m.api_function_when_from({ date, start: row.start_time });
  return m.api_function_when_day({ date });
}

/** The refusal of a change or removal made on a stale copy: the function's name, day and times as they are now. */
async function staleFunction(ctx: DomainContext, key: string, eventId: string, say: typeof m.api_stale_function): Promise<StaleEdit> {
  const now = await readEvent(ctx, eventId, key); // 404 when it went meanwhile
  return new StaleEdit(say({ name: now.name, when: whenOf(now) }), now.parent_id ? toSubEvent(now) : toEvent(now));
}

/**
 * DELETE /event/{eventId}: the function, its sub-events and all their tasks and vendor links, at
 * once; `version` as for a change. Every statement of the batch holds only while the function is
 * still at the version the removal was decided on, so a refused removal deletes nothing under it either.
 */
export async function deleteEvent(ctx: DomainContext, eventId: string, input: unknown = {}): Promise<{ message: string; id: string; removedTasks: number }> {
  const me = await openWedding(ctx, "plan", "edit");
  const { version } = parseInput(versionInput, input);
  const stored = await readEvent(ctx, eventId, me.key);
  let removedTasks = 0;
  await guardedEdit({
    now: ctx.now,
    sent: version,
    stored: stored.updated_at,
    write: async (expected) => {
      const family = "SELECT id FROM events WHERE (id = ? OR parent_id = ?) AND user_id = ?";
      const still = "EXISTS (SELECT 1 FROM events WHERE id = ? AND user_id = ? AND updated_at = ?)";
      const [tasks, , , removed] = await writeBothSides(
        ctx,
        me,
        [
          ctx.db
            .prepare(`DELETE FROM tasks WHERE user_id = ? AND event_id IN (${family}) AND ${still}`)
            .bind(me.key, eventId, eventId, me.key, eventId, me.key, expected),
          ctx.db.prepare(`DELETE FROM event_services WHERE event_id IN (${family}) AND ${still}`).bind(eventId, eventId, me.key, eventId, me.key, expected),
          ctx.db.prepare(`DELETE FROM events WHERE parent_id = ? AND user_id = ? AND ${still}`).bind(eventId, me.key, eventId, me.key, expected),
          ctx.db.prepare("DELETE FROM events WHERE id = ? AND user_id = ? AND updated_at = ?").bind(eventId, me.key, expected),
          activityEntry(ctx, me, { area: "plan", action: "function_removed", subject: stored.name, onlyIfChanged: true }),
        ],
        [functionRemoved(eventId)],
      );
      removedTasks = tasks!.meta.changes ?? 0;
      return removed!.meta.changes;
    },
    stale: () => staleFunction(ctx, me.key, eventId, m.api_stale_function_remove),
  });
  tellWedding(ctx, me, "plan");
  // Its invitations and answers went with it: the guest list's head-counts changed too.
  tellWedding(ctx, me, "guests");
  return { message: PLAN_MESSAGES.functionDeleted, id: eventId, removedTasks };
}
