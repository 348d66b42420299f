import { z } from "zod";
import { servicePath } from "#shared/catalogue.ts";
import { auditEntry, type AuditSubject, type DomainContext, Conflict, NotFound, newId, ACCESS, requireRole, parseInput } from "../core/index.ts";
import { refreshAggregates } from "../catalogue/index.ts";
import { numeric } from "#shared/numbers.ts";

/**
 * Moderation (issue 14): admins archive or restore any service with a reason its vendor sees,
 * verify vendors (the only source of the "Verified vendor" badge), and decide vendors' disputes of
 * reviews. Every decision is written to the audit log in the same batch as the change. The audit
 * log's reading side (super admins) is here too.
 */

/** A row read with a wide join; its columns are named where they are used. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DbRow = Record<string, any>;

export const MODERATION_MESSAGES = {
  serviceNotFound: "We could not find that service.",
  vendorNotFound: "We could not find that vendor.",
  reviewNotFound: "We could not find that review.",
  disputeNotFound: "We could not find that dispute.",
  alreadyArchived: "This service is already archived by the Mandap team.",
  notArchived: "This service is not archived by the Mandap team.",
  alreadyVerified: "This vendor is already verified.",
  notVerified: "This vendor is not verified.",
  disputeOpen: "This review is already being reviewed by the Mandap team.",
  alreadyDecided: "This dispute has already been decided.",
  disputed: "Thank you. The Mandap team will look at this review; it stays on your page until they decide.",
} as const;

const reason = (what: string) =>
  z.string(`Say why ${what}.`).trim().min(5, `Say why ${what} (at least 5 characters).`).max(500, "Keep the reason under 500 characters.");
const optionalReason = z.string().trim().max(500, "Keep the reason under 500 characters.").optional();

export const archiveInput = z.object({ reason: reason("the service is archived") }).strict();
export const restoreInput = z.object({ reason: optionalReason }).strict();
export const verifyInput = z.object({ reason: optionalReason }).strict();
export const disputeInput = z.object({ reason: reason("the review should be looked at") }).strict();
export const decisionInput = z.object({ reason: reason("you decided this way") }).strict();

type ServiceRow = { id: string; service_name: string; vendor_id: string; status: string; moderation_reason: string | null; moderated_at: number | null };

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

/** Verifies a vendor (true) or takes the badge away (false). */
export async function setVendorVerified(ctx: DomainContext, vendorId: string, verified: boolean, raw: unknown): Promise<{ message: string }> {
  requireRole(ctx.actor, ACCESS.admin);
  const input = parseInput(verifyInput, raw ?? {});
  const vendor = await ctx.db.prepare("SELECT user_id, business_name, is_verified FROM vendors WHERE user_id = ?").bind(vendorId).first<{
    user_id: string;
    business_name: string;
    is_verified: number;
  }>();
  if (!vendor) throw new NotFound(MODERATION_MESSAGES.vendorNotFound);
  if (Boolean(vendor.is_verified) === verified) throw new Conflict(verified ? MODERATION_MESSAGES.alreadyVerified : MODERATION_MESSAGES.notVerified);
  await ctx.db.batch([
    ctx.db
      .prepare("UPDATE vendors SET is_verified = ?, updated_at = ? WHERE user_id = ? AND is_verified = ?")
      .bind(verified ? 1 : 0, ctx.now, vendorId, verified ? 0 : 1),
    auditEntry(
      ctx,
      {
        action: verified ? "vendor.verify" : "vendor.unverify",
        subject: { type: "vendor", id: vendorId },
        summary: `${verified ? "Verified" : "Took the verified badge from"} ${vendor.business_name}`,
        reason: input.reason || null,
        before: { verified: !verified },
        after: { verified },
      },
      { ifChanged: true },
    ),
  ]);
  return { message: verified ? `${vendor.business_name} is verified: the badge shows on their pages.` : `${vendor.business_name} is no longer verified.` };
}

/** A vendor disputes a review on one of their own services; another vendor's review is a 404. */
export async function disputeReview(ctx: DomainContext, serviceId: string, reviewId: string, raw: unknown): Promise<{ message: string }> {
  const actor = requireRole(ctx.actor, ACCESS.vendor);
  const input = parseInput(disputeInput, raw);
  const review = await ctx.db
    .prepare(
      "SELECT r.id FROM reviews r JOIN services s ON s.id = r.service_id WHERE r.id = ? AND r.service_id = ? AND s.vendor_id = ? AND r.status = 'PUBLISHED'",
    )
    .bind(reviewId, serviceId, actor.id)
    .first<{ id: string }>();
  if (!review) throw new NotFound(MODERATION_MESSAGES.reviewNotFound);
  try {
    await ctx.db
      .prepare("INSERT INTO review_disputes (id, review_id, vendor_id, reason, status, created_at) VALUES (?, ?, ?, ?, 'OPEN', ?)")
      .bind(newId(ctx.now), review.id, actor.id, input.reason, ctx.now)
      .run();
  } catch (e) {
    if (e instanceof Error && /UNIQUE constraint failed: review_disputes\.review_id/.test(e.message)) throw new Conflict(MODERATION_MESSAGES.disputeOpen);
    throw e;
  }
  return { message: MODERATION_MESSAGES.disputed };
}

