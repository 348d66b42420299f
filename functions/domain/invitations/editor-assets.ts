import { z } from "zod";
import type { editorAssets } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { mediaUrl } from "#shared/media.ts";
import { DEFAULT_UPLOAD_FOLDER, MEDIA_MESSAGES, PHOTO_MAX_BYTES } from "#shared/service-media.ts";
import { ImageUnreadable, wasmPipeline } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { type Actor, type DomainContext, ACCESS, Invalid, NotFound, newId, parseInput, requireRole, requireSignedIn } from "../core/index.ts";
import { incomingPrefix, MediaSaveFailed } from "../catalogue/index.ts";
import { WEDDING_MESSAGES } from "../weddings/index.ts";
import { randomHex } from "#shared/tokens.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The editor's asset library (issue 13, /api/v1/editorAssets): photos a couple (or an admin making
 * templates) uploads for their cards. The spec's flow: POST /generateSignature {folder:
 * "user_assets"}, PUT the bytes to the signed uploadUrl, then POST /editorAssets with the keys. Each
 * key must be in the caller's own incoming prefix; its bytes are type-checked, resized like every
 * photo (functions/platform/images.ts) to a WebP no larger than 1600 px a side, stored under
 * u/assets/{account}/, and the incoming original is removed. At most 10 per request and 200 per
 * account. The key is the spec's public_id; another account's asset is 404.
 */
export const ASSETS_PER_REQUEST = 10;
export const ASSETS_MAX = 200;

export const ASSET_MESSAGES = {
  get notFound() {
    return m.api_asset_not_found();
  },
  get tooManyAtOnce() {
    return m.api_asset_too_many_at_once({ max: ASSETS_PER_REQUEST });
  },
  libraryFull: (count: number) => m.api_asset_library_full({ count, max: ASSETS_MAX, room: Math.max(0, ASSETS_MAX - count) }),
};

const folder = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: () => m.api_v_use_a_folder_name_of_letters_digits() })
  .default(DEFAULT_UPLOAD_FOLDER);

export const registerAssetsInput = z.object({
  images: z
    .array(
      z.object({
        key: z
          .string()
          .trim()
          .min(1, { error: () => m.api_v_each_image_needs_its_key() })
          .max(512),
        name: z.string().trim().max(255).default(""),
      }),
    )
    .default([]),
  folder,
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(40, { error: () => m.api_v_tags_at_most_40_characters_each() }),
    )
    .max(10, { error: () => m.api_v_at_most_10_tags() })
    .default([]),
});
export const listAssetsQuery = z.object({ asset_folder: folder });
export const deleteAssetInput = z.object({
  public_id: z
    .string()
    .trim()
    .min(1, { error: () => m.api_v_say_which_image_public_id() })
    .max(512),
});

export type EditorAsset = {
  public_id: string;
  url: string;
  width: number | null;
  height: number | null;
  folder: string;
  tags: string[];
  fileName: string | null;
};
export type FailedAsset = { name: string; message: string; reason: string };

type AssetRow = Row<typeof editorAssets, "key" | "width" | "height" | "folder" | "tags" | "file_name">;
const toAsset = (r: AssetRow): EditorAsset => ({
  public_id: r.key,
  url: mediaUrl(r.key),
  width: r.width,
  height: r.height,
  folder: r.folder,
  tags: JSON.parse(r.tags) as string[],
  fileName: r.file_name,
});

