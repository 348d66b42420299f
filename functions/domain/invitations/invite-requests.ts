/** A guest without a personal link asks to come from the public page; the couple is told by mail. */
import { composeMail, mailLocale } from "#platform/mail-layout.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import { LOCALE_PREFIX, type Locale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import type { RsvpResponse } from "#shared/guest-schemas.ts";
import { type DomainContext, Conflict, Invalid, newId, takeOrThrow, type AllowanceRule, parseInput } from "../core/index.ts";
import { queueMail } from "#platform/mail.ts";
import { EVENTS_SQL, INVITE_MESSAGES, chosen, firstName, publishedRow, type InviteCardRow, type EventRow } from "./invite-records.ts";
import { blank, inviteRequestInput, type InviteRequestInput } from "./invite-inputs.ts";
import { m } from "#shared/paraglide/messages.js";

/** Requests waiting for the couple's answer on one invitation; a phone already waiting may still change its own. */
export const PENDING_REQUESTS_MAX = 50;

/** Requests from one network address in an hour (a family sending a few; a script many). */
export const REQUESTS_PER_ADDRESS: AllowanceRule = {
  max: 20,
  windowMs: 60 * 60 * 1000,
  message: (wait: string) => m.api_limit_too_many_requests_from_your_network_please({ wait }),
};

/** Changes to one phone's request on one invitation in an hour. */
export const REQUESTS_PER_PHONE: AllowanceRule = {
  max: 5,
  windowMs: 60 * 60 * 1000,
  message: (wait: string) => m.api_limit_too_many_changes_to_this_request_please({ wait }),
};

// ---------------------------------------------------------------- requests from the public page

export type RequestOutcome = { status: "created" | "updated"; message: string };

/**
 * A guest without a personal link asks to come (the public page's form, or its API twin). One
 * request per card and phone: the same phone again updates its pending request; an approved phone
 * is told to use their personal link. Answers must be for functions on the invitation. The
 * honeypot filled answers like a success and stores nothing. Rate limited per address and phone.
 */
export async function requestInvite(ctx: DomainContext, slug: string, input: unknown): Promise<RequestOutcome> {
  const row = await publishedRow(ctx, slug);
  if (!row.rsvp_open) throw new Conflict(INVITE_MESSAGES.rsvpClosed);
  const body = parseInput(inviteRequestInput, input ?? {});
  const thanks = m.api_d_invite_request_thanks();
  if (!blank(body.website)) return { status: "created", message: thanks };
  const { results: events } = await ctx.db.prepare(EVENTS_SQL).bind(row.user_id).all<EventRow>();
  const shown = new Set(chosen(row, events).map((e) => e.id));
  const errors: Record<string, string> = {};
  for (const id of Object.keys(body.answers)) if (!shown.has(id)) errors[`answers.${id}`] = m.api_d_function_not_on_invitation();
  if (Object.keys(errors).length) throw new Invalid(m.api_v_correct_fields(), errors);
  if (ctx.request.ip) await takeOrThrow(ctx, `invite-request:ip:${ctx.request.ip}`, REQUESTS_PER_ADDRESS);
  await takeOrThrow(ctx, `invite-request:phone:${row.id}:${body.phone}`, REQUESTS_PER_PHONE);
  const previous = await ctx.db
    .prepare("SELECT status, card_id FROM invite_requests WHERE user_id = ? AND phone = ? ORDER BY (status = 'APPROVED') DESC, (card_id = ?) DESC LIMIT 1")
    .bind(row.user_id, body.phone, row.id)
    .first<{ status: string; card_id: string }>();
  if (previous?.status === "APPROVED") throw new Conflict(INVITE_MESSAGES.alreadyApproved);
  if (previous?.status === "DECLINED" && previous.card_id === row.id) throw new Conflict(INVITE_MESSAGES.alreadyDecided);
  const waiting = previous?.status === "PENDING" && previous.card_id === row.id;
  if (!waiting) {
    const pending = await ctx.db
      .prepare("SELECT COUNT(*) AS n FROM invite_requests WHERE card_id = ? AND status = 'PENDING'")
      .bind(row.id)
      .first<{ n: number }>();
    if ((pending?.n ?? 0) >= PENDING_REQUESTS_MAX) throw new Conflict(INVITE_MESSAGES.tooManyWaiting);
  }
  const upsert = ctx.db
    .prepare(
      `INSERT INTO invite_requests (id, card_id, user_id, name, phone, email, party_size, dietary, message, answers, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?)
       ON CONFLICT (card_id, phone) DO UPDATE SET name = excluded.name, email = excluded.email, party_size = excluded.party_size, dietary = excluded.dietary,
         message = excluded.message, answers = excluded.answers, created_at = excluded.created_at
       WHERE invite_requests.status = 'PENDING'`,
    )
    .bind(
      newId(ctx.now),
      row.id,
      row.user_id,
      body.name,
      body.phone,
      body.email ?? null,
      body.partySize,
      body.dietary,
      body.message,
      JSON.stringify(body.answers),
      ctx.now,
    );
  if (waiting) {
    await upsert.run();
  } else {
    // A new request: the couple is told by mail (one per request, whatever the number of functions), queued with it.
    const mail = queueMail(ctx.db, coupleNotice(ctx, row, body, chosen(row, events)), ctx.now);
    await ctx.db.batch([upsert, mail.statement]);
    await ctx.mail.deliver(mail.id);
  }
  return previous?.status === "PENDING" && previous.card_id === row.id
    ? { status: "updated", message: m.api_e_your_request_is_updated_the_couple_will() }
    : { status: "created", message: thanks };
}

/** The couple's mail about a new request: who, how many, their answers, and where to approve. */
function coupleNotice(ctx: DomainContext, row: InviteCardRow, body: InviteRequestInput, functions: EventRow[]) {
  // In the couple's language (users.locale), whatever the guest's page was in.
  const locale = mailLocale(row.user_locale);
  const names = new Map(functions.map((f) => [f.id, localName(f.name, locale)]));
  const answers = Object.entries(body.answers).map(
    ([id, r]) => `${names.get(id) ?? messages.mail_invite_request_a_function({}, { locale })}: ${RESPONSE_IN[r](locale)}`,
  );
  return composeMail({
    to: row.user_email,
    locale,
    subject: messages.mail_invite_request_subject({ name: body.name }, { locale }),
    audience: "couple",
    origin: ctx.request.origin,
    greeting: messages.mail_greeting({ name: firstName(row.user_name) }, { locale }),
    body: [
      messages.mail_invite_request_intro({ name: body.name, phone: body.phone, count: body.partySize }, { locale }),
      ...(answers.length ? [{ list: answers }] : []),
      ...(body.message ? [messages.mail_invite_request_their_message({}, { locale }), { quote: body.message }] : []),
      { link: { label: messages.mail_invite_request_decide({}, { locale }), url: `${ctx.request.origin}${LOCALE_PREFIX[locale]}/card` } },
    ],
    reason: messages.mail_invite_request_reason({}, { locale }),
  });
}

/** A guest's answer in the couple's mail, in its language. */
const RESPONSE_IN: Record<RsvpResponse, (locale: Locale) => string> = {
  ATTENDING: (locale) => messages.mail_rsvp_attending({}, { locale }),
  DECLINED: (locale) => messages.mail_rsvp_declined({}, { locale }),
  MAYBE: (locale) => messages.mail_rsvp_maybe({}, { locale }),
};
