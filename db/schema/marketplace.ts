import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { caseInsensitiveText, createdAt, flag, id, timestamp, updatedAt } from "./columns.ts";
import { users, vendors } from "./identity.ts";
import { BOOKING_STATUSES, DISPUTE_STATUSES, LEAD_STATUSES, REPLY_AUTHORS, REVIEW_STATUSES, SERVICE_STATUSES } from "#shared/stored-values.ts";

/**
 * A vendor's listing. Every service carries a starting price and a unit from its subcategory's
 * unit list. Rating and counters are aggregates kept by the domain layer.
 */
export const services = sqliteTable(
  "services",
  {
    id: id(),
    vendorId: text("vendor_id")
      .notNull()
      .references(() => vendors.userId, { onDelete: "cascade" }),
    serviceName: text("service_name").notNull(),
    description: text("description").notNull().default(""),
    /** The catalogue group, e.g. "Wedding Vendor". */
    serviceCategory: caseInsensitiveText("service_category").notNull(),
    /** The subcategory, e.g. "Caterers". */
    serviceType: caseInsensitiveText("service_type").notNull(),
    minPrice: integer("min_price").notNull(),
    maxPrice: integer("max_price"),
    serviceUnit: text("service_unit").notNull(),
    state: caseInsensitiveText("state").notNull(),
    city: caseInsensitiveText("city").notNull(),
    status: text("status", { enum: SERVICE_STATUSES }).notNull().default("active"),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    viewCount: integer("view_count").notNull().default(0),
    leadCount: integer("lead_count").notNull().default(0),
    wishlistCount: integer("wishlist_count").notNull().default(0),
    /** Key of the cover image in R2, denormalised for list cards. */
    coverKey: text("cover_key"),
    /** Street address (migrations/0040). */
    address: text("address"),
    /** Guest capacity, venue subcategories only (migrations/0040). */
    capacityMin: integer("capacity_min"),
    capacityMax: integer("capacity_max"),
    /** A short list of highlights, a JSON array of strings (migrations/0040). */
    highlights: text("highlights").notNull().default("[]"),
    /** When the plan limit hid it (status 'hidden', migrations/0049); null otherwise. */
    planHiddenAt: timestamp("plan_hidden_at"),
    /** Archived by an admin (migrations/0061): the reason its vendor sees; only an admin restores it. */
    moderationReason: text("moderation_reason"),
    moderatedAt: timestamp("moderated_at"),
    moderatedBy: text("moderated_by").references(() => users.id, { onDelete: "set null" }),
    /** The vendor's plan in force includes featured placement: ranks first in the default order (migrations/0049). */
    featured: flag("featured"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("services_vendor_idx").on(t.vendorId, t.status),
    // (Eight shorter indexes, each the front of one below, were dropped by migrations/0138: docs/decisions/0051-a-million-listings.md.)
    // Sort orders with their tie-breakers (migrations/0020): a page is read in index order.
    index("services_sort_price_idx").on(t.status, t.minPrice, t.id),
    index("services_sort_views_idx").on(t.status, t.viewCount, t.id),
    index("services_sort_created_idx").on(t.status, t.createdAt, t.id),
    index("services_type_sort_price_idx").on(t.status, t.serviceType, t.minPrice, t.id),
    // A category sorted by price (migrations/0063): the page is read in index order, not sorted from the whole category.
    index("services_category_sort_price_idx").on(t.status, t.serviceCategory, t.minPrice, t.id),
    // The rating orders, featured placement first for the default one (migrations/0049); rating,
    // lowest first, merges the featured and the other services from the same index (migrations/0180
    // dropped the rating indexes without `featured`).
    index("services_featured_rating_idx").on(t.status, t.featured, t.rating, t.reviewCount, t.id),
    index("services_type_featured_rating_idx").on(t.status, t.serviceType, t.featured, t.rating, t.reviewCount, t.id),
    index("services_category_featured_rating_idx").on(t.status, t.serviceCategory, t.featured, t.rating, t.reviewCount, t.id),
    index("services_loc_featured_rating_idx").on(t.status, t.state, t.city, t.featured, t.rating, t.reviewCount, t.id),
    index("services_type_loc_featured_rating_idx").on(t.status, t.serviceType, t.state, t.city, t.featured, t.rating, t.reviewCount, t.id),
  ],
);

/**
 * A stable integer key per service for the full-text index (migrations/0001_search.sql): FTS5 rows
 * are keyed by it, because a text primary key's implicit rowid may change on VACUUM. It also carries
 * a copy of what a search filters and sorts on (migrations/0163), so a text search's matches are
 * filtered and sorted from their keys and only the page's services rows are read
 * (docs/decisions/0058-search-reads-its-keys.md). Written only by the search triggers, from services.
 */
export const serviceSearchKeys = sqliteTable(
  "service_search_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    serviceId: text("service_id").notNull(),
    status: text("status", { enum: SERVICE_STATUSES }).notNull().default("active"),
    featured: flag("featured"),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    minPrice: integer("min_price").notNull().default(0),
    viewCount: integer("view_count").notNull().default(0),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(0),
    serviceCategory: caseInsensitiveText("service_category").notNull().default(""),
    serviceType: caseInsensitiveText("service_type").notNull().default(""),
    state: caseInsensitiveText("state").notNull().default(""),
    city: caseInsensitiveText("city").notNull().default(""),
    /** The vendor's median first reply in minutes (vendors.reply_minutes_median), for the recommended order. */
    vendorReplyMinutes: integer("vendor_reply_minutes"),
  },
  (t) => [uniqueIndex("service_search_keys_service_unique").on(t.serviceId)],
);

