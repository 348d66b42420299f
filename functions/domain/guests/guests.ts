import { queueMail } from "#platform/mail.ts";
import { HEADCOUNT_SQL } from "./headcount-sql.ts";
import {
  GUESTS_MAX,
  GUESTS_PAGE_SIZE,
  IMPORT_BYTES_MAX,
  IMPORT_ROWS_MAX,
  guestFields,
  guestInput,
  guestQuery,
  guestUpdateInput,
  householdInput,
  householdUpdateInput,
  invitationsInput,
  shareInput,
  type Dietary,
  type GuestQuery,
  type GuestSide,
} from "#shared/guest-schemas.ts";
import { formatDate } from "#shared/format.ts";
import { type DomainContext, Conflict, Invalid, NotFound, TooManyRequests, newId, textMatch, fieldErrors, parseInput } from "../core/index.ts";
import { parseCsv, toCsv, undefuse } from "./guest-csv.ts";
import { requirePlanner } from "../planning/index.ts";

/**
 * The couple's guest list (issue 12): households (a family invited together, with its personal
 * RSVP link), guests in them, which households are invited to which functions, head-counts per
 * function and per dietary preference, CSV import and export, sharing and reminding. Another
 * couple's household or guest is 404 and changes nothing. The answers themselves are written by
 * the household's link (rsvp.ts). docs/decisions/0022-guests-and-rsvp.md.
 */

const HOUSEHOLD_MISSING = "We could not find that household in your guest list.";
const GUEST_MISSING = "We could not find that guest in your guest list.";
const FUNCTION_MISSING = "We could not find that function in your wedding plan.";
/** The couple may remind a household again after this long. */
export const REMIND_INTERVAL_MS = 12 * 60 * 60 * 1000;

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
};

export type FunctionHeadCount = {
  eventId: string;
  name: string;
  eventDate: string;
  startTime: string | null;
  invitedHouseholds: number;
  invitedGuests: number;
  /** People coming: the party sizes of ATTENDING answers. */
  attending: number;
  /** People who may come: the party sizes of MAYBE answers. */
  maybe: number;
  /** Guests who said they will not come. */
  declined: number;
  /** Invited guests with no answer yet. */
  notAnswered: number;
  /** People coming by dietary preference (the caterer's numbers); UNKNOWN when the guest has none recorded. */
  dietary: Record<Dietary | "UNKNOWN", number>;
};

export type NotAnswered = {
  householdId: string;
  name: string;
  emailCount: number;
  remindedAt: number | null;
  sharedAt: number | null;
  functions: { eventId: string; name: string; eventDate: string }[];
};

type HouseholdRow = {
  id: string;
  name: string;
  notes: string | null;
  rsvp_token: string;
  guest_count: number;
  email_count: number;
  phone: string | null;
  event_ids: string | null;
  shared_at: number | null;
  reminded_at: number | null;
};

type GuestRow = {
  id: string;
  household_id: string;
  household_name: string;
  name: string;
  side: GuestSide;
  relation: string | null;
  phone: string | null;
  email: string | null;
  city: string | null;
  dietary: Dietary | null;
  needs_stay: number;
  needs_pickup: number;
  total?: number;
};

/** A household's personal link: 192 random bits, base64url (never derived from anything guessable). */
export function newRsvpToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export const rsvpLink = (ctx: Pick<DomainContext, "request">, token: string) => `${ctx.request.origin}/rsvp/${token}`;

const toGuest = (r: GuestRow): Guest => ({
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
});

const toHousehold = (ctx: Pick<DomainContext, "request">, r: HouseholdRow): Household => ({
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
});

const HOUSEHOLD_SELECT = `SELECT h.id, h.name, h.notes, h.rsvp_token,
  (SELECT COUNT(*) FROM guests g WHERE g.household_id = h.id) AS guest_count,
  (SELECT COUNT(*) FROM guests g WHERE g.household_id = h.id AND g.email IS NOT NULL) AS email_count,
  (SELECT g.phone FROM guests g WHERE g.household_id = h.id AND g.phone IS NOT NULL ORDER BY g.created_at, g.id LIMIT 1) AS phone,
  (SELECT group_concat(hi.event_id) FROM household_invitations hi WHERE hi.household_id = h.id) AS event_ids,
  (SELECT MAX(hi.shared_at) FROM household_invitations hi WHERE hi.household_id = h.id) AS shared_at,
  (SELECT MAX(hi.reminded_at) FROM household_invitations hi WHERE hi.household_id = h.id) AS reminded_at
FROM households h`;

