/**
 * Who plans a wedding, and managing them (issue 33, docs/decisions/0049-weddings.md "Co-planners"):
 * the members of the actor's current wedding, changing a member's role, areas and contacts right,
 * removing a member, leaving, and switching between the weddings an account plans. The couple and
 * partners manage people; the couple's own row is never changed or removed. Rights are read from
 * wedding_members on every call, so a change or a removal holds from the member's next request.
 */
import type { weddingMembers as memberTable } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { formatIndianMobile } from "#shared/phone-schemas.ts";
import { memberUpdateInput } from "#shared/wedding-schemas.ts";
import { m } from "#shared/paraglide/messages.js";
import { type DomainContext, Conflict, Forbidden, NotFound, parseInput, requireRole, requireSignedIn, ACCESS } from "../core/index.ts";
import { activityEntry } from "./activity.ts";
import { currentWedding, parseAreas, type WeddingAccess, type WeddingArea, type WeddingRole, WEDDING_MESSAGES } from "./wedding-access.ts";
import { tellRemoved } from "./live.ts";

export type WeddingMember = {
  userId: string;
  name: string;
  /** The member's e-mail address and mobile number: only to those who manage people (else null). */
  email: string | null;
  phone: string | null;
  role: WeddingRole;
  /** The areas the member changes (every area for the couple and partners, none for viewers). */
  areas: WeddingArea[];
  seesContacts: boolean;
  isYou: boolean;
  joinedAt: number;
};

export type WeddingSummary = {
  weddingId: string;
  /** "Asha & Rohan": the couple's names as the couple wrote them. */
  couple: string;
  role: WeddingRole;
  current: boolean;
};

/** The actor's place in their current wedding, as pages and the API show it. */
export type CurrentWedding = {
  weddingId: string;
  couple: string;
  role: WeddingRole;
  areas: WeddingArea[];
  seesContacts: boolean;
  managesPeople: boolean;
};

const ALL_AREAS: WeddingArea[] = ["guests", "budget", "plan", "invitations"];

/** "Asha & Rohan", or the couple's name alone. */
export const coupleName = (row: { user_name: string; partner_name: string | null }) =>
  row.partner_name ? `${row.user_name} & ${row.partner_name}` : row.user_name;

/** A member's rights as the row holds them: everything for the couple and partners. */
export function rightsOf(role: WeddingRole, storedAreas: string, seesContacts: number | boolean) {
  const everything = role === "COUPLE" || role === "PARTNER";
  const areas = everything ? [...ALL_AREAS] : role === "EDITOR" ? parseAreas(storedAreas) : [];
  return { areas, seesContacts: everything || areas.includes("guests") || Boolean(seesContacts) };
}

/** The wedding's couple names, one row. */
export function coupleNameStatement(ctx: DomainContext, weddingId: string): D1PreparedStatement {
  return ctx.db.prepare("SELECT u.user_name, u.partner_name FROM weddings w JOIN users u ON u.id = w.couple_user_id WHERE w.id = ?").bind(weddingId);
}

export function currentOf(w: WeddingAccess, couple: string): CurrentWedding {
  return { weddingId: w.weddingId, couple, role: w.role, areas: [...w.areas], seesContacts: w.seesContacts, managesPeople: w.managesPeople };
}

type MemberRow = Row<typeof memberTable, "user_id" | "role" | "areas" | "sees_contacts" | "created_at"> & {
  user_name: string;
  email: string;
  verified_phone: string | null;
};

const MEMBERS_SQL = `SELECT m.user_id, m.role, m.areas, m.sees_contacts, m.created_at, u.user_name, u.email, u.verified_phone
  FROM wedding_members m JOIN users u ON u.id = m.user_id
  WHERE m.wedding_id = ? ORDER BY CASE m.role WHEN 'COUPLE' THEN 0 WHEN 'PARTNER' THEN 1 WHEN 'EDITOR' THEN 2 ELSE 3 END, m.created_at, m.user_id`;

