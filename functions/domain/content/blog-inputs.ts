import { m } from "#shared/paraglide/messages.js";
/** What a blog request may send: the zod schemas of posts, searches, comments and tags (limits in shared/blog.ts). */
import { z } from "zod";
import { BLOG_STATUSES } from "#shared/stored-values.ts";
import { slugify } from "#shared/slug.ts";
import { BLOG_LIMITS } from "#shared/blog.ts";
import { numeric } from "#shared/numbers.ts";
import { pageQuery } from "../core/index.ts";

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
  .min(BLOG_LIMITS.tagMin, { error: () => m.api_v_a_tag_has_at_least_characters({ tagMin: BLOG_LIMITS.tagMin }) })
  .max(BLOG_LIMITS.tagMax, { error: () => m.api_v_a_tag_has_at_most_characters({ tagMax: BLOG_LIMITS.tagMax }) })
  .refine((v) => slugify(v).length > 0, { error: () => m.api_v_a_tag_needs_a_letter_or_a() });

const postFields = {
  title: z
    .string()
    .trim()
    .min(BLOG_LIMITS.titleMin, { error: () => m.api_v_the_title_has_at_least_characters({ titleMin: BLOG_LIMITS.titleMin }) })
    .max(BLOG_LIMITS.titleMax, { error: () => m.api_v_the_title_has_at_most_characters({ titleMax: BLOG_LIMITS.titleMax }) }),
  urlTitle: z
    .string()
    .trim()
    .max(BLOG_LIMITS.urlTitleMax, { error: () => m.api_v_the_url_title_has_at_most_characters({ urlTitleMax: BLOG_LIMITS.urlTitleMax }) })
    .refine((v) => v === "" || URL_TITLE.test(v), { error: () => m.api_v_use_lower_case_letters_and_digits_joined_by() }),
  excerpt: z
    .string()
    .trim()
    .max(BLOG_LIMITS.excerptMax, { error: () => m.api_v_the_excerpt_has_at_most_characters({ excerptMax: BLOG_LIMITS.excerptMax }) }),
  content: z
    .string()
    .trim()
    .min(1, { error: () => m.api_v_write_the_posts_content() })
    .max(BLOG_LIMITS.contentMax, { error: () => m.api_v_the_content_is_too_long_100_000_characters() }),
  status: z.enum(BLOG_STATUSES, { error: () => m.api_v_choose_draft_or_published() }),
  publishedAt: z
    .number({ error: () => m.api_v_give_the_publish_time_as_a_number() })
    .int()
    .min(0)
    .max(8_640_000_000_000_000)
    .nullable(),
  tags: z
    .array(tagName, { error: () => m.api_v_list_the_tags_as_names() })
    .max(BLOG_LIMITS.tagsMax, { error: () => m.api_v_a_post_has_at_most_tags({ tagsMax: BLOG_LIMITS.tagsMax }) }),
  featured: z.boolean({ error: () => m.api_v_featured_is_true_or_false() }),
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
  s: z
    .string()
    .trim()
    .max(BLOG_LIMITS.queryMax, { error: () => m.api_v_keep_the_search_under_100_characters() })
    .optional(),
  t: z
    .string()
    .trim()
    .max(BLOG_LIMITS.queryMax, { error: () => m.api_v_keep_the_title_search_under_100_characters() })
    .optional(),
  tag: z
    .string()
    .trim()
    .max(60, { error: () => m.api_v_that_is_not_a_tag() })
    .optional(),
  status: z.enum(["DRAFT", "PUBLISHED", "SCHEDULED", "ALL"], { error: () => m.api_v_choose_draft_published_scheduled_or_all() }).optional(),
  page: pageQuery(),
  limit: numeric(
    z
      .number({ error: () => m.api_v_limit_is_a_number() })
      .int({ error: () => m.api_v_limit_is_a_whole_number() })
      .min(1, { error: () => m.api_v_limit_is_at_least_1() })
      .max(BLOG_LIMITS.limitMax, { error: () => m.api_v_limit_is_at_most({ limitMax: BLOG_LIMITS.limitMax }) })
      .optional(),
  ),
});

export const blogCommentInput = z
  .object({
    content: z
      .string({ error: () => m.api_v_write_your_comment() })
      .trim()
      .min(1, { error: () => m.api_v_write_your_comment() })
      .max(BLOG_LIMITS.commentMax, { error: () => m.api_v_a_comment_has_at_most_characters({ commentMax: BLOG_LIMITS.commentMax.toLocaleString("en-IN") }) }),
  })
  .strict();

export const blogTagInput = z.object({ name: tagName }).strict();

export const blogTagDeleteInput = z
  .object({
    ids: z
      .array(z.string().min(1).max(64), { error: () => m.api_v_list_the_tag_ids() })
      .min(1, { error: () => m.api_v_say_which_tags_to_delete() })
      .max(50, { error: () => m.api_v_at_most_50_tags_at_once() }),
  })
  .strict();
