import type { Label } from "./say.ts";
import { m } from "#shared/paraglide/messages.js";
import { z } from "zod";
import { isoDate, rupees } from "./lead-rules.ts";
import { numeric } from "./numbers.ts";
import { rowVersion } from "./row-version.ts";
import { TASK_PRIORITIES, TASK_STATUSES } from "./stored-values.ts";
import { TRADITION_IDS } from "./traditions.ts";

/**
 * Inputs of the wedding planner (functions/domain/planning/ event-changes.ts, tradition-functions.ts, tasks.ts), shared by the API
 * and the page forms. The spec's client sends eventDate and eventStartTime/eventEndTime as ISO
 * timestamps; a plain form sends a date (YYYY-MM-DD) and times (HH:MM). Both are read as India's
 * calendar day and time of day, which is what is stored. Amounts are whole rupees.
 */

export { TASK_PRIORITIES, TASK_STATUSES };

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const VENUE_MAX = 200;
export const NOTES_MAX = 2000;
export const ASSIGNEE_MAX = 80;
export const FUNCTIONS_MAX = 60;
export const SUB_EVENTS_MAX = 30;
export const TASKS_PER_FUNCTION_MAX = 300;

const IST_MINUTES = 330;
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** An ISO timestamp as India's day and time; one without a zone is already India's. Null when it is no timestamp. */
export function indiaParts(value: string): { day: string; time: string } | null {
  const m = ISO_INSTANT.exec(value.trim());
  if (!m) return null;
  const [, day, hh, mm, zone] = m;
  if (!zone) return { day: day!, time: `${hh}:${mm}` };
  const t = Date.parse(value.trim());
  if (Number.isNaN(t)) return null;
  const ist = new Date(t + IST_MINUTES * 60_000).toISOString();
  return { day: ist.slice(0, 10), time: ist.slice(11, 16) };
}

/** India's day and time as the ISO timestamp the spec's client reads: 2027-02-14T19:00:00+05:30. */
export const indiaTimestamp = (day: string, time: string | null) => (time ? `${day}T${time}:00+05:30` : null);

const dayField = (label: Label) =>
  z.preprocess((v) => {
    if (typeof v !== "string") return v;
    return v.includes("T") || / \d{2}:/.test(v) ? (indiaParts(v)?.day ?? v) : v.trim();
  }, isoDate(label));

const timeField = (label: Label) =>
  z.preprocess(
    (v) => {
      if (typeof v !== "string") return blank(v);
      const s = v.trim();
      if (!s) return undefined;
      if (s.length > 8) return indiaParts(s)?.time ?? s;
      return /^\d{2}:\d{2}:\d{2}$/.test(s) ? s.slice(0, 5) : s;
    },
    z.string({ error: () => m.api_v_label_time_like({ label: label() }) }).regex(TIME, { error: () => m.api_v_label_time_like({ label: label() }) }),
  );

const text = (label: Label, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v === undefined ? undefined : v),
    z
      .string({ error: () => m.api_v_label_must_be_text({ label: label() }) })
      .max(max, { error: () => m.api_v_keep_label_under({ label: label().toLowerCase(), max: max.toLocaleString("en-IN") }) })
      .nullable()
      .optional(),
  );

const nameField = (label: Label) =>
  z
    .string({ error: () => m.api_v_give_the_label({ label: label().toLowerCase() }) })
    .trim()
    .min(1, { error: () => m.api_v_give_the_label({ label: label().toLowerCase() }) })
    .max(NAME_MAX, { error: () => m.api_v_keep_the_label_under({ label: label().toLowerCase(), max: NAME_MAX }) });

const optionalBudget = (label: Label) => numeric(rupees(label).optional());

/** What the domain stores for a function or sub-event (undefined: leave as it is, on an update). */
export type EventFields = {
  name?: string;
  eventDate?: string;
  startTime?: string | null;
  endTime?: string | null;
  budget?: number;
  description?: string | null;
  venue?: string | null;
};