async function assetCount(ctx: DomainContext, userId: string): Promise<number> {
  const row = await ctx.db.prepare("SELECT COUNT(*) AS n FROM editor_assets WHERE user_id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

const reasonOf = (e: unknown) => {
  if (e instanceof Invalid || e instanceof ImageUnreadable) return e.message;
  log.error("asset processing failed", {}, e);
  return m.api_image_not_processed();
};

/**
 * The editor's image library is the uploader's own, not the wedding's (decision 0049): any account
 * that plans (a couple, a co-planner) keeps its images, and places them on the cards it may edit.
 */
function assetOwner(ctx: DomainContext): Actor {
  requireSignedIn(ctx.actor, WEDDING_MESSAGES.logIn);
  return requireRole(ctx.actor, ACCESS.planner, WEDDING_MESSAGES.couplesOnly);
}

type Stored = { name: string; key: string; width: number; height: number; mime: string; size: number };

/** POST /editorAssets: registers directly uploaded images as library assets. */
export async function registerEditorAssets(ctx: DomainContext, raw: unknown): Promise<{ assets: EditorAsset[]; failed: FailedAsset[]; message: string }> {
  const actor = assetOwner(ctx);
  const input = parseInput(registerAssetsInput, raw ?? {}, MEDIA_MESSAGES.noFiles);
  if (!input.images.length) throw new Invalid(MEDIA_MESSAGES.noFiles, { images: m.api_e_choose_at_least_one_image() });
  if (input.images.length > ASSETS_PER_REQUEST) throw new Invalid(ASSET_MESSAGES.tooManyAtOnce, { images: ASSET_MESSAGES.tooManyAtOnce });
  const count = await assetCount(ctx, actor.id);
  if (count + input.images.length > ASSETS_MAX) throw new Invalid(ASSET_MESSAGES.libraryFull(count), { images: ASSET_MESSAGES.libraryFull(count) });

  const prefix = incomingPrefix(actor.id, DEFAULT_UPLOAD_FOLDER);
  const originals: string[] = [];
  const stored: Stored[] = [];
  const failed: FailedAsset[] = [];
  const fail = (name: string, reason: string) => failed.push({ name, message: MEDIA_MESSAGES.failedFor(name), reason });
  try {
    for (const { key, name: given } of input.images) {
      const name = given || key.split("/").pop() || "image";
      try {
        if (!key.startsWith(prefix) || key.includes("..") || key.slice(prefix.length).includes("/"))
          throw new Invalid(m.api_e_this_upload_is_not_yours_upload_it());
        const object = await ctx.media.get(key);
        if (!object) throw new Invalid(m.api_e_the_uploaded_file_was_not_found_upload());
        originals.push(key);
        if (object.size > PHOTO_MAX_BYTES) throw new Invalid(m.api_e_named_file_larger_than({ name, size: String(PHOTO_MAX_BYTES / 1024 / 1024) }));
        const bytes = new Uint8Array(await object.arrayBuffer());
        const type = imageTypeOf(bytes);
        if (!type) throw new Invalid(m.api_e_named_file_not_image({ name }));
        const { full } = await (ctx.images ?? wasmPipeline).photo(bytes, type);
        const assetKey = `u/assets/${actor.id}/${randomHex(12)}.${full.ext}`;
        await ctx.media.put(assetKey, full.bytes, { httpMetadata: { contentType: full.mime, cacheControl: "public, max-age=31536000, immutable" } });
        stored.push({ name, key: assetKey, width: full.width, height: full.height, mime: full.mime, size: full.bytes.byteLength });
      } catch (e) {
        fail(name, reasonOf(e));
      }
    }
  } finally {
    if (originals.length) await ctx.media.delete(originals).catch((e: unknown) => log.error("removing uploaded originals failed", {}, e));
  }
  if (!stored.length) throw new Invalid(MEDIA_MESSAGES.allFailed, { images: failed.map((f) => `${f.message}: ${f.reason}`).join(" ") });

  const tags = JSON.stringify(input.tags);
  let inserted: boolean[];
  try {
    const results = await ctx.db.batch(
      stored.map((s) =>
        ctx.db
          .prepare(
            `INSERT INTO editor_assets (id, user_id, key, folder, tags, file_name, content_type, size, width, height, created_at)
             SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM editor_assets WHERE user_id = ?) < ?`,
          )
          .bind(newId(ctx.now), actor.id, s.key, input.folder, tags, s.name.slice(0, 255), s.mime, s.size, s.width, s.height, ctx.now, actor.id, ASSETS_MAX),
      ),
    );
    inserted = stored.map((_, i) => (results[i]?.meta.changes ?? 0) > 0);
  } catch (e) {
    log.error("saving assets failed", {}, e);
    await ctx.media.delete(stored.map((s) => s.key)).catch(() => undefined);
    throw new MediaSaveFailed();
  }
  const refused = stored.filter((_, i) => !inserted[i]);
  if (refused.length) {
    await ctx.media.delete(refused.map((s) => s.key)).catch(() => undefined);
    for (const s of refused) fail(s.name, ASSET_MESSAGES.libraryFull(ASSETS_MAX));
  }
  const added = stored.filter((_, i) => inserted[i]);
  if (!added.length) throw new Invalid(MEDIA_MESSAGES.allFailed, { images: failed.map((f) => `${f.message}: ${f.reason}`).join(" ") });
  const assets = added.map((s) => toAsset({ key: s.key, width: s.width, height: s.height, folder: input.folder, tags, file_name: s.name }));
  const uploaded = `${assets.length} image${assets.length === 1 ? "" : "s"} uploaded.`;
  return { assets, failed, message: failed.length ? `${uploaded} ${failed.map((f) => f.message).join(". ")}.` : uploaded };
}

/** GET /editorAssets?asset_folder=: the caller's images in the folder, newest first. */
export async function listEditorAssets(ctx: DomainContext, raw: unknown): Promise<EditorAsset[]> {
  const actor = assetOwner(ctx);
  const { asset_folder } = parseInput(listAssetsQuery, raw ?? {}, m.api_query_invalid());
  const { results } = await ctx.db
    .prepare("SELECT key, width, height, folder, tags, file_name FROM editor_assets WHERE user_id = ? AND folder = ? ORDER BY created_at DESC, id DESC LIMIT ?")
    .bind(actor.id, asset_folder, ASSETS_MAX)
    .all<AssetRow>();
  return results.map(toAsset);
}

/** DELETE /editorAssets {public_id}: removes one of the caller's images (the row, then the stored object). Another account's: 404. */
export async function deleteEditorAsset(ctx: DomainContext, raw: unknown): Promise<{ message: string }> {
  const actor = assetOwner(ctx);
  const { public_id } = parseInput(deleteAssetInput, raw ?? {}, m.api_e_say_which_image_to_delete());
  const done = await ctx.db.prepare("DELETE FROM editor_assets WHERE key = ? AND user_id = ?").bind(public_id, actor.id).run();
  if (!done.meta.changes) throw new NotFound(ASSET_MESSAGES.notFound);
  if (public_id.startsWith("u/")) await ctx.media.delete(public_id).catch((e: unknown) => log.error("removing an asset failed", {}, e));
  return { message: m.api_e_image_deleted() };
}
