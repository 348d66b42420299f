/**
 * The invitation template gallery (issue 13): the published gallery with its filters, a
 * template's detail (its canvas only for those who may use it), the couple's watch history, and
 * the admins' template management. GET/POST/PUT/DELETE /inviteTemplate*, /templateWatchHistory*
 * and the pages /templates, /preview, /guests/see-template/{id} and /admin/templates all call
 * these functions.
 *
 * This file holds what the template jobs share: messages, the template's shapes, its row and query,
 * and the template as its viewer may see it (404 otherwise).
 */
import type { inviteTemplates } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { type CardCanvas } from "#shared/card-format.ts";
import { mediaUrl } from "#shared/media.ts";
import { type TemplateAmount, type TemplateMood, type TemplateRequirement, type TemplateStatus } from "#shared/template-schemas.ts";
import { type DomainContext, NotFound, ACCESS, allows } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

export const TEMPLATE_MESSAGES = {
  get notFound() {
    return m.api_card_template_not_found();
  },
  get adminsOnly() {
    return m.api_template_admins_only();
  },
  get statusAdminsOnly() {
    return m.api_template_status_admins_only();
  },
  get created() {
    return m.api_template_created();
  },
  get updated() {
    return m.api_template_updated();
  },
  get deleted() {
    return m.api_template_deleted();
  },
  get archivedInstead() {
    return m.api_template_archived_instead();
  },
  get thumbnailSaved() {
    return m.api_template_thumbnail_saved();
  },
  get noImage() {
    return m.api_template_no_image();
  },
};

export type TemplateSummary = {
  id: string;
  name: string;
  description: string;
  price: number;
  amountCategory: TemplateAmount;
  mood: TemplateMood;
  requirement: TemplateRequirement | null;
  tags: string[];
  designer: string | null;
  thumbnailUrl: string | null;
  width: number;
  height: number;
  rating: number;
  owned: boolean;
};

export type TemplateDetail = TemplateSummary & {
  canvas: CardCanvas | null;
  locked: boolean;
  /** What the couple can change, in words ("Bride's name", ..., "text, colours, fonts and photos"). */
  editable: string[];
  status: TemplateStatus;
};

export type AdminTemplate = TemplateSummary & { status: TemplateStatus; viewCount: number; useCount: number; createdAt: number; updatedAt: number };

/** A template as COLUMNS reads it, with whether the viewer owns it (OWNED, 0 or 1). */
export type TemplateRow = Row<
  typeof inviteTemplates,
  | "id"
  | "name"
  | "description"
  | "price"
  | "amount_category"
  | "mood"
  | "requirement"
  | "tags"
  | "designer"
  | "thumbnail_key"
  | "width"
  | "height"
  | "rating"
  | "status"
  | "view_count"
  | "use_count"
  | "created_at"
  | "updated_at"
> & { owned: number };

export const COLUMNS = `t.id, t.name, t.description, t.price, t.amount_category, t.mood, t.requirement, t.tags, t.designer,
  t.thumbnail_key, t.width, t.height, t.rating, t.status, t.view_count, t.use_count, t.created_at, t.updated_at`;

/** 1 when the user (bound first) has a completed purchase of the template. */
export const OWNED = "EXISTS (SELECT 1 FROM template_purchases p WHERE p.user_id = ? AND p.template_id = t.id AND p.order_status = 'completed') AS owned";

function parseTags(json: string): string[] {
  try {
    const tags: unknown = JSON.parse(json);
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

export const summaryOf = (r: TemplateRow): TemplateSummary => ({
  id: r.id,
  name: r.name,
  description: r.description,
  price: r.price,
  amountCategory: r.amount_category,
  mood: r.mood,
  requirement: r.requirement,
  tags: parseTags(r.tags),
  designer: r.designer,
  thumbnailUrl: r.thumbnail_key ? mediaUrl(r.thumbnail_key) : null,
  width: r.width,
  height: r.height,
  rating: r.rating,
  owned: Boolean(r.owned),
});

export const isAdmin = (ctx: Pick<DomainContext, "actor">) => allows(ACCESS.admin, ctx.actor);

/** An id a visitor typed: anything else is simply not found (never a 500). */
const plausibleId = (id: unknown): id is string => typeof id === "string" && id.length > 0 && id.length <= 64;

export async function rowById(ctx: DomainContext, id: string): Promise<TemplateRow | null> {
  if (!plausibleId(id)) return null;
  return ctx.db
    .prepare(`SELECT ${COLUMNS}, ${OWNED} FROM invite_templates t WHERE t.id = ?`)
    .bind(ctx.actor?.id ?? "", id)
    .first<TemplateRow>();
}

/** The template as its viewer may see it: published ones for everyone, any status for admins; 404 otherwise. */
export async function visibleRow(ctx: DomainContext, id: string): Promise<TemplateRow> {
  const row = await rowById(ctx, id);
  if (!row || (row.status !== "PUBLISHED" && !isAdmin(ctx))) throw new NotFound(TEMPLATE_MESSAGES.notFound);
  return row;
}
