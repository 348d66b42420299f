/** The invitation as guests see it: the public page by its slug, the couple's preview, and the card above a household's personal link. */
import { dietaryLabel, responseLabel } from "#shared/guest-names.ts";
import { DIETARY_PREFERENCES, PARTY_SIZE_MAX, RSVP_RESPONSES } from "#shared/guest-schemas.ts";
import { calendarDay, clockTime } from "#shared/format.ts";
import { getLocale, pathInLocale } from "#shared/locale.ts";
import { mediaUrl } from "#shared/media.ts";
import { m } from "#shared/paraglide/messages.js";
import { type DomainContext } from "../core/index.ts";
import { whatsappUrl, rsvpByToken } from "../guests/index.ts";
import { openWedding } from "../weddings/index.ts";
import { CARD_SELECT, EVENTS_SQL, chosen, coupleOf, ownCardRow, publishedRow, type InviteCardRow, type EventRow } from "./invite-records.ts";

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

/** The request form's choices with their names in the request's language (an API client shows them as they are). */
const formChoices = (): RequestFormChoices => ({
  dietary: DIETARY_PREFERENCES.map((d) => [d, dietaryLabel(d)]),
  responses: RSVP_RESPONSES.map((r) => [r, responseLabel(r)]),
  partySizeMax: PARTY_SIZE_MAX,
});

export const toFunction = (
  e: EventRow | { id: string; name: string; eventDate: string; startTime: string | null; endTime: string | null; venue: string | null },
) => {
  const f = "event_date" in e ? { id: e.id, name: e.name, eventDate: e.event_date, startTime: e.start_time, endTime: e.end_time, venue: e.venue } : { ...e };
  const start = inviteTime(f.startTime);
  const end = inviteTime(f.endTime);
  return {
    ...f,
    dateLabel: inviteDate(f.eventDate),
    timeLabel: start ? (end ? m.couple_rsvp_time_to({ start, end }) : start) : null,
    mapUrl: mapUrl(f.venue),
  } satisfies InvitationFunction;
};

/** The WhatsApp text in the reader's language, linking the invitation's page in it (/hi/view/... in Hindi). */
function shareText(couple: string, functions: InvitationFunction[], shareUrl: string): string {
  const link = new URL(shareUrl);
  const url = `${link.origin}${pathInLocale(link.pathname, getLocale())}`;
  const first = functions[0];
  return first ? m.api_invite_share_text_on({ couple, date: first.dateLabel, url }) : m.api_invite_share_text({ couple, url });
}

function toInvitation(ctx: Pick<DomainContext, "request">, row: InviteCardRow, events: EventRow[]): Invitation {
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
    title: m.couple_invite_meta_title({ couple }),
    description: description ? m.couple_invite_meta_description({ when: description }) : m.couple_invite_meta_description_plain(),
    city,
    cardImageUrl: `${ctx.request.origin}${mediaUrl(row.preview_key)}`,
    cardWidth: imageWidth,
    cardHeight: Math.round((imageWidth * height) / width),
    functions,
    rsvpOpen: !!row.rsvp_open,
    shareUrl,
    whatsappUrl: shareUrl ? whatsappUrl(null, shareText(couple, functions, shareUrl)) : null,
    form: formChoices(),
  };
}

async function withEvents(ctx: DomainContext, row: InviteCardRow): Promise<Invitation> {
  const { results } = await ctx.db.prepare(EVENTS_SQL).bind(row.user_id).all<EventRow>();
  return toInvitation(ctx, row, results);
}

/** The live e-invite behind a share slug (public); unknown or unpublished is 404. */
export async function invitationBySlug(ctx: DomainContext, slug: string): Promise<Invitation> {
  return withEvents(ctx, await publishedRow(ctx, slug));
}

/** One of the couple's cards as guests would see it once published (/view_1?card=); another couple's is 404. */
export async function previewInvitation(ctx: DomainContext, cardId: string): Promise<Invitation> {
  return withEvents(ctx, await ownCardRow(ctx, await openWedding(ctx, "invitations", "read"), cardId));
}

/** The couple's published invitation, or null. */
export async function ownInvitation(ctx: DomainContext): Promise<Invitation | null> {
  const me = await openWedding(ctx, "invitations", "read");
  const row = await ctx.db
    .prepare(`${CARD_SELECT} WHERE c.user_id = ? AND c.published_at IS NOT NULL AND c.public_slug IS NOT NULL`)
    .bind(me.key)
    .first<InviteCardRow>();
  return row ? withEvents(ctx, row) : null;
}

/**
 * What /rsvp/:token adds above the answers: the couple's published card, or null when they have none.
 * The couple is found from the token as the RSVP link finds its wedding (docs/decisions/0066): a moved
 * wedding's link in D1's map (`wedding_rsvp_tokens`; its households, and any added since the move, are
 * in its store only), else the household's row of a wedding in D1.
 */
export async function personalCard(ctx: DomainContext, token: string): Promise<{ cardImageUrl: string; cardWidth: number; cardHeight: number } | null> {
  const row = await ctx.db
    .prepare(
      `${CARD_SELECT} WHERE c.user_id = coalesce(
         (SELECT w.couple_user_id FROM wedding_rsvp_tokens t JOIN weddings w ON w.id = t.wedding_id WHERE t.token = ?1),
         (SELECT h.user_id FROM households h WHERE h.rsvp_token = ?1))
       AND c.published_at IS NOT NULL AND c.public_slug IS NOT NULL AND c.preview_key IS NOT NULL`,
    )
    .bind(token)
    .first<InviteCardRow>();
  if (!row) return null;
  const inv = toInvitation(ctx, row, []);
  return { cardImageUrl: inv.cardImageUrl, cardWidth: inv.cardWidth, cardHeight: inv.cardHeight };
}

/** The household's personal link as an e-invite: the RSVP view (rsvp.ts) with the card and each function's date, time and map link. */
export async function personalInvitation(ctx: DomainContext, token: string) {
  const view = await rsvpByToken(ctx, token);
  return { ...view, schedule: view.functions.map(toFunction), card: await personalCard(ctx, token) };
}
