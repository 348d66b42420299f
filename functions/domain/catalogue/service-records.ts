import { mediaUrl } from "#shared/media.ts";
import type { Row } from "#db/rows.ts";
import type { services } from "#db/schema/marketplace.ts";
import { FAQS_MAX, type ServiceFields } from "#shared/service-schemas.ts";
import { type DomainContext, requireRole, ACCESS, can, NotFound } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * A vendor's own services: create, edit, archive or bring back, delete, the FAQs of each, and
 * description drafts. The dashboard pages and the API (functions/api/vendor-services.ts) call these
 * same functions. A vendor acts only on its own services: another vendor's service id is answered
 * as if it did not exist (404) and nothing changes. Admins may act on any service (support), but
 * only a vendor creates one (it is listed under the vendor's business).
 *
 * Visibility follows `status`: browse, search, the sitemap, the vendor's public page and enquiries
 * all read active services only, so archiving hides a service everywhere at once and unarchiving
 * brings it back; the search index itself is kept by triggers (migrations/0001_search.sql).
 * A service past the vendor's plan limit is 'hidden' (functions/domain/billing/plan-limits.ts): not listed,
 * shown to its vendor; creating or making active a service is refused (403) at the limit.
 *
 * This file holds what those jobs share: messages, the service row and its shape for the vendor,
 * who may manage it (service-writing.ts, service-status.ts, services-dashboard.ts, service-faqs.ts
 * and description-drafts.ts do the jobs).
 */
export const SERVICE_MESSAGES = {
  get created() {
    return m.api_service_created();
  },
  get updated() {
    return m.api_service_updated();
  },
  get archived() {
    return m.api_service_archived();
  },
  archivedByTeam: (reason: string) => m.api_service_archived_by_team({ reason }),
  get unarchived() {
    return m.api_service_unarchived();
  },
  get deleted() {
    return m.api_service_deleted();
  },
  get archivedInsteadOfDeleted() {
    return m.api_service_archived_instead_of_deleted();
  },
  get notFound() {
    return m.api_e_we_could_not_find_that_service();
  },
  get noBusiness() {
    return m.api_service_no_business();
  },
  get onlyVendors() {
    return m.api_service_only_vendors();
  },
  get manageRefusal() {
    return m.api_service_manage_refusal();
  },
  get faqAdded() {
    return m.api_service_faq_added();
  },
  get faqUpdated() {
    return m.api_service_faq_updated();
  },
  get faqDeleted() {
    return m.api_service_faq_deleted();
  },
  get faqMoved() {
    return m.api_service_faq_moved();
  },
  get faqNotFound() {
    return m.api_service_faq_not_found();
  },
  get tooManyFaqs() {
    return m.api_service_too_many_faqs({ max: FAQS_MAX });
  },
  get draftReady() {
    return m.api_service_draft_ready();
  },
};

export type ServiceStatus = "active" | "archived" | "hidden";

export type ServiceRow = Row<
  typeof services,
  | "id"
  | "vendor_id"
  | "service_name"
  | "service_category"
  | "service_type"
  | "min_price"
  | "max_price"
  | "service_unit"
  | "description"
  | "state"
  | "city"
  | "address"
  | "capacity_min"
  | "capacity_max"
  | "highlights"
  | "status"
  | "view_count"
  | "lead_count"
  | "cover_key"
  | "created_at"
  | "updated_at"
  /** Set when an admin archived it (functions/domain/admin/service-moderation.ts): the reason its vendor sees. */
  | "moderation_reason"
>;

export const SERVICE_COLUMNS = `id, vendor_id, service_name, service_category, service_type, min_price, max_price, service_unit, description, state, city,
  address, capacity_min, capacity_max, highlights, status, view_count, lead_count, cover_key, created_at, updated_at, moderation_reason`;

/** A service as its vendor edits it. */
export type VendorService = ServiceFields & {
  /** Archived by the Mandap team, with this reason: only an admin brings it back. */
  moderation_reason: string | null;
  id: string;
  vendor_id: string;
  status: ServiceStatus;
  view_count: number;
  lead_count: number;
  cover_url: string;
  created_at: number;
  updated_at: number;
};

export type Faq = { id: string; question: string; answer: string; position: number };

/** The stored JSON list of highlights; anything else reads as none. */
export function parseHighlights(text: string | null): string[] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((h): h is string => typeof h === "string") : [];
  } catch {
    return [];
  }
}

export function toVendorService(r: ServiceRow): VendorService {
  return {
    id: r.id,
    vendor_id: r.vendor_id,
    service_name: r.service_name,
    service_category: r.service_category,
    service_type: r.service_type,
    min_price: r.min_price,
    max_price: r.max_price,
    service_unit: r.service_unit,
    description: r.description,
    state: r.state,
    city: r.city,
    address: r.address,
    capacity_min: r.capacity_min,
    capacity_max: r.capacity_max,
    highlights: parseHighlights(r.highlights),
    status: r.status,
    view_count: r.view_count,
    lead_count: r.lead_count,
    cover_url: mediaUrl(r.cover_key),
    moderation_reason: r.moderation_reason,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The signed-in vendor or admin who manages services (401 for a visitor, 403 for a couple). */
export function requireManager(ctx: DomainContext) {
  return requireRole(ctx.actor, ACCESS.vendorOrAdmin, SERVICE_MESSAGES.manageRefusal);
}

/** Whether the actor may act on a service of this vendor: its own, or any for an admin. */
export function mayManage(actor: NonNullable<DomainContext["actor"]>, vendorId: string): boolean {
  return actor.id === vendorId || can.viewAdminArea(actor);
}

/** The service when the actor may manage it; another vendor's (or no) service is NotFound. */
export async function ownedService(ctx: DomainContext, id: string): Promise<ServiceRow> {
  const actor = requireManager(ctx);
  const row = await ctx.db.prepare(`SELECT ${SERVICE_COLUMNS} FROM services WHERE id = ?`).bind(id).first<ServiceRow>();
  if (!row || !mayManage(actor, row.vendor_id)) throw new NotFound(SERVICE_MESSAGES.notFound);
  return row;
}
