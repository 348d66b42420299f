import { browsePath } from "#shared/catalogue.ts";
import { readPageCacheVersion } from "#platform/page-cache.ts";
import type { DomainContext } from "../core/index.ts";
import { heroAnalytics, latestBlogPosts, topTestimonials, type BlogPreview, type HeroAnalytics, type Testimonial } from "./home-sections.ts";
import { searchServicesBatch, type ServiceSearch } from "./service-search.ts";
import { serviceLocations, type LocationMap } from "./service-locations.ts";
import { toServiceCard, type ServiceCardData } from "./service-summaries.ts";

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

/** The home page's sections that are the same for everyone. */
export type HomeSections = {
  counters: HeroAnalytics;
  locations: LocationMap;
  blog: BlogPreview[];
  testimonials: Testimonial[];
  /** Each carousel's cards (up to CAROUSEL_LIMIT), by key. */
  carousels: Record<string, ServiceCardData[]>;
};

/** How long computed sections are kept at most, even when no write changed the public data (the counters count sign-ups too). */
export const HOME_SECTIONS_MAX_AGE_MS = 300_000;

let kept: { version: number; at: number; value: Promise<HomeSections> } | null = null;

/**
 * The home page's shared sections, computed once per change of public data rather than per
 * request: kept in the isolate with the public data version they were computed at (migration
 * 0062's triggers bump it on every write a public page shows), for at most HOME_SECTIONS_MAX_AGE_MS.
 * A visitor's request brings the version its page-cache key holds: when the kept sections are of
 * that version, they are answered with no D1 call. Otherwise (a signed-in person, or sections to
 * compute) the version is read through the request's own database, the D1 session the sections
 * are then read with, so sections are never kept under a version newer than the data they were
 * read from (a read replica that lags behind the version's read cannot pin older sections).
 * The counters' full counts and the eight searches run only when something changed. A failed
 * computation is not kept.
 */
export async function homeSections(ctx: DomainContext): Promise<HomeSections> {
  const usable = (entry: NonNullable<typeof kept>, version: number) =>
    entry.version === version && ctx.now - entry.at < HOME_SECTIONS_MAX_AGE_MS && ctx.now >= entry.at;
  if (kept && ctx.publicDataVersion !== undefined && usable(kept, ctx.publicDataVersion)) return kept.value;
  const version = (await readPageCacheVersion(ctx.db)) ?? -1;
  if (kept && usable(kept, version)) return kept.value;
  const value = computeHomeSections(ctx);
  const entry = { version, at: ctx.now, value };
  kept = entry;
  value.catch(() => {
    if (kept === entry) kept = null;
  });
  return value;
}

async function computeHomeSections(ctx: DomainContext): Promise<HomeSections> {
  const [counters, locations, blog, testimonials, carousels] = await Promise.all([
    heroAnalytics(ctx),
    serviceLocations(ctx),
    latestBlogPosts(ctx, 6),
    topTestimonials(ctx, 6),
    carouselCards(ctx),
  ]);
  return { counters, locations, blog, testimonials, carousels: Object.fromEntries(carousels) };
}

/** The cards of the given carousels (all of them unless `keys`), each list up to CAROUSEL_LIMIT, in one D1 batch. */
export async function carouselCards(ctx: DomainContext, keys?: readonly string[]): Promise<Map<string, ServiceCardData[]>> {
  const chosen = keys ? CAROUSELS.filter((c) => keys.includes(c.key)) : CAROUSELS;
  const lists = await searchServicesBatch(
    ctx,
    chosen.map((c) => ({ ...c.search, limit: CAROUSEL_LIMIT, page: 1 })),
  );
  return new Map(chosen.map((c, i) => [c.key, (lists[i] ?? []).map(toServiceCard)]));
}

/** One carousel's whole list (the home page carries its first cards), from the kept sections; null for an unknown key. */
export async function carousel(ctx: DomainContext, key: string): Promise<ServiceCardData[] | null> {
  if (!CAROUSELS.some((c) => c.key === key)) return null;
  return (await homeSections(ctx)).carousels[key] ?? [];
}
