/** The couple's requests: the list, approving one (household, guest, invitations and answers in one batch) or declining it. */
import { composeMail, mailLocale } from "#platform/mail-layout.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import { getLocale, pathInLocale } from "#shared/locale.ts";
import type { households, inviteRequests } from "#db/schema/index.ts";
import type { LeftJoined, Row } from "#db/rows.ts";
import { GUESTS_MAX, RSVP_RESPONSES, type Dietary, type RsvpResponse } from "#shared/guest-schemas.ts";
import { type DomainContext, Conflict, NotFound, newId } from "../core/index.ts";
import { newRsvpToken, whatsappUrl } from "../guests/index.ts";
import { activityEntry, openWedding, storeHalf, writeBothSides, type StoreStatement } from "../weddings/index.ts";
import { queueMail } from "#platform/mail.ts";
import { INVITE_MESSAGES, firstName } from "./invite-records.ts";

export type InviteRequest = {
  id: string;
  name: string;
  /** null for a member who may not see guests' contact details. */
  phone: string | null;
  partySize: number;
  dietary: Dietary | null;
  message: string | null;
  answers: { eventId: string; name: string; response: RsvpResponse }[];
  status: "PENDING" | "APPROVED" | "DECLINED";
  createdAt: number;
  email: string | null;
  /** Approved: the household's personal RSVP link, and a WhatsApp message with it to the guest's phone (for the couple to send). */
  rsvpUrl: string | null;
  whatsappUrl: string | null;
};

type RequestRow = Row<typeof inviteRequests, "id" | "name" | "phone" | "email" | "party_size" | "dietary" | "message" | "answers" | "status" | "created_at">;
/** A request in the couple's list, with its household's personal link once approved (LEFT JOIN). */
type ListedRequestRow = RequestRow & LeftJoined<Row<typeof households, "rsvp_token">>;

function answersOf(text: string): Record<string, RsvpResponse> {
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== "object" || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter(([, r]) => (RSVP_RESPONSES as readonly unknown[]).includes(r))) as Record<string, RsvpResponse>;
  } catch {
    return {};
  }
}

/**
 * The wedding's requests, pending first (then the 50 latest decided ones). A member who may not see
 * guests' contact details gets them without the phone number and e-mail address (and so without the
 * WhatsApp link, which carries the number).
 */
export async function listRequests(ctx: DomainContext): Promise<InviteRequest[]> {
  const me = await openWedding(ctx, "invitations", "read");
  const [requests, events] = await ctx.db.batch([
    ctx.db
      .prepare(
        `SELECT r.id, r.name, r.phone, r.email, r.party_size, r.dietary, r.message, r.answers, r.status, r.created_at, h.rsvp_token,
           CASE WHEN r.status = 'APPROVED' THEN COALESCE(r.store_household_id, r.household_id) END AS approved_household FROM (
           SELECT * FROM invite_requests WHERE user_id = ?1 AND status = 'PENDING'
           UNION ALL SELECT * FROM (SELECT * FROM invite_requests WHERE user_id = ?1 AND status <> 'PENDING' ORDER BY decided_at DESC LIMIT 50)) r
         LEFT JOIN households h ON h.id = r.household_id AND h.user_id = ?1 AND r.status = 'APPROVED'
         ORDER BY r.status <> 'PENDING', r.created_at DESC`,
      )
      .bind(me.key),
    ctx.db.prepare("SELECT id, name FROM events WHERE user_id = ?").bind(me.key),
  ]);
  const rows = requests!.results as (ListedRequestRow & { approved_household: string | null })[];
  // A moved wedding's households (and their links, which may have been reset since the move) are its store's, not D1's copy.
  if (me.storedAt !== null) {
    const ids = rows.map((r) => r.approved_household).filter((h): h is string => h !== null);
    const links = ids.length
      ? (
          await me.db
            .prepare("SELECT id, rsvp_token FROM households WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))")
            .bind(me.key, JSON.stringify(ids))
            .all<{ id: string; rsvp_token: string }>()
        ).results
      : [];
    const tokenOf = new Map(links.map((l) => [l.id, l.rsvp_token]));
    for (const r of rows) r.rsvp_token = r.approved_household ? (tokenOf.get(r.approved_household) ?? null) : null;
  }
  const names = new Map((events!.results as { id: string; name: string }[]).map((e) => [e.id, e.name]));
  const couple = await coupleName(ctx, me.key);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    phone: me.seesContacts ? r.phone : null,
    partySize: r.party_size,
    dietary: r.dietary,
    message: r.message,
    answers: Object.entries(answersOf(r.answers))
      .filter(([id]) => names.has(id))
      .map(([eventId, response]) => ({ eventId, name: names.get(eventId)!, response })),
    status: r.status,
    createdAt: r.created_at,
    email: me.seesContacts ? r.email : null,
    rsvpUrl: r.rsvp_token ? personalLink(ctx, r.rsvp_token) : null,
    whatsappUrl: r.rsvp_token && me.seesContacts ? whatsappUrl(r.phone, personalLinkText(couple, r.name, personalLink(ctx, r.rsvp_token))) : null,
  }));
}

