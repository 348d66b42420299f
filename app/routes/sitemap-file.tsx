import { data } from "react-router";
import type { Route } from "./+types/sitemap-file";
import { appContext } from "#functions/page-context.ts";
import { sitemapPages, sitemapServices } from "#domain/catalogue/index.ts";
import { publishedBlogIndex } from "#domain/content/index.ts";
import { urlsetResponse } from "#app/lib/sitemap-xml.server.ts";

/** /sitemaps/pages.xml (browse pages), /sitemaps/content.xml (the blog, its posts, the invitation gallery, about and contact) and /sitemaps/services-{n}.xml (service pages); anything else is 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const origin = new URL(request.url).origin;
  if (params.file === "pages.xml") return urlsetResponse(origin, await sitemapPages(domain));
  if (params.file === "content.xml") {
    const posts = await publishedBlogIndex(domain);
    return urlsetResponse(origin, [
      { path: "/blogs", lastmod: posts[0]?.updatedAt },
      ...posts.map((p) => ({ path: `/blogs/${p.urlTitle}`, lastmod: Math.max(p.updatedAt, p.publishedAt) })),
      { path: "/templates" },
      { path: "/about" },
      { path: "/contactus" },
    ]);
  }
  const file = /^services-([1-9]\d{0,5})\.xml$/.exec(params.file ?? "");
  const services = file ? await sitemapServices(domain, Number(file[1])) : null;
  if (!services) throw data(null, { status: 404 });
  return urlsetResponse(origin, services);
}
