import type { EventFields, EventInput, EventUpdate, FromTemplateInput } from "#shared/planner-schemas.ts";
import { FUNCTIONS_MAX, SUB_EVENTS_MAX, indiaTimestamp, timesProblem } from "#shared/planner-schemas.ts";
import { TRADITIONS, proposeFunctions, shiftDay, traditionById, type ProposedFunction, type Tradition } from "#shared/traditions.ts";
import { todayInIndia } from "#shared/listing-limits.ts";
import { daysBetween } from "#shared/lead-rules.ts";
import { type DomainContext, Conflict, Invalid, NotFound, newId } from "../core/index.ts";
import { ownedFunction, requirePlanner } from "./wedding-functions.ts";

/**
 * The wedding planner's functions (events) and sub-events, built from tradition templates or one
 * by one, and the vendors linked to each (issue 12, docs/decisions/0020-wedding-planner.md).
 * Ownership is wedding-functions.ts's: another couple's function is 404 and nothing changes.
 * Answers use the spec's field names (eventName, eventDate...; subEventName... for sub-events);
 * eventDate is India's day (YYYY-MM-DD), eventStartTime/eventEndTime the ISO timestamp of that
 * day and time in India (+05:30), with startTime/endTime as HH:MM beside them.
 */

export type LinkSource = "WISHLIST" | "ENQUIRY" | "BOOKING" | "SEARCH";

export type LinkedVendor = {
  serviceId: string;
  serviceName: string;
  serviceType: string;
  vendorName: string;
  source: LinkSource;
  /** The couple has a booking of this service that is not cancelled. */
  booked: boolean;
};

export type TaskProgress = { total: number; done: number; open: number };

type EventRow = {
  id: string;
  parent_id: string | null;
  name: string;
  description: string | null;
  event_date: string;
  start_time: string | null;
  end_time: string | null;
  budget: number;
  venue: string | null;
  tradition_key: string | null;
};

export type SubEvent = {
  id: string;
  parentId: string;
  subEventName: string;
  subEventDate: string;
  subEventStartTime: string | null;
  subEventEndTime: string | null;
  subEventBudget: number;
  subEventDescription: string | null;
  startTime: string | null;
  endTime: string | null;
  venue: string | null;
  traditionKey: string | null;
  tasks: TaskProgress;
};

export type PlannedEvent = {
  id: string;
  parentId: string | null;
  eventName: string;
  eventDate: string;
  eventStartTime: string | null;
  eventEndTime: string | null;
  eventBudget: number;
  eventDescription: string | null;
  startTime: string | null;
  endTime: string | null;
  venue: string | null;
  traditionKey: string | null;
  tasks: TaskProgress;
  subEvents: SubEvent[];
  vendors: LinkedVendor[];
};

const EVENT_COLUMNS = "id, parent_id, name, description, event_date, start_time, end_time, budget, venue, tradition_key";
const ORDER = "ORDER BY event_date, start_time IS NULL, start_time, created_at";
const NO_TASKS: TaskProgress = { total: 0, done: 0, open: 0 };

function toEvent(r: EventRow, tasks: TaskProgress = NO_TASKS): PlannedEvent {
  return {
    id: r.id,
    parentId: r.parent_id,
    eventName: r.name,
    eventDate: r.event_date,
    eventStartTime: indiaTimestamp(r.event_date, r.start_time),
    eventEndTime: indiaTimestamp(r.event_date, r.end_time),
    eventBudget: r.budget,
    eventDescription: r.description,
    startTime: r.start_time,
    endTime: r.end_time,
    venue: r.venue,
    traditionKey: r.tradition_key,
    tasks,
    subEvents: [],
    vendors: [],
  };
}

function toSubEvent(r: EventRow, tasks: TaskProgress = NO_TASKS): SubEvent {
  return {
    id: r.id,
    parentId: r.parent_id ?? "",
    subEventName: r.name,
    subEventDate: r.event_date,
    subEventStartTime: indiaTimestamp(r.event_date, r.start_time),
    subEventEndTime: indiaTimestamp(r.event_date, r.end_time),
    subEventBudget: r.budget,
    subEventDescription: r.description,
    startTime: r.start_time,
    endTime: r.end_time,
    venue: r.venue,
    traditionKey: r.tradition_key,
    tasks,
  };
}

