/** Reading posts: the list, one post with its comments, related posts, the sitemap's index, the counts. */
import type { blogComments, users } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { mediaUrl } from "#shared/media.ts";
import { slugify } from "#shared/slug.ts";
import { type DomainContext, NotFound, ACCESS, can, requireRole, parseInput } from "../core/index.ts";
import { markdownText, renderBlogMarkdown } from "./blog-markdown.ts";
import { blogListInput, type BlogListQuery } from "./blog-inputs.ts";
import {
  BLOG_MESSAGES,
  BLOG_PAGE_SIZE,
  POST_COLUMNS,
  POST_FROM,
  VISIBLE,
  isVisible,
  postRow,
  summaryOf,
  type BlogList,
  type BlogPost,
  type BlogPostSummary,
  type PostRow,
} from "./blog-records.ts";
import { m } from "#shared/paraglide/messages.js";

/** GET /?s&t&tag&status (spec section 3's params): newest first. `status` counts for admins only. */
export async function listBlogPosts(ctx: DomainContext, rawQuery: BlogListQuery | Record<string, unknown>): Promise<BlogList> {
  const query = parseInput(blogListInput, rawQuery ?? {}, m.api_query_invalid());
  const admin = can.writeBlog(ctx.actor);
  const where: string[] = [];
  const binds: unknown[] = [];
  const status = admin ? (query.status ?? "PUBLISHED") : "PUBLISHED";
  if (status === "PUBLISHED") {
    where.push(VISIBLE);
    binds.push(ctx.now);
  } else if (status === "SCHEDULED") {
    where.push("p.status = 'PUBLISHED' AND p.published_at > ?");
    binds.push(ctx.now);
  } else if (status === "DRAFT") where.push("p.status = 'DRAFT'");
  // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes, and a search may be 100 characters.
  if (query.s) {
    const text = query.s.toLowerCase();
    where.push("(instr(lower(p.title), ?) > 0 OR instr(lower(p.excerpt), ?) > 0 OR instr(lower(p.content), ?) > 0)");
    binds.push(text, text, text);
  }
  if (query.t) {
    where.push("instr(lower(p.title), ?) > 0");
    binds.push(query.t.toLowerCase());
  }
  if (query.tag) {
    where.push("EXISTS (SELECT 1 FROM blog_post_tags pt JOIN blog_tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id AND t.slug = ?)");
    binds.push(slugify(query.tag));
  }
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const limit = query.limit ?? BLOG_PAGE_SIZE;
  const page = query.page ?? 1;
  const [rows, count] = await ctx.db.batch<PostRow | { n: number }>([
    ctx.db
      .prepare(`SELECT ${POST_COLUMNS} FROM ${POST_FROM} ${whereSql} ORDER BY coalesce(p.published_at, p.created_at) DESC, p.id DESC LIMIT ? OFFSET ?`)
      .bind(...binds, limit, (page - 1) * limit),
    ctx.db.prepare(`SELECT count(*) AS n FROM blog_posts p ${whereSql}`).bind(...binds),
  ]);
  const total = (count?.results[0] as { n: number } | undefined)?.n ?? 0;
  return {
    posts: (rows?.results as PostRow[]).map((r) => summaryOf(r, ctx.now)),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / limit)),
  };
}

type CommentRow = Row<typeof blogComments, "id" | "content" | "created_at" | "user_id"> & Row<typeof users, "user_name" | "profile_photo">;

/** GET /{urlTitle}: NotFound for an unknown, draft or scheduled post unless the actor is an admin. */
export async function blogPostByUrlTitle(ctx: DomainContext, urlTitle: string): Promise<BlogPost> {
  const row = await postRow(ctx, "p.url_title", urlTitle.toLowerCase());
  return postOf(ctx, row);
}

