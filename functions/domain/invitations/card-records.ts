/**
 * The couple's invitation cards (issue 13, /api/v1/userDataTemplate, /profile/invitationCards and
 * the editor's pages): list, create from a template (filled with the couple's details) or blank,
 * read, save with compare-and-set on the canvas, duplicate, delete, the rendered image (preview)
 * and the export (PNG or PDF). Another couple's card is 404 and nothing changes; a card whose
 * template is paid and not bought cannot be made, saved, duplicated or exported (403).
 * Every canvas passes shared/card-format.ts parseCardCanvas first (docs/decisions/0026).
 *
 * This file holds what the card jobs share: messages, limits, the card's shapes and row, the
 * couple's own card (404 otherwise), the template and canvas checks, removing a stored image.
 */
import { type CardCanvas, parseCardCanvas } from "#shared/card-format.ts";
import { mediaUrl } from "#shared/media.ts";
import { type DomainContext, Forbidden, Invalid, NotFound } from "../core/index.ts";
import { canUseTemplate, paidDesignOf, type TemplateForAccess } from "./template-access.ts";
import { type WeddingAccess } from "../weddings/index.ts";
import { type DetailField } from "./card-inputs.ts";
import { m } from "#shared/paraglide/messages.js";

export const CARD_MESSAGES = {
  get notFound() {
    return m.api_card_not_found();
  },
  get templateNotFound() {
    return m.api_card_template_not_found();
  },
  get buyFirst() {
    return m.api_card_buy_first();
  },
  get tooMany() {
    return m.api_card_too_many();
  },
  get revisionNeeded() {
    return m.api_card_revision_needed();
  },
  get imageNeeded() {
    return m.api_card_image_needed();
  },
};

/** Cards one couple may keep. */
export const CARDS_MAX = 50;

/** The rendered card kept as the list's thumbnail and the e-invite's image. */
export const PREVIEW_MAX_BYTES = 5 * 1024 * 1024;

export type CardSummary = {
  id: string;
  title: string;
  templateId: string | null;
  templateName: string | null;
  previewUrl: string | null;
  publicSlug: string | null;
  publishedAt: number | null;
  updatedAt: number;
};

export type Card = {
  id: string;
  title: string;
  templateId: string | null;
  canvas: CardCanvas;
  revision: number;
  previewUrl: string | null;
  publicSlug: string | null;
  publishedAt: number | null;
  updatedAt: number;
} & Record<DetailField, string | null>;

type CardRow = Omit<Card, "canvas" | "previewUrl"> & { canvas: string; previewKey: string | null };

const CARD_COLUMNS = `id, title, template_id AS templateId, canvas, revision, preview_key AS previewKey, public_slug AS publicSlug, published_at AS publishedAt,
  updated_at AS updatedAt, heading, subheading, bride_name AS brideName, groom_name AS groomName, event_date AS eventDate, time, location, description`;

export const toCard = ({ previewKey, canvas, ...r }: CardRow): Card => ({
  ...r,
  canvas: JSON.parse(canvas) as CardCanvas,
  previewUrl: previewKey ? mediaUrl(previewKey) : null,
});

/** One of the wedding's cards (after openWedding); another wedding's (or none) is 404. */
export async function cardRow(ctx: DomainContext, w: WeddingAccess, cardId: string): Promise<CardRow> {
  const row = await ctx.db.prepare(`SELECT ${CARD_COLUMNS} FROM user_templates WHERE id = ? AND user_id = ?`).bind(cardId, w.key).first<CardRow>();
  if (!row) throw new NotFound(CARD_MESSAGES.notFound);
  return row;
}

type TemplateRow = TemplateForAccess & { name: string; canvas: string; status: string };

/**
 * A published template (any status for admins) the actor may use in the wedding `w` (null: an
 * admin's template editor, outside any wedding); 404 when unknown, 403 when paid and not bought.
 */
export async function usableTemplate(ctx: DomainContext, w: WeddingAccess | null, templateId: string): Promise<TemplateRow> {
  const t = await ctx.db
    .prepare("SELECT id, name, canvas, price, amount_category AS amountCategory, status FROM invite_templates WHERE id = ?")
    .bind(templateId)
    .first<TemplateRow>();
  const admin = ctx.actor?.role === "ADMIN" || ctx.actor?.role === "SUPER_ADMIN";
  if (!t || (t.status !== "PUBLISHED" && !admin)) throw new NotFound(CARD_MESSAGES.templateNotFound);
  if (!(await canUseTemplate(ctx, t, w?.weddingId))) throw new Forbidden(CARD_MESSAGES.buyFirst);
  return t;
}

/** 403 when the card's template is paid and the couple does not own it (refunded, removed by an admin); a card without a template passes. */
export async function requireTemplateUse(ctx: DomainContext, w: WeddingAccess, templateId: string | null): Promise<void> {
  if (!templateId) return;
  const t = await ctx.db
    .prepare("SELECT id, price, amount_category AS amountCategory FROM invite_templates WHERE id = ?")
    .bind(templateId)
    .first<TemplateForAccess>();
  if (t && !(await canUseTemplate(ctx, t, w.weddingId))) throw new Forbidden(CARD_MESSAGES.buyFirst);
}

export function checkedCanvas(ctx: DomainContext, canvas: unknown): string {
  const check = parseCardCanvas(canvas, { origin: ctx.request.origin });
  if (!check.ok) throw new Invalid(check.reason, { canvas: check.reason });
  return check.json;
}

/**
 * 403 when the canvas is a paid design the couple may not use, whatever templateId the client sent
 * (issue 28: a paid template's canvas posted with no templateId was exported and published).
 * Returns the paid design it is (the card's origin), or null.
 */
export async function requireCanvasUse(ctx: DomainContext, w: WeddingAccess, canvasJson: string, templateId: string | null): Promise<string | null> {
  const design = await paidDesignOf(ctx, canvasJson, (stored) => {
    const check = parseCardCanvas(stored, { origin: ctx.request.origin });
    return check.ok ? check.json : stored;
  });
  if (!design) return null;
  if (design.id !== templateId && !(await canUseTemplate(ctx, design, w.weddingId))) throw new Forbidden(CARD_MESSAGES.buyFirst);
  return design.id;
}
