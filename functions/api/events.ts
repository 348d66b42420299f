import { z } from "zod";
import { m } from "#shared/paraglide/messages.js";
import {
  eventInput,
  eventUpdateInput,
  fromTemplateInput,
  subEventInput,
  taskInput,
  taskStatusInput,
  taskUpdateInput,
  vendorLinkInput,
} from "#shared/planner-schemas.ts";
import { versionInput } from "#shared/row-version.ts";
import { isoDate } from "#shared/lead-rules.ts";
import { ACCESS } from "#domain/core/index.ts";
import {
  createEvent,
  createFromTemplate,
  createSubEvent,
  deleteEvent,
  linkVendor,
  traditionProposals,
  unlinkVendor,
  updateEvent,
  vendorCandidates,
  weddingPlan,
  createTask,
  deleteTask,
  listTasks,
  setTaskStatus,
  updateTask,
} from "#domain/planning/index.ts";
import { Resource } from "./endpoint.ts";

const id = z.string().min(1).max(64);
const eventParams = z.object({ eventId: id });
const taskParams = z.object({ taskId: id });
const REFUSAL = m.api_only_couples_plan;
const access = ACCESS.planner;

/**
 * Wedding planner (issue 12): the spec's event and task calls, plus the tradition templates. Every
 * rule is in functions/domain/planning/ (wedding-plan.ts, event-*.ts, tradition-functions.ts) and tasks.ts; another couple's event, task or link
 * is 404 and changes nothing.
 */