const GUEST_COLUMNS = `g.id, g.household_id, h.name AS household_name, g.name, g.side, g.relation, g.phone, g.email, g.city, g.dietary, g.needs_stay, g.needs_pickup`;

async function ownedHousehold(ctx: DomainContext, userId: string, id: string): Promise<HouseholdRow> {
  const row = await ctx.db.prepare(`${HOUSEHOLD_SELECT} WHERE h.id = ? AND h.user_id = ?`).bind(id, userId).first<HouseholdRow>();
  if (!row) throw new NotFound(HOUSEHOLD_MISSING);
  return row;
}

async function ownedGuest(ctx: DomainContext, userId: string, id: string): Promise<GuestRow> {
  const row = await ctx.db
    .prepare(`SELECT ${GUEST_COLUMNS} FROM guests g JOIN households h ON h.id = g.household_id WHERE g.id = ? AND g.user_id = ?`)
    .bind(id, userId)
    .first<GuestRow>();
  if (!row) throw new NotFound(GUEST_MISSING);
  return row;
}

async function guestCountOf(ctx: DomainContext, userId: string): Promise<number> {
  return (await ctx.db.prepare("SELECT COUNT(*) AS n FROM guests WHERE user_id = ?").bind(userId).first<{ n: number }>())?.n ?? 0;
}

function insertHousehold(ctx: DomainContext, userId: string, id: string, name: string, notes: string | null): D1PreparedStatement {
  return ctx.db
    .prepare("INSERT INTO households (id, user_id, name, rsvp_token, notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(id, userId, name, newRsvpToken(), notes, ctx.now, ctx.now);
}

function insertGuest(
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

// ---------------------------------------------------------------- households

export async function listHouseholds(ctx: DomainContext): Promise<Household[]> {
  const me = requirePlanner(ctx);
  const { results } = await householdsStatement(ctx.db, me.id).all<HouseholdRow>();
  return results.map((r) => toHousehold(ctx, r));
}

function householdsStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare(`${HOUSEHOLD_SELECT} WHERE h.user_id = ? ORDER BY h.name COLLATE NOCASE, h.id`).bind(userId);
}

export async function createHousehold(ctx: DomainContext, input: unknown): Promise<Household> {
  const me = requirePlanner(ctx);
  const data = parseInput(householdInput, input);
  const id = newId(ctx.now);
  await insertHousehold(ctx, me.id, id, data.name, data.notes).run();
  return toHousehold(ctx, await ownedHousehold(ctx, me.id, id));
}

export async function updateHousehold(ctx: DomainContext, id: string, input: unknown): Promise<Household> {
  const me = requirePlanner(ctx);
  const data = parseInput(householdUpdateInput, input);
  const before = await ownedHousehold(ctx, me.id, id);
  await ctx.db
    .prepare("UPDATE households SET name = ?, notes = ?, updated_at = ? WHERE id = ? AND user_id = ?")
    .bind(data.name ?? before.name, data.notes === undefined ? before.notes : data.notes, ctx.now, id, me.id)
    .run();
  return toHousehold(ctx, await ownedHousehold(ctx, me.id, id));
}

/** Removes the household with its guests, their answers and its invitations, in one batch. */
export async function deleteHousehold(ctx: DomainContext, id: string): Promise<void> {
  const me = requirePlanner(ctx);
  await ownedHousehold(ctx, me.id, id);
  await ctx.db.batch([
    ctx.db.prepare("DELETE FROM guest_rsvps WHERE guest_id IN (SELECT id FROM guests WHERE household_id = ? AND user_id = ?)").bind(id, me.id),
    ctx.db.prepare("DELETE FROM household_invitations WHERE household_id = (SELECT id FROM households WHERE id = ? AND user_id = ?)").bind(id, me.id),
    ctx.db.prepare("DELETE FROM guests WHERE household_id = ? AND user_id = ?").bind(id, me.id),
    ctx.db.prepare("DELETE FROM households WHERE id = ? AND user_id = ?").bind(id, me.id),
  ]);
}

/** A new personal link; the old one stops working at once (404). */
export async function resetHouseholdLink(ctx: DomainContext, id: string): Promise<Household> {
  const me = requirePlanner(ctx);
  await ownedHousehold(ctx, me.id, id);
  await ctx.db.prepare("UPDATE households SET rsvp_token = ?, updated_at = ? WHERE id = ? AND user_id = ?").bind(newRsvpToken(), ctx.now, id, me.id).run();
  return toHousehold(ctx, await ownedHousehold(ctx, me.id, id));
}

// ---------------------------------------------------------------- guests

/** A guest into one of the couple's households, or (no household given) into a new household of one named after them. */
export async function addGuest(ctx: DomainContext, input: unknown): Promise<Guest> {
  const me = requirePlanner(ctx);
  const data = parseInput(guestInput, input);
  if ((await guestCountOf(ctx, me.id)) >= GUESTS_MAX) throw new Conflict(`Your guest list is full (${GUESTS_MAX} guests).`);
  const id = newId(ctx.now);
  const writes: D1PreparedStatement[] = [];
  let householdId = data.householdId;
  if (householdId) await ownedHousehold(ctx, me.id, householdId);
  else {
    householdId = newId(ctx.now);
    writes.push(insertHousehold(ctx, me.id, householdId, data.name, null));
  }
  writes.push(insertGuest(ctx, me.id, householdId, id, data, ctx.now));
  await ctx.db.batch(writes);
  return toGuest(await ownedGuest(ctx, me.id, id));
}

/** Changes the fields sent. Moving a guest to another household drops their answers for functions that household is not invited to. */
export async function updateGuest(ctx: DomainContext, id: string, input: unknown): Promise<Guest> {
  const me = requirePlanner(ctx);
  const data = parseInput(guestUpdateInput, input);
  const before = toGuest(await ownedGuest(ctx, me.id, id));
  const householdId = data.householdId ?? before.householdId;
  if (householdId !== before.householdId) await ownedHousehold(ctx, me.id, householdId);
  const g = { ...before, ...Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) } as Guest;
  await ctx.db.batch([
    ctx.db
      .prepare(
        `UPDATE guests SET household_id = ?, name = ?, side = ?, relation = ?, phone = ?, email = ?, city = ?, dietary = ?, needs_stay = ?, needs_pickup = ?, updated_at = ?
         WHERE id = ? AND user_id = ?`,
      )
      .bind(householdId, g.name, g.side, g.relation, g.phone, g.email, g.city, g.dietary, g.needsStay ? 1 : 0, g.needsPickup ? 1 : 0, ctx.now, id, me.id),
    ctx.db
      .prepare("DELETE FROM guest_rsvps WHERE guest_id = ? AND event_id NOT IN (SELECT event_id FROM household_invitations WHERE household_id = ?)")
      .bind(id, householdId),
  ]);
  return toGuest(await ownedGuest(ctx, me.id, id));
}

