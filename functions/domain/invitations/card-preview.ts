/** The rendered card kept as the list's thumbnail and the e-invite's image. */
import { mediaUrl } from "#shared/media.ts";
import { ImageUnreadable, wasmPipeline } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { type DomainContext, Invalid, NotFound, removeUploadedObject } from "../core/index.ts";
import { activityEntry, openWedding } from "../weddings/index.ts";
import { CARD_MESSAGES, PREVIEW_MAX_BYTES, cardRow, requireTemplateUse } from "./card-records.ts";
import { randomHex } from "#shared/tokens.ts";
import { m } from "#shared/paraglide/messages.js";

const IMAGE_TYPES = new Set(["jpg", "png", "webp"]);
/** The editor uploads the card's picture every few seconds of work: the activity list says so once an hour per person and card. */
const PICTURE_ACTIVITY_EVERY_MS = 60 * 60 * 1000;

/** The rendered card (JPEG, PNG or WebP by its bytes, <= 5 MB) as the card's image; the previous one is removed. */
export async function setCardPreview(ctx: DomainContext, cardId: string, file: File | undefined): Promise<{ previewUrl: string }> {
  const w = await openWedding(ctx, "invitations", "edit");
  const row = await cardRow(ctx, w, cardId);
  await requireTemplateUse(ctx, w, row.templateId);
  if (!file || file.size === 0) throw new Invalid(CARD_MESSAGES.imageNeeded, { image: m.api_e_required() });
  if (file.size > PREVIEW_MAX_BYTES) throw new Invalid(m.api_e_the_card_image_is_larger_than_5(), { image: m.api_e_at_most_5_mb() });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes);
  if (!type || !IMAGE_TYPES.has(type.ext)) throw new Invalid(m.api_e_the_card_image_must_be_a_jpeg(), { image: m.api_e_not_a_jpeg_png_or_web_p_image() });
  try {
    // Decoded first (its header size checked before that): bytes that are not the image they claim to be are never stored.
    await (ctx.images ?? wasmPipeline).verify(bytes, type);
  } catch (e) {
    if (!(e instanceof ImageUnreadable)) throw e;
    throw new Invalid(m.api_e_card_image_unusable({ reason: e.message }), { image: e.message });
  }
  const key = `u/cards/${w.key}/${cardId}-${randomHex(8)}.${type.ext}`;
  await ctx.media.put(key, bytes, { httpMetadata: { contentType: type.mime, cacheControl: "public, max-age=31536000, immutable" } });
  const [done] = await ctx.db
    .batch([
      ctx.db.prepare("UPDATE user_templates SET preview_key = ?, preview_updated_at = ? WHERE id = ? AND user_id = ?").bind(key, ctx.now, cardId, w.key),
      activityEntry(ctx, w, {
        area: "invitations",
        action: "card_image_changed",
        subject: row.title,
        onlyIfChanged: true,
        notWithinMs: PICTURE_ACTIVITY_EVERY_MS,
      }),
    ])
    .catch(async (e: unknown) => {
      await removeUploadedObject(ctx, key);
      throw e;
    });
  if (!done!.meta.changes) {
    await removeUploadedObject(ctx, key);
    throw new NotFound(CARD_MESSAGES.notFound);
  }
  if (row.previewKey && row.previewKey !== key) await removeUploadedObject(ctx, row.previewKey);
  return { previewUrl: mediaUrl(key) };
}
