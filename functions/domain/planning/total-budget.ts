/** The couple's total budget and the split it suggests across categories. */
import { BUDGET_CATEGORIES, suggestedSplit, totalBudgetInput } from "#shared/budget-schemas.ts";
import { type DomainContext, Conflict, newId, parseInput } from "../core/index.ts";
import { activityEntry, openWedding, tellWedding } from "../weddings/index.ts";
import { BUDGET_MESSAGES } from "./budget-records.ts";
import { m } from "#shared/paraglide/messages.js";

/** The couple's total budget in whole rupees. */
export async function setTotalBudget(ctx: DomainContext, input: unknown): Promise<{ message: string; totalBudget: number }> {
  const me = await openWedding(ctx, "budget", "edit");
  const { totalBudget } = parseInput(totalBudgetInput, input, "Please correct the total budget.");
  await ctx.db.batch([
    ctx.db.prepare("UPDATE users SET total_budget = ?, updated_at = ? WHERE id = ?").bind(totalBudget, ctx.now, me.key),
    activityEntry(ctx, me, { area: "budget", action: "budget_total_set" }),
  ]);
  tellWedding(ctx, me, "budget");
  return { message: BUDGET_MESSAGES.totalSaved, totalBudget };
}

/**
 * "Suggest a split": each category without an estimate gets a line estimating its fixed share of
 * the total budget (shared/budget-schemas.ts BUDGET_CATEGORIES; the couple edits them). Categories
 * the couple already estimated are left as they are. Deterministic: the same total, the same split.
 */
export async function applySuggestedSplit(ctx: DomainContext): Promise<{ message: string; added: number }> {
  const me = await openWedding(ctx, "budget", "edit");
  const user = await ctx.db.prepare("SELECT total_budget FROM users WHERE id = ?").bind(me.key).first<{ total_budget: number | null }>();
  const total = user?.total_budget ?? null;
  if (!total) throw new Conflict(m.api_e_set_your_total_budget_first_the_split());
  const { results } = await ctx.db
    .prepare("SELECT category, sum(estimated) AS estimated FROM budget_lines WHERE user_id = ? GROUP BY category")
    .bind(me.key)
    .all<{ category: string; estimated: number }>();
  const estimated = new Map(results.map((r) => [r.category, r.estimated]));
  const split = suggestedSplit(total);
  const writes = BUDGET_CATEGORIES.filter((c) => !estimated.get(c.key) && (split[c.key] ?? 0) > 0).map((c) =>
    ctx.db
      .prepare(
        // A category without an estimate when the batch runs (a second click in another tab adds nothing).
        `INSERT INTO budget_lines (id, user_id, category, label, estimated, suggested, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, 1, ?6, ?6 WHERE NOT EXISTS (SELECT 1 FROM budget_lines WHERE user_id = ?2 AND category = ?3 AND estimated > 0)`,
      )
      .bind(newId(ctx.now), me.key, c.key, `${c.label} (suggested, ${c.share}%)`, split[c.key]!, ctx.now),
  );
  if (!writes.length) return { message: BUDGET_MESSAGES.suggested(0), added: 0 };
  const done = await ctx.db.batch([...writes, activityEntry(ctx, me, { area: "budget", action: "budget_split_suggested", count: writes.length })]);
  tellWedding(ctx, me, "budget");
  const added = done.slice(0, writes.length).reduce((n, r) => n + (r.meta.changes ?? 0), 0);
  return { message: BUDGET_MESSAGES.suggested(added), added };
}