/** Removes the guest and their answers; the household stays (it may hold others, or get new ones). */
export async function deleteGuest(ctx: DomainContext, id: string): Promise<void> {
  const me = requirePlanner(ctx);
  await ownedGuest(ctx, me.id, id);
  await ctx.db.batch([
    ctx.db.prepare("DELETE FROM guest_rsvps WHERE guest_id = (SELECT id FROM guests WHERE id = ? AND user_id = ?)").bind(id, me.id),
    ctx.db.prepare("DELETE FROM guests WHERE id = ? AND user_id = ?").bind(id, me.id),
  ]);
}

/** The search statement (for the API call and the page's batch): guests by household, 100 a page, with the total. */
function guestSearchStatement(db: D1Database, userId: string, query: GuestQuery): D1PreparedStatement {
  const where = ["g.user_id = ?"];
  const binds: unknown[] = [userId];
  const words = textMatch(["g.name", "h.name", "g.email", "g.city", "g.phone"], query.q);
  if (words) {
    // A phone number typed with or without its spaces, dashes and brackets: its digits (3 or more) anywhere in the stored number's.
    const digits = (query.q ?? "").replace(/\D/g, "");
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
  const offset = ((query.page ?? 1) - 1) * GUESTS_PAGE_SIZE;
  return db
    .prepare(
      `SELECT ${GUEST_COLUMNS}, COUNT(*) OVER () AS total FROM guests g JOIN households h ON h.id = g.household_id
       WHERE ${where.join(" AND ")} ORDER BY h.name COLLATE NOCASE, h.id, g.name COLLATE NOCASE, g.id LIMIT ${GUESTS_PAGE_SIZE} OFFSET ${offset}`,
    )
    .bind(...binds);
}

export type GuestSearch = { guests: Guest[]; total: number; page: number; pageSize: number };

const searchResult = (rows: GuestRow[], query: GuestQuery): GuestSearch => ({
  guests: rows.map(toGuest),
  total: rows[0]?.total ?? 0,
  page: query.page ?? 1,
  pageSize: GUESTS_PAGE_SIZE,
});

/** Search (name, household, phone, e-mail, city) and filters (side, dietary, household, invited to a function, answer), 100 a page. */
export async function searchGuests(ctx: DomainContext, input: unknown = {}): Promise<GuestSearch> {
  const me = requirePlanner(ctx);
  const query = parseInput(guestQuery, input, "Some search options are not valid.");
  const { results } = await guestSearchStatement(ctx.db, me.id, query).all<GuestRow>();
  return searchResult(results, query);
}

// ---------------------------------------------------------------- invitations and head-counts

/**
 * The complete set of the couple's functions the household is invited to. Un-inviting removes the
 * household's answers for that function in the same batch. Another couple's (or no) function is 404.
 */
export async function setInvitations(ctx: DomainContext, householdId: string, input: unknown): Promise<Household> {
  const me = requirePlanner(ctx);
  const eventIds = [...new Set(parseInput(invitationsInput, input).eventIds)];
  await ownedHousehold(ctx, me.id, householdId);
  if (eventIds.length) {
    const found = await ctx.db
      .prepare("SELECT COUNT(*) AS n FROM events WHERE user_id = ? AND parent_id IS NULL AND id IN (SELECT value FROM json_each(?))")
      .bind(me.id, JSON.stringify(eventIds))
      .first<{ n: number }>();
    if ((found?.n ?? 0) !== eventIds.length) throw new NotFound(FUNCTION_MISSING);
  }
  const set = JSON.stringify(eventIds);
  await ctx.db.batch([
    ctx.db
      .prepare(
        "DELETE FROM guest_rsvps WHERE guest_id IN (SELECT id FROM guests WHERE household_id = ? AND user_id = ?) AND event_id NOT IN (SELECT value FROM json_each(?))",
      )
      .bind(householdId, me.id, set),
    ctx.db.prepare("DELETE FROM household_invitations WHERE household_id = ? AND event_id NOT IN (SELECT value FROM json_each(?))").bind(householdId, set),
    ctx.db
      .prepare(
        `INSERT OR IGNORE INTO household_invitations (household_id, event_id, invited_at)
         SELECT ?, e.id, ? FROM events e WHERE e.user_id = ? AND e.parent_id IS NULL AND e.id IN (SELECT value FROM json_each(?))`,
      )
      .bind(householdId, ctx.now, me.id, set),
  ]);
  return toHousehold(ctx, await ownedHousehold(ctx, me.id, householdId));
}

type HeadCountRow = {
  id: string;
  name: string;
  event_date: string;
  start_time: string | null;
  households: number;
  guests: number;
  attending: number;
  maybe: number;
  declined: number;
  not_answered: number;
  veg: number;
  jain: number;
  non_veg: number;
  vegan: number;
  unknown: number;
};

/** Head-counts of every function of the couple in ONE query (invitations x guests x answers, grouped by function). */
function headCountStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare(HEADCOUNT_SQL).bind(userId);
}

