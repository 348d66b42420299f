import { z } from "zod";
import { type DomainContext, Invalid, NotFound, Unauthorized, requireSignedIn } from "../core/index.ts";
import { type MailLink, MAIL_LINK_TTL_MS, readMailLink, signMailLink } from "#platform/mail-links.ts";
import { readMailEvent, suppressionStatements, type SvixHeaders, verifySvixSignature } from "#platform/mail-webhook.ts";
import { log } from "#platform/log.ts";
import { EMAIL_PREFERENCES_PATH, UNSUBSCRIBE_PATH } from "#shared/links.ts";
import { NOTIFICATION_LABELS } from "./vendor-settings.ts";
import { BASE_LOCALE, type Locale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Which e-mails a person gets (issue 31): the switches that already existed (a couple's daily
 * planning reminder on the profile, users.planning_reminders; a vendor's four notification
 * preferences on the settings page, vendor_notification_prefs), reached three ways:
 * - one-click unsubscribe (RFC 8058): optional mails (the planning reminder, the weekly summary)
 *   carry List-Unsubscribe with a signed link for exactly that person and that kind; a POST of
 *   "List-Unsubscribe=One-Click" to it turns that one switch off; a GET shows a page to confirm;
 * - the preferences page from a mail's footer link (signed, for that person);
 * - the same page signed in (/email-preferences).
 * A forged or expired link changes nothing and says so. Mail that is not optional (sign-up,
 * passwords, invoices, plan and trial reminders: docs/decisions/0050, what a couple or guest asked for) has no switch.
 *
 * The page also shows when mail to the person's address is suppressed (it bounced, or a mail was
 * marked as spam: mail-suppressions.ts) and lets them confirm the address.
 */

