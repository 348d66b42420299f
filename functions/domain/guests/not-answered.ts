/** Households that still owe an answer for a function they are invited to. */
import type { householdInvitations, households } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";

export type NotAnswered = {
  householdId: string;
  name: string;
  emailCount: number;
  remindedAt: number | null;
  sharedAt: number | null;
  functions: { eventId: string; name: string; eventDate: string }[];
};

/** Households a page of the head-counts API lists under "not answered" (the page draws PENDING_SHOWN, guest-page.ts). */
export const NOT_ANSWERED_PAGE_SIZE = 50;

/** One pending invitation of a listed household, as pendingPageStatement reads it. */
export type PendingRow = Row<typeof households, "name"> &
  Row<typeof householdInvitations, "reminded_at" | "shared_at"> & { household_id: string; event_id: string; email_count: number };

/** A function as the reader already has it (the head-count's or the page's functions): what a pending invitation is named and ordered by. */
export type PendingFunction = { id: string; name: string; eventDate: string };

/**
 * Whether household `h` of the couple `?1` owes an answer: one entry of invitation_counts_pending_idx
 * (the counter kept on write, migration 0154, not a recount of the guests' answers).
 */
const OWES = "h.user_id = ?1 AND EXISTS (SELECT 1 FROM invitation_counts c WHERE c.household_id = h.id AND c.unanswered > 0)";

/** How many households owe an answer: the couple's households walked in households_user_idx, one index entry each. */
export function pendingCountStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare(`SELECT COUNT(*) AS n FROM households h WHERE ${OWES}`).bind(userId);
}

/**
 * A page of the households that owe an answer (by name), a row per pending invitation. The
 * households are walked in name order and the walk stops after the page; each listed household's
 * guests with an e-mail address are counted once (not once per pending function), and the
 * function's name and date are the caller's (`groupPending`), not read again per invitation.
 */
export function pendingPageStatement(db: D1Database, userId: string, households: number, offset = 0): D1PreparedStatement {
  return db
    .prepare(
      `WITH shown AS (
         SELECT h.id, h.name, (SELECT COUNT(*) FROM guests g WHERE g.household_id = h.id AND g.email IS NOT NULL) AS email_count
         FROM households h WHERE ${OWES} ORDER BY h.name COLLATE NOCASE, h.id LIMIT ?2 OFFSET ?3)
       SELECT shown.id AS household_id, shown.name, shown.email_count, c.event_id, hi.reminded_at, hi.shared_at
       FROM shown JOIN invitation_counts c ON c.household_id = shown.id AND c.unanswered > 0
       JOIN household_invitations hi ON hi.household_id = c.household_id AND hi.event_id = c.event_id
       ORDER BY shown.name COLLATE NOCASE, shown.id`,
    )
    .bind(userId, households, offset);
}

/**
 * The rows of pendingPageStatement as households, in its order, each one's functions in the order
 * of `functions` (the wedding's functions by date and time). Invitations are to functions, never to
 * sub-events (invitations.ts), so every pending one is in `functions`.
 */
export function groupPending(rows: PendingRow[], functions: PendingFunction[]): NotAnswered[] {
  const order = new Map(functions.map((f, i) => [f.id, i]));
  const out = new Map<string, NotAnswered>();
  for (const r of rows) {
    let h = out.get(r.household_id);
    if (!h) {
      h = { householdId: r.household_id, name: r.name, emailCount: r.email_count, remindedAt: null, sharedAt: null, functions: [] };
      out.set(r.household_id, h);
    }
    const f = functions[order.get(r.event_id) ?? -1];
    if (f) h.functions.push({ eventId: f.id, name: f.name, eventDate: f.eventDate });
    if (r.reminded_at && (!h.remindedAt || r.reminded_at > h.remindedAt)) h.remindedAt = r.reminded_at;
    if (r.shared_at && (!h.sharedAt || r.shared_at > h.sharedAt)) h.sharedAt = r.shared_at;
  }
  for (const h of out.values()) h.functions.sort((a, b) => order.get(a.eventId)! - order.get(b.eventId)!);
  return [...out.values()];
}

/** One household's invitations where some guest has not answered yet, with when each was last reminded (the reminder's rule, sharing.ts). */
export function householdPendingStatement(db: D1Database, userId: string, householdId: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT c.event_id, hi.reminded_at FROM households h JOIN invitation_counts c ON c.household_id = h.id AND c.unanswered > 0
       JOIN household_invitations hi ON hi.household_id = c.household_id AND hi.event_id = c.event_id
       WHERE h.id = ?2 AND h.user_id = ?1`,
    )
    .bind(userId, householdId);
}