const toHeadCount = (r: HeadCountRow): FunctionHeadCount => ({
  eventId: r.id,
  name: r.name,
  eventDate: r.event_date,
  startTime: r.start_time,
  invitedHouseholds: r.households,
  invitedGuests: r.guests,
  attending: r.attending,
  maybe: r.maybe,
  declined: r.declined,
  notAnswered: r.not_answered,
  dietary: { VEG: r.veg, JAIN: r.jain, NON_VEG: r.non_veg, VEGAN: r.vegan, UNKNOWN: r.unknown },
});

/** Head-counts per function and per dietary preference (what the caterer needs), in one query. */
export async function functionHeadCounts(ctx: DomainContext): Promise<FunctionHeadCount[]> {
  const me = requirePlanner(ctx);
  const { results } = await headCountStatement(ctx.db, me.id).all<HeadCountRow>();
  return results.map(toHeadCount);
}

type PendingRow = {
  household_id: string;
  name: string;
  email_count: number;
  event_id: string;
  event_name: string;
  event_date: string;
  reminded_at: number | null;
  shared_at: number | null;
};

/** Invitations where some guest of the household has not answered yet. */
function pendingStatement(db: D1Database, userId: string, householdId?: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT h.id AS household_id, h.name, e.id AS event_id, e.name AS event_name, e.event_date, hi.reminded_at, hi.shared_at,
         (SELECT COUNT(*) FROM guests g WHERE g.household_id = h.id AND g.email IS NOT NULL) AS email_count
       FROM household_invitations hi JOIN households h ON h.id = hi.household_id JOIN events e ON e.id = hi.event_id
       WHERE h.user_id = ?1 ${householdId ? "AND h.id = ?2" : ""}
         AND EXISTS (SELECT 1 FROM guests g WHERE g.household_id = h.id AND NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.event_id = hi.event_id))
       ORDER BY h.name COLLATE NOCASE, h.id, e.event_date, e.start_time`,
    )
    .bind(...(householdId ? [userId, householdId] : [userId]));
}

function groupPending(rows: PendingRow[]): NotAnswered[] {
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
export async function notAnswered(ctx: DomainContext): Promise<NotAnswered[]> {
  const me = requirePlanner(ctx);
  return groupPending((await pendingStatement(ctx.db, me.id).all<PendingRow>()).results);
}

// ---------------------------------------------------------------- sharing and reminding

type CoupleRow = { user_name: string; partner_name: string | null };
const coupleNames = (c: CoupleRow | null) => (c ? (c.partner_name ? `${c.user_name} & ${c.partner_name}` : c.user_name) : "The couple");

export type ShareLinks = { rsvpLink: string; whatsapp: { en: string; hi: string }; email: string };

/** The prefilled invitation text, in English or Hindi (Devanagari), carrying the household's link. */
export function invitationText(lang: "en" | "hi", household: string, couple: string, functions: string[], link: string): string {
  const list = functions.join(", ");
  if (lang === "hi") return `नमस्ते ${household}! ${couple} आपको ${list || "हमारी शादी"} में सादर आमंत्रित करते हैं। कृपया इस लिंक पर बताइए कि कौन आ रहा है: ${link}`;
  return `Namaste ${household}! ${couple} warmly invite you to ${list || "our wedding"}. Please tell us who can come: ${link}`;
}

/** wa.me to the household's first phone (an Indian 10-digit number gets +91), or to any chat when it has none. */
export function whatsappUrl(phone: string | null, text: string): string {
  let digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length === 10) digits = `91${digits}`;
  if (digits.length === 11 && digits.startsWith("0")) digits = `91${digits.slice(1)}`;
  return `https://wa.me/${digits.length >= 10 ? digits : ""}?text=${encodeURIComponent(text)}`;
}

