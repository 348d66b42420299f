/**
 * The wedding's records as one zip of CSV files (issue 33, docs/decisions/0065-wedding-export.md):
 * everything its planners keep (functions, tasks, checklist, budget, guests, households,
 * invitations and answers, e-invite requests, cards, who plans it, the activity list), for the
 * couple and partners to keep or take elsewhere. Headers and fixed words in the reader's language
 * (the message catalogues), values as stored, every cell defused against spreadsheet formulas
 * (guests' toCsv). guests.csv is the guest list's own export (guestFile), so it imports back.
 * Never in it: RSVP links' tokens, invitation links' hashes, card images, sessions.
 */
import { strToU8, zipSync } from "fflate";
import { indiaDateTime, todayInIndia } from "#shared/india-time.ts";
import { activityLine } from "#shared/activity-text.ts";
import { m } from "#shared/paraglide/messages.js";
import { type DomainContext, Forbidden } from "../core/index.ts";
import { GUEST_FILE_SQL, type GuestRow, guestFile, toCsv } from "../guests/index.ts";
import { currentWedding } from "../weddings/index.ts";

export const WEDDING_EXPORT_MESSAGES = {
  get refused() {
    return m.api_export_refused();
  },
};

/** The files of the zip, in its order. */
export const WEDDING_EXPORT_FILES = [
  "functions.csv",
  "tasks.csv",
  "checklist.csv",
  "budget-total.csv",
  "budget.csv",
  "guests.csv",
  "households.csv",
  "invitations.csv",
  "answers.csv",
  "e-invite-requests.csv",
  "cards.csv",
  "planners.csv",
  "activity.csv",
] as const;
export type WeddingExportFile = (typeof WEDDING_EXPORT_FILES)[number];

export type WeddingExport = { filename: string; zip: Uint8Array<ArrayBuffer> };

type Cell = string | number | null | undefined;
type Rows = Record<string, Cell>[];

const text = (v: Cell) => (v === null || v === undefined ? "" : String(v));
const at = (ms: Cell) => (typeof ms === "number" ? indiaDateTime(ms) : "");
const yesNo = (v: Cell) => (v ? m.api_csv_yes() : m.api_csv_no());

type Statement = { statement: D1PreparedStatement; guestList: boolean };

/** The wedding's activity entries, newest first (bind its id). */
const ACTIVITY_SQL = `SELECT actor_name, area, action, count, subject, function_name, created_at FROM wedding_activity
       WHERE wedding_id = ? ORDER BY created_at DESC, id DESC`;

/**
 * The statements of the one D1 batch, bound to the wedding's key (the couple's user_id of the
 * planning rows) or its id (members, invitations to plan, activity). The guest list's (`guestList`:
 * functions, guests, households, invitations, answers) are prepared on the wedding's database: for a
 * wedding moved to its store (decision 0066) they run there unchanged, in one call beside the D1
 * batch (a moved wedding's functions cannot change, so D1's copy the tasks and budget join is the
 * store's). Tasks, checklist, budget, e-invite requests and cards follow when they move; the total
 * budget, members, invitations to plan and the activity stay in D1 (a moved wedding's guest-list
 * entries are added from its store).
 */
