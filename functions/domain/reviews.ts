import { mediaUrl } from "../../app/lib/media.ts";
import { replyInput, reviewInput, REVIEW_PHOTOS_MAX, type ReviewInput } from "../../app/lib/listing-rules.ts";
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from "./errors.ts";
import { newId } from "./ids.ts";
import type { Actor } from "./sessions.ts";
import { isAdminRole } from "./sessions.ts";
import { parseInput } from "./validation.ts";

/**
 * Reviews ("feedback" in the spec's API): one per couple per service, editable; rating and five
 * sub-scores; a comment of at least 60 characters; photos; "Verified booking" when the couple has
 * a confirmed or completed booking with the vendor; the vendor may reply once. The service's
 * rating and review_count are recomputed in the same batch as every write.
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
  vendor_reply: string | null;
  vendor_replied_at: number | null;
  created_at: number;
  updated_at: number;
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

type ReviewRow = Omit<Review, "photos" | "verified_booking" | "name" | "avatarUrl" | "location"> & {
  photo_keys: string;
  verified_booking: number;
  profile_photo: string | null;
  wedding_city: string | null;
};

const REVIEW_COLUMNS = `r.id, r.service_id, r.user_id, u.user_name, u.profile_photo, u.wedding_city, r.rating, r.quality, r.responsiveness,
  r.professionalism, r.value, r.flexibility, r.comment, r.photo_keys, r.verified_booking, r.vendor_reply, r.vendor_replied_at, r.created_at, r.updated_at`;

function toReview(r: ReviewRow): Review {
  let keys: string[] = [];
  try {
    const parsed: unknown = JSON.parse(r.photo_keys || "[]");
    if (Array.isArray(parsed)) keys = parsed.filter((k): k is string => typeof k === "string");
  } catch {
    keys = [];
  }
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
    vendor_reply: r.vendor_reply,
    vendor_replied_at: r.vendor_replied_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** Keeps services.rating (average, 2 decimals) and review_count equal to the published reviews. */