export const MAIL_KINDS = ["planning-reminder", "weekly-summary", "new-enquiry", "couple-reply", "booking-changes"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

type KindInfo = { role: "USER" | "VENDOR"; label: string; name: string };

/** Each kind: whose switch it is, the switch's label, and its name in "Stop …". */
export const MAIL_KIND_INFO: Record<MailKind, KindInfo> = {
  "planning-reminder": {
    role: "USER",
    label: "The daily planning reminder: tasks, payments and deliverables due, and guests who have not answered",
    name: "the daily planning reminder",
  },
  "weekly-summary": { role: "VENDOR", label: NOTIFICATION_LABELS.weekly_summary, name: "the weekly summary" },
  "new-enquiry": { role: "VENDOR", label: NOTIFICATION_LABELS.new_enquiry, name: "new enquiry e-mails" },
  "couple-reply": { role: "VENDOR", label: NOTIFICATION_LABELS.couple_reply, name: "e-mails about couples' replies" },
  "booking-changes": { role: "VENDOR", label: NOTIFICATION_LABELS.booking_changes, name: "e-mails about bookings" },
};

/** The vendor_notification_prefs column of each vendor kind. */
const VENDOR_COLUMN = {
  "weekly-summary": "weekly_summary",
  "new-enquiry": "new_enquiry",
  "couple-reply": "couple_reply",
  "booking-changes": "booking_changes",
} as const;

/** The signed link's purpose for the preferences page (any kind's purpose is its name). */
const PREFERENCES_PURPOSE = "preferences";

export const MAIL_PREFERENCES_MESSAGES = {
  get forged() {
    return m.api_mail_preferences_forged();
  },
  get expired() {
    return m.api_mail_preferences_expired();
  },
  get gone() {
    return m.api_mail_preferences_gone();
  },
  stopped: (name: string) => m.api_mail_preferences_stopped({ name }),
  alreadyStopped: (name: string) => m.api_mail_preferences_already_stopped({ name }),
  get saved() {
    return m.api_mail_preferences_saved();
  },
  get confirmed() {
    return m.api_mail_preferences_confirmed();
  },
};

const secretOf = (ctx: Pick<DomainContext, "config">) => {
  if (!ctx.config.mailLinkSecret) throw new Error("MAIL_LINK_SECRET is not set (docs/deploy.md, E-mail)");
  return ctx.config.mailLinkSecret;
};

/** A kind's name in "Stop …" of a mail's footer, in the mail's language (issue 32). */
const KIND_NAME_IN: Partial<Record<MailKind, (locale: Locale) => string>> = {
  "planning-reminder": (locale) => m.mail_kind_planning_reminder({}, { locale }),
  "weekly-summary": (locale) => m.mail_kind_weekly_summary({}, { locale }),
  "new-enquiry": (locale) => m.mail_kind_new_enquiry({}, { locale }),
  "couple-reply": (locale) => m.mail_kind_couple_reply({}, { locale }),
  "booking-changes": (locale) => m.mail_kind_booking_changes({}, { locale }),
};

/**
 * The footer links of an optional mail to `userId`: its one-click unsubscribe link for `kind` and
 * its preferences link, both signed and valid for MAIL_LINK_TTL_MS, and the kind's name in the
 * mail's `locale`.
 */
export async function optionalMailLinks(
  config: Pick<DomainContext["config"], "mailLinkSecret">,
  { origin, userId, kind, now, locale = BASE_LOCALE }: { origin: string; userId: string; kind: MailKind; now: number; locale?: Locale },
): Promise<{ url: string; preferencesUrl: string; kindLabel: string }> {
  const secret = secretOf({ config: config as DomainContext["config"] });
  const expiresAt = now + MAIL_LINK_TTL_MS;
  const [stop, prefs] = await Promise.all([
    signMailLink(secret, { purpose: kind, userId, expiresAt }),
    signMailLink(secret, { purpose: PREFERENCES_PURPOSE, userId, expiresAt }),
  ]);
  return {
    url: `${origin}${UNSUBSCRIBE_PATH}/${stop}`,
    preferencesUrl: `${origin}${EMAIL_PREFERENCES_PATH}/${prefs}`,
    kindLabel: KIND_NAME_IN[kind]?.(locale) ?? MAIL_KIND_INFO[kind].name,
  };
}

async function readLink(ctx: Pick<DomainContext, "config" | "now">, token: string): Promise<MailLink> {
  const read = await readMailLink(secretOf(ctx), token, ctx.now);
  if (!read.ok) throw new Invalid(MAIL_PREFERENCES_MESSAGES[read.reason]);
  return read.link;
}

type Person = { id: string; role: string; email: string; vendor_email: string | null; planning_reminders: number };

async function personOf(db: D1Database, userId: string): Promise<Person | null> {
  return db
    .prepare("SELECT u.id, u.role, u.email, v.email AS vendor_email, u.planning_reminders FROM users u LEFT JOIN vendors v ON v.user_id = u.id WHERE u.id = ?")
    .bind(userId)
    .first<Person>();
}

/** The kinds that are this person's switches (a couple's, a vendor's; none for an admin). */
const kindsOf = (role: string): MailKind[] => MAIL_KINDS.filter((k) => MAIL_KIND_INFO[k].role === role);

/** The statement that sets one switch of one person (a vendor without saved choices gets the defaults with this one changed). */
function setSwitch(db: D1Database, person: Person, kind: MailKind, on: boolean, now: number): D1PreparedStatement {
  if (kind === "planning-reminder")
    return db.prepare("UPDATE users SET planning_reminders = ?1, updated_at = ?2 WHERE id = ?3 AND role = 'USER'").bind(Number(on), now, person.id);
  const column = VENDOR_COLUMN[kind];
  const defaults = { new_enquiry: 1, couple_reply: 1, booking_changes: 1, weekly_summary: 0, [column]: Number(on) };
  return db
    .prepare(
      `INSERT INTO vendor_notification_prefs (vendor_id, new_enquiry, couple_reply, booking_changes, weekly_summary, updated_at)
       SELECT user_id, ?2, ?3, ?4, ?5, ?6 FROM vendors WHERE user_id = ?1
       ON CONFLICT (vendor_id) DO UPDATE SET ${column} = ?7, updated_at = ?6`,
    )
    .bind(person.id, defaults.new_enquiry, defaults.couple_reply, defaults.booking_changes, defaults.weekly_summary, now, Number(on));
}

async function switchesOf(db: D1Database, person: Person): Promise<Record<MailKind, boolean>> {
  const prefs = await db
    .prepare("SELECT new_enquiry, couple_reply, booking_changes, weekly_summary FROM vendor_notification_prefs WHERE vendor_id = ?")
    .bind(person.id)
    .first<Record<(typeof VENDOR_COLUMN)[keyof typeof VENDOR_COLUMN], number>>();
  return {
    "planning-reminder": Boolean(person.planning_reminders),
    "weekly-summary": prefs ? Boolean(prefs.weekly_summary) : false,
    "new-enquiry": prefs ? Boolean(prefs.new_enquiry) : true,
    "couple-reply": prefs ? Boolean(prefs.couple_reply) : true,
    "booking-changes": prefs ? Boolean(prefs.booking_changes) : true,
  };
}

/** "asha@example.com" -> "as…@example.com": enough for a person to recognise, not to harvest. */
export const maskAddress = (email: string) => email.replace(/^([^@]{1,2})[^@]*@/, "$1…@");

/** A one-click link's person and kind, or the refusal (forged, expired, an account gone, a kind not theirs). */
async function unsubscribeTarget(ctx: Pick<DomainContext, "db" | "config" | "now">, token: string) {
  const link = await readLink(ctx, token);
  const kind = MAIL_KINDS.find((k) => k === link.purpose);
  if (!kind) throw new Invalid(MAIL_PREFERENCES_MESSAGES.forged);
  const person = await personOf(ctx.db, link.userId);
  if (!person || MAIL_KIND_INFO[kind].role !== person.role) throw new NotFound(MAIL_PREFERENCES_MESSAGES.gone);
  return { kind, person };
}

export type UnsubscribeView = { kind: MailKind; name: string; address: string; on: boolean };

/** What the unsubscribe page asks to confirm (GET): the kind, the masked address, and whether it is still on. */
export async function unsubscribeLinkView(ctx: Pick<DomainContext, "db" | "config" | "now">, token: string): Promise<UnsubscribeView> {
  const { kind, person } = await unsubscribeTarget(ctx, token);
  const on = (await switchesOf(ctx.db, person))[kind];
  return { kind, name: MAIL_KIND_INFO[kind].name, address: maskAddress(person.vendor_email ?? person.email), on };
}

/**
 * Turns off exactly the link's kind of mail for exactly the link's person (the one-click POST, and
 * the confirm page's button). A second use is harmless and says it was already off.
 */
export async function unsubscribeByLink(
  ctx: Pick<DomainContext, "db" | "config" | "now">,
  token: string,
): Promise<{ kind: MailKind; message: string; changed: boolean }> {
  const { kind, person } = await unsubscribeTarget(ctx, token);
  const was = (await switchesOf(ctx.db, person))[kind];
  if (was) await setSwitch(ctx.db, person, kind, false, ctx.now).run();
  const name = MAIL_KIND_INFO[kind].name;
  return { kind, changed: was, message: was ? MAIL_PREFERENCES_MESSAGES.stopped(name) : MAIL_PREFERENCES_MESSAGES.alreadyStopped(name) };
}

export type EmailPreferencesView = {
  address: string;
  /** Signed in (the full address is shown) or from a mail's link (masked). */
  via: "session" | "link";
  switches: { kind: MailKind; label: string; on: boolean }[];
  /** Mail to the address is suppressed: why and since when. */
  suppressed: { kind: "BOUNCE" | "COMPLAINT"; since: number } | null;
  role: string;
};

/** Whose preferences: the link's person (a preferences link or any kind's link), else the signed-in person. */
async function preferencesPerson(ctx: DomainContext, token: string | undefined): Promise<{ person: Person; via: "session" | "link" }> {
  if (token) {
    const link = await readLink(ctx, token);
    if (link.purpose !== PREFERENCES_PURPOSE && !MAIL_KINDS.some((k) => k === link.purpose)) throw new Invalid(MAIL_PREFERENCES_MESSAGES.forged);
    const person = await personOf(ctx.db, link.userId);
    if (!person) throw new NotFound(MAIL_PREFERENCES_MESSAGES.gone);
    return { person, via: "link" };
  }
  const actor = requireSignedIn(ctx.actor, m.api_d_log_in_mail_choices());
  const person = await personOf(ctx.db, actor.id);
  if (!person) throw new NotFound(MAIL_PREFERENCES_MESSAGES.gone);
  return { person, via: "session" };
}

/** The address mail to this person goes to (a vendor's business address where it has one). */
const mailAddressOf = (person: Person) => (person.vendor_email ?? person.email).toLowerCase();

/** The preferences page: the person's switches and whether their address is suppressed. */
export async function emailPreferences(ctx: DomainContext, token?: string): Promise<EmailPreferencesView> {
  const { person, via } = await preferencesPerson(ctx, token);
  const on = await switchesOf(ctx.db, person);
  const address = mailAddressOf(person);
  const suppressed = await ctx.db
    .prepare("SELECT kind, created_at FROM mail_suppressions WHERE email = ?")
    .bind(address)
    .first<{ kind: "BOUNCE" | "COMPLAINT"; created_at: number }>();
  return {
    address: via === "session" ? address : maskAddress(address),
    via,
    role: person.role,
    switches: kindsOf(person.role).map((kind) => ({ kind, label: MAIL_KIND_INFO[kind].label, on: on[kind] })),
    suppressed: suppressed ? { kind: suppressed.kind, since: suppressed.created_at } : null,
  };
}

const onOff = z.preprocess(
  (v) => (v === "on" || v === "true" || v === "1" ? true : v === "off" || v === "false" || v === "0" || v === "" ? false : v),
  z.boolean({ error: () => m.api_v_each_e_mail_is_on_or_off() }),
);

/** The preferences form: each of the person's kinds on or off (an unticked box sends nothing: off). */
export const emailPreferencesInput = z.object(
  Object.fromEntries(MAIL_KINDS.map((k) => [k, onOff.optional()])) as Record<MailKind, z.ZodOptional<typeof onOff>>,
);

/** Saves the form: every switch of the person set as ticked (unticked: off); other people's and other kinds are untouched. */
export async function saveEmailPreferences(ctx: DomainContext, token: string | undefined, raw: unknown): Promise<EmailPreferencesView & { message: string }> {
  const { person } = await preferencesPerson(ctx, token);
  const parsed = emailPreferencesInput.safeParse(raw);
  if (!parsed.success) throw new Invalid(m.api_e_please_tick_or_untick_the_e_mails_you(), {});
  const kinds = kindsOf(person.role);
  if (kinds.length) await ctx.db.batch(kinds.map((k) => setSwitch(ctx.db, person, k, Boolean(parsed.data[k]), ctx.now)));
  return { ...(await emailPreferences(ctx, token)), message: MAIL_PREFERENCES_MESSAGES.saved };
}

/** "My address is right": lifts the suppression of the person's address, so mail is sent to it again. */
export async function confirmMailAddress(ctx: DomainContext, token: string | undefined): Promise<{ message: string }> {
  const { person } = await preferencesPerson(ctx, token);
  await ctx.db.prepare("DELETE FROM mail_suppressions WHERE email = ?").bind(mailAddressOf(person)).run();
  return { message: MAIL_PREFERENCES_MESSAGES.confirmed };
}

/** Whether mail to the signed-in person's address is suppressed (the dashboards' notice). */
export async function mailSuppressionOf(
  ctx: Pick<DomainContext, "db" | "actor">,
): Promise<{ kind: "BOUNCE" | "COMPLAINT"; since: number; address: string; role: string } | null> {
  if (!ctx.actor) return null;
  const row = await ctx.db
    .prepare(
      `SELECT s.kind, s.created_at, s.email, u.role FROM users u LEFT JOIN vendors v ON v.user_id = u.id
       JOIN mail_suppressions s ON s.email = lower(coalesce(v.email, u.email)) WHERE u.id = ?`,
    )
    .bind(ctx.actor.id)
    .first<{ kind: "BOUNCE" | "COMPLAINT"; created_at: number; email: string; role: string }>();
  return row ? { kind: row.kind, since: row.created_at, address: row.email, role: row.role } : null;
}

/**
 * The mail service's webhook (bounces and complaints, functions/platform/mail-webhook.ts): a
 * request not signed with MAIL_WEBHOOK_SECRET (or too old) is refused with 401 and changes
 * nothing; a bounce or complaint suppresses its addresses; other events are acknowledged.
 */
export async function recordMailEvent(
  ctx: Pick<DomainContext, "db" | "config" | "now">,
  { body, headers }: { body: string; headers: SvixHeaders },
): Promise<{ suppressed: number; ignored?: string }> {
  const secret = ctx.config.mailWebhookSecret;
  if (!secret || !(await verifySvixSignature(secret, headers, body, ctx.now))) throw new Unauthorized(m.api_e_the_webhook_signature_is_not_valid());
  const event = readMailEvent(body);
  if (!event) throw new Invalid(m.api_e_the_event_is_not_one_we_understand());
  if (!event.kind) return { suppressed: 0, ignored: event.type };
  await ctx.db.batch(suppressionStatements(ctx.db, event, ctx.now));
  log.info("mail addresses suppressed", { kind: event.kind, count: event.addresses.length, providerMessageId: event.providerMessageId });
  return { suppressed: event.addresses.length };
}
