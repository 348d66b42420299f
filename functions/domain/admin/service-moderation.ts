import type { services } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { type DomainContext, NotFound, requireRole, ACCESS, parseInput, Conflict, auditEntry } from "../core/index.ts";
import { MODERATION_MESSAGES, archiveInput, restoreInput } from "./moderation-records.ts";

/**
 * Admins archive any service with a reason its vendor sees, or restore it; each decision is
 * written to the audit log in the same batch.
 */

type ServiceRow = Row<typeof services, "id" | "service_name" | "vendor_id" | "status" | "moderation_reason" | "moderated_at">;

async function serviceRow(ctx: DomainContext, id: string): Promise<ServiceRow> {
  const row = await ctx.db
    .prepare("SELECT id, service_name, vendor_id, status, moderation_reason, moderated_at FROM services WHERE id = ?")
    .bind(id)
    .first<ServiceRow>();
  if (!row) throw new NotFound(MODERATION_MESSAGES.serviceNotFound);
  return row;
}

/** An admin archives a service with a reason: couples stop seeing it; its vendor sees the reason and cannot bring it back. */
export async function archiveServiceByAdmin(ctx: DomainContext, id: string, raw: unknown): Promise<{ message: string }> {
  const actor = requireRole(ctx.actor, ACCESS.admin);
  const input = parseInput(archiveInput, raw);
  const row = await serviceRow(ctx, id);
  if (row.moderated_at !== null) throw new Conflict(MODERATION_MESSAGES.alreadyArchived);
  await ctx.db.batch([
    ctx.db
      .prepare(
        "UPDATE services SET status = 'archived', moderation_reason = ?, moderated_at = ?, moderated_by = ?, updated_at = ? WHERE id = ? AND moderated_at IS NULL",
      )
      .bind(input.reason, ctx.now, actor.id, ctx.now, id),
    auditEntry(
      ctx,
      {
        action: "service.archive",
        subject: { type: "service", id },
        summary: `Archived “${row.service_name}”`,
        reason: input.reason,
        before: { status: row.status },
        after: { status: "archived" },
      },
      { ifChanged: true },
    ),
  ]);
  return { message: `“${row.service_name}” is archived: couples no longer see it, and its vendor sees your reason.` };
}

/** An admin restores a service they archived: it is listed again (the vendor's plan limits still apply). */
export async function restoreServiceByAdmin(ctx: DomainContext, id: string, raw: unknown): Promise<{ message: string }> {
  requireRole(ctx.actor, ACCESS.admin);
  const input = parseInput(restoreInput, raw ?? {});
  const row = await serviceRow(ctx, id);
  if (row.moderated_at === null) throw new Conflict(MODERATION_MESSAGES.notArchived);
  await ctx.db.batch([
    ctx.db
      .prepare(
        "UPDATE services SET status = 'active', moderation_reason = NULL, moderated_at = NULL, moderated_by = NULL, updated_at = ? WHERE id = ? AND moderated_at IS NOT NULL",
      )
      .bind(ctx.now, id),
    auditEntry(
      ctx,
      {
        action: "service.restore",
        subject: { type: "service", id },
        summary: `Restored “${row.service_name}”`,
        reason: input.reason || null,
        before: { status: row.status, moderationReason: row.moderation_reason },
        after: { status: "active" },
      },
      { ifChanged: true },
    ),
  ]);
  return { message: `“${row.service_name}” is listed again.` };
}