function shareLinksFor(household: { name: string; rsvpLink: string; phone: string | null }, couple: string, functions: string[], emails: string[]): ShareLinks {
  const en = invitationText("en", household.name, couple, functions, household.rsvpLink);
  const subject = `${couple}: you are invited`;
  return {
    rsvpLink: household.rsvpLink,
    whatsapp: {
      en: whatsappUrl(household.phone, en),
      hi: whatsappUrl(household.phone, invitationText("hi", household.name, couple, functions, household.rsvpLink)),
    },
    email: `mailto:${emails.map(encodeURIComponent).join(",")}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(en)}`,
  };
}

async function householdShareFacts(ctx: DomainContext, userId: string, householdId: string) {
  const [household, couple, functions, emails] = await ctx.db.batch([
    ctx.db.prepare(`${HOUSEHOLD_SELECT} WHERE h.id = ? AND h.user_id = ?`).bind(householdId, userId),
    ctx.db.prepare("SELECT user_name, partner_name FROM users WHERE id = ?").bind(userId),
    ctx.db
      .prepare(
        "SELECT e.id, e.name, e.event_date, e.start_time, e.venue FROM household_invitations hi JOIN events e ON e.id = hi.event_id WHERE hi.household_id = ? ORDER BY e.event_date, e.start_time",
      )
      .bind(householdId),
    ctx.db.prepare("SELECT DISTINCT email FROM guests WHERE household_id = ? AND email IS NOT NULL ORDER BY email").bind(householdId),
  ]);
  const row = household!.results[0] as HouseholdRow | undefined;
  if (!row) throw new NotFound(HOUSEHOLD_MISSING);
  return {
    household: toHousehold(ctx, row),
    couple: coupleNames((couple!.results[0] as CoupleRow | undefined) ?? null),
    functions: functions!.results as { id: string; name: string; event_date: string; start_time: string | null; venue: string | null }[],
    emails: (emails!.results as { email: string }[]).map((e) => e.email),
  };
}

