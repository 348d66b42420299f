/** Everything /profile/guests shows, in one D1 batch. */
import { guestQuery, type GuestQuery } from "#shared/guest-schemas.ts";
import { type DomainContext, parseInput } from "../core/index.ts";
import { openWedding, rightsOf, type WeddingRights } from "../weddings/index.ts";
import { type CoupleRow, type Household, type HouseholdRow, coupleNames, householdWithoutContacts, toHousehold } from "./guest-records.ts";
import { householdsStatement } from "./households.ts";
import { type FoundGuestRow, type GuestSearch, guestSearchStatement, searchResult } from "./guest-search.ts";
import { type FunctionHeadCount, type HeadCountRow, headCountStatement, toHeadCount } from "./head-counts.ts";
import { type NotAnswered, type PendingRow, groupPending, pendingStatement } from "./not-answered.ts";

export type GuestPage = {
  couple: string;
  functions: { id: string; name: string; eventDate: string; startTime: string | null; venue: string | null }[];
  households: Household[];
  search: GuestSearch;
  query: GuestQuery;
  headCounts: FunctionHeadCount[];
  notAnswered: NotAnswered[];
  /** What the reader may change here (guests: households and guests; invitations: sharing and reminding) and whether they see contacts. */
  rights: WeddingRights;
};

/** Everything /profile/guests shows, in ONE D1 batch (one round trip): functions, households, a page of guests, head-counts, who has not answered. */
export async function guestPage(ctx: DomainContext, input: unknown): Promise<GuestPage> {
  const me = await openWedding(ctx, "guests", "read");
  const query = parseInput(guestQuery, input, "Some search options are not valid.");
  const [couple, functions, households, search, heads, pending] = await ctx.db.batch([
    ctx.db.prepare("SELECT user_name, partner_name FROM users WHERE id = ?").bind(me.key),
    ctx.db
      .prepare(
        "SELECT id, name, event_date, start_time, venue FROM events WHERE user_id = ? AND parent_id IS NULL ORDER BY event_date, start_time IS NULL, start_time, created_at",
      )
      .bind(me.key),
    householdsStatement(ctx.db, me.key),
    guestSearchStatement(ctx.db, me.key, query, me.seesContacts),
    headCountStatement(ctx.db, me.key),
    pendingStatement(ctx.db, me.key),
  ]);
  return {
    couple: coupleNames((couple!.results[0] as CoupleRow | undefined) ?? null),
    functions: (functions!.results as { id: string; name: string; event_date: string; start_time: string | null; venue: string | null }[]).map((e) => ({
      id: e.id,
      name: e.name,
      eventDate: e.event_date,
      startTime: e.start_time,
      venue: e.venue,
    })),
    households: (households!.results as HouseholdRow[]).map((r) => toHousehold(ctx, r)).map((h) => (me.seesContacts ? h : householdWithoutContacts(h))),
    search: searchResult(search!.results as FoundGuestRow[], query, me.seesContacts),
    query,
    headCounts: (heads!.results as HeadCountRow[]).map(toHeadCount),
    notAnswered: groupPending(pending!.results as PendingRow[]),
    rights: rightsOf(me),
  };
}
