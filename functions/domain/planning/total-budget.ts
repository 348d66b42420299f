/** The couple's total budget and the split it suggests across categories. */
import { BUDGET_CATEGORIES, suggestedSplit, totalBudgetInput } from "#shared/budget-schemas.ts";
import { formatRupees } from "#shared/format.ts";
import { versionInput } from "#shared/row-version.ts";
import { type DomainContext, Conflict, StaleEdit, newId, parseInput } from "../core/index.ts";
import { activityEntry, guardedEdit, openWedding, tellWedding } from "../weddings/index.ts";
import { BUDGET_MESSAGES, splitVersion } from "./budget-records.ts";
import { m } from "#shared/paraglide/messages.js";

/** The couple's total budget as stored, or null while none is set. */
const storedTotal = async (ctx: DomainContext, key: string) =>
  (await ctx.db.prepare("SELECT total_budget FROM users WHERE id = ?").bind(key).first<{ total_budget: number | null }>())?.total_budget ?? null;

/**
 * The couple's total budget in whole rupees. A change made on a stale copy is refused with the
 * total as it is now (decision 0052). The total is a column of the couple's account, whose
 * updated_at moves with their language, photo or password too, so its version is the total itself
 * (0 while none is set): `version` is the total the copy showed, and the write is a compare-and-set on it.
 */
export async function setTotalBudget(ctx: DomainContext, input: unknown): Promise<{ message: string; totalBudget: number }> {
  const me = await openWedding(ctx, "budget", "edit");
  const { totalBudget, version } = parseInput(totalBudgetInput, input, m.api_d_correct_total_budget());
  const stored = await storedTotal(ctx, me.key);
  await guardedEdit({
    now: ctx.now,
    sent: version,
    stored: stored ?? 0,
    write: async (expected) => {
      const [update] = await ctx.db.batch([
        ctx.db
          .prepare("UPDATE users SET total_budget = ?, updated_at = ? WHERE id = ? AND coalesce(total_budget, 0) = ?")
          .bind(totalBudget, ctx.now, me.key, expected),
        activityEntry(ctx, me, { area: "budget", action: "budget_total_set", onlyIfChanged: true }),
      ]);
      return update!.meta.changes;
    },
    stale: async () => {
      const now = await storedTotal(ctx, me.key);
      const message = now === null ? m.api_stale_total_budget_unset() : m.api_stale_total_budget({ amount: formatRupees(now) });
      return new StaleEdit(message, { totalBudget: now, version: now ?? 0 });
    },
  });
  tellWedding(ctx, me, "budget");
  return { message: BUDGET_MESSAGES.totalSaved, totalBudget };
}

/** What "Suggest a split" reads: the total, the estimates per category, and their version (budget-records.ts splitVersion). */
async function splitInputs(ctx: DomainContext, key: string) {
  const total = await storedTotal(ctx, key);
  const { results } = await ctx.db
    .prepare("SELECT category, sum(estimated) AS estimated FROM budget_lines WHERE user_id = ? GROUP BY category")
    .bind(key)
    .all<{ category: string; estimated: number }>();
  return { total, estimated: new Map(results.map((r) => [r.category, r.estimated])), version: splitVersion(total, results) };
}

/**
 * "Suggest a split": each category without an estimate gets a line estimating its fixed share of
 * the total budget (shared/budget-schemas.ts BUDGET_CATEGORIES; the couple edits them). Categories
 * the couple already estimated are left as they are. Deterministic: the same total, the same split.
 * Asked for on a stale copy of the budget (`version`: BudgetOverview.splitVersion, the total and the
 * estimates per category the copy showed), it is refused with the total and estimates as they are
 * now (decision 0052), and nothing is added.
 */
export async function applySuggestedSplit(ctx: DomainContext, input: unknown = {}): Promise<{ message: string; added: number }> {
  const me = await openWedding(ctx, "budget", "edit");
  const { version } = parseInput(versionInput, input);
  const { total, estimated, version: stored } = await splitInputs(ctx, me.key);
  if (!total) throw new Conflict(m.api_e_set_your_total_budget_first_the_split());
  const split = suggestedSplit(total);
  const missing = BUDGET_CATEGORIES.filter((c) => !estimated.get(c.key) && (split[c.key] ?? 0) > 0).map((c) => ({ c, id: newId(ctx.now) }));
  const ids = missing.map(({ id }) => id);
  const writes = missing.map(({ c, id }) =>
    ctx.db
      .prepare(
        // A category without an estimate, under the same total, when the batch runs (a second click in another tab adds nothing).
        `INSERT INTO budget_lines (id, user_id, category, label, estimated, suggested, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, 1, ?6, ?6 WHERE NOT EXISTS (SELECT 1 FROM budget_lines WHERE user_id = ?2 AND category = ?3 AND estimated > 0)
           AND (SELECT total_budget FROM users WHERE id = ?2) = ?7`,
      )
      .bind(id, me.key, c.key, `${c.label} (suggested, ${c.share}%)`, split[c.key]!, ctx.now, total),
  );
  let added = 0;
  await guardedEdit({
    now: ctx.now,
    sent: version,
    stored,
    write: async () => {
      // Every category has an estimate: nothing to add, and nothing another co-planner did is overwritten.
      if (!writes.length) return 1;
      const done = await ctx.db.batch([
        ...writes,
        // Finds the lines this batch added (none when the budget changed between the read and the write), so the entry is written only with them.
        ctx.db.prepare(`UPDATE budget_lines SET suggested = 1 WHERE user_id = ? AND id IN (${ids.map(() => "?").join(", ")})`).bind(me.key, ...ids),
        activityEntry(ctx, me, { area: "budget", action: "budget_split_suggested", count: writes.length, onlyIfChanged: true }),
      ]);
      added = done.slice(0, writes.length).reduce((n, r) => n + (r.meta.changes ?? 0), 0);
      return added;
    },
    stale: async () => {
      const now = await splitInputs(ctx, me.key);
      const current = { totalBudget: now.total, version: now.version, estimated: Object.fromEntries(now.estimated) };
      const message = now.total === null ? m.api_stale_budget_split_unset() : m.api_stale_budget_split({ amount: formatRupees(now.total) });
      return new StaleEdit(message, current);
    },
  });
  if (!writes.length) return { message: BUDGET_MESSAGES.suggested(0), added: 0 };
  tellWedding(ctx, me, "budget");
  return { message: BUDGET_MESSAGES.suggested(added), added };
}
