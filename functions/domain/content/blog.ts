import { isbot } from "isbot";
import { z } from "zod";
import { BLOG_STATUSES } from "#shared/stored-values.ts";
import { todayInIndia } from "#shared/listing-limits.ts";
import { mediaUrl } from "#shared/media.ts";
import { slugify } from "#shared/slug.ts";
import { BLOG_LIMITS } from "#shared/blog.ts";
import { ImageUnreadable, wasmPipeline } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import {
  auditEntry,
  type DomainContext,
  Conflict,
  Invalid,
  NotFound,
  newId,
  ACCESS,
  can,
  requireRole,
  requireSignedIn,
  sha256Hex,
  parseInput,
} from "../core/index.ts";
import { markdownText, renderBlogMarkdown } from "./blog-markdown.ts";
import { numeric } from "#shared/numbers.ts";

/**
 * The blog (issue 14): posts, tags, comments, likes and views. One rule decides who may do what, in
 * pages and API alike. CONTRACT written by the coordinator; the blog-core helper implements every
 * function below (and may add more). The blog-pages and blog-writing helpers call only these.
 *
 * Rules every function keeps:
 * - Visitors and couples see PUBLISHED posts whose published_at <= now (a future published_at is a
 *   scheduled post: visible only to admins until then). Admins see drafts and scheduled posts too.
 * - Writing posts and tags: ADMIN and SUPER_ADMIN only (`can.writeBlog`). Comments and likes: any
 *   signed-in account. A comment is deleted by its author or an admin; anyone else gets NotFound.
 * - Markdown is rendered on the server and sanitized by an allow-list (renderBlogMarkdown).
 */

export const BLOG_PAGE_SIZE = 12;

export type BlogTag = { id: string; name: string; slug: string; postCount: number };

export type BlogAuthor = { name: string; photoUrl: string | null };

export type BlogPostSummary = {
  id: string;
  title: string;
  urlTitle: string;
  excerpt: string;
  /** /media/<key>, or null (pages show the placeholder; they also swap it in when the image fails to load). */
  coverImage: string | null;
  status: "DRAFT" | "PUBLISHED";
  /** True when PUBLISHED with published_at in the future. */
  scheduled: boolean;
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  readingMinutes: number;
  tags: { name: string; slug: string }[];
  author: BlogAuthor | null;
};

export type BlogComment = {
  id: string;
  content: string;
  createdAt: number;
  author: BlogAuthor;
  /** The asking account may delete it (its author or an admin). */
  canDelete: boolean;
};

export type BlogPost = BlogPostSummary & {
  /** The Markdown source (editors fill their form with it). */
  content: string;
  /** The sanitized HTML of the content. */
  html: string;
  /** The asking account has liked it (false for visitors). */
  liked: boolean;
  /** The asking account may edit it (admins). */
  canEdit: boolean;
  comments: BlogComment[];
};

export type BlogListQuery = {
  /** Full-text search over title, excerpt and content. */
  s?: string;
  /** Title contains. */
  t?: string;
  /** A tag's slug. */
  tag?: string;
  /** Admins only (others: ignored, always PUBLISHED). "ALL" lists every status. */
  status?: "DRAFT" | "PUBLISHED" | "SCHEDULED" | "ALL";
  page?: number;
  limit?: number;
};

export type BlogList = { posts: BlogPostSummary[]; total: number; page: number; pages: number };

/** Input of create and update (update: every field optional). `tags` are tag names; unknown names are created. */
export type BlogPostInput = {
  title: string;
  urlTitle?: string;
  excerpt?: string;
  content: string;
  status?: "DRAFT" | "PUBLISHED";
  /** Epoch ms; with status PUBLISHED and a future time the post is scheduled. */
  publishedAt?: number | null;
  tags?: string[];
  featured?: boolean;
};

// -------------------------------------------------------------------------------------------------
// Inputs

export { BLOG_LIMITS };

