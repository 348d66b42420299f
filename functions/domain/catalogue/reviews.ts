import type { reviews, users } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { todayInIndia } from "#shared/listing-limits.ts";
import { mediaUrl } from "#shared/media.ts";
import { MANDAP_TEAM, replyInput, reviewInput, REVIEW_PHOTOS_MAX, REVIEWS_PAGE_MAX, REVIEWS_PAGE_SIZE, type ReviewInput } from "#shared/listing-rules.ts";
import { wasmPipeline } from "#platform/images.ts";
import { imageStore, type ImageStore } from "#platform/uploads.ts";
import {
  type DomainContext,
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  newId,
  ACCESS,
  can,
  requireRole,
  requireSignedIn,
  type Actor,
  parseInput,
} from "../core/index.ts";

export { MANDAP_TEAM, REVIEWS_PAGE_MAX, REVIEWS_PAGE_SIZE };

/**
 * Reviews ("feedback" in the spec's API paths and fields; "review" in code): one per couple per service (a unique index keeps it
 * under concurrency), editable; rating and five sub-scores; a comment of at least 60 characters;
 * up to REVIEW_PHOTOS_MAX photos; "Verified booking" when the couple's booking of that service has
 * happened (completed, or confirmed with its date passed), derived from bookings on every read (never stored); one reply, by the
 * vendor or by the Mandap team, and the reply says which. The service's rating and review_count
 * are recomputed in the same batch as every write.
 *
 * Photos are stored last: every rule (actor, service, one review, photo count, text) is checked
 * first, and photos stored for a write that then fails are removed again.
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

type ReviewRow = Row<
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

const reviewColumns = (now: number) => `r.id, r.service_id, r.user_id, u.user_name, u.profile_photo, u.wedding_city, r.rating, r.quality, r.responsiveness,
  r.professionalism, r.value, r.flexibility, r.comment, r.photo_keys, ${verifiedBookingSql("r", now)} AS verified_booking,
  r.vendor_reply, r.vendor_replied_at, r.reply_by, v.business_name AS vendor_name, r.created_at, r.updated_at`;

const REVIEW_FROM = "reviews r JOIN users u ON u.id = r.user_id JOIN services s ON s.id = r.service_id JOIN vendors v ON v.user_id = s.vendor_id";

function photoKeysOf(json: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(json || "[]");
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

function toReview(r: ReviewRow): Review {
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

/** Only couples (role USER) write reviews; adapters call it before reading a body. */
export function requireReviewer(actor: Actor | null): Actor {
  requireSignedIn(actor, "Please log in to write a review.");
  return requireRole(actor, ACCESS.couple, "Only couples can review a service.");
}

async function reviewableService(d1: D1Database, serviceId: string) {
  const service = await d1
    .prepare("SELECT id, vendor_id, status FROM services WHERE id = ?")
    .bind(serviceId)
    .first<{ id: string; vendor_id: string; status: string }>();
  if (!service || service.status !== "active") throw new NotFound("We could not find that service.");
  return service;
}

function checkPhotoCount(count: number) {
  if (count > REVIEW_PHOTOS_MAX) throw new Invalid("Too many photos.", { photos: `Add at most ${REVIEW_PHOTOS_MAX} photos.` });
}

export async function reviewById(ctx: DomainContext, reviewId: string): Promise<Review | null> {
  const row = await ctx.db
    .prepare(`SELECT ${reviewColumns(ctx.now)} FROM ${REVIEW_FROM} WHERE r.id = ?`)
    .bind(reviewId)
    .first<ReviewRow>();
  return row ? toReview(row) : null;
}

const ALREADY_REVIEWED = "You have already reviewed this service. You can edit your review instead.";

/** Photos stored for a write that failed are removed; the write's error is what the caller sees. */
async function writeOrRemove(photos: ImageStore, keys: readonly string[], write: () => Promise<unknown>) {
  try {
    await write();
  } catch (e) {
    await photos.remove(keys).catch((cleanup: unknown) => console.error("review photos left behind", keys, cleanup));
    throw e;
  }
}

/**
 * Creates the couple's review of a service, with its photos. A second review of the same service
 * is a conflict (edit the first), also when two submissions race (the unique index decides).
 */
