import { env } from "cloudflare:workers";
import { sessionCookieFor } from "./factories.ts";

/**
 * A wedding with every kind of caller the access matrix's role rows play (issue 33,
 * tests/integration/access-matrix-roles.test.ts): its couple, a partner, an editor of each area, a
 * viewer, a co-planner who was removed, another wedding's couple (with its own records), a vendor
 * and a visitor. The couple's wedding holds one record of each planning area, each carrying a
 * secret a reader of the wedding sees in the answer; a guest's e-mail address and phone number are
 * the contacts only some members may read. One batch; a session only for the caller who plays.
 */
export const WEDDING_ROLES = ["couple", "partner", "editorOfArea", "editorOfOtherArea", "viewer", "removed", "otherCouple", "vendor", "anonymous"] as const;
export type WeddingRoleName = (typeof WEDDING_ROLES)[number];
export type PlanningArea = "guests" | "budget" | "plan" | "invitations";
const AREAS: PlanningArea[] = ["guests", "budget", "plan", "invitations"];

export type WeddingWorld = {
  tag: string;
  wedding: string;
  couple: string;
  otherCouple: string;
  /** The editor of each area (only that area). */
  editors: Record<PlanningArea, string>;
  partner: string;
  viewer: string;
  removed: string;
  vendor: string;
  /** The couple's records: a function with a task, a household (RSVP token) invited to it with a guest, a budget line, a checklist, a card. */
  event: string;
  task: string;
  household: string;
  rsvpToken: string;
  guest: string;
  budgetLine: string;
  card: string;
  /** Words only the couple's wedding's readers see, and the guest's contacts. */
  secret: string;
  guestEmail: string;
  guestPhone: string;
};

let seq = 0;

