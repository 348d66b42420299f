import type { vendors } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { mediaUrl } from "#shared/media.ts";
import { vendorLocation } from "#shared/links.ts";
import type { DomainContext } from "../core/index.ts";
import { searchServices } from "./service-search.ts";
import type { ServiceSummary } from "./service-summaries.ts";
import { type Review } from "./review-records.ts";
import { vendorTestimonials } from "./review-reads.ts";

/** The public vendor page: profile, gallery from their services, active services, testimonials. */
export type VendorProfile = {
  id: string;
  slug: string;
  name: string;
  tagline: string | null;
  description: string | null;
  phone_number: string | null;
  email: string | null;
  city: string | null;
  state: string | null;
  logo_url: { path: string } | null;
  social_networks: { facebook: string | null; instagram: string | null; website: string | null };
  is_verified: boolean;
  reply_minutes_median: number | null;
  /** The canonical first path segment: the city's slug ("india" when the vendor has no city). */
  location: string;
};

export type VendorPage = {
  vendor: VendorProfile;
  services: ServiceSummary[];
  totalServices: number;
  gallery: { path: string; width: number | null; height: number | null; alt: string | null }[];
  testimonials: (Review & { service_name: string })[];
};

type VendorRow = Row<
  typeof vendors,
  | "user_id"
  | "slug"
  | "business_name"
  | "tagline"
  | "description"
  | "phone"
  | "email"
  | "city"
  | "state"
  | "logo_key"
  | "facebook"
  | "instagram"
  | "website"
  | "is_verified"
  | "reply_minutes_median"
>;

/** Only http(s) links are shown; anything else (javascript:, data:) is dropped. */
function safeLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
}

export async function vendorBySlug(ctx: DomainContext, slug: string): Promise<VendorProfile | null> {
  const row = await ctx.db
    .prepare(
      `SELECT user_id, slug, business_name, tagline, description, phone, email, city, state, logo_key, facebook, instagram, website, is_verified, reply_minutes_median
       FROM vendors WHERE slug = ?`,
    )
    .bind(slug.toLowerCase())
    .first<VendorRow>();
  if (!row) return null;
  return {
    id: row.user_id,
    slug: row.slug,
    name: row.business_name,
    tagline: row.tagline,
    description: row.description,
    phone_number: row.phone,
    email: row.email,
    city: row.city,
    state: row.state,
    logo_url: row.logo_key ? { path: mediaUrl(row.logo_key) } : null,
    social_networks: { facebook: safeLink(row.facebook), instagram: safeLink(row.instagram), website: safeLink(row.website) },
    is_verified: Boolean(row.is_verified),
    reply_minutes_median: row.reply_minutes_median,
    location: vendorLocation(row.city),
  };
}

export const VENDOR_GALLERY_MAX = 24;

export async function vendorPage(ctx: DomainContext, slug: string): Promise<VendorPage | null> {
  const vendor = await vendorBySlug(ctx, slug);
  if (!vendor) return null;
  const [services, gallery, testimonials] = await Promise.all([
    searchServices(ctx, { vendorId: vendor.id, limit: 24, sort: { by: "rating", order: "desc" } }),
    ctx.db
      .prepare(
        `SELECT m.key, m.width, m.height, m.alt FROM service_media m JOIN services s ON s.id = m.service_id
         WHERE s.vendor_id = ? AND s.status = 'active' AND m.kind = 'image' GROUP BY m.key ORDER BY s.rating DESC, m.position LIMIT ?`,
      )
      .bind(vendor.id, VENDOR_GALLERY_MAX)
      .all<{ key: string; width: number | null; height: number | null; alt: string | null }>(),
    vendorTestimonials(ctx, vendor.id),
  ]);
  return {
    vendor,
    services: services.services,
    totalServices: services.total,
    gallery: gallery.results.map((m) => ({ path: mediaUrl(m.key), width: m.width, height: m.height, alt: m.alt })),
    testimonials,
  };
}

/** For PATCH /vendors/viewUpdate/{vendorId}: does the vendor exist? */
export async function vendorExists(ctx: DomainContext, vendorId: string): Promise<boolean> {
  return Boolean(await ctx.db.prepare("SELECT 1 FROM vendors WHERE user_id = ?").bind(vendorId).first());
}
