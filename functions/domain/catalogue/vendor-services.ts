import { mediaUrl } from "#shared/media.ts";
import type { Row } from "#db/rows.ts";
import type { services } from "#db/schema/marketplace.ts";
import {
  AI_DRAFTS_PER_HOUR,
  DASHBOARD_SERVICES_MAX,
  descriptionDraftInput,
  FAQS_MAX,
  faqInput,
  serviceInput,
  type ServiceFields,
} from "#shared/service-schemas.ts";
import type { DescriptionDraft } from "#platform/ai.ts";
import {
  type DomainContext,
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  newId,
  ACCESS,
  can,
  requireRole,
  takeOrThrow,
  type AllowanceRule,
  parseInput,
  removeServiceObjects,
} from "../core/index.ts";
import { PLAN_LIMIT_MESSAGES, vendorLimits } from "../billing/index.ts";

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
 */
export const SERVICE_MESSAGES = {
  created: "Your service is live: couples can find it in search now.",
  updated: "Your changes are saved.",
  archived: "The service is archived: couples no longer see it. You can make it active again at any time.",
  archivedByTeam: (reason: string) =>
    `The Mandap team archived this service: ${reason} Only the team can list it again; write to us from the contact page if you have fixed it.`,
  unarchived: "The service is active again: couples can find it in search.",
  deleted: "The service was deleted.",
  archivedInsteadOfDeleted:
    "This service has enquiries, bookings or reviews, so it was archived instead of deleted: couples no longer see it, and its history stays in your dashboard.",
  notFound: "We could not find that service.",
  noBusiness: "Please set up your business profile before adding a service.",
  onlyVendors: "Only vendors can add services.",
  manageRefusal: "Only vendors can manage services.",
  faqAdded: "The question was added.",
  faqUpdated: "The question was updated.",
  faqDeleted: "The question was deleted.",
  faqMoved: "The questions were reordered.",
  faqNotFound: "We could not find that question.",
  tooManyFaqs: `A service can have at most ${FAQS_MAX} questions. Delete one to add another.`,
  draftReady: "Here is a draft description. Read it, make it yours, then save.",
} as const;

export const AI_DRAFT_LIMIT: AllowanceRule = {
  max: AI_DRAFTS_PER_HOUR,
  windowMs: 60 * 60 * 1000,
  message: `You can ask for ${AI_DRAFTS_PER_HOUR} drafts an hour. Please wait {wait} and try again.`,
};

export type ServiceStatus = "active" | "archived" | "hidden";

type ServiceRow = Row<
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
  /** Set when an admin archived it (functions/domain/admin/moderation.ts): the reason its vendor sees. */
  | "moderation_reason"
>;

