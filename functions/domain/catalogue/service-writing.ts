import { serviceInput, type ServiceFields } from "#shared/service-schemas.ts";
import { type DomainContext, requireRole, ACCESS, parseInput, newId, Invalid, Forbidden, NotFound } from "../core/index.ts";
import { vendorLimits, PLAN_LIMIT_MESSAGES } from "../billing/index.ts";
import { type VendorService, SERVICE_MESSAGES, SERVICE_COLUMNS, type ServiceRow, toVendorService, ownedService } from "./service-records.ts";

/**
 * Writing a service: the vendor creates one (its business must exist and its plan allow one more
 * active service) or edits its fields.
 */

/** POST /services and the dashboard's "Add a service": a new active service of the signed-in vendor. */
export async function createService(ctx: DomainContext, input: unknown): Promise<VendorService> {
  const actor = requireRole(ctx.actor, ACCESS.vendor, SERVICE_MESSAGES.onlyVendors);
  const fields = parseInput(serviceInput, input);
  const id = newId(ctx.now);
  const limits = await vendorLimits(ctx, actor.id);
  // The vendor's business row must exist (the listing shows it) and the plan must allow one more
  // active service; both are checked in the insert itself, so two creations at once cannot pass the limit.
  const inserted = await ctx.db
    .prepare(
      `INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, max_price, service_unit,
         state, city, address, capacity_min, capacity_max, highlights, status, featured, created_at, updated_at)
       SELECT ?, user_id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ? FROM vendors WHERE user_id = ?
         AND (? IS NULL OR (SELECT count(*) FROM services WHERE vendor_id = vendors.user_id AND status = 'active') < ?)
       RETURNING ${SERVICE_COLUMNS}`,
    )
    .bind(id, ...editableValues(fields), limits.featuredPlacement ? 1 : 0, ctx.now, ctx.now, actor.id, limits.maxActiveServices, limits.maxActiveServices)
    .first<ServiceRow>();
  if (!inserted) {
    const business = await ctx.db.prepare("SELECT 1 FROM vendors WHERE user_id = ?").bind(actor.id).first();
    if (!business) throw new Invalid(SERVICE_MESSAGES.noBusiness);
    throw new Forbidden(PLAN_LIMIT_MESSAGES.overLimit(limits));
  }
  return toVendorService(inserted);
}

/** The editable columns' values, in the order create and update name them. */
function editableValues(fields: ServiceFields): unknown[] {
  return [
    fields.service_name,
    fields.description,
    fields.service_category,
    fields.service_type,
    fields.min_price,
    fields.max_price,
    fields.service_unit,
    fields.state,
    fields.city,
    fields.address,
    fields.capacity_min,
    fields.capacity_max,
    JSON.stringify(fields.highlights),
  ];
}

/** PUT /services/{id}: replaces the service's fields (all of them, as the form sends them). */
export async function updateService(ctx: DomainContext, id: string, input: unknown): Promise<VendorService> {
  const row = await ownedService(ctx, id);
  const fields = parseInput(serviceInput, input);
  const updated = await ctx.db
    .prepare(
      `UPDATE services SET service_name = ?, description = ?, service_category = ?, service_type = ?, min_price = ?, max_price = ?, service_unit = ?,
         state = ?, city = ?, address = ?, capacity_min = ?, capacity_max = ?, highlights = ?, updated_at = ?
       WHERE id = ? AND vendor_id = ? RETURNING ${SERVICE_COLUMNS}`,
    )
    .bind(...editableValues(fields), ctx.now, id, row.vendor_id)
    .first<ServiceRow>();
  if (!updated) throw new NotFound(SERVICE_MESSAGES.notFound);
  return toVendorService(updated);
}
