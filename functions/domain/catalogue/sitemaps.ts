import { CATALOGUE, browsePath, servicePath } from "#shared/catalogue.ts";
import type { DomainContext } from "../core/index.ts";

/**
 * The sitemaps: the browse pages, and the active services split over files of
 * SERVICES_PER_SITEMAP.
 */

/** A sitemap file holds at most 50,000 URLs (sitemaps.org); browse pages stay under it. */
export const SITEMAP_MAX_URLS = 50_000;
/** Services per sitemap file: about 1.5 MB of XML, so every file is quick to serve and to read. */
export const SERVICES_PER_SITEMAP = 10_000;

export type SitemapEntry = { path: string; lastmod?: number };

/**
 * The browse pages for /sitemaps/pages.xml: home, discover, every group and subcategory, and every
 * subcategory in each state and city that has active services.
 */
export async function sitemapPages(ctx: DomainContext): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [{ path: "/" }, { path: "/browse" }, { path: "/all" }];
  for (const group of CATALOGUE) {
    entries.push({ path: browsePath(group.name) });
    for (const sub of group.subcategories) entries.push({ path: browsePath(group.name, sub.name) });
  }
  const { results: places } = await ctx.db
    .prepare("SELECT service_category, service_type, state, city FROM services WHERE status = 'active' GROUP BY service_category, service_type, state, city")
    .all<{ service_category: string; service_type: string; state: string; city: string }>();
  const states = new Set<string>();
  for (const p of places) {
    const statePath = browsePath(p.service_category, p.service_type, p.state);
    if (!states.has(statePath)) {
      states.add(statePath);
      entries.push({ path: statePath });
    }
    entries.push({ path: browsePath(p.service_category, p.service_type, p.state, p.city) });
  }
  // Each page is listed in English and in Hindi (app/lib/sitemap-xml.server.ts): two URLs per entry.
  return entries.slice(0, SITEMAP_MAX_URLS / 2);
}

/** How many /sitemaps/services-{n}.xml files the active services fill (at least one). */
export async function sitemapServiceFiles(ctx: DomainContext): Promise<number> {
  const row = await ctx.db.prepare("SELECT count(*) AS n FROM services WHERE status = 'active'").first<{ n: number }>();
  return Math.max(1, Math.ceil((row?.n ?? 0) / SERVICES_PER_SITEMAP));
}

/**
 * Service pages for /sitemaps/services-{file}.xml (file from 1), oldest listing first, so new
 * services join the last file and the others stay the same between crawls. Null past the last file.
 */
export async function sitemapServices(ctx: DomainContext, file: number): Promise<SitemapEntry[] | null> {
  if (!Number.isInteger(file) || file < 1 || file > (await sitemapServiceFiles(ctx))) return null;
  const { results } = await ctx.db
    .prepare(
      "SELECT id, service_category, service_type, state, city, updated_at FROM services WHERE status = 'active' ORDER BY created_at, id LIMIT ? OFFSET ?",
    )
    .bind(SERVICES_PER_SITEMAP, (file - 1) * SERVICES_PER_SITEMAP)
    .all<{ id: string; service_category: string; service_type: string; state: string; city: string; updated_at: number }>();
  return results.map((s) => ({
    path: servicePath({ id: s.id, serviceCategory: s.service_category, serviceType: s.service_type, state: s.state, city: s.city }),
    lastmod: s.updated_at,
  }));
}
