import { mediaUrl } from "#shared/media.ts";
import { MEDIA_MESSAGES, PHOTO_MAX_BYTES } from "#shared/service-media.ts";
import { storeSquare } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { type DomainContext, requireSignedIn, Invalid, Forbidden } from "../core/index.ts";
import { pipelineOf, reasonOf, removeObjects, MediaSaveFailed } from "./photo-records.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/** Logo and profile photo (POST /upload-single): one square image for the signed-in account. */

export const SINGLE_KINDS = ["logo", "profile"] as const;
export type SingleKind = (typeof SINGLE_KINDS)[number];

/**
 * A vendor's logo (vendors.logo_key; vendors only) or anyone's profile photo (users.profile_photo):
 * a centred square. The previous uploaded image is removed once the new one is saved.
 */
export async function uploadSingleImage(ctx: DomainContext, kind: string, file: File | undefined): Promise<{ message: string; key: string; url: string }> {
  const actor = requireSignedIn(ctx.actor);
  if (!SINGLE_KINDS.includes(kind as SingleKind)) throw new Invalid(m.api_e_say_what_the_photo_is_for(), { kind: m.api_e_choose_logo_or_profile() });
  if (kind === "logo" && actor.role !== "VENDOR") throw new Forbidden(m.api_e_only_vendors_have_a_business_logo());
  if (!file || file.size === 0) throw new Invalid(MEDIA_MESSAGES.noFiles, { file: m.api_e_choose_a_photo() });
  const name = file.name || "photo";
  let key: string;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength > PHOTO_MAX_BYTES) throw new Invalid(m.api_e_named_file_larger_than({ name, size: String(PHOTO_MAX_BYTES / 1024 / 1024) }));
    const type = imageTypeOf(bytes);
    if (!type) throw new Invalid(m.api_e_named_file_not_image({ name }));
    key = await storeSquare(ctx.media, kind === "logo" ? `logos/${actor.id}` : `profiles/${actor.id}`, await pipelineOf(ctx).square(bytes, type));
  } catch (e) {
    throw new Invalid(MEDIA_MESSAGES.failedFor(name), { file: reasonOf(e) });
  }
  const table =
    kind === "logo" ? { sql: "SELECT logo_key AS key FROM vendors WHERE user_id = ?" } : { sql: "SELECT profile_photo AS key FROM users WHERE id = ?" };
  const previous = await ctx.db.prepare(table.sql).bind(actor.id).first<{ key: string | null }>();
  try {
    const update =
      kind === "logo"
        ? ctx.db.prepare("UPDATE vendors SET logo_key = ?, updated_at = ? WHERE user_id = ?")
        : ctx.db.prepare("UPDATE users SET profile_photo = ?, updated_at = ? WHERE id = ?");
    // users.profile_photo holds a URL (Google's pictures are URLs; the header shows it as is); vendors.logo_key a key.
    const result = await update.bind(kind === "logo" ? key : mediaUrl(key), ctx.now, actor.id).run();
    if (!result.meta.changes) throw new Error("no row to update");
  } catch (e) {
    log.error("saving the photo failed", {}, e);
    await removeObjects(ctx, [key]);
    throw new MediaSaveFailed();
  }
  const previousKey = previous?.key?.startsWith("/media/") ? decodeURIComponent(previous.key.slice("/media/".length)) : previous?.key;
  if (previousKey && previousKey !== key) await removeObjects(ctx, [previousKey]);
  return { message: kind === "logo" ? m.api_media_logo_updated() : m.api_media_profile_photo_updated(), key, url: mediaUrl(key) };
}
