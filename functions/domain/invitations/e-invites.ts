import { z } from "zod";
import { phone as indianMobile } from "#shared/account-schemas.ts";
import {
  DIETARY_LABELS,
  DIETARY_PREFERENCES,
  emailField,
  GUESTS_MAX,
  RESPONSE_LABELS,
  PARTY_SIZE_MAX,
  RSVP_RESPONSES,
  guestName,
  type Dietary,
  type RsvpResponse,
} from "#shared/guest-schemas.ts";
import { calendarDay, clockTime } from "#shared/format.ts";
import { mediaUrl } from "#shared/media.ts";
import { slugify } from "#shared/slug.ts";
import {
  type DomainContext,
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  newId,
  assertNoDelay,
  recordFailure,
  takeOrThrow,
  type AllowanceRule,
  type DelayRule,
  parseInput,
} from "../core/index.ts";
import { newRsvpToken, whatsappUrl, rsvpByToken } from "../guests/index.ts";
import { canUseTemplate } from "./template-access.ts";
import { CARD_MESSAGES, requireCanvasUse } from "./user-cards.ts";
import { requirePlanner, weddingFunctions } from "../planning/index.ts";
import { numeric } from "#shared/numbers.ts";
import { queueMail } from "#platform/mail.ts";

/**
 * The live e-invite (issue 13): a couple publishes one of their cards under a readable share slug
 * (/view/{slug}); the page shows the rendered card, the couple's names and the schedule of the
 * functions they chose, and (while RSVP is open) a request form for guests without a personal link.
 * A request becomes an invite_requests row the couple approves (a household, a guest, invitations and
 * answers in one batch, so the guest list's head-counts count them at once) or declines. A household's
 * personal link (/rsvp/:token, rsvp.ts) shows the same card and its own functions above its answers.
 * docs/decisions/0028-e-invite-publishing.md.
 */

export const INVITE_MESSAGES = {
  cardMissing: "We could not find this card.",
  buyFirst: CARD_MESSAGES.buyFirst,
  noPicture: "Open the card in the editor and save it so we have its picture.",
  notPublished: "This invitation is not available. Please ask the couple for a new link.",
  rsvpClosed: "The couple is not taking answers through this page any more. Please contact them directly.",
  requestMissing: "We could not find that request.",
  alreadyApproved:
    "You are already on the guest list. Please answer through your personal link: we e-mailed it to you if you gave an e-mail address; otherwise ask the couple to send it on WhatsApp.",
  alreadyDecided: "The couple has already answered this request.",
  decided: "This request was already answered.",
  functionMissing: "We could not find that function in your wedding plan.",
  tooManyGuests: `Your guest list is full (at most ${GUESTS_MAX} guests).`,
  tooManyWaiting: "This invitation has too many requests waiting for the couple to answer. Please try again later, or contact the couple directly.",
} as const;

/**
 * Unknown links looked up from one network address (issue 28): 20 free an hour (a mistyped link or
 * two), then a wait from a minute doubling to an hour during which that address is answered 429 for
 * every link, so links cannot be found by trying. Only where the platform reports the address.
 */
export const LINK_MISSES_PER_ADDRESS: DelayRule = {
  free: 20,
  baseDelayMs: 60 * 1000,
  maxDelayMs: 60 * 60 * 1000,
  resetAfterMs: 60 * 60 * 1000,
  message: "Too many invitation links that do not exist were opened from your network. Please wait {wait} and try again.",
};
/** Requests waiting for the couple's answer on one invitation; a phone already waiting may still change its own. */
export const PENDING_REQUESTS_MAX = 50;

/** Requests from one network address in an hour (a family sending a few; a script many). */
export const REQUESTS_PER_ADDRESS: AllowanceRule = {
  max: 20,
  windowMs: 60 * 60 * 1000,
  message: "Too many requests from your network. Please wait {wait} and try again.",
};
/** Changes to one phone's request on one invitation in an hour. */
export const REQUESTS_PER_PHONE: AllowanceRule = {
  max: 5,
  windowMs: 60 * 60 * 1000,
  message: "Too many changes to this request. Please wait {wait} and try again.",
};

