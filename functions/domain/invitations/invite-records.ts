/**
 * The live e-invite (issue 13): a couple publishes one of their cards under a readable share slug
 * (/view/{slug}); the page shows the rendered card, the couple's names and the schedule of the
 * functions they chose, and (while RSVP is open) a request form for guests without a personal link.
 * A request becomes an invite_requests row the couple approves (a household, a guest, invitations and
 * answers in one batch, so the guest list's head-counts count them at once) or declines. A household's
 * personal link (/rsvp/:token, rsvp.ts) shows the same card and its own functions above its answers.
 * docs/decisions/0028-e-invite-publishing.md.
 *
 * This file holds what the e-invite's jobs share: messages, the card and function rows and their
 * queries, the couple's names, and finding a published card by its slug (unknown links are limited).
 */
import { GUESTS_MAX } from "#shared/guest-schemas.ts";
import type { events, userTemplates, users } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { type DomainContext, NotFound, assertNoDelay, recordFailure, type DelayRule } from "../core/index.ts";
import { CARD_MESSAGES } from "./card-records.ts";
import { type WeddingAccess } from "../weddings/index.ts";
import { m } from "#shared/paraglide/messages.js";

export const INVITE_MESSAGES = {
  get cardMissing() {
    return m.api_card_not_found();
  },
  get buyFirst() {
    return CARD_MESSAGES.buyFirst;
  },
  get noPicture() {
    return m.api_invite_no_picture();
  },
  get notPublished() {
    return m.api_invite_not_published();
  },
  get rsvpClosed() {
    return m.api_invite_rsvp_closed();
  },
  get requestMissing() {
    return m.api_invite_request_missing();
  },
  get alreadyApproved() {
    return m.api_invite_already_approved();
  },
  get alreadyDecided() {
    return m.api_invite_already_decided();
  },
  get decided() {
    return m.api_invite_decided();
  },
  get functionMissing() {
    return m.api_invite_function_missing();
  },
  get tooManyGuests() {
    return m.api_invite_too_many_guests({ max: GUESTS_MAX });
  },
  get tooManyWaiting() {
    return m.api_invite_too_many_waiting();
  },
};

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
  message: (wait: string) => m.api_limit_too_many_invitation_links_that_do_not({ wait }),
};

/** A card as CARD_SELECT reads it: its columns, its canvas's size (cw, ch) and its couple's names, e-mail and city. */
export type InviteCardRow = Row<
  typeof userTemplates,
  "id" | "user_id" | "template_id" | "preview_key" | "public_slug" | "published_at" | "event_ids" | "rsvp_open" | "bride_name" | "groom_name"
> &
  Row<typeof users, "user_name" | "partner_name" | "wedding_city"> & { cw: number | null; ch: number | null; user_email: string; user_locale: string | null };

export const CARD_SELECT = `SELECT c.id, c.user_id, c.template_id, c.preview_key, c.public_slug, c.published_at, c.event_ids, c.rsvp_open, c.bride_name, c.groom_name,
  json_extract(c.canvas, '$.width') AS cw, json_extract(c.canvas, '$.height') AS ch, u.user_name, u.email AS user_email, u.locale AS user_locale, u.partner_name, u.wedding_city
  FROM user_templates c JOIN users u ON u.id = c.user_id`;

export type EventRow = Row<typeof events, "id" | "name" | "event_date" | "start_time" | "end_time" | "venue">;

export const EVENTS_SQL =
  "SELECT id, name, event_date, start_time, end_time, venue FROM events WHERE user_id = ? AND parent_id IS NULL ORDER BY event_date, start_time IS NULL, start_time, created_at";

/** The names on the invitation: the card's bride and groom when both are filled, else the couple's profile. */
export const coupleOf = (r: Pick<InviteCardRow, "bride_name" | "groom_name" | "user_name" | "partner_name">) =>
  r.bride_name?.trim() && r.groom_name?.trim()
    ? `${r.bride_name.trim()} & ${r.groom_name.trim()}`
    : r.partner_name
      ? `${firstName(r.user_name)} & ${firstName(r.partner_name)}`
      : r.user_name;

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function chosen(row: InviteCardRow, events: EventRow[]): EventRow[] {
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

const slugShape = (slug: string) => /^[a-z0-9-]{3,100}$/.test(slug);

export async function publishedRow(ctx: DomainContext, slug: string): Promise<InviteCardRow> {
  const missKey = ctx.request.ip ? `invite-miss:ip:${ctx.request.ip}` : null;
  if (missKey) await assertNoDelay(ctx, missKey, LINK_MISSES_PER_ADDRESS);
  const row = slugShape(slug)
    ? await ctx.db.prepare(`${CARD_SELECT} WHERE c.public_slug = ? AND c.published_at IS NOT NULL`).bind(slug).first<InviteCardRow>()
    : null;
  if (!row || !row.preview_key) {
    if (missKey) await recordFailure(ctx, missKey, LINK_MISSES_PER_ADDRESS);
    throw new NotFound(INVITE_MESSAGES.notPublished);
  }
  return row;
}

/** One of the wedding's cards (after openWedding); another wedding's is 404. */
export async function ownCardRow(ctx: DomainContext, w: WeddingAccess, cardId: string): Promise<InviteCardRow> {
  const row = await ctx.db.prepare(`${CARD_SELECT} WHERE c.id = ? AND c.user_id = ?`).bind(cardId, w.key).first<InviteCardRow>();
  if (!row) throw new NotFound(INVITE_MESSAGES.cardMissing);
  return row;
}
