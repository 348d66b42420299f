import { z } from "zod";
import { type DomainContext, Invalid, NotFound, requireSignedIn, newId } from "../core/index.ts";
import { MAIL_LINK_TTL_MS, readMailLink, signMailLink } from "#platform/mail-links.ts";
import { indianMobile, type WhatsAppTemplateMessage } from "#platform/whatsapp.ts";
import { WHATSAPP_PREFERENCES_PATH } from "#shared/links.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * WhatsApp notifications (issue 32, docs/decisions/0048-whatsapp.md). Off until the person turns
 * them on (Meta's policy: business-initiated messages only to people who opted in, and opting out
 * as easy as opting in). A notice is an approved template message written to the outbox in the same
 * D1 batch as the change it reports, only while the person is opted in and has an Indian mobile
 * number, and checked again when it is delivered (functions/platform/mail.ts cancels it if they
 * opted out meanwhile). Every message ends with a one-tap stop link for that person.
 *
 * The number is the person's verified mobile number (users.verified_phone, issue 32's mobile sign-in)
 * when they have one, else the one they typed (users.phone, else a vendor's business phone).
 * The language is the one the person chose (users.locale; English when none): each template is
 * approved by Meta under one name in both languages, and the message names the language's code.
 */
export type WhatsAppLanguage = "en" | "hi";

type TemplateDef = { name: string; params: readonly string[]; body: Record<WhatsAppLanguage, string> };

const STOP_LINE = { en: "To stop WhatsApp messages from Mandap, tap: ", hi: "Mandap के WhatsApp संदेश बंद करने के लिए टैप करें: " } as const;

/**
 * The templates as submitted to Meta for approval (category UTILITY): each body's {{n}} is the
 * n-th parameter, the last one always the stop link. Names are Meta's template names.
 */
export const WHATSAPP_TEMPLATES = {
  "new-enquiry": {
    name: "new_enquiry",
    params: ["couple", "service", "event date", "conversation link", "stop link"],
    body: {
      en: `New enquiry on Mandap: {{1}} asked about {{2}} (event date: {{3}}). Reply in your dashboard: {{4}}\n\n${STOP_LINE.en}{{5}}`,
      hi: `Mandap पर नई पूछताछ: {{1}} ने {{2}} के बारे में पूछा है (समारोह की तारीख: {{3}})। अपने डैशबोर्ड में जवाब दें: {{4}}\n\n${STOP_LINE.hi}{{5}}`,
    },
  },
  reply: {
    name: "new_message",
    params: ["sender", "service", "conversation link", "stop link"],
    body: {
      en: `{{1}} sent you a message about {{2}} on Mandap. Read it and reply: {{3}}\n\n${STOP_LINE.en}{{4}}`,
      hi: `{{1}} ने Mandap पर {{2}} के बारे में आपको संदेश भेजा है। पढ़ें और जवाब दें: {{3}}\n\n${STOP_LINE.hi}{{4}}`,
    },
  },
  quote: {
    name: "new_quote",
    params: ["vendor", "service", "amount", "valid until", "conversation link", "stop link"],
    body: {
      en: `{{1}} sent you a quote of {{3}} for {{2}}, valid until {{4}}. Accept it or reply: {{5}}\n\n${STOP_LINE.en}{{6}}`,
      hi: `{{1}} ने {{2}} के लिए {{3}} का कोटेशन भेजा है, {{4}} तक मान्य। स्वीकार करें या जवाब दें: {{5}}\n\n${STOP_LINE.hi}{{6}}`,
    },
  },
  "booking-change": {
    name: "booking_update",
    params: ["other side", "service", "event date", "booking link", "stop link"],
    body: {
      en: `Your booking of {{2}} with {{1}} for {{3}} has changed. See the details: {{4}}\n\n${STOP_LINE.en}{{5}}`,
      hi: `{{1}} के साथ {{3}} के लिए {{2}} की आपकी बुकिंग में बदलाव हुआ है। विवरण देखें: {{4}}\n\n${STOP_LINE.hi}{{5}}`,
    },
  },
  payment: {
    name: "payment_recorded",
    params: ["amount", "what for", "details link", "stop link"],
    body: {
      en: `A payment of {{1}} is recorded on Mandap: {{2}}. See the details: {{3}}\n\n${STOP_LINE.en}{{4}}`,
      hi: `Mandap पर {{1}} का भुगतान दर्ज हुआ है: {{2}}। विवरण देखें: {{3}}\n\n${STOP_LINE.hi}{{4}}`,
    },
  },
  "rsvp-summary": {
    name: "rsvp_summary",
    params: ["coming", "not coming", "not answered", "guest list link", "stop link"],
    body: {
      en: `Your guests' replies on Mandap so far: {{1}} coming, {{2}} not coming, {{3}} yet to answer. Your guest list: {{4}}\n\n${STOP_LINE.en}{{5}}`,
      hi: `Mandap पर अब तक मेहमानों के जवाब: {{1}} आ रहे हैं, {{2}} नहीं आ रहे, {{3}} ने अभी जवाब नहीं दिया। आपकी मेहमान सूची: {{4}}\n\n${STOP_LINE.hi}{{5}}`,
    },
  },
} as const satisfies Record<string, TemplateDef>;

export type WhatsAppEvent = keyof typeof WHATSAPP_TEMPLATES;

/** The template's text with its parameters, as the person reads it (kept in the outbox for /dev/whatsapp). */
export function renderWhatsApp(event: WhatsAppEvent, language: WhatsAppLanguage, parameters: readonly string[]): string {
  return WHATSAPP_TEMPLATES[event].body[language].replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1] ?? "");
}

