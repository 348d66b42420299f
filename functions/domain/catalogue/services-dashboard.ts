import { mediaUrl } from "#shared/media.ts";
import { DASHBOARD_SERVICES_MAX } from "#shared/service-schemas.ts";
import { type DomainContext, NotFound } from "../core/index.ts";
import {
  type ServiceStatus,
  requireManager,
  type VendorService,
  type Faq,
  SERVICE_COLUMNS,
  type ServiceRow,
  mayManage,
  SERVICE_MESSAGES,
  toVendorService,
} from "./service-records.ts";

/**
 * The vendor's services as its dashboard lists them, and one service with its questions and photo
 * count for the edit form.
 */

/** One row of the dashboard's list. */
export type DashboardService = {
  id: string;
  service_name: string;
  service_category: string;
  service_type: string;
  state: string;
  city: string;
  min_price: number;
  max_price: number | null;
  service_unit: string;
  status: ServiceStatus;
  view_count: number;
  lead_count: number;
  cover_url: string;
  updated_at: number;
};

export type VendorDashboard = {
  businessName: string | null;
  services: DashboardService[];
  counts: { active: number; archived: number; hidden: number };
};

/**
 * The dashboard index: the signed-in vendor's services (newest first, optionally one status) with
 * views and enquiries, the counts per status and the business name, in one D1 round trip (one
 * batch, no query per service), however many services there are (up to DASHBOARD_SERVICES_MAX).
 */
export async function vendorDashboard(ctx: DomainContext, status?: ServiceStatus): Promise<VendorDashboard> {
  const actor = requireManager(ctx);
  const db = ctx.db;
  const [business, list, counts] = await db.batch<Record<string, unknown>>([
    db.prepare("SELECT business_name FROM vendors WHERE user_id = ?").bind(actor.id),
    db
      .prepare(
        `SELECT id, service_name, service_category, service_type, state, city, min_price, max_price, service_unit, status, view_count, lead_count,
           cover_key, updated_at
         FROM services WHERE vendor_id = ?1 AND (?2 IS NULL OR status = ?2) ORDER BY created_at DESC, id DESC LIMIT ?3`,
      )
      .bind(actor.id, status ?? null, DASHBOARD_SERVICES_MAX),
    db.prepare("SELECT status, count(*) AS n FROM services WHERE vendor_id = ? GROUP BY status").bind(actor.id),
  ]);
  const tally = { active: 0, archived: 0, hidden: 0 };
  for (const r of (counts?.results ?? []) as { status: ServiceStatus; n: number }[]) tally[r.status] = r.n;
  return {
    businessName: ((business?.results[0] as { business_name?: string } | undefined)?.business_name ?? null) || null,
    services: ((list?.results ?? []) as (Omit<DashboardService, "cover_url"> & { cover_key: string | null })[]).map(({ cover_key, ...s }) => ({
      ...s,
      cover_url: mediaUrl(cover_key),
    })),
    counts: tally,
  };
}

/** The service edit page: the service, its FAQs in order and how many photos it has (one batch). */
export async function serviceForEdit(ctx: DomainContext, id: string): Promise<{ service: VendorService; faqs: Faq[]; photoCount: number }> {
  const actor = requireManager(ctx);
  const db = ctx.db;
  const [main, faqs, photos] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT ${SERVICE_COLUMNS} FROM services WHERE id = ?`).bind(id),
    db.prepare("SELECT id, question, answer, position FROM service_faqs WHERE service_id = ? ORDER BY position, created_at").bind(id),
    db.prepare("SELECT count(*) AS n FROM service_media WHERE service_id = ? AND kind = 'image'").bind(id),
  ]);
  const row = main?.results[0] as ServiceRow | undefined;
  if (!row || !mayManage(actor, row.vendor_id)) throw new NotFound(SERVICE_MESSAGES.notFound);
  return { service: toVendorService(row), faqs: (faqs?.results ?? []) as Faq[], photoCount: Number((photos?.results[0] as { n?: number })?.n ?? 0) };
}