function statements(ctx: DomainContext, key: string, weddingId: string, guestList: D1Database): Statement[] {
  const q = (sql: string, ...binds: unknown[]) => ({ statement: ctx.db.prepare(sql).bind(...binds), guestList: false });
  // The guest list's statements (functions, guests, households, invitations, answers) read the wedding's database: its store once moved (decision 0066).
  const g = (sql: string, ...binds: unknown[]) => ({ statement: guestList.prepare(sql).bind(...binds), guestList: true });
  return [
    q("SELECT total_budget FROM users WHERE id = ?", key),
    g(
      `SELECT e.id, e.name, p.name AS parent_name, e.event_date, e.start_time, e.end_time, e.venue, e.budget, e.description
       FROM events e LEFT JOIN events p ON p.id = e.parent_id WHERE e.user_id = ? ORDER BY e.event_date, COALESCE(e.start_time, ''), e.created_at, e.id`,
      key,
    ),
    q(
      `SELECT e.name AS function_name, t.name, t.status, t.priority, t.due_date, t.assignee, t.notes
       FROM tasks t JOIN events e ON e.id = t.event_id WHERE t.user_id = ? ORDER BY e.event_date, e.id, t.created_at, t.id`,
      key,
    ),
    q("SELECT categories FROM checklists WHERE user_id = ?", key),
    q(
      `SELECT b.category, b.label, e.name AS function_name, b.estimated, b.quoted, b.booked, b.paid, b.due_date, b.notes
       FROM budget_lines b LEFT JOIN events e ON e.id = b.event_id WHERE b.user_id = ? ORDER BY b.category, b.created_at, b.id`,
      key,
    ),
    g(GUEST_FILE_SQL, key),
    g(
      `SELECT h.name, h.notes, (SELECT COUNT(*) FROM guests g WHERE g.household_id = h.id) AS guests
       FROM households h WHERE h.user_id = ? ORDER BY h.name COLLATE NOCASE, h.id`,
      key,
    ),
    g(
      `SELECT h.name AS household, e.name AS function_name, e.event_date, i.invited_at, i.shared_at, i.reminded_at
       FROM household_invitations i JOIN households h ON h.id = i.household_id JOIN events e ON e.id = i.event_id
       WHERE h.user_id = ? ORDER BY e.event_date, e.id, h.name COLLATE NOCASE, h.id`,
      key,
    ),
    g(
      `SELECT h.name AS household, g.name AS guest, e.name AS function_name, r.response, r.party_size, r.answered_at
       FROM guest_rsvps r JOIN guests g ON g.id = r.guest_id JOIN households h ON h.id = g.household_id JOIN events e ON e.id = r.event_id
       WHERE g.user_id = ? ORDER BY e.event_date, e.id, h.name COLLATE NOCASE, h.id, g.created_at, g.id`,
      key,
    ),
    q(
      `SELECT c.title AS card, r.name, r.phone, r.email, r.party_size, r.dietary, r.message, r.answers, r.status, r.created_at, r.decided_at
       FROM invite_requests r JOIN user_templates c ON c.id = r.card_id WHERE r.user_id = ? ORDER BY r.created_at, r.id`,
      key,
    ),
    q(
      `SELECT title, heading, subheading, bride_name, groom_name, event_date, time, location, published_at, updated_at
       FROM user_templates WHERE user_id = ? ORDER BY created_at, id`,
      key,
    ),
    q(
      `SELECT u.user_name AS name, u.email, u.verified_phone AS phone, m.role, m.areas, m.sees_contacts, m.created_at
       FROM wedding_members m JOIN users u ON u.id = m.user_id WHERE m.wedding_id = ?
       ORDER BY CASE m.role WHEN 'COUPLE' THEN 0 WHEN 'PARTNER' THEN 1 WHEN 'EDITOR' THEN 2 ELSE 3 END, m.created_at, m.user_id`,
      weddingId,
    ),
    // Open invitations to plan: never their token_hash.
    q(
      `SELECT name, email, phone, role, areas, sees_contacts, created_at, expires_at FROM wedding_invitations
       WHERE wedding_id = ? AND accepted_at IS NULL AND declined_at IS NULL AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at, id`,
      weddingId,
      ctx.now,
    ),
    q(ACTIVITY_SQL, weddingId),
  ];
}

