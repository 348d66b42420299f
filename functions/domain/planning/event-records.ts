/**
 * The wedding planner's functions (events) and sub-events, built from tradition templates or one
 * by one, and the vendors linked to each (issue 12, docs/decisions/0020-wedding-planner.md).
 * Ownership is wedding-functions.ts's: another couple's function is 404 and nothing changes.
 * Answers use the spec's field names (eventName, eventDate...; subEventName... for sub-events);
 * eventDate is India's day (YYYY-MM-DD), eventStartTime/eventEndTime the ISO timestamp of that
 * day and time in India (+05:30), with startTime/endTime as HH:MM beside them.
 *
 * This file holds what the planner's jobs share: the shapes answered, the event, link and task
 * rows and their queries, one of the couple's events read.
 */
import type { eventServices, events, services, tasks } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { indiaTimestamp } from "#shared/planner-schemas.ts";
import { type DomainContext, NotFound } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

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

/** What a change to the plan answers, in the page's toast and the API's message alike. */
export const PLAN_MESSAGES = {
  get functionUpdated() {
    return m.api_plan_function_updated();
  },
  get functionDeleted() {
    return m.api_plan_function_deleted();
  },
  get taskUpdated() {
    return m.api_plan_task_updated();
  },
  get taskDeleted() {
    return m.api_plan_task_deleted();
  },
};

/** A function or sub-event as EVENT_COLUMNS reads it. */
export type EventRow = Row<
  typeof events,
  "id" | "parent_id" | "name" | "description" | "event_date" | "start_time" | "end_time" | "budget" | "venue" | "tradition_key" | "updated_at"
>;

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
  /** The sub-event's version (its updated_at): sent back with a change or a removal, refused when it is no longer the stored one (decision 0052). */
  version: number;
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
  /** The function's version (its updated_at): sent back with a change or a removal, refused when it is no longer the stored one (decision 0052). */
  version: number;
};

export const EVENT_COLUMNS = "id, parent_id, name, description, event_date, start_time, end_time, budget, venue, tradition_key, updated_at";

export const ORDER = "ORDER BY event_date, start_time IS NULL, start_time, created_at";

export const NO_TASKS: TaskProgress = { total: 0, done: 0, open: 0 };

export function toEvent(r: EventRow, tasks: TaskProgress = NO_TASKS): PlannedEvent {
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
    version: r.updated_at,
  };
}

export function toSubEvent(r: EventRow, tasks: TaskProgress = NO_TASKS): SubEvent {
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
    version: r.updated_at,
  };
}

/** A service linked to a function, with its vendor's name and whether the couple booked it. */
export type LinkRow = Row<typeof eventServices, "event_id" | "service_id" | "source"> &
  Row<typeof services, "service_name" | "service_type"> & { vendor_name: string; booked: number };

export const LINK_SELECT = `SELECT es.event_id, es.service_id, s.service_name, s.service_type, v.business_name AS vendor_name, es.source,
  EXISTS (SELECT 1 FROM bookings b WHERE b.user_id = ? AND b.service_id = es.service_id AND b.status != 'CANCELLED') AS booked
  FROM event_services es JOIN services s ON s.id = es.service_id JOIN vendors v ON v.user_id = s.vendor_id`;

export const toLinked = (r: LinkRow): LinkedVendor => ({
  serviceId: r.service_id,
  serviceName: r.service_name,
  serviceType: r.service_type,
  vendorName: r.vendor_name,
  source: r.source,
  booked: Boolean(r.booked),
});

/** How many tasks a function has, done and cancelled (grouped by event_id). */
export type TaskCounts = { event_id: string; total: number; done: number; cancelled: number };

export const progressOf = (c: TaskCounts | undefined): TaskProgress =>
  c ? { total: c.total - c.cancelled, done: c.done, open: c.total - c.done - c.cancelled } : NO_TASKS;

/** The profile's wedding date as an India day (YYYY-MM-DD), whatever else was stored. */
export const dayOf = (value: string | null | undefined): string | null => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

/** A task as the planner reads it. */
/** A task's row; its updated_at is the version its forms send back (decision 0052). */
export type TaskRow = Row<typeof tasks, "id" | "event_id" | "name" | "notes" | "status" | "priority" | "due_date" | "assignee" | "created_at" | "updated_at">;

export const TASK_ORDER =
  "ORDER BY status IN ('DONE', 'CANCELLED'), due_date IS NULL, due_date, CASE priority WHEN 'HIGH' THEN 0 WHEN 'MEDIUM' THEN 1 ELSE 2 END, created_at";

export async function readEvent(ctx: DomainContext, id: string, userId: string): Promise<EventRow> {
  const row = await ctx.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ? AND user_id = ?`).bind(id, userId).first<EventRow>();
  if (!row) throw new NotFound(m.api_invite_function_missing());
  return row;
}
