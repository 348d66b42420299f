import type { DomainContext } from "./context.ts";
import { allows, ACCESS } from "./permissions.ts";

/**
 * Who may use an invitation template's design (issue 13): anyone signed in for a free template;
 * for a paid one, a couple who bought it (a completed template_purchases row of theirs) or an
 * admin. "Use" covers reading its canvas, making a card from it, exporting and publishing that
 * card: every one of those checks here, on the server.
 *
 * OWNER: the "purchases" helper of issue 13 (they may extend it; keep the signatures).
 */
export type TemplateForAccess = { id: string; amountCategory: "FREE" | "PAID"; price: number };

export const isPaidTemplate = (t: Pick<TemplateForAccess, "amountCategory" | "price">) => t.amountCategory === "PAID" && t.price > 0;

/** Whether the actor may use the template's design. */
export async function canUseTemplate(ctx: Pick<DomainContext, "db" | "actor">, template: TemplateForAccess): Promise<boolean> {
  if (!isPaidTemplate(template)) return true;
  const actor = ctx.actor;
  if (!actor) return false;
  if (allows(ACCESS.admin, actor)) return true;
  const row = await ctx.db
    .prepare("SELECT 1 AS owned FROM template_purchases WHERE user_id = ? AND template_id = ? AND order_status = 'completed'")
    .bind(actor.id, template.id)
    .first<{ owned: number }>();
  return Boolean(row);
}