const WEDDINGS_SQL = `SELECT m.wedding_id, m.role, u.user_name, u.partner_name
  FROM wedding_members m JOIN weddings w ON w.id = m.wedding_id JOIN users u ON u.id = w.couple_user_id
  WHERE m.user_id = ? ORDER BY m.opened_at DESC, m.wedding_id LIMIT 50`;

function toMember(w: WeddingAccess, r: MemberRow): WeddingMember {
  const rights = rightsOf(r.role, r.areas, r.sees_contacts);
  return {
    userId: r.user_id,
    name: r.user_name,
    email: w.managesPeople ? r.email || null : null,
    phone: w.managesPeople && r.verified_phone ? formatIndianMobile(r.verified_phone) : null,
    role: r.role,
    areas: rights.areas,
    seesContacts: rights.seesContacts,
    isYou: r.user_id === w.actor.id,
    joinedAt: r.created_at,
  };
}

/** The actor's current wedding, its members, and every wedding the actor plans (for the switcher): one batch after the access read. */
export async function weddingMembers(ctx: DomainContext): Promise<{ wedding: CurrentWedding; members: WeddingMember[]; weddings: WeddingSummary[] }> {
  const w = await currentWedding(ctx);
  const [couple, members, weddings] = await ctx.db.batch([
    coupleNameStatement(ctx, w.weddingId),
    ctx.db.prepare(MEMBERS_SQL).bind(w.weddingId),
    ctx.db.prepare(WEDDINGS_SQL).bind(w.actor.id),
  ]);
  const names = couple!.results[0] as { user_name: string; partner_name: string | null };
  return {
    wedding: currentOf(w, coupleName(names)),
    members: (members!.results as MemberRow[]).map((r) => toMember(w, r)),
    weddings: (weddings!.results as { wedding_id: string; role: WeddingRole; user_name: string; partner_name: string | null }[]).map((r) => ({
      weddingId: r.wedding_id,
      couple: coupleName(r),
      role: r.role,
      current: r.wedding_id === w.weddingId,
    })),
  };
}

/** The weddings the signed-in planner belongs to (for the navigation's switcher): one query, no wedding made. */
export async function myWeddings(ctx: DomainContext): Promise<WeddingSummary[]> {
  const actor = requireRole(requireSignedIn(ctx.actor, WEDDING_MESSAGES.logIn), ACCESS.planner, m.couple_cp_vendor());
  const { results } = await ctx.db
    .prepare(WEDDINGS_SQL)
    .bind(actor.id)
    .all<{ wedding_id: string; role: WeddingRole; user_name: string; partner_name: string | null }>();
  return results.map((r, i) => ({ weddingId: r.wedding_id, couple: coupleName(r), role: r.role, current: i === 0 }));
}

/** The current wedding, refused unless the actor manages people there (the couple and partners). */
export async function managingWedding(ctx: DomainContext): Promise<WeddingAccess> {
  const w = await currentWedding(ctx);
  if (!w.managesPeople) throw new Forbidden(m.couple_cp_manage_only());
  return w;
}

/** Another member of the wedding, for a change: the couple's row is never changed or removed. */
async function otherMember(ctx: DomainContext, w: WeddingAccess, userId: string): Promise<{ role: WeddingRole; user_name: string }> {
  const row = await ctx.db
    .prepare("SELECT m.role, u.user_name FROM wedding_members m JOIN users u ON u.id = m.user_id WHERE m.wedding_id = ? AND m.user_id = ?")
    .bind(w.weddingId, userId)
    .first<{ role: WeddingRole; user_name: string }>();
  if (!row) throw new NotFound(m.couple_cp_member_missing());
  if (row.role === "COUPLE") throw new Forbidden(m.couple_cp_couple_fixed());
  return row;
}