type LinkRow = { event_id: string; service_id: string; service_name: string; service_type: string; vendor_name: string; source: LinkSource; booked: number };

const LINK_SELECT = `SELECT es.event_id, es.service_id, s.service_name, s.service_type, v.business_name AS vendor_name, es.source,
  EXISTS (SELECT 1 FROM bookings b WHERE b.user_id = ? AND b.service_id = es.service_id AND b.status != 'CANCELLED') AS booked
  FROM event_services es JOIN services s ON s.id = es.service_id JOIN vendors v ON v.user_id = s.vendor_id`;

const toLinked = (r: LinkRow): LinkedVendor => ({
  serviceId: r.service_id,
  serviceName: r.service_name,
  serviceType: r.service_type,
  vendorName: r.vendor_name,
  source: r.source,
  booked: Boolean(r.booked),
});

type CountRow = { event_id: string; total: number; done: number; cancelled: number };
const progressOf = (c: CountRow | undefined): TaskProgress =>
  c ? { total: c.total - c.cancelled, done: c.done, open: c.total - c.done - c.cancelled } : NO_TASKS;

/** The profile's wedding date as an India day (YYYY-MM-DD), whatever else was stored. */
const dayOf = (value: string | null | undefined): string | null => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

export type WeddingPlan = { weddingDate: string | null; events: PlannedEvent[]; taskTotals: TaskProgress };

/**
 * The couple's whole plan in one D1 batch (one round trip): functions in date order with their
 * sub-events nested, task progress per function and sub-event, and the vendors linked to each.
 */
export async function weddingPlan(ctx: DomainContext): Promise<WeddingPlan> {
  const me = requirePlanner(ctx);
  const [events, counts, links, user] = await ctx.db.batch([
    ctx.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE user_id = ? ${ORDER}`).bind(me.id),
    ctx.db
      .prepare(
        `SELECT event_id, count(*) AS total, sum(status = 'DONE') AS done, sum(status = 'CANCELLED') AS cancelled FROM tasks WHERE user_id = ? GROUP BY event_id`,
      )
      .bind(me.id),
    ctx.db.prepare(`${LINK_SELECT} JOIN events e ON e.id = es.event_id WHERE e.user_id = ? ORDER BY es.created_at`).bind(me.id, me.id),
    ctx.db.prepare("SELECT wedding_date FROM users WHERE id = ?").bind(me.id),
  ]);
  const countBy = new Map((counts!.results as CountRow[]).map((c) => [c.event_id, c]));
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
  return { weddingDate, events: [...top.values()], taskTotals };
}

/** The couple's vendors the planner offers to link: wishlist, enquiries and bookings, the strongest source first. */
export type VendorCandidate = LinkedVendor;

const CANDIDATES_SQL = `SELECT s.id AS service_id, s.service_name, s.service_type, v.business_name AS vendor_name,
  CASE WHEN max(c.rank) = 3 THEN 'BOOKING' WHEN max(c.rank) = 2 THEN 'ENQUIRY' ELSE 'WISHLIST' END AS source, max(c.rank) = 3 AS booked
  FROM (
    SELECT service_id, 3 AS rank FROM bookings WHERE user_id = ? AND status != 'CANCELLED'
    UNION ALL SELECT service_id, 2 FROM leads WHERE user_id = ? AND status != 'SPAM'
    UNION ALL SELECT service_id, 1 FROM wishlist_items WHERE user_id = ?
  ) c JOIN services s ON s.id = c.service_id JOIN vendors v ON v.user_id = s.vendor_id
  GROUP BY s.id ORDER BY max(c.rank) DESC, s.service_name LIMIT 300`;

const candidatesStatement = (ctx: DomainContext, userId: string) => ctx.db.prepare(CANDIDATES_SQL).bind(userId, userId, userId);

export async function vendorCandidates(ctx: DomainContext): Promise<VendorCandidate[]> {
  const me = requirePlanner(ctx);
  const { results } = await candidatesStatement(ctx, me.id).all<LinkRow>();
  return results.map(toLinked);
}

export type TaskRow = {
  id: string;
  event_id: string;
  name: string;
  notes: string | null;
  status: "TODO" | "IN_PROGRESS" | "DONE" | "CANCELLED";
  priority: "LOW" | "MEDIUM" | "HIGH";
  due_date: string | null;
  assignee: string | null;
  created_at: number;
};

export type EventDetail = {
  event: PlannedEvent;
  /** The function a sub-event belongs to. */
  parent: { id: string; eventName: string } | null;
  tasks: TaskRow[];
  candidates: VendorCandidate[];
};

export const TASK_ORDER =
  "ORDER BY status IN ('DONE', 'CANCELLED'), due_date IS NULL, due_date, CASE priority WHEN 'HIGH' THEN 0 WHEN 'MEDIUM' THEN 1 ELSE 2 END, created_at";

/** One function's page: the function, its sub-events, the tasks of both, linked vendors and the candidates to link. */
export async function eventDetail(ctx: DomainContext, eventId: string): Promise<EventDetail> {
  const me = requirePlanner(ctx);
  await ownedFunction(ctx, eventId);
  const [own, subs, tasks, links, candidates] = await ctx.db.batch([
    ctx.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ? AND user_id = ?`).bind(eventId, me.id),
    ctx.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE parent_id = ? AND user_id = ? ${ORDER}`).bind(eventId, me.id),
    ctx.db
      .prepare(
        `SELECT id, event_id, name, notes, status, priority, due_date, assignee, created_at FROM tasks
         WHERE user_id = ? AND event_id IN (SELECT id FROM events WHERE (id = ? OR parent_id = ?) AND user_id = ?) ${TASK_ORDER}`,
      )
      .bind(me.id, eventId, eventId, me.id),
    ctx.db.prepare(`${LINK_SELECT} WHERE es.event_id = ? ORDER BY es.created_at`).bind(me.id, eventId),
    candidatesStatement(ctx, me.id),
  ]);
  const row = own!.results[0] as EventRow | undefined;
  if (!row) throw new NotFound("We could not find that function in your wedding plan.");
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
    const p = await ctx.db.prepare("SELECT id, name FROM events WHERE id = ? AND user_id = ?").bind(row.parent_id, me.id).first<{ id: string; name: string }>();
    if (p) parent = { id: p.id, eventName: p.name };
  }
  return { event, parent, tasks: taskRows, candidates: (candidates!.results as LinkRow[]).map(toLinked) };
}

async function readEvent(ctx: DomainContext, id: string, userId: string): Promise<EventRow> {
  const row = await ctx.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ? AND user_id = ?`).bind(id, userId).first<EventRow>();
  if (!row) throw new NotFound("We could not find that function in your wedding plan.");
  return row;
}

