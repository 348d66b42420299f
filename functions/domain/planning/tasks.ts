import { m } from "#shared/paraglide/messages.js";
import type { TaskInput, TaskUpdate } from "#shared/planner-schemas.ts";
import { TASKS_PER_FUNCTION_MAX } from "#shared/planner-schemas.ts";
import { formatDate } from "#shared/format.ts";
import { versionInput } from "#shared/row-version.ts";
import { type DomainContext, Conflict, NotFound, StaleEdit, newId, parseInput } from "../core/index.ts";
import { activityEntry, guardedEdit, openWedding, tellWedding } from "../weddings/index.ts";
import { ownedFunction } from "./wedding-functions.ts";
import { PLAN_MESSAGES, TASK_ORDER, type TaskRow } from "./event-records.ts";

/**
 * Tasks of a wedding function or sub-event (issue 12): name, notes, priority, due date (India
 * day), assignee (a name: bride, groom, a family member) and status (TODO, IN_PROGRESS, DONE,
 * CANCELLED). The couple's own only: another couple's task or function is 404 and nothing changes.
 * An edit, a status change or a removal made on a stale copy (`version`: the task's updated_at as
 * the copy showed it) is refused with the task as it is now (decision 0052, weddings/stale-edits.ts).
 */

export type Task = {
  id: string;
  eventId: string;
  name: string;
  notes: string | null;
  status: TaskRow["status"];
  priority: TaskRow["priority"];
  dueDate: string | null;
  assignee: string | null;
  createdAt: number;
  /** The task's version (its updated_at): sent back with an edit, a status or a removal, refused when it is no longer the stored one. */
  version: number;
};

export const toTask = (r: TaskRow): Task => ({
  id: r.id,
  eventId: r.event_id,
  name: r.name,
  notes: r.notes,
  status: r.status,
  priority: r.priority,
  dueDate: r.due_date,
  assignee: r.assignee,
  createdAt: r.created_at,
  version: r.updated_at,
});

const COLUMNS = "id, event_id, name, notes, status, priority, due_date, assignee, created_at, updated_at";
const NOT_FOUND = m.api_e_we_could_not_find_that_task_in;

async function ownedTask(ctx: DomainContext, key: string, taskId: string): Promise<TaskRow> {
  const row = await ctx.db.prepare(`SELECT ${COLUMNS} FROM tasks WHERE id = ? AND user_id = ?`).bind(taskId, key).first<TaskRow>();
  if (!row) throw new NotFound(NOT_FOUND());
  return row;
}

/** POST /event/task/{eventId}. */
export async function createTask(ctx: DomainContext, eventId: string, input: TaskInput): Promise<Task> {
  const me = await openWedding(ctx, "plan", "edit");
  const fn = await ownedFunction(ctx, me.key, eventId);
  const count = await ctx.db.prepare("SELECT count(*) AS n FROM tasks WHERE event_id = ?").bind(fn.id).first<{ n: number }>();
  if ((count?.n ?? 0) >= TASKS_PER_FUNCTION_MAX) throw new Conflict(m.api_e_tasks_max({ max: TASKS_PER_FUNCTION_MAX }));
  const id = newId(ctx.now);
  const insert = ctx.db
    .prepare(
      "INSERT INTO tasks (id, event_id, user_id, name, notes, status, priority, due_date, assignee, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(
      id,
      fn.id,
      me.key,
      input.name,
      input.notes ?? null,
      input.status ?? "TODO",
      input.priority ?? "MEDIUM",
      input.dueDate ?? null,
      input.assignee ?? null,
      ctx.now,
      ctx.now,
    );
  await ctx.db.batch([insert, activityEntry(ctx, me, { area: "plan", action: "task_added", subject: input.name, functionName: fn.name })]);
  tellWedding(ctx, me, "plan");
  return toTask(await ownedTask(ctx, me.key, id));
}

/** GET /event/tasks/{eventId}: open tasks first, by due date, then priority. */
export async function listTasks(ctx: DomainContext, eventId: string): Promise<Task[]> {
  const me = await openWedding(ctx, "plan", "read");
  const fn = await ownedFunction(ctx, me.key, eventId);
  const { results } = await ctx.db.prepare(`SELECT ${COLUMNS} FROM tasks WHERE event_id = ? AND user_id = ? ${TASK_ORDER}`).bind(fn.id, me.key).all<TaskRow>();
  return results.map(toTask);
}

