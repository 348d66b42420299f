import {
  actionItem,
  applyChecklistAction,
  checklistActionInput,
  checklistSchema,
  defaultChecklist,
  mergeChecklists,
  itemVersion,
  saveChecklistInput,
  type Checklist,
  type ChecklistItem,
} from "#shared/checklist.ts";
import { formatDate } from "#shared/format.ts";
import { m } from "#shared/paraglide/messages.js";
import { type DomainContext, Conflict, StaleEdit, parseInput } from "../core/index.ts";
import { activityEntry, nextVersion, openWedding, rightsOf, tellWedding, type WeddingAccess, type WeddingRights } from "../weddings/index.ts";

/**
 * The couple's wedding checklist (spec: Checklist, Checklist actions, POST /checklist/save, GET
 * /checklist/get): one JSON list per account (checklists.categories), the defaults until the first
 * save. Only the actor's current wedding's row is ever read or written (the key is its couple's
 * account, from openWedding: any member reads it, the couple, partners and editors of "plan" change
 * it), so another wedding's checklist cannot be reached. The rules themselves are the shared pure functions
 * (shared/checklist.ts) the visitor's page uses too.
 */

type Stored = { list: Checklist; text: string | null; version: number };

async function stored(ctx: DomainContext, userId: string): Promise<Stored> {
  const row = await ctx.db
    .prepare("SELECT categories, updated_at FROM checklists WHERE user_id = ?")
    .bind(userId)
    .first<{ categories: string; updated_at: number }>();
  if (!row) return { list: defaultChecklist(), text: null, version: 0 };
  let json: unknown = null;
  try {
    json = JSON.parse(row.categories);
  } catch {
    // Not JSON: treated like any other unreadable row below.
  }
  const parsed = checklistSchema.safeParse(json);
  // A row this code did not write and cannot read is shown as the defaults rather than failing the page.
  return { list: parsed.success ? parsed.data : defaultChecklist(), text: row.categories, version: row.updated_at };
}

/** GET /checklist/get and the page: the couple's list (the defaults until it is saved). */
export async function getChecklist(ctx: DomainContext): Promise<Checklist> {
  return (await checklistWithVersion(ctx)).categories;
}

/** The list with its version (0 until first saved), which a whole-list save sends back (POST /checklist/save). */
export async function checklistWithVersion(ctx: DomainContext): Promise<{ categories: Checklist; version: number }> {
  const me = await openWedding(ctx, "plan", "read");
  const { list, version } = await stored(ctx, me.key);
  return { categories: list, version };
}

/** The page: the list and what the reader may change (the page draws the checklist's forms only for those who may change the plan). */
export async function checklistView(ctx: DomainContext): Promise<{ list: Checklist; rights: WeddingRights }> {
  const me = await openWedding(ctx, "plan", "read");
  return { list: (await stored(ctx, me.key)).list, rights: rightsOf(me) };
}

/**
 * Writes `change(current)` only if the row is still what was read (compare-and-set on the JSON
 * text), retrying a few times, so two quick clicks from two tabs both count and none is lost.
 * `check(current)` refuses a change made on a stale copy (weddings/stale-edits.ts) before each try.
 */
async function update(
  ctx: DomainContext,
  me: WeddingAccess,
  change: (list: Checklist) => Checklist,
  check: (now: Stored) => void = () => {},
): Promise<{ categories: Checklist; version: number }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = await stored(ctx, me.key);
    const { list, text } = now;
    check(now);
    const next = checklistSchema.parse(change(list));
    const json = JSON.stringify(next);
    const version = nextVersion(ctx.now, now.version);
    const write =
      text === null
        ? ctx.db
            .prepare("INSERT INTO checklists (user_id, categories, updated_at) VALUES (?, ?, ?) ON CONFLICT(user_id) DO NOTHING")
            .bind(me.key, json, version)
        : ctx.db.prepare("UPDATE checklists SET categories = ?, updated_at = ? WHERE user_id = ? AND categories = ?").bind(json, version, me.key, text);
    // Unchanged (the same list saved again): nothing to write, nothing to tell.
    if (json === text) return { categories: next, version: now.version };
    const [result] = await ctx.db.batch([write, activityEntry(ctx, me, { area: "plan", action: "checklist_changed", onlyIfChanged: true })]);
    if (result!.meta.changes) {
      tellWedding(ctx, me, "plan");
      return { categories: next, version };
    }
  }
  throw new Conflict(m.api_e_the_checklist_changed_at_the_same_moment());
}

/** How an item is now, in the refusal of a change made on a stale copy of it. */
function itemState(item: ChecklistItem): string {
  const state = item.done ? m.api_checklist_state_done() : m.api_checklist_state_open();
  return item.scheduleDate ? m.api_checklist_state_scheduled({ state, date: formatDate(item.scheduleDate) }) : state;
}

/**
 * POST /checklist/save: replaces the whole list (validated; bad input changes nothing). With the
 * `version` the list was read at, a save over a list changed since is refused with the list as it is now.
 */
export async function saveChecklist(ctx: DomainContext, input: unknown): Promise<{ categories: Checklist; version: number }> {
  const me = await openWedding(ctx, "plan", "edit");
  const { categories, version } = parseInput(saveChecklistInput, input, m.api_d_correct_checklist());
  return update(
    ctx,
    me,
    () => categories,
    (now) => {
      if (version !== undefined && version !== now.version) throw new StaleEdit(m.api_stale_checklist(), { categories: now.list, version: now.version });
    },
  );
}

/**
 * One action of the checklist page (toggle, add or remove an item or category, schedule, replace).
 * An action on one item that carries the item's version (shared/checklist.ts itemVersion) is
 * refused when the item changed since the page was drawn, with the item as it is now.
 */
export async function changeChecklist(ctx: DomainContext, input: unknown): Promise<Checklist> {
  const me = await openWedding(ctx, "plan", "edit");
  const action = parseInput(checklistActionInput, input, m.api_d_correct_checklist());
  const { categories } = await update(
    ctx,
    me,
    (list) => applyChecklistAction(list, action),
    (now) => {
      const sent = "version" in action ? action.version : undefined;
      const item = actionItem(now.list, action);
      if (sent !== undefined && item && itemVersion(item) !== sent)
        throw new StaleEdit(m.api_stale_checklist_item({ name: item.name, state: itemState(item) }), { item, version: itemVersion(item) });
    },
  );
  return categories;
}

/**
 * A visitor's list (kept in the browser before signing in) merged into the account's: nothing
 * lost, nothing twice (shared mergeChecklists). Merging the same list again changes nothing.
 */
export async function mergeVisitorChecklist(ctx: DomainContext, input: unknown): Promise<Checklist> {
  const me = await openWedding(ctx, "plan", "edit");
  const { categories } = parseInput(saveChecklistInput, input, m.api_d_correct_checklist());
  return (await update(ctx, me, (list) => mergeChecklists(list, categories))).categories;
}
