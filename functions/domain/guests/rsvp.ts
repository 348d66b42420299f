import { rsvpInput, type RsvpResponse } from "#shared/guest-schemas.ts";
import type { households, users } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { type DomainContext, NotFound, takeOrThrow, type AllowanceRule, parseInput } from "../core/index.ts";
import { finishStoreWrites, guardedWhileInD1, weddingDatabase } from "../weddings/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * A household's personal RSVP link (/rsvp/:token, /api/v1/rsvp/{token}): no account, the token is
 * the authority. It reads the couple's names, the functions this household is invited to and its
 * own guests' names and answers, nothing else (no phone, e-mail or other household), and it writes
 * only answers of its own guests for functions its household is invited to: every INSERT re-checks
 * that in SQL, so a token reset or an un-invitation between the read and the write cannot let an
 * answer through. A wrong or reset token is 404 and says nothing more. Saves are limited per link and
 * per network address (where the platform reports one), so holding the link is not enough to use up
 * the family's allowance.
 */

const LINK_MISSING = m.api_e_this_invitation_link_is_not_valid_please;
const NOT_ON_INVITATION = m.api_e_we_could_not_find_that_guest_or;
/** Answers a link may save in an hour (a family changing its mind is a few; a script is many). */
export const RSVP_SAVES: AllowanceRule = {
  max: 30,
  windowMs: 60 * 60 * 1000,
  message: (wait: string) => m.api_limit_too_many_changes_to_these_answers_please({ wait }),
};

export type RsvpView = {
  household: string;
  couple: string;
  functions: { id: string; name: string; eventDate: string; startTime: string | null; endTime: string | null; venue: string | null }[];
  guests: { id: string; name: string; answers: Record<string, { response: RsvpResponse; partySize: number }> }[];
};

/** The household a link belongs to, with its couple's names. */
type LinkHouseholdRow = Row<typeof households, "id" | "name"> & Row<typeof users, "user_name" | "partner_name">;

/** Tokens are base64url of 24 random bytes; anything else cannot be one and is 404 without a query. */
const tokenShape = (token: string) => /^[A-Za-z0-9_-]{22,64}$/.test(token);

/** A moved wedding's link (docs/decisions/0066): which wedding the token belongs to, its couple's names, whether it is in its store. */
const MOVED_LINK_SQL = `SELECT w.id AS wedding_id, w.couple_user_id, w.stored_at, u.user_name, u.partner_name FROM wedding_rsvp_tokens t
  JOIN weddings w ON w.id = t.wedding_id JOIN users u ON u.id = w.couple_user_id WHERE t.token = ?`;
type MovedLinkRow = LinkHouseholdRow & { wedding_id: string; couple_user_id: string; stored_at: number | null };

/** The link's household, guests, functions and answers, read from `db` (D1, or a moved wedding's store). */
function linkStatements(db: D1Database, token: string, householdSql: string): D1PreparedStatement[] {
  return [
    db.prepare(householdSql).bind(token),
    db.prepare("SELECT g.id, g.name FROM guests g JOIN households h ON h.id = g.household_id WHERE h.rsvp_token = ? ORDER BY g.created_at, g.id").bind(token),
    db
      .prepare(
        `SELECT e.id, e.name, e.event_date, e.start_time, e.end_time, e.venue FROM household_invitations hi
         JOIN households h ON h.id = hi.household_id JOIN events e ON e.id = hi.event_id
         WHERE h.rsvp_token = ? ORDER BY e.event_date, e.start_time IS NULL, e.start_time, e.created_at`,
      )
      .bind(token),
    db
      .prepare(
        `SELECT r.guest_id, r.event_id, r.response, r.party_size FROM guest_rsvps r
         JOIN guests g ON g.id = r.guest_id JOIN households h ON h.id = g.household_id
         JOIN household_invitations hi ON hi.household_id = h.id AND hi.event_id = r.event_id
         WHERE h.rsvp_token = ?`,
      )
      .bind(token),
  ];
}

/**
 * The link's household and what it shows, and the database its answers are written to: D1's rows in
 * one batch, or, when D1's map says the token's wedding has moved to its store, that store's (the
 * couple's names come from D1 with the map).
 */