function refreshAggregates(d1: D1Database, serviceId: string, now: number) {
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

/** Only couples (role USER) write reviews. */
function requireCouple(actor: Actor | null): Actor {
  if (!actor) throw new Unauthorized("Please log in to write a review.");
  if (actor.role !== "USER") throw new Forbidden("Only couples can review a service.");
  return actor;
}

async function reviewableService(d1: D1Database, serviceId: string) {
  const service = await d1.prepare("SELECT id, vendor_id, status FROM services WHERE id = ?").bind(serviceId).first<{ id: string; vendor_id: string; status: string }>();
  if (!service || service.status !== "active") throw new NotFound("We could not find that service.");
  return service;
}

/** The rule behind the badge: the couple has a CONFIRMED or COMPLETED booking with the vendor. */
export async function hasVerifiedBooking(d1: D1Database, userId: string, vendorId: string): Promise<boolean> {
  const row = await d1
    .prepare("SELECT 1 AS ok FROM bookings WHERE user_id = ? AND vendor_id = ? AND status IN ('CONFIRMED', 'COMPLETED') LIMIT 1")
    .bind(userId, vendorId)
    .first<{ ok: number }>();
  return Boolean(row);
}

function checkPhotos(keys: readonly string[]) {
  if (keys.length > REVIEW_PHOTOS_MAX) throw new Invalid("Too many photos.", { photos: `Add at most ${REVIEW_PHOTOS_MAX} photos.` });
}

export async function reviewById(d1: D1Database, reviewId: string): Promise<Review | null> {
  const row = await d1.prepare(`SELECT ${REVIEW_COLUMNS} FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.id = ?`).bind(reviewId).first<ReviewRow>();
  return row ? toReview(row) : null;
}

/** Creates the couple's review of a service. A second review of the same service is a conflict (edit the first). */
export async function submitReview(d1: D1Database, actor: Actor | null, serviceId: string, input: unknown, photoKeys: readonly string[] = [], now = Date.now()): Promise<Review> {
  const couple = requireCouple(actor);
  const fields: ReviewInput = parseInput(reviewInput, input, "Please correct your review.");
  checkPhotos(photoKeys);
  const service = await reviewableService(d1, serviceId);
  const existing = await d1.prepare("SELECT id FROM reviews WHERE service_id = ? AND user_id = ?").bind(serviceId, couple.id).first<{ id: string }>();
  if (existing) throw new Conflict("You have already reviewed this service. You can edit your review instead.");
  const verified = await hasVerifiedBooking(d1, couple.id, service.vendor_id);
  const id = newId(now);
  try {
    await d1.batch([
      d1
        .prepare(
          `INSERT INTO reviews (id, service_id, user_id, rating, quality, responsiveness, professionalism, value, flexibility, comment, photo_keys, verified_booking, status, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PUBLISHED', ?, ?)`,
        )
        .bind(id, serviceId, couple.id, fields.rating, fields.quality, fields.responsiveness, fields.professionalism, fields.value, fields.flexibility, fields.comment, JSON.stringify(photoKeys), verified ? 1 : 0, now, now),
      refreshAggregates(d1, serviceId, now),
    ]);
  } catch (e) {
    // Two submissions racing: the unique index keeps one review per couple per service.
    if (String(e).includes("UNIQUE")) throw new Conflict("You have already reviewed this service. You can edit your review instead.");
    throw e;
  }
  return (await reviewById(d1, id)) as Review;
}

/** Edits the couple's own review; new photos replace the old ones, no photos keeps them. */
export async function updateReview(d1: D1Database, actor: Actor | null, serviceId: string, reviewId: string, input: unknown, photoKeys: readonly string[] | null = null, now = Date.now()): Promise<Review> {
  const couple = requireCouple(actor);
  const fields = parseInput(reviewInput, input, "Please correct your review.");
  if (photoKeys) checkPhotos(photoKeys);
  const service = await reviewableService(d1, serviceId);
  const own = await d1.prepare("SELECT id FROM reviews WHERE id = ? AND service_id = ? AND user_id = ?").bind(reviewId, serviceId, couple.id).first<{ id: string }>();
  if (!own) throw new NotFound("We could not find that review.");
  const verified = await hasVerifiedBooking(d1, couple.id, service.vendor_id);
  await d1.batch([
    d1
      .prepare(
        `UPDATE reviews SET rating = ?, quality = ?, responsiveness = ?, professionalism = ?, value = ?, flexibility = ?, comment = ?,
           photo_keys = coalesce(?, photo_keys), verified_booking = ?, updated_at = ? WHERE id = ?`,
      )
      .bind(fields.rating, fields.quality, fields.responsiveness, fields.professionalism, fields.value, fields.flexibility, fields.comment, photoKeys ? JSON.stringify(photoKeys) : null, verified ? 1 : 0, now, reviewId),
    refreshAggregates(d1, serviceId, now),
  ]);
  return (await reviewById(d1, reviewId)) as Review;
}

/** The owning vendor (or an admin) answers a review, once. */
export async function replyToReview(d1: D1Database, actor: Actor | null, serviceId: string, reviewId: string, input: unknown, now = Date.now()): Promise<Review> {
  if (!actor) throw new Unauthorized("Please log in to reply.");
  const { reply } = parseInput(replyInput, input, "Please correct your reply.");
  const row = await d1
    .prepare("SELECT r.id, r.vendor_reply, s.vendor_id FROM reviews r JOIN services s ON s.id = r.service_id WHERE r.id = ? AND r.service_id = ?")
    .bind(reviewId, serviceId)
    .first<{ id: string; vendor_reply: string | null; vendor_id: string }>();
  const mayReply = row && (row.vendor_id === actor.id || isAdminRole(actor.role));
  if (!row || !mayReply) throw new NotFound("We could not find that review.");
  if (row.vendor_reply) throw new Conflict("This review already has your reply.");
  const result = await d1
    .prepare("UPDATE reviews SET vendor_reply = ?, vendor_replied_at = ? WHERE id = ? AND vendor_reply IS NULL")
    .bind(reply, now, reviewId)
    .run();
  if (!result.meta.changes) throw new Conflict("This review already has your reply.");
  return (await reviewById(d1, reviewId)) as Review;
}

export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_MESSAGES = { published: "Thank you! Your review is published.", updated: "Your review is updated.", replied: "Your reply is published." } as const;

/** Published reviews of a service, newest first, with the averages of the sub-scores. */
export async function serviceReviews(d1: D1Database, serviceId: string, page = 1, limit = REVIEWS_PAGE_SIZE): Promise<{ reviews: Review[]; summary: ReviewSummary }> {
  const [list, summary] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(`SELECT ${REVIEW_COLUMNS} FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.service_id = ? AND r.status = 'PUBLISHED' ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`)
      .bind(serviceId, limit, (page - 1) * limit),
    d1
      .prepare(
        `SELECT count(*) AS count, coalesce(avg(rating), 0) AS rating, coalesce(avg(quality), 0) AS quality, coalesce(avg(responsiveness), 0) AS responsiveness,
           coalesce(avg(professionalism), 0) AS professionalism, coalesce(avg(value), 0) AS value, coalesce(avg(flexibility), 0) AS flexibility,
           coalesce(sum(verified_booking), 0) AS verifiedCount
         FROM reviews WHERE service_id = ? AND status = 'PUBLISHED'`,
      )
      .bind(serviceId),
  ]);
  const s = (summary?.results[0] ?? {}) as Record<string, number>;
  const round = (n: unknown) => Math.round(Number(n ?? 0) * 10) / 10;
  return {
    reviews: ((list?.results ?? []) as ReviewRow[]).map(toReview),
    summary: {
      count: Number(s.count ?? 0),
      rating: round(s.rating),
      quality: round(s.quality),
      responsiveness: round(s.responsiveness),
      professionalism: round(s.professionalism),
      value: round(s.value),
      flexibility: round(s.flexibility),
      verifiedCount: Number(s.verifiedCount ?? 0),
    },
  };
}

/** The actor's own review of a service, for the edit form. */
export async function ownReview(d1: D1Database, actor: Actor | null, serviceId: string): Promise<Review | null> {
  if (!actor || actor.role !== "USER") return null;
  const row = await d1.prepare(`SELECT ${REVIEW_COLUMNS} FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.service_id = ? AND r.user_id = ?`).bind(serviceId, actor.id).first<ReviewRow>();
  return row ? toReview(row) : null;
}

/** Latest published reviews across a vendor's services (the vendor page's testimonials). */
export async function vendorTestimonials(d1: D1Database, vendorId: string, limit = 6): Promise<(Review & { service_name: string })[]> {
  const { results } = await d1
    .prepare(
      `SELECT ${REVIEW_COLUMNS}, s.service_name FROM reviews r JOIN services s ON s.id = r.service_id JOIN users u ON u.id = r.user_id
       WHERE s.vendor_id = ? AND s.status = 'active' AND r.status = 'PUBLISHED' ORDER BY r.rating DESC, r.created_at DESC LIMIT ?`,
    )
    .bind(vendorId, limit)
    .all<ReviewRow & { service_name: string }>();
  return results.map((r) => ({ ...toReview(r), service_name: r.service_name }));
}