export async function submitReview(ctx: DomainContext, serviceId: string, input: unknown, files: readonly File[] = []): Promise<Review> {
  const { db: d1, now } = ctx;
  const photos = imageStore(ctx.media, ctx.images ?? wasmPipeline);
  const couple = requireReviewer(ctx.actor);
  const fields: ReviewInput = parseInput(reviewInput, input, "Please correct your review.");
  checkPhotoCount(files.length);
  const service = await reviewableService(d1, serviceId);
  if (service.vendor_id === couple.id) throw new Forbidden("You cannot review your own service.");
  const existing = await d1.prepare("SELECT id FROM reviews WHERE service_id = ? AND user_id = ?").bind(serviceId, couple.id).first<{ id: string }>();
  if (existing) throw new Conflict(ALREADY_REVIEWED);
  const keys = files.length ? await photos.store(files) : [];
  const id = newId(now);
  try {
    await writeOrRemove(photos, keys, () =>
      d1.batch([
        d1
          .prepare(
            `INSERT INTO reviews (id, service_id, user_id, rating, quality, responsiveness, professionalism, value, flexibility, comment, photo_keys, status, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PUBLISHED', ?, ?)`,
          )
          .bind(
            id,
            serviceId,
            couple.id,
            fields.rating,
            fields.quality,
            fields.responsiveness,
            fields.professionalism,
            fields.value,
            fields.flexibility,
            fields.comment,
            JSON.stringify(keys),
            now,
            now,
          ),
        refreshAggregates(d1, serviceId, now),
      ]),
    );
  } catch (e) {
    // Two submissions racing: the unique index keeps one review per couple per service.
    if (String(e).includes("UNIQUE")) throw new Conflict(ALREADY_REVIEWED);
    throw e;
  }
  return (await reviewById(ctx, id)) as Review;
}

/** Edits the couple's own review; new photos replace the old ones (which are deleted), no photos keeps them. */
export async function updateReview(
  ctx: DomainContext,
  serviceId: string,
  reviewId: string,
  input: unknown,
  files: readonly File[] | null = null,
): Promise<Review> {
  const { db: d1, now } = ctx;
  const photos = imageStore(ctx.media, ctx.images ?? wasmPipeline);
  const couple = requireReviewer(ctx.actor);
  const fields = parseInput(reviewInput, input, "Please correct your review.");
  const replace = files !== null && files.length > 0;
  if (replace) checkPhotoCount(files.length);
  await reviewableService(d1, serviceId);
  const own = await d1
    .prepare("SELECT id, photo_keys FROM reviews WHERE id = ? AND service_id = ? AND user_id = ?")
    .bind(reviewId, serviceId, couple.id)
    .first<{ id: string; photo_keys: string }>();
  if (!own) throw new NotFound("We could not find that review.");
  const keys = replace ? await photos.store(files) : null;
  await writeOrRemove(photos, keys ?? [], () =>
    d1.batch([
      d1
        .prepare(
          `UPDATE reviews SET rating = ?, quality = ?, responsiveness = ?, professionalism = ?, value = ?, flexibility = ?, comment = ?,
             photo_keys = coalesce(?, photo_keys), updated_at = ? WHERE id = ?`,
        )
        .bind(
          fields.rating,
          fields.quality,
          fields.responsiveness,
          fields.professionalism,
          fields.value,
          fields.flexibility,
          fields.comment,
          keys ? JSON.stringify(keys) : null,
          now,
          reviewId,
        ),
      refreshAggregates(d1, serviceId, now),
    ]),
  );
  if (keys) {
    // The replaced photos were this review's own uploads (keys are never shared): delete them.
    const old = photoKeysOf(own.photo_keys).filter((k) => k.startsWith("u/reviews/"));
    await photos.remove(old).catch((e: unknown) => console.error("replaced review photos left behind", old, e));
  }
  return (await reviewById(ctx, reviewId)) as Review;
}