async function postOf(ctx: DomainContext, row: (PostRow & { content: string }) | null): Promise<BlogPost> {
  const admin = can.writeBlog(ctx.actor);
  if (!row || (!admin && !isVisible(row, ctx.now))) throw new NotFound(BLOG_MESSAGES.notFound);
  const actorId = ctx.actor?.id ?? "";
  const [comments, liked] = await ctx.db.batch<CommentRow | { liked: number }>([
    ctx.db
      .prepare(
        `SELECT c.id, c.content, c.created_at, c.user_id, u.user_name, u.profile_photo FROM blog_comments c JOIN users u ON u.id = c.user_id
         WHERE c.post_id = ? ORDER BY c.created_at, c.id LIMIT 500`,
      )
      .bind(row.id),
    ctx.db.prepare("SELECT count(*) AS liked FROM blog_likes WHERE post_id = ? AND user_id = ?").bind(row.id, actorId),
  ]);
  const text = markdownText(row.content);
  return {
    ...summaryOf(row, ctx.now, text ? text.split(" ").length : 0),
    content: row.content,
    html: renderBlogMarkdown(row.content),
    liked: ((liked?.results[0] as { liked: number } | undefined)?.liked ?? 0) > 0,
    canEdit: admin,
    comments: (comments?.results as CommentRow[]).map((c) => ({
      id: c.id,
      content: c.content,
      createdAt: c.created_at,
      author: { name: c.user_name, photoUrl: c.profile_photo ? mediaUrl(c.profile_photo) : null },
      canDelete: c.user_id === actorId || admin,
    })),
  };
}

/** An admin's view of a post by id (the writer's form). */
export async function blogPostById(ctx: DomainContext, id: string): Promise<BlogPost> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  return postOf(ctx, await postRow(ctx, "p.id", id));
}

/** Posts sharing the most tags with the given one, then the newest; published only. */
export async function relatedBlogPosts(ctx: DomainContext, postId: string, limit = 3): Promise<BlogPostSummary[]> {
  const { results } = await ctx.db
    .prepare(
      `SELECT ${POST_COLUMNS},
         (SELECT count(*) FROM blog_post_tags a JOIN blog_post_tags b ON b.tag_id = a.tag_id WHERE a.post_id = p.id AND b.post_id = ?) AS shared
       FROM ${POST_FROM} WHERE ${VISIBLE} AND p.id <> ? ORDER BY shared DESC, p.published_at DESC LIMIT ?`,
    )
    .bind(postId, ctx.now, postId, limit)
    .all<PostRow>();
  return results.map((r) => summaryOf(r, ctx.now));
}

/** Every published post for the sitemap and the feed, newest first. */
export async function publishedBlogIndex(
  ctx: DomainContext,
  limit = 5000,
): Promise<{ urlTitle: string; title: string; excerpt: string; publishedAt: number; updatedAt: number }[]> {
  const { results } = await ctx.db
    .prepare(`SELECT url_title, title, excerpt, published_at, updated_at FROM blog_posts p WHERE ${VISIBLE} ORDER BY p.published_at DESC LIMIT ?`)
    .bind(ctx.now, limit)
    .all<{ url_title: string; title: string; excerpt: string; published_at: number; updated_at: number }>();
  return results.map((r) => ({ urlTitle: r.url_title, title: r.title, excerpt: r.excerpt, publishedAt: r.published_at, updatedAt: r.updated_at }));
}

/** GET blog-count/: published posts for everyone; admins also drafts and scheduled. */
export async function blogCount(ctx: DomainContext): Promise<{ published: number; drafts?: number; scheduled?: number; total?: number }> {
  const row = await ctx.db
    .prepare(
      `SELECT sum(status = 'PUBLISHED' AND published_at <= ?1) AS published, sum(status = 'DRAFT') AS drafts,
         sum(status = 'PUBLISHED' AND published_at > ?1) AS scheduled, count(*) AS total FROM blog_posts`,
    )
    .bind(ctx.now)
    .first<{ published: number | null; drafts: number | null; scheduled: number | null; total: number }>();
  const published = row?.published ?? 0;
  if (!can.writeBlog(ctx.actor)) return { published };
  return { published, drafts: row?.drafts ?? 0, scheduled: row?.scheduled ?? 0, total: row?.total ?? 0 };
}