/**
 * Each term of the full-text index with how many (listing, field) pairs use it (migrations/0167): a
 * typed word is matched as the most used terms that start with it instead of as an FTS5 prefix,
 * which merges every such term's whole list of listings first (docs/decisions/0058-search-reads-its-keys.md).
 * WITHOUT ROWID, keyed by the term. Written only by the search-term triggers.
 */
export const searchTerms = sqliteTable("search_terms", {
  term: text("term").primaryKey(),
  uses: integer("uses").notNull(),
});

/**
 * A service's photos. WITHOUT ROWID, keyed (service_id, id) (migrations/0158): a service's rows sit
 * together and every statement names the service; Drizzle cannot say WITHOUT ROWID, the migration does.
 */
export const serviceMedia = sqliteTable(
  "service_media",
  {
    id: text("id").notNull(),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind", { enum: ["image", "video"] })
      .notNull()
      .default("image"),
    width: integer("width"),
    height: integer("height"),
    alt: text("alt"),
    /** The card-size WebP variant (migrations/0041); null for demo rows and older photos (use `key`). */
    cardKey: text("card_key"),
    cardWidth: integer("card_width"),
    cardHeight: integer("card_height"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.id] })],
);

/** A service's questions and answers: WITHOUT ROWID, keyed (service_id, id), as service_media (migrations/0158). */
export const serviceFaqs = sqliteTable(
  "service_faqs",
  {
    id: text("id").notNull(),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.id] })],
);

/**
 * One review per couple per service (editable); five sub-scores; one reply, by the service's
 * vendor or by the Mandap team, and the reply says which. "Verified booking" is not stored: it is
 * derived from bookings whenever a review is read.
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    quality: integer("quality").notNull(),
    responsiveness: integer("responsiveness").notNull(),
    professionalism: integer("professionalism").notNull(),
    value: integer("value").notNull(),
    flexibility: integer("flexibility").notNull(),
    comment: text("comment").notNull(),
    /** JSON array of R2 keys. */
    photoKeys: text("photo_keys", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** The reply's text, whoever wrote it (the column keeps its first name). */
    vendorReply: text("vendor_reply"),
    vendorRepliedAt: timestamp("vendor_replied_at"),
    /** Who replied: the vendor or the Mandap team (null for replies stored before this was recorded). */
    replyBy: text("reply_by", { enum: REPLY_AUTHORS }),
    replyUserId: text("reply_user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("PUBLISHED"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One review per couple per service; couple first, so it is also the couple's index (migrations/0159).
    uniqueIndex("reviews_user_service_unique").on(t.userId, t.serviceId),
    index("reviews_service_idx").on(t.serviceId, t.status, t.createdAt),
    /** The home page's testimonials, best and newest first (migrations/0183). */
    index("reviews_testimonial_idx")
      .on(t.rating, t.createdAt)
      .where(sql`status = 'PUBLISHED' AND rating >= 4 AND length(comment) >= 60`),
  ],
);

export const wishlistItems = sqliteTable(
  "wishlist_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceId] }), index("wishlist_service_idx").on(t.serviceId)],
);

export const cartItems = sqliteTable(
  "cart_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceId] })],
);

/** Dates a vendor has blocked for a service ("available on" filters these out). yyyy-mm-dd. */
export const serviceBlockedDates = sqliteTable(
  "service_blocked_dates",
  {
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    note: text("note"),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.day] }), index("service_blocked_day_idx").on(t.day)],
);