/** The name the couple's messages are signed with: the couple's own, whoever of the wedding sends them. */
async function coupleName(ctx: DomainContext, key: string): Promise<string> {
  return (await ctx.db.prepare("SELECT user_name FROM users WHERE id = ?").bind(key).first<{ user_name: string }>())?.user_name ?? "";
}

const personalLink = (ctx: Pick<DomainContext, "request">, token: string) => `${ctx.request.origin}/rsvp/${token}`;

/** The WhatsApp message the couple sends an approved guest, in the couple's page's language, linking the RSVP page in it. */
const personalLinkText = (couple: string, guest: string, url: string) => {
  const link = new URL(url);
  const inLanguage = `${link.origin}${pathInLocale(link.pathname, getLocale())}`;
  return messages.api_invite_personal_link_text({ name: firstName(guest), url: inLanguage, couple });
};

async function pendingRequest(ctx: DomainContext, userId: string, id: string): Promise<RequestRow> {
  const row = await ctx.db
    .prepare("SELECT id, name, phone, email, party_size, dietary, message, answers, status, created_at FROM invite_requests WHERE id = ? AND user_id = ?")
    .bind(id, userId)
    .first<RequestRow>();
  if (!row) throw new NotFound(INVITE_MESSAGES.requestMissing);
  if (row.status !== "PENDING") throw new Conflict(INVITE_MESSAGES.decided);
  return row;
}

/**
 * Approves a request: a household named after the requester (with a new personal link), the guest
 * (name, phone, dietary), invitations to the functions they answered and their answers with the
 * party size, and the request marked approved. In a wedding in D1, ONE batch: every insert is
 * conditional on the request still being pending, so two approvals at once make one household. In a
 * moved wedding the request is D1's and the household its store's (docs/decisions/0066, "Writes on
 * both sides"): D1's batch marks the request approved with its store household, records the link's
 * token and the store's half, and queues the mail, all only if the request was still pending; then
 * the store makes the household.
 */
