import { z } from "zod";
import { isoDate, rupees } from "./lead-rules.ts";
import { numeric } from "./numbers.ts";
import { TASK_PRIORITIES, TASK_STATUSES } from "./stored-values.ts";
import { TRADITION_IDS } from "./traditions.ts";

/**
 * Inputs of the wedding planner (functions/domain/planning/ event-changes.ts, tradition-functions.ts, tasks.ts), shared by the API
 * and the page forms. The spec's client sends eventDate and eventStartTime/eventEndTime as ISO
 * timestamps; a plain form sends a date (YYYY-MM-DD) and times (HH:MM). Both are read as India's
 * calendar day and time of day, which is what is stored. Amounts are whole rupees.
 */

export { TASK_PRIORITIES, TASK_STATUSES };
export const TASK_STATUS_LABELS: Record<(typeof TASK_STATUSES)[number], string> = {
  TODO: "To do",
  IN_PROGRESS: "In progress",
  DONE: "Done",
  CANCELLED: "Cancelled",
};
export const TASK_PRIORITY_LABELS: Record<(typeof TASK_PRIORITIES)[number], string> = { LOW: "Low", MEDIUM: "Medium", HIGH: "High" };

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

const dayField = (label: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      return v.includes("T") || / \d{2}:/.test(v) ? (indiaParts(v)?.day ?? v) : v.trim();
    },
    isoDate(() => label),
  );

const timeField = (label: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== "string") return blank(v);
      const s = v.trim();
      if (!s) return undefined;
      if (s.length > 8) return indiaParts(s)?.time ?? s;
      return /^\d{2}:\d{2}:\d{2}$/.test(s) ? s.slice(0, 5) : s;
    },
    z.string({ message: `${label}: use a time like 18:30.` }).regex(TIME, `${label}: use a time like 18:30.`),
  );

const text = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v === undefined ? undefined : v),
    z
      .string({ message: `${label} must be text.` })
      .max(max, `Please keep ${label.toLowerCase()} under ${max.toLocaleString("en-IN")} characters.`)
      .nullable()
      .optional(),
  );

const nameField = (label: string) =>
  z
    .string({ message: `Please give the ${label.toLowerCase()}.` })
    .trim()
    .min(1, `Please give the ${label.toLowerCase()}.`)
    .max(NAME_MAX, `Please keep the ${label.toLowerCase()} under ${NAME_MAX} characters.`);

const optionalBudget = (label: string) => numeric(rupees(() => label).optional());

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

function eventShape(p: Prefix, label: string) {
  return {
    [`${p}Name`]: nameField(`${label} name`),
    [`${p}Date`]: dayField(`${label} date`),
    [`${p}Budget`]: optionalBudget(`${label} budget`),
    [`${p}StartTime`]: timeField("Start time").optional(),
    [`${p}EndTime`]: timeField("End time").optional(),
    [`${p}Description`]: text("Description", DESCRIPTION_MAX),
    venue: text("Venue", VENUE_MAX),
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
  if (end && !start) return "Give a start time with the end time.";
  if (start && end && end <= start) return "The end time must be after the start time.";
  return null;
}

function createSchema(p: Prefix, label: string) {
  return z
    .object(eventShape(p, label))
    .superRefine((v, ctx) => {
      const problem = timesProblem(v[`${p}StartTime`] as string | undefined, v[`${p}EndTime`] as string | undefined);
      if (problem) ctx.addIssue({ code: "custom", path: [`${p}EndTime`], message: problem });
    })
    .transform((v) => ({ budget: 0, startTime: null, endTime: null, description: null, venue: null, ...toFields(p, v) }) as Required<EventFields>);
}

/** POST /event/newevent: the spec's event payload plus our venue. */
export const eventInput = createSchema("event", "Function");
/** POST /event/{eventId}/subevent. */
export const subEventInput = createSchema("subEvent", "Sub-event");

/** PUT /event/{eventId}: any of the event's fields (sub-event names accepted for a sub-event); the end is checked against the start the function keeps. */
const clearable = (s: z.ZodType) => z.preprocess((v) => (v === "" ? null : v), s.nullable()).optional();
export const eventUpdateInput = z
  .object(
    Object.fromEntries(
      [...Object.entries(eventShape("event", "Function")), ...Object.entries(eventShape("subEvent", "Sub-event"))].map(([k, s]) => [
        k,
        /Time$/.test(k) ? clearable(timeField(k.endsWith("StartTime") ? "Start time" : "End time")) : s.optional(),
      ]),
    ),
  )
  .transform((v) => ({ ...toFields("subEvent", v), ...toFields("event", v) }))
  .refine((f) => Object.keys(f).length > 0, {
    message: "Nothing to change: send eventName, eventDate, eventBudget, eventStartTime, eventEndTime, eventDescription or venue.",
  });

export type EventInput = z.infer<typeof eventInput>;
export type EventUpdate = z.infer<typeof eventUpdateInput>;

/** POST /event/from-template: the tradition, the wedding day, and which proposed functions to keep (renamed or moved as the couple likes). */
export const fromTemplateInput = z.object({
  tradition: z.enum(TRADITION_IDS, { error: () => "Please choose a tradition." }),
  weddingDate: dayField("Wedding date"),
  functions: z
    .array(
      z.object({
        key: z.string({ message: "Each function needs its template key." }).trim().min(1, "Each function needs its template key.").max(80),
        name: z.preprocess(blank, nameField("Function name").optional()),
        eventDate: z.preprocess(blank, dayField("Function date").optional()),
      }),
    )
    .min(1, "Keep at least one function.")
    .max(FUNCTIONS_MAX)
    .optional(),
});
export type FromTemplateInput = z.infer<typeof fromTemplateInput>;

export const vendorLinkInput = z.object({
  serviceId: z.string({ message: "Please choose a vendor's service." }).trim().min(1, "Please choose a vendor's service.").max(64),
});

const priority = z.enum(TASK_PRIORITIES, { error: () => "Priority must be LOW, MEDIUM or HIGH." });
const status = z.enum(TASK_STATUSES, { error: () => "Status must be TODO, IN_PROGRESS, DONE or CANCELLED." });

const taskShape = {
  name: nameField("Task name"),
  notes: text("Notes", NOTES_MAX),
  priority: z.preprocess(blank, priority.optional()),
  dueDate: z.preprocess(blank, dayField("Due date").nullable().optional()),
  assignee: text("Assignee", ASSIGNEE_MAX),
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
    .object({ ...taskShape, name: taskShape.name.optional(), dueDate: z.preprocess((v) => (v === "" ? null : v), dayField("Due date").nullable().optional()) })
    .refine((t) => Object.values(t).some((x) => x !== undefined), { message: "Nothing to change: send name, notes, priority, dueDate, assignee or status." }),
);
/** PATCH /event/task/status/{taskId}. */
export const taskStatusInput = z.object({ status });

export type TaskInput = z.infer<typeof taskInput>;
export type TaskUpdate = z.infer<typeof taskUpdateInput>;
