/** Comments: any signed-in account on a published post; deleted by its author or an admin. */
import { mediaUrl } from "#shared/media.ts";
import { auditEntry, type DomainContext, NotFound, newId, can, requireSignedIn, parseInput } from "../core/index.ts";
import { BLOG_MESSAGES, type BlogComment, visiblePostId } from "./blog-records.ts";
import { blogCommentInput } from "./blog-inputs.ts";

/** POST /{blogId}/comments {content}: any signed-in account, on a published post. */
export async function addBlogComment(ctx: DomainContext, postId: string, raw: unknown): Promise<BlogComment> {
  const actor = requireSignedIn(ctx.actor, BLOG_MESSAGES.signInToComment);
  const input = parseInput(blogCommentInput, raw);
  const id = await visiblePostId(ctx, postId);
  const commentId = newId(ctx.now);
  await ctx.db.batch([
    ctx.db
      .prepare("INSERT INTO blog_comments (id, post_id, user_id, content, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(commentId, id, actor.id, input.content, ctx.now),
    ctx.db.prepare("UPDATE blog_posts SET comment_count = (SELECT count(*) FROM blog_comments WHERE post_id = ?1) WHERE id = ?1").bind(id),
  ]);
  return {
    id: commentId,
    content: input.content,
    createdAt: ctx.now,
    author: { name: actor.userName, photoUrl: actor.profilePhoto ? mediaUrl(actor.profilePhoto) : null },
    canDelete: true,
  };
}

/** DELETE /comments/{id}: its author or an admin; anyone else is told it does not exist. */
export async function deleteBlogComment(ctx: DomainContext, commentId: string): Promise<void> {
  const actor = requireSignedIn(ctx.actor);
  const row = await ctx.db
    .prepare("SELECT c.id, c.post_id, c.user_id, c.content FROM blog_comments c WHERE c.id = ?")
    .bind(commentId)
    .first<{ id: string; post_id: string; user_id: string; content: string }>();
  const admin = can.writeBlog(actor);
  if (!row || (row.user_id !== actor.id && !admin)) throw new NotFound(BLOG_MESSAGES.commentNotFound);
  const statements = [
    ctx.db.prepare("DELETE FROM blog_comments WHERE id = ?").bind(row.id),
    ctx.db.prepare("UPDATE blog_posts SET comment_count = (SELECT count(*) FROM blog_comments WHERE post_id = ?1) WHERE id = ?1").bind(row.post_id),
  ];
  if (row.user_id !== actor.id)
    statements.push(
      auditEntry(ctx, {
        action: "blog.comment-delete",
        subject: { type: "blog_comment", id: row.id },
        summary: "Deleted a reader's comment",
        before: { content: row.content.slice(0, 500), postId: row.post_id },
      }),
    );
  await ctx.db.batch(statements);
}
