/** Publishing: the couple's cards to choose from, publishing one under the couple's share slug, taking it down. */
import { mediaUrl } from "#shared/media.ts";
import { slugify } from "#shared/slug.ts";
import { type DomainContext, Conflict, Forbidden, NotFound, parseInput } from "../core/index.ts";
import { canUseTemplate } from "./template-access.ts";
import { requireCanvasUse } from "./card-records.ts";
import { weddingFunctions } from "../planning/index.ts";
import { activityEntry, openWedding } from "../weddings/index.ts";
import { INVITE_MESSAGES, firstName, ownCardRow, type InviteCardRow } from "./invite-records.ts";
import { publishInput } from "./invite-inputs.ts";

// ---------------------------------------------------------------- the couple's cards and publishing

export type CardChoice = { id: string; title: string; previewUrl: string | null; published: boolean; updatedAt: number };

/** The couple's cards to publish, newest first. */
export async function cardsToPublish(ctx: DomainContext): Promise<CardChoice[]> {
  const me = await openWedding(ctx, "invitations", "read");
  const { results } = await ctx.db
    .prepare("SELECT id, title, preview_key, published_at, updated_at FROM user_templates WHERE user_id = ? ORDER BY updated_at DESC LIMIT 100")
    .bind(me.key)
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

function newSlug(row: InviteCardRow): string {
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
  const me = await openWedding(ctx, "invitations", "edit");
  const body = parseInput(publishInput, input ?? {});
  const row = await ownCardRow(ctx, me, cardId);
  if (row.template_id) {
    const t = await ctx.db
      .prepare("SELECT id, price, amount_category AS amountCategory FROM invite_templates WHERE id = ?")
      .bind(row.template_id)
      .first<{ id: string; price: number; amountCategory: "FREE" | "PAID" }>();
    if (t && !(await canUseTemplate(ctx, t, me.weddingId))) throw new Forbidden(INVITE_MESSAGES.buyFirst);
  }
  // What the canvas is, too: a paid design's canvas without its templateId (issue 28).
  const stored = await ctx.db.prepare("SELECT canvas, title FROM user_templates WHERE id = ?").bind(row.id).first<{ canvas: string; title: string }>();
  if (stored) await requireCanvasUse(ctx, me, stored.canvas, row.template_id);
  if (!row.preview_key) throw new Conflict(INVITE_MESSAGES.noPicture);
  let eventIds: string[] | null = null;
  if (body.eventIds !== undefined) {
    const own = new Set((await weddingFunctions(ctx, {}, me)).map((f) => f.id));
    const unknown = body.eventIds.find((id) => !own.has(id));
    if (unknown) throw new NotFound(INVITE_MESSAGES.functionMissing);
    eventIds = [...new Set(body.eventIds)];
    // Every function chosen: stored as "all", so a function added later shows too.
    if (eventIds.length === own.size) eventIds = null;
  }
  const existing = await ctx.db
    .prepare("SELECT public_slug FROM user_templates WHERE user_id = ? AND public_slug IS NOT NULL ORDER BY (id = ?) DESC, published_at DESC LIMIT 1")
    .bind(me.key, cardId)
    .first<{ public_slug: string }>();
  const slug = existing?.public_slug ?? newSlug(row);
  const rsvpOpen = body.rsvpOpen ?? (row.published_at !== null ? !!row.rsvp_open : true);
  await ctx.db.batch([
    ctx.db
      .prepare("UPDATE user_templates SET public_slug = NULL, published_at = NULL, updated_at = ? WHERE user_id = ? AND id <> ? AND public_slug IS NOT NULL")
      .bind(ctx.now, me.key, cardId),
    ctx.db
      .prepare("UPDATE user_templates SET public_slug = ?, published_at = ?, event_ids = ?, rsvp_open = ?, updated_at = ? WHERE id = ? AND user_id = ?")
      .bind(slug, ctx.now, eventIds ? JSON.stringify(eventIds) : null, rsvpOpen ? 1 : 0, ctx.now, cardId, me.key),
    activityEntry(ctx, me, { area: "invitations", action: "invitation_published", subject: stored?.title, onlyIfChanged: true }),
  ]);
  return { slug, url: `${ctx.request.origin}/view/${slug}` };
}

/** Takes the card's invitation down: its page answers 404. The slug is kept, so publishing again brings the same link back. */
export async function unpublishCard(ctx: DomainContext, cardId: string): Promise<void> {
  const me = await openWedding(ctx, "invitations", "edit");
  await ownCardRow(ctx, me, cardId);
  const title = (await ctx.db.prepare("SELECT title FROM user_templates WHERE id = ?").bind(cardId).first<{ title: string }>())?.title;
  await ctx.db.batch([
    ctx.db
      .prepare("UPDATE user_templates SET published_at = NULL, updated_at = ? WHERE id = ? AND user_id = ? AND published_at IS NOT NULL")
      .bind(ctx.now, cardId, me.key),
    activityEntry(ctx, me, { area: "invitations", action: "invitation_unpublished", subject: title, onlyIfChanged: true }),
  ]);
}