const SERVICE_COLUMNS = `id, vendor_id, service_name, service_category, service_type, min_price, max_price, service_unit, description, state, city,
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

function toVendorService(r: ServiceRow): VendorService {
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
function requireManager(ctx: DomainContext) {
  return requireRole(ctx.actor, ACCESS.vendorOrAdmin, SERVICE_MESSAGES.manageRefusal);
}

/** Whether the actor may act on a service of this vendor: its own, or any for an admin. */
function mayManage(actor: NonNullable<DomainContext["actor"]>, vendorId: string): boolean {
  return actor.id === vendorId || can.viewAdminArea(actor);
}

/** The service when the actor may manage it; another vendor's (or no) service is NotFound. */
async function ownedService(ctx: DomainContext, id: string): Promise<ServiceRow> {
  const actor = requireManager(ctx);
  const row = await ctx.db.prepare(`SELECT ${SERVICE_COLUMNS} FROM services WHERE id = ?`).bind(id).first<ServiceRow>();
  if (!row || !mayManage(actor, row.vendor_id)) throw new NotFound(SERVICE_MESSAGES.notFound);
  return row;
}

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
    await removeServiceObjects(ctx, row.id).catch((e: unknown) => console.error("removing a deleted service's photos", row.id, e));
    return { deleted: true, status: "deleted", message: SERVICE_MESSAGES.deleted };
  }
  return { deleted: false, status: "archived", message: SERVICE_MESSAGES.archivedInsteadOfDeleted };
}

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

/** POST /services/{id}/faq: a question and answer at the end of the service's list (at most FAQS_MAX). */
export async function addFaq(ctx: DomainContext, serviceId: string, input: unknown): Promise<Faq> {
  const row = await ownedService(ctx, serviceId);
  const fields = parseInput(faqInput, input);
  const id = newId(ctx.now);
  // The count is checked in the insert itself, so two additions at once cannot pass the limit.
  const faq = await ctx.db
    .prepare(
      `INSERT INTO service_faqs (id, service_id, question, answer, position, created_at)
       SELECT ?1, ?2, ?3, ?4, coalesce((SELECT max(position) FROM service_faqs WHERE service_id = ?2), -1) + 1, ?5
       WHERE (SELECT count(*) FROM service_faqs WHERE service_id = ?2) < ?6
       RETURNING id, question, answer, position`,
    )
    .bind(id, row.id, fields.question, fields.answer, ctx.now, FAQS_MAX)
    .first<Faq>();
  if (!faq) throw new Invalid(SERVICE_MESSAGES.tooManyFaqs, { question: SERVICE_MESSAGES.tooManyFaqs });
  return faq;
}

/** POST /services/{id}/faq/{faqId}: a new wording for one of the service's questions. */
export async function updateFaq(ctx: DomainContext, serviceId: string, faqId: string, input: unknown): Promise<Faq> {
  const row = await ownedService(ctx, serviceId);
  const fields = parseInput(faqInput, input);
  const faq = await ctx.db
    .prepare("UPDATE service_faqs SET question = ?, answer = ? WHERE id = ? AND service_id = ? RETURNING id, question, answer, position")
    .bind(fields.question, fields.answer, faqId, row.id)
    .first<Faq>();
  if (!faq) throw new NotFound(SERVICE_MESSAGES.faqNotFound);
  return faq;
}

/** DELETE /services/{id}/faq/{faqId}. */
export async function deleteFaq(ctx: DomainContext, serviceId: string, faqId: string): Promise<void> {
  const row = await ownedService(ctx, serviceId);
  const result = await ctx.db.prepare("DELETE FROM service_faqs WHERE id = ? AND service_id = ?").bind(faqId, row.id).run();
  if (!result.meta.changes) throw new NotFound(SERVICE_MESSAGES.faqNotFound);
}

/** Moves a question one place up or down (the dashboard's arrows); positions are renumbered 0..n-1 in one batch. */
export async function moveFaq(ctx: DomainContext, serviceId: string, faqId: string, direction: "up" | "down"): Promise<Faq[]> {
  const row = await ownedService(ctx, serviceId);
  const { results } = await ctx.db
    .prepare("SELECT id, question, answer, position FROM service_faqs WHERE service_id = ? ORDER BY position, created_at")
    .bind(row.id)
    .all<Faq>();
  const from = results.findIndex((f) => f.id === faqId);
  if (from < 0) throw new NotFound(SERVICE_MESSAGES.faqNotFound);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= results.length) return results;
  const order = [...results];
  [order[from], order[to]] = [order[to]!, order[from]!];
  await ctx.db.batch(order.map((f, i) => ctx.db.prepare("UPDATE service_faqs SET position = ? WHERE id = ? AND service_id = ?").bind(i, f.id, row.id)));
  return order.map((f, i) => ({ ...f, position: i }));
}

/**
 * POST /generateAIDescription and the form's "Write a draft for me": a description draft from the
 * service's fields, by the configured writer (ctx.ai). Vendors (and admins) only, AI_DRAFT_LIMIT
 * per account per hour (429 with Retry-After past it). Nothing is saved: the draft fills the form.
 */
export async function draftDescription(ctx: DomainContext, input: unknown): Promise<DescriptionDraft> {
  const actor = requireManager(ctx);
  const facts = parseInput(descriptionDraftInput, input, "Add the service's name and subcategory first, then ask for a draft.");
  await takeOrThrow(ctx, `ai-draft:${actor.id}`, AI_DRAFT_LIMIT);
  return ctx.ai.draft(facts);
}
