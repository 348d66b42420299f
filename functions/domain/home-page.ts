import { browsePath } from "#shared/catalogue.ts";
import { searchServicesBatch, toServiceCard, type ServiceCardData, type ServiceSearch } from "#domain/discovery.ts";
import type { DomainContext } from "#domain/context.ts";

/** The discover carousels (spec: limit 20, page 1, rating descending; most viewed by views). */
export const CAROUSELS: { key: string; title: string; search: ServiceSearch; more: string }[] = [
  { key: "most-rated", title: "Most rated", search: {}, more: "/all" },
  { key: "most-viewed", title: "Most viewed", search: { sort: { by: "views", order: "desc" } }, more: "/all?sort=most_viewed" },
  { key: "caterers", title: "Top caterers", search: { service_type: "Caterers" }, more: browsePath("Wedding Vendor", "Caterers") },
  {
    key: "photographers",
    title: "Photographers",
    search: { service_type: "Wedding Photographers" },
    more: browsePath("Wedding Vendor", "Wedding Photographers"),
  },
  {
    key: "videographers",
    title: "Videographers",
    search: { service_type: "Wedding Videographers" },
    more: browsePath("Wedding Vendor", "Wedding Videographers"),
  },
  { key: "makeup-salon", title: "Makeup salon", search: { service_type: "Makeup Salon" }, more: browsePath("Bride", "Makeup Salon") },
  { key: "wedding-dj", title: "Wedding DJ", search: { service_type: "Wedding DJ" }, more: browsePath("Wedding Vendor", "Wedding DJ") },
];

export const CAROUSEL_LIMIT = 20;

/** The cards of the given carousels (all of them unless `keys`), each list up to CAROUSEL_LIMIT, in one D1 batch. */
export async function carouselCards(domain: DomainContext, keys?: readonly string[]): Promise<Map<string, ServiceCardData[]>> {
  const chosen = keys ? CAROUSELS.filter((c) => keys.includes(c.key)) : CAROUSELS;
  const lists = await searchServicesBatch(
    domain,
    chosen.map((c) => ({ ...c.search, limit: CAROUSEL_LIMIT, page: 1 })),
  );
  return new Map(chosen.map((c, i) => [c.key, (lists[i] ?? []).map(toServiceCard)]));
}
