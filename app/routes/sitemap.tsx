import type { Route } from "./+types/sitemap";
import { appContext } from "#functions/page-context.ts";
import { sitemapServiceFiles } from "#domain/catalogue/index.ts";
import { sitemapIndexResponse } from "#app/lib/sitemap-xml.server.ts";

/**
 * /sitemap.xml: an index of the browse pages' file, the content pages' file (the blog and its posts,
 * the invitation gallery) and one file per SERVICES_PER_SITEMAP active
 * services, so every service page is listed however large the catalogue grows (a single sitemap
 * stops at 50,000 URLs).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const files = await sitemapServiceFiles(domain);
  const paths = ["/sitemaps/pages.xml", "/sitemaps/content.xml", ...Array.from({ length: files }, (_, i) => `/sitemaps/services-${i + 1}.xml`)];
  return sitemapIndexResponse(new URL(request.url).origin, paths);
}
