/** Likes: one per account, given or taken back. */
import { type DomainContext, requireSignedIn } from "../core/index.ts";
import { BLOG_MESSAGES, visiblePostId } from "./blog-records.ts";

/** POST /{id}/like: likes, or takes the like back. One like per account. */
export async function toggleBlogLike(ctx: DomainContext, postId: string): Promise<{ liked: boolean; likeCount: number }> {
  const actor = requireSignedIn(ctx.actor, BLOG_MESSAGES.signInToLike);
  const id = await visiblePostId(ctx, postId);
  const had = await ctx.db.prepare("SELECT 1 FROM blog_likes WHERE post_id = ? AND user_id = ?").bind(id, actor.id).first();
  const [, , after] = await ctx.db.batch<{ like_count: number }>([
    had
      ? ctx.db.prepare("DELETE FROM blog_likes WHERE post_id = ? AND user_id = ?").bind(id, actor.id)
      : ctx.db.prepare("INSERT OR IGNORE INTO blog_likes (post_id, user_id, created_at) VALUES (?, ?, ?)").bind(id, actor.id, ctx.now),
    ctx.db.prepare("UPDATE blog_posts SET like_count = (SELECT count(*) FROM blog_likes WHERE post_id = ?1) WHERE id = ?1").bind(id),
    ctx.db.prepare("SELECT like_count FROM blog_posts WHERE id = ?").bind(id),
  ]);
  return { liked: !had, likeCount: after?.results[0]?.like_count ?? 0 };
}