/** Changes a member's role, areas and contacts right (the couple and partners; never the couple's own row). */
export async function changeMember(ctx: DomainContext, userId: string, input: unknown): Promise<{ message: string; member: WeddingMember }> {
  const w = await managingWedding(ctx);
  const data = parseInput(memberUpdateInput, input);
  const target = await otherMember(ctx, w, userId);
  await ctx.db.batch([
    ctx.db
      .prepare("UPDATE wedding_members SET role = ?, areas = ?, sees_contacts = ?, updated_at = ? WHERE wedding_id = ? AND user_id = ? AND role <> 'COUPLE'")
      .bind(data.role, data.areas.join(","), data.seesContacts ? 1 : 0, ctx.now, w.weddingId, userId),
    activityEntry(ctx, w, { area: "people", action: "planner_changed", subject: target.user_name, onlyIfChanged: true }),
  ]);
  const row = await ctx.db
    .prepare(`${MEMBERS_SQL.replace("ORDER BY", "AND m.user_id = ? ORDER BY")}`)
    .bind(w.weddingId, userId)
    .first<MemberRow>();
  return { message: m.couple_cp_changed({ name: target.user_name }), member: toMember(w, row!) };
}

/** Removes a member at once: their next request no longer reaches this wedding. */
export async function removeMember(ctx: DomainContext, userId: string): Promise<{ message: string }> {
  const w = await managingWedding(ctx);
  const target = await otherMember(ctx, w, userId);
  await ctx.db.batch([
    ctx.db.prepare("DELETE FROM wedding_members WHERE wedding_id = ? AND user_id = ? AND role <> 'COUPLE'").bind(w.weddingId, userId),
    activityEntry(ctx, w, { area: "people", action: "planner_removed", subject: target.user_name, onlyIfChanged: true }),
  ]);
  // Their open pages stop listening at once (the live object closes their sockets).
  tellRemoved(ctx, w.weddingId, userId);
  return { message: m.couple_cp_removed({ name: target.user_name }) };
}

/** The actor leaves their current wedding (the couple cannot leave their own); their next current wedding is the one they opened last. */
export async function leaveWedding(ctx: DomainContext): Promise<{ message: string }> {
  const w = await currentWedding(ctx);
  if (w.role === "COUPLE") throw new Conflict(m.couple_cp_couple_cannot_leave());
  const names = await coupleNameStatement(ctx, w.weddingId).first<{ user_name: string; partner_name: string | null }>();
  await ctx.db.batch([
    ctx.db.prepare("DELETE FROM wedding_members WHERE wedding_id = ? AND user_id = ? AND role <> 'COUPLE'").bind(w.weddingId, w.actor.id),
    activityEntry(ctx, w, { area: "people", action: "planner_left", onlyIfChanged: true }),
  ]);
  tellRemoved(ctx, w.weddingId, w.actor.id);
  return { message: m.couple_cp_left({ couple: names ? coupleName(names) : "" }) };
}

/** Makes one of the actor's weddings the current one (the latest opened_at). Not a member: 404. */
export async function switchWedding(ctx: DomainContext, weddingId: string): Promise<{ message: string; wedding: CurrentWedding }> {
  const actor = requireRole(requireSignedIn(ctx.actor, WEDDING_MESSAGES.logIn), ACCESS.planner, m.couple_cp_vendor());
  const [changed] = await ctx.db.batch([
    ctx.db.prepare("UPDATE wedding_members SET opened_at = ? WHERE wedding_id = ? AND user_id = ?").bind(ctx.now, weddingId, actor.id),
  ]);
  if (!changed!.meta.changes) throw new NotFound(m.couple_cp_wedding_missing());
  const w = await currentWedding(ctx);
  const names = await coupleNameStatement(ctx, w.weddingId).first<{ user_name: string; partner_name: string | null }>();
  const couple = names ? coupleName(names) : "";
  return { message: m.couple_cp_switched({ couple }), wedding: currentOf(w, couple) };
}

/** The actor's current wedding and rights, with every wedding they plan. */
export async function currentWeddingView(ctx: DomainContext): Promise<{ wedding: CurrentWedding; weddings: WeddingSummary[] }> {
  const { wedding, weddings } = await weddingMembers(ctx);
  return { wedding, weddings };
}
