/** One function's page: the function, its sub-events, the tasks of both, linked vendors and the candidates to link. */
import { type DomainContext, NotFound } from "../core/index.ts";
import { openWedding, rightsOf, type WeddingRights } from "../weddings/index.ts";
import { ownedFunction } from "./wedding-functions.ts";
import {
  EVENT_COLUMNS,
  LINK_SELECT,
  ORDER,
  TASK_ORDER,
  toEvent,
  toLinked,
  toSubEvent,
  type EventRow,
  type LinkRow,
  type PlannedEvent,
  type TaskProgress,
  type TaskRow,
} from "./event-records.ts";
import { candidatesStatement, type VendorCandidate } from "./event-vendors.ts";
import { m } from "#shared/paraglide/messages.js";

export type EventDetail = {
  event: PlannedEvent;
  /** The function a sub-event belongs to. */
  parent: { id: string; eventName: string } | null;
  tasks: TaskRow[];
  candidates: VendorCandidate[];
  /** What the reader may change in the wedding (the page draws the function's forms only for those who may change the plan). */
  rights: WeddingRights;
};

/** One function's page: the function, its sub-events, the tasks of both, linked vendors and the candidates to link. */
export async function eventDetail(ctx: DomainContext, eventId: string): Promise<EventDetail> {
  const me = await openWedding(ctx, "plan", "read");
  await ownedFunction(ctx, me.key, eventId);
  const [own, subs, tasks, links, candidates] = await ctx.db.batch([
    ctx.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ? AND user_id = ?`).bind(eventId, me.key),
    ctx.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE parent_id = ? AND user_id = ? ${ORDER}`).bind(eventId, me.key),
    ctx.db
      .prepare(
        `SELECT id, event_id, name, notes, status, priority, due_date, assignee, created_at, updated_at FROM tasks
         WHERE user_id = ? AND event_id IN (SELECT id FROM events WHERE (id = ? OR parent_id = ?) AND user_id = ?) ${TASK_ORDER}`,
      )
      .bind(me.key, eventId, eventId, me.key),
    ctx.db.prepare(`${LINK_SELECT} WHERE es.event_id = ? ORDER BY es.created_at`).bind(me.key, eventId),
    candidatesStatement(ctx, me.key),
  ]);
  const row = own!.results[0] as EventRow | undefined;
  if (!row) throw new NotFound(m.api_invite_function_missing());
  const taskRows = tasks!.results as TaskRow[];
  const progress = (id: string): TaskProgress => {
    const mine = taskRows.filter((t) => t.event_id === id && t.status !== "CANCELLED");
    const done = mine.filter((t) => t.status === "DONE").length;
    return { total: mine.length, done, open: mine.length - done };
  };
  const event = toEvent(row, progress(row.id));
  event.subEvents = (subs!.results as EventRow[]).map((s) => toSubEvent(s, progress(s.id)));
  event.vendors = (links!.results as LinkRow[]).map(toLinked);
  let parent: EventDetail["parent"] = null;
  if (row.parent_id) {
    const p = await ctx.db
      .prepare("SELECT id, name FROM events WHERE id = ? AND user_id = ?")
      .bind(row.parent_id, me.key)
      .first<{ id: string; name: string }>();
    if (p) parent = { id: p.id, eventName: p.name };
  }
  return { event, parent, tasks: taskRows, candidates: (candidates!.results as LinkRow[]).map(toLinked), rights: rightsOf(me) };
}
