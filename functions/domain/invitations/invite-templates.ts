import { CARD_PLACEHOLDERS, parseCardCanvas, type CardCanvas, type CardObject, type CardPlaceholder } from "#shared/card-format.ts";
import { mediaUrl } from "#shared/media.ts";
import {
  ALWAYS_EDITABLE,
  PLACEHOLDER_LABELS,
  TEMPLATE_PAGE_SIZE,
  templateInput,
  templatePatchInput,
  templateQuery,
  type TemplateAmount,
  type TemplateMood,
  type TemplatePatch,
  type TemplateRequirement,
  type TemplateStatus,
} from "#shared/template-schemas.ts";
import { ImageUnreadable, wasmPipeline } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { type DomainContext, Invalid, NotFound, newId, ACCESS, allows, requireRole, textMatch, parseInput } from "../core/index.ts";
import { canUseTemplate } from "./template-access.ts";
import { startOfIndiaDay } from "#shared/india-time.ts";

/**
 * The invitation template gallery (issue 13): the published gallery with its filters, a
 * template's detail (its canvas only for those who may use it), the couple's watch history, and
 * the admins' template management. GET/POST/PUT/DELETE /inviteTemplate*, /templateWatchHistory*
 * and the pages /templates, /preview, /guests/see-template/{id} and /admin/templates all call
 * these functions.
 */
export const TEMPLATE_MESSAGES = {
  notFound: "We could not find this template.",
  adminsOnly: "Only admins can manage invitation templates.",
  statusAdminsOnly: "Only admins can list draft or archived templates.",
  created: "Template created.",
  updated: "Template saved.",
  deleted: "Template deleted.",
  archivedInstead:
    "Couples have bought or used this template, so it was archived instead of deleted: it leaves the gallery and their purchases and cards stay.",
  thumbnailSaved: "Thumbnail saved.",
  noImage: "Choose an image (PNG, JPEG or WebP) for the thumbnail.",
} as const;

/** Thumbnails are stored about this wide: a gallery card is at most ~300 CSS px (x1.5 for phones' dense screens). */
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
export const WATCH_HISTORY_SIZE = 20;

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

type Row = {
  id: string;
  name: string;
  description: string;
  price: number;
  amountCategory: TemplateAmount;
  mood: TemplateMood;
  requirement: TemplateRequirement | null;
  tags: string;
  designer: string | null;
  thumbnailKey: string | null;
  width: number;
  height: number;
  rating: number;
  status: TemplateStatus;
  viewCount: number;
  useCount: number;
  createdAt: number;
  updatedAt: number;
  owned: number;
};

const COLUMNS = `t.id, t.name, t.description, t.price, t.amount_category AS amountCategory, t.mood, t.requirement, t.tags, t.designer,
  t.thumbnail_key AS thumbnailKey, t.width, t.height, t.rating, t.status, t.view_count AS viewCount, t.use_count AS useCount,
  t.created_at AS createdAt, t.updated_at AS updatedAt`;
/** 1 when the user (bound first) has a completed purchase of the template. */
const OWNED = "EXISTS (SELECT 1 FROM template_purchases p WHERE p.user_id = ? AND p.template_id = t.id AND p.order_status = 'completed') AS owned";