type Prefix = "event" | "subEvent";

function eventShape(p: Prefix, label: { name: Label; date: Label; budget: Label }) {
  return {
    [`${p}Name`]: nameField(label.name),
    [`${p}Date`]: dayField(label.date),
    [`${p}Budget`]: optionalBudget(label.budget),
    [`${p}StartTime`]: timeField(m.api_v_label_start_time).optional(),
    [`${p}EndTime`]: timeField(m.api_v_label_end_time).optional(),
    [`${p}Description`]: text(m.api_v_label_description, DESCRIPTION_MAX),
    venue: text(m.api_v_label_venue, VENUE_MAX),
  } as Record<string, z.ZodType>;
}

function toFields(p: Prefix, v: Record<string, unknown>): EventFields {
  const out: EventFields = {};
  if (v[`${p}Name`] !== undefined) out.name = v[`${p}Name`] as string;
  if (v[`${p}Date`] !== undefined) out.eventDate = v[`${p}Date`] as string;
  if (`${p}StartTime` in v) out.startTime = (v[`${p}StartTime`] as string | undefined) ?? null;
  if (`${p}EndTime` in v) out.endTime = (v[`${p}EndTime`] as string | undefined) ?? null;
  if (v[`${p}Budget`] !== undefined) out.budget = v[`${p}Budget`] as number;
  if (v[`${p}Description`] !== undefined) out.description = v[`${p}Description`] as string | null;
  if (v.venue !== undefined) out.venue = v.venue as string | null;
  return out;
}

/** The end of a function is after its start (times never cross midnight: a rite after midnight is on the next day). */
export function timesProblem(start: string | null | undefined, end: string | null | undefined): string | null {
  if (end && !start) return m.api_v_times_start_with_end();
  if (start && end && end <= start) return m.api_v_times_end_after_start();
  return null;
}

function createSchema(p: Prefix, label: { name: Label; date: Label; budget: Label }) {
  return z
    .object(eventShape(p, label))
    .superRefine((v, ctx) => {
      const problem = timesProblem(v[`${p}StartTime`] as string | undefined, v[`${p}EndTime`] as string | undefined);
      if (problem) ctx.addIssue({ code: "custom", path: [`${p}EndTime`], message: problem });
    })
    .transform((v) => ({ budget: 0, startTime: null, endTime: null, description: null, venue: null, ...toFields(p, v) }) as Required<EventFields>);
}

/** POST /event/newevent: the spec's event payload plus our venue. */
const FUNCTION_LABELS = { name: m.api_v_label_function_name, date: m.api_v_label_function_date, budget: m.api_v_label_function_budget };
const SUB_EVENT_LABELS = { name: m.api_v_label_sub_event_name, date: m.api_v_label_sub_event_date, budget: m.api_v_label_sub_event_budget };
export const eventInput = createSchema("event", FUNCTION_LABELS);
/** POST /event/{eventId}/subevent. */
export const subEventInput = createSchema("subEvent", SUB_EVENT_LABELS);

/** PUT /event/{eventId}: any of the event's fields (sub-event names accepted for a sub-event); the end is checked against the start the function keeps. */
const clearable = (s: z.ZodType) => z.preprocess((v) => (v === "" ? null : v), s.nullable()).optional();
export const eventUpdateInput = z
  .object(
    Object.fromEntries(
      [...Object.entries(eventShape("event", FUNCTION_LABELS)), ...Object.entries(eventShape("subEvent", SUB_EVENT_LABELS))].map(([k, s]) => [
        k,
        /Time$/.test(k) ? clearable(timeField(k.endsWith("StartTime") ? m.api_v_label_start_time : m.api_v_label_end_time)) : s.optional(),
      ]),
    ),
  )
  .extend({
    /** The version of the function the change was made on (PlannedEvent.version): a stale one is refused (409). */
    version: rowVersion,
  })
  .transform(({ version, ...v }) => ({ ...toFields("subEvent", v), ...toFields("event", v), ...(version === undefined ? {} : { version: version as number }) }))
  .refine(({ version: _version, ...f }) => Object.keys(f).length > 0, {
    error: () => m.api_v_nothing_to_change_send_event_name_event_date(),
  });

