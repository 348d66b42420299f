/** The couple's whole plan: the wedding date, every function with its sub-events, task progress and linked vendors. */
import { type DomainContext } from "../core/index.ts";
import { openWedding, rightsOf, type WeddingRights } from "../weddings/index.ts";
import {
  EVENT_COLUMNS,
  LINK_SELECT,
  NO_TASKS,
  ORDER,
  dayOf,
  progressOf,
  toEvent,
  toLinked,
  toSubEvent,
  type TaskCounts,
  type EventRow,
  type LinkRow,
  type PlannedEvent,
  type TaskProgress,
} from "./event-records.ts";

export type WeddingPlan = {
  weddingDate: string | null;
  events: PlannedEvent[];
  taskTotals: TaskProgress;
  /** What the reader may change in the wedding (the page draws the plan's forms only for those who may change it). */
  rights: WeddingRights;
};

/**
 * The couple's whole plan in one D1 batch (one round trip): functions in date order with their
 * sub-events nested, task progress per function and sub-event, and the vendors linked to each.
 */
export async function weddingPlan(ctx: DomainContext): Promise<WeddingPlan> {
  const me = await openWedding(ctx, "plan", "read");
  const [events, counts, links, user] = await ctx.db.batch([
    ctx.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE user_id = ? ${ORDER}`).bind(me.key),
    ctx.db
      .prepare(
        `SELECT event_id, count(*) AS total, sum(status = 'DONE') AS done, sum(status = 'CANCELLED') AS cancelled FROM tasks WHERE user_id = ? GROUP BY event_id`,
      )
      .bind(me.key),
    ctx.db.prepare(`${LINK_SELECT} JOIN events e ON e.id = es.event_id WHERE e.user_id = ? ORDER BY es.created_at`).bind(me.key, me.key),
    ctx.db.prepare("SELECT wedding_date FROM users WHERE id = ?").bind(me.key),
  ]);
  const countBy = new Map((counts!.results as TaskCounts[]).map((c) => [c.event_id, c]));
  const rows = events!.results as EventRow[];
  const top = new Map<string, PlannedEvent>();
  for (const r of rows) if (!r.parent_id) top.set(r.id, toEvent(r, progressOf(countBy.get(r.id))));
  for (const r of rows) if (r.parent_id) top.get(r.parent_id)?.subEvents.push(toSubEvent(r, progressOf(countBy.get(r.id))));
  for (const l of links!.results as LinkRow[]) top.get(l.event_id)?.vendors.push(toLinked(l));
  const taskTotals = [...countBy.values()].reduce(
    (t, c) => {
      const p = progressOf(c);
      return { total: t.total + p.total, done: t.done + p.done, open: t.open + p.open };
    },
    { ...NO_TASKS },
  );
  const weddingDate = dayOf((user!.results[0] as { wedding_date: string | null } | undefined)?.wedding_date);
  return { weddingDate, events: [...top.values()], taskTotals, rights: rightsOf(me) };
}
