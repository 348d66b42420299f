import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns.ts";
import {
  AUTH_TOKEN_PURPOSES,
  MAIL_STATUSES,
  MAIL_SUPPRESSION_KINDS,
  OUTBOX_CHANNELS,
  PHONE_CODE_PURPOSES,
  ROLES,
  SMS_STATUSES,
  WHATSAPP_OPTIN_SOURCES,
} from "#shared/stored-values.ts";

export type Role = (typeof ROLES)[number];

/** Everybody who logs in: couples, vendors and admins. Vendor and couple login are two doors to it. */
export const users = sqliteTable(
  "users",
  {
    id: id(),
    /** The log-in e-mail address; "" (empty) for an account made with a mobile number only (migration 0112, docs/decisions/0047). */
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    googleSub: text("google_sub"),
    userName: text("user_name").notNull(),
    phone: text("phone"),
    profilePhoto: text("profile_photo"),
    role: text("role", { enum: ROLES }).notNull().default("USER"),
    isVerified: flag("is_verified"),
    weddingDate: text("wedding_date"),
    weddingCity: text("wedding_city"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The couple's planning profile (migration 0051): partner's name, estimated guests, total budget in rupees. */
    partnerName: text("partner_name"),
    guestEstimate: integer("guest_estimate"),
    totalBudget: integer("total_budget"),
    /** Opted in to the daily planning reminder e-mail. */
    planningReminders: flag("planning_reminders"),
    /** The account's mobile number in E.164 (+91XXXXXXXXXX), set only once a code sent to it was entered (migration 0112); one account per number. */
    verifiedPhone: text("verified_phone"),
    /** The language chosen for pages and mail (migration 0108): "en" or "hi"; null until chosen (English). */
    locale: text("locale"),
  },
  (t) => [
    uniqueIndex("users_email_unique")
      .on(t.email)
      .where(sql`${t.email} <> ''`),
    uniqueIndex("users_verified_phone_unique").on(t.verifiedPhone),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    index("users_role_idx").on(t.role, t.isVerified),
    /** The couples the daily planning reminder reads (migration 0056). */
    index("users_planning_reminders_idx")
      .on(t.id)
      .where(sql`${t.planningReminders} = 1`),
  ],
);

/** Only the SHA-256 of the session token is stored; expiry slides on use. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expiry_idx").on(t.expiresAt)],
);

/** Single-use, expiring tokens for e-mail verification and password reset (hash stored). */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId, t.purpose), index("auth_tokens_expiry_idx").on(t.expiresAt)],
);

/**
 * Abuse counters (functions/domain/core/rate-limits.ts), keyed e.g. "login:account:x@y",
 * "login:address:1.2.3.4". For log-in delays `window_start` is the last failure and
 * `locked_until` the time before which the next attempt is not checked; for allowances (sign-ups,
 * mails sent) they are a fixed window's start and unused.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start").notNull(),
  lockedUntil: timestamp("locked_until"),
});

/**
 * Idempotency keys of API writes and one-time tokens of page forms (migration 0091): the id is a
 * hash of who asked and their key; the first answer is stored and replayed to a repeat; expired
 * rows are deleted by the daily job (functions/domain/core/idempotency.ts).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    id: text("id").primaryKey(),
    fingerprint: text("fingerprint").notNull(),
    /** Null while the first request is being handled. */
    status: integer("status"),
    body: text("body"),
    contentType: text("content_type"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("idempotency_keys_expires_idx").on(t.expiresAt)],
);

/** Browsers that logged in to an account before (hash of the cookie's token); they skip log-in delays. */
export const rememberedDevices = sqliteTable(
  "remembered_devices",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    failures: integer("failures").notNull().default(0),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("remembered_devices_user_idx").on(t.userId), index("remembered_devices_expiry_idx").on(t.expiresAt)],
);

/** A sign-up waiting for its e-mailed link (one per address; hash of the link token). */
export const pendingSignups = sqliteTable(
  "pending_signups",
  {
    email: text("email").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    role: text("role", { enum: ["USER", "VENDOR"] }).notNull(),
    userName: text("user_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    phone: text("phone"),
    businessName: text("business_name"),
    businessCategory: text("business_category"),
    state: text("state"),
    city: text("city"),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pending_signups_token_unique").on(t.tokenHash), index("pending_signups_expiry_idx").on(t.expiresAt)],
);

/** The vendor's business profile, beside its identity row. */
export const vendors = sqliteTable(
  "vendors",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    businessName: text("business_name").notNull(),
    businessCategory: text("business_category"),
    tagline: text("tagline"),
    description: text("description"),
    phone: text("phone"),
    email: text("email"),
    state: text("state"),
    city: text("city"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    logoKey: text("logo_key"),
    facebook: text("facebook"),
    instagram: text("instagram"),
    website: text("website"),
    licenceNumber: text("licence_number"),
    isVerified: flag("is_verified"),
    profileViews: integer("profile_views").notNull().default(0),
    /** Median minutes from enquiry to first reply over 90 days; null until measured. */
    replyMinutesMedian: integer("reply_minutes_median"),
    /** GST registration, when the vendor gave one (shared/gst.ts checkGstin); printed on their invoices. */
    gstin: text("gstin"),
    /** The street address line on their invoices (state and city are above). */
    billingAddress: text("billing_address"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("vendors_slug_unique").on(t.slug), index("vendors_location_idx").on(t.state, t.city)],
);

/** Profile views per vendor per day (the counter on vendors is the total). */
export const vendorProfileViews = sqliteTable(
  "vendor_profile_views",
  {
    vendorId: text("vendor_id")
      .notNull()
      .references(() => vendors.userId, { onDelete: "cascade" }),
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.day] })],
);

