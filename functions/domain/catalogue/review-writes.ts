import { replyInput, reviewInput, REVIEW_PHOTOS_MAX, type ReviewInput } from "#shared/listing-rules.ts";
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
import { photoKeysOf, refreshAggregates, reviewById, type Review } from "./review-records.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Writing reviews: a couple's review (with photos) and its edits, and the one reply of the vendor or
 * the Mandap team. Photos are stored last: every rule (actor, service, one review, photo count, text)
 * is checked first, and photos stored for a write that then fails are removed again.
 */
/** Only couples (role USER) write reviews; adapters call it before reading a body. */
export function requireReviewer(actor: Actor | null): Actor {
  requireSignedIn(actor, m.api_d_log_in_to_review());
  return requireRole(actor, ACCESS.couple, m.api_d_only_couples_review());
}

async function reviewableService(d1: D1Database, serviceId: string) {
  const service = await d1
    .prepare("SELECT id, vendor_id, status FROM services WHERE id = ?")
    .bind(serviceId)
    .first<{ id: string; vendor_id: string; status: string }>();
  if (!service || service.status !== "active") throw new NotFound(m.api_e_we_could_not_find_that_service());
  return service;
}

function checkPhotoCount(count: number) {
  if (count > REVIEW_PHOTOS_MAX) throw new Invalid(m.api_e_too_many_photos(), { photos: m.api_e_add_at_most_photos({ max: REVIEW_PHOTOS_MAX }) });
}

const ALREADY_REVIEWED = m.api_e_you_have_already_reviewed_this_service_you;

/** Photos stored for a write that failed are removed; the write's error is what the caller sees. */
async function writeOrRemove(photos: ImageStore, keys: readonly string[], write: () => Promise<unknown>) {
  try {
    await write();
  } catch (e) {
    await photos.remove(keys).catch((cleanup: unknown) => log.error("review photos left behind", { keys }, cleanup));
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
  const fields: ReviewInput = parseInput(reviewInput, input, m.api_d_correct_review());
  checkPhotoCount(files.length);
  const service = await reviewableService(d1, serviceId);
  if (service.vendor_id === couple.id) throw new Forbidden(m.api_e_you_cannot_review_your_own_service());
  const existing = await d1.prepare("SELECT id FROM reviews WHERE service_id = ? AND user_id = ?").bind(serviceId, couple.id).first<{ id: string }>();
  if (existing) throw new Conflict(ALREADY_REVIEWED());
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
    if (String(e).includes("UNIQUE")) throw new Conflict(ALREADY_REVIEWED());
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
  const fields = parseInput(reviewInput, input, m.api_d_correct_review());
  const replace = files !== null && files.length > 0;
  if (replace) checkPhotoCount(files.length);
  await reviewableService(d1, serviceId);
  const own = await d1
    .prepare("SELECT id, photo_keys FROM reviews WHERE id = ? AND service_id = ? AND user_id = ?")
    .bind(reviewId, serviceId, couple.id)
    .first<{ id: string; photo_keys: string }>();
  if (!own) throw new NotFound(m.api_moderation_review_not_found());
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
    await photos.remove(old).catch((e: unknown) => log.error("replaced review photos left behind", { keys: old }, e));
  }
  return (await reviewById(ctx, reviewId)) as Review;
}

/** The owning vendor or the Mandap team (an admin) answers a review, once; the reply records which. */
export async function replyToReview(ctx: DomainContext, serviceId: string, reviewId: string, input: unknown): Promise<Review> {
  const { db: d1, now } = ctx;
  const actor = requireSignedIn(ctx.actor, m.api_d_log_in_to_reply());
  const { reply } = parseInput(replyInput, input, m.api_d_correct_reply());
  const row = await d1
    .prepare("SELECT r.id, r.vendor_reply, s.vendor_id FROM reviews r JOIN services s ON s.id = r.service_id WHERE r.id = ? AND r.service_id = ?")
    .bind(reviewId, serviceId)
    .first<{ id: string; vendor_reply: string | null; vendor_id: string }>();
  const mayReply = row && (row.vendor_id === actor.id || can.viewAdminArea(actor));
  if (!row || !mayReply) throw new NotFound(m.api_moderation_review_not_found());
  if (row.vendor_reply) throw new Conflict(m.api_e_this_review_already_has_a_reply());
  // The service's vendor replies as the vendor (also if the account were an admin); anyone else allowed here is the Mandap team.
  const by = row.vendor_id === actor.id ? "VENDOR" : "ADMIN";
  const result = await d1
    .prepare("UPDATE reviews SET vendor_reply = ?, vendor_replied_at = ?, reply_by = ?, reply_user_id = ? WHERE id = ? AND vendor_reply IS NULL")
    .bind(reply, now, by, actor.id, reviewId)
    .run();
  if (!result.meta.changes) throw new Conflict(m.api_e_this_review_already_has_a_reply());
  return (await reviewById(ctx, reviewId)) as Review;
}