export async function buildWeddingWorld(): Promise<WeddingWorld> {
  const tag = `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const id = (k: string) => `r-${k}-${tag}`;
  const editors = Object.fromEntries(AREAS.map((a) => [a, id(`editor-${a}`)])) as Record<PlanningArea, string>;
  const w: WeddingWorld = {
    tag,
    wedding: id("wedding"),
    couple: id("couple"),
    otherCouple: id("other"),
    editors,
    partner: id("partner"),
    viewer: id("viewer"),
    removed: id("removed"),
    vendor: id("vendor"),
    event: id("event"),
    task: id("task"),
    household: id("household"),
    rsvpToken: `rtoken${tag}`.replace(/[^A-Za-z0-9]/g, "").padEnd(32, "0"),
    guest: id("guest"),
    budgetLine: id("bline"),
    card: id("card"),
    secret: `Secret ${tag}`,
    guestEmail: `guest-${tag}@guests.example`,
    guestPhone: `+9199${String(Date.now()).slice(-8)}`,
  };
  const now = Date.now();
  const db = env.DB;
  const users: [string, string][] = [
    [w.couple, "USER"],
    [w.otherCouple, "USER"],
    [w.partner, "USER"],
    [w.viewer, "USER"],
    [w.removed, "USER"],
    [w.vendor, "VENDOR"],
    ...AREAS.map((a) => [editors[a], "USER"] as [string, string]),
  ];
  const members: [string, string, string][] = [
    [w.couple, "COUPLE", ""],
    [w.partner, "PARTNER", ""],
    [w.viewer, "VIEWER", ""],
    ...AREAS.map((a) => [editors[a], "EDITOR", a] as [string, string, string]),
  ];
  const statements = [
    ...users.map(([uid, role]) =>
      db
        .prepare("INSERT INTO users (id, email, user_name, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)")
        .bind(uid, `${uid}@test.example`, `Name ${uid}`, role, now, now),
    ),
    db
      .prepare("INSERT INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at) VALUES (?, ?, ?, 'Rajasthan', 'Jaipur', ?, ?)")
      .bind(w.vendor, `vendor-${tag}`, `Business ${tag}`, now, now),
    db.prepare("INSERT INTO weddings (id, couple_user_id, created_at, updated_at) VALUES (?, ?, ?, ?)").bind(w.wedding, w.couple, now, now),
    ...members.map(([uid, role, areas]) =>
      db
        .prepare(
          "INSERT INTO wedding_members (wedding_id, user_id, role, areas, sees_contacts, opened_at, added_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(w.wedding, uid, role, areas, role === "COUPLE" ? 1 : 0, now, role === "COUPLE" ? null : w.couple, now, now),
    ),
    // The removed co-planner's own wedding (removal sends them back to it) and the other couple's.
    ...[w.removed, w.otherCouple].flatMap((uid) => [
      db.prepare("INSERT INTO weddings (id, couple_user_id, created_at, updated_at) VALUES (?, ?, ?, ?)").bind(`r-own-${uid}`, uid, now, now),
      db
        .prepare(
          "INSERT INTO wedding_members (wedding_id, user_id, role, areas, sees_contacts, opened_at, added_by, created_at, updated_at) VALUES (?, ?, 'COUPLE', '', 1, ?, NULL, ?, ?)",
        )
        .bind(`r-own-${uid}`, uid, now, now, now),
    ]),
    // The couple's records, one per area, each named with the secret.
    db
      .prepare(
        "INSERT INTO events (id, user_id, parent_id, name, event_date, start_time, created_at, updated_at) VALUES (?, ?, NULL, ?, '2027-02-13', '19:00', ?, ?)",
      )
      .bind(w.event, w.couple, `Sangeet ${w.secret}`, now, now),
    db
      .prepare("INSERT INTO tasks (id, event_id, user_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(w.task, w.event, w.couple, `Task ${w.secret}`, now, now),
    db
      .prepare("INSERT INTO households (id, user_id, name, rsvp_token, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(w.household, w.couple, `Household ${w.secret}`, w.rsvpToken, now, now),
    db
      .prepare("INSERT INTO guests (id, user_id, household_id, name, email, phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(w.guest, w.couple, w.household, `Guest ${w.secret}`, w.guestEmail, w.guestPhone, now, now),
    db.prepare("INSERT INTO household_invitations (household_id, event_id, invited_at) VALUES (?, ?, ?)").bind(w.household, w.event, now),
    db
      .prepare("INSERT INTO budget_lines (id, user_id, category, label, estimated, created_at, updated_at) VALUES (?, ?, 'venue', ?, 500000, ?, ?)")
      .bind(w.budgetLine, w.couple, `Lawn ${w.secret}`, now, now),
    db.prepare("UPDATE users SET total_budget = 2000000 WHERE id = ?").bind(w.couple),
    db
      .prepare("INSERT INTO checklists (user_id, categories, updated_at) VALUES (?, ?, ?)")
      .bind(w.couple, JSON.stringify([{ category: `Checklist ${w.secret}`, items: [] }]), now),
    db
      .prepare("INSERT INTO user_templates (id, user_id, title, canvas, revision, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)")
      .bind(w.card, w.couple, `Card ${w.secret}`, JSON.stringify({ version: "7.4.0", width: 600, height: 840, objects: [] }), now, now),
    // The other couple's own records, so their calls have something of theirs to act on.
    db
      .prepare("INSERT INTO households (id, user_id, name, rsvp_token, created_at, updated_at) VALUES (?, ?, 'Their household', ?, ?, ?)")
      .bind(`r-oh-${tag}`, w.otherCouple, `otoken${tag}`.replace(/[^A-Za-z0-9]/g, "").padEnd(32, "1"), now, now),
  ];
  await db.batch(statements);
  return w;
}

/** The account that plays the role (null for a visitor); the editors depend on the operation's area. */
export function accountOf(w: WeddingWorld, role: WeddingRoleName, area: PlanningArea): string | null {
  const other = AREAS[(AREAS.indexOf(area) + 1) % AREAS.length]!;
  return {
    couple: w.couple,
    partner: w.partner,
    editorOfArea: w.editors[area],
    editorOfOtherArea: w.editors[other],
    viewer: w.viewer,
    removed: w.removed,
    otherCouple: w.otherCouple,
    vendor: w.vendor,
    anonymous: null,
  }[role];
}

export async function cookieOf(w: WeddingWorld, role: WeddingRoleName, area: PlanningArea): Promise<string | undefined> {
  const account = accountOf(w, role, area);
  return account ? sessionCookieFor(account) : undefined;
}
