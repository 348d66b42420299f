import {
  applyChecklistAction,
  checklistActionInput,
  checklistSchema,
  defaultChecklist,
  mergeChecklists,
  saveChecklistInput,
  type Checklist,
} from "#shared/checklist.ts";
import { type DomainContext, Conflict, parseInput } from "../core/index.ts";
import { activityEntry, openWedding, type WeddingAccess } from "../weddings/index.ts";

/**
 * The couple's wedding checklist (spec: Checklist, Checklist actions, POST /checklist/save, GET
 * /checklist/get): one JSON list per account (checklists.categories), the defaults until the first
 * save. Only the actor's current wedding's row is ever read or written (the key is its couple's
 * account, from openWedding: any member reads it, the couple, partners and editors of "plan" change
 * it), so another wedding's checklist cannot be reached. The rules themselves are the shared pure functions
 * (shared/checklist.ts) the visitor's page uses too.
 */

async function stored(ctx: DomainContext, userId: string): Promise<{ list: Checklist; text: string | null }> {
  const row = await ctx.db.prepare("SELECT categories FROM checklists WHERE user_id = ?").bind(userId).first<{ categories: string }>();
  if (!row) return { list: defaultChecklist(), text: null };
  let json: unknown = null;
  try {
    json = JSON.parse(row.categories);
  } catch {
    // Not JSON: treated like any other unreadable row below.
  }
  const parsed = checklistSchema.safeParse(json);
  // A row this code did not write and cannot read is shown as the defaults rather than failing the page.
  return { list: parsed.success ? parsed.data : defaultChecklist(), text: row.categories };
}

/** GET /checklist/get and the page: the couple's list (the defaults until it is saved). */
export async function getChecklist(ctx: DomainContext): Promise<Checklist> {
  const me = await openWedding(ctx, "plan", "read");
  return (await stored(ctx, me.key)).list;
}

/**
 * Writes `change(current)` only if the row is still what was read (compare-and-set on the JSON
 * text), retrying a few times, so two quick clicks from two tabs both count and none is lost.
 */
async function update(ctx: DomainContext, me: WeddingAccess, change: (list: Checklist) => Checklist): Promise<Checklist> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { list, text } = await stored(ctx, me.key);
    const next = checklistSchema.parse(change(list));
    const json = JSON.stringify(next);
    const write =
      text === null
        ? ctx.db
            .prepare("INSERT INTO checklists (user_id, categories, updated_at) VALUES (?, ?, ?) ON CONFLICT(user_id) DO NOTHING")
            .bind(me.key, json, ctx.now)
        : ctx.db.prepare("UPDATE checklists SET categories = ?, updated_at = ? WHERE user_id = ? AND categories = ?").bind(json, ctx.now, me.key, text);
    // Unchanged (the same list saved again): nothing to write, nothing to tell.
    if (json === text) return next;
    const [result] = await ctx.db.batch([write, activityEntry(ctx, me, { area: "plan", action: "checklist_changed", onlyIfChanged: true })]);
    if (result!.meta.changes) return next;
  }
  throw new Conflict("The checklist changed at the same moment. Please try again.");
}

/** POST /checklist/save: replaces the whole list (validated; bad input changes nothing). */
export async function saveChecklist(ctx: DomainContext, input: unknown): Promise<Checklist> {
  const me = await openWedding(ctx, "plan", "edit");
  const { categories } = parseInput(saveChecklistInput, input, "Please correct the checklist.");
  return update(ctx, me, () => categories);
}

/** One action of the checklist page (toggle, add or remove an item or category, schedule, replace). */
export async function changeChecklist(ctx: DomainContext, input: unknown): Promise<Checklist> {
  const me = await openWedding(ctx, "plan", "edit");
  const action = parseInput(checklistActionInput, input, "Please correct the checklist.");
  return update(ctx, me, (list) => applyChecklistAction(list, action));
}

/**
 * A visitor's list (kept in the browser before signing in) merged into the account's: nothing
 * lost, nothing twice (shared mergeChecklists). Merging the same list again changes nothing.
 */
export async function mergeVisitorChecklist(ctx: DomainContext, input: unknown): Promise<Checklist> {
  const me = await openWedding(ctx, "plan", "edit");
  const { categories } = parseInput(saveChecklistInput, input, "Please correct the checklist.");
  return update(ctx, me, (list) => mergeChecklists(list, categories));
}
