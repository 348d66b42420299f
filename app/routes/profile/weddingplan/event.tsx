import { Form, Link, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/event";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { TASK_PRIORITIES, TASK_PRIORITY_LABELS, TASK_STATUSES, TASK_STATUS_LABELS } from "#shared/planner-schemas.ts";
import type { EventDetail, TaskRow } from "#domain/planning/index.ts";
import { Alert, DeleteButton, Field, Panel, Progress, SOURCE_LABELS, TextArea, VendorChip, resultOf, timeRange, type ActionResult } from "./ui.tsx";

export { action, loader } from "./event.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.event.eventName ?? "Wedding function") },
  { name: "robots", content: "noindex" },
];

const selectClass = "rounded-lg border border-ink/20 bg-white px-3 py-2 text-base";

/** /profile/weddingplan/:eventId: edit a function, its sub-events, tasks (status inline) and vendors. */
export default function WeddingFunction({ loaderData, actionData }: Route.ComponentProps) {
  const { event: e, parent, tasks, candidates } = loaderData;
  const result = actionData as ActionResult;
  const busy = useNavigation().state === "submitting";
  const isSub = Boolean(parent);
  const nameOf = new Map<string, string>([[e.id, e.eventName], ...e.subEvents.map((s) => [s.id, s.subEventName] as [string, string])]);
  const all = tasks.filter((t) => t.status !== "CANCELLED");
  const linked = new Set(e.vendors.map((v) => v.serviceId));
  const toLink = candidates.filter((c) => !linked.has(c.serviceId));

  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to={parent ? `/profile/weddingplan/${parent.id}` : "/profile/weddingplan"} className="font-semibold text-maroon-700 underline">
          ← {parent ? parent.eventName : "Wedding Planner"}
        </Link>
      </p>
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold break-words text-maroon-700">{e.eventName}</h1>
        <p className="mt-1 text-ink/80">
          {formatDate(e.eventDate)} · {timeRange(e.startTime, e.endTime)}
          {e.venue ? ` · ${e.venue}` : ""}
          {e.eventBudget ? ` · budget ${formatRupees(e.eventBudget)}` : ""}
        </p>
        {e.eventDescription && <p className="mt-2 text-sm whitespace-pre-line text-ink/75">{e.eventDescription}</p>}
        <div className="mt-3">
          <Progress done={all.filter((t) => t.status === "DONE").length} total={all.length} label={`Tasks of ${e.eventName}`} />
        </div>
      </section>

      <Panel title="Tasks" id="tasks-heading">
        <AddTask result={result} busy={busy} event={e} />
        {tasks.length === 0 ? (
          <p className="mt-4 text-sm text-ink/70">No tasks yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-maroon-100" data-testid="tasks">
            {tasks.map((t) => (
              <TaskItem key={t.id} task={t} where={t.event_id !== e.id ? nameOf.get(t.event_id) : undefined} result={result} />
            ))}
          </ul>
        )}
      </Panel>

      {!isSub && <SubEvents event={e} result={result} busy={busy} />}

      <Panel title="Vendors" id="vendors-heading">
        {e.vendors.length === 0 ? (
          <p className="text-sm text-ink/70">No vendors linked yet.</p>
        ) : (
          <ul className="space-y-2" data-testid="linked-vendors">
            {e.vendors.map((v) => (
              <li key={v.serviceId} className="flex flex-wrap items-center justify-between gap-2">
                <VendorChip name={v.serviceName} vendor={v.vendorName} booked={v.booked} source={v.source} />
                <VendorButton intent="unlink" serviceId={v.serviceId} label={`Unlink ${v.serviceName}`} />
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-5 mb-2 font-semibold">From your wishlist, enquiries and bookings</h3>
        {toLink.length === 0 ? (
          <p className="text-sm text-ink/70">
            {candidates.length ? "All of them are linked." : "Nothing yet: shortlist or enquire with vendors, and they show here."}{" "}
            <Link to="/all" className="font-semibold text-maroon-700 underline">
              Browse vendors
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-maroon-100" data-testid="vendor-candidates">
            {toLink.map((c) => (
              <li key={c.serviceId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{c.serviceName}</span> <span className="text-sm text-ink/65">· {c.vendorName}</span>{" "}
                  <span className={`rounded-full px-1.5 text-xs font-semibold ${c.booked ? "bg-green-100 text-green-900" : "bg-ink/10 text-ink/80"}`}>
                    {c.booked ? "Booked" : SOURCE_LABELS[c.source]}
                  </span>
                </span>
                <VendorButton intent="link" serviceId={c.serviceId} label={`Link ${c.serviceName}`} />
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <EditFunction event={e} result={result} busy={busy} />
    </div>
  );
}

function VendorButton({ intent, serviceId, label }: { intent: "link" | "unlink"; serviceId: string; label: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="serviceId" value={serviceId} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={intent === "link" ? "btn-secondary px-3 py-1 text-sm" : "text-sm font-semibold text-maroon-700 underline"}
        disabled={fetcher.state !== "idle"}
      >
        {label}
      </button>
    </fetcher.Form>
  );
}

function AddTask({ result, busy, event: e }: { result: ActionResult; busy: boolean; event: EventDetail["event"] }) {
  const r = resultOf(result, "task");
  const v = r.values;
  return (
    <details open={Boolean(r.message)} className="rounded-xl border border-maroon-100 p-3">
      <summary className="cursor-pointer font-semibold text-maroon-700">Add a task</summary>
      <Form method="post" className="mt-3 grid gap-3 md:grid-cols-2">
        <div className="md:col-span-2">
          <Alert message={r.message} />
        </div>
        <Field label="Task" name="name" id="task-name" required error={r.errors.name} defaultValue={v.name} hint="For example Book the mehendi artist" />
        <Field
          label="Assigned to"
          name="assignee"
          id="task-assignee"
          error={r.errors.assignee}
          defaultValue={v.assignee}
          hint="Bride, groom, or a family member"
        />
        <Field label="Due date" name="dueDate" id="task-due" type="date" error={r.errors.dueDate} defaultValue={v.dueDate} />
        <div className="flex flex-col gap-1">
          <label htmlFor="task-priority" className="text-sm font-medium">
            Priority
          </label>
          <select id="task-priority" name="priority" defaultValue={v.priority ?? "MEDIUM"} className={selectClass}>
            {TASK_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {TASK_PRIORITY_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        {e.subEvents.length > 0 && (
          <div className="flex flex-col gap-1">
            <label htmlFor="task-for" className="text-sm font-medium">
              For
            </label>
            <select id="task-for" name="taskEventId" defaultValue={v.taskEventId ?? e.id} className={selectClass}>
              <option value={e.id}>{e.eventName}</option>
              {e.subEvents.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.subEventName}
                </option>
              ))}
            </select>
          </div>
        )}
        <TextArea label="Notes" name="notes" id="task-notes" error={r.errors.notes} defaultValue={v.notes} />
        <div>
          <button type="submit" name="intent" value="task" className="btn-primary px-4 py-2" disabled={busy}>
            Add task
          </button>
        </div>
      </Form>
    </details>
  );
}

function TaskItem({ task: t, where, result }: { task: TaskRow; where?: string; result: ActionResult }) {
  const status = useFetcher();
  const pendingStatus = status.formData?.get("status");
  const shown = typeof pendingStatus === "string" ? pendingStatus : t.status;
  const r = resultOf(result, "task-update", (values) => values.taskId === t.id);
  const statusError = resultOf(result, "task-status", (values) => values.taskId === t.id);
  const closed = shown === "DONE" || shown === "CANCELLED";
  return (
    <li className="py-3" data-testid="task">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className={`font-medium break-words ${closed ? "text-ink/60 line-through" : ""}`}>{t.name}</p>
          <p className="text-xs text-ink/70">
            {[
              where ? `For ${where}` : null,
              `${TASK_PRIORITY_LABELS[t.priority]} priority`,
              t.due_date ? `due ${formatDate(t.due_date)}` : null,
              t.assignee ? `assigned to ${t.assignee}` : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {t.notes && <p className="mt-1 text-sm whitespace-pre-line text-ink/75">{t.notes}</p>}
        </div>
        <status.Form method="post" className="flex items-center gap-2">
          <input type="hidden" name="intent" value="task-status" />
          <input type="hidden" name="taskId" value={t.id} />
          <label htmlFor={`status-${t.id}`} className="sr-only">
            Status of {t.name}
          </label>
          <select
            id={`status-${t.id}`}
            name="status"
            value={shown}
            onChange={(ev) => status.submit(ev.currentTarget.form)}
            className="rounded-lg border border-ink/20 bg-white px-2 py-1 text-sm"
          >
            {TASK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TASK_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="text-sm font-semibold text-maroon-700 underline">
              Set
            </button>
          </noscript>
        </status.Form>
      </div>
      <Alert message={statusError.message} />
      <details open={Boolean(r.message)} className="mt-1">
        <summary className="cursor-pointer text-sm text-maroon-700">Edit</summary>
        <Form method="post" className="mt-2 grid gap-2 md:grid-cols-2">
          <div className="md:col-span-2">
            <Alert message={r.message} />
          </div>
          <input type="hidden" name="taskId" value={t.id} />
          <Field label="Task" name="name" id={`name-${t.id}`} required error={r.errors.name} defaultValue={r.values.name ?? t.name} />
          <Field label="Assigned to" name="assignee" id={`assignee-${t.id}`} error={r.errors.assignee} defaultValue={r.values.assignee ?? t.assignee} />
          <Field label="Due date" name="dueDate" id={`due-${t.id}`} type="date" error={r.errors.dueDate} defaultValue={r.values.dueDate ?? t.due_date} />
          <div className="flex flex-col gap-1">
            <label htmlFor={`priority-${t.id}`} className="text-sm font-medium">
              Priority
            </label>
            <select id={`priority-${t.id}`} name="priority" defaultValue={t.priority} className={selectClass}>
              {TASK_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {TASK_PRIORITY_LABELS[p]}
                </option>
              ))}
            </select>
          </div>
          <TextArea label="Notes" name="notes" id={`notes-${t.id}`} error={r.errors.notes} defaultValue={r.values.notes ?? t.notes} />
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" name="intent" value="task-update" className="btn-secondary px-3 py-1">
              Save task
            </button>
          </div>
        </Form>
        <div className="mt-2">
          <DeleteButton
            intent="task-delete"
            fields={{ taskId: t.id, taskEventId: t.event_id }}
            label={`Delete task`}
            confirm={`Delete the task “${t.name}”?`}
          />
        </div>
      </details>
    </li>
  );
}

function SubEvents({ event: e, result, busy }: { event: EventDetail["event"]; result: ActionResult; busy: boolean }) {
  const r = resultOf(result, "subevent");
  const v = r.values;
  return (
    <Panel title="Sub-events" id="subevents-heading">
      {e.subEvents.length === 0 ? (
        <p className="text-sm text-ink/70">No sub-events. Add the rites or moments of this function (for example Kanyadaan, Pheras, Vidaai).</p>
      ) : (
        <ul className="divide-y divide-maroon-100" data-testid="sub-events">
          {e.subEvents.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <Link to={`/profile/weddingplan/${s.id}`} className="font-medium text-maroon-700 underline">
                  {s.subEventName}
                </Link>{" "}
                <span className="text-sm text-ink/70">
                  {s.subEventDate !== e.eventDate ? `${formatDate(s.subEventDate)}, ` : ""}
                  {timeRange(s.startTime, s.endTime)}
                  {s.subEventBudget ? ` · ${formatRupees(s.subEventBudget)}` : ""}
                  {s.tasks.total ? ` · ${s.tasks.done}/${s.tasks.total} tasks` : ""}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <details open={Boolean(r.message)} className="mt-3 rounded-xl border border-maroon-100 p-3">
        <summary className="cursor-pointer font-semibold text-maroon-700">Add a sub-event</summary>
        <Form method="post" className="mt-3 grid gap-3 md:grid-cols-2">
          <div className="md:col-span-2">
            <Alert message={r.message} />
          </div>
          <Field label="Sub-event name" name="subEventName" id="sub-name" required error={r.errors.subEventName} defaultValue={v.subEventName} />
          <Field
            label="Date"
            name="subEventDate"
            id="sub-date"
            type="date"
            required
            error={r.errors.subEventDate}
            defaultValue={v.subEventDate ?? e.eventDate}
          />
          <Field label="Starts at" name="subEventStartTime" id="sub-start" type="time" error={r.errors.subEventStartTime} defaultValue={v.subEventStartTime} />
          <Field label="Ends at" name="subEventEndTime" id="sub-end" type="time" error={r.errors.subEventEndTime} defaultValue={v.subEventEndTime} />
          <Field
            label="Budget (₹)"
            name="subEventBudget"
            id="sub-budget"
            type="number"
            min={0}
            error={r.errors.subEventBudget}
            defaultValue={v.subEventBudget}
          />
          <Field label="Venue" name="venue" id="sub-venue" error={r.errors.venue} defaultValue={v.venue} />
          <div>
            <button type="submit" name="intent" value="subevent" className="btn-primary px-4 py-2" disabled={busy}>
              Add sub-event
            </button>
          </div>
        </Form>
      </details>
    </Panel>
  );
}

function EditFunction({ event: e, result, busy }: { event: EventDetail["event"]; result: ActionResult; busy: boolean }) {
  const r = resultOf(result, "update");
  const v = r.values;
  const err = (k: string) => r.errors[`event${k}`] ?? r.errors[`subEvent${k}`];
  return (
    <Panel title="Edit this function" id="edit-heading">
      <details open={Boolean(r.message)}>
        <summary className="cursor-pointer font-semibold text-maroon-700">Change name, date, times, budget or venue</summary>
        <Form method="post" className="mt-3 grid gap-3 md:grid-cols-2">
          <div className="md:col-span-2">
            <Alert message={r.message} />
          </div>
          <Field label="Name" name="eventName" id="edit-name" required error={err("Name")} defaultValue={v.eventName ?? e.eventName} />
          <Field label="Date" name="eventDate" id="edit-date" type="date" required error={err("Date")} defaultValue={v.eventDate ?? e.eventDate} />
          <Field label="Starts at" name="eventStartTime" id="edit-start" type="time" error={err("StartTime")} defaultValue={v.eventStartTime ?? e.startTime} />
          <Field label="Ends at" name="eventEndTime" id="edit-end" type="time" error={err("EndTime")} defaultValue={v.eventEndTime ?? e.endTime} />
          <Field
            label="Budget (₹)"
            name="eventBudget"
            id="edit-budget"
            type="number"
            min={0}
            error={err("Budget")}
            defaultValue={v.eventBudget ?? e.eventBudget}
          />
          <Field label="Venue" name="venue" id="edit-venue" error={r.errors.venue} defaultValue={v.venue ?? e.venue} />
          <TextArea
            label="Notes"
            name="eventDescription"
            id="edit-description"
            error={err("Description")}
            defaultValue={v.eventDescription ?? e.eventDescription}
          />
          <div>
            <button type="submit" name="intent" value="update" className="btn-primary px-4 py-2" disabled={busy}>
              Save changes
            </button>
          </div>
        </Form>
      </details>
      <div className="mt-4">
        <DeleteButton
          intent="delete-event"
          fields={{}}
          label={`Delete ${e.eventName}`}
          confirm={`Delete ${e.eventName}${e.subEvents.length ? " with its sub-events" : ""} and its tasks? This cannot be undone.`}
        />
      </div>
    </Panel>
  );
}