/** Views and leads per service per day, for vendor analytics over time. */
export const serviceDailyStats = sqliteTable(
  "service_daily_stats",
  {
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
    leads: integer("leads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.day] })],
);

/** A couple's enquiry about a service: the vendor's sales pipeline. */
export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    vendorId: text("vendor_id")
      .notNull()
      .references(() => vendors.userId, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    eventDate: text("event_date"),
    guestCount: integer("guest_count"),
    budget: integer("budget"),
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("NEW"),
    firstReplyAt: timestamp("first_reply_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Read markers (migration 0042): unread while unset or older than the other side's latest message. */
    vendorReadAt: timestamp("vendor_read_at"),
    coupleReadAt: timestamp("couple_read_at"),
    /** Set when the vendor reports the lead (status SPAM): the admin queue. */
    reportedAt: timestamp("reported_at"),
    lostReason: text("lost_reason"),
    /** The status the lead had when it was reported (migration 0045): where "Not spam" puts it back. */
    statusBeforeSpam: text("status_before_spam", { enum: LEAD_STATUSES }),
    /** The admin's decision on the report (migration 0045): once per report; a new report clears it. */
    reviewedAt: timestamp("reviewed_at"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("leads_reported_idx").on(t.reportedAt),
    index("leads_vendor_idx").on(t.vendorId, t.status, t.createdAt),
    index("leads_user_idx").on(t.userId, t.createdAt),
    index("leads_service_idx").on(t.serviceId),
    /** One open enquiry per couple per service, kept by the database (migration 0031). */
    uniqueIndex("leads_open_unique")
      .on(t.userId, t.serviceId)
      .where(sql`${t.status} IN ('NEW', 'CONTACTED', 'QUOTED')`),
  ],
);

/**
 * An account an admin flagged (migration 0045), so far while confirming a couple's enquiry as spam
 * (functions/domain/admin/spam-queue.ts). Admins see it in the queue; it restricts nothing.
 */
export const accountFlags = sqliteTable("account_flags", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  flaggedAt: timestamp("flagged_at").notNull(),
  flaggedBy: text("flagged_by").references(() => users.id, { onDelete: "set null" }),
});

export const leadMessages = sqliteTable(
  "lead_messages",
  {
    id: id(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lead_messages_lead_idx").on(t.leadId, t.createdAt)],
);

/** A vendor's price offer on a lead (migration 0042); the couple may accept the latest unexpired one. */
export const leadQuotes = sqliteTable(
  "lead_quotes",
  {
    id: id(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    includes: text("includes").notNull(),
    validUntil: text("valid_until").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lead_quotes_lead_idx").on(t.leadId, t.createdAt)],
);

/** Created from a lead at BOOKED; both the couple and the vendor see the same record. */
export const bookings = sqliteTable(
  "bookings",
  {
    id: id(),
    leadId: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    vendorId: text("vendor_id")
      .notNull()
      .references(() => vendors.userId, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventDate: text("event_date"),
    agreedPrice: integer("agreed_price").notNull(),
    advancePaid: integer("advance_paid").notNull().default(0),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("CONFIRMED"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The last day of a several-day event (migration 0042). */
    eventEndDate: text("event_end_date"),
    cancelReason: text("cancel_reason"),
    cancelledBy: text("cancelled_by", { enum: ["VENDOR", "COUPLE"] }),
  },
  (t) => [
    uniqueIndex("bookings_lead_unique").on(t.leadId),
    index("bookings_vendor_idx").on(t.vendorId, t.status, t.eventDate),
    index("bookings_user_idx").on(t.userId, t.status),
    index("bookings_user_vendor_idx").on(t.userId, t.vendorId, t.status),
  ],
);

/** Balance instalments and promised deliverables (album, video) with due dates. */
export const bookingMilestones = sqliteTable(
  "booking_milestones",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["PAYMENT", "DELIVERABLE"] }).notNull(),
    title: text("title").notNull(),
    amount: integer("amount"),
    dueDate: text("due_date"),
    doneAt: timestamp("done_at"),
    remindedAt: timestamp("reminded_at"),
  },
  (t) => [index("booking_milestones_booking_idx").on(t.bookingId), index("booking_milestones_due_idx").on(t.dueDate)],
);

/**
 * A vendor's dispute of a review on their service (migrations/0061). The review stays public and
 * counted while OPEN; an admin keeps it (KEPT) or hides it (HIDDEN, the review leaves the rating),
 * with a reason. One open dispute per review.
 */
export const reviewDisputes = sqliteTable(
  "review_disputes",
  {
    id: id(),
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    vendorId: text("vendor_id")
      .notNull()
      .references(() => vendors.userId, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: DISPUTE_STATUSES }).notNull().default("OPEN"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decisionReason: text("decision_reason"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at"),
  },
  (t) => [
    uniqueIndex("review_disputes_open_unique")
      .on(t.reviewId)
      .where(sql`${t.status} = 'OPEN'`),
    index("review_disputes_status_idx").on(t.status, t.createdAt),
  ],
);
