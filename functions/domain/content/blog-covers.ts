/** A post's cover image (admins): checked, narrowed to a WebP, stored under u/blog/; the old one removed. */
import { BLOG_LIMITS } from "#shared/blog.ts";
import { ImageUnreadable, wasmPipeline } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { auditEntry, type DomainContext, Invalid, NotFound, newId, ACCESS, requireRole } from "../core/index.ts";
import { BLOG_MESSAGES, postRow, type BlogPost } from "./blog-records.ts";
import { blogPostById } from "./blog-posts.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

export async function removeCover(ctx: DomainContext, key: string | null): Promise<void> {
  if (key?.startsWith("u/blog/")) await ctx.media.delete(key).catch((e: unknown) => log.error("blog cover cleanup failed", {}, e));
}

/** PUT /{id}/cover: admins; a PNG, JPEG or WebP (checked by its first bytes) stored as a WebP at most 1200 px wide. */
export async function setBlogCover(ctx: DomainContext, id: string, file: File | undefined | null): Promise<BlogPost> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const row = await postRow(ctx, "p.id", id);
  if (!row) throw new NotFound(BLOG_MESSAGES.notFound);
  if (!(file instanceof File) || file.size === 0) throw new Invalid(BLOG_MESSAGES.noCover, { cover: BLOG_MESSAGES.noCover });
  if (file.size > BLOG_LIMITS.coverMaxBytes) throw new Invalid(m.api_e_the_cover_is_larger_than_8_mb(), { cover: m.api_e_the_cover_is_larger_than_8_mb() });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes);
  if (!type || !["png", "jpg", "webp"].includes(type.ext)) throw new Invalid(BLOG_MESSAGES.noCover, { cover: m.api_e_this_file_is_not_a_png_jpeg() });
  let variant;
  try {
    variant = await (ctx.images ?? wasmPipeline).narrow(bytes, type, BLOG_LIMITS.coverWidth);
  } catch (e) {
    if (!(e instanceof ImageUnreadable)) log.error("blog cover processing failed", {}, e);
    const reason = e instanceof ImageUnreadable ? e.message : m.api_image_could_not_be_read();
    throw new Invalid(reason, { cover: reason });
  }
  const key = `u/blog/${id}/${newId(ctx.now)}.${variant.ext}`;
  await ctx.media.put(key, variant.bytes, { httpMetadata: { contentType: variant.mime, cacheControl: "public, max-age=31536000, immutable" } });
  try {
    await ctx.db.batch([
      ctx.db.prepare("UPDATE blog_posts SET cover_image_key = ?, updated_at = ? WHERE id = ?").bind(key, ctx.now, id),
      auditEntry(ctx, {
        action: "blog.cover",
        subject: { type: "blog_post", id },
        summary: `New cover for “${row.title}”`,
        before: { cover: row.cover_image_key },
        after: { cover: key },
      }),
    ]);
  } catch (e) {
    await removeCover(ctx, key);
    throw e;
  }
  await removeCover(ctx, row.cover_image_key);
  return blogPostById(ctx, id);
}

/** DELETE /{id}/cover: admins; the post shows the placeholder again. */
export async function removeBlogCover(ctx: DomainContext, id: string): Promise<BlogPost> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const row = await postRow(ctx, "p.id", id);
  if (!row) throw new NotFound(BLOG_MESSAGES.notFound);
  if (row.cover_image_key) {
    await ctx.db.batch([
      ctx.db.prepare("UPDATE blog_posts SET cover_image_key = NULL, updated_at = ? WHERE id = ?").bind(ctx.now, id),
      auditEntry(ctx, {
        action: "blog.cover-remove",
        subject: { type: "blog_post", id },
        summary: `Removed the cover of “${row.title}”`,
        before: { cover: row.cover_image_key },
      }),
    ]);
    await removeCover(ctx, row.cover_image_key);
  }
  return blogPostById(ctx, id);
}
