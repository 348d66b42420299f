import type { Route } from "./+types/event";
import { appContext } from "#functions/page-context.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { ACCESS, parseInput } from "#domain/core/index.ts";
import {
  createSubEvent,
  deleteEvent,
  eventDetail,
  linkVendor,
  unlinkVendor,
  updateEvent,
  createTask,
  deleteTask,
  setTaskStatus,
  updateTask,
} from "#domain/planning/index.ts";
import { m } from "#shared/paraglide/messages.js";
import { type TASK_STATUSES, eventUpdateInput, subEventInput, taskInput, taskStatusInput, taskUpdateInput, vendorLinkInput } from "#shared/planner-schemas.ts";

/**
 * /profile/weddingplan/:eventId: one function (or sub-event) with its sub-events, the tasks of
 * both, the vendors linked and the couple's candidates to link. Every form posts an intent and is
 * answered with a redirect back (PRG) or the form's field messages; the rules are the domain's.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, () => eventDetail(domain, params.eventId));
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const eventOf = (params: Record<string, string | undefined>) => params.eventId ?? "";
/** A saved form goes back to the page (or `to`) with a success toast: post, redirect, get. */
/** "“Book the pandit” is now done.": each status's toast, whole, so each language words it its own way. */
const TASK_NOW: Record<(typeof TASK_STATUSES)[number], (inputs: { name: string }) => string> = {
  TODO: m.couple_toast_task_now_todo,
  IN_PROGRESS: m.couple_toast_task_now_in_progress,
  DONE: m.couple_toast_task_now_done,
  CANCELLED: m.couple_toast_task_now_cancelled,
};
const saved = (request: Request, message: string, to = pagePath(request)) => redirectWithToast(request, to, { type: "success", message });

/** Every form of the function's page, by intent, each one domain call. */
export const action = pageAction({
  access: ACCESS.signedIn,
  intents: {
    // A form always sends every field: the times as typed (empty clears them).
    update: async ({ request, domain, params, fields }) => {
      const { message } = await updateEvent(domain, eventOf(params), parseInput(eventUpdateInput, fields));
      return saved(request, message);
    },
    "delete-event": async ({ request, domain, params, fields }) => {
      const { message } = await deleteEvent(domain, eventOf(params), { version: fields.version });
      return saved(request, message, "/profile/weddingplan");
    },
    subevent: async ({ request, domain, params, fields }) => {
      const sub = await createSubEvent(domain, eventOf(params), parseInput(subEventInput, fields));
      return saved(request, m.couple_toast_sub_event_added({ name: sub.subEventName }));
    },
    task: async ({ request, domain, params, fields }) => {
      const task = await createTask(domain, str(fields.taskEventId) || eventOf(params), parseInput(taskInput, fields));
      return saved(request, m.couple_toast_task_added({ name: task.name }));
    },
    "task-status": async ({ request, domain, fields }) => {
      const input = parseInput(taskStatusInput, fields);
      const task = await setTaskStatus(domain, str(fields.taskId), input);
      return saved(request, TASK_NOW[input.status]({ name: task.name }));
    },
    "task-update": async ({ request, domain, fields }) => {
      const { taskId: _taskId, intent: _intent, ...rest } = fields;
      const { message } = await updateTask(domain, str(fields.taskId), parseInput(taskUpdateInput, rest));
      return saved(request, message);
    },
    "task-delete": async ({ request, domain, params, fields }) => {
      const { message } = await deleteTask(domain, str(fields.taskEventId) || eventOf(params), str(fields.taskId), { version: fields.version });
      return saved(request, message);
    },
    link: async ({ request, domain, params, fields }) => {
      const input = parseInput(vendorLinkInput, fields);
      const vendor = await linkVendor(domain, eventOf(params), input.serviceId, input);
      return saved(request, m.couple_toast_vendor_linked({ name: vendor.serviceName }));
    },
    unlink: async ({ request, domain, params, fields }) => {
      await unlinkVendor(domain, eventOf(params), str(fields.serviceId), { version: fields.version });
      return saved(request, m.api_vendor_unlinked());
    },
  },
});
