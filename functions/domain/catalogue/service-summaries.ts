import type { services, vendors } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { mediaUrl } from "#shared/media.ts";

/**
 * A service as every list shows it (search, wishlist, carousels, vendor pages): the columns a list
 * selects, the row they read and the ServiceResult shape built from it.
 */

/** A service as lists show it; field names are the spec's `ServiceResult` names. */
export type ServiceSummary = {
  id: string;
  service_name: string;
  service_category: string;
  service_type: string;
  state: string;
  city: string;
  rating: number;
  review_count: number;
  view_count: number;
  min_price: number;
  max_price: number | null;
  service_unit: string;
  status: "active" | "archived" | "hidden";
  created_at: number;
  /** The vendor's plan gives featured placement: first in the default order, and marked "Featured" on the card. */
  featured: boolean;
  vendor: { id: string; name: string; slug: string; reply_minutes_median: number | null };
  media: { image_urls: { path: string }[] }[];
};

/**
 * What a service card shows (app/components/ServiceCard.tsx), and no more: lists sent to the
 * browser in a page's data carry this, not the whole summary. A ServiceSummary is one too.
 */
export type ServiceCardData = Pick<
  ServiceSummary,
  "id" | "service_name" | "service_category" | "service_type" | "state" | "city" | "rating" | "review_count" | "min_price" | "service_unit" | "featured"
> & {
  vendor: Pick<ServiceSummary["vendor"], "name" | "reply_minutes_median">;
  media: { image_urls: { path: string }[] }[];
};

/** A summary cut down to its card (the cover only). */
export function toServiceCard(s: ServiceSummary): ServiceCardData {
  const cover = s.media[0]?.image_urls[0];
  return {
    id: s.id,
    service_name: s.service_name,
    service_category: s.service_category,
    service_type: s.service_type,
    state: s.state,
    city: s.city,
    rating: s.rating,
    review_count: s.review_count,
    min_price: s.min_price,
    service_unit: s.service_unit,
    featured: s.featured,
    vendor: { name: s.vendor.name, reply_minutes_median: s.vendor.reply_minutes_median },
    media: cover ? [{ image_urls: [{ path: cover.path }] }] : [],
  };
}

export const SUMMARY_COLUMNS = `s.id, s.service_name, s.service_category, s.service_type, s.state, s.city, s.rating, s.review_count,
  s.view_count, s.min_price, s.max_price, s.service_unit, s.status, s.created_at, s.cover_key, s.featured,
  v.user_id AS vendor_id, v.business_name AS vendor_name, v.slug AS vendor_slug, v.reply_minutes_median`;

export type SummaryRow = Row<
  typeof services,
  | "id"
  | "service_name"
  | "service_category"
  | "service_type"
  | "state"
  | "city"
  | "rating"
  | "review_count"
  | "view_count"
  | "min_price"
  | "max_price"
  | "service_unit"
  | "status"
  | "created_at"
  | "cover_key"
  | "featured"
> &
  Row<typeof vendors, "reply_minutes_median"> & { vendor_id: string; vendor_name: string; vendor_slug: string };

export function toSummary(r: SummaryRow): ServiceSummary {
  return {
    id: r.id,
    service_name: r.service_name,
    service_category: r.service_category,
    service_type: r.service_type,
    state: r.state,
    city: r.city,
    rating: Math.round(r.rating * 10) / 10,
    review_count: r.review_count,
    view_count: r.view_count,
    min_price: r.min_price,
    max_price: r.max_price,
    service_unit: r.service_unit,
    status: r.status,
    created_at: r.created_at,
    featured: r.featured === 1,
    vendor: { id: r.vendor_id, name: r.vendor_name, slug: r.vendor_slug, reply_minutes_median: r.reply_minutes_median },
    media: [{ image_urls: [{ path: mediaUrl(r.cover_key) }] }],
  };
}