export const BLOG_MESSAGES = {
  notFound: "We could not find that blog post.",
  adminsOnly: "Only admins can write blog posts.",
  urlTitleTaken: "Another post already uses this urlTitle.",
  tagTaken: "A tag with this name already exists.",
  tagNotFound: "We could not find that tag.",
  commentNotFound: "We could not find that comment.",
  signInToComment: "Please log in to comment.",
  signInToLike: "Please log in to like posts.",
  noCover: "Choose a PNG, JPEG or WebP image for the cover.",
} as const;

const URL_TITLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const tagName = z
  .string()
  .trim()
  .min(BLOG_LIMITS.tagMin, `A tag has at least ${BLOG_LIMITS.tagMin} characters.`)
  .max(BLOG_LIMITS.tagMax, `A tag has at most ${BLOG_LIMITS.tagMax} characters.`)
  .refine((v) => slugify(v).length > 0, "A tag needs a letter or a digit.");

const postFields = {
  title: z
    .string()
    .trim()
    .min(BLOG_LIMITS.titleMin, `The title has at least ${BLOG_LIMITS.titleMin} characters.`)
    .max(BLOG_LIMITS.titleMax, `The title has at most ${BLOG_LIMITS.titleMax} characters.`),
  urlTitle: z
    .string()
    .trim()
    .max(BLOG_LIMITS.urlTitleMax, `The urlTitle has at most ${BLOG_LIMITS.urlTitleMax} characters.`)
    .refine((v) => v === "" || URL_TITLE.test(v), "Use lower-case letters and digits joined by hyphens, e.g. udaipur-palace-weddings."),
  excerpt: z.string().trim().max(BLOG_LIMITS.excerptMax, `The excerpt has at most ${BLOG_LIMITS.excerptMax} characters.`),
  content: z.string().trim().min(1, "Write the post's content.").max(BLOG_LIMITS.contentMax, "The content is too long (100,000 characters at most)."),
  status: z.enum(BLOG_STATUSES, "Choose DRAFT or PUBLISHED."),
  publishedAt: z.number("Give the publish time as a number (epoch milliseconds).").int().min(0).max(8_640_000_000_000_000).nullable(),
  tags: z.array(tagName, "List the tags as names.").max(BLOG_LIMITS.tagsMax, `A post has at most ${BLOG_LIMITS.tagsMax} tags.`),
  featured: z.boolean("featured is true or false."),
};

export const blogPostInput = z
  .object({
    title: postFields.title,
    urlTitle: postFields.urlTitle.optional(),
    excerpt: postFields.excerpt.optional(),
    content: postFields.content,
    status: postFields.status.optional(),
    publishedAt: postFields.publishedAt.optional(),
    tags: postFields.tags.optional(),
    featured: postFields.featured.optional(),
  })
  .strict();

export const blogPostPatch = z
  .object({
    title: postFields.title.optional(),
    urlTitle: postFields.urlTitle.optional(),
    excerpt: postFields.excerpt.optional(),
    content: postFields.content.optional(),
    status: postFields.status.optional(),
    publishedAt: postFields.publishedAt.optional(),
    tags: postFields.tags.optional(),
    featured: postFields.featured.optional(),
  })
  .strict();

export const blogListInput = z.object({
  s: z.string().trim().max(BLOG_LIMITS.queryMax, "Keep the search under 100 characters.").optional(),
  t: z.string().trim().max(BLOG_LIMITS.queryMax, "Keep the title search under 100 characters.").optional(),
  tag: z.string().trim().max(60, "That is not a tag.").optional(),
  status: z.enum(["DRAFT", "PUBLISHED", "SCHEDULED", "ALL"], "Choose DRAFT, PUBLISHED, SCHEDULED or ALL.").optional(),
  page: numeric(z.number("page is a number.").int("page is a whole number.").min(1, "page starts at 1.").max(1000, "page is at most 1000.").optional()),
  limit: numeric(
    z
      .number("limit is a number.")
      .int("limit is a whole number.")
      .min(1, "limit is at least 1.")
      .max(BLOG_LIMITS.limitMax, `limit is at most ${BLOG_LIMITS.limitMax}.`)
      .optional(),
  ),
});