export const WHATSAPP_MESSAGES = {
  get on() {
    return m.api_whatsapp_on();
  },
  get off() {
    return m.api_whatsapp_off();
  },
  get noNumber() {
    return m.api_whatsapp_no_number();
  },
  get stopped() {
    return m.api_whatsapp_stopped();
  },
  get alreadyStopped() {
    return m.api_whatsapp_already_stopped();
  },
  get forged() {
    return m.api_whatsapp_forged();
  },
  get expired() {
    return m.api_whatsapp_expired();
  },
  get gone() {
    return m.api_mail_preferences_gone();
  },
  get signIn() {
    return m.api_whatsapp_sign_in();
  },
};

/** The signed link's purpose: stop WhatsApp messages for that person. */
const STOP_PURPOSE = "whatsapp-stop";

type Person = {
  id: string;
  role: string;
  locale: string | null;
  phone: string | null;
  opted_in: number | null;
  opted_in_at: number | null;
  opted_out_at: number | null;
};

async function personOf(db: D1Database, userId: string): Promise<Person | null> {
  return db
    .prepare(
      `SELECT u.id, u.role, u.locale, coalesce(u.verified_phone, nullif(trim(u.phone), ''), v.phone) AS phone, o.opted_in, o.opted_in_at, o.opted_out_at
       FROM users u LEFT JOIN vendors v ON v.user_id = u.id LEFT JOIN whatsapp_optins o ON o.user_id = u.id WHERE u.id = ?`,
    )
    .bind(userId)
    .first<Person>();
}

/** "+919876543210" -> "+91 98…210": enough to recognise on a page reached by a link. */
const maskNumber = (n: string) => `${n.slice(0, 3)} ${n.slice(3, 5)}…${n.slice(-3)}`;

export type WhatsAppPreferencesView = {
  on: boolean;
  /** The number messages go to (masked when the page was reached by a link), or null without a usable one. */
  number: string | null;
  /** Since when the current choice holds. */
  since: number | null;
  role: string;
  via: "session" | "link";
};

function viewOf(person: Person, via: "session" | "link"): WhatsAppPreferencesView {
  const number = indianMobile(person.phone);
  const on = person.opted_in === 1;
  return {
    on,
    number: number && via === "link" ? maskNumber(number) : number,
    since: on ? person.opted_in_at : person.opted_out_at,
    role: person.role,
    via,
  };
}

async function readStopLink(ctx: Pick<DomainContext, "config" | "now" | "db">, token: string): Promise<Person> {
  if (!ctx.config.mailLinkSecret) throw new Error("MAIL_LINK_SECRET is not set (docs/deploy.md, E-mail)");
  const read = await readMailLink(ctx.config.mailLinkSecret, token, ctx.now);
  if (!read.ok) throw new Invalid(WHATSAPP_MESSAGES[read.reason]);
  if (read.link.purpose !== STOP_PURPOSE) throw new Invalid(WHATSAPP_MESSAGES.forged);
  const person = await personOf(ctx.db, read.link.userId);
  if (!person) throw new NotFound(WHATSAPP_MESSAGES.gone);
  return person;
}

async function signedInPerson(ctx: DomainContext): Promise<Person> {
  const actor = requireSignedIn(ctx.actor, WHATSAPP_MESSAGES.signIn);
  const person = await personOf(ctx.db, actor.id);
  if (!person) throw new NotFound(WHATSAPP_MESSAGES.gone);
  return person;
}

/** The person's WhatsApp choice: signed in, or from a message's stop link (`token`). */
export async function whatsAppPreferences(ctx: DomainContext, token?: string): Promise<WhatsAppPreferencesView> {
  return token ? viewOf(await readStopLink(ctx, token), "link") : viewOf(await signedInPerson(ctx), "session");
}