/** The household's share links (WhatsApp in English and Hindi, e-mail); read only. */
export async function shareLinks(ctx: DomainContext, householdId: string): Promise<ShareLinks> {
  const me = requirePlanner(ctx);
  const f = await householdShareFacts(ctx, me.id, householdId);
  return shareLinksFor(
    f.household,
    f.couple,
    f.functions.map((e) => e.name),
    f.emails,
  );
}

/** The couple shares through our button: records shared_at on the household's invitations and answers the link to open. */
export async function shareHousehold(ctx: DomainContext, householdId: string, input: unknown): Promise<{ url: string; links: ShareLinks }> {
  const me = requirePlanner(ctx);
  const { channel, lang } = parseInput(shareInput, input);
  const f = await householdShareFacts(ctx, me.id, householdId);
  if (!f.functions.length) throw new Conflict("Invite this household to a function first, then share its link.");
  if (channel === "email" && !f.emails.length) throw new Conflict("No one in this household has an e-mail address: share the link by WhatsApp instead.");
  const links = shareLinksFor(
    f.household,
    f.couple,
    f.functions.map((e) => e.name),
    f.emails,
  );
  await ctx.db.prepare("UPDATE household_invitations SET shared_at = ? WHERE household_id = ?").bind(ctx.now, householdId).run();
  return { url: channel === "email" ? links.email : links.whatsapp[lang], links };
}

/**
 * E-mails the household's guests who have an address, listing the functions someone has not
 * answered yet with the household's link, and records reminded_at on those invitations in the same
 * batch as the queued mails. Once per REMIND_INTERVAL_MS.
 */
export async function remindHousehold(ctx: DomainContext, householdId: string): Promise<{ reminded: number; functions: string[] }> {
  const me = requirePlanner(ctx);
  const f = await householdShareFacts(ctx, me.id, householdId);
  const pending = (await pendingStatement(ctx.db, me.id, householdId).all<PendingRow>()).results;
  if (!pending.length) throw new Conflict("Everyone in this household has answered: there is nothing to remind them of.");
  if (!f.emails.length) throw new Conflict("No one in this household has an e-mail address: share the link by WhatsApp instead.");
  const last = Math.max(0, ...pending.map((p) => p.reminded_at ?? 0));
  if (last && ctx.now - last < REMIND_INTERVAL_MS) {
    throw new TooManyRequests(
      "This household was reminded less than 12 hours ago. Please wait before reminding them again.",
      Math.ceil((last + REMIND_INTERVAL_MS - ctx.now) / 1000),
    );
  }
  const details = f.functions.filter((e) => pending.some((p) => p.event_id === e.id));
  const lines = details.map((e) => `- ${e.name}: ${formatDate(e.event_date)}${e.start_time ? `, ${e.start_time}` : ""}${e.venue ? `, ${e.venue}` : ""}`);
  const text = [
    `Namaste ${f.household.name},`,
    "",
    `${f.couple} would love to know whether you can come to:`,
    ...lines,
    "",
    `Please answer here (no account needed): ${f.household.rsvpLink}`,
  ].join("\n");
  const mails = f.emails.map((to) => queueMail(ctx.db, { to, subject: `${f.couple}: please tell us if you can come`, text }, ctx.now));
  await ctx.db.batch([
    ctx.db
      .prepare("UPDATE household_invitations SET reminded_at = ? WHERE household_id = ? AND event_id IN (SELECT value FROM json_each(?))")
      .bind(ctx.now, householdId, JSON.stringify(pending.map((p) => p.event_id))),
    ...mails.map((m) => m.statement),
  ]);
  await ctx.mail.deliver(mails.map((m) => m.id));
  return { reminded: mails.length, functions: details.map((e) => e.name) };
}

// ---------------------------------------------------------------- CSV

export const CSV_COLUMNS = ["Household", "Name", "Side", "Relation", "Phone", "Email", "City", "Dietary", "Stay", "Pickup"] as const;
type Column = "household" | "name" | "side" | "relation" | "phone" | "email" | "city" | "dietary" | "stay" | "pickup";

