/** Views: counted once per visitor per India day, never for bots; the totals. */
import { isbot } from "isbot";
import { todayInIndia } from "#shared/listing-limits.ts";
import { type DomainContext, sha256Hex } from "../core/index.ts";
import { blogPostByUrlTitle } from "./blog-posts.ts";
import { VISIBLE } from "./blog-records.ts";

/** GET /viewCount: all published posts' views, or one post's. */
export async function blogViewCount(ctx: DomainContext, urlTitle?: string): Promise<{ viewCount: number }> {
  if (urlTitle) return { viewCount: (await blogPostByUrlTitle(ctx, urlTitle)).viewCount };
  const row = await ctx.db.prepare(`SELECT coalesce(sum(view_count), 0) AS n FROM blog_posts p WHERE ${VISIBLE}`).bind(ctx.now).first<{ n: number }>();
  return { viewCount: row?.n ?? 0 };
}

/** Counts a view once per visitor key per India day, never for bots. Returns whether it counted. */
export async function recordBlogView(ctx: DomainContext, postId: string, visitorKey: string): Promise<boolean> {
  if (!visitorKey || isbot(ctx.request.userAgent ?? "")) return false;
  const visitor = await sha256Hex(visitorKey);
  const [, counted] = await ctx.db.batch([
    ctx.db
      .prepare("INSERT OR IGNORE INTO blog_post_views (post_id, visitor, day) SELECT id, ?, ? FROM blog_posts WHERE id = ?")
      .bind(visitor, todayInIndia(ctx.now), postId),
    ctx.db.prepare("UPDATE blog_posts SET view_count = view_count + 1 WHERE id = ? AND changes() = 1").bind(postId),
  ]);
  return (counted?.meta.changes ?? 0) > 0;
}
