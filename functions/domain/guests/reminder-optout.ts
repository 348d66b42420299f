/**
 * A guest's way out of RSVP reminders (issue 31). A reminder goes to someone who never signed up for
 * anything: the couple put the address on their guest list. So it carries a one-click unsubscribe
 * (RFC 8058 List-Unsubscribe, and a link in the footer) to a signed link naming one guest; using it
 * stops reminders from this couple to that address (every guest row of the couple with the
 * address), and nothing else: the couple's own sharing of the link, and other couples' reminders to
 * the same person, are not affected. A forged or expired link changes nothing and says so.
 */
import { readMailLink, signMailLink, MAIL_LINK_TTL_MS } from "#platform/mail-links.ts";
import { UNSUBSCRIBE_PATH } from "#shared/links.ts";
import { type DomainContext, Invalid, NotFound } from "../core/index.ts";
import { MAIL_PREFERENCES_MESSAGES, maskAddress } from "../accounts/index.ts";
import { type CoupleRow, coupleNames } from "./guest-records.ts";
import { weddingDatabase } from "../weddings/index.ts";
import { BASE_LOCALE, type Locale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

/** The signed link's purpose: reminders to answer one couple's invitation. */
export const GUEST_REMINDERS_PURPOSE = "guest-reminders";

/** Whether a token from an unsubscribe link is a guest's (else it is an account's kind of mail). */
export const isGuestReminderToken = (token: string) => typeof token === "string" && token.startsWith(`${GUEST_REMINDERS_PURPOSE}.`);

const secretOf = (ctx: Pick<DomainContext, "config">) => {
  if (!ctx.config.mailLinkSecret) throw new Error("MAIL_LINK_SECRET is not set (docs/deploy.md, E-mail)");
  return ctx.config.mailLinkSecret;
};

const kindLabel = (couple: string) => `reminders from ${couple}`;

/** The footer's and List-Unsubscribe's link of a reminder to `guestId`, its words in the mail's language. */
export async function guestReminderStop(
  ctx: Pick<DomainContext, "config">,
  origin: string,
  guestId: string,
  couple: string,
  now: number,
  locale: Locale = BASE_LOCALE,
) {
  const token = await signMailLink(secretOf(ctx), { purpose: GUEST_REMINDERS_PURPOSE, userId: guestId, expiresAt: now + MAIL_LINK_TTL_MS });
  return { url: `${origin}${UNSUBSCRIBE_PATH}/${token}`, kindLabel: m.mail_kind_guest_reminders({ couple }, { locale }) };
}

/** D1's map key of a moved wedding's guest's stop link (wedding_rsvp_tokens): a guest added after the move has no D1 row to name the wedding. */
const stopKey = (guestId: string) => `stop:${guestId}`;

/**
 * The D1 row a reminder of a moved wedding writes with its mails (docs/decisions/0066): which wedding
 * the stop link's guest belongs to, in the links' map, for a guest who is only in the store.
 */
export function reminderStopMapped(ctx: Pick<DomainContext, "db" | "now">, weddingId: string, guestId: string): D1PreparedStatement {
  return ctx.db
    .prepare("INSERT OR IGNORE INTO wedding_rsvp_tokens (token, wedding_id, created_at) VALUES (?, ?, ?)")
    .bind(stopKey(guestId), weddingId, ctx.now);
}

type GuestTarget = { id: string; user_id: string; email: string | null; stopped: number } & CoupleRow;
type GuestInD1 = GuestTarget & { wedding_id: string | null; stored_at: number | null };
type LinkContext = Pick<DomainContext, "db" | "config" | "now" | "stores">;

/** Whether this couple's rows with the guest's address have stopped reminders (one statement naming only `guests`, so it runs in a store too). */
const STOPPED_SQL = "EXISTS (SELECT 1 FROM guests o WHERE o.user_id = g.user_id AND lower(o.email) = lower(g.email) AND o.reminders_stopped_at IS NOT NULL)";

/**
 * The link's guest, and the database its stop is written to (docs/decisions/0066): D1's row names the
 * couple, their names and whether their wedding has moved to its store. A wedding in D1 answers from
 * that row and writes through guarded D1 (a stop that read it unmoved cannot land in D1 after the
 * move's switch); a moved one reads the guest's address and stop in its store and writes there, so
 * D1's copy, frozen at the move, is neither read for the answer nor changed.
 */
async function target(ctx: LinkContext, token: string): Promise<GuestTarget & { email: string; db: D1Database }> {
  const read = await readMailLink(secretOf(ctx), token, ctx.now);
  if (!read.ok) throw new Invalid(MAIL_PREFERENCES_MESSAGES[read.reason]);
  if (read.link.purpose !== GUEST_REMINDERS_PURPOSE) throw new Invalid(MAIL_PREFERENCES_MESSAGES.forged);
  const guest =
    (await ctx.db
      .prepare(
        `SELECT g.id, g.user_id, g.email, u.user_name, u.partner_name, w.id AS wedding_id, w.stored_at, ${STOPPED_SQL} AS stopped
       FROM guests g JOIN users u ON u.id = g.user_id LEFT JOIN weddings w ON w.couple_user_id = g.user_id WHERE g.id = ?`,
      )
      .bind(read.link.userId)
      .first<GuestInD1>()) ??
    // A guest a moved wedding added after its move is in its store only: D1's map (written with the reminder) names the wedding.
    (await ctx.db
      .prepare(
        `SELECT ?2 AS id, w.couple_user_id AS user_id, NULL AS email, u.user_name, u.partner_name, w.id AS wedding_id, w.stored_at, 0 AS stopped
       FROM wedding_rsvp_tokens t JOIN weddings w ON w.id = t.wedding_id JOIN users u ON u.id = w.couple_user_id WHERE t.token = ?1 AND w.stored_at IS NOT NULL`,
      )
      .bind(stopKey(read.link.userId), read.link.userId)
      .first<GuestInD1>());
  // The guest (or the couple's account) was deleted, or the address taken off: there is nothing left to remind.
  const gone = () => new NotFound(m.api_e_this_guest_is_no_longer_on_the());
  if (!guest) throw gone();
  // No weddings row yet (a couple who never opened the planner): D1, guarded like any wedding in D1.
  const db = weddingDatabase(ctx, { weddingId: guest.wedding_id ?? "", key: guest.user_id, storedAt: guest.stored_at });
  if (guest.stored_at != null) {
    const stored = await db
      .prepare(`SELECT g.email, ${STOPPED_SQL} AS stopped FROM guests g WHERE g.id = ?`)
      .bind(guest.id)
      .first<{ email: string | null; stopped: number }>();
    if (!stored?.email) throw gone();
    return { ...guest, email: stored.email, stopped: stored.stopped, db };
  }
  if (!guest.email) throw gone();
  return { ...guest, email: guest.email, db };
}

export type GuestReminderView = { name: string; address: string; on: boolean };

/** What the unsubscribe page asks a guest to confirm (GET). */
export async function guestReminderLinkView(ctx: LinkContext, token: string): Promise<GuestReminderView> {
  const guest = await target(ctx, token);
  return { name: kindLabel(coupleNames(guest)), address: maskAddress(guest.email), on: !guest.stopped };
}

/** Stops this couple's reminders to the link's address (the one-click POST and the page's button); a second use says it already was. */
export async function stopGuestRemindersByLink(ctx: LinkContext, token: string): Promise<{ message: string; changed: boolean }> {
  const guest = await target(ctx, token);
  const name = kindLabel(coupleNames(guest));
  if (guest.stopped) return { changed: false, message: MAIL_PREFERENCES_MESSAGES.alreadyStopped(name) };
  const { db } = guest;
  // A batch, so a wedding in D1 gets the guard's check in the same transaction.
  await db.batch([
    db
      .prepare("UPDATE guests SET reminders_stopped_at = ?1 WHERE user_id = ?2 AND lower(email) = lower(?3) AND reminders_stopped_at IS NULL")
      .bind(ctx.now, guest.user_id, guest.email),
  ]);
  return { changed: true, message: MAIL_PREFERENCES_MESSAGES.stopped(name) };
}
