import { z } from "zod";
import type { Route } from "./+types/event";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond, pagePath, readForm, submitOrRespond } from "#app/lib/page-errors.server.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { parseInput } from "#domain/core/index.ts";
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
import { TASK_STATUS_LABELS, eventUpdateInput, subEventInput, taskInput, taskStatusInput, taskUpdateInput, vendorLinkInput } from "#shared/planner-schemas.ts";

/**
 * /profile/weddingplan/:eventId: one function (or sub-event) with its sub-events, the tasks of
 * both, the vendors linked and the couple's candidates to link. Every form posts an intent and is
 * answered with a redirect back (PRG) or the form's field messages; the rules are the domain's.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, () => eventDetail(domain, params.eventId));
}

const anyForm = z.record(z.string(), z.unknown());
const str = (v: unknown) => (typeof v === "string" ? v : "");

export async function action({ request, context, params }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  let intent = "";
  const back = pagePath(request);
  const done = (message: string, to = back) => redirectWithToast(request, to, { type: "success", message });
  return submitOrRespond(
    request,
    async () => {
      const { input } = await readForm(request, anyForm);
      intent = str(input.intent);
      const eventId = params.eventId;
      switch (intent) {
        case "update": {
          // A form always sends every field: the times as typed (empty clears them).
          await updateEvent(domain, eventId, parseInput(eventUpdateInput, input));
          return done("Function updated.");
        }
        case "delete-event": {
          await deleteEvent(domain, eventId);
          return done("Function deleted.", "/profile/weddingplan");
        }
        case "subevent": {
          const sub = await createSubEvent(domain, eventId, parseInput(subEventInput, input));
          return done(`${sub.subEventName} added.`);
        }
        case "task": {
          const task = await createTask(domain, str(input.taskEventId) || eventId, parseInput(taskInput, input));
          return done(`Task “${task.name}” added.`);
        }
        case "task-status": {
          const { status } = parseInput(taskStatusInput, input);
          const task = await setTaskStatus(domain, str(input.taskId), status);
          return done(`“${task.name}” is now ${TASK_STATUS_LABELS[status].toLowerCase()}.`);
        }
        case "task-update": {
          const { taskId: _taskId, intent: _intent, ...fields } = input;
          await updateTask(domain, str(input.taskId), parseInput(taskUpdateInput, fields));
          return done("Task updated.");
        }
        case "task-delete": {
          await deleteTask(domain, str(input.taskEventId) || eventId, str(input.taskId));
          return done("Task deleted.");
        }
        case "link": {
          const { serviceId } = parseInput(vendorLinkInput, input);
          const vendor = await linkVendor(domain, eventId, serviceId);
          return done(`${vendor.serviceName} linked.`);
        }
        case "unlink": {
          await unlinkVendor(domain, eventId, str(input.serviceId));
          return done("Vendor unlinked.");
        }
        default:
          return { ok: false as const, intent, message: "Unknown action.", errors: {} as Record<string, string> };
      }
    },
    {
      get intent() {
        return intent;
      },
    },
  );
}
