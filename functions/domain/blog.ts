import type { DomainContext } from "./context.ts";

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
  coverUrl: string | null;
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

const notBuilt = (): never => {
  throw new Error("blog domain: not built yet (issue 14, blog-core helper)");
};

export function listBlogPosts(_ctx: DomainContext, _query: BlogListQuery): Promise<BlogList> {
  return notBuilt();
}
/** NotFound for an unknown, draft or scheduled post unless the actor is an admin. */
export function blogPostByUrlTitle(_ctx: DomainContext, _urlTitle: string): Promise<BlogPost> {
  return notBuilt();
}
/** Posts sharing tags with the given one, newest first, published only. */
export function relatedBlogPosts(_ctx: DomainContext, _postId: string, _limit = 3): Promise<BlogPostSummary[]> {
  return notBuilt();
}
export function blogTags(_ctx: DomainContext): Promise<BlogTag[]> {
  return notBuilt();
}
/** Every published post for the sitemap and the feed, newest first. */
export function publishedBlogIndex(
  _ctx: DomainContext,
  _limit = 5000,
): Promise<{ urlTitle: string; title: string; excerpt: string; publishedAt: number; updatedAt: number }[]> {
  return notBuilt();
}
/** Counts a view once per visitor key per India day, never for bots (ctx.request.userAgent). Returns whether it counted. */
export function recordBlogView(_ctx: DomainContext, _postId: string, _visitorKey: string): Promise<boolean> {
  return notBuilt();
}
export function toggleBlogLike(_ctx: DomainContext, _postId: string): Promise<{ liked: boolean; likeCount: number }> {
  return notBuilt();
}
export function addBlogComment(_ctx: DomainContext, _postId: string, _input: unknown): Promise<BlogComment> {
  return notBuilt();
}
export function deleteBlogComment(_ctx: DomainContext, _commentId: string): Promise<void> {
  return notBuilt();
}
/** Admins: create (409 naming urlTitle when taken). `input` is checked here (400 naming fields). */
export function createBlogPost(_ctx: DomainContext, _input: unknown): Promise<BlogPost> {
  return notBuilt();
}
export function updateBlogPost(_ctx: DomainContext, _id: string, _input: unknown): Promise<BlogPost> {
  return notBuilt();
}
export function deleteBlogPost(_ctx: DomainContext, _id: string): Promise<void> {
  return notBuilt();
}
/** Admins: stores the cover (magic bytes checked, resized WebP) and returns the post. */
export function setBlogCover(_ctx: DomainContext, _id: string, _file: File): Promise<BlogPost> {
  return notBuilt();
}
/** A suggested unique urlTitle for a title (lower-case words joined by "-", a number added when taken). */
export function suggestUrlTitle(_ctx: DomainContext, _title: string, _exceptPostId?: string): Promise<string> {
  return notBuilt();
}
/** Markdown to sanitized HTML (allow-list: no script, no event handlers, no javascript: URLs; images only from /media/ or https). */
export function renderBlogMarkdown(_markdown: string): string {
  return notBuilt();
}
