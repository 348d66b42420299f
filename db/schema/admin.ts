import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { AUDIT_SUBJECTS, CONTACT_STATUSES } from "#shared/stored-values.ts";

/**
 * What admins did (migration 0058): one row per admin action, written in the same batch as the
 * change (functions/domain/core/audit-log.ts). `before`/`after` are JSON of the fields the action changed.
 * The actor's e-mail is copied so the entry still says who it was after the account is gone.
 */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type", { enum: AUDIT_SUBJECTS }).notNull(),
    subjectId: text("subject_id").notNull(),
    summary: text("summary").notNull(),
    reason: text("reason"),
    before: text("before"),
    after: text("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_recent_idx").on(t.createdAt),
    index("admin_audit_log_subject_idx").on(t.subjectType, t.subjectId, t.createdAt),
    index("admin_audit_log_actor_idx").on(t.actorId, t.createdAt),
  ],
);

/** A message sent through /contactus (migration 0060): mailed to the team; admins track its status. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: CONTACT_STATUSES }).notNull().default("NEW"),
    /** The admin's note with the last status change. */
    note: text("note"),
    /** The sender's account when they were signed in. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("contact_messages_status_idx").on(t.status, t.createdAt), index("contact_messages_email_idx").on(t.email)],
);

/**
 * Key events where Workers Analytics Engine is not bound (migration 0103): the local default of
 * functions/platform/analytics.ts, with Analytics Engine's column names. No column names a person.
 */
export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    timestamp: timestamp("timestamp").notNull(),
    index1: text("index1").notNull(),
    blob1: text("blob1").notNull(),
    blob2: text("blob2"),
    blob3: text("blob3"),
    blob4: text("blob4"),
    blob5: text("blob5"),
    double1: real("double1"),
    double2: real("double2"),
    double3: real("double3"),
  },
  (t) => [index("analytics_events_event_time_idx").on(t.index1, t.timestamp)],
);