export type OpenDispute = {
  id: string;
  reason: string;
  createdAt: number;
  review: { id: string; rating: number; comment: string; author: string; createdAt: number };
  service: { id: string; name: string; path: string };
  vendor: { id: string; name: string };
};

/** Admins: the open disputes, oldest first (first come, first decided). */
export async function openDisputes(ctx: DomainContext): Promise<OpenDispute[]> {
  requireRole(ctx.actor, ACCESS.admin);
  const { results } = await ctx.db
    .prepare(
      `SELECT d.id, d.reason, d.created_at, r.id AS review_id, r.rating, r.comment, r.created_at AS review_at, u.user_name AS author,
         s.id AS service_id, s.service_name, s.service_category, s.service_type, s.state, s.city, v.user_id AS vendor_id, v.business_name
       FROM review_disputes d JOIN reviews r ON r.id = d.review_id JOIN users u ON u.id = r.user_id JOIN services s ON s.id = r.service_id
       JOIN vendors v ON v.user_id = d.vendor_id
       WHERE d.status = 'OPEN' ORDER BY d.created_at, d.id LIMIT 100`,
    )
    .all<DbRow>();
  return results.map((r) => ({
    id: r.id,
    reason: r.reason,
    createdAt: r.created_at,
    review: { id: r.review_id, rating: r.rating, comment: r.comment, author: r.author, createdAt: r.review_at },
    service: {
      id: r.service_id,
      name: r.service_name,
      path: servicePath({ id: r.service_id, serviceCategory: r.service_category, serviceType: r.service_type, state: r.state, city: r.city }),
    },
    vendor: { id: r.vendor_id, name: r.business_name },
  }));
}

/** Admins keep the review (it stays) or hide it (it leaves the page, the rating and the count), with a reason. Once. */
export async function decideDispute(ctx: DomainContext, disputeId: string, decision: "keep" | "hide", raw: unknown): Promise<{ message: string }> {
  const actor = requireRole(ctx.actor, ACCESS.admin);
  const input = parseInput(decisionInput, raw);
  const dispute = await ctx.db
    .prepare("SELECT d.id, d.status, d.review_id, r.service_id, r.comment FROM review_disputes d JOIN reviews r ON r.id = d.review_id WHERE d.id = ?")
    .bind(disputeId)
    .first<{ id: string; status: string; review_id: string; service_id: string; comment: string }>();
  if (!dispute) throw new NotFound(MODERATION_MESSAGES.disputeNotFound);
  if (dispute.status !== "OPEN") throw new Conflict(MODERATION_MESSAGES.alreadyDecided);
  const status = decision === "hide" ? "HIDDEN" : "KEPT";
  const results = await ctx.db.batch([
    ctx.db
      .prepare("UPDATE review_disputes SET status = ?, decided_by = ?, decision_reason = ?, decided_at = ? WHERE id = ? AND status = 'OPEN'")
      .bind(status, actor.id, input.reason, ctx.now, disputeId),
    auditEntry(
      ctx,
      {
        action: decision === "hide" ? "review.hide" : "review.keep",
        subject: { type: "review", id: dispute.review_id },
        summary: `${decision === "hide" ? "Hid" : "Kept"} a disputed review: “${dispute.comment.slice(0, 80)}${dispute.comment.length > 80 ? "…" : ""}”`,
        reason: input.reason,
        before: { status: "PUBLISHED" },
        after: { status: decision === "hide" ? "HIDDEN" : "PUBLISHED" },
      },
      { ifChanged: true },
    ),
    ...(decision === "hide"
      ? [
          ctx.db
            .prepare(
              "UPDATE reviews SET status = 'HIDDEN', updated_at = ? WHERE id = ? AND EXISTS (SELECT 1 FROM review_disputes WHERE id = ? AND decided_at = ? AND status = 'HIDDEN')",
            )
            .bind(ctx.now, dispute.review_id, disputeId, ctx.now),
          refreshAggregates(ctx.db, dispute.service_id, ctx.now),
        ]
      : []),
  ]);
  if (!results[0]?.meta.changes) throw new Conflict(MODERATION_MESSAGES.alreadyDecided);
  return { message: decision === "hide" ? "The review is hidden: it no longer shows or counts in the rating." : "The review stays on the page." };
}