function setChoice(db: D1Database, userId: string, on: boolean, source: "settings" | "link" | "stop-reply", now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO whatsapp_optins (user_id, opted_in, opted_in_at, opted_out_at, source, updated_at) VALUES (?1, ?2, CASE WHEN ?2 = 1 THEN ?4 END, CASE WHEN ?2 = 0 THEN ?4 END, ?3, ?4)
       ON CONFLICT (user_id) DO UPDATE SET opted_in = ?2, source = ?3, updated_at = ?4,
         opted_in_at = CASE WHEN ?2 = 1 THEN ?4 ELSE opted_in_at END, opted_out_at = CASE WHEN ?2 = 0 THEN ?4 ELSE opted_out_at END`,
    )
    .bind(userId, on ? 1 : 0, source, now);
}

const onOff = z.preprocess(
  (v) => (v === "on" || v === "true" || v === "1" || v === true ? true : v === "off" || v === "false" || v === "0" || v === "" || v === false ? false : v),
  z.boolean({ error: () => m.api_v_whats_app_messages_are_on_or_off() }),
);
/** The form and the API: `whatsapp` on or off (an unticked box sends nothing: off). */
export const whatsAppPreferencesInput = z.object({ whatsapp: onOff.optional() });

/** Saves the signed-in person's choice. Turning on needs an Indian mobile number on the account. */
export async function saveWhatsAppPreferences(ctx: DomainContext, raw: unknown): Promise<WhatsAppPreferencesView & { message: string }> {
  const person = await signedInPerson(ctx);
  const parsed = whatsAppPreferencesInput.safeParse(raw);
  if (!parsed.success)
    throw new Invalid(m.api_e_please_choose_on_or_off(), { whatsapp: parsed.error.issues[0]?.message ?? "WhatsApp messages are on or off." });
  const on = Boolean(parsed.data.whatsapp);
  if (on && !indianMobile(person.phone)) throw new Invalid(WHATSAPP_MESSAGES.noNumber, { whatsapp: WHATSAPP_MESSAGES.noNumber });
  await setChoice(ctx.db, person.id, on, "settings", ctx.now).run();
  const view = viewOf((await personOf(ctx.db, person.id))!, "session");
  return { ...view, message: on ? WHATSAPP_MESSAGES.on : WHATSAPP_MESSAGES.off };
}

/** The stop link's button (one tap): WhatsApp messages off for exactly the link's person. A second use says they were already off. */
export async function stopWhatsAppByLink(ctx: DomainContext, token: string): Promise<{ message: string; changed: boolean }> {
  const person = await readStopLink(ctx, token);
  const was = person.opted_in === 1;
  if (was) await setChoice(ctx.db, person.id, false, "link", ctx.now).run();
  return { changed: was, message: was ? WHATSAPP_MESSAGES.stopped : WHATSAPP_MESSAGES.alreadyStopped };
}

/** The one-tap stop link of `userId`'s messages (signed, valid for MAIL_LINK_TTL_MS). */
export async function whatsAppStopLink(ctx: Pick<DomainContext, "config" | "now" | "request">, userId: string, origin = ctx.request.origin): Promise<string> {
  if (!ctx.config.mailLinkSecret) throw new Error("MAIL_LINK_SECRET is not set (docs/deploy.md, E-mail)");
  const token = await signMailLink(ctx.config.mailLinkSecret, { purpose: STOP_PURPOSE, userId, expiresAt: ctx.now + MAIL_LINK_TTL_MS });
  return `${origin}${WHATSAPP_PREFERENCES_PATH}/${token}`;
}

/** Who would get a WhatsApp notice now: opted in, with an Indian mobile number. */
async function recipient(db: D1Database, userId: string): Promise<{ number: string; language: WhatsAppLanguage } | null> {
  const person = await personOf(db, userId);
  const number = person?.opted_in === 1 ? indianMobile(person.phone) : null;
  // In the language the person chose (users.locale), English when they chose none.
  return number ? { number, language: person?.locale === "hi" ? "hi" : "en" } : null;
}

/**
 * A WhatsApp notice of `event` for `userId`, for the caller's D1 batch, or null when the person is
 * not opted in or has no Indian mobile number. `parameters` are the template's, without the stop
 * link (added here). The INSERT checks the opt-in again in the same statement, so a choice changed
 * between the read and the batch is honoured. Deliver it after the batch with ctx.mail.deliver(id).
 */
export async function whatsAppNotice(
  ctx: Pick<DomainContext, "db" | "config" | "now" | "request">,
  userId: string,
  event: WhatsAppEvent,
  parameters: readonly string[],
  origin?: string,
): Promise<{ id: string; statement: D1PreparedStatement } | null> {
  const to = await recipient(ctx.db, userId);
  if (!to) return null;
  const all = [...parameters, await whatsAppStopLink(ctx, userId, origin)];
  const template = WHATSAPP_TEMPLATES[event];
  if (all.length !== template.params.length)
    throw new Error(`WhatsApp template ${template.name} takes ${template.params.length} parameters, got ${all.length}`);
  const payload: WhatsAppTemplateMessage = { name: template.name, language: to.language, parameters: all };
  const id = newId(ctx.now);
  const statement = ctx.db
    .prepare(
      `INSERT INTO outbox (id, channel, user_id, to_address, subject, text, payload, status, attempts, next_attempt_at, created_at)
       SELECT ?1, 'whatsapp', ?2, ?3, ?4, ?5, ?6, 'QUEUED', 0, ?7, ?7 WHERE EXISTS (SELECT 1 FROM whatsapp_optins WHERE user_id = ?2 AND opted_in = 1)`,
    )
    .bind(id, userId, to.number, template.name, renderWhatsApp(event, to.language, all), JSON.stringify(payload), ctx.now);
  return { id, statement };
}
