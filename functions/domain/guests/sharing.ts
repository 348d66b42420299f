/** Sharing a household's link (WhatsApp in English and Hindi, e-mail in the page's language) and reminding it by e-mail. */
import { composeMail, mailLocale } from "#platform/mail-layout.ts";
import { withLocale } from "#platform/locale.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import { queueMail } from "#platform/mail.ts";
import { shareInput } from "#shared/guest-schemas.ts";
import { formatDate } from "#shared/format.ts";
import { type Locale, getLocale, pathInLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { type DomainContext, Conflict, NotFound, TooManyRequests, parseInput } from "../core/index.ts";
import { activityEntry, inWedding, openWedding, storeHalf, writeBothSides, type StoreStatement } from "../weddings/index.ts";
import { type CoupleRow, type HouseholdRow, coupleNames, HOUSEHOLD_MISSING, HOUSEHOLD_SELECT, toHousehold } from "./guest-records.ts";
import { householdPendingStatement } from "./not-answered.ts";
import { guestReminderStop, reminderStopMapped } from "./reminder-optout.ts";
import { m } from "#shared/paraglide/messages.js";

const REMINDERS_STOPPED = m.api_e_everyone_in_this_household_with_an_e_mail;

/** The couple may remind a household again after this long. */
export const REMIND_INTERVAL_MS = 12 * 60 * 60 * 1000;

export type ShareLinks = { rsvpLink: string; whatsapp: { en: string; hi: string }; email: string };

/** The prefilled invitation text from the catalogue, in English or Hindi (Devanagari), carrying the household's link. */
export function invitationText(lang: Locale, household: string, couple: string, functions: string[], link: string): string {
  const list = functions.map((name) => localName(name, lang)).join(", ") || messages.api_guest_invitation_our_wedding({}, { locale: lang });
  return messages.api_guest_invitation_text({ household, couple, functions: list, link }, { locale: lang });
}

/** wa.me to the household's first phone (an Indian 10-digit number gets +91), or to any chat when it has none. */
export function whatsappUrl(phone: string | null, text: string): string {
  let digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length === 10) digits = `91${digits}`;
  if (digits.length === 11 && digits.startsWith("0")) digits = `91${digits.slice(1)}`;
  return `https://wa.me/${digits.length >= 10 ? digits : ""}?text=${encodeURIComponent(text)}`;
}

/** The household's link on the pages of `locale` (/hi/rsvp/... in Hindi): a Hindi invitation opens its RSVP page in Hindi. */
function inLocale(link: string, locale: Locale): string {
  const url = new URL(link);
  return `${url.origin}${pathInLocale(url.pathname, locale)}`;
}

function shareLinksFor(household: { name: string; rsvpLink: string; phone: string | null }, couple: string, functions: string[], emails: string[]): ShareLinks {
  const text = (locale: Locale) => invitationText(locale, household.name, couple, functions, inLocale(household.rsvpLink, locale));
  // The e-mail is prefilled in the language of the couple's page that asks for it, as its link.
  const locale = getLocale();
  const subject = messages.api_guest_invitation_subject({ couple }, { locale });
  return {
    rsvpLink: household.rsvpLink,
    whatsapp: { en: whatsappUrl(household.phone, text("en")), hi: whatsappUrl(household.phone, text("hi")) },
    email: `mailto:${emails.map(encodeURIComponent).join(",")}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text(locale))}`,
  };
}

async function householdShareFacts(ctx: DomainContext, userId: string, householdId: string) {
  const [household, couple, functions, emails] = await ctx.db.batch([
    ctx.db.prepare(`${HOUSEHOLD_SELECT} WHERE h.id = ? AND h.user_id = ?`).bind(householdId, userId),
    ctx.db.prepare("SELECT user_name, partner_name, locale FROM users WHERE id = ?").bind(userId),
    ctx.db
      .prepare(
        "SELECT e.id, e.name, e.event_date, e.start_time, e.venue FROM household_invitations hi JOIN events e ON e.id = hi.event_id WHERE hi.household_id = ? ORDER BY e.event_date, e.start_time",
      )
      .bind(householdId),
    ctx.db
      .prepare(
        "SELECT min(email) AS email, min(id) AS guest_id, max(reminders_stopped_at) AS stopped_at FROM guests WHERE household_id = ? AND email IS NOT NULL GROUP BY lower(email) ORDER BY 1",
      )
      .bind(householdId),
  ]);
  const row = household!.results[0] as HouseholdRow | undefined;
  if (!row) throw new NotFound(HOUSEHOLD_MISSING());
  return {
    household: toHousehold(ctx, row),
    couple: coupleNames((couple!.results[0] as CoupleRow | undefined) ?? null),
    /** The couple's language (users.locale): their guests, who have no account, get the couple's mails in it. */
    coupleLocale: mailLocale((couple!.results[0] as { locale?: string | null } | undefined)?.locale),
    functions: functions!.results as { id: string; name: string; event_date: string; start_time: string | null; venue: string | null }[],
    emails: (emails!.results as { email: string }[]).map((e) => e.email),
    /** Who a reminder goes to: one guest per address, unless the address asked for no more reminders (reminder-optout.ts). */
    reminded: (emails!.results as { email: string; guest_id: string; stopped_at: number | null }[]).filter((e) => e.stopped_at === null),
  };
}

/** The household's share links (WhatsApp in English and Hindi, e-mail); read only. */
export async function shareLinks(caller: DomainContext, householdId: string): Promise<ShareLinks> {
  const me = await openWedding(caller, "invitations", "edit");
  const ctx = inWedding(caller, me);
  const f = await householdShareFacts(ctx, me.key, householdId);
  return shareLinksFor(
    f.household,
    f.couple,
    f.functions.map((e) => e.name),
    f.emails,
  );
}

