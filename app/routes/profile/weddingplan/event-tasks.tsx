import { Form, useFetcher } from "react-router";
import { Select } from "#app/components/ui/index.ts";
import { formatDate } from "#shared/format.ts";
import { TASK_PRIORITIES, TASK_STATUSES } from "#shared/planner-schemas.ts";
import { m } from "#shared/paraglide/messages.js";
import type { EventDetail, TaskRow } from "#domain/planning/index.ts";
import { Alert, DeleteButton, Field, Name, TextArea, resultOf, shownName, type ActionResult } from "./ui.tsx";

/** A function's tasks: adding one, and each task's status (saved as it changes), edit and delete. */
const PRIORITY_LABELS: Record<(typeof TASK_PRIORITIES)[number], () => string> = {
  LOW: m.couple_task_priority_low,
  MEDIUM: m.couple_task_priority_medium,
  HIGH: m.couple_task_priority_high,
};
const STATUS_LABELS: Record<(typeof TASK_STATUSES)[number], () => string> = {
  TODO: m.couple_task_status_todo,
  IN_PROGRESS: m.couple_task_status_in_progress,
  DONE: m.couple_task_status_done,
  CANCELLED: m.couple_task_status_cancelled,
};
/** The choices in the render's language (not module constants: a render's locale is known only then). */
const priorityOptions = () => TASK_PRIORITIES.map((p) => [p, PRIORITY_LABELS[p]()] as const);
const statusOptions = () => TASK_STATUSES.map((s) => [s, STATUS_LABELS[s]()] as const);

export function AddTask({ result, busy, event: e }: { result: ActionResult; busy: boolean; event: EventDetail["event"] }) {
  const r = resultOf(result, "task");
  const v = r.values;
  return (
    <details open={Boolean(r.message)} className="rounded-xl border border-maroon-100 p-3">
      <summary className="cursor-pointer font-semibold text-maroon-700">{m.couple_task_add()}</summary>
      <Form method="post" className="mt-3 grid gap-3 md:grid-cols-2">
        <div className="md:col-span-2">
          <Alert message={r.message} />
        </div>
        <Field label={m.couple_task_task()} name="name" id="task-name" required error={r.errors.name} defaultValue={v.name} hint={m.couple_task_hint()} />
        <Field
          label={m.couple_task_assigned_to()}
          name="assignee"
          id="task-assignee"
          error={r.errors.assignee}
          defaultValue={v.assignee}
          hint={m.couple_task_assigned_hint()}
        />
        <Field label={m.couple_task_due_date()} name="dueDate" id="task-due" type="date" error={r.errors.dueDate} defaultValue={v.dueDate} />
        <Select
          id="task-priority"
          label={m.couple_task_priority()}
          name="priority"
          defaultValue={v.priority ?? "MEDIUM"}
          options={priorityOptions()}
          inputClassName="py-2"
        />
        {e.subEvents.length > 0 && (
          <Select
            id="task-for"
            label={m.couple_task_for()}
            name="taskEventId"
            defaultValue={v.taskEventId ?? e.id}
            options={[[e.id, shownName(e.eventName)] as const, ...e.subEvents.map((s) => [s.id, shownName(s.subEventName)] as const)]}
            inputClassName="py-2"
          />
        )}
        <TextArea label={m.couple_plan_notes()} name="notes" id="task-notes" error={r.errors.notes} defaultValue={v.notes} />
        <div>
          <button type="submit" name="intent" value="task" className="btn-primary px-4 py-2" disabled={busy}>
            {m.couple_task_add_button()}
          </button>
        </div>
      </Form>
    </details>
  );
}