/** The owning vendor or the Mandap team (an admin) answers a review, once; the reply records which. */
export async function replyToReview(ctx: DomainContext, serviceId: string, reviewId: string, input: unknown): Promise<Review> {
  const { db: d1, now } = ctx;
  const actor = requireSignedIn(ctx.actor, "Please log in to reply.");
  const { reply } = parseInput(replyInput, input, "Please correct your reply.");
  const row = await d1
    .prepare("SELECT r.id, r.vendor_reply, s.vendor_id FROM reviews r JOIN services s ON s.id = r.service_id WHERE r.id = ? AND r.service_id = ?")
    .bind(reviewId, serviceId)
    .first<{ id: string; vendor_reply: string | null; vendor_id: string }>();
  const mayReply = row && (row.vendor_id === actor.id || can.viewAdminArea(actor));
  if (!row || !mayReply) throw new NotFound("We could not find that review.");
  if (row.vendor_reply) throw new Conflict("This review already has a reply.");
  // The service's vendor replies as the vendor (also if the account were an admin); anyone else allowed here is the Mandap team.
  const by = row.vendor_id === actor.id ? "VENDOR" : "ADMIN";
  const result = await d1
    .prepare("UPDATE reviews SET vendor_reply = ?, vendor_replied_at = ?, reply_by = ?, reply_user_id = ? WHERE id = ? AND vendor_reply IS NULL")
    .bind(reply, now, by, actor.id, reviewId)
    .run();
  if (!result.meta.changes) throw new Conflict("This review already has a reply.");
  return (await reviewById(ctx, reviewId)) as Review;
}

export const REVIEW_MESSAGES = {
  published: "Thank you! Your review is published.",
  updated: "Your review is updated.",
  replied: "Your reply is published.",
} as const;

/** Published reviews of a service, newest first, with the averages of the sub-scores. */
export async function serviceReviews(ctx: DomainContext, serviceId: string, page = 1): Promise<{ reviews: Review[]; summary: ReviewSummary }> {
  if (!Number.isInteger(page) || page < 1 || page > REVIEWS_PAGE_MAX) throw new Invalid(`Page must be between 1 and ${REVIEWS_PAGE_MAX}.`);
  const d1 = ctx.db;
  const limit = REVIEWS_PAGE_SIZE;
  const [list, summary] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT ${reviewColumns(ctx.now)} FROM ${REVIEW_FROM} WHERE r.service_id = ? AND r.status = 'PUBLISHED' ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(serviceId, limit, (page - 1) * limit),
    d1
      .prepare(
        `SELECT count(*) AS count, coalesce(avg(r.rating), 0) AS rating, coalesce(avg(r.quality), 0) AS quality, coalesce(avg(r.responsiveness), 0) AS responsiveness,
           coalesce(avg(r.professionalism), 0) AS professionalism, coalesce(avg(r.value), 0) AS value, coalesce(avg(r.flexibility), 0) AS flexibility,
           coalesce(sum(${verifiedBookingSql("r", ctx.now)}), 0) AS verifiedCount
         FROM reviews r JOIN services s ON s.id = r.service_id WHERE r.service_id = ? AND r.status = 'PUBLISHED'`,
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
export async function ownReview(ctx: DomainContext, serviceId: string): Promise<Review | null> {
  const { actor } = ctx;
  if (!actor || !can.review(actor)) return null;
  const row = await ctx.db
    .prepare(`SELECT ${reviewColumns(ctx.now)} FROM ${REVIEW_FROM} WHERE r.service_id = ? AND r.user_id = ?`)
    .bind(serviceId, actor.id)
    .first<ReviewRow>();
  return row ? toReview(row) : null;
}

/** Latest published reviews across a vendor's services (the vendor page's testimonials). */
export async function vendorTestimonials(ctx: DomainContext, vendorId: string, limit = 6): Promise<(Review & { service_name: string })[]> {
  const { results } = await ctx.db
    .prepare(
      `SELECT ${reviewColumns(ctx.now)}, s.service_name FROM ${REVIEW_FROM}
       WHERE s.vendor_id = ? AND s.status = 'active' AND r.status = 'PUBLISHED' ORDER BY r.rating DESC, r.created_at DESC LIMIT ?`,
    )
    .bind(vendorId, limit)
    .all<ReviewRow & { service_name: string }>();
  return results.map((r) => ({ ...toReview(r), service_name: r.service_name }));
}
