import { type DomainContext, Conflict, Forbidden, removeServiceObjects } from "../core/index.ts";
import { vendorLimits, PLAN_LIMIT_MESSAGES } from "../billing/index.ts";
import { ownedService, type ServiceRow, SERVICE_MESSAGES, type ServiceStatus } from "./service-records.ts";
import { log } from "#platform/log.ts";

/**
 * A service's status: archived or active again (within the plan's limit), and deleted, or archived
 * instead when it has history.
 */

/** PUT /services/serviceArchive/{id}: active becomes archived, archived becomes active. */
export async function toggleArchive(ctx: DomainContext, id: string): Promise<{ status: "active" | "archived"; message: string }> {
  const row = await ownedService(ctx, id);
  const next = row.status === "archived" ? "active" : "archived";
  return setStatus(ctx, row, next);
}

/** The dashboard's explicit "Archive" and "Make active" buttons (a second click changes nothing). */
export async function setServiceStatus(ctx: DomainContext, id: string, status: "active" | "archived") {
  const row = await ownedService(ctx, id);
  return setStatus(ctx, row, status);
}

/**
 * Archiving always works. Making a service active (an archived one, or one the plan limit hid)
 * counts against the vendor's plan: refused (403) when the vendor already has as many active
 * services as it allows; the count is checked in the update itself.
 */
async function setStatus(ctx: DomainContext, row: ServiceRow, status: "active" | "archived") {
  if (row.moderation_reason !== null) throw new Conflict(SERVICE_MESSAGES.archivedByTeam(row.moderation_reason));
  if (status === "archived" || row.status === "active") {
    await ctx.db
      .prepare("UPDATE services SET status = ?, plan_hidden_at = NULL, updated_at = ? WHERE id = ? AND vendor_id = ?")
      .bind(status, ctx.now, row.id, row.vendor_id)
      .run();
    return { status, message: status === "archived" ? SERVICE_MESSAGES.archived : SERVICE_MESSAGES.unarchived };
  }
  const limits = await vendorLimits(ctx, row.vendor_id);
  const result = await ctx.db
    .prepare(
      `UPDATE services SET status = 'active', plan_hidden_at = NULL, updated_at = ?1 WHERE id = ?2 AND vendor_id = ?3 AND status != 'active'
         AND (?4 IS NULL OR (SELECT count(*) FROM services WHERE vendor_id = ?3 AND status = 'active') < ?4)`,
    )
    .bind(ctx.now, row.id, row.vendor_id, limits.maxActiveServices)
    .run();
  if (!result.meta.changes) {
    const current = await ctx.db.prepare("SELECT status FROM services WHERE id = ?").bind(row.id).first<{ status: ServiceStatus }>();
    if (current?.status !== "active") throw new Forbidden(PLAN_LIMIT_MESSAGES.overLimit(limits));
  }
  return { status, message: SERVICE_MESSAGES.unarchived };
}

/**
 * DELETE /services/{id}: erases a service that nobody has enquired about, booked or reviewed (its
 * FAQs, photos, favourites and statistics go with it). One that has any of those keeps its
 * history: it is archived instead, and the answer says so. The check is part of the delete
 * itself, so an enquiry arriving at the same moment cannot be erased with it.
 */
export async function deleteService(ctx: DomainContext, id: string): Promise<{ deleted: boolean; status: "deleted" | "archived"; message: string }> {
  const row = await ownedService(ctx, id);
  const [deleted] = await ctx.db.batch([
    ctx.db
      .prepare(
        `DELETE FROM services WHERE id = ?1 AND vendor_id = ?2
           AND NOT EXISTS (SELECT 1 FROM leads WHERE service_id = ?1)
           AND NOT EXISTS (SELECT 1 FROM bookings WHERE service_id = ?1)
           AND NOT EXISTS (SELECT 1 FROM reviews WHERE service_id = ?1)`,
      )
      .bind(row.id, row.vendor_id),
    ctx.db
      .prepare("UPDATE services SET status = 'archived', plan_hidden_at = NULL, updated_at = ?3 WHERE id = ?1 AND vendor_id = ?2")
      .bind(row.id, row.vendor_id, ctx.now),
  ]);
  if ((deleted?.meta.changes ?? 0) > 0) {
    // The photo rows went with the service (cascade); their stored objects go now. A storage
    // failure leaves orphans (logged), not a failed delete: the service is already gone.
    await removeServiceObjects(ctx, row.id).catch((e: unknown) => log.error("removing a deleted service's photos failed", { serviceId: row.id }, e));
    return { deleted: true, status: "deleted", message: SERVICE_MESSAGES.deleted };
  }
  return { deleted: false, status: "archived", message: SERVICE_MESSAGES.archivedInsteadOfDeleted };
}
