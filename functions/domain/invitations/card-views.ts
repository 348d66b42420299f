/** Reading the couple's cards: one card (with the details that fill it), the list. */
import { type CardDetails } from "#shared/card-format.ts";
import { mediaUrl } from "#shared/media.ts";
import { type DomainContext } from "../core/index.ts";
import { openWedding, rightsOf, type WeddingAccess, type WeddingRights } from "../weddings/index.ts";
import { CARDS_MAX, cardRow, toCard, type Card, type CardSummary } from "./card-records.ts";
import { plannerDetails } from "./card-details.ts";
import { DETAIL_FIELDS } from "./card-inputs.ts";

/** The couple's own card; another couple's (or none) is 404. */
export async function getCard(ctx: DomainContext, cardId: string, wedding?: WeddingAccess): Promise<Card> {
  const w = wedding ?? (await openWedding(ctx, "invitations", "read"));
  return toCard(await cardRow(ctx, w, cardId));
}

/** A card with the details that fill its placeholders: the card's own, else the couple's from their profile and planner. */
export async function getCardWithDetails(ctx: DomainContext, cardId: string): Promise<{ card: Card; details: CardDetails }> {
  const w = await openWedding(ctx, "invitations", "read");
  const card = await getCard(ctx, cardId, w);
  const details: CardDetails = { ...(await plannerDetails(ctx, w)) };
  for (const f of DETAIL_FIELDS) if (card[f]) details[f] = card[f];
  return { card, details };
}

/** The couple's cards, last edited first (no canvases). */
export async function listCards(ctx: DomainContext): Promise<CardSummary[]> {
  return (await cardsView(ctx)).cards;
}

/** The cards page: the cards and what the reader may change (the page offers making, copying and deleting only to those who may change the invitations). */
export async function cardsView(ctx: DomainContext): Promise<{ cards: CardSummary[]; rights: WeddingRights }> {
  const w = await openWedding(ctx, "invitations", "read");
  const { results } = await ctx.db
    .prepare(
      `SELECT c.id, c.title, c.template_id AS templateId, t.name AS templateName, c.preview_key AS previewKey, c.public_slug AS publicSlug,
              c.published_at AS publishedAt, c.updated_at AS updatedAt
       FROM user_templates c LEFT JOIN invite_templates t ON t.id = c.template_id WHERE c.user_id = ? ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`,
    )
    .bind(w.key, CARDS_MAX * 2)
    .all<Omit<CardSummary, "previewUrl"> & { previewKey: string | null }>();
  return { cards: results.map(({ previewKey, ...r }) => ({ ...r, previewUrl: previewKey ? mediaUrl(previewKey) : null })), rights: rightsOf(w) };
}
