import { m } from "#shared/paraglide/messages.js";
import { REVIEWS_PAGE_MAX, REVIEWS_PAGE_SIZE } from "#shared/listing-rules.ts";
import { type DomainContext, Invalid, can } from "../core/index.ts";
import { REVIEW_FROM, reviewColumns, toReview, verifiedBookingSql, type Review, type ReviewRow, type ReviewSummary } from "./review-records.ts";

/** Reading reviews: a service's published reviews with their averages, the couple's own, a vendor's testimonials. */
/** Published reviews of a service, newest first, with the averages of the sub-scores. */
export async function serviceReviews(ctx: DomainContext, serviceId: string, page = 1): Promise<{ reviews: Review[]; summary: ReviewSummary }> {
  if (!Number.isInteger(page) || page < 1 || page > REVIEWS_PAGE_MAX) throw new Invalid(m.api_e_page_between({ max: String(REVIEWS_PAGE_MAX) }));
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
