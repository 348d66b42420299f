/** Everything /profile/guests shows, in one D1 batch. */
import { guestQuery, type GuestQuery } from "#shared/guest-schemas.ts";
import { type DomainContext, parseInput } from "../core/index.ts";
import { inWedding, openWedding, rightsOf, type WeddingRights } from "../weddings/index.ts";
import { type CoupleRow, type Household, type HouseholdRow, coupleNames, rsvpLink } from "./guest-records.ts";
import { type FoundGuestRow, type GuestSearch, guestSearchSql, searchResult } from "./guest-search.ts";
import { type FunctionHeadCount, type HeadCountRow, headCountStatement, toHeadCount } from "./head-counts.ts";
import { type NotAnswered, type PendingRow, groupPending, pendingCountStatement, pendingPageStatement } from "./not-answered.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * What the page draws of an 800-guest wedding (issue 33: under 200 KB of HTML). The API's search
 * keeps 100 guests a page; the page lists 40, with their households in full, and the invitation
 * matrix 15 households a page, or, while the list is searched or filtered, the households of the
 * guests found. Every other household is one search away (the add-a-guest picker offers the households
 * drawn; a guest's edit form, all of them).
 */
export const GUEST_LIST_PAGE_SIZE = 40;
export const MATRIX_PAGE_SIZE = 15;
/** Households listed under "Not answered yet" (the rest are one filter away in the guest list). */
export const PENDING_SHOWN = 10;

/**
 * A household as the page draws it (name, notes, RSVP link, whether it can be e-mailed, where it is
 * invited, its version): not the API's guest count, first phone number or shared and reminded
 * dates, which cost the page's batch about 600 rows at 800 guests and were never drawn.
 */
export type ListedHousehold = Pick<Household, "id" | "name" | "notes" | "rsvpLink" | "emailCount" | "invitedEventIds" | "version">;

const LISTED_HOUSEHOLD_SELECT = `SELECT h.id, h.name, h.notes, h.rsvp_token, h.updated_at,
  (SELECT COUNT(*) FROM guests g WHERE g.household_id = h.id AND g.email IS NOT NULL) AS email_count,
  (SELECT group_concat(hi.event_id) FROM household_invitations hi WHERE hi.household_id = h.id) AS event_ids
FROM households h`;

type ListedHouseholdRow = Pick<HouseholdRow, "id" | "name" | "notes" | "rsvp_token" | "updated_at" | "email_count" | "event_ids">;

export type GuestPage = {
  couple: string;
  functions: { id: string; name: string; eventDate: string; startTime: string | null; venue: string | null }[];
  /** How many households the wedding has. */
  householdCount: number;
  /**
   * Every household's id and name, only when asked (`allHouseholdNames`: the one guest's edit form
   * that can move them to any household); null otherwise. With 250 households the names were about
   * 25 KB of every view of the page (its data and a picker of them, issue 33).
   */
  allHouseholdNames: { id: string; name: string }[] | null;
  /** Guests in the whole list. */
  guestCount: number;
  /** The households drawn in full: those of the guests found on this page and those of the invitation matrix's page. */
  households: ListedHousehold[];
  /** The invitation matrix's households (ids of `households`, by name): a page of every household, or those of the guests found while the list is searched. */
  matrix: { page: number; pages: number; householdIds: string[]; followsSearch: boolean };
  search: GuestSearch;
  query: GuestQuery;
  headCounts: FunctionHeadCount[];
  /** The first PENDING_SHOWN households that have not answered, and how many have not in all. */
  notAnswered: NotAnswered[];
  notAnsweredCount: number;
  /** What the reader may change here (guests: households and guests; invitations: sharing and reminding) and whether they see contacts. */
  rights: WeddingRights;
};

/**
 * Everything /profile/guests shows, in ONE D1 batch (one round trip): functions, the households'
 * count (or, asked, their names), the households drawn in full, a page of guests, head-counts, who
 * has not answered.
 * `matrixPage` is the invitation matrix's page (the page's `hpage`).
 */
export async function guestPage(
  caller: DomainContext,
  input: unknown,
  { matrixPage = 1, allHouseholdNames = false }: { matrixPage?: number; allHouseholdNames?: boolean } = {},
): Promise<GuestPage> {
  const me = await openWedding(caller, "guests", "read");
  const ctx = inWedding(caller, me);
  const query = parseInput(guestQuery, input, m.api_query_invalid());
  // A search or filter narrows the matrix to the households it found: a household is found by its name or a guest's.
  const followsSearch = Object.entries(query).some(([k, v]) => k !== "page" && v !== undefined);
  // Unnarrowed, the list's total is the guest count the batch reads anyway.
  const search = guestSearchSql(me.key, query, me.seesContacts, GUEST_LIST_PAGE_SIZE, { withTotal: followsSearch });
  const byName = "ORDER BY h.name COLLATE NOCASE, h.id";
  const [couple, functions, householdRows, guestCount, listed, matrix, found, heads, pendingCount, pending] = await ctx.db.batch([
    ctx.db.prepare("SELECT user_name, partner_name FROM users WHERE id = ?").bind(me.key),
    ctx.db
      .prepare(
        "SELECT id, name, event_date, start_time, venue FROM events WHERE user_id = ? AND parent_id IS NULL ORDER BY event_date, start_time IS NULL, start_time, created_at",
      )
      .bind(me.key),
    allHouseholdNames
      ? ctx.db.prepare(`SELECT h.id, h.name FROM households h WHERE h.user_id = ? ${byName}`).bind(me.key)
      : ctx.db.prepare("SELECT COUNT(*) AS n FROM households WHERE user_id = ?").bind(me.key),
    ctx.db.prepare("SELECT COUNT(*) AS n FROM guests WHERE user_id = ?").bind(me.key),
    // `+h.user_id`: the households are found by their ids from the search, not by reading every household of the wedding.
    ctx.db
      .prepare(`${LISTED_HOUSEHOLD_SELECT} WHERE +h.user_id = ? AND h.id IN (SELECT household_id FROM (${search.sql})) ${byName}`)
      .bind(me.key, ...search.binds),
    ctx.db
      .prepare(`${LISTED_HOUSEHOLD_SELECT} WHERE h.user_id = ? ${byName} LIMIT ${MATRIX_PAGE_SIZE} OFFSET ?`)
      .bind(me.key, (matrixPage - 1) * MATRIX_PAGE_SIZE),
    ctx.db.prepare(search.sql).bind(...search.binds),
    headCountStatement(ctx.db, me.key),
    pendingCountStatement(ctx.db, me.key),
    pendingPageStatement(ctx.db, me.key, PENDING_SHOWN),
  ]);
  const households = new Map<string, ListedHousehold>();
  for (const r of [...(listed!.results as ListedHouseholdRow[]), ...(followsSearch ? [] : (matrix!.results as ListedHouseholdRow[]))]) {
    if (households.has(r.id)) continue;
    households.set(r.id, {
      id: r.id,
      name: r.name,
      notes: r.notes,
      rsvpLink: rsvpLink(ctx, r.rsvp_token),
      emailCount: r.email_count,
      invitedEventIds: r.event_ids ? r.event_ids.split(",") : [],
      version: r.updated_at,
    });
  }
  const names = allHouseholdNames ? (householdRows!.results as { id: string; name: string }[]) : null;
  const householdCount = names ? names.length : (householdRows!.results[0] as { n: number }).n;
  const functionList = (functions!.results as { id: string; name: string; event_date: string; start_time: string | null; venue: string | null }[]).map((e) => ({
    id: e.id,
    name: e.name,
    eventDate: e.event_date,
    startTime: e.start_time,
    venue: e.venue,
  }));
  return {
    couple: coupleNames((couple!.results[0] as CoupleRow | undefined) ?? null),
    functions: functionList,
    householdCount,
    allHouseholdNames: names,
    guestCount: (guestCount!.results[0] as { n: number }).n,
    households: [...households.values()],
    matrix: followsSearch
      ? { page: 1, pages: 1, householdIds: (listed!.results as ListedHouseholdRow[]).map((r) => r.id), followsSearch }
      : {
          page: matrixPage,
          pages: Math.max(1, Math.ceil(householdCount / MATRIX_PAGE_SIZE)),
          householdIds: (matrix!.results as ListedHouseholdRow[]).map((r) => r.id),
          followsSearch,
        },
    search: searchResult(
      found!.results as FoundGuestRow[],
      query,
      me.seesContacts,
      GUEST_LIST_PAGE_SIZE,
      followsSearch ? undefined : (guestCount!.results[0] as { n: number }).n,
    ),
    query,
    headCounts: (heads!.results as HeadCountRow[]).map(toHeadCount),
    notAnswered: groupPending(pending!.results as PendingRow[], functionList),
    notAnsweredCount: (pendingCount!.results[0] as { n: number }).n,
    rights: rightsOf(me),
  };
}