export const blogCommentInput = z
  .object({
    content: z
      .string("Write your comment.")
      .trim()
      .min(1, "Write your comment.")
      .max(BLOG_LIMITS.commentMax, `A comment has at most ${BLOG_LIMITS.commentMax.toLocaleString("en-IN")} characters.`),
  })
  .strict();

export const blogTagInput = z.object({ name: tagName }).strict();
export const blogTagDeleteInput = z
  .object({ ids: z.array(z.string().min(1).max(64), "List the tag ids.").min(1, "Say which tags to delete.").max(50, "At most 50 tags at once.") })
  .strict();

// -------------------------------------------------------------------------------------------------
// Reading

type PostRow = {
  id: string;
  title: string;
  url_title: string;
  excerpt: string;
  cover_image_key: string | null;
  status: "DRAFT" | "PUBLISHED";
  published_at: number | null;
  created_at: number;
  updated_at: number;
  view_count: number;
  like_count: number;
  comment_count: number;
  content_length: number;
  author_name: string | null;
  author_photo: string | null;
  tags: string;
};

const POST_COLUMNS = `p.id, p.title, p.url_title, p.excerpt, p.cover_image_key, p.status, p.published_at, p.created_at, p.updated_at,
  p.view_count, p.like_count, p.comment_count, length(p.content) AS content_length, u.user_name AS author_name, u.profile_photo AS author_photo,
  (SELECT json_group_array(json_object('name', t.name, 'slug', t.slug)) FROM blog_post_tags pt JOIN blog_tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id) AS tags`;
const POST_FROM = "blog_posts p LEFT JOIN users u ON u.id = p.author_id";
/** Published and due: what visitors and couples see. `?1`-free: the caller binds `now` where it uses it. */
const VISIBLE = "p.status = 'PUBLISHED' AND p.published_at <= ?";

/** Words a reader reads a minute; the reading time of a post. */
export const WORDS_PER_MINUTE = 200;
export const readingMinutes = (words: number) => Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
/** About six characters a word in English prose with its space (the list has no text to count). */
const wordsFromLength = (length: number) => Math.round(length / 6);

function summaryOf(row: PostRow, now: number, words = wordsFromLength(row.content_length)): BlogPostSummary {
  let tags: { name: string; slug: string }[];
  try {
    tags = (JSON.parse(row.tags ?? "[]") as { name: string; slug: string }[]).sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    tags = [];
  }
  return {
    id: row.id,
    title: row.title,
    urlTitle: row.url_title,
    excerpt: row.excerpt,
    coverImage: row.cover_image_key ? mediaUrl(row.cover_image_key) : null,
    status: row.status,
    scheduled: row.status === "PUBLISHED" && row.published_at !== null && row.published_at > now,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    viewCount: row.view_count,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    readingMinutes: readingMinutes(words),
    tags,
    author: row.author_name ? { name: row.author_name, photoUrl: row.author_photo ? mediaUrl(row.author_photo) : null } : null,
  };
}