async function load(ctx: DomainContext, token: string): Promise<{ householdId: string; view: RsvpView; db: D1Database }> {
  if (!tokenShape(token)) throw new NotFound(LINK_MISSING());
  const inD1 = await ctx.db.batch([
    ctx.db.prepare(MOVED_LINK_SQL).bind(token),
    ...linkStatements(
      ctx.db,
      token,
      "SELECT h.id, h.name, h.user_id, u.user_name, u.partner_name FROM households h JOIN users u ON u.id = h.user_id WHERE h.rsvp_token = ?",
    ),
  ]);
  const moved = inD1[0]!.results[0] as MovedLinkRow | undefined;
  let [household, guests, functions, answers] = inD1.slice(1);
  const inD1Household = household!.results[0] as (LinkHouseholdRow & { user_id: string }) | undefined;
  // A wedding in D1: its answers are written to D1, refused if it moves meanwhile.
  let db = inD1Household ? guardedWhileInD1(ctx.db, inD1Household.user_id) : ctx.db;
  if (moved?.stored_at != null) {
    db = weddingDatabase(ctx, { weddingId: moved.wedding_id, key: moved.couple_user_id, storedAt: moved.stored_at });
    const read = () => db.batch(linkStatements(db, token, "SELECT h.id, h.name FROM households h WHERE h.rsvp_token = ?"));
    [household, guests, functions, answers] = await read();
    // A household whose store half is still owed (an approval whose store write failed, docs/decisions/0066): the link finishes it first.
    if (!household!.results[0] && (await finishStoreWrites(ctx, moved.wedding_id)) > 0) [household, guests, functions, answers] = await read();
    const found = household!.results[0] as LinkHouseholdRow | undefined;
    if (found) Object.assign(found, { user_name: moved.user_name, partner_name: moved.partner_name });
  }
  const h = household!.results[0] as LinkHouseholdRow | undefined;
  if (!h) throw new NotFound(LINK_MISSING());
  const byGuest = new Map<string, RsvpView["guests"][number]["answers"]>();
  for (const a of answers!.results as { guest_id: string; event_id: string; response: RsvpResponse; party_size: number }[]) {
    const m = byGuest.get(a.guest_id) ?? {};
    m[a.event_id] = { response: a.response, partySize: a.party_size };
    byGuest.set(a.guest_id, m);
  }
  return {
    householdId: h.id,
    db,
    view: {
      household: h.name,
      couple: h.partner_name ? `${h.user_name} & ${h.partner_name}` : h.user_name,
      functions: (
        functions!.results as { id: string; name: string; event_date: string; start_time: string | null; end_time: string | null; venue: string | null }[]
      ).map((e) => ({ id: e.id, name: e.name, eventDate: e.event_date, startTime: e.start_time, endTime: e.end_time, venue: e.venue })),
      guests: (guests!.results as { id: string; name: string }[]).map((g) => ({ id: g.id, name: g.name, answers: byGuest.get(g.id) ?? {} })),
    },
  };
}

/** What the link shows: the couple, the functions this household is invited to, its guests and their answers. */
export async function rsvpByToken(ctx: DomainContext, token: string): Promise<RsvpView> {
  return (await load(ctx, token)).view;
}

/**
 * Saves the household's answers in one batch. An answer for a guest of another household or a
 * function this household is not invited to is 404 and nothing is saved. 30 saves an hour per link
 * and address (per link only where no address is reported).
 */
export async function answerRsvp(ctx: DomainContext, token: string, input: unknown): Promise<RsvpView> {
  const { householdId, view, db } = await load(ctx, token);
  const { answers } = parseInput(rsvpInput, input);
  const guests = new Set(view.guests.map((g) => g.id));
  const functions = new Set(view.functions.map((f) => f.id));
  if (answers.some((a) => !guests.has(a.guestId) || !functions.has(a.eventId))) throw new NotFound(NOT_ON_INVITATION());
  // Per address where the platform reports it (issue 28): someone else holding the link cannot use up the family's saves.
  await takeOrThrow(ctx, ctx.request.ip ? `rsvp:${householdId}:ip:${ctx.request.ip}` : `rsvp:${householdId}`, RSVP_SAVES);
  await db.batch(
    answers.map((a) =>
      db
        .prepare(
          `INSERT INTO guest_rsvps (guest_id, event_id, response, party_size, answered_at)
           SELECT g.id, hi.event_id, ?, ?, ? FROM guests g
           JOIN households h ON h.id = g.household_id
           JOIN household_invitations hi ON hi.household_id = h.id AND hi.event_id = ?
           WHERE g.id = ? AND h.rsvp_token = ?
           ON CONFLICT (guest_id, event_id) DO UPDATE SET response = excluded.response, party_size = excluded.party_size, answered_at = excluded.answered_at`,
        )
        .bind(a.response, a.partySize, ctx.now, a.eventId, a.guestId, token),
    ),
  );
  return (await load(ctx, token)).view;
}
