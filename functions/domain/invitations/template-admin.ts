/** The admins' template management: every template, create, change, publish or archive, delete (archived instead once couples used it). */
import { parseCardCanvas } from "#shared/card-format.ts";
import { templateInput, templatePatchInput, type TemplatePatch, type TemplateStatus } from "#shared/template-schemas.ts";
import { type DomainContext, Invalid, NotFound, newId, ACCESS, removeUploadedObject, requireRole, parseInput } from "../core/index.ts";
import { COLUMNS, TEMPLATE_MESSAGES, rowById, summaryOf, type AdminTemplate, type TemplateRow, type TemplateDetail } from "./template-records.ts";
import { getTemplate } from "./template-detail.ts";
import { m } from "#shared/paraglide/messages.js";

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
    .all<TemplateRow>();
  return results.map((r) => ({
    ...summaryOf(r),
    status: r.status,
    viewCount: r.view_count,
    useCount: r.use_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
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
    throw new Invalid(m.api_e_nothing_to_change_send_at_least_one(), {
      _: m.api_e_send_at_least_one_of_name_description(),
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
    await removeUploadedObject(ctx, row.thumbnail_key);
    return { deleted: true, archived: false, message: TEMPLATE_MESSAGES.deleted };
  }
  await ctx.db.prepare("UPDATE invite_templates SET status = 'ARCHIVED', updated_at = ? WHERE id = ?").bind(ctx.now, row.id).run();
  return { deleted: false, archived: true, message: TEMPLATE_MESSAGES.archivedInstead };
}