/** GET /?s&t&tag&status (spec section 3's params): newest first. `status` counts for admins only. */
export async function listBlogPosts(ctx: DomainContext, rawQuery: BlogListQuery | Record<string, unknown>): Promise<BlogList> {
  const query = parseInput(blogListInput, rawQuery ?? {}, "Some search options are not valid.");
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

async function postRow(ctx: DomainContext, where: string, value: string): Promise<(PostRow & { content: string; author_id: string | null }) | null> {
  return ctx.db
    .prepare(`SELECT ${POST_COLUMNS}, p.content, p.author_id FROM ${POST_FROM} WHERE ${where} = ?`)
    .bind(value)
    .first<PostRow & { content: string; author_id: string | null }>();
}

const isVisible = (row: { status: string; published_at: number | null }, now: number) =>
  row.status === "PUBLISHED" && row.published_at !== null && row.published_at <= now;

type CommentRow = { id: string; content: string; created_at: number; user_id: string; user_name: string; profile_photo: string | null };

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

/** Every tag with the number of published posts carrying it, by name. */
export async function blogTags(ctx: DomainContext): Promise<BlogTag[]> {
  const { results } = await ctx.db
    .prepare(
      `SELECT t.id, t.name, t.slug,
         (SELECT count(*) FROM blog_post_tags pt JOIN blog_posts p ON p.id = pt.post_id WHERE pt.tag_id = t.id AND ${VISIBLE}) AS post_count
       FROM blog_tags t ORDER BY t.name COLLATE NOCASE`,
    )
    .bind(ctx.now)
    .all<{ id: string; name: string; slug: string; post_count: number }>();
  return results.map((t) => ({ id: t.id, name: t.name, slug: t.slug, postCount: t.post_count }));
}

/** GET /tags/{name}: one tag by name or slug. */
export async function blogTagByName(ctx: DomainContext, name: string): Promise<BlogTag> {
  const tag = (await blogTags(ctx)).find((t) => t.slug === slugify(name));
  if (!tag) throw new NotFound(BLOG_MESSAGES.tagNotFound);
  return tag;
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

/** GET /viewCount: all published posts' views, or one post's. */
export async function blogViewCount(ctx: DomainContext, urlTitle?: string): Promise<{ viewCount: number }> {
  if (urlTitle) return { viewCount: (await blogPostByUrlTitle(ctx, urlTitle)).viewCount };
  const row = await ctx.db.prepare(`SELECT coalesce(sum(view_count), 0) AS n FROM blog_posts p WHERE ${VISIBLE}`).bind(ctx.now).first<{ n: number }>();
  return { viewCount: row?.n ?? 0 };
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

// -------------------------------------------------------------------------------------------------
// Readers: views, likes, comments

async function visiblePostId(ctx: DomainContext, postId: string): Promise<string> {
  const row = await ctx.db
    .prepare("SELECT id, status, published_at FROM blog_posts WHERE id = ?")
    .bind(postId)
    .first<{ id: string; status: string; published_at: number | null }>();
  if (!row || !isVisible(row, ctx.now)) throw new NotFound(BLOG_MESSAGES.notFound);
  return row.id;
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

// -------------------------------------------------------------------------------------------------
// Writing (admins)

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

/** The statements that give a post exactly these tags (creating unknown ones). */
function tagStatements(ctx: DomainContext, postId: string, names: readonly string[]): D1PreparedStatement[] {
  const unique = [...new Map(names.map((n) => [slugify(n), n.trim()])).entries()];
  return [
    ctx.db.prepare("DELETE FROM blog_post_tags WHERE post_id = ?").bind(postId),
    ...unique.flatMap(([slug, name]) => [
      ctx.db.prepare("INSERT OR IGNORE INTO blog_tags (id, name, slug) VALUES (?, ?, ?)").bind(newId(ctx.now), name, slug),
      ctx.db.prepare("INSERT OR IGNORE INTO blog_post_tags (post_id, tag_id) SELECT ?, id FROM blog_tags WHERE slug = ?").bind(postId, slug),
    ]),
  ];
}

const urlTitleClash = (e: unknown) => e instanceof Error && /UNIQUE constraint failed: blog_posts\.url_title/.test(e.message);
const tagClash = (e: unknown) => e instanceof Error && /UNIQUE constraint failed: blog_tags\.slug/.test(e.message);
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

async function removeCover(ctx: DomainContext, key: string | null): Promise<void> {
  if (key?.startsWith("u/blog/")) await ctx.media.delete(key).catch((e: unknown) => console.error("blog cover cleanup failed", e));
}

/** PUT /{id}/cover: admins; a PNG, JPEG or WebP (checked by its first bytes) stored as a WebP at most 1200 px wide. */
export async function setBlogCover(ctx: DomainContext, id: string, file: File | undefined | null): Promise<BlogPost> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const row = await postRow(ctx, "p.id", id);
  if (!row) throw new NotFound(BLOG_MESSAGES.notFound);
  if (!(file instanceof File) || file.size === 0) throw new Invalid(BLOG_MESSAGES.noCover, { cover: BLOG_MESSAGES.noCover });
  if (file.size > BLOG_LIMITS.coverMaxBytes) throw new Invalid("The cover is larger than 8 MB.", { cover: "The cover is larger than 8 MB." });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes);
  if (!type || !["png", "jpg", "webp"].includes(type.ext)) throw new Invalid(BLOG_MESSAGES.noCover, { cover: "This file is not a PNG, JPEG or WebP image." });
  let variant;
  try {
    variant = await (ctx.images ?? wasmPipeline).narrow(bytes, type, BLOG_LIMITS.coverWidth);
  } catch (e) {
    if (!(e instanceof ImageUnreadable)) console.error("blog cover processing failed", e);
    const reason = e instanceof ImageUnreadable ? e.message : "This image could not be read.";
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

/** POST /tags {name}: admins; a name already used (in any case) is a 409 naming the field. */
export async function createBlogTag(ctx: DomainContext, raw: unknown): Promise<BlogTag> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const { name } = parseInput(blogTagInput, raw);
  const id = newId(ctx.now);
  try {
    await ctx.db.batch([
      ctx.db.prepare("INSERT INTO blog_tags (id, name, slug) VALUES (?, ?, ?)").bind(id, name, slugify(name)),
      auditEntry(ctx, { action: "blog.tag-create", subject: { type: "blog_tag", id }, summary: `Created the tag “${name}”`, after: { name } }),
    ]);
  } catch (e) {
    if (tagClash(e)) throw new Conflict(BLOG_MESSAGES.tagTaken, { name: BLOG_MESSAGES.tagTaken });
    throw e;
  }
  return { id, name, slug: slugify(name), postCount: 0 };
}

/** PUT /tags/{id} {name}: admins rename a tag (its posts keep it). */
export async function renameBlogTag(ctx: DomainContext, id: string, raw: unknown): Promise<BlogTag> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const { name } = parseInput(blogTagInput, raw);
  const before = await ctx.db.prepare("SELECT name FROM blog_tags WHERE id = ?").bind(id).first<{ name: string }>();
  if (!before) throw new NotFound(BLOG_MESSAGES.tagNotFound);
  try {
    await ctx.db.batch([
      ctx.db.prepare("UPDATE blog_tags SET name = ?, slug = ? WHERE id = ?").bind(name, slugify(name), id),
      auditEntry(ctx, {
        action: "blog.tag-rename",
        subject: { type: "blog_tag", id },
        summary: `Renamed the tag “${before.name}” to “${name}”`,
        before,
        after: { name },
      }),
    ]);
  } catch (e) {
    if (tagClash(e)) throw new Conflict(BLOG_MESSAGES.tagTaken, { name: BLOG_MESSAGES.tagTaken });
    throw e;
  }
  return blogTagByName(ctx, name);
}

/** DELETE /tags {ids}: admins; the posts lose the tags. Unknown ids are a 404 and nothing is deleted. */
export async function deleteBlogTags(ctx: DomainContext, raw: unknown): Promise<{ deleted: number }> {
  requireRole(ctx.actor, ACCESS.admin, BLOG_MESSAGES.adminsOnly);
  const { ids } = parseInput(blogTagDeleteInput, raw);
  const unique = [...new Set(ids)];
  const { results } = await ctx.db
    .prepare(`SELECT id, name FROM blog_tags WHERE id IN (${unique.map(() => "?").join(", ")})`)
    .bind(...unique)
    .all<{ id: string; name: string }>();
  if (results.length !== unique.length) throw new NotFound(BLOG_MESSAGES.tagNotFound);
  await ctx.db.batch(
    results.flatMap((t) => [
      ctx.db.prepare("DELETE FROM blog_tags WHERE id = ?").bind(t.id),
      auditEntry(ctx, { action: "blog.tag-delete", subject: { type: "blog_tag", id: t.id }, summary: `Deleted the tag “${t.name}”`, before: { name: t.name } }),
    ]),
  );
  return { deleted: results.length };
}

export { renderBlogMarkdown };