export type EventInput = z.infer<typeof eventInput>;
export type EventUpdate = z.infer<typeof eventUpdateInput>;

/** POST /event/from-template: the tradition, the wedding day, and which proposed functions to keep (renamed or moved as the couple likes). */
export const fromTemplateInput = z.object({
  tradition: z.enum(TRADITION_IDS, { error: () => m.api_e_please_choose_a_tradition() }),
  weddingDate: dayField(m.api_v_label_wedding_date),
  functions: z
    .array(
      z.object({
        key: z
          .string({ error: () => m.api_v_each_function_needs_its_template_key() })
          .trim()
          .min(1, { error: () => m.api_v_each_function_needs_its_template_key() })
          .max(80),
        name: z.preprocess(blank, nameField(m.api_v_label_function_name).optional()),
        eventDate: z.preprocess(blank, dayField(m.api_v_label_function_date).optional()),
      }),
    )
    .min(1, { error: () => m.api_v_keep_at_least_one_function() })
    .max(FUNCTIONS_MAX)
    .optional(),
});
export type FromTemplateInput = z.infer<typeof fromTemplateInput>;

export const vendorLinkInput = z.object({
  serviceId: z
    .string({ error: () => m.api_v_please_choose_a_vendors_service() })
    .trim()
    .min(1, { error: () => m.api_v_please_choose_a_vendors_service() })
    .max(64),
  /** The version of the function the link was decided on (PlannedEvent.version): a stale one is refused (409). */
  version: rowVersion,
});

const priority = z.enum(TASK_PRIORITIES, { error: () => m.api_v_priority_must_be_low_medium_or_high() });
const status = z.enum(TASK_STATUSES, { error: () => m.api_v_status_must_be_todo_in_progress_done_or() });

const taskShape = {
  name: nameField(m.api_v_label_task_name),
  notes: text(m.api_v_label_notes, NOTES_MAX),
  priority: z.preprocess(blank, priority.optional()),
  dueDate: z.preprocess(blank, dayField(m.api_v_label_due_date_task).nullable().optional()),
  assignee: text(m.api_v_label_assignee, ASSIGNEE_MAX),
  status: z.preprocess(blank, status.optional()),
};

/** Accepts the spec-style taskName too. */
const taskAliases = (v: unknown) =>
  v && typeof v === "object" && !("name" in v) && "taskName" in v ? { ...v, name: (v as { taskName: unknown }).taskName } : v;

/** POST /event/task/{eventId}. */
export const taskInput = z.preprocess(taskAliases, z.object(taskShape));
/** PUT /event/task/{taskId}: any of name, notes, priority, dueDate (empty clears), assignee, status. */
export const taskUpdateInput = z.preprocess(
  taskAliases,
  z
    .object({
      ...taskShape,
      name: taskShape.name.optional(),
      dueDate: z.preprocess((v) => (v === "" ? null : v), dayField(m.api_v_label_due_date_task).nullable().optional()),
      /** The version of the task the edit was made on (Task.version): a stale one is refused (409). */
      version: rowVersion,
    })
    .refine(({ version: _version, ...t }) => Object.values(t).some((x) => x !== undefined), {
      error: () => m.api_v_nothing_to_change_send_name_notes_priority(),
    }),
);
/** PATCH /event/task/status/{taskId}; `version` as for an edit. */
export const taskStatusInput = z.object({ status, version: rowVersion });

export type TaskInput = z.infer<typeof taskInput>;
export type TaskUpdate = z.infer<typeof taskUpdateInput>;