const HEADER_NAMES: Record<string, Column> = {
  household: "household",
  family: "household",
  householdname: "household",
  familyname: "household",
  group: "household",
  name: "name",
  guest: "name",
  guestname: "name",
  fullname: "name",
  side: "side",
  relation: "relation",
  relationship: "relation",
  phone: "phone",
  mobile: "phone",
  phonenumber: "phone",
  mobilenumber: "phone",
  whatsapp: "phone",
  contact: "phone",
  email: "email",
  emailaddress: "email",
  mail: "email",
  city: "city",
  town: "city",
  dietary: "dietary",
  diet: "dietary",
  food: "dietary",
  foodpreference: "dietary",
  dietarypreference: "dietary",
  meal: "dietary",
  stay: "stay",
  needsstay: "stay",
  accommodation: "stay",
  pickup: "pickup",
  needspickup: "pickup",
  transport: "pickup",
};

const letters = (v: string) => v.toLowerCase().replace(/[^a-z]/g, "");

function sideOf(v: string): string {
  const s = letters(v);
  if (!s || ["both", "bothsides", "common", "mutual"].includes(s)) return "BOTH";
  if (s === "b" || s.startsWith("bride")) return "BRIDE";
  if (s === "g" || s.startsWith("groom")) return "GROOM";
  return v;
}

function dietaryOf(v: string): string | null {
  const s = letters(v);
  if (!s) return null;
  if (["veg", "vegetarian", "v", "veggie"].includes(s)) return "VEG";
  if (s === "jain") return "JAIN";
  if (["nonveg", "nonvegetarian", "nv"].includes(s)) return "NON_VEG";
  if (s === "vegan") return "VEGAN";
  return v;
}

function yesNo(v: string, label: string): boolean | string {
  const s = v.trim().toLowerCase();
  if (["yes", "y", "true", "1", "x", "✓", "haan", "ha"].includes(s)) return true;
  if (["no", "n", "false", "0", "", "nahi"].includes(s)) return false;
  return `${label}: write yes or no.`;
}

export type ImportResult = { imported: number; householdsCreated: number; errors: { row: number; reason: string }[] };

/**
 * A CSV with a header row (Household, Name, Side, Relation, Phone, Email, City, Dietary, Stay,
 * Pickup, in any order and case, common spellings accepted). The good rows are imported in one
 * atomic batch; the bad ones are listed with their row number (the header is row 1) and the reason.
 * Rows with the same Household name join one household (an existing one of that name, else a new
 * one); a row without one gets a household of its own.
 */
export async function importGuests(ctx: DomainContext, csv: string): Promise<ImportResult> {
  const me = requirePlanner(ctx);
  if (new TextEncoder().encode(csv).length > IMPORT_BYTES_MAX) throw new Invalid("The CSV file is too large (at most 512 KB).", { csv: "At most 512 KB." });
  let rows: string[][];
  try {
    rows = parseCsv(csv);
  } catch {
    throw new Invalid("The CSV file could not be read: a quoted field is not closed.", { csv: "A quoted field is not closed." });
  }
  const header = rows[0]?.map((h) => HEADER_NAMES[letters(h)]) ?? [];
  if (!header.includes("name"))
    throw new Invalid("The first row must name the columns, including Name.", { csv: "The first row must name the columns, including Name." });
  const body = rows.slice(1);
  if (body.length > IMPORT_ROWS_MAX)
    throw new Invalid(`Please import at most ${IMPORT_ROWS_MAX} guests at a time.`, { csv: `At most ${IMPORT_ROWS_MAX} rows.` });

  const [existingHouseholds, count] = await ctx.db.batch([
    ctx.db.prepare("SELECT id, name FROM households WHERE user_id = ? ORDER BY created_at, id").bind(me.id),
    ctx.db.prepare("SELECT COUNT(*) AS n FROM guests WHERE user_id = ?").bind(me.id),
  ]);
  const byName = new Map<string, string>();
  for (const h of existingHouseholds!.results as { id: string; name: string }[]) if (!byName.has(h.name.toLowerCase())) byName.set(h.name.toLowerCase(), h.id);
  const guestCount = (count!.results[0] as { n: number }).n;

  const errors: ImportResult["errors"] = [];
  const writes: D1PreparedStatement[] = [];
  let imported = 0;
  let householdsCreated = 0;
  body.forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((c) => c.trim() === "")) return;
    const get = (col: Column) => undefuse((cells[header.indexOf(col)] ?? "").trim());
    const stay = yesNo(get("stay"), "Stay");
    const pickup = yesNo(get("pickup"), "Pickup");
    const parsed = guestFields.safeParse({
      name: get("name"),
      side: sideOf(get("side")),
      relation: get("relation"),
      phone: get("phone"),
      email: get("email"),
      city: get("city"),
      dietary: dietaryOf(get("dietary")),
      needsStay: typeof stay === "boolean" ? stay : undefined,
      needsPickup: typeof pickup === "boolean" ? pickup : undefined,
    });
    const reasons = [...(parsed.success ? [] : Object.values(fieldErrors(parsed.error))), ...[stay, pickup].filter((v): v is string => typeof v === "string")];
    const household = get("household").slice(0, 120);
    if (reasons.length || !parsed.success) {
      errors.push({ row, reason: [...new Set(reasons)].join(" ") });
      return;
    }
    if (guestCount + imported >= GUESTS_MAX) {
      errors.push({ row, reason: `Your guest list is full (${GUESTS_MAX} guests).` });
      return;
    }
    let householdId = household ? byName.get(household.toLowerCase()) : undefined;
    if (!householdId) {
      householdId = newId(ctx.now);
      writes.push(insertHousehold(ctx, me.id, householdId, household || parsed.data.name, null));
      householdsCreated += 1;
      if (household) byName.set(household.toLowerCase(), householdId);
    }
    // Each row a distinct, increasing created_at so the list keeps the file's order within a household.
    writes.push(insertGuest(ctx, me.id, householdId, newId(ctx.now), parsed.data, ctx.now + imported));
    imported += 1;
  });
  if (writes.length) await ctx.db.batch(writes);
  return { imported, householdsCreated, errors };
}

