import type { SitemapEntry } from "#domain/catalogue/index.ts";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function xmlResponse(lines: string[]): Response {
  return new Response(['<?xml version="1.0" encoding="UTF-8"?>', ...lines].join("\n"), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/** A sitemap file (<urlset>) of absolute URLs on `origin`. */
export function urlsetResponse(origin: string, entries: readonly SitemapEntry[]): Response {
  return xmlResponse([
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((e) => `<url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ""}</url>`),
    "</urlset>",
  ]);
}

/** A sitemap index (<sitemapindex>) naming the sitemap files at `paths` on `origin`. */
export function sitemapIndexResponse(origin: string, paths: readonly string[]): Response {
  return xmlResponse([
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `<sitemap><loc>${escapeXml(origin + p)}</loc></sitemap>`),
    "</sitemapindex>",
  ]);
}
