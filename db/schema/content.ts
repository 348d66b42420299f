import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { payments } from "./billing.ts";
import { households } from "./planning.ts";
import {
  BLOG_STATUSES,
  DIETARY_PREFERENCES,
  INVITE_REQUEST_STATUSES,
  TEMPLATE_MOODS,
  TEMPLATE_REQUIREMENTS,
  TEMPLATE_STATUSES,
} from "#shared/stored-values.ts";

export const inviteTemplates = sqliteTable(
  "invite_templates",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** The editor's canvas JSON (fabric.js), checked by shared/card-format.ts. */
    canvas: text("canvas").notNull(),
    /** The card's size in design pixels. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Whole rupees; 0 for a free template. */
    price: integer("price").notNull().default(0),
    amountCategory: text("amount_category", { enum: ["FREE", "PAID"] })
      .notNull()
      .default("FREE"),
    mood: text("mood", { enum: TEMPLATE_MOODS }).notNull().default("WEDDING"),
    requirement: text("requirement", { enum: TEMPLATE_REQUIREMENTS }),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    designer: text("designer"),
    thumbnailKey: text("thumbnail_key"),
    rating: real("rating").notNull().default(0),
    status: text("status", { enum: TEMPLATE_STATUSES }).notNull().default("DRAFT"),
    viewCount: integer("view_count").notNull().default(0),
    useCount: integer("use_count").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("invite_templates_filter_idx").on(t.status, t.mood, t.amountCategory, t.createdAt),
    index("invite_templates_recent_idx").on(t.status, t.createdAt),
  ],
);

export const templatePurchases = sqliteTable(
  "template_purchases",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    templateId: text("template_id")
      .notNull()
      .references(() => inviteTemplates.id, { onDelete: "cascade" }),
    paymentId: text("payment_id").references(() => payments.id),
    orderStatus: text("order_status", { enum: ["pending", "failed", "completed", "refunded"] })
      .notNull()
      .default("pending"),
    paymentStatus: text("payment_status", { enum: ["initiated", "failed", "successful", "refunded"] })
      .notNull()
      .default("initiated"),
    /** Whole rupees. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("INR"),
    completedAt: timestamp("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("template_purchases_user_idx").on(t.userId, t.templateId),
    uniqueIndex("template_purchases_owned_unique")
      .on(t.userId, t.templateId)
      .where(sql`${t.orderStatus} = 'completed'`),
    /** One open order per couple and design (migration 0075, issue 28): a second "Pay" reuses it. */
    uniqueIndex("template_purchases_open_unique")
      .on(t.userId, t.templateId)
      .where(sql`${t.orderStatus} = 'pending'`),
  ],
);

/** The couple's own card: their texts over a template, plus the edited canvas. */
export const userTemplates = sqliteTable(
  "user_templates",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    templateId: text("template_id").references(() => inviteTemplates.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    heading: text("heading"),
    subheading: text("subheading"),
    brideName: text("bride_name"),
    groomName: text("groom_name"),
    eventDate: text("event_date"),
    time: text("time"),
    location: text("location"),
    description: text("description"),
    canvas: text("canvas").notNull(),
    /** Bumped by every save; a save naming an older revision is refused (autosave never overwrites a newer save). */
    revision: integer("revision").notNull().default(0),
    /** The last rendered image of the card (JPEG in R2). */
    previewKey: text("preview_key"),
    previewUpdatedAt: timestamp("preview_updated_at"),
    /** Public e-invite slug, set when published. */
    publicSlug: text("public_slug"),
    publishedAt: timestamp("published_at"),
    /** The functions the e-invite shows (JSON list of event ids); null: all the couple's functions. */
    eventIds: text("event_ids", { mode: "json" }).$type<string[]>(),
    rsvpOpen: integer("rsvp_open", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("user_templates_user_idx").on(t.userId, t.updatedAt), uniqueIndex("user_templates_slug_unique").on(t.publicSlug)],
);

export const templateViews = sqliteTable(
  "template_views",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    templateId: text("template_id")
      .notNull()
      .references(() => inviteTemplates.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.templateId] }), index("template_views_recent_idx").on(t.userId, t.viewedAt)],
);

