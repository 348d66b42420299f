/**
 * The rows behind the guest list and what every file of this area shares about them: the Household
 * and Guest shapes, their SELECTs and INSERTs, the owner checks (another couple's household or guest
 * is 404), a household's personal link, and the couple's names. Inner file: only the names that were
 * public before are exported through index.ts.
 */
import type { guests, households, users } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import type { Dietary, GuestSide, guestFields } from "#shared/guest-schemas.ts";
import { type DomainContext, NotFound } from "../core/index.ts";
import type { WeddingAccess } from "../weddings/index.ts";
import { m } from "#shared/paraglide/messages.js";

export const HOUSEHOLD_MISSING = m.api_e_we_could_not_find_that_household_in;
export const GUEST_MISSING = m.api_e_we_could_not_find_that_guest_in;

/** What a write of the guest list answers, in the page's toast and the API's message alike. */
export const GUEST_MESSAGES = {
  get guestAdded() {
    return m.api_guest_guest_added();
  },
  get guestSaved() {
    return m.api_guest_guest_saved();
  },
  get guestRemoved() {
    return m.api_guest_guest_removed();
  },
  get householdAdded() {
    return m.api_guest_household_added();
  },
  get householdSaved() {
    return m.api_guest_household_saved();
  },
  get householdRemoved() {
    return m.api_guest_household_removed();
  },
  get invitationsSaved() {
    return m.api_guest_invitations_saved();
  },
};

export type Household = {
  id: string;
  name: string;
  notes: string | null;
  rsvpLink: string;
  guestCount: number;
  emailCount: number;
  phone: string | null;
  invitedEventIds: string[];
  sharedAt: number | null;
  remindedAt: number | null;
  /** The household's version (its updated_at): sent back with an edit or a removal, refused when it is no longer the stored one. */
  version: number;
};

export type Guest = {
  id: string;
  householdId: string;
  householdName: string;
  name: string;
  side: GuestSide;
  relation: string | null;
  phone: string | null;
  email: string | null;
  city: string | null;
  dietary: Dietary | null;
  needsStay: boolean;
  needsPickup: boolean;
  /** The guest's version (its updated_at): sent back with an edit, which is refused when it is no longer the stored one. */
  version: number;
};

/** A household as HOUSEHOLD_SELECT reads it: its columns and what its guests and invitations add (event_ids a comma list). */
export type HouseholdRow = Row<typeof households, "id" | "name" | "notes" | "rsvp_token" | "updated_at"> & {
  guest_count: number;
  email_count: number;
  phone: string | null;
  event_ids: string | null;
  shared_at: number | null;
  reminded_at: number | null;
};

/** A guest as GUEST_COLUMNS reads it, with its household's name. */
export type GuestRow = Row<
  typeof guests,
  "id" | "household_id" | "name" | "side" | "relation" | "phone" | "email" | "city" | "dietary" | "needs_stay" | "needs_pickup" | "updated_at"
> & { household_name: string };

/** A household's personal link: 192 random bits, base64url (never derived from anything guessable). */
export function newRsvpToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export const rsvpLink = (ctx: Pick<DomainContext, "request">, token: string) => `${ctx.request.origin}/rsvp/${token}`;

export const toGuest = (r: GuestRow): Guest => ({
  id: r.id,
  householdId: r.household_id,
  householdName: r.household_name,
  name: r.name,
  side: r.side,
  relation: r.relation,
  phone: r.phone,
  email: r.email,
  city: r.city,
  dietary: r.dietary,
  needsStay: !!r.needs_stay,
  needsPickup: !!r.needs_pickup,
  version: r.updated_at,
});

/** A guest as a member who may not see guests' phone numbers and e-mail addresses gets it (docs/decisions/0049-weddings.md). */
export const withoutContacts = (g: Guest): Guest => ({ ...g, phone: null, email: null });

/** A household without its first guest's phone number, for the same members. */
export const householdWithoutContacts = (h: Household): Household => ({ ...h, phone: null });

export const toHousehold = (ctx: Pick<DomainContext, "request">, r: HouseholdRow): Household => ({
  id: r.id,
  name: r.name,
  notes: r.notes,
  rsvpLink: rsvpLink(ctx, r.rsvp_token),
  guestCount: r.guest_count,
  emailCount: r.email_count,
  phone: r.phone,
  invitedEventIds: r.event_ids ? r.event_ids.split(",") : [],
  sharedAt: r.shared_at,
  remindedAt: r.reminded_at,
  version: r.updated_at,
});

