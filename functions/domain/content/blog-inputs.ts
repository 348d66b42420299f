/** What a blog request may send: the zod schemas of posts, searches, comments and tags (limits in shared/blog.ts). */
import { z } from "zod";
import { BLOG_STATUSES } from "#shared/stored-values.ts";
import { slugify } from "#shared/slug.ts";
import { BLOG_LIMITS } from "#shared/blog.ts";
import { numeric } from "#shared/numbers.ts";

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

export { BLOG_LIMITS };

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
