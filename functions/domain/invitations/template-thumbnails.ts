/** A template's thumbnail: an uploaded image stored as a narrow WebP; the previous uploaded one removed. */
import { mediaUrl } from "#shared/media.ts";
import { ImageUnreadable, wasmPipeline } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { type DomainContext, Invalid, NotFound, newId, ACCESS, removeUploadedObject, requireRole } from "../core/index.ts";
import { TEMPLATE_MESSAGES, rowById } from "./template-records.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/** Thumbnails are stored about this wide: a gallery card is at most ~300 CSS px (x1.5 for phones' dense screens). */
export const THUMBNAIL_WIDTH = 480;

export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;

/**
 * PUT /inviteTemplate/{id}/thumbnail: an uploaded PNG, JPEG or WebP (checked by its first bytes),
 * stored as a WebP about THUMBNAIL_WIDTH wide; the previous uploaded thumbnail is removed.
 */
export async function setTemplateThumbnail(ctx: DomainContext, id: string, file: File | undefined): Promise<{ thumbnailUrl: string; message: string }> {
  requireRole(ctx.actor, ACCESS.admin, TEMPLATE_MESSAGES.adminsOnly);
  const row = await rowById(ctx, id);
  if (!row) throw new NotFound(TEMPLATE_MESSAGES.notFound);
  if (!file || file.size === 0) throw new Invalid(TEMPLATE_MESSAGES.noImage, { image: TEMPLATE_MESSAGES.noImage });
  if (file.size > THUMBNAIL_MAX_BYTES) throw new Invalid(m.api_e_the_thumbnail_is_larger_than_5_mb(), { image: m.api_e_the_thumbnail_is_larger_than_5_mb() });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes);
  if (!type || !["png", "jpg", "webp"].includes(type.ext)) throw new Invalid(TEMPLATE_MESSAGES.noImage, { image: m.api_e_this_file_is_not_a_png_jpeg() });
  let variant;
  try {
    variant = await (ctx.images ?? wasmPipeline).narrow(bytes, type, THUMBNAIL_WIDTH);
  } catch (e) {
    if (!(e instanceof ImageUnreadable)) log.error("template thumbnail processing failed", {}, e);
    const reason = e instanceof ImageUnreadable ? e.message : m.api_image_could_not_be_read();
    throw new Invalid(reason, { image: reason });
  }
  const key = `u/templates/${row.id}/${newId(ctx.now)}.${variant.ext}`;
  await ctx.media.put(key, variant.bytes, { httpMetadata: { contentType: variant.mime, cacheControl: "public, max-age=31536000, immutable" } });
  try {
    await ctx.db.prepare("UPDATE invite_templates SET thumbnail_key = ?, updated_at = ? WHERE id = ?").bind(key, ctx.now, row.id).run();
  } catch (e) {
    await removeUploadedObject(ctx, key);
    throw e;
  }
  if (row.thumbnail_key !== key) await removeUploadedObject(ctx, row.thumbnail_key);
  return { thumbnailUrl: mediaUrl(key), message: TEMPLATE_MESSAGES.thumbnailSaved };
}
