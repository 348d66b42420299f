import type { DomainContext } from "./context.ts";
import { newId } from "./ids.ts";
import { AUDIT_SUBJECTS } from "#shared/stored-values.ts";

/**
 * The admin audit log (migration 0058): every admin action leaves one entry saying who did what to
 * which record, when, the record's fields before and after, and the reason given.
 *
 * The entry is a D1 statement the caller puts in the SAME batch as the change it describes
 * (`ctx.db.batch([change, auditEntry(ctx, {...})])`), so a change is never stored without its entry
 * nor an entry without its change. The reading side (super admins, and records' history) is in
 * functions/domain/admin/audit-log-view.ts.
 */

/** What was acted on (shared/stored-values.ts). A record's history is its entries, newest first. */
export { AUDIT_SUBJECTS };
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

/**
 * Actions are "<area>.<verb>" strings, e.g. "service.archive", "vendor.verify", "review.hide",
 * "role.give-admin", "blog.publish", "contact.answer". Keep them stable: they are filtered on.
 */
export type AuditEntryInput = {
  action: string;
  subject: { type: AuditSubject; id: string };
  /** One line a person reads in the log, e.g. "Archived “Royal Palace Lawns”". */
  summary: string;
  reason?: string | null;
  /** Only the fields the action changed (small objects: they are stored as JSON). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * The INSERT for one audit entry, to run in the same batch as the change. The actor is the signed-in
 * admin. With `{ ifChanged: true }` the entry is written only when the statement just before it in
 * the batch changed a row (a conditional UPDATE that found nothing to change leaves no entry).
 */
export function auditEntry(ctx: DomainContext, entry: AuditEntryInput, options: { ifChanged?: boolean } = {}): D1PreparedStatement {
  const actor = ctx.actor;
  if (!actor) throw new Error("An audit entry needs a signed-in actor");
  return ctx.db
    .prepare(
      `INSERT INTO admin_audit_log (id, actor_id, actor_email, action, subject_type, subject_id, summary, reason, before, after, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?${options.ifChanged ? " WHERE changes() > 0" : ""}`,
    )
    .bind(
      newId(ctx.now),
      actor.id,
      actor.email,
      entry.action,
      entry.subject.type,
      entry.subject.id,
      entry.summary,
      entry.reason ?? null,
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
      ctx.now,
    );
}
