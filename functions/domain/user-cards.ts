import { type CardCanvas, type CardDetails, fillPlaceholders, parseCardCanvas } from "#shared/card-format.ts";
import { mediaUrl } from "#shared/media.ts";
import type { DomainContext } from "./context.ts";
import { Conflict, Forbidden, Invalid, NotFound } from "./errors.ts";
import { newId } from "./ids.ts";
import { canUseTemplate, type TemplateForAccess } from "./template-access.ts";
import { requirePlanner } from "./wedding-functions.ts";

/**
 * The couple's invitation cards (issue 13, /api/v1/userDataTemplate and the editor's pages).
 *
 * OWNER: the "cards" helper of issue 13. The foundation's first version below is the contract the
 * editor builds on (getCard, draftFromTemplate, createCard, saveCard); extend it, keep the names.
 */
export const CARD_MESSAGES = {
  notFound: "We could not find this card.",
  templateNotFound: "We could not find this template.",
  buyFirst: "This is a paid template. Buy it to use it in your card.",
  staleRevision: "This card was changed elsewhere (another tab or device). Reload to get the latest version; your last change was not saved.",
} as const;

export type Card = {
  id: string;
  title: string;
  templateId: string | null;
  canvas: CardCanvas;
  revision: number;
  previewUrl: string | null;
  publicSlug: string | null;
  updatedAt: number;
};

type CardRow = {
  id: string;
  title: string;
  templateId: string | null;
  canvas: string;
  revision: number;
  previewKey: string | null;
  publicSlug: string | null;
  updatedAt: number;
};

const toCard = (r: CardRow): Card => ({
  id: r.id,
  title: r.title,
  templateId: r.templateId,
  canvas: JSON.parse(r.canvas) as CardCanvas,
  revision: r.revision,
  previewUrl: r.previewKey ? mediaUrl(r.previewKey) : null,
  publicSlug: r.publicSlug,
  updatedAt: r.updatedAt,
});

/** The couple's own card; another couple's (or none) is 404. */
export async function getCard(ctx: DomainContext, cardId: string): Promise<Card> {
  const actor = requirePlanner(ctx);
  const row = await ctx.db
    .prepare(
      "SELECT id, title, template_id AS templateId, canvas, revision, preview_key AS previewKey, public_slug AS publicSlug, updated_at AS updatedAt FROM user_templates WHERE id = ? AND user_id = ?",
    )
    .bind(cardId, actor.id)
    .first<CardRow>();
  if (!row) throw new NotFound(CARD_MESSAGES.notFound);
  return toCard(row);
}

type TemplateRow = TemplateForAccess & { name: string; canvas: string; status: string };

/** A published template (any status for admins) the actor may use; 404 when unknown, 403 when paid and not bought. */
export async function usableTemplate(ctx: DomainContext, templateId: string): Promise<TemplateRow> {
  requirePlanner(ctx);
  const t = await ctx.db
    .prepare("SELECT id, name, canvas, price, amount_category AS amountCategory, status FROM invite_templates WHERE id = ?")
    .bind(templateId)
    .first<TemplateRow>();
  const admin = ctx.actor?.role === "ADMIN" || ctx.actor?.role === "SUPER_ADMIN";
  if (!t || (t.status !== "PUBLISHED" && !admin)) throw new NotFound(CARD_MESSAGES.templateNotFound);
  if (!(await canUseTemplate(ctx, t))) throw new Forbidden(CARD_MESSAGES.buyFirst);
  return t;
}

/** The couple's details that fill a template's placeholders (the cards helper reads them from the profile and planner). */
export async function plannerDetails(ctx: DomainContext): Promise<CardDetails> {
  requirePlanner(ctx);
  return {};
}

/** A template's design filled with the couple's details, for the editor before the card is first saved. */
export async function draftFromTemplate(
  ctx: DomainContext,
  templateId: string,
): Promise<{ template: { id: string; name: string }; canvas: CardCanvas; details: CardDetails }> {
  const t = await usableTemplate(ctx, templateId);
  const details = await plannerDetails(ctx);
  return { template: { id: t.id, name: t.name }, canvas: fillPlaceholders(JSON.parse(t.canvas) as CardCanvas, details), details };
}

function checkedCanvas(canvas: unknown): string {
  const check = parseCardCanvas(canvas);
  if (!check.ok) throw new Invalid(check.reason, { canvas: check.reason });
  return check.json;
}

/** A new card: from a template (its design filled with the couple's details, unless a canvas is given) or from a blank canvas. */
export async function createCard(ctx: DomainContext, input: { templateId?: string | null; title?: string; canvas?: unknown }): Promise<Card> {
  const actor = requirePlanner(ctx);
  let templateId: string | null = null;
  let canvas: string;
  let title = input.title?.trim().slice(0, 120) || "My invitation";
  if (input.templateId) {
    const draft = await draftFromTemplate(ctx, input.templateId);
    templateId = draft.template.id;
    canvas = checkedCanvas(input.canvas ?? draft.canvas);
    if (!input.title) title = draft.template.name;
  } else {
    if (input.canvas === undefined) throw new Invalid("Choose a template or send a canvas.", { canvas: "Required without a template." });
    canvas = checkedCanvas(input.canvas);
  }
  const id = newId(ctx.now);
  await ctx.db
    .prepare("INSERT INTO user_templates (id, user_id, template_id, title, canvas, revision, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)")
    .bind(id, actor.id, templateId, title, canvas, ctx.now, ctx.now)
    .run();
  return getCard(ctx, id);
}

/** Saves the card's canvas when `revision` is still the stored one (compare-and-set); else 409 and nothing changes. */
export async function saveCard(ctx: DomainContext, cardId: string, input: { revision: number; canvas: unknown }): Promise<{ id: string; revision: number }> {
  const actor = requirePlanner(ctx);
  const json = checkedCanvas(input.canvas);
  const done = await ctx.db
    .prepare("UPDATE user_templates SET canvas = ?, revision = revision + 1, updated_at = ? WHERE id = ? AND user_id = ? AND revision = ?")
    .bind(json, ctx.now, cardId, actor.id, input.revision)
    .run();
  if (!done.meta.changes) {
    await getCard(ctx, cardId); // 404 when it is not theirs
    throw new Conflict(CARD_MESSAGES.staleRevision);
  }
  return { id: cardId, revision: input.revision + 1 };
}
