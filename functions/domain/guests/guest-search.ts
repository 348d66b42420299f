/** Searching and filtering the couple's guests, 100 a page. */
import { GUESTS_PAGE_SIZE, guestQuery, type GuestQuery } from "#shared/guest-schemas.ts";
import { type DomainContext, textMatch, parseInput } from "../core/index.ts";
import { inWedding, openWedding } from "../weddings/index.ts";
import { type Guest, type GuestRow, GUEST_COLUMNS, toGuest, withoutContacts } from "./guest-records.ts";
import { m } from "#shared/paraglide/messages.js";

/** The search statement (for the API call and the page's batch): guests by household, `pageSize` a page (the API's 100), with the total. */
export function guestSearchStatement(
  db: D1Database,
  userId: string,
  query: GuestQuery,
  seesContacts: boolean,
  pageSize = GUESTS_PAGE_SIZE,
): D1PreparedStatement {
  const { sql, binds } = guestSearchSql(userId, query, seesContacts, pageSize);
  return db.prepare(sql).bind(...binds);
}

/**
 * The search's SQL and its binds, so that the page can also read the households of the guests it
 * found in the same batch. Households are the outer loop (CROSS JOIN), walked in name order by
 * households_user_idx and each one's guests by guests_household_idx (migration 0155), so a page
 * reads its own guests, not the wedding's. `withTotal: false` leaves out how many were found
 * (COUNT(*) OVER () reads every match): the page knows it when nothing narrows the list.
 */
export function guestSearchSql(
  userId: string,
  query: GuestQuery,
  seesContacts: boolean,
  pageSize: number,
  { withTotal = true }: { withTotal?: boolean } = {},
): { sql: string; binds: unknown[] } {
  // `+g.user_id`: the guest's own key is checked but not used as an index (guests_user_idx would be read whole for each household).
  const where = ["h.user_id = ?", "+g.user_id = ?"];
  const binds: unknown[] = [userId, userId];
  // A member who may not see contact details cannot find a guest by them either (else a search would reveal a number).
  const words = textMatch(seesContacts ? ["g.name", "h.name", "g.email", "g.city", "g.phone"] : ["g.name", "h.name", "g.city"], query.q);
  if (words) {
    // A phone number typed with or without its spaces, dashes and brackets: its digits (3 or more) anywhere in the stored number's.
    const digits = seesContacts ? (query.q ?? "").replace(/\D/g, "") : "";
    where.push(
      digits.length >= 3
        ? `(${words.sql} OR instr(replace(replace(replace(replace(replace(coalesce(g.phone, ''), ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), ?) > 0)`
        : words.sql,
    );
    binds.push(...words.binds);
    if (digits.length >= 3) binds.push(digits);
  }
  if (query.side) {
    where.push("g.side = ?");
    binds.push(query.side);
  }
  if (query.dietary) {
    where.push("g.dietary = ?");
    binds.push(query.dietary);
  }
  if (query.householdId) {
    where.push("g.household_id = ?");
    binds.push(query.householdId);
  }
  if (query.eventId) {
    where.push("EXISTS (SELECT 1 FROM household_invitations hi WHERE hi.household_id = g.household_id AND hi.event_id = ?)");
    binds.push(query.eventId);
    if (query.answer === "NONE") {
      where.push("NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.event_id = ?)");
      binds.push(query.eventId);
    } else if (query.answer) {
      where.push("EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.event_id = ? AND r.response = ?)");
      binds.push(query.eventId, query.answer);
    }
  } else if (query.answer === "NONE") {
    where.push(
      "EXISTS (SELECT 1 FROM household_invitations hi WHERE hi.household_id = g.household_id AND NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.event_id = hi.event_id))",
    );
  } else if (query.answer) {
    where.push("EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.response = ?)");
    binds.push(query.answer);
  }
  const offset = ((query.page ?? 1) - 1) * pageSize;
  return {
    sql: `SELECT ${GUEST_COLUMNS}${withTotal ? ", COUNT(*) OVER () AS total" : ""} FROM households h CROSS JOIN guests g ON g.household_id = h.id
       WHERE ${where.join(" AND ")} ORDER BY h.name COLLATE NOCASE, h.id, g.name COLLATE NOCASE, g.id LIMIT ${pageSize} OFFSET ${offset}`,
    binds,
  };
}

export type GuestSearch = { guests: Guest[]; total: number; page: number; pageSize: number };

/** A guest the search found, with how many it found in all (COUNT(*) OVER (), unless the search left it out). */
export type FoundGuestRow = GuestRow & { total?: number };

export const searchResult = (
  rows: FoundGuestRow[],
  query: GuestQuery,
  seesContacts: boolean,
  pageSize = GUESTS_PAGE_SIZE,
  total = rows[0]?.total ?? 0,
): GuestSearch => ({
  guests: rows.map(toGuest).map((g) => (seesContacts ? g : withoutContacts(g))),
  total,
  page: query.page ?? 1,
  pageSize,
});

/** Search (name, household, phone, e-mail, city) and filters (side, dietary, household, invited to a function, answer), 100 a page. */
export async function searchGuests(caller: DomainContext, input: unknown = {}): Promise<GuestSearch> {
  const me = await openWedding(caller, "guests", "read");
  const ctx = inWedding(caller, me);
  const query = parseInput(guestQuery, input, m.api_query_invalid());
  const { results } = await guestSearchStatement(ctx.db, me.key, query, me.seesContacts).all<FoundGuestRow>();
  return searchResult(results, query, me.seesContacts);
}