export const eventsApi = new Resource("/event", "Wedding planner (events and tasks)")
  .endpoint(
    {
      method: "get",
      path: "/getevents",
      summary: "The couple's functions in date order, with sub-events, task progress and linked vendors",
      description: "Also the couple's vendor candidates (wishlist, enquiries, bookings) to link, and the profile's wedding date.",
      access,
      refusal: REFUSAL,
    },
    async (c) => {
      const domain = c.get("domain");
      const [plan, candidates] = await Promise.all([weddingPlan(domain), vendorCandidates(domain)]);
      return c.json({ success: true, ...plan, candidates });
    },
  )
  .endpoint(
    {
      method: "get",
      path: "/traditions",
      summary: "Tradition templates: the usual functions with days relative to the wedding day and usual times",
      description: "With ?weddingDate=YYYY-MM-DD each function carries its suggested date (default: the profile's wedding date, else today).",
      query: z.object({ weddingDate: isoDate(m.api_v_label_wedding_date).optional() }),
      access,
      refusal: REFUSAL,
    },
    async (c, { query }) => c.json({ success: true, ...(await traditionProposals(c.get("domain"), query.weddingDate)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/newevent",
      weddingStore: true,
      summary: "Add a function",
      idempotent: true,
      description:
        "eventName, eventDate (ISO timestamp or YYYY-MM-DD), eventBudget (whole rupees), eventStartTime and eventEndTime (ISO or HH:MM, India), eventDescription, venue.",
      body: eventInput,
      access,
      refusal: REFUSAL,
      responses: { 201: "The function", 400: "A field is not valid", 409: "Too many functions" },
    },
    async (c, { body }) => c.json({ success: true, message: m.api_function_added(), event: await createEvent(c.get("domain"), body) }, 201),
  )
  .endpoint(
    {
      method: "post",
      path: "/from-template",
      weddingStore: true,
      summary: "Create functions from a tradition template for a wedding date (one batch)",
      description:
        "tradition, weddingDate, functions? [{key, name?, eventDate?}]: the proposed functions kept (all when absent), renamed or moved; sub-events come along.",
      body: fromTemplateInput,
      access,
      refusal: REFUSAL,
      responses: { 201: "The functions created", 400: "A field is not valid", 409: "Too many functions" },
    },
    async (c, { body }) => {
      const events = await createFromTemplate(c.get("domain"), body);
      return c.json({ success: true, message: m.api_functions_added({ count: events.length }), events }, 201);
    },
  )
  .endpoint(
    {
      method: "put",
      path: "/:eventId",
      weddingStore: true,
      summary: "Change a function or sub-event (version: the function's version the change was made on)",
      description: "Any of the event fields (eventName... or subEventName...) and venue; an empty time clears it.",
      params: eventParams,
      body: eventUpdateInput,
      access,
      refusal: REFUSAL,
      responses: {
        200: "The function",
        404: "Not your function",
        409: "Changed by someone else since that version: nothing saved; current is the function as it is now",
      },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await updateEvent(c.get("domain"), params.eventId, body)) }),
  )
  .endpoint(
    {
      method: "delete",
      path: "/:eventId",
      weddingStore: true,
      summary: "Delete a function with its sub-events, tasks and vendor links (version: the function's version the removal was decided on)",
      params: eventParams,
      query: versionInput,
      access,
      refusal: REFUSAL,
      responses: {
        200: "Deleted",
        404: "Not your function",
        409: "Changed by someone else since that version: nothing deleted; current is the function as it is now",
      },
    },
    async (c, { params, query }) => c.json({ success: true, ...(await deleteEvent(c.get("domain"), params.eventId, query)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/:eventId/subevent",
      weddingStore: true,
      summary: "Add a sub-event to a function",
      idempotent: true,
      description: "subEventName, subEventDate, subEventBudget, subEventStartTime, subEventEndTime, subEventDescription, venue.",
      params: eventParams,
      body: subEventInput,
      access,
      refusal: REFUSAL,
      responses: { 201: "The sub-event", 404: "Not your function", 409: "Under a sub-event, or too many" },
    },
    async (c, { params, body }) =>
      c.json({ success: true, message: m.api_sub_event_added(), subEvent: await createSubEvent(c.get("domain"), params.eventId, body) }, 201),
  )
  .endpoint(
    {
      method: "post",
      path: "/:eventId/vendors",
      weddingStore: true,
      summary: "Link a vendor's service to a function (version: the function's version the link was decided on)",
      description:
        "{serviceId, version}. The source is the strongest of BOOKING, ENQUIRY, WISHLIST (SEARCH for any other active listing). A link or an unlink moves the function's version on.",
      params: eventParams,
      body: vendorLinkInput,
      access,
      refusal: REFUSAL,
      responses: {
        201: "The link",
        404: "Not your function, or no such service",
        409: "The function changed since that version: nothing linked; current is the function's vendors now",
      },
    },
    async (c, { params, body }) =>
      c.json({ success: true, message: m.api_vendor_linked(), vendor: await linkVendor(c.get("domain"), params.eventId, body.serviceId, body) }, 201),
  )
  .endpoint(
    {
      method: "delete",
      path: "/vendor/:eventId/:serviceId",
      weddingStore: true,
      summary: "Unlink a vendor's service from a function (version: the function's version the unlink was decided on)",
      params: z.object({ eventId: id, serviceId: id }),
      query: versionInput,
      access,
      refusal: REFUSAL,
      responses: {
        200: "Unlinked",
        404: "Not your function, or not linked",
        409: "The function changed since that version: nothing unlinked; current is the function's vendors now",
      },
    },
    async (c, { params, query }) =>
      c.json({ success: true, message: m.api_vendor_unlinked(), ...(await unlinkVendor(c.get("domain"), params.eventId, params.serviceId, query)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/task/:eventId",
      summary: "Add a task to a function or sub-event",
      description: "name (or taskName), notes, priority (LOW, MEDIUM, HIGH), dueDate (YYYY-MM-DD), assignee, status (TODO, IN_PROGRESS, DONE, CANCELLED).",
      params: eventParams,
      body: taskInput,
      access,
      refusal: REFUSAL,
      responses: { 201: "The task", 404: "Not your function" },
    },
    async (c, { params, body }) => c.json({ success: true, message: m.api_task_added(), task: await createTask(c.get("domain"), params.eventId, body) }, 201),
  )
  .endpoint(
    {
      method: "get",
      path: "/tasks/:eventId",
      summary: "A function's tasks: open first, by due date and priority",
      params: eventParams,
      access,
      refusal: REFUSAL,
      responses: { 200: "The tasks", 404: "Not your function" },
    },
    async (c, { params }) => c.json({ success: true, tasks: await listTasks(c.get("domain"), params.eventId) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/task/:taskId",
      summary: "Change a task (version: the task's version the edit was made on)",
      params: taskParams,
      body: taskUpdateInput,
      access,
      refusal: REFUSAL,
      responses: {
        200: "The task",
        404: "Not your task",
        409: "Changed by someone else since that version: nothing saved; current is the task as it is now",
      },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await updateTask(c.get("domain"), params.taskId, body)) }),
  )
  .endpoint(
    {
      method: "delete",
      path: "/task/:eventId/:taskId",
      summary: "Delete a task of a function (version: the task's version the removal was decided on)",
      params: z.object({ eventId: id, taskId: id }),
      query: versionInput,
      access,
      refusal: REFUSAL,
      responses: {
        200: "Deleted",
        404: "Not your task",
        409: "Changed by someone else since that version: nothing deleted; current is the task as it is now",
      },
    },
    async (c, { params, query }) => c.json({ success: true, ...(await deleteTask(c.get("domain"), params.eventId, params.taskId, query)) }),
  )
  .endpoint(
    {
      method: "patch",
      path: "/task/status/:taskId",
      summary: "Set a task's status alone: TODO, IN_PROGRESS, DONE or CANCELLED (version: the task's version the status was chosen on)",
      params: taskParams,
      body: taskStatusInput,
      access,
      refusal: REFUSAL,
      responses: {
        200: "The task",
        404: "Not your task",
        409: "Changed by someone else since that version: nothing saved; current is the task as it is now",
      },
    },
    async (c, { params, body }) =>
      c.json({ success: true, message: m.api_task_status_updated(), task: await setTaskStatus(c.get("domain"), params.taskId, body) }),
  );
