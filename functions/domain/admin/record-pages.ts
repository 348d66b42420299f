import { servicePath } from "#shared/catalogue.ts";
import { type DomainContext, requireRole, ACCESS, NotFound } from "../core/index.ts";
import { type AuditLogEntry, subjectHistory } from "./audit-log-view.ts";
import { type WideRead, MODERATION_MESSAGES } from "./moderation-records.ts";

/**
 * The admin's record of one service or one vendor: its facts, its moderation state and its history
 * from the audit log.
 */

export type ServiceRecord = {
  id: string;
  name: string;
  category: string;
  type: string;
  city: string;
  state: string;
  status: string;
  minPrice: number;
  unit: string;
  rating: number;
  reviewCount: number;
  leadCount: number;
  viewCount: number;
  moderationReason: string | null;
  moderatedAt: number | null;
  createdAt: number;
  path: string;
  vendor: { id: string; name: string; verified: boolean };
  openDisputes: number;
  history: AuditLogEntry[];
};

/** Admins: one service with its moderation state and history. */
export async function serviceRecord(ctx: DomainContext, id: string): Promise<ServiceRecord> {
  requireRole(ctx.actor, ACCESS.admin);
  const r = await ctx.db
    .prepare(
      `SELECT s.*, v.business_name, v.is_verified,
         (SELECT count(*) FROM review_disputes d JOIN reviews rv ON rv.id = d.review_id WHERE rv.service_id = s.id AND d.status = 'OPEN') AS open_disputes
       FROM services s JOIN vendors v ON v.user_id = s.vendor_id WHERE s.id = ?`,
    )
    .bind(id)
    .first<WideRead>();
  if (!r) throw new NotFound(MODERATION_MESSAGES.serviceNotFound);
  return {
    id: r.id,
    name: r.service_name,
    category: r.service_category,
    type: r.service_type,
    city: r.city,
    state: r.state,
    status: r.status,
    minPrice: r.min_price,
    unit: r.service_unit,
    rating: r.rating,
    reviewCount: r.review_count,
    leadCount: r.lead_count,
    viewCount: r.view_count,
    moderationReason: r.moderation_reason,
    moderatedAt: r.moderated_at,
    createdAt: r.created_at,
    path: servicePath({ id: r.id, serviceCategory: r.service_category, serviceType: r.service_type, state: r.state, city: r.city }),
    vendor: { id: r.vendor_id, name: r.business_name, verified: Boolean(r.is_verified) },
    openDisputes: r.open_disputes,
    history: await subjectHistory(ctx, "service", id),
  };
}

export type VendorRecord = {
  id: string;
  name: string;
  slug: string;
  category: string | null;
  city: string | null;
  state: string | null;
  email: string;
  phone: string | null;
  verified: boolean;
  createdAt: number;
  services: { id: string; name: string; status: string; moderated: boolean }[];
  leads: number;
  bookings: number;
  history: AuditLogEntry[];
};

/** Admins: one vendor with their services, counts and history. */
export async function vendorRecord(ctx: DomainContext, vendorId: string): Promise<VendorRecord> {
  requireRole(ctx.actor, ACCESS.admin);
  const [vendorRows, services, counts] = await ctx.db.batch<WideRead>([
    ctx.db
      .prepare(
        "SELECT v.user_id, v.business_name, v.slug, v.business_category, v.city, v.state, v.phone, v.is_verified, v.created_at, u.email FROM vendors v JOIN users u ON u.id = v.user_id WHERE v.user_id = ?",
      )
      .bind(vendorId),
    ctx.db.prepare("SELECT id, service_name, status, moderated_at FROM services WHERE vendor_id = ? ORDER BY created_at DESC LIMIT 200").bind(vendorId),
    ctx.db
      .prepare(
        "SELECT (SELECT count(*) FROM leads WHERE vendor_id = ?1) AS leads, (SELECT count(*) FROM bookings b JOIN services s ON s.id = b.service_id WHERE s.vendor_id = ?1) AS bookings",
      )
      .bind(vendorId),
  ]);
  const v = vendorRows?.results[0];
  if (!v) throw new NotFound(MODERATION_MESSAGES.vendorNotFound);
  return {
    id: v.user_id,
    name: v.business_name,
    slug: v.slug,
    category: v.business_category,
    city: v.city,
    state: v.state,
    email: v.email,
    phone: v.phone,
    verified: Boolean(v.is_verified),
    createdAt: v.created_at,
    services: (services?.results ?? []).map((s) => ({ id: s.id, name: s.service_name, status: s.status, moderated: s.moderated_at !== null })),
    leads: counts?.results[0]?.leads ?? 0,
    bookings: counts?.results[0]?.bookings ?? 0,
    history: await subjectHistory(ctx, "vendor", vendorId),
  };
}
