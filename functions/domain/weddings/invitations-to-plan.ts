/**
 * Invitations to plan a wedding (issue 33, docs/decisions/0049-weddings.md "Inviting co-planners").
 * The couple or a partner invites a person by e-mail address or Indian mobile number with a role;
 * the link carries a random 160-bit token of which only the SHA-256 is stored. It works once (the
 * statement that accepts or declines it checks it is still open), for PLAN_INVITE_TTL_DAYS, only for
 * the account holding the invited address or number, and not after the couple withdraws it.
 */
import type { weddingInvitations } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { composeMail } from "#platform/mail-layout.ts";
import { queueMail } from "#platform/mail.ts";
import { withLocale } from "#platform/locale.ts";
import { log } from "#platform/log.ts";
import { formatDate } from "#shared/format.ts";
import { getLocale, pathInLocale, type Locale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";
import { formatIndianMobile } from "#shared/phone-schemas.ts";
import { isSecretToken } from "#shared/tokens.ts";
import { contactParts, planInviteInput, PLAN_INVITE_TTL_MS } from "#shared/wedding-schemas.ts";
import {
  ACCESS,
  type Actor,
  Conflict,
  type DomainContext,
  Forbidden,
  NotFound,
  newId,
  newToken,
  parseInput,
  requireRole,
  requireSignedIn,
  sha256Hex,
} from "../core/index.ts";
import { activityEntry } from "./activity.ts";
import { coupleName, coupleNameStatement, managingWedding, rightsOf } from "./members.ts";
import { type WeddingArea, type WeddingRole, WEDDING_MESSAGES } from "./wedding-access.ts";

/** The page a link opens (under /hi for an invitation written in Hindi). */
export const PLAN_INVITE_PATH = "/plan-together";

export type PendingInvitation = {
  id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  role: WeddingRole;
  areas: WeddingArea[];
  seesContacts: boolean;
  expiresAt: number;
  invitedBy: string | null;
};

type InvitationRow = Row<
  typeof weddingInvitations,
  "id" | "wedding_id" | "email" | "phone" | "name" | "role" | "areas" | "sees_contacts" | "expires_at" | "accepted_at" | "declined_at" | "revoked_at"
> & { inviter: string | null; user_name: string; partner_name: string | null };

const INVITATION_SELECT = `SELECT i.id, i.wedding_id, i.email, i.phone, i.name, i.role, i.areas, i.sees_contacts, i.expires_at, i.accepted_at, i.declined_at, i.revoked_at,
    iu.user_name AS inviter, cu.user_name, cu.partner_name
  FROM wedding_invitations i JOIN weddings w ON w.id = i.wedding_id JOIN users cu ON cu.id = w.couple_user_id LEFT JOIN users iu ON iu.id = i.invited_by`;

const OPEN = "i.accepted_at IS NULL AND i.declined_at IS NULL AND i.revoked_at IS NULL";

/** What an invitation's link shows: who invites, to which wedding, with what role, and whether it can still be used. */
export type InvitationView = {
  inviter: string;
  couple: string;
  role: WeddingRole;
  areas: WeddingArea[];
  seesContacts: boolean;
  /** The address or number it was sent to, as people read it. */
  sentTo: string;
  expiresAt: number;
  /** "open", or why it cannot be used. */
  state: "open" | "used" | "declined" | "revoked" | "expired";
};

const contactOf = (row: { email: string | null; phone: string | null }) => row.email ?? (row.phone ? formatIndianMobile(row.phone) : "");

function toPending(row: InvitationRow): PendingInvitation {
  const rights = rightsOf(row.role, row.areas, row.sees_contacts);
  return {
    id: row.id,
    email: row.email,
    phone: row.phone ? formatIndianMobile(row.phone) : null,
    name: row.name,
    role: row.role,
    areas: rights.areas,
    seesContacts: rights.seesContacts,
    expiresAt: row.expires_at,
    invitedBy: row.inviter,
  };
}

function stateOf(row: InvitationRow, now: number): InvitationView["state"] {
  if (row.accepted_at !== null) return "used";
  if (row.declined_at !== null) return "declined";
  if (row.revoked_at !== null) return "revoked";
  return row.expires_at <= now ? "expired" : "open";
}

const REFUSALS: Record<Exclude<InvitationView["state"], "open">, () => string> = {
  used: m.couple_cp_invitation_used,
  declined: m.couple_cp_invitation_declined,
  revoked: m.couple_cp_invitation_revoked,
  expired: m.couple_cp_invitation_expired,
};

/** The invitations of the actor's current wedding still waiting for an answer (the couple and partners only). */
export async function pendingInvitations(ctx: DomainContext): Promise<PendingInvitation[]> {
  const w = await managingWedding(ctx);
  const { results } = await ctx.db
    .prepare(`${INVITATION_SELECT} WHERE i.wedding_id = ? AND ${OPEN} AND i.expires_at > ? ORDER BY i.created_at DESC, i.id LIMIT 100`)
    .bind(w.weddingId, ctx.now)
    .all<InvitationRow>();
  return results.map(toPending);
}

/** The invitation's text in the inviter's language: a mail to an address, or an SMS to a number. */
function invitationTexts(locale: Locale, f: { inviter: string; couple: string; role: WeddingRole; name: string | null; link: string; expiresAt: number }) {
  const role = m[`couple_role_${f.role}`]({}, { locale });
  const date = withLocale(locale, () => formatDate(f.expiresAt));
  return {
    subject: m.mail_plan_invite_subject({ inviter: f.inviter, couple: f.couple }, { locale }),
    greeting: f.name ? m.mail_plan_invite_greeting({ name: f.name }, { locale }) : m.mail_plan_invite_greeting_plain({}, { locale }),
    intro: m.mail_plan_invite_intro({ inviter: f.inviter, couple: f.couple, role }, { locale }),
    linkLabel: m.mail_plan_invite_link({}, { locale }),
    expiry: m.mail_plan_invite_expiry({ date }, { locale }),
    reason: m.mail_plan_invite_reason({ inviter: f.inviter }, { locale }),
    sms: m.mail_plan_invite_sms({ inviter: f.inviter, couple: f.couple, link: f.link, date }, { locale }),
    date,
  };
}

/**
 * Invites a person to plan the actor's current wedding (the couple and partners). A new invitation
 * to an address or number with one still pending replaces it (the old link stops working). A person
 * who already plans the wedding is refused (409). The mail is queued in the same batch as the row;
 * an SMS is sent after the answer.
 */
export async function invitePlanner(ctx: DomainContext, input: unknown): Promise<{ message: string; invitation: PendingInvitation }> {
  const w = await managingWedding(ctx);
  const data = parseInput(planInviteInput, input);
  const { email, phone } = contactParts(data.contact);
  const [already, couple, invitee] = await ctx.db.batch([
    ctx.db
      .prepare(
        `SELECT u.user_name FROM wedding_members m JOIN users u ON u.id = m.user_id
         WHERE m.wedding_id = ?1 AND ((?2 IS NOT NULL AND lower(u.email) = ?2) OR (?3 IS NOT NULL AND u.verified_phone = ?3)) LIMIT 1`,
      )
      .bind(w.weddingId, email, phone),
    coupleNameStatement(ctx, w.weddingId),
    ctx.db
      .prepare("SELECT user_name FROM users WHERE (?1 IS NOT NULL AND lower(email) = ?1) OR (?2 IS NOT NULL AND verified_phone = ?2) LIMIT 1")
      .bind(email, phone),
  ]);
  const member = already!.results[0] as { user_name: string } | undefined;
  if (member) throw new Conflict(m.couple_cp_already_member({ name: member.user_name }), { contact: m.couple_cp_already_member({ name: member.user_name }) });
  const names = couple!.results[0] as { user_name: string; partner_name: string | null };
  const known = invitee!.results[0] as { user_name: string } | undefined;

  const token = newToken();
  const id = newId(ctx.now);
  const expiresAt = ctx.now + PLAN_INVITE_TTL_MS;
  const locale = getLocale();
  const link = `${ctx.request.origin}${pathInLocale(`${PLAN_INVITE_PATH}/${token}`, locale)}`;
  const texts = invitationTexts(locale, {
    inviter: w.actor.userName,
    couple: coupleName(names),
    role: data.role,
    name: data.name ?? known?.user_name ?? null,
    link,
    expiresAt,
  });
  const mail = email
    ? queueMail(
        ctx.db,
        composeMail({
          to: email,
          locale,
          subject: texts.subject,
          audience: "member",
          origin: ctx.request.origin,
          greeting: texts.greeting,
          body: [texts.intro, { link: { label: texts.linkLabel, url: link } }, texts.expiry],
          reason: texts.reason,
        }),
        ctx.now,
      )
    : null;
  await ctx.db.batch([
    ctx.db
      .prepare(
        `UPDATE wedding_invitations SET revoked_at = ?1, updated_at = ?1
         WHERE wedding_id = ?2 AND accepted_at IS NULL AND declined_at IS NULL AND revoked_at IS NULL AND (email = ?3 OR phone = ?4)`,
      )
      .bind(ctx.now, w.weddingId, email, phone),
    ctx.db
      .prepare(
        `INSERT INTO wedding_invitations (id, wedding_id, token_hash, email, phone, name, role, areas, sees_contacts, invited_by, expires_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12)`,
      )
      .bind(
        id,
        w.weddingId,
        await sha256Hex(token),
        email,
        phone,
        data.name,
        data.role,
        data.areas.join(","),
        data.seesContacts ? 1 : 0,
        w.actor.id,
        expiresAt,
        ctx.now,
      ),
    ...(mail ? [mail.statement] : []),
    // Named as the inviter typed it or as the account calls itself: the address or number stays with those who manage people.
    activityEntry(ctx, w, { area: "people", action: "planner_invited", subject: data.name ?? known?.user_name ?? null }),
  ]);
  if (mail) await ctx.mail.deliver([mail.id]);
  if (phone)
    ctx.defer(
      ctx.sms
        .send({ to: phone, template: "PLAN_INVITE", vars: { inviter: w.actor.userName, couple: coupleName(names), link, date: texts.date }, text: texts.sms })
        .catch((e: unknown) => log.error("plan invitation sms failed", {}, e)),
    );
  const row = await ctx.db.prepare(`${INVITATION_SELECT} WHERE i.id = ?`).bind(id).first<InvitationRow>();
  return { message: m.couple_cp_invited({ contact: contactOf({ email, phone }) }), invitation: toPending(row!) };
}

/** Withdraws a pending invitation of the actor's current wedding: its link stops working at once. */
export async function revokeInvitation(ctx: DomainContext, invitationId: string): Promise<{ message: string }> {
  const w = await managingWedding(ctx);
  const invited = await ctx.db
    .prepare("SELECT name FROM wedding_invitations WHERE id = ? AND wedding_id = ?")
    .bind(invitationId, w.weddingId)
    .first<{ name: string | null }>();
  const [done] = await ctx.db.batch([
    ctx.db
      .prepare(
        `UPDATE wedding_invitations SET revoked_at = ?1, updated_at = ?1 WHERE id = ?2 AND wedding_id = ?3 AND accepted_at IS NULL AND declined_at IS NULL AND revoked_at IS NULL`,
      )
      .bind(ctx.now, invitationId, w.weddingId),
    // Only when this withdrawal closed the invitation (an open one of this wedding); never an address or number, as for the invitation.
    activityEntry(ctx, w, { area: "people", action: "planner_invitation_withdrawn", subject: invited?.name ?? null, onlyIfChanged: true }),
  ]);
  if (!done!.meta.changes) throw new NotFound(m.couple_cp_pending_missing());
  return { message: m.couple_cp_revoked() };
}

async function invitationByToken(ctx: DomainContext, token: string): Promise<InvitationRow> {
  const row = isSecretToken(token)
    ? await ctx.db
        .prepare(`${INVITATION_SELECT} WHERE i.token_hash = ?`)
        .bind(await sha256Hex(token))
        .first<InvitationRow>()
    : null;
  if (!row) throw new NotFound(m.couple_cp_invitation_missing());
  return row;
}

/** What the link shows, to anybody holding it (signed in or not): a wrong token is 404 and says nothing more. */
export async function viewInvitation(ctx: DomainContext, token: string): Promise<InvitationView> {
  const row = await invitationByToken(ctx, token);
  const rights = rightsOf(row.role, row.areas, row.sees_contacts);
  return {
    inviter: row.inviter ?? row.user_name,
    couple: coupleName(row),
    role: row.role,
    areas: rights.areas,
    seesContacts: rights.seesContacts,
    sentTo: contactOf(row),
    expiresAt: row.expires_at,
    state: stateOf(row, ctx.now),
  };
}

/**
 * The signed-in planner who may answer the invitation: it must still be open, and the account must
 * hold the address or verified number it was sent to (a forwarded link does not let another
 * account in: decision 0049). A vendor account cannot join (403).
 */
async function answerable(ctx: DomainContext, token: string): Promise<{ actor: Actor; row: InvitationRow }> {
  requireSignedIn(ctx.actor, WEDDING_MESSAGES.logIn);
  const actor = requireRole(ctx.actor, ACCESS.planner, m.couple_cp_vendor());
  const row = await invitationByToken(ctx, token);
  const state = stateOf(row, ctx.now);
  if (state !== "open") throw new Conflict(REFUSALS[state]());
  const account = await ctx.db
    .prepare("SELECT lower(email) AS email, is_verified, verified_phone FROM users WHERE id = ?")
    .bind(actor.id)
    .first<{ email: string; is_verified: number; verified_phone: string | null }>();
  const holds =
    (row.email !== null && account?.email === row.email && Boolean(account.is_verified)) || (row.phone !== null && account?.verified_phone === row.phone);
  if (!holds) throw new Forbidden(m.couple_cp_wrong_account({ contact: contactOf(row) }));
  return { actor, row };
}

/**
 * Accepts: in one batch the invitation is marked used by this account (only if still open) and the
 * membership is made from it (only if that mark is this batch's), and the accepted wedding becomes
 * the account's current one. Two accepts at once: one wins, the other is told it was used.
 */
export async function acceptInvitation(ctx: DomainContext, token: string): Promise<{ message: string; weddingId: string }> {
  const { actor, row } = await answerable(ctx, token);
  const member = await ctx.db.prepare("SELECT 1 FROM wedding_members WHERE wedding_id = ? AND user_id = ?").bind(row.wedding_id, actor.id).first();
  if (member) throw new Conflict(m.couple_cp_already_member({ name: actor.userName }));
  const [used] = await ctx.db.batch([
    ctx.db
      .prepare(`UPDATE wedding_invitations AS i SET accepted_at = ?1, accepted_by = ?2, updated_at = ?1 WHERE i.id = ?3 AND ${OPEN} AND i.expires_at > ?1`)
      .bind(ctx.now, actor.id, row.id),
    ctx.db
      .prepare(
        `INSERT OR IGNORE INTO wedding_members (wedding_id, user_id, role, areas, sees_contacts, opened_at, added_by, created_at, updated_at)
         SELECT wedding_id, ?2, role, areas, sees_contacts, ?1, invited_by, ?1, ?1 FROM wedding_invitations WHERE id = ?3 AND accepted_by = ?2 AND accepted_at = ?1`,
      )
      .bind(ctx.now, actor.id, row.id),
    activityEntry(ctx, { weddingId: row.wedding_id, actor }, { area: "people", action: "planner_joined", onlyIfChanged: true }),
  ]);
  if (!used!.meta.changes) throw new Conflict(m.couple_cp_invitation_used());
  return { message: m.couple_cp_accepted({ couple: coupleName(row) }), weddingId: row.wedding_id };
}

/** Declines: the invitation is closed and the wedding's activity list says who declined; nothing else changes. */
export async function declineInvitation(ctx: DomainContext, token: string): Promise<{ message: string }> {
  const { actor, row } = await answerable(ctx, token);
  const [done] = await ctx.db.batch([
    ctx.db
      .prepare(`UPDATE wedding_invitations AS i SET declined_at = ?1, updated_at = ?1 WHERE i.id = ?2 AND ${OPEN} AND i.expires_at > ?1`)
      .bind(ctx.now, row.id),
    activityEntry(ctx, { weddingId: row.wedding_id, actor }, { area: "people", action: "planner_declined", onlyIfChanged: true }),
  ]);
  if (!done!.meta.changes) throw new Conflict(m.couple_cp_invitation_used());
  return { message: m.couple_cp_declined() };
}
