/** Households that still owe an answer for a function they are invited to. */
import type { events, householdInvitations, households } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import type { DomainContext } from "../core/index.ts";
import { inWedding, openWedding } from "../weddings/index.ts";

export type NotAnswered = {
  householdId: string;
  name: string;
  emailCount: number;
  remindedAt: number | null;
  sharedAt: number | null;
  functions: { eventId: string; name: string; eventDate: string }[];
};

/** One invitation of a household with a guest who has not answered, as pendingStatement reads it. */
export type PendingRow = Row<typeof households, "name"> &
  Row<typeof householdInvitations, "reminded_at" | "shared_at"> &
  Row<typeof events, "event_date"> & { household_id: string; event_id: string; event_name: string; email_count: number };

/** A pending invitation's columns and joins; `c` is its invitation_counts row (how many of the household's guests have not answered). */
const PENDING_COLUMNS = `h.id AS household_id, h.name, e.id AS event_id, e.name AS event_name, e.event_date, hi.reminded_at, hi.shared_at,
  (SELECT COUNT(*) FROM guests g WHERE g.household_id = h.id AND g.email IS NOT NULL) AS email_count`;
const PENDING_JOINS = `JOIN households h ON h.id = c.household_id
  JOIN household_invitations hi ON hi.household_id = c.household_id AND hi.event_id = c.event_id JOIN events e ON e.id = c.event_id`;
const PENDING_ORDER = "ORDER BY h.name COLLATE NOCASE, h.id, e.event_date, e.start_time";

/**
 * Invitations where some guest of the household has not answered yet (the counter kept on write,
 * migration 0154, not a recount of every guest's answers).
 */
export function pendingStatement(db: D1Database, userId: string, householdId?: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${PENDING_COLUMNS} FROM invitation_counts c ${PENDING_JOINS} WHERE h.user_id = ?1 ${householdId ? "AND h.id = ?2" : ""} AND c.unanswered > 0 ${PENDING_ORDER}`,
    )
    .bind(...(householdId ? [userId, householdId] : [userId]));
}

/**
 * The page's "Not answered yet": the pending invitations of the first `households` households (by
 * name) that owe an answer, each row with how many households owe one in all (`households_pending`).
 */
export function firstPendingStatement(db: D1Database, userId: string, households: number): D1PreparedStatement {
  // Whether a household owes an answer is one entry of invitation_counts_pending_idx; the households are walked in name order (households_user_idx).
  const owes = "h.user_id = ?1 AND EXISTS (SELECT 1 FROM invitation_counts c WHERE c.household_id = h.id AND c.unanswered > 0)";
  return db
    .prepare(
      `WITH shown AS (SELECT h.id FROM households h WHERE ${owes} ORDER BY h.name COLLATE NOCASE, h.id LIMIT ?2)
       SELECT (SELECT COUNT(*) FROM households h WHERE ${owes}) AS households_pending, ${PENDING_COLUMNS}
       FROM shown JOIN invitation_counts c ON c.household_id = shown.id ${PENDING_JOINS}
       WHERE c.unanswered > 0 ${PENDING_ORDER}`,
    )
    .bind(userId, households);
}

export function groupPending(rows: PendingRow[]): NotAnswered[] {
  const out = new Map<string, NotAnswered>();
  for (const r of rows) {
    let h = out.get(r.household_id);
    if (!h) {
      h = { householdId: r.household_id, name: r.name, emailCount: r.email_count, remindedAt: null, sharedAt: null, functions: [] };
      out.set(r.household_id, h);
    }
    h.functions.push({ eventId: r.event_id, name: r.event_name, eventDate: r.event_date });
    if (r.reminded_at && (!h.remindedAt || r.reminded_at > h.remindedAt)) h.remindedAt = r.reminded_at;
    if (r.shared_at && (!h.sharedAt || r.shared_at > h.sharedAt)) h.sharedAt = r.shared_at;
  }
  return [...out.values()];
}

/** Households that have not answered for every function they are invited to. */
export async function notAnswered(caller: DomainContext): Promise<NotAnswered[]> {
  const me = await openWedding(caller, "guests", "read");
  const ctx = inWedding(caller, me);
  return groupPending((await pendingStatement(ctx.db, me.key).all<PendingRow>()).results);
}
