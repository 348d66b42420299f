import type { SitemapEntry } from "#domain/catalogue/index.ts";
import { LOCALE_TAG, LOCALES, pathInLocale } from "#shared/locale.ts";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function xmlResponse(lines: string[]): Response {
  return new Response(['<?xml version="1.0" encoding="UTF-8"?>', ...lines].join("\n"), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/**
 * A sitemap file (<urlset>) of absolute URLs on `origin`: every page in English and in Hindi (/hi),
 * each naming both as its alternates (hreflang en-IN, hi-IN; x-default the English page).
 */
export function urlsetResponse(origin: string, entries: readonly SitemapEntry[]): Response {
  const url = (e: SitemapEntry, locale: (typeof LOCALES)[number]) => {
    const alternates = [
      ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${LOCALE_TAG[l]}" href="${escapeXml(origin + pathInLocale(e.path, l))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + pathInLocale(e.path, "en"))}"/>`,
    ].join("");
    return `<url><loc>${escapeXml(origin + pathInLocale(e.path, locale))}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ""}${alternates}</url>`;
  };
  return xmlResponse([
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.flatMap((e) => LOCALES.map((locale) => url(e, locale))),
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