export const MESSAGE_MAX = 500;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const idField = z.string().trim().min(1).max(64);

/** POST /invitation/{cardId}/publish: the functions to show (none given: all of them) and whether the public page takes requests. */
export const publishInput = z.object({
  eventIds: z
    .preprocess(
      (v) => (v === undefined || v === null ? undefined : typeof v === "string" ? (v === "" ? [] : [v]) : v),
      z.array(idField, { error: "eventIds: a list of function ids." }).max(100, "eventIds: at most 100 functions."),
    )
    .optional(),
  rsvpOpen: z
    .preprocess(
      (v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "0" || v === "off" ? false : v),
      z.boolean({ error: "rsvpOpen: yes or no." }),
    )
    .optional(),
});
export type PublishInput = z.infer<typeof publishInput>;

/** The public page's request form (and its API twin). `website` is a honeypot people never see. */
export const inviteRequestInput = z.object({
  name: guestName,
  phone: z.preprocess((v) => (v === undefined || v === null ? "" : v), indianMobile),
  /** Optional: where the personal RSVP link is mailed once the couple approves. */
  email: emailField.optional(),
  partySize: numeric(
    z
      .number({ error: "Party size: a number of people." })
      .int("Party size: a whole number of people.")
      .min(1, "Party size: at least 1.")
      .max(PARTY_SIZE_MAX, `Party size: at most ${PARTY_SIZE_MAX} people.`)
      .default(1),
  ),
  dietary: z.preprocess((v) => (blank(v) ? null : v), z.enum(DIETARY_PREFERENCES, { error: "Dietary: choose veg, jain, non-veg or vegan." }).nullable()),
  message: z.preprocess(
    (v) => (blank(v) ? null : v),
    z.string({ error: "Message must be text." }).trim().max(MESSAGE_MAX, `Message: use at most ${MESSAGE_MAX} characters.`).nullable(),
  ),
  answers: z
    .record(idField, z.enum(RSVP_RESPONSES, { error: "Answer: attending, not attending or maybe." }), { error: "answers: an answer per function." })
    .refine((a) => Object.keys(a).length > 0, "Please answer for at least one function.")
    .refine((a) => Object.keys(a).length <= 100, "Too many answers at once."),
  website: z.unknown().optional(),
});
export type InviteRequestInput = z.infer<typeof inviteRequestInput>;

// ---------------------------------------------------------------- formats

/** "2027-02-13" -> "Sat, 13 Feb 2027". */
export const inviteDate = (day: string): string => calendarDay(day, "medium") ?? day;

/** "19:00" -> "7:00 pm". */
export const inviteTime = (time: string | null): string | null => clockTime(time) ?? time;