export async function approveRequest(
  ctx: DomainContext,
  id: string,
): Promise<{ householdId: string; guestId: string; rsvpUrl: string; mailed: boolean; message: string }> {
  const me = await openWedding(ctx, "invitations", "edit");
  const moved = me.storedAt !== null;
  const req = await pendingRequest(ctx, me.key, id);
  // The guest list's count: the store's for a moved wedding.
  const count = (await me.db.prepare("SELECT COUNT(*) AS n FROM guests WHERE user_id = ?").bind(me.key).first<{ n: number }>())?.n ?? 0;
  if (count >= GUESTS_MAX) throw new Conflict(INVITE_MESSAGES.tooManyGuests);
  const householdId = newId(ctx.now);
  const guestId = newId(ctx.now);
  const token = newRsvpToken();
  const answers = Object.entries(answersOf(req.answers));
  const pending = "EXISTS (SELECT 1 FROM invite_requests WHERE id = ? AND user_id = ? AND status = 'PENDING')";
  // The guest list's half: in D1's batch (its first insert only while the request is pending), or the store's half of a moved wedding's.
  const guestList: StoreStatement[] = [
    {
      sql: `INSERT INTO households (id, user_id, name, rsvp_token, notes, created_at, updated_at) SELECT ?, ?, ?, ?, 'Asked through the e-invite', ?, ?${moved ? "" : ` WHERE ${pending}`}`,
      params: [householdId, me.key, req.name.slice(0, 120), token, ctx.now, ctx.now, ...(moved ? [] : [id, me.key])],
    },
    {
      sql: `INSERT INTO guests (id, user_id, household_id, name, side, phone, email, dietary, needs_stay, needs_pickup, created_at, updated_at)
         SELECT ?, ?, h.id, ?, 'BOTH', ?, ?, ?, 0, 0, ?, ? FROM households h WHERE h.id = ? AND h.user_id = ?`,
      params: [guestId, me.key, req.name, req.phone, req.email, req.dietary, ctx.now, ctx.now, householdId, me.key],
    },
    ...answers.flatMap(([eventId, response]) => [
      {
        sql: `INSERT OR IGNORE INTO household_invitations (household_id, event_id, invited_at)
           SELECT h.id, e.id, ? FROM households h JOIN events e ON e.user_id = h.user_id AND e.parent_id IS NULL WHERE h.id = ? AND h.user_id = ? AND e.id = ?`,
        params: [ctx.now, householdId, me.key, eventId],
      },
      // The RSVP rule of rsvp.ts: an answer only for a guest of a household invited to the function.
      {
        sql: `INSERT INTO guest_rsvps (guest_id, event_id, response, party_size, answered_at)
           SELECT g.id, hi.event_id, ?, ?, ? FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id AND hi.event_id = ?
           WHERE g.id = ? AND g.user_id = ?
           ON CONFLICT (guest_id, event_id) DO UPDATE SET response = excluded.response, party_size = excluded.party_size, answered_at = excluded.answered_at`,
        params: [response, response === "DECLINED" ? 1 : req.party_size, ctx.now, eventId, guestId, me.key],
      },
    ]),
  ];
  // What holds once the request is approved: D1's household in a wedding in D1, the request's store household in a moved one.
  const approved = moved
    ? { sql: "EXISTS (SELECT 1 FROM invite_requests WHERE id = ? AND store_household_id = ?)", binds: [id, householdId] }
    : { sql: "EXISTS (SELECT 1 FROM households WHERE id = ? AND user_id = ?)", binds: [householdId, me.key] };
  const decided = moved
    ? ctx.db
        .prepare("UPDATE invite_requests SET status = 'APPROVED', store_household_id = ?, decided_at = ? WHERE id = ? AND user_id = ? AND status = 'PENDING'")
        .bind(householdId, ctx.now, id, me.key)
    : ctx.db
        .prepare(
          "UPDATE invite_requests SET status = 'APPROVED', household_id = (SELECT id FROM households WHERE id = ?), decided_at = ? WHERE id = ? AND user_id = ? AND status = 'PENDING'",
        )
        .bind(householdId, ctx.now, id, me.key);
  const statements = [
    ...(moved ? [] : guestList.map((s) => ctx.db.prepare(s.sql).bind(...s.params))),
    decided,
    activityEntry(ctx, me, { area: "invitations", action: "request_approved", subject: req.name, onlyIfChanged: true }),
    // The public link finds a moved wedding's store from its token alone (D1's map, written before the store's half).
    ...(moved
      ? [
          ctx.db
            .prepare(`INSERT INTO wedding_rsvp_tokens (token, wedding_id, created_at) SELECT ?, ?, ? WHERE ${approved.sql}`)
            .bind(token, me.weddingId, ctx.now, ...approved.binds),
        ]
      : []),
  ];
  const rsvpUrl = personalLink(ctx, token);
  const couple = await coupleName(ctx, me.key);
  // A guest has no account: the mail is in the couple's language (the wedding's couple's users.locale), its link opens the RSVP page in it.
  const locale = mailLocale(await ctx.db.prepare("SELECT locale FROM users WHERE id = ?").bind(me.key).first<string | null>("locale"));
  const mailedUrl = locale === "hi" ? `${new URL(rsvpUrl).origin}${pathInLocale(new URL(rsvpUrl).pathname, "hi")}` : rsvpUrl;
  // With an e-mail, the guest's personal link goes out through the outbox, queued in the same batch only if the request is approved.
  const mail = req.email
    ? queueMail(
        ctx.db,
        composeMail({
          to: req.email,
          locale,
          subject: messages.mail_guest_listed_subject({ couple }, { locale }),
          audience: "guest",
          origin: ctx.request.origin,
          greeting: messages.mail_dear({ name: firstName(req.name) }, { locale }),
          body: [
            messages.mail_guest_listed_intro({ couple }, { locale }),
            { link: { label: messages.mail_guest_answer({}, { locale }), url: mailedUrl } },
            messages.mail_guest_listed_keep({}, { locale }),
          ],
          reason: messages.mail_guest_listed_reason({ couple }, { locale }),
        }),
        ctx.now,
        approved,
      )
    : null;
  await writeBothSides(ctx, me, mail ? [...statements, mail.statement] : statements, [storeHalf(guestList, approved)]);
  const made = await ctx.db
    .prepare(`SELECT 1 AS ok WHERE ${approved.sql}`)
    .bind(...approved.binds)
    .first();
  if (!made) throw new Conflict(INVITE_MESSAGES.decided);
  if (mail) await ctx.mail.deliver(mail.id);
  const message = mail ? messages.api_invite_request_added_mailed({ name: req.name }) : messages.api_invite_request_added_no_email({ name: req.name });
  return { householdId, guestId, rsvpUrl, mailed: !!mail, message };
}

/** Declines a request: only its status changes. */
export async function declineRequest(ctx: DomainContext, id: string): Promise<void> {
  const me = await openWedding(ctx, "invitations", "edit");
  const req = await pendingRequest(ctx, me.key, id);
  const [done] = await ctx.db.batch([
    ctx.db
      .prepare("UPDATE invite_requests SET status = 'DECLINED', decided_at = ? WHERE id = ? AND user_id = ? AND status = 'PENDING'")
      .bind(ctx.now, id, me.key),
    activityEntry(ctx, me, { area: "invitations", action: "request_declined", subject: req.name, onlyIfChanged: true }),
  ]);
  if (!done!.meta.changes) throw new Conflict(INVITE_MESSAGES.decided);
}