function parseTags(json: string): string[] {
  try {
    const tags: unknown = JSON.parse(json);
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

const summaryOf = (r: Row): TemplateSummary => ({
  id: r.id,
  name: r.name,
  description: r.description,
  price: r.price,
  amountCategory: r.amountCategory,
  mood: r.mood,
  requirement: r.requirement,
  tags: parseTags(r.tags),
  designer: r.designer,
  thumbnailUrl: r.thumbnailKey ? mediaUrl(r.thumbnailKey) : null,
  width: r.width,
  height: r.height,
  rating: r.rating,
  owned: Boolean(r.owned),
});

const isAdmin = (ctx: Pick<DomainContext, "actor">) => allows(ACCESS.admin, ctx.actor);
/** An id a visitor typed: anything else is simply not found (never a 500). */
const plausibleId = (id: unknown): id is string => typeof id === "string" && id.length > 0 && id.length <= 64;

// -------------------------------------------------------------------------------------------------
// The gallery

export type TemplateList = { templates: TemplateSummary[]; total: number; page: number; pageSize: number };

/** GET /inviteTemplate/get and /templates: published templates (admins may ask for any status), filtered, sorted, one page. */
export async function listTemplates(ctx: DomainContext, rawQuery: unknown): Promise<TemplateList> {
  const query = parseInput(templateQuery, rawQuery ?? {}, "Some search options are not valid.");
  const status = query.status ?? "PUBLISHED";
  if (status !== "PUBLISHED" && !isAdmin(ctx)) throw new Invalid(TEMPLATE_MESSAGES.statusAdminsOnly, { status: TEMPLATE_MESSAGES.statusAdminsOnly });
  const where: string[] = [];
  const binds: unknown[] = [];
  if (status !== "ALL") {
    where.push("t.status = ?");
    binds.push(status);
  }
  if (query.mood?.length) {
    where.push(`t.mood IN (${query.mood.map(() => "?").join(", ")})`);
    binds.push(...query.mood);
  }
  if (query.amount) {
    where.push("t.amount_category = ?");
    binds.push(query.amount);
  }
  if (query.requirement?.length) {
    where.push(`t.requirement IN (${query.requirement.map(() => "?").join(", ")})`);
    binds.push(...query.requirement);
  }
  if (query.tags?.length) {
    where.push(`EXISTS (SELECT 1 FROM json_each(t.tags) j WHERE j.value IN (${query.tags.map(() => "?").join(", ")}))`);
    binds.push(...query.tags);
  }
  const words = textMatch(["t.name"], query.q);
  if (words) {
    where.push(words.sql);
    binds.push(...words.binds);
  }
  const order = {
    newest: "t.created_at DESC, t.id",
    popular: "(t.view_count + t.use_count) DESC, t.created_at DESC, t.id",
    price_asc: "t.price ASC, t.created_at DESC, t.id",
    price_desc: "t.price DESC, t.created_at DESC, t.id",
    rating: "t.rating DESC, t.created_at DESC, t.id",
  }[query.sort];
  const pageSize = query.limit ?? TEMPLATE_PAGE_SIZE;
  const page = query.page ?? 1;
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [count, rows] = await ctx.db.batch<{ total: number } | Row>([
    ctx.db.prepare(`SELECT COUNT(*) AS total FROM invite_templates t ${whereSql}`).bind(...binds),
    ctx.db
      .prepare(`SELECT ${COLUMNS}, ${OWNED} FROM invite_templates t ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .bind(ctx.actor?.id ?? "", ...binds, pageSize, (page - 1) * pageSize),
  ]);
  const total = (count?.results[0] as { total: number } | undefined)?.total ?? 0;
  return { templates: ((rows?.results ?? []) as Row[]).map(summaryOf), total, page, pageSize };
}

/** Tags in use on published templates, most used first: the gallery's tag chips. */
export async function galleryTags(ctx: DomainContext, limit = 16): Promise<string[]> {
  const { results } = await ctx.db
    .prepare(
      "SELECT j.value AS tag, COUNT(*) AS n FROM invite_templates t, json_each(t.tags) j WHERE t.status = 'PUBLISHED' AND j.type = 'text' GROUP BY j.value ORDER BY n DESC, j.value LIMIT ?",
    )
    .bind(limit)
    .all<{ tag: string }>();
  return results.map((r) => r.tag);
}

async function rowById(ctx: DomainContext, id: string): Promise<Row | null> {
  if (!plausibleId(id)) return null;
  return ctx.db
    .prepare(`SELECT ${COLUMNS}, ${OWNED} FROM invite_templates t WHERE t.id = ?`)
    .bind(ctx.actor?.id ?? "", id)
    .first<Row>();
}

/** The template as its viewer may see it: published ones for everyone, any status for admins; 404 otherwise. */
async function visibleRow(ctx: DomainContext, id: string): Promise<Row> {
  const row = await rowById(ctx, id);
  if (!row || (row.status !== "PUBLISHED" && !isAdmin(ctx))) throw new NotFound(TEMPLATE_MESSAGES.notFound);
  return row;
}

/** The placeholders a canvas uses (in objects and groups), in CARD_PLACEHOLDERS' order. */
export function placeholdersIn(canvas: CardCanvas): CardPlaceholder[] {
  const found = new Set<string>();
  const walk = (objects: CardObject[]) => {
    for (const o of objects) {
      if (typeof o.placeholder === "string") found.add(o.placeholder);
      if (Array.isArray(o.objects)) walk(o.objects as CardObject[]);
    }
  };
  walk(canvas.objects);
  return CARD_PLACEHOLDERS.filter((p) => found.has(p));
}

/** "Bride's name", "Groom's name", ..., then "text, colours, fonts and photos". */
export function editableOf(canvas: CardCanvas | null): string[] {
  return [...(canvas ? placeholdersIn(canvas).map((p) => PLACEHOLDER_LABELS[p]) : []), ALWAYS_EDITABLE];
}

function storedCanvas(json: string): CardCanvas | null {
  try {
    return JSON.parse(json) as CardCanvas;
  } catch {
    return null;
  }
}

/** GET /inviteTemplate/{id} and the detail pages: the canvas only for those who may use the template. */
export async function getTemplate(ctx: DomainContext, id: string): Promise<TemplateDetail> {
  const row = await visibleRow(ctx, id);
  const canvasRow = await ctx.db.prepare("SELECT canvas FROM invite_templates WHERE id = ?").bind(row.id).first<{ canvas: string }>();
  const canvas = storedCanvas(canvasRow?.canvas ?? "");
  const usable = await canUseTemplate(ctx, row);
  return { ...summaryOf(row), status: row.status, canvas: usable ? canvas : null, locked: !usable, editable: editableOf(canvas) };
}

// -------------------------------------------------------------------------------------------------
// Watch history

/**
 * POST /templateWatchHistory/{id} and opening a template's page as a couple: remembers when the
 * account last viewed it, and counts a view at most once per account, template and India day.
 * One atomic batch: the count reads the previous view before the upsert moves it.
 */
export async function recordTemplateView(ctx: DomainContext, id: string): Promise<{ viewedAt: number }> {
  const actor = requireRole(ctx.actor, ACCESS.planner, "Watch history is kept for couples.");
  const row = await visibleRow(ctx, id);
  await ctx.db.batch([
    ctx.db
      .prepare(
        "UPDATE invite_templates SET view_count = view_count + 1 WHERE id = ? AND NOT EXISTS (SELECT 1 FROM template_views WHERE user_id = ? AND template_id = ? AND viewed_at >= ?)",
      )
      .bind(row.id, actor.id, row.id, startOfIndiaDay(ctx.now)),
    ctx.db
      .prepare(
        "INSERT INTO template_views (user_id, template_id, viewed_at) VALUES (?, ?, ?) ON CONFLICT (user_id, template_id) DO UPDATE SET viewed_at = excluded.viewed_at",
      )
      .bind(actor.id, row.id, ctx.now),
  ]);
  return { viewedAt: ctx.now };
}

export type WatchedTemplate = TemplateSummary & { viewedAt: number };

/** GET /templateWatchHistory: the couple's most recently viewed templates still in the gallery. */
export async function watchHistory(ctx: DomainContext, limit = WATCH_HISTORY_SIZE): Promise<WatchedTemplate[]> {
  const actor = requireRole(ctx.actor, ACCESS.planner, "Watch history is kept for couples.");
  const { results } = await ctx.db
    .prepare(
      `SELECT ${COLUMNS}, ${OWNED}, v.viewed_at AS viewedAt FROM template_views v JOIN invite_templates t ON t.id = v.template_id
       WHERE v.user_id = ? AND t.status = 'PUBLISHED' ORDER BY v.viewed_at DESC, t.id LIMIT ?`,
    )
    .bind(actor.id, actor.id, Math.min(Math.max(1, limit), WATCH_HISTORY_SIZE))
    .all<Row & { viewedAt: number }>();
  return results.map((r) => ({ ...summaryOf(r), viewedAt: r.viewedAt }));
}

// -------------------------------------------------------------------------------------------------
// Admins' template management

function checkedCanvas(input: unknown): { json: string; width: number; height: number } {
  const raw = typeof input === "object" && input !== null ? input : input;
  const check = parseCardCanvas(raw);
  if (!check.ok) throw new Invalid(check.reason, { canvas: check.reason });
  const { width, height } = check.canvas;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    const reason = "The card's width and height must be whole numbers of pixels.";
    throw new Invalid(reason, { canvas: reason });
  }
  return { json: check.json, width, height };
}

/** Every template of every status for /admin/templates, newest first (at most `limit`). */
export async function adminTemplates(ctx: DomainContext, limit = 500): Promise<AdminTemplate[]> {
  requireRole(ctx.actor, ACCESS.admin, TEMPLATE_MESSAGES.adminsOnly);
  const { results } = await ctx.db
    .prepare(`SELECT ${COLUMNS}, 0 AS owned FROM invite_templates t ORDER BY t.created_at DESC, t.id LIMIT ?`)
    .bind(limit)
    .all<Row>();
  return results.map((r) => ({
    ...summaryOf(r),
    status: r.status,
    viewCount: r.viewCount,
    useCount: r.useCount,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }));
}

async function adminDetail(ctx: DomainContext, id: string): Promise<TemplateDetail> {
  return getTemplate(ctx, id);
}

/** POST /inviteTemplate/create: a new template; size from its canvas, FREE/PAID from its price. */
export async function createTemplate(ctx: DomainContext, raw: unknown): Promise<TemplateDetail & { message: string }> {
  const actor = requireRole(ctx.actor, ACCESS.admin, TEMPLATE_MESSAGES.adminsOnly);
  const input = parseInput(templateInput, raw);
  const canvas = checkedCanvas(input.canvas);
  const id = `tpl-${newId(ctx.now)}`;
  await ctx.db
    .prepare(
      `INSERT INTO invite_templates (id, name, description, canvas, width, height, price, amount_category, mood, requirement, tags, designer, status, created_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      id,
      input.name,
      input.description,
      canvas.json,
      canvas.width,
      canvas.height,
      input.price,
      input.price > 0 ? "PAID" : "FREE",
      input.mood,
      input.requirement ?? null,
      JSON.stringify(input.tags),
      input.designer ?? null,
      input.status,
      actor.id,
      ctx.now,
      ctx.now,
    )
    .run();
  return { ...(await adminDetail(ctx, id)), message: TEMPLATE_MESSAGES.created };
}

/** The patch from PUT's body: its fields, with `updatedData`'s (the spec's shape) over them. */
export function patchOf(raw: unknown): TemplatePatch {
  const { updatedData, ...direct } = parseInput(templatePatchInput, raw ?? {});
  const patch = { ...direct, ...(updatedData ?? {}) };
  for (const key of Object.keys(patch) as (keyof TemplatePatch)[]) if (patch[key] === undefined) delete patch[key];
  return patch;
}

/** PUT /inviteTemplate/{id} and /admin/templates' forms: changes the fields given (nothing else). */
export async function updateTemplate(ctx: DomainContext, id: string, raw: unknown): Promise<TemplateDetail & { message: string }> {
  requireRole(ctx.actor, ACCESS.admin, TEMPLATE_MESSAGES.adminsOnly);
  const patch = patchOf(raw);
  const row = await rowById(ctx, id);
  if (!row) throw new NotFound(TEMPLATE_MESSAGES.notFound);
  const sets: string[] = [];
  const binds: unknown[] = [];
  const set = (column: string, value: unknown) => {
    sets.push(`${column} = ?`);
    binds.push(value);
  };
  if (patch.canvas !== undefined) {
    const canvas = checkedCanvas(patch.canvas);
    set("canvas", canvas.json);
    set("width", canvas.width);
    set("height", canvas.height);
  }
  if (patch.name !== undefined) set("name", patch.name);
  if (patch.description !== undefined) set("description", patch.description);
  if (patch.price !== undefined) {
    set("price", patch.price);
    set("amount_category", patch.price > 0 ? "PAID" : "FREE");
  }
  if (patch.mood !== undefined) set("mood", patch.mood);
  if (patch.requirement !== undefined) set("requirement", patch.requirement);
  if (patch.tags !== undefined) set("tags", JSON.stringify(patch.tags));
  if (patch.designer !== undefined) set("designer", patch.designer);
  if (patch.status !== undefined) set("status", patch.status);
  if (!sets.length)
    throw new Invalid("Nothing to change: send at least one field.", {
      _: "Send at least one of name, description, canvas, price, mood, requirement, tags, designer, status.",
    });
  set("updated_at", ctx.now);
  await ctx.db
    .prepare(`UPDATE invite_templates SET ${sets.join(", ")} WHERE id = ?`)
    .bind(...binds, row.id)
    .run();
  return { ...(await adminDetail(ctx, row.id)), message: TEMPLATE_MESSAGES.updated };
}

/** /admin/templates' Publish / Archive / Back to draft. */
export async function setTemplateStatus(ctx: DomainContext, id: string, status: TemplateStatus): Promise<TemplateDetail & { message: string }> {
  const result = await updateTemplate(ctx, id, { status });
  const said = { PUBLISHED: "published: couples see it in the gallery", ARCHIVED: "archived: it left the gallery", DRAFT: "back to draft: only admins see it" }[
    status
  ];
  return { ...result, message: `“${result.name}” ${said}.` };
}

async function removeObject(ctx: DomainContext, key: string | null): Promise<void> {
  // Only objects uploaded through the app (u/...); demo thumbnails (seed/...) are shared and stay.
  if (key?.startsWith("u/")) await ctx.media.delete(key).catch((e: unknown) => console.error("removing a template thumbnail failed", e));
}

/**
 * PUT /inviteTemplate/{id}/thumbnail: an uploaded PNG, JPEG or WebP (checked by its first bytes),
 * stored as a WebP about THUMBNAIL_WIDTH wide; the previous uploaded thumbnail is removed.
 */
export async function setTemplateThumbnail(ctx: DomainContext, id: string, file: File | undefined): Promise<{ thumbnailUrl: string; message: string }> {
  requireRole(ctx.actor, ACCESS.admin, TEMPLATE_MESSAGES.adminsOnly);
  const row = await rowById(ctx, id);
  if (!row) throw new NotFound(TEMPLATE_MESSAGES.notFound);
  if (!file || file.size === 0) throw new Invalid(TEMPLATE_MESSAGES.noImage, { image: TEMPLATE_MESSAGES.noImage });
  if (file.size > THUMBNAIL_MAX_BYTES) throw new Invalid("The thumbnail is larger than 5 MB.", { image: "The thumbnail is larger than 5 MB." });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes);
  if (!type || !["png", "jpg", "webp"].includes(type.ext))
    throw new Invalid(TEMPLATE_MESSAGES.noImage, { image: "This file is not a PNG, JPEG or WebP image." });
  let variant;
  try {
    variant = await (ctx.images ?? wasmPipeline).narrow(bytes, type, THUMBNAIL_WIDTH);
  } catch (e) {
    if (!(e instanceof ImageUnreadable)) console.error("template thumbnail processing failed", e);
    const reason = e instanceof ImageUnreadable ? e.message : "This image could not be read.";
    throw new Invalid(reason, { image: reason });
  }
  const key = `u/templates/${row.id}/${newId(ctx.now)}.${variant.ext}`;
  await ctx.media.put(key, variant.bytes, { httpMetadata: { contentType: variant.mime, cacheControl: "public, max-age=31536000, immutable" } });
  try {
    await ctx.db.prepare("UPDATE invite_templates SET thumbnail_key = ?, updated_at = ? WHERE id = ?").bind(key, ctx.now, row.id).run();
  } catch (e) {
    await removeObject(ctx, key);
    throw e;
  }
  if (row.thumbnailKey !== key) await removeObject(ctx, row.thumbnailKey);
  return { thumbnailUrl: mediaUrl(key), message: TEMPLATE_MESSAGES.thumbnailSaved };
}

/**
 * DELETE /inviteTemplate/{id}: a template nobody bought or used is deleted (with its uploaded
 * thumbnail); one with any purchase (even an unfinished order: its payment points at it) or a card
 * made from it is archived instead, so purchases and cards are never lost.
 */
export async function deleteTemplate(ctx: DomainContext, id: string): Promise<{ deleted: boolean; archived: boolean; message: string }> {
  requireRole(ctx.actor, ACCESS.admin, TEMPLATE_MESSAGES.adminsOnly);
  const row = await rowById(ctx, id);
  if (!row) throw new NotFound(TEMPLATE_MESSAGES.notFound);
  // One statement each way, so a purchase made meanwhile cannot be lost: the DELETE re-checks.
  const deleted = await ctx.db
    .prepare(
      `DELETE FROM invite_templates WHERE id = ? AND use_count = 0
         AND NOT EXISTS (SELECT 1 FROM template_purchases WHERE template_id = ?)
         AND NOT EXISTS (SELECT 1 FROM user_templates WHERE template_id = ?)`,
    )
    .bind(row.id, row.id, row.id)
    .run();
  if (deleted.meta.changes) {
    await removeObject(ctx, row.thumbnailKey);
    return { deleted: true, archived: false, message: TEMPLATE_MESSAGES.deleted };
  }
  await ctx.db.prepare("UPDATE invite_templates SET status = 'ARCHIVED', updated_at = ? WHERE id = ?").bind(ctx.now, row.id).run();
  return { deleted: false, archived: true, message: TEMPLATE_MESSAGES.archivedInstead };
}
