import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { browsePath } from "#shared/catalogue.ts";
import { heroAnalytics, latestBlogPosts, searchServicesBatch, serviceLocations, topTestimonials, type ServiceSearch } from "#domain/discovery.ts";

/** Discover carousels: limit 20, page 1, rating descending (most viewed: by views). */
const CAROUSELS: { key: string; title: string; search: ServiceSearch; more: string }[] = [
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const [counters, locations, blog, testimonials, carousels] = await Promise.all([
    heroAnalytics(domain),
    serviceLocations(domain),
    latestBlogPosts(domain, 6),
    topTestimonials(domain, 6),
    searchServicesBatch(
      domain,
      CAROUSELS.map((c) => ({ ...c.search, limit: 20, page: 1 })),
    ),
  ]);
  return {
    origin: new URL(request.url).origin,
    counters,
    locations,
    blog,
    testimonials,
    carousels: CAROUSELS.map((c, i) => ({ key: c.key, title: c.title, more: c.more, services: carousels[i] ?? [] })),
  };
}