export const HOUSEHOLD_SELECT = `SELECT h.id, h.name, h.notes, h.rsvp_token, h.updated_at,
  (SELECT COUNT(*) FROM guests g WHERE g.household_id = h.id) AS guest_count,
  (SELECT COUNT(*) FROM guests g WHERE g.household_id = h.id AND g.email IS NOT NULL) AS email_count,
  (SELECT g.phone FROM guests g WHERE g.household_id = h.id AND g.phone IS NOT NULL ORDER BY g.created_at, g.id LIMIT 1) AS phone,
  (SELECT group_concat(hi.event_id) FROM household_invitations hi WHERE hi.household_id = h.id) AS event_ids,
  (SELECT MAX(hi.shared_at) FROM household_invitations hi WHERE hi.household_id = h.id) AS shared_at,
  (SELECT MAX(hi.reminded_at) FROM household_invitations hi WHERE hi.household_id = h.id) AS reminded_at
FROM households h`;

export const GUEST_COLUMNS = `g.id, g.household_id, h.name AS household_name, g.name, g.side, g.relation, g.phone, g.email, g.city, g.dietary, g.needs_stay, g.needs_pickup, g.updated_at`;

export async function ownedHousehold(ctx: DomainContext, userId: string, id: string): Promise<HouseholdRow> {
  const row = await ctx.db.prepare(`${HOUSEHOLD_SELECT} WHERE h.id = ? AND h.user_id = ?`).bind(id, userId).first<HouseholdRow>();
  if (!row) throw new NotFound(HOUSEHOLD_MISSING());
  return row;
}

export async function ownedGuest(ctx: DomainContext, userId: string, id: string): Promise<GuestRow> {
  const row = await ctx.db
    .prepare(`SELECT ${GUEST_COLUMNS} FROM guests g JOIN households h ON h.id = g.household_id WHERE g.id = ? AND g.user_id = ?`)
    .bind(id, userId)
    .first<GuestRow>();
  if (!row) throw new NotFound(GUEST_MISSING());
  return row;
}

export function insertHousehold(
  ctx: DomainContext,
  userId: string,
  id: string,
  name: string,
  notes: string | null,
  token: string = newRsvpToken(),
): D1PreparedStatement {
  return ctx.db
    .prepare("INSERT INTO households (id, user_id, name, rsvp_token, notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(id, userId, name, token, notes, ctx.now, ctx.now);
}

/**
 * A moved wedding's new RSVP links, recorded in D1's map (wedding_rsvp_tokens) before the store's
 * transaction that gives them to households (docs/decisions/0066): the public link finds the store
 * from its token alone, and a link whose household was never written finds none there (404, as any
 * unknown link). A D1 wedding's links are found in `households`: nothing to record.
 */
export async function recordLinks(ctx: DomainContext, wedding: Pick<WeddingAccess, "weddingId" | "storedAt">, tokens: string[]): Promise<void> {
  if (wedding.storedAt === null || tokens.length === 0) return;
  await ctx.db.batch(
    tokens.map((token) =>
      ctx.db.prepare("INSERT INTO wedding_rsvp_tokens (token, wedding_id, created_at) VALUES (?, ?, ?)").bind(token, wedding.weddingId, ctx.now),
    ),
  );
}

export function insertGuest(
  ctx: DomainContext,
  userId: string,
  householdId: string,
  id: string,
  g: ReturnType<typeof guestFields.parse>,
  now: number,
): D1PreparedStatement {
  return ctx.db
    .prepare(
      `INSERT INTO guests (id, user_id, household_id, name, side, relation, phone, email, city, dietary, needs_stay, needs_pickup, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(id, userId, householdId, g.name, g.side, g.relation, g.phone, g.email, g.city, g.dietary, g.needsStay ? 1 : 0, g.needsPickup ? 1 : 0, now, now);
}

export type CoupleRow = Row<typeof users, "user_name" | "partner_name">;
/** "Asha & Rahul", or "The couple" from the catalogue in the request's language when the couple's row is gone. */
export const coupleNames = (c: CoupleRow | null) => (c ? (c.partner_name ? `${c.user_name} & ${c.partner_name}` : c.user_name) : m.api_the_couple());
