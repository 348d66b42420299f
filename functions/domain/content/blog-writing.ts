/** Writing posts (admins): create, edit, delete, and the urlTitle a title suggests. */
import { slugify } from "#shared/slug.ts";
import { BLOG_LIMITS } from "#shared/blog.ts";
import { auditEntry, type DomainContext, Conflict, NotFound, newId, ACCESS, requireRole, parseInput } from "../core/index.ts";
import { markdownText } from "./blog-markdown.ts";
import { BLOG_MESSAGES, postRow, type BlogPost, type PostRow } from "./blog-records.ts";
import { blogPostInput, blogPostPatch } from "./blog-inputs.ts";
import { tagStatements } from "./blog-tags.ts";
import { blogPostById } from "./blog-posts.ts";
import { removeCover } from "./blog-covers.ts";

/** A urlTitle made from a title: lower-case latin words joined by hyphens. */
export function urlTitleFrom(title: string): string {
  const slug = slugify(title).slice(0, BLOG_LIMITS.urlTitleMax).replace(/-+$/, "");
  return slug || "post";
}

/** A suggested unique urlTitle for a title (a number added when taken). */
export async function suggestUrlTitle(ctx: DomainContext, title: string, exceptPostId?: string): Promise<string> {
  const base = urlTitleFrom(title).slice(0, BLOG_LIMITS.urlTitleMax - 4);
  const { results } = await ctx.db
    .prepare("SELECT url_title FROM blog_posts WHERE (url_title = ? OR substr(url_title, 1, ?) = ?) AND id <> ?")
    .bind(base, base.length + 1, `${base}-`, exceptPostId ?? "")
    .all<{ url_title: string }>();
  const taken = new Set(results.map((r) => r.url_title));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const excerptFrom = (content: string) => {
  const text = markdownText(content);
  return text.length <= 200 ? text : `${text.slice(0, 197).replace(/\s+\S*$/, "")}…`;
};

const urlTitleClash = (e: unknown) => e instanceof Error && /UNIQUE constraint failed: blog_posts\.url_title/.test(e.message);

const takenUrlTitle = () => new Conflict(BLOG_MESSAGES.urlTitleTaken, { urlTitle: BLOG_MESSAGES.urlTitleTaken });

async function ensureFreeUrlTitle(ctx: DomainContext, urlTitle: string, exceptId = ""): Promise<void> {
  const clash = await ctx.db.prepare("SELECT 1 FROM blog_posts WHERE url_title = ? AND id <> ?").bind(urlTitle, exceptId).first();
  if (clash) throw takenUrlTitle();
}

/** POST /: admins write a post. A taken urlTitle is a 409 naming the field. */
export async function createBlogPost(ctx: DomainContext, raw: unknown): Promise<BlogPost> {
  const actor = requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const input = parseInput(blogPostInput, raw);
  const urlTitle = input.urlTitle || (await suggestUrlTitle(ctx, input.title));
  if (input.urlTitle) await ensureFreeUrlTitle(ctx, urlTitle);
  const status = input.status ?? "DRAFT";
  const publishedAt = input.publishedAt !== undefined && input.publishedAt !== null ? input.publishedAt : status === "PUBLISHED" ? ctx.now : null;
  const id = newId(ctx.now);
  try {
    await ctx.db.batch([
      ctx.db
        .prepare(
          `INSERT INTO blog_posts (id, author_id, title, url_title, excerpt, content, status, featured, published_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          id,
          actor.id,
          input.title,
          urlTitle,
          input.excerpt || excerptFrom(input.content),
          input.content,
          status,
          input.featured ? 1 : 0,
          publishedAt,
          ctx.now,
          ctx.now,
        ),
      ...tagStatements(ctx, id, input.tags ?? []),
      auditEntry(ctx, {
        action: status === "PUBLISHED" ? "blog.publish" : "blog.create",
        subject: { type: "blog_post", id },
        summary: `${status === "PUBLISHED" ? "Published" : "Drafted"} “${input.title}”`,
        after: { title: input.title, urlTitle, status, publishedAt },
      }),
    ]);
  } catch (e) {
    if (urlTitleClash(e)) throw takenUrlTitle();
    throw e;
  }
  return blogPostById(ctx, id);
}

/** PATCH /{id}: admins change any field; `tags` replaces the list. */
export async function updateBlogPost(ctx: DomainContext, id: string, raw: unknown): Promise<BlogPost> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const input = parseInput(blogPostPatch, raw ?? {});
  const before = await postRow(ctx, "p.id", id);
  if (!before) throw new NotFound(BLOG_MESSAGES.notFound);
  const urlTitle = input.urlTitle === undefined ? before.url_title : input.urlTitle || (await suggestUrlTitle(ctx, input.title ?? before.title, id));
  if (urlTitle !== before.url_title) await ensureFreeUrlTitle(ctx, urlTitle, id);
  const status = input.status ?? before.status;
  let publishedAt = input.publishedAt !== undefined ? input.publishedAt : before.published_at;
  if (status === "PUBLISHED" && publishedAt === null) publishedAt = ctx.now;
  const next = {
    title: input.title ?? before.title,
    urlTitle,
    excerpt: input.excerpt !== undefined ? input.excerpt || excerptFrom(input.content ?? before.content) : before.excerpt,
    content: input.content ?? before.content,
    status,
    publishedAt,
  };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => k !== "content" && k !== "excerpt" && next[k] !== beforeValue(before, k));
  const published = before.status !== "PUBLISHED" && status === "PUBLISHED";
  const unpublished = before.status === "PUBLISHED" && status === "DRAFT";
  try {
    await ctx.db.batch([
      ctx.db
        .prepare(
          "UPDATE blog_posts SET title = ?, url_title = ?, excerpt = ?, content = ?, status = ?, published_at = ?, featured = coalesce(?, featured), updated_at = ? WHERE id = ?",
        )
        .bind(
          next.title,
          next.urlTitle,
          next.excerpt,
          next.content,
          next.status,
          next.publishedAt,
          input.featured === undefined ? null : input.featured ? 1 : 0,
          ctx.now,
          id,
        ),
      ...(input.tags ? tagStatements(ctx, id, input.tags) : []),
      auditEntry(ctx, {
        action: published ? "blog.publish" : unpublished ? "blog.unpublish" : "blog.update",
        subject: { type: "blog_post", id },
        summary: `${published ? "Published" : unpublished ? "Unpublished" : "Edited"} “${next.title}”`,
        before: Object.fromEntries(changed.map((k) => [k, beforeValue(before, k)])),
        after: Object.fromEntries(changed.map((k) => [k, next[k]])),
      }),
    ]);
  } catch (e) {
    if (urlTitleClash(e)) throw takenUrlTitle();
    throw e;
  }
  return blogPostById(ctx, id);
}

function beforeValue(row: PostRow & { content: string }, key: "title" | "urlTitle" | "excerpt" | "content" | "status" | "publishedAt"): unknown {
  return { title: row.title, urlTitle: row.url_title, excerpt: row.excerpt, content: row.content, status: row.status, publishedAt: row.published_at }[key];
}

/** DELETE /{id}: admins; the post's comments, likes, views and cover go with it. */
export async function deleteBlogPost(ctx: DomainContext, id: string): Promise<void> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const row = await postRow(ctx, "p.id", id);
  if (!row) throw new NotFound(BLOG_MESSAGES.notFound);
  await ctx.db.batch([
    ctx.db.prepare("DELETE FROM blog_posts WHERE id = ?").bind(id),
    auditEntry(ctx, {
      action: "blog.delete",
      subject: { type: "blog_post", id },
      summary: `Deleted “${row.title}”`,
      before: { title: row.title, urlTitle: row.url_title, status: row.status },
    }),
  ]);
  await removeCover(ctx, row.cover_image_key);
}
