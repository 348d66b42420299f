import type { Route } from "./+types/robots";

/** robots.txt with the sitemap's absolute URL (crawlers and Lighthouse reject a relative one). */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /profile",
    "Disallow: /admin",
    "Disallow: /VendorDashboard",
    "Disallow: /dev/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