/** The whole list as CSV (same columns as the import), every cell safe against spreadsheet formulas. */
export async function exportGuests(ctx: DomainContext): Promise<string> {
  const me = requirePlanner(ctx);
  const { results } = await ctx.db
    .prepare(
      `SELECT ${GUEST_COLUMNS} FROM guests g JOIN households h ON h.id = g.household_id WHERE g.user_id = ? ORDER BY h.name COLLATE NOCASE, h.id, g.created_at, g.id`,
    )
    .bind(me.id)
    .all<GuestRow>();
  const yes = (b: number) => (b ? "Yes" : "No");
  return toCsv([
    [...CSV_COLUMNS],
    ...results.map((g) => [
      g.household_name,
      g.name,
      g.side,
      g.relation ?? "",
      g.phone ?? "",
      g.email ?? "",
      g.city ?? "",
      g.dietary ? { VEG: "Veg", JAIN: "Jain", NON_VEG: "Non-veg", VEGAN: "Vegan" }[g.dietary] : "",
      yes(g.needs_stay),
      yes(g.needs_pickup),
    ]),
  ]);
}

// ---------------------------------------------------------------- the page

export type GuestPage = {
  couple: string;
  functions: { id: string; name: string; eventDate: string; startTime: string | null; venue: string | null }[];
  households: Household[];
  search: GuestSearch;
  query: GuestQuery;
  headCounts: FunctionHeadCount[];
  notAnswered: NotAnswered[];
};

/** Everything /profile/guests shows, in ONE D1 batch (one round trip): functions, households, a page of guests, head-counts, who has not answered. */
export async function guestPage(ctx: DomainContext, input: unknown): Promise<GuestPage> {
  const me = requirePlanner(ctx);
  const query = parseInput(guestQuery, input, "Some search options are not valid.");
  const [couple, functions, households, search, heads, pending] = await ctx.db.batch([
    ctx.db.prepare("SELECT user_name, partner_name FROM users WHERE id = ?").bind(me.id),
    ctx.db
      .prepare(
        "SELECT id, name, event_date, start_time, venue FROM events WHERE user_id = ? AND parent_id IS NULL ORDER BY event_date, start_time IS NULL, start_time, created_at",
      )
      .bind(me.id),
    householdsStatement(ctx.db, me.id),
    guestSearchStatement(ctx.db, me.id, query),
    headCountStatement(ctx.db, me.id),
    pendingStatement(ctx.db, me.id),
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
    households: (households!.results as HouseholdRow[]).map((r) => toHousehold(ctx, r)),
    search: searchResult(search!.results as GuestRow[], query),
    query,
    headCounts: (heads!.results as HeadCountRow[]).map(toHeadCount),
    notAnswered: groupPending(pending!.results as PendingRow[]),
  };
}