export const mapUrl = (venue: string | null) => (venue ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(venue)}` : null);

// ---------------------------------------------------------------- the invitation as guests see it

export type InvitationFunction = {
  id: string;
  name: string;
  eventDate: string;
  dateLabel: string;
  startTime: string | null;
  endTime: string | null;
  timeLabel: string | null;
  venue: string | null;
  mapUrl: string | null;
};

export type Invitation = {
  cardId: string;
  slug: string | null;
  published: boolean;
  couple: string;
  title: string;
  description: string;
  city: string | null;
  cardImageUrl: string;
  cardWidth: number;
  cardHeight: number;
  functions: InvitationFunction[];
  rsvpOpen: boolean;
  shareUrl: string | null;
  whatsappUrl: string | null;
  /** The request form's choices, sent with the page's data so the page's client code needs no schema library. */
  form: RequestFormChoices;
};

export type RequestFormChoices = { dietary: [string, string][]; responses: [string, string][]; partySizeMax: number };
const FORM_CHOICES: RequestFormChoices = {
  dietary: DIETARY_PREFERENCES.map((d) => [d, DIETARY_LABELS[d]]),
  responses: RSVP_RESPONSES.map((r) => [r, RESPONSE_LABELS[r]]),
  partySizeMax: PARTY_SIZE_MAX,
};

type CardRow = {
  id: string;
  user_id: string;
  template_id: string | null;
  preview_key: string | null;
  public_slug: string | null;
  published_at: number | null;
  event_ids: string | null;
  rsvp_open: number;
  bride_name: string | null;
  groom_name: string | null;
  cw: number | null;
  ch: number | null;
  user_name: string;
  user_email: string;
  partner_name: string | null;
  wedding_city: string | null;
};

const CARD_SELECT = `SELECT c.id, c.user_id, c.template_id, c.preview_key, c.public_slug, c.published_at, c.event_ids, c.rsvp_open, c.bride_name, c.groom_name,
  json_extract(c.canvas, '$.width') AS cw, json_extract(c.canvas, '$.height') AS ch, u.user_name, u.email AS user_email, u.partner_name, u.wedding_city
  FROM user_templates c JOIN users u ON u.id = c.user_id`;

type EventRow = { id: string; name: string; event_date: string; start_time: string | null; end_time: string | null; venue: string | null };
const EVENTS_SQL =
  "SELECT id, name, event_date, start_time, end_time, venue FROM events WHERE user_id = ? AND parent_id IS NULL ORDER BY event_date, start_time IS NULL, start_time, created_at";

/** The names on the invitation: the card's bride and groom when both are filled, else the couple's profile. */
const coupleOf = (r: Pick<CardRow, "bride_name" | "groom_name" | "user_name" | "partner_name">) =>
  r.bride_name?.trim() && r.groom_name?.trim()
    ? `${r.bride_name.trim()} & ${r.groom_name.trim()}`
    : r.partner_name
      ? `${firstName(r.user_name)} & ${firstName(r.partner_name)}`
      : r.user_name;
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export const toFunction = (
  e: EventRow | { id: string; name: string; eventDate: string; startTime: string | null; endTime: string | null; venue: string | null },
) => {
  const f = "event_date" in e ? { id: e.id, name: e.name, eventDate: e.event_date, startTime: e.start_time, endTime: e.end_time, venue: e.venue } : { ...e };
  const start = inviteTime(f.startTime);
  const end = inviteTime(f.endTime);
  return {
    ...f,
    dateLabel: inviteDate(f.eventDate),
    timeLabel: start ? `${start}${end ? ` to ${end}` : ""}` : null,
    mapUrl: mapUrl(f.venue),
  } satisfies InvitationFunction;
};

function chosen(row: CardRow, events: EventRow[]): EventRow[] {
  if (row.event_ids === null) return events;
  let ids: unknown;
  try {
    ids = JSON.parse(row.event_ids);
  } catch {
    return events;
  }
  const set = new Set(Array.isArray(ids) ? ids.filter((v): v is string => typeof v === "string") : []);
  return events.filter((e) => set.has(e.id));
}

function shareText(couple: string, functions: InvitationFunction[], url: string): string {
  const first = functions[0];
  const when = first ? ` on ${first.dateLabel}` : "";
  return `${couple} invite you to their wedding${when}. See the invitation and tell us if you can come: ${url}`;
}

function toInvitation(ctx: Pick<DomainContext, "request">, row: CardRow, events: EventRow[]): Invitation {
  const couple = coupleOf(row);
  const functions = chosen(row, events).map(toFunction);
  const width = row.cw && row.cw > 0 ? row.cw : 600;
  const height = row.ch && row.ch > 0 ? row.ch : 840;
  const imageWidth = 1080;
  const shareUrl = row.public_slug ? `${ctx.request.origin}/view/${row.public_slug}` : null;
  const first = functions[0];
  const city = row.wedding_city;
  const description = [first ? first.dateLabel : null, city].filter(Boolean).join(", ");
  return {
    cardId: row.id,
    slug: row.public_slug,
    published: row.published_at !== null && row.public_slug !== null,
    couple,
    title: `${couple} invite you`,
    description: description ? `Wedding celebrations: ${description}. See the invitation and RSVP.` : "See the wedding invitation and RSVP.",
    city,
    cardImageUrl: `${ctx.request.origin}${mediaUrl(row.preview_key)}`,
    cardWidth: imageWidth,
    cardHeight: Math.round((imageWidth * height) / width),
    functions,
    rsvpOpen: !!row.rsvp_open,
    shareUrl,
    whatsappUrl: shareUrl ? whatsappUrl(null, shareText(couple, functions, shareUrl)) : null,
    form: FORM_CHOICES,
  };
}

async function withEvents(ctx: DomainContext, row: CardRow): Promise<Invitation> {
  const { results } = await ctx.db.prepare(EVENTS_SQL).bind(row.user_id).all<EventRow>();
  return toInvitation(ctx, row, results);
}

const slugShape = (slug: string) => /^[a-z0-9-]{3,100}$/.test(slug);

async function publishedRow(ctx: DomainContext, slug: string): Promise<CardRow> {
  const missKey = ctx.request.ip ? `invite-miss:ip:${ctx.request.ip}` : null;
  if (missKey) await assertNoDelay(ctx, missKey, LINK_MISSES_PER_ADDRESS);
  const row = slugShape(slug)
    ? await ctx.db.prepare(`${CARD_SELECT} WHERE c.public_slug = ? AND c.published_at IS NOT NULL`).bind(slug).first<CardRow>()
    : null;
  if (!row || !row.preview_key) {
    if (missKey) await recordFailure(ctx, missKey, LINK_MISSES_PER_ADDRESS);
    throw new NotFound(INVITE_MESSAGES.notPublished);
  }
  return row;
}

/** The live e-invite behind a share slug (public); unknown or unpublished is 404. */
export async function invitationBySlug(ctx: DomainContext, slug: string): Promise<Invitation> {
  return withEvents(ctx, await publishedRow(ctx, slug));
}

async function ownCardRow(ctx: DomainContext, cardId: string): Promise<CardRow> {
  const me = requirePlanner(ctx);
  const row = await ctx.db.prepare(`${CARD_SELECT} WHERE c.id = ? AND c.user_id = ?`).bind(cardId, me.id).first<CardRow>();
  if (!row) throw new NotFound(INVITE_MESSAGES.cardMissing);
  return row;
}

/** One of the couple's cards as guests would see it once published (/view_1?card=); another couple's is 404. */
export async function previewInvitation(ctx: DomainContext, cardId: string): Promise<Invitation> {
  return withEvents(ctx, await ownCardRow(ctx, cardId));
}

/** The couple's published invitation, or null. */
export async function ownInvitation(ctx: DomainContext): Promise<Invitation | null> {
  const me = requirePlanner(ctx);
  const row = await ctx.db
    .prepare(`${CARD_SELECT} WHERE c.user_id = ? AND c.published_at IS NOT NULL AND c.public_slug IS NOT NULL`)
    .bind(me.id)
    .first<CardRow>();
  return row ? withEvents(ctx, row) : null;
}

/** What /rsvp/:token adds above the answers: the couple's published card, or null when they have none. */
export async function personalCard(ctx: DomainContext, token: string): Promise<{ cardImageUrl: string; cardWidth: number; cardHeight: number } | null> {
  const row = await ctx.db
    .prepare(
      `${CARD_SELECT} JOIN households h ON h.user_id = c.user_id WHERE h.rsvp_token = ? AND c.published_at IS NOT NULL AND c.public_slug IS NOT NULL AND c.preview_key IS NOT NULL`,
    )
    .bind(token)
    .first<CardRow>();
  if (!row) return null;
  const inv = toInvitation(ctx, row, []);
  return { cardImageUrl: inv.cardImageUrl, cardWidth: inv.cardWidth, cardHeight: inv.cardHeight };
}

/** The household's personal link as an e-invite: the RSVP view (rsvp.ts) with the card and each function's date, time and map link. */
export async function personalInvitation(ctx: DomainContext, token: string) {
  const view = await rsvpByToken(ctx, token);
  return { ...view, schedule: view.functions.map(toFunction), card: await personalCard(ctx, token) };
}

// ---------------------------------------------------------------- the couple's cards and publishing

export type CardChoice = { id: string; title: string; previewUrl: string | null; published: boolean; updatedAt: number };

/** The couple's cards to publish, newest first. */
export async function cardsToPublish(ctx: DomainContext): Promise<CardChoice[]> {
  const me = requirePlanner(ctx);
  const { results } = await ctx.db
    .prepare("SELECT id, title, preview_key, published_at, updated_at FROM user_templates WHERE user_id = ? ORDER BY updated_at DESC LIMIT 100")
    .bind(me.id)
    .all<{ id: string; title: string; preview_key: string | null; published_at: number | null; updated_at: number }>();
  return results.map((r) => ({
    id: r.id,
    title: r.title,
    previewUrl: r.preview_key ? mediaUrl(r.preview_key) : null,
    published: r.published_at !== null,
    updatedAt: r.updated_at,
  }));
}

/**
 * 13 characters of a 32-letter alphabet without look-alikes: 65 random bits (issue 28: 4 characters,
 * 20 bits, could be found by trying). Links made before keep their 4 characters and keep working.
 */
export const SLUG_SUFFIX_LENGTH = 13;
function randomSuffix(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  return [...crypto.getRandomValues(new Uint8Array(SLUG_SUFFIX_LENGTH))].map((b) => alphabet[b & 31]).join("");
}

function newSlug(row: CardRow): string {
  const [a, b] = row.bride_name?.trim() && row.groom_name?.trim() ? [row.bride_name, row.groom_name] : [row.user_name, row.partner_name];
  const first = slugify(firstName(a ?? "")).slice(0, 30);
  const second = b ? slugify(firstName(b)).slice(0, 30) : "";
  const base = first && second ? `${first}-weds-${second}` : first ? `${first}-wedding` : "our-wedding";
  return `${base}-${randomSuffix()}`;
}

/**
 * Publishes the card as the couple's live e-invite. One invitation per couple: the couple keeps one
 * share slug; publishing another card moves it (and the published state) to that card, so a link
 * already shared on WhatsApp shows the new card. The template must be usable (a paid one bought,
 * 403), the card must have its rendered picture (409), and eventIds must be the couple's own
 * top-level functions (404).
 */
export async function publishCard(ctx: DomainContext, cardId: string, input: unknown): Promise<{ slug: string; url: string }> {
  const me = requirePlanner(ctx);
  const body = parseInput(publishInput, input ?? {});
  const row = await ownCardRow(ctx, cardId);
  if (row.template_id) {
    const t = await ctx.db
      .prepare("SELECT id, price, amount_category AS amountCategory FROM invite_templates WHERE id = ?")
      .bind(row.template_id)
      .first<{ id: string; price: number; amountCategory: "FREE" | "PAID" }>();
    if (t && !(await canUseTemplate(ctx, t))) throw new Forbidden(INVITE_MESSAGES.buyFirst);
  }
  // What the canvas is, too: a paid design's canvas without its templateId (issue 28).
  const stored = await ctx.db.prepare("SELECT canvas FROM user_templates WHERE id = ?").bind(row.id).first<{ canvas: string }>();
  if (stored) await requireCanvasUse(ctx, stored.canvas, row.template_id);
  if (!row.preview_key) throw new Conflict(INVITE_MESSAGES.noPicture);
  let eventIds: string[] | null = null;
  if (body.eventIds !== undefined) {
    const own = new Set((await weddingFunctions(ctx)).map((f) => f.id));
    const unknown = body.eventIds.find((id) => !own.has(id));
    if (unknown) throw new NotFound(INVITE_MESSAGES.functionMissing);
    eventIds = [...new Set(body.eventIds)];
    // Every function chosen: stored as "all", so a function added later shows too.
    if (eventIds.length === own.size) eventIds = null;
  }
  const existing = await ctx.db
    .prepare("SELECT public_slug FROM user_templates WHERE user_id = ? AND public_slug IS NOT NULL ORDER BY (id = ?) DESC, published_at DESC LIMIT 1")
    .bind(me.id, cardId)
    .first<{ public_slug: string }>();
  const slug = existing?.public_slug ?? newSlug(row);
  const rsvpOpen = body.rsvpOpen ?? (row.published_at !== null ? !!row.rsvp_open : true);
  await ctx.db.batch([
    ctx.db
      .prepare("UPDATE user_templates SET public_slug = NULL, published_at = NULL, updated_at = ? WHERE user_id = ? AND id <> ? AND public_slug IS NOT NULL")
      .bind(ctx.now, me.id, cardId),
    ctx.db
      .prepare("UPDATE user_templates SET public_slug = ?, published_at = ?, event_ids = ?, rsvp_open = ?, updated_at = ? WHERE id = ? AND user_id = ?")
      .bind(slug, ctx.now, eventIds ? JSON.stringify(eventIds) : null, rsvpOpen ? 1 : 0, ctx.now, cardId, me.id),
  ]);
  return { slug, url: `${ctx.request.origin}/view/${slug}` };
}

/** Takes the card's invitation down: its page answers 404. The slug is kept, so publishing again brings the same link back. */
export async function unpublishCard(ctx: DomainContext, cardId: string): Promise<void> {
  const me = requirePlanner(ctx);
  await ownCardRow(ctx, cardId);
  await ctx.db.prepare("UPDATE user_templates SET published_at = NULL, updated_at = ? WHERE id = ? AND user_id = ?").bind(ctx.now, cardId, me.id).run();
}

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
  const thanks = "Thank you! The couple will confirm your invitation soon.";
  if (!blank(body.website)) return { status: "created", message: thanks };
  const { results: events } = await ctx.db.prepare(EVENTS_SQL).bind(row.user_id).all<EventRow>();
  const shown = new Set(chosen(row, events).map((e) => e.id));
  const errors: Record<string, string> = {};
  for (const id of Object.keys(body.answers)) if (!shown.has(id)) errors[`answers.${id}`] = "This function is not on the invitation.";
  if (Object.keys(errors).length) throw new Invalid("Please correct the highlighted fields.", errors);
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
    ? { status: "updated", message: "Your request is updated. The couple will confirm your invitation soon." }
    : { status: "created", message: thanks };
}

/** The couple's mail about a new request: who, how many, their answers, and where to approve. */
function coupleNotice(ctx: DomainContext, row: CardRow, body: InviteRequestInput, functions: EventRow[]) {
  const names = new Map(functions.map((f) => [f.id, f.name]));
  const answers = Object.entries(body.answers).map(([id, r]) => `${names.get(id) ?? "A function"}: ${RESPONSE_LABELS[r]}`);
  const people = `${body.partySize} ${body.partySize === 1 ? "person" : "people"}`;
  const text = [
    `Hello ${firstName(row.user_name)},`,
    "",
    `${body.name} (${body.phone}) asked to come to your wedding through your e-invite, for ${people}.`,
    ...answers,
    ...(body.message ? ["", `Their message: “${body.message}”`] : []),
    "",
    `Approve or decline the request here: ${ctx.request.origin}/card`,
  ].join("\n");
  return { to: row.user_email, subject: `${body.name} asked to come to your wedding`, text };
}

export type InviteRequest = {
  id: string;
  name: string;
  phone: string;
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

type RequestRow = {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  rsvp_token?: string | null;
  party_size: number;
  dietary: Dietary | null;
  message: string | null;
  answers: string;
  status: InviteRequest["status"];
  created_at: number;
};

function answersOf(text: string): Record<string, RsvpResponse> {
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== "object" || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter(([, r]) => (RSVP_RESPONSES as readonly unknown[]).includes(r))) as Record<string, RsvpResponse>;
  } catch {
    return {};
  }
}

/** The couple's requests, pending first (then the 50 latest decided ones). */
export async function listRequests(ctx: DomainContext): Promise<InviteRequest[]> {
  const me = requirePlanner(ctx);
  const [requests, events] = await ctx.db.batch([
    ctx.db
      .prepare(
        `SELECT r.id, r.name, r.phone, r.email, r.party_size, r.dietary, r.message, r.answers, r.status, r.created_at, h.rsvp_token FROM (
           SELECT * FROM invite_requests WHERE user_id = ?1 AND status = 'PENDING'
           UNION ALL SELECT * FROM (SELECT * FROM invite_requests WHERE user_id = ?1 AND status <> 'PENDING' ORDER BY decided_at DESC LIMIT 50)) r
         LEFT JOIN households h ON h.id = r.household_id AND h.user_id = ?1 AND r.status = 'APPROVED'
         ORDER BY r.status <> 'PENDING', r.created_at DESC`,
      )
      .bind(me.id),
    ctx.db.prepare("SELECT id, name FROM events WHERE user_id = ?").bind(me.id),
  ]);
  const names = new Map((events!.results as { id: string; name: string }[]).map((e) => [e.id, e.name]));
  const couple = me.userName;
  return (requests!.results as RequestRow[]).map((r) => ({
    id: r.id,
    name: r.name,
    phone: r.phone,
    partySize: r.party_size,
    dietary: r.dietary,
    message: r.message,
    answers: Object.entries(answersOf(r.answers))
      .filter(([id]) => names.has(id))
      .map(([eventId, response]) => ({ eventId, name: names.get(eventId)!, response })),
    status: r.status,
    createdAt: r.created_at,
    email: r.email,
    rsvpUrl: r.rsvp_token ? personalLink(ctx, r.rsvp_token) : null,
    whatsappUrl: r.rsvp_token ? whatsappUrl(r.phone, personalLinkText(couple, r.name, personalLink(ctx, r.rsvp_token))) : null,
  }));
}

const personalLink = (ctx: Pick<DomainContext, "request">, token: string) => `${ctx.request.origin}/rsvp/${token}`;
const personalLinkText = (couple: string, guest: string, url: string) =>
  `Dear ${firstName(guest)}, you are on our guest list. Please tell us if you can come, and change your answers any time, here: ${url} (${couple})`;

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
 * Approves a request in ONE batch: a household named after the requester (with a new personal
 * link), the guest (name, phone, dietary), invitations to the functions they answered and their
 * answers with the party size, and the request marked approved. Every insert is conditional on the
 * request still being pending, so two approvals at once make one household.
 */
export async function approveRequest(
  ctx: DomainContext,
  id: string,
): Promise<{ householdId: string; guestId: string; rsvpUrl: string; mailed: boolean; message: string }> {
  const me = requirePlanner(ctx);
  const req = await pendingRequest(ctx, me.id, id);
  const count = (await ctx.db.prepare("SELECT COUNT(*) AS n FROM guests WHERE user_id = ?").bind(me.id).first<{ n: number }>())?.n ?? 0;
  if (count >= GUESTS_MAX) throw new Conflict(INVITE_MESSAGES.tooManyGuests);
  const householdId = newId(ctx.now);
  const guestId = newId(ctx.now);
  const token = newRsvpToken();
  const answers = Object.entries(answersOf(req.answers));
  const pending = "EXISTS (SELECT 1 FROM invite_requests WHERE id = ? AND user_id = ? AND status = 'PENDING')";
  const statements = [
    ctx.db
      .prepare(
        `INSERT INTO households (id, user_id, name, rsvp_token, notes, created_at, updated_at) SELECT ?, ?, ?, ?, 'Asked through the e-invite', ?, ? WHERE ${pending}`,
      )
      .bind(householdId, me.id, req.name.slice(0, 120), token, ctx.now, ctx.now, id, me.id),
    ctx.db
      .prepare(
        `INSERT INTO guests (id, user_id, household_id, name, side, phone, email, dietary, needs_stay, needs_pickup, created_at, updated_at)
         SELECT ?, ?, h.id, ?, 'BOTH', ?, ?, ?, 0, 0, ?, ? FROM households h WHERE h.id = ? AND h.user_id = ?`,
      )
      .bind(guestId, me.id, req.name, req.phone, req.email, req.dietary, ctx.now, ctx.now, householdId, me.id),
    ...answers.flatMap(([eventId, response]) => [
      ctx.db
        .prepare(
          `INSERT OR IGNORE INTO household_invitations (household_id, event_id, invited_at)
           SELECT h.id, e.id, ? FROM households h JOIN events e ON e.user_id = h.user_id AND e.parent_id IS NULL WHERE h.id = ? AND h.user_id = ? AND e.id = ?`,
        )
        .bind(ctx.now, householdId, me.id, eventId),
      // The RSVP rule of rsvp.ts: an answer only for a guest of a household invited to the function.
      ctx.db
        .prepare(
          `INSERT INTO guest_rsvps (guest_id, event_id, response, party_size, answered_at)
           SELECT g.id, hi.event_id, ?, ?, ? FROM guests g JOIN household_invitations hi ON hi.household_id = g.household_id AND hi.event_id = ?
           WHERE g.id = ? AND g.user_id = ?
           ON CONFLICT (guest_id, event_id) DO UPDATE SET response = excluded.response, party_size = excluded.party_size, answered_at = excluded.answered_at`,
        )
        .bind(response, response === "DECLINED" ? 1 : req.party_size, ctx.now, eventId, guestId, me.id),
    ]),
    ctx.db
      .prepare(
        "UPDATE invite_requests SET status = 'APPROVED', household_id = (SELECT id FROM households WHERE id = ?), decided_at = ? WHERE id = ? AND user_id = ? AND status = 'PENDING'",
      )
      .bind(householdId, ctx.now, id, me.id),
  ];
  const rsvpUrl = personalLink(ctx, token);
  // With an e-mail, the guest's personal link goes out through the outbox, queued in the same batch only if the household is made.
  const mail = req.email
    ? queueMail(
        ctx.db,
        {
          to: req.email,
          subject: `${me.userName}: you are on the guest list`,
          text: [
            personalLinkText(me.userName, req.name, rsvpUrl),
            "",
            "Keep this link: it is yours alone, and answers through it go straight to the couple.",
          ].join("\n"),
        },
        ctx.now,
        { sql: "EXISTS (SELECT 1 FROM households WHERE id = ? AND user_id = ?)", binds: [householdId, me.id] },
      )
    : null;
  await ctx.db.batch(mail ? [...statements, mail.statement] : statements);
  const made = await ctx.db.prepare("SELECT 1 AS ok FROM households WHERE id = ?").bind(householdId).first();
  if (!made) throw new Conflict(INVITE_MESSAGES.decided);
  if (mail) await ctx.mail.deliver(mail.id);
  const message = mail
    ? `Added to your guest list. We e-mailed ${req.name} their personal link.`
    : `Added to your guest list. ${req.name} gave no e-mail: send them their personal link on WhatsApp (below).`;
  return { householdId, guestId, rsvpUrl, mailed: !!mail, message };
}

/** Declines a request: only its status changes. */
export async function declineRequest(ctx: DomainContext, id: string): Promise<void> {
  const me = requirePlanner(ctx);
  await pendingRequest(ctx, me.id, id);
  const done = await ctx.db
    .prepare("UPDATE invite_requests SET status = 'DECLINED', decided_at = ? WHERE id = ? AND user_id = ? AND status = 'PENDING'")
    .bind(ctx.now, id, me.id)
    .run();
  if (!done.meta.changes) throw new Conflict(INVITE_MESSAGES.decided);
}