export const editorAssets = sqliteTable(
  "editor_assets",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** R2 key, exposed as public_id. */
    key: text("key").notNull(),
    folder: text("folder").notNull().default("user_assets"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    fileName: text("file_name"),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("editor_assets_key_unique").on(t.key), index("editor_assets_user_idx").on(t.userId, t.folder, t.createdAt)],
);

/** A request from the public e-invite link (name and phone) that the couple approves or declines. */
export const inviteRequests = sqliteTable(
  "invite_requests",
  {
    id: id(),
    cardId: text("card_id")
      .notNull()
      .references(() => userTemplates.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    /** Where the personal RSVP link is mailed on approval (optional; issue 28). */
    email: text("email"),
    partySize: integer("party_size").notNull().default(1),
    dietary: text("dietary", { enum: DIETARY_PREFERENCES }),
    message: text("message"),
    /** {eventId: "ATTENDING" | "DECLINED" | "MAYBE"} */
    answers: text("answers", { mode: "json" }).$type<Record<string, string>>().notNull().default({}),
    status: text("status", { enum: INVITE_REQUEST_STATUSES }).notNull().default("PENDING"),
    householdId: text("household_id").references(() => households.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at"),
    /** Approved in a moved wedding: its household in the wedding's store (migration 0175, docs/decisions/0066); no foreign key, the store is not D1. */
    storeHouseholdId: text("store_household_id"),
  },
  (t) => [uniqueIndex("invite_requests_phone_unique").on(t.cardId, t.phone), index("invite_requests_user_idx").on(t.userId, t.status, t.createdAt)],
);

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: id(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    urlTitle: text("url_title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** Markdown source; rendered and sanitised on the server. */
    content: text("content").notNull(),
    coverImageKey: text("cover_image_key"),
    status: text("status", { enum: BLOG_STATUSES }).notNull().default("DRAFT"),
    featured: flag("featured"),
    viewCount: integer("view_count").notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    /** Kept with each comment added or removed (migration 0059). */
    commentCount: integer("comment_count").notNull().default(0),
    publishedAt: timestamp("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("blog_posts_url_title_unique").on(t.urlTitle), index("blog_posts_status_idx").on(t.status, t.publishedAt)],
);

export const blogTags = sqliteTable("blog_tags", { id: id(), name: text("name").notNull(), slug: text("slug").notNull() }, (t) => [
  uniqueIndex("blog_tags_slug_unique").on(t.slug),
]);

export const blogPostTags = sqliteTable(
  "blog_post_tags",
  {
    postId: text("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => blogTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("blog_post_tags_tag_idx").on(t.tagId)],
);

export const blogComments = sqliteTable(
  "blog_comments",
  {
    id: id(),
    postId: text("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("blog_comments_post_idx").on(t.postId, t.createdAt), index("blog_comments_user_idx").on(t.userId)],
);

/** One row per post, browser (hash of a random cookie) and India day: a view counts once a day (migration 0059). */
export const blogPostViews = sqliteTable(
  "blog_post_views",
  {
    postId: text("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(),
    day: text("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.visitor, t.day] }), index("blog_post_views_day_idx").on(t.day)],
);

export const blogLikes = sqliteTable(
  "blog_likes",
  {
    postId: text("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/**
 * The home page's hero counts (active services, verified vendors, verified couples), one row each,
 * kept by the triggers of migration 0184. WITHOUT ROWID, keyed by the name (Drizzle cannot say it).
 */
export const publicCounts = sqliteTable("public_counts", {
  name: text("name").primaryKey(),
  n: integer("n").notNull(),
});

/** The public page cache's version (functions/platform/page-cache.ts): one row, bumped by the triggers of migration 0062. */
export const pageCacheVersion = sqliteTable("page_cache_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});