/**
 * Which e-mails a vendor wants (migration 0043). No row means the defaults: new enquiry, couple's
 * reply and booking changes on, weekly summary off (functions/domain/accounts/vendor-settings.ts).
 */
export const vendorNotificationPrefs = sqliteTable("vendor_notification_prefs", {
  vendorId: text("vendor_id")
    .primaryKey()
    .references(() => vendors.userId, { onDelete: "cascade" }),
  newEnquiry: integer("new_enquiry", { mode: "boolean" }).notNull().default(true),
  coupleReply: integer("couple_reply", { mode: "boolean" }).notNull().default(true),
  bookingChanges: integer("booking_changes", { mode: "boolean" }).notNull().default(true),
  weeklySummary: flag("weekly_summary"),
  updatedAt: updatedAt(),
});

/**
 * The weekly summary mails sent (migration 0044): one row per vendor per week (`week`, the India
 * date of its Monday), written with the mail so a repeated cron run never mails twice.
 */
export const vendorWeeklySummaries = sqliteTable(
  "vendor_weekly_summaries",
  {
    vendorId: text("vendor_id")
      .notNull()
      .references(() => vendors.userId, { onDelete: "cascade" }),
    week: text("week").notNull(),
    sentAt: integer("sent_at").notNull(),
    /** The run that wrote the marker (functions/domain/enquiries/weekly-summary.ts). */
    runId: text("run_id"),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.week] })],
);

export const outbox = sqliteTable(
  "outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("QUEUED"),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at"),
    transport: text("transport"),
    providerMessageId: text("provider_message_id"),
    /** When the id went on the mail queue; NULL until then (the 5-minute cron enqueues such rows). */
    enqueuedAt: timestamp("enqueued_at"),
    /** Extra headers for the transport, a JSON object (migration 0101): List-Unsubscribe on optional mail. */
    headers: text("headers"),
    /** "email" or "whatsapp" (migration 0115): a WhatsApp message's to_address is the number, subject the template's name. */
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull().default("email"),
    /** The person a WhatsApp message is for: their opt-in is checked again at delivery. */
    userId: text("user_id"),
    /** A WhatsApp message's approved template (name, language, parameters) as JSON. */
    payload: text("payload"),
  },
  (t) => [index("outbox_created_idx").on(t.createdAt), index("outbox_to_idx").on(t.toAddress), index("outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

/**
 * WhatsApp notifications' opt-ins (migration 0115, docs/decisions/0048-whatsapp.md): off without a
 * row; opting out keeps the row as the record of the choice (when, and how: settings, link, STOP).
 */
export const whatsappOptins = sqliteTable("whatsapp_optins", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  optedIn: flag("opted_in"),
  optedInAt: timestamp("opted_in_at"),
  optedOutAt: timestamp("opted_out_at"),
  source: text("source", { enum: WHATSAPP_OPTIN_SOURCES }).notNull(),
  updatedAt: updatedAt(),
});

/**
 * One-time codes sent by SMS (migration 0112, functions/domain/accounts/phone-codes.ts): only an
 * HMAC of the code is kept; `attempts` counts tries (at most 5, one atomic UPDATE each); `sent_at`
 * holds the 30-second resend wait. `id` is "SIGN_IN:+91..." or "ADD_PHONE:<user id>:+91...".
 */
export const phoneCodes = sqliteTable(
  "phone_codes",
  {
    id: text("id").primaryKey(),
    phone: text("phone").notNull(),
    purpose: text("purpose", { enum: PHONE_CODE_PURPOSES }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at").notNull(),
    sentAt: timestamp("sent_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("phone_codes_expiry_idx").on(t.expiresAt)],
);

/**
 * Text messages the app sent (migration 0112, functions/platform/sms.ts). With the local "smsbox"
 * transport the whole text is kept for /dev/sms; with a real provider the code in it is masked.
 */
export const smsOutbox = sqliteTable(
  "sms_outbox",
  {
    id: id(),
    toPhone: text("to_phone").notNull(),
    template: text("template").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: SMS_STATUSES }).notNull().default("QUEUED"),
    transport: text("transport"),
    error: text("error"),
    providerMessageId: text("provider_message_id"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at"),
  },
  (t) => [index("sms_outbox_created_idx").on(t.createdAt), index("sms_outbox_to_idx").on(t.toPhone)],
);

/**
 * Addresses the mail service reported as bouncing or complaining (migration 0101, the signed
 * webhook): nothing more is sent to them until the person changes or confirms the address.
 * `email` is lower-case.
 */
export const mailSuppressions = sqliteTable("mail_suppressions", {
  email: text("email").primaryKey(),
  kind: text("kind", { enum: MAIL_SUPPRESSION_KINDS }).notNull(),
  detail: text("detail"),
  providerMessageId: text("provider_message_id"),
  createdAt: createdAt(),
});