/** A task: its status, edit and delete for those who may change the plan; its status in words for the others. */
export function TaskItem({ task: t, where, result, edits }: { task: TaskRow; where?: string; result: ActionResult; edits: boolean }) {
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
          <p className={`font-medium break-words ${closed ? "text-ink/60 line-through" : ""}`}>
            <Name name={t.name} />
          </p>
          <p className="text-xs text-ink/70">
            {[
              where ? m.couple_task_for_where({ name: where }) : null,
              m.couple_task_priority_line({ priority: PRIORITY_LABELS[t.priority]() }),
              t.due_date ? m.couple_task_due({ date: formatDate(t.due_date) }) : null,
              t.assignee ? m.couple_task_assigned({ name: t.assignee }) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {t.notes && (
            <p className="mt-1 text-sm whitespace-pre-line text-ink/75" translate="no">
              {t.notes}
            </p>
          )}
        </div>
        {!edits && <p className="text-sm font-semibold text-ink/75">{STATUS_LABELS[t.status]()}</p>}
        {edits && (
          // A status chosen before the page's scripts ran is held and saved once they have (shared/early-taps.ts).
          <status.Form method="post" className="flex items-center gap-2" data-save-on-change="">
            <input type="hidden" name="intent" value="task-status" />
            <input type="hidden" name="taskId" value={t.id} />
            {/* The copy these forms were drawn from: a change or removal after someone else changed the task is refused (decision 0052). */}
            <input type="hidden" name="version" value={t.updated_at} />
            <Select
              id={`status-${t.id}`}
              label={<span className="sr-only">{m.couple_task_status_of({ name: shownName(t.name) })}</span>}
              name="status"
              value={shown}
              onChange={(ev) => status.submit(ev.currentTarget.form)}
              options={statusOptions()}
              className="gap-0"
              inputClassName="w-auto px-2 py-1 text-sm"
            />
            <noscript>
              <button type="submit" className="text-sm font-semibold text-maroon-700 underline">
                {m.couple_set()}
              </button>
            </noscript>
          </status.Form>
        )}
      </div>
      <Alert message={statusError.message} />
      {edits && (
        <details open={Boolean(r.message)} className="mt-1">
          <summary className="cursor-pointer text-sm text-maroon-700">{m.couple_task_edit()}</summary>
          <Form method="post" className="mt-2 grid gap-2 md:grid-cols-2">
            <div className="md:col-span-2">
              <Alert message={r.message} />
            </div>
            <input type="hidden" name="taskId" value={t.id} />
            <input type="hidden" name="version" value={t.updated_at} />
            <Field label={m.couple_task_task()} name="name" id={`name-${t.id}`} required error={r.errors.name} defaultValue={r.values.name ?? t.name} />
            <Field
              label={m.couple_task_assigned_to()}
              name="assignee"
              id={`assignee-${t.id}`}
              error={r.errors.assignee}
              defaultValue={r.values.assignee ?? t.assignee}
            />
            <Field
              label={m.couple_task_due_date()}
              name="dueDate"
              id={`due-${t.id}`}
              type="date"
              error={r.errors.dueDate}
              defaultValue={r.values.dueDate ?? t.due_date}
            />
            <Select
              id={`priority-${t.id}`}
              label={m.couple_task_priority()}
              name="priority"
              defaultValue={t.priority}
              options={priorityOptions()}
              inputClassName="py-2"
            />
            <TextArea label={m.couple_plan_notes()} name="notes" id={`notes-${t.id}`} error={r.errors.notes} defaultValue={r.values.notes ?? t.notes} />
            <div className="flex flex-wrap items-center gap-4">
              <button type="submit" name="intent" value="task-update" className="btn-secondary px-3 py-1">
                {m.couple_task_save()}
              </button>
            </div>
          </Form>
          <div className="mt-2">
            <DeleteButton
              intent="task-delete"
              fields={{ taskId: t.id, taskEventId: t.event_id, version: String(t.updated_at) }}
              label={m.couple_task_delete()}
              confirm={m.couple_task_delete_confirm({ name: shownName(t.name) })}
            />
          </div>
        </details>
      )}
    </li>
  );
}
