import type { reviews, users } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { todayInIndia } from "#shared/listing-limits.ts";
import { mediaUrl } from "#shared/media.ts";
import { MANDAP_TEAM } from "#shared/listing-rules.ts";
import { type DomainContext } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Reviews ("feedback" in the spec's API paths and fields; "review" in code): one per couple per service (a unique index keeps it
 * under concurrency), editable; rating and five sub-scores; a comment of at least 60 characters;
 * up to REVIEW_PHOTOS_MAX photos; "Verified booking" when the couple's booking of that service has
 * happened (completed, or confirmed with its date passed), derived from bookings on every read (never stored); one reply, by the
 * vendor or by the Mandap team, and the reply says which. The service's rating and review_count
 * are recomputed in the same batch as every write.
 *
 * This file holds what the review jobs share: the shapes a reader gets, the row and its query (with
 * the verified-booking rule), the service's aggregates and the messages. Writing is review-writes.ts,
 * reading review-reads.ts.
 */
export type Review = {
  id: string;
  service_id: string;
  user_id: string;
  user_name: string;
  name: string;
  avatarUrl: string | null;
  location: string | null;
  rating: number;
  quality: number;
  responsiveness: number;
  professionalism: number;
  value: number;
  flexibility: number;
  comment: string;
  photos: { key: string; path: string }[];
  verified_booking: boolean;
  /** The reply, with who wrote it: the vendor (by business name) or the Mandap team. */
  reply: ReviewReply | null;
  /** The reply's text only when the vendor wrote it (kept for clients of the first API). */
  vendor_reply: string | null;
  vendor_replied_at: number | null;
  created_at: number;
  updated_at: number;
};

export type ReviewReply = {
  text: string;
  /** "VENDOR" or "ADMIN"; null for replies stored before the author was recorded. */
  by: "VENDOR" | "ADMIN" | null;
  /** The name shown: the vendor's business name, "the Mandap team", or null when not known. */
  author: string | null;
  replied_at: number | null;
};

export type ReviewSummary = {
  count: number;
  rating: number;
  quality: number;
  responsiveness: number;
  professionalism: number;
  value: number;
  flexibility: number;
  verifiedCount: number;
};

export type ReviewRow = Row<
  typeof reviews,
  | "id"
  | "service_id"
  | "user_id"
  | "rating"
  | "quality"
  | "responsiveness"
  | "professionalism"
  | "value"
  | "flexibility"
  | "comment"
  | "photo_keys"
  | "vendor_reply"
  | "vendor_replied_at"
  | "reply_by"
  | "created_at"
  | "updated_at"
> &
  Row<typeof users, "user_name" | "profile_photo" | "wedding_city"> & { verified_booking: number; vendor_name: string };

/**
 * SQL for "this review's couple has booked the reviewed service and the booking has happened": a COMPLETED
 * booking, or a CONFIRMED one whose (last) event day is before `today` in India. A booking made months
 * before the wedding does not verify a review written the next day (issue 28); a booking of another
 * service of the same vendor never verifies it. `review` is the alias of a row with user_id and service_id.
 */
export function verifiedBookingSql(review: string, now: number): string {
  const today = todayInIndia(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error("Bad date for the verified-booking rule.");
  return `EXISTS (SELECT 1 FROM bookings b WHERE b.user_id = ${review}.user_id AND b.service_id = ${review}.service_id AND (b.status = 'COMPLETED'
    OR (b.status = 'CONFIRMED' AND coalesce(b.event_end_date, b.event_date) < '${today}')))`;
}

export const reviewColumns = (
  now: number,
) => `r.id, r.service_id, r.user_id, u.user_name, u.profile_photo, u.wedding_city, r.rating, r.quality, r.responsiveness,
  r.professionalism, r.value, r.flexibility, r.comment, r.photo_keys, ${verifiedBookingSql("r", now)} AS verified_booking,
  r.vendor_reply, r.vendor_replied_at, r.reply_by, v.business_name AS vendor_name, r.created_at, r.updated_at`;

export const REVIEW_FROM = "reviews r JOIN users u ON u.id = r.user_id JOIN services s ON s.id = r.service_id JOIN vendors v ON v.user_id = s.vendor_id";

export function photoKeysOf(json: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(json || "[]");
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

export function toReview(r: ReviewRow): Review {
  const keys = photoKeysOf(r.photo_keys);
  const reply: ReviewReply | null =
    r.vendor_reply === null
      ? null
      : {
          text: r.vendor_reply,
          by: r.reply_by,
          author: r.reply_by === "VENDOR" ? r.vendor_name : r.reply_by === "ADMIN" ? MANDAP_TEAM : null,
          replied_at: r.vendor_replied_at,
        };
  return {
    id: r.id,
    service_id: r.service_id,
    user_id: r.user_id,
    user_name: r.user_name,
    name: r.user_name,
    avatarUrl: r.profile_photo ? mediaUrl(r.profile_photo) : null,
    location: r.wedding_city,
    rating: r.rating,
    quality: r.quality,
    responsiveness: r.responsiveness,
    professionalism: r.professionalism,
    value: r.value,
    flexibility: r.flexibility,
    comment: r.comment,
    photos: keys.map((key) => ({ key, path: mediaUrl(key) })),
    verified_booking: Boolean(r.verified_booking),
    reply,
    vendor_reply: reply?.by === "VENDOR" ? reply.text : null,
    vendor_replied_at: reply?.by === "VENDOR" ? reply.replied_at : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** Keeps services.rating (average, 2 decimals) and review_count equal to the published reviews. */
export function refreshAggregates(d1: D1Database, serviceId: string, now: number): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE services SET
         rating = coalesce((SELECT round(avg(rating), 2) FROM reviews WHERE service_id = ?1 AND status = 'PUBLISHED'), 0),
         review_count = (SELECT count(*) FROM reviews WHERE service_id = ?1 AND status = 'PUBLISHED'),
         updated_at = ?2
       WHERE id = ?1`,
    )
    .bind(serviceId, now);
}

export async function reviewById(ctx: DomainContext, reviewId: string): Promise<Review | null> {
  const row = await ctx.db
    .prepare(`SELECT ${reviewColumns(ctx.now)} FROM ${REVIEW_FROM} WHERE r.id = ?`)
    .bind(reviewId)
    .first<ReviewRow>();
  return row ? toReview(row) : null;
}

export const REVIEW_MESSAGES = {
  get published() {
    return m.api_review_published();
  },
  get updated() {
    return m.api_review_updated();
  },
  get replied() {
    return m.api_review_replied();
  },
};