/** The checklist's stored JSON as rows of category and item; a broken value gives no rows rather than failing the export. */
function checklistRows(stored: Cell): string[][] {
  let categories: unknown;
  try {
    categories = JSON.parse(text(stored) || "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(categories)) return [];
  return categories.flatMap((c: { category?: unknown; items?: { name?: unknown; done?: unknown; scheduleDate?: unknown }[] }) =>
    (Array.isArray(c.items) && c.items.length ? c.items : [null]).map((i) =>
      i ? [text(c.category as Cell), text(i.name as Cell), yesNo(i.done as Cell), text(i.scheduleDate as Cell)] : [text(c.category as Cell), "", "", ""],
    ),
  );
}

/** An e-invite request's answers ({eventId: response}) as "Sangeet: ATTENDING; Haldi: DECLINED" with the functions' names. */
function requestAnswers(stored: Cell, functionNames: Map<string, string>): string {
  try {
    const answers = JSON.parse(text(stored) || "{}") as Record<string, unknown>;
    return Object.entries(answers)
      .map(([eventId, response]) => `${functionNames.get(eventId) ?? eventId}: ${text(response as Cell)}`)
      .join("; ");
  } catch {
    return text(stored);
  }
}

function files(results: Rows[]): Record<WeddingExportFile, string> {
  const [total, functions, tasks, checklist, budget, guests, households, invitations, answers, requests, cards, members, pending, activity] = results as [
    Rows,
    Rows,
    Rows,
    Rows,
    Rows,
    Rows,
    Rows,
    Rows,
    Rows,
    Rows,
    Rows,
    Rows,
    Rows,
    Rows,
  ];
  const names = new Map(functions.map((f) => [text(f.id), text(f.name)]));
  const rows = (list: Rows, cells: (r: Record<string, Cell>) => Cell[]) => list.map((r) => cells(r).map(text));
  return {
    "functions.csv": toCsv([
      [
        m.api_export_col_function(),
        m.api_export_col_part_of(),
        m.api_export_col_date(),
        m.api_export_col_start(),
        m.api_export_col_end(),
        m.api_export_col_venue(),
        m.api_export_col_budget(),
        m.api_export_col_description(),
      ],
      ...rows(functions, (f) => [f.name, f.parent_name, f.event_date, f.start_time, f.end_time, f.venue, f.budget, f.description]),
    ]),
    "tasks.csv": toCsv([
      [
        m.api_export_col_function(),
        m.api_export_col_task(),
        m.api_export_col_status(),
        m.api_export_col_priority(),
        m.api_export_col_due(),
        m.api_export_col_assignee(),
        m.api_export_col_notes(),
      ],
      ...rows(tasks, (t) => [t.function_name, t.name, t.status, t.priority, t.due_date, t.assignee, t.notes]),
    ]),
    "checklist.csv": toCsv([
      [m.api_export_col_category(), m.api_export_col_item(), m.api_export_col_done(), m.api_export_col_date()],
      ...checklistRows(checklist[0]?.categories),
    ]),
    "budget-total.csv": toCsv([[m.api_export_col_total_budget()], ...(total[0]?.total_budget == null ? [] : [[text(total[0].total_budget)]])]),
    "budget.csv": toCsv([
      [
        m.api_export_col_category(),
        m.api_export_col_item(),
        m.api_export_col_function(),
        m.api_export_col_estimated(),
        m.api_export_col_quoted(),
        m.api_export_col_booked(),
        m.api_export_col_paid(),
        m.api_export_col_due(),
        m.api_export_col_notes(),
      ],
      ...rows(budget, (b) => [b.category, b.label, b.function_name, b.estimated, b.quoted, b.booked, b.paid, b.due_date, b.notes]),
    ]),
    // Only the couple and partners read this file, and they see contacts.
    "guests.csv": guestFile(guests as unknown as GuestRow[], true),
    "households.csv": toCsv([
      [m.api_export_col_household(), m.api_export_col_guests(), m.api_export_col_notes()],
      ...rows(households, (h) => [h.name, h.guests, h.notes]),
    ]),
    "invitations.csv": toCsv([
      [
        m.api_export_col_function(),
        m.api_export_col_date(),
        m.api_export_col_household(),
        m.api_export_col_invited_at(),
        m.api_export_col_shared_at(),
        m.api_export_col_reminded_at(),
      ],
      ...rows(invitations, (i) => [i.function_name, i.event_date, i.household, at(i.invited_at), at(i.shared_at), at(i.reminded_at)]),
    ]),
    "answers.csv": toCsv([
      [
        m.api_export_col_function(),
        m.api_export_col_household(),
        m.api_export_col_guest(),
        m.api_export_col_answer(),
        m.api_export_col_party_size(),
        m.api_export_col_answered_at(),
      ],
      ...rows(answers, (a) => [a.function_name, a.household, a.guest, a.response, a.party_size, at(a.answered_at)]),
    ]),
    "e-invite-requests.csv": toCsv([
      [
        m.api_export_col_card(),
        m.api_export_col_name(),
        m.api_export_col_phone(),
        m.api_export_col_email(),
        m.api_export_col_party_size(),
        m.api_export_col_dietary(),
        m.api_export_col_message(),
        m.api_export_col_answers(),
        m.api_export_col_status(),
        m.api_export_col_received_at(),
        m.api_export_col_decided_at(),
      ],
      ...rows(requests, (r) => [
        r.card,
        r.name,
        r.phone,
        r.email,
        r.party_size,
        r.dietary,
        r.message,
        requestAnswers(r.answers, names),
        r.status,
        at(r.created_at),
        at(r.decided_at),
      ]),
    ]),
    "cards.csv": toCsv([
      [
        m.api_export_col_title(),
        m.api_export_col_heading(),
        m.api_export_col_subheading(),
        m.api_export_col_bride(),
        m.api_export_col_groom(),
        m.api_export_col_date(),
        m.api_export_col_time(),
        m.api_export_col_location(),
        m.api_export_col_published_at(),
        m.api_export_col_updated_at(),
      ],
      ...rows(cards, (c) => [
        c.title,
        c.heading,
        c.subheading,
        c.bride_name,
        c.groom_name,
        c.event_date,
        c.time,
        c.location,
        at(c.published_at),
        at(c.updated_at),
      ]),
    ]),
    "planners.csv": toCsv([
      [
        m.api_export_col_name(),
        m.api_export_col_email(),
        m.api_export_col_phone(),
        m.api_export_col_role(),
        m.api_export_col_areas(),
        m.api_export_col_sees_contacts(),
        m.api_export_col_planner_status(),
        m.api_export_col_since(),
        m.api_export_col_expires_at(),
      ],
      ...rows(members, (p) => [p.name, p.email, p.phone, p.role, p.areas, yesNo(p.sees_contacts), m.api_export_member(), at(p.created_at), ""]),
      ...rows(pending, (p) => [p.name, p.email, p.phone, p.role, p.areas, yesNo(p.sees_contacts), m.api_export_invited(), at(p.created_at), at(p.expires_at)]),
    ]),
    "activity.csv": toCsv([
      [m.api_export_col_when(), m.api_export_col_who(), m.api_export_col_area(), m.api_export_col_what()],
      ...rows(activity, (a) => [
        at(a.created_at),
        a.actor_name,
        a.area,
        activityLine({
          actorName: text(a.actor_name),
          action: text(a.action),
          count: Number(a.count ?? 1),
          subject: a.subject == null ? null : text(a.subject),
          functionName: a.function_name == null ? null : text(a.function_name),
        }),
      ]),
    ]),
  };
}

/**
 * The current wedding's records as a zip of CSV files, for its couple and partners (those who manage
 * its people); anyone else is refused (403) before anything is read. One D1 call for who is asking,
 * one batch for the records.
 */
export async function weddingExport(ctx: DomainContext): Promise<WeddingExport> {
  const me = await currentWedding(ctx);
  if (!me.managesPeople) throw new Forbidden(WEDDING_EXPORT_MESSAGES.refused);
  const all = statements(ctx, me.key, me.weddingId, me.db);
  let results: Rows[];
  if (me.storedAt === null) results = (await ctx.db.batch(all.map((a) => a.statement))).map((r) => r.results as Rows);
  else {
    // A moved wedding (decision 0066): the guest list's statements are one call to its store, the rest one D1 batch, at the same time.
    const onStore = all.map((a) => a.guestList);
    const [fromStore, fromD1, storeActivity] = await Promise.all([
      me.db.batch(all.filter((a) => a.guestList).map((a) => a.statement)),
      ctx.db.batch(all.filter((a) => !a.guestList).map((a) => a.statement)),
      me.db.prepare(ACTIVITY_SQL).bind(me.weddingId).all(),
    ]);
    let s = 0;
    let d = 0;
    results = all.map((_, i) => (onStore[i] ? fromStore[s++]! : fromD1[d++]!).results as Rows);
    // Its guest list's activity entries are in its store: the file holds both, newest first.
    const last = results.length - 1;
    results[last] = [...results[last]!, ...(storeActivity.results as Rows)].sort((a, b) => Number(b.created_at) - Number(a.created_at));
  }
  const csv = files(results);
  // fflate's mtime is in local time; the zip's entries carry the moment of the export.
  const mtime = new Date(ctx.now);
  const zip = zipSync(Object.fromEntries(WEDDING_EXPORT_FILES.map((name) => [name, [strToU8(csv[name]), { mtime }]])), { level: 6 });
  // zipSync's array is over a plain ArrayBuffer (it allocates one), which a Response body needs.
  return { filename: `wedding-records-${todayInIndia(ctx.now)}.zip`, zip: zip as Uint8Array<ArrayBuffer> };
}