/** The couple shares through our button: records shared_at on the household's invitations and answers the link to open. */
export async function shareHousehold(caller: DomainContext, householdId: string, input: unknown): Promise<{ url: string; links: ShareLinks }> {
  const me = await openWedding(caller, "invitations", "edit");
  const ctx = inWedding(caller, me);
  const { channel, lang } = parseInput(shareInput, input);
  const f = await householdShareFacts(ctx, me.key, householdId);
  if (!f.functions.length) throw new Conflict(m.api_e_invite_this_household_to_a_function_first());
  if (channel === "email" && !f.emails.length) throw new Conflict(m.api_e_no_one_in_this_household_has_an());
  const links = shareLinksFor(
    f.household,
    f.couple,
    f.functions.map((e) => e.name),
    f.emails,
  );
  await ctx.db.batch([
    ctx.db.prepare("UPDATE household_invitations SET shared_at = ? WHERE household_id = ?").bind(ctx.now, householdId),
    activityEntry(ctx, me, { area: "invitations", action: "household_shared", subject: f.household.name, onlyIfChanged: true }),
  ]);
  return { url: channel === "email" ? links.email : links.whatsapp[lang], links };
}

/**
 * E-mails the household's guests who have an address, listing the functions someone has not
 * answered yet with the household's link, and records reminded_at on those invitations in the same
 * batch as the queued mails. Once per REMIND_INTERVAL_MS. An address that asked for no more
 * reminders (the mail's one-click unsubscribe) is skipped and counted in `stopped`.
 */
export async function remindHousehold(caller: DomainContext, householdId: string): Promise<{ reminded: number; stopped: number; functions: string[] }> {
  const me = await openWedding(caller, "invitations", "edit");
  const ctx = inWedding(caller, me);
  const f = await householdShareFacts(ctx, me.key, householdId);
  const pending = (await householdPendingStatement(ctx.db, me.key, householdId).all<{ event_id: string; reminded_at: number | null }>()).results;
  if (!pending.length) throw new Conflict(m.api_e_everyone_in_this_household_has_answered_there());
  if (!f.emails.length) throw new Conflict(m.api_e_no_one_in_this_household_has_an());
  if (!f.reminded.length) throw new Conflict(REMINDERS_STOPPED());
  const last = Math.max(0, ...pending.map((p) => p.reminded_at ?? 0));
  if (last && ctx.now - last < REMIND_INTERVAL_MS) {
    throw new TooManyRequests(m.api_e_this_household_was_reminded_less_than_12(), Math.ceil((last + REMIND_INTERVAL_MS - ctx.now) / 1000));
  }
  const details = f.functions.filter((e) => pending.some((p) => p.event_id === e.id));
  // A guest has no account: the reminder is in the couple's language, its link opens the RSVP page in it.
  const locale = f.coupleLocale;
  const lines = withLocale(locale, () =>
    details.map((e) => `${localName(e.name, locale)}: ${formatDate(e.event_date)}${e.start_time ? `, ${e.start_time}` : ""}${e.venue ? `, ${e.venue}` : ""}`),
  );
  const rsvpLink = inLocale(f.household.rsvpLink, locale);
  const stops = await Promise.all(f.reminded.map((r) => guestReminderStop(ctx, ctx.request.origin, r.guest_id, f.couple, ctx.now, locale)));
  // A moved wedding's mails and entry are D1's (its outbox), its invitations' reminded_at its store's: D1 first, with the store's half recorded (docs/decisions/0066).
  const moved = me.storedAt !== null;
  const d1 = moved ? caller.db : ctx.db;
  const mails = f.reminded.map(({ email: to }, i) =>
    queueMail(
      d1,
      composeMail({
        to,
        locale,
        subject: messages.mail_guest_reminder_subject({ couple: f.couple }, { locale }),
        audience: "guest",
        origin: ctx.request.origin,
        greeting: messages.mail_namaste({ name: f.household.name }, { locale }),
        body: [
          messages.mail_guest_reminder_intro({ couple: f.couple }, { locale }),
          { list: lines },
          messages.mail_guest_reminder_answer_here({}, { locale }),
          { link: { label: messages.mail_guest_answer({}, { locale }), url: rsvpLink } },
        ],
        reason: messages.mail_guest_reminder_reason({ couple: f.couple }, { locale }),
        unsubscribe: stops[i]!,
      }),
      ctx.now,
    ),
  );
  const reminded: StoreStatement = {
    sql: "UPDATE household_invitations SET reminded_at = ? WHERE household_id = ? AND event_id IN (SELECT value FROM json_each(?))",
    params: [ctx.now, householdId, JSON.stringify(pending.map((p) => p.event_id))],
  };
  await writeBothSides(
    caller,
    me,
    [
      ...(moved ? [] : [ctx.db.prepare(reminded.sql).bind(...reminded.params)]),
      ...mails.map((m) => m.statement),
      activityEntry(moved ? caller : ctx, me, { area: "invitations", action: "household_reminded", subject: f.household.name, count: mails.length }),
      // A guest of a moved wedding may be in its store only: the mail's stop link finds the wedding from D1's map (reminder-optout.ts).
      ...(moved ? f.reminded.map((r) => reminderStopMapped(caller, me.weddingId, r.guest_id)) : []),
    ],
    moved ? [storeHalf([reminded])] : [],
  );
  await ctx.mail.deliver(mails.map((m) => m.id));
  return { reminded: mails.length, stopped: f.emails.length - f.reminded.length, functions: details.map((e) => e.name) };
}
