/**
 * The blog (issue 14): posts, tags, comments, likes and views. One rule decides who may do what, in
 * pages and API alike. This file holds what the blog's jobs share: the shapes a reader gets, the
 * messages, and the post query (its columns, who may see a post).
 *
 * Rules every function keeps:
 * - Visitors and couples see PUBLISHED posts whose published_at <= now (a future published_at is a
 *   scheduled post: visible only to admins until then). Admins see drafts and scheduled posts too.
 * - Writing posts and tags: ADMIN and SUPER_ADMIN only (`can.writeBlog`). Comments and likes: any
 *   signed-in account. A comment is deleted by its author or an admin; anyone else gets NotFound.
 * - Markdown is rendered on the server and sanitized by an allow-list (renderBlogMarkdown).
 */
import type { blogPosts } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { mediaUrl } from "#shared/media.ts";
import { type DomainContext, NotFound } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

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

export type BlogList = { posts: BlogPostSummary[]; total: number; page: number; pages: number };

export const BLOG_MESSAGES = {
  get notFound() {
    return m.api_blog_not_found();
  },
  get adminsOnly() {
    return m.api_blog_admins_only();
  },
  get urlTitleTaken() {
    return m.api_blog_url_title_taken();
  },
  get tagTaken() {
    return m.api_blog_tag_taken();
  },
  get tagNotFound() {
    return m.api_blog_tag_not_found();
  },
  get commentNotFound() {
    return m.api_blog_comment_not_found();
  },
  get signInToComment() {
    return m.api_blog_sign_in_to_comment();
  },
  get signInToLike() {
    return m.api_blog_sign_in_to_like();
  },
  get noCover() {
    return m.api_blog_no_cover();
  },
};

/** A post as POST_COLUMNS reads it: the post's columns, its author's (LEFT JOIN) and the computed length and tags (JSON text). */
export type PostRow = Row<
  typeof blogPosts,
  | "id"
  | "title"
  | "url_title"
  | "excerpt"
  | "cover_image_key"
  | "status"
  | "published_at"
  | "created_at"
  | "updated_at"
  | "view_count"
  | "like_count"
  | "comment_count"
> & { content_length: number; author_name: string | null; author_photo: string | null; tags: string };

export const POST_COLUMNS = `p.id, p.title, p.url_title, p.excerpt, p.cover_image_key, p.status, p.published_at, p.created_at, p.updated_at,
  p.view_count, p.like_count, p.comment_count, length(p.content) AS content_length, u.user_name AS author_name, u.profile_photo AS author_photo,
  (SELECT json_group_array(json_object('name', t.name, 'slug', t.slug)) FROM blog_post_tags pt JOIN blog_tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id) AS tags`;

export const POST_FROM = "blog_posts p LEFT JOIN users u ON u.id = p.author_id";

/** Published and due: what visitors and couples see. `?1`-free: the caller binds `now` where it uses it. */
export const VISIBLE = "p.status = 'PUBLISHED' AND p.published_at <= ?";

/** Words a reader reads a minute; the reading time of a post. */
export const WORDS_PER_MINUTE = 200;

export const readingMinutes = (words: number) => Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));

/** About six characters a word in English prose with its space (the list has no text to count). */
const wordsFromLength = (length: number) => Math.round(length / 6);

export function summaryOf(row: PostRow, now: number, words = wordsFromLength(row.content_length)): BlogPostSummary {
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

export async function postRow(ctx: DomainContext, where: string, value: string): Promise<(PostRow & { content: string; author_id: string | null }) | null> {
  return ctx.db
    .prepare(`SELECT ${POST_COLUMNS}, p.content, p.author_id FROM ${POST_FROM} WHERE ${where} = ?`)
    .bind(value)
    .first<PostRow & { content: string; author_id: string | null }>();
}

export const isVisible = (row: { status: string; published_at: number | null }, now: number) =>
  row.status === "PUBLISHED" && row.published_at !== null && row.published_at <= now;

export async function visiblePostId(ctx: DomainContext, postId: string): Promise<string> {
  const row = await ctx.db
    .prepare("SELECT id, status, published_at FROM blog_posts WHERE id = ?")
    .bind(postId)
    .first<{ id: string; status: string; published_at: number | null }>();
  if (!row || !isVisible(row, ctx.now)) throw new NotFound(BLOG_MESSAGES.notFound);
  return row.id;
}