function insertEvent(ctx: DomainContext, userId: string, id: string, parentId: string | null, f: Required<EventFields>, traditionKey: string | null) {
  return ctx.db
    .prepare(
      `INSERT INTO events (id, user_id, parent_id, name, description, event_date, start_time, end_time, budget, venue, tradition_key, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(id, userId, parentId, f.name, f.description, f.eventDate, f.startTime, f.endTime, f.budget, f.venue, traditionKey, ctx.now, ctx.now);
}

async function checkRoomForFunctions(ctx: DomainContext, userId: string, adding: number): Promise<void> {
  const row = await ctx.db.prepare("SELECT count(*) AS n FROM events WHERE user_id = ? AND parent_id IS NULL").bind(userId).first<{ n: number }>();
  if ((row?.n ?? 0) + adding > FUNCTIONS_MAX) throw new Conflict(`A wedding plan can hold at most ${FUNCTIONS_MAX} functions.`);
}

/** POST /event/newevent. */
export async function createEvent(ctx: DomainContext, input: EventInput): Promise<PlannedEvent> {
  const me = requirePlanner(ctx);
  await checkRoomForFunctions(ctx, me.id, 1);
  const id = newId(ctx.now);
  await insertEvent(ctx, me.id, id, null, input, null).run();
  return toEvent(await readEvent(ctx, id, me.id));
}

/** POST /event/{eventId}/subevent: under one of the couple's functions (not under a sub-event). */
export async function createSubEvent(ctx: DomainContext, parentId: string, input: EventInput): Promise<SubEvent> {
  const me = requirePlanner(ctx);
  const parent = await ownedFunction(ctx, parentId);
  if (parent.parentId) throw new Conflict("A sub-event cannot have sub-events of its own: add it to the function instead.");
  const row = await ctx.db.prepare("SELECT count(*) AS n FROM events WHERE parent_id = ? AND user_id = ?").bind(parent.id, me.id).first<{ n: number }>();
  if ((row?.n ?? 0) >= SUB_EVENTS_MAX) throw new Conflict(`A function can hold at most ${SUB_EVENTS_MAX} sub-events.`);
  const id = newId(ctx.now);
  await insertEvent(ctx, me.id, id, parent.id, input, null).run();
  return toSubEvent(await readEvent(ctx, id, me.id));
}

/** PUT /event/{eventId}: a function or a sub-event; the end time is checked against the start it will have. */
export async function updateEvent(ctx: DomainContext, eventId: string, update: EventUpdate): Promise<PlannedEvent | SubEvent> {
  const me = requirePlanner(ctx);
  await ownedFunction(ctx, eventId);
  const current = await readEvent(ctx, eventId, me.id);
  const start = update.startTime !== undefined ? update.startTime : current.start_time;
  const end = update.endTime !== undefined ? update.endTime : current.end_time;
  const problem = timesProblem(start, end);
  if (problem) {
    const field = current.parent_id ? "subEventEndTime" : "eventEndTime";
    throw new Invalid("Please correct the highlighted fields.", { [field]: problem });
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
  await ctx.db
    .prepare(`UPDATE events SET ${sets.join(", ")}, updated_at = ? WHERE id = ? AND user_id = ?`)
    .bind(...binds, ctx.now, eventId, me.id)
    .run();
  const row = await readEvent(ctx, eventId, me.id);
  return row.parent_id ? toSubEvent(row) : toEvent(row);
}

/** DELETE /event/{eventId}: the function, its sub-events and all their tasks and vendor links, at once. */
export async function deleteEvent(ctx: DomainContext, eventId: string): Promise<{ id: string; removedTasks: number }> {
  const me = requirePlanner(ctx);
  await ownedFunction(ctx, eventId);
  const family = "SELECT id FROM events WHERE (id = ? OR parent_id = ?) AND user_id = ?";
  const [tasks] = await ctx.db.batch([
    ctx.db.prepare(`DELETE FROM tasks WHERE user_id = ? AND event_id IN (${family})`).bind(me.id, eventId, eventId, me.id),
    ctx.db.prepare(`DELETE FROM event_services WHERE event_id IN (${family})`).bind(eventId, eventId, me.id),
    ctx.db.prepare("DELETE FROM events WHERE parent_id = ? AND user_id = ?").bind(eventId, me.id),
    ctx.db.prepare("DELETE FROM events WHERE id = ? AND user_id = ?").bind(eventId, me.id),
  ]);
  return { id: eventId, removedTasks: tasks!.meta.changes ?? 0 };
}

/**
 * POST /event/from-template: the tradition's functions for the wedding day, each with its
 * sub-events, in one D1 batch. `functions` lists the ones the couple keeps (by template key),
 * renamed or moved as they like; a moved function's sub-events move with it. Without it, all.
 */
export async function createFromTemplate(ctx: DomainContext, input: FromTemplateInput): Promise<PlannedEvent[]> {
  const me = requirePlanner(ctx);
  const tradition = traditionById(input.tradition);
  if (!tradition) throw new Invalid("Please choose a tradition.", { tradition: "Please choose a tradition." });
  const proposed = proposeFunctions(tradition, input.weddingDate);
  const chosen = input.functions ?? proposed.map((p) => ({ key: p.key, name: undefined, eventDate: undefined }));
  const seen = new Set<string>();
  const picks = chosen.map((c, i) => {
    const p = proposed.find((f) => f.key === c.key);
    if (!p)
      throw new Invalid("Please correct the highlighted fields.", {
        [`functions.${i}.key`]: `“${c.key}” is not a function of the ${tradition.name} template.`,
      });
    if (seen.has(c.key)) throw new Invalid("Please correct the highlighted fields.", { [`functions.${i}.key`]: "Each function can be kept once." });
    seen.add(c.key);
    return { p, name: c.name ?? p.name, eventDate: c.eventDate ?? p.eventDate };
  });
  await checkRoomForFunctions(ctx, me.id, picks.length);
  const statements: D1PreparedStatement[] = [];
  const ids: string[] = [];
  for (const { p, name, eventDate } of picks) {
    const id = newId(ctx.now);
    ids.push(id);
    const base = { budget: 0, description: p.description, venue: null };
    statements.push(insertEvent(ctx, me.id, id, null, { ...base, name, eventDate, startTime: p.startTime, endTime: p.endTime }, p.key));
    const moved = daysBetween(p.eventDate, eventDate);
    for (const s of p.subEvents) {
      const sub = {
        budget: 0,
        description: null,
        venue: null,
        name: s.name,
        eventDate: shiftDay(s.eventDate, moved),
        startTime: s.startTime,
        endTime: s.endTime,
      };
      statements.push(insertEvent(ctx, me.id, newId(ctx.now), id, sub, s.key));
    }
  }
  await ctx.db.batch(statements);
  const plan = await weddingPlan(ctx);
  return plan.events.filter((e) => ids.includes(e.id));
}

/** Every tradition's functions dated for a wedding day: the one asked, else the profile's wedding date, else today (India). */
export async function traditionProposals(
  ctx: DomainContext,
  weddingDate?: string,
): Promise<{ weddingDate: string; traditions: (Omit<Tradition, "functions"> & { functions: ProposedFunction[] })[] }> {
  const me = requirePlanner(ctx);
  let day = weddingDate;
  if (!day) {
    const row = await ctx.db.prepare("SELECT wedding_date FROM users WHERE id = ?").bind(me.id).first<{ wedding_date: string | null }>();
    day = dayOf(row?.wedding_date) ?? todayInIndia(ctx.now);
  }
  return { weddingDate: day, traditions: TRADITIONS.map((t) => ({ ...t, functions: proposeFunctions(t, day) })) };
}

/** Where the couple found a service: booked, enquired, shortlisted, or none of these (SEARCH, an active listing only). */
async function sourceOf(ctx: DomainContext, userId: string, serviceId: string): Promise<LinkSource> {
  const row = await ctx.db
    .prepare(
      `SELECT s.status,
        EXISTS (SELECT 1 FROM bookings WHERE user_id = ?1 AND service_id = s.id AND status != 'CANCELLED') AS booked,
        EXISTS (SELECT 1 FROM leads WHERE user_id = ?1 AND service_id = s.id AND status != 'SPAM') AS enquired,
        EXISTS (SELECT 1 FROM wishlist_items WHERE user_id = ?1 AND service_id = s.id) AS wished
       FROM services s WHERE s.id = ?2`,
    )
    .bind(userId, serviceId)
    .first<{ status: string; booked: number; enquired: number; wished: number }>();
  if (row?.booked) return "BOOKING";
  if (row?.enquired) return "ENQUIRY";
  if (row?.wished) return "WISHLIST";
  if (row?.status === "active") return "SEARCH";
  throw new NotFound("We could not find that vendor's service.");
}

/** POST /event/{eventId}/vendors: link a service to a function; linking again refreshes its source. */
export async function linkVendor(ctx: DomainContext, eventId: string, serviceId: string): Promise<LinkedVendor> {
  const me = requirePlanner(ctx);
  await ownedFunction(ctx, eventId);
  const source = await sourceOf(ctx, me.id, serviceId);
  await ctx.db
    .prepare(
      "INSERT INTO event_services (event_id, service_id, source, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (event_id, service_id) DO UPDATE SET source = excluded.source",
    )
    .bind(eventId, serviceId, source, ctx.now)
    .run();
  const row = await ctx.db.prepare(`${LINK_SELECT} WHERE es.event_id = ? AND es.service_id = ?`).bind(me.id, eventId, serviceId).first<LinkRow>();
  return toLinked(row!);
}

/** DELETE /event/vendor/{eventId}/{serviceId}. */
export async function unlinkVendor(ctx: DomainContext, eventId: string, serviceId: string): Promise<{ eventId: string; serviceId: string }> {
  await ownedFunction(ctx, eventId);
  const res = await ctx.db.prepare("DELETE FROM event_services WHERE event_id = ? AND service_id = ?").bind(eventId, serviceId).run();
  if (!res.meta.changes) throw new NotFound("That vendor is not linked to this function.");
  return { eventId, serviceId };
}
