import { mediaUrl } from "#shared/media.ts";
import type { DomainContext } from "../core/index.ts";
import { verifiedBookingSql } from "./review-records.ts";

/**
 * The home page's sections beside the carousels: the hero's counters, the latest blog posts and
 * the couples' testimonials.
 */

export type HeroAnalytics = { verifiedUsers: number; verifiedVendors: number; activeServices: number };

/** The hero counters: verified couples, verified vendors and active services. */
export async function heroAnalytics(ctx: DomainContext): Promise<HeroAnalytics> {
  // Kept on write by migration 0184's triggers: three rows, where counting read every active service (decision 0067).
  const { results } = await ctx.db.prepare("SELECT name, n FROM public_counts").all<{ name: string; n: number }>();
  const count = (name: string) => results.find((r) => r.name === name)?.n ?? 0;
  return { verifiedUsers: count("verified_couples"), verifiedVendors: count("verified_vendors"), activeServices: count("active_services") };
}

export type BlogPreview = { title: string; urlTitle: string; excerpt: string; coverImage: string | null; publishedAt: number | null };

/** The newest published blog posts for the home page (spec: the first 6); a scheduled post waits for its time. */
export async function latestBlogPosts(ctx: DomainContext, limit = 6): Promise<BlogPreview[]> {
  const { results } = await ctx.db
    .prepare(
      "SELECT title, url_title, excerpt, cover_image_key, published_at FROM blog_posts WHERE status = 'PUBLISHED' AND published_at <= ? ORDER BY published_at DESC LIMIT ?",
    )
    .bind(ctx.now, limit)
    .all<{ title: string; url_title: string; excerpt: string; cover_image_key: string | null; published_at: number | null }>();
  return results.map((r) => ({
    title: r.title,
    urlTitle: r.url_title,
    excerpt: r.excerpt,
    coverImage: r.cover_image_key ? mediaUrl(r.cover_image_key) : null,
    publishedAt: r.published_at,
  }));
}

export type Testimonial = { id: string; rating: number; comment: string; author: string; serviceName: string; city: string; verifiedBooking: boolean };

let testimonialCache: { at: number; value: Testimonial[] } | null = null;

/**
 * The best and newest published reviews with a comment worth quoting, of active services. Reviews
 * lead (CROSS JOIN keeps that order), read in reviews_testimonial_idx's order, so the statement stops
 * at the `?`-th whose service is active; led by services it read every active service's reviews and
 * sorted them: 11.3 million rows, about 12 s, at a million services (migrations/0183).
 */
export const TESTIMONIALS_SQL = `SELECT r.id, r.rating, r.comment, r.user_id, r.service_id, u.user_name, s.service_name, s.city
  FROM reviews r CROSS JOIN services s ON s.id = r.service_id CROSS JOIN users u ON u.id = r.user_id
  WHERE r.status = 'PUBLISHED' AND r.rating >= 4 AND length(r.comment) >= 60 AND s.status = 'active'
  ORDER BY r.rating DESC, r.created_at DESC, r.rowid DESC LIMIT ?`;

/** Real reviews for the home page: five-star, published, with a substantial comment; cached 10 minutes. */
export async function topTestimonials(ctx: DomainContext, limit = 6): Promise<Testimonial[]> {
  const { now } = ctx;
  if (testimonialCache && now - testimonialCache.at < 10 * 60 * 1000 && testimonialCache.value.length >= Math.min(limit, 1))
    return testimonialCache.value.slice(0, limit);
  const { results } = await ctx.db
    .prepare(
      // The badge is looked up for the chosen reviews only (outer query), from bookings.
      `SELECT r.*, ${verifiedBookingSql("r", now)} AS verified_booking FROM (${TESTIMONIALS_SQL}) r`,
    )
    .bind(limit)
    .all<{ id: string; rating: number; comment: string; verified_booking: number; user_name: string; service_name: string; city: string }>();
  const value = results.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    author: r.user_name,
    serviceName: r.service_name,
    city: r.city,
    verifiedBooking: Boolean(r.verified_booking),
  }));
  testimonialCache = { at: now, value };
  return value;
}
