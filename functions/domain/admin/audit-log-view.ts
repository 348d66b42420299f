import { m } from "#shared/paraglide/messages.js";
import type { adminAuditLog } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { z } from "zod";
import { type AuditSubject, type DomainContext, requireRole, ACCESS, pageQuery, parseInput } from "../core/index.ts";

/** Reading the audit log (super admins): a filtered page of entries, and one subject's history for its record page. */

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
  if (type === "payment") return "/admin/transactions";
  return null;
}

export const auditQuery = z.object({
  action: z
    .string()
    .trim()
    .max(60, { error: () => m.api_v_that_is_not_an_action() })
    .optional(),
  subjectType: z
    .string()
    .trim()
    .max(30, { error: () => m.api_v_that_is_not_a_record_type() })
    .optional(),
  subjectId: z
    .string()
    .trim()
    .max(64, { error: () => m.api_v_that_is_not_a_record() })
    .optional(),
  actor: z
    .string()
    .trim()
    .max(254, { error: () => m.api_v_that_is_not_an_e_mail_address() })
    .optional(),
  page: pageQuery(),
});

export const AUDIT_PAGE_SIZE = 50;

type AuditRow = Row<typeof adminAuditLog>;

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
