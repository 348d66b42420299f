import type { Route } from "./+types/sitemap";
import { appContext } from "../context.ts";
import { sitemapEntries } from "../../functions/domain/discovery.ts";

/** /sitemap.xml: browse pages (group, subcategory, subcategory in a city) and service pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  const origin = new URL(request.url).origin;
  const paths = await sitemapEntries(env.DB);
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `<url><loc>${escape(origin + p.path)}</loc>${p.lastmod ? `<lastmod>${new Date(p.lastmod).toISOString().slice(0, 10)}</lastmod>` : ""}</url>`),
    "</urlset>",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