/** PUT /event/task/{taskId}: any of name, notes, priority, due date (null clears), assignee, status. */
export async function updateTask(ctx: DomainContext, taskId: string, update: TaskUpdate): Promise<{ message: string; task: Task }> {
  return { message: PLAN_MESSAGES.taskUpdated, task: await changeTask(ctx, taskId, update) };
}

const STATE_WORDS: Record<Task["status"], () => string> = {
  TODO: m.api_task_state_todo,
  IN_PROGRESS: m.api_task_state_in_progress,
  DONE: m.api_task_state_done,
  CANCELLED: m.api_task_state_cancelled,
};

/** The refusal of a change or removal made on a stale copy: the task's status and due date as they are now. */
async function staleTask(ctx: DomainContext, key: string, taskId: string, say: typeof m.api_stale_task): Promise<StaleEdit> {
  const now = toTask(await ownedTask(ctx, key, taskId));
  const status = STATE_WORDS[now.status]();
  const state = now.dueDate ? m.api_task_state_due({ state: status, date: formatDate(now.dueDate) }) : status;
  return new StaleEdit(say({ name: now.name, state }), now);
}

async function changeTask(ctx: DomainContext, taskId: string, update: TaskUpdate): Promise<Task> {
  const me = await openWedding(ctx, "plan", "edit");
  const before = await ownedTask(ctx, me.key, taskId);
  const sets: string[] = [];
  const binds: unknown[] = [];
  const columns: [Exclude<keyof TaskUpdate, "version">, string][] = [
    ["name", "name"],
    ["notes", "notes"],
    ["priority", "priority"],
    ["dueDate", "due_date"],
    ["assignee", "assignee"],
    ["status", "status"],
  ];
  for (const [key, column] of columns) {
    if (update[key] === undefined) continue;
    sets.push(`${column} = ?`);
    binds.push(update[key]);
  }
  await guardedEdit({
    now: ctx.now,
    sent: update.version,
    stored: before.updated_at,
    write: async (expected, version) => {
      const [change] = await ctx.db.batch([
        ctx.db
          .prepare(`UPDATE tasks SET ${sets.join(", ")}, updated_at = ? WHERE id = ? AND user_id = ? AND updated_at = ?`)
          .bind(...binds, version, taskId, me.key, expected),
        activityEntry(ctx, me, { area: "plan", action: "task_changed", subject: update.name ?? before.name, onlyIfChanged: true }),
      ]);
      return change!.meta.changes;
    },
    stale: () => staleTask(ctx, me.key, taskId, m.api_stale_task),
  });
  tellWedding(ctx, me, "plan");
  return toTask(await ownedTask(ctx, me.key, taskId));
}

/** PATCH /event/task/status/{taskId}: the status alone (and the version of the copy it was chosen on). */
export async function setTaskStatus(ctx: DomainContext, taskId: string, input: Pick<TaskUpdate, "status" | "version">): Promise<Task> {
  return changeTask(ctx, taskId, { status: input.status, version: input.version });
}

/** DELETE /event/task/{eventId}/{taskId}: the task must belong to that function; `version` as for an edit. */
export async function deleteTask(ctx: DomainContext, eventId: string, taskId: string, input: unknown = {}): Promise<{ message: string; id: string }> {
  const me = await openWedding(ctx, "plan", "edit");
  const { version } = parseInput(versionInput, input);
  const fn = await ownedFunction(ctx, me.key, eventId);
  const task = await ownedTask(ctx, me.key, taskId);
  if (task.event_id !== fn.id) throw new NotFound(NOT_FOUND());
  await guardedEdit({
    now: ctx.now,
    sent: version,
    stored: task.updated_at,
    write: async (expected) => {
      const [removed] = await ctx.db.batch([
        ctx.db.prepare("DELETE FROM tasks WHERE id = ? AND event_id = ? AND user_id = ? AND updated_at = ?").bind(taskId, fn.id, me.key, expected),
        activityEntry(ctx, me, { area: "plan", action: "task_removed", subject: task.name, functionName: fn.name, onlyIfChanged: true }),
      ]);
      return removed!.meta.changes;
    },
    // A task removed meanwhile is not found (404), as before.
    stale: () => staleTask(ctx, me.key, taskId, m.api_stale_task_remove),
  });
  tellWedding(ctx, me, "plan");
  return { message: PLAN_MESSAGES.taskDeleted, id: taskId };
}