// ------------------------------------------------------------------------------------------------
// Records and the audit log

export type AuditLogEntry = {
  id: string;
  actor: { id: string | null; email: string };
  action: string;
  subject: { type: AuditSubject; id: string; link: string | null };
  summary: string;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: number;
};

const parseJson = (v: string | null): Record<string, unknown> | null => {
  if (!v) return null;
  try {
    return JSON.parse(v) as Record<string, unknown>;
  } catch {
    return null;
  }
};

/** Where an audit entry's subject is seen in the admin area (or on the site), when it has a page. */
function subjectLink(type: string, id: string): string | null {
  if (type === "service") return `/admin/services/${encodeURIComponent(id)}`;
  if (type === "vendor") return `/admin/vendors/${encodeURIComponent(id)}`;
  if (type === "plan") return `/admin/plans/${encodeURIComponent(id)}`;
  if (type === "contact_message") return "/admin/contact-messages";
  if (type === "review") return "/admin/review-disputes";
  return null;
}

export const auditQuery = z.object({
  action: z.string().trim().max(60, "That is not an action.").optional(),
  subjectType: z.string().trim().max(30, "That is not a record type.").optional(),
  subjectId: z.string().trim().max(64, "That is not a record.").optional(),
  actor: z.string().trim().max(254, "That is not an e-mail address.").optional(),
  page: numeric(z.number("page is a number.").int("page is a whole number.").min(1, "page starts at 1.").max(1000, "page is at most 1000.").optional()),
});

export const AUDIT_PAGE_SIZE = 50;

type AuditRow = {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  subject_type: AuditSubject;
  subject_id: string;
  summary: string;
  reason: string | null;
  before: string | null;
  after: string | null;
  created_at: number;
};

const toEntry = (r: AuditRow): AuditLogEntry => ({
  id: r.id,
  actor: { id: r.actor_id, email: r.actor_email },
  action: r.action,
  subject: { type: r.subject_type, id: r.subject_id, link: subjectLink(r.subject_type, r.subject_id) },
  summary: r.summary,
  reason: r.reason,
  before: parseJson(r.before),
  after: parseJson(r.after),
  createdAt: r.created_at,
});

/** Super admins: every admin action, newest first, filtered by action (prefix), record and actor e-mail. */
export async function listAuditLog(ctx: DomainContext, raw: unknown): Promise<{ entries: AuditLogEntry[]; page: number; more: boolean; actions: string[] }> {
  requireRole(ctx.actor, ACCESS.superAdmin, "Only super admins can read the audit log.");
  const query = parseInput(auditQuery, raw ?? {}, "Some filters are not valid.");
  const where: string[] = [];
  const binds: unknown[] = [];
  if (query.action) {
    // An action ("service.archive") or its area ("service"); no LIKE (D1 limits its patterns).
    where.push("(action = ? OR substr(action, 1, ?) = ?)");
    binds.push(query.action, query.action.length + 1, `${query.action}.`);
  }
  if (query.subjectType) {
    where.push("subject_type = ?");
    binds.push(query.subjectType);
  }
  if (query.subjectId) {
    where.push("subject_id = ?");
    binds.push(query.subjectId);
  }
  if (query.actor) {
    where.push("actor_email = ?");
    binds.push(query.actor.toLowerCase());
  }
  const page = query.page ?? 1;
  const [rows, actions] = await ctx.db.batch<AuditRow | { action: string }>([
    ctx.db
      .prepare(`SELECT * FROM admin_audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
      .bind(...binds, AUDIT_PAGE_SIZE + 1, (page - 1) * AUDIT_PAGE_SIZE),
    ctx.db.prepare("SELECT DISTINCT action FROM admin_audit_log ORDER BY action LIMIT 200"),
  ]);
  const list = (rows?.results ?? []) as AuditRow[];
  return {
    entries: list.slice(0, AUDIT_PAGE_SIZE).map(toEntry),
    page,
    more: list.length > AUDIT_PAGE_SIZE,
    actions: ((actions?.results ?? []) as { action: string }[]).map((a) => a.action),
  };
}

/** A record's history for admins: its audit entries, newest first. */
export async function subjectHistory(ctx: DomainContext, type: AuditSubject, id: string, limit = 50): Promise<AuditLogEntry[]> {
  requireRole(ctx.actor, ACCESS.admin);
  const { results } = await ctx.db
    .prepare("SELECT * FROM admin_audit_log WHERE subject_type = ? AND subject_id = ? ORDER BY created_at DESC, id DESC LIMIT ?")
    .bind(type, id, limit)
    .all<AuditRow>();
  return results.map(toEntry);
}

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
    .first<DbRow>();
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
  const [vendorRows, services, counts] = await ctx.db.batch<DbRow>([
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
