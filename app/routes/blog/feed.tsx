import type { Route } from "./+types/feed";
import { publishedBlogIndex } from "#domain/content/index.ts";
import { appContext } from "#functions/page-context.ts";

/** /blogs/feed.xml: an Atom feed of the 20 newest published posts (linked from /blogs). */
const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const origin = new URL(request.url).origin;
  const posts = await publishedBlogIndex(domain, 20);
  const updated = new Date(posts.reduce((latest, p) => Math.max(latest, p.updatedAt, p.publishedAt), 0) || domain.now).toISOString();
  const body = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    "<title>Mandap blog</title>",
    "<subtitle>Venues, budgets and how each function of an Indian wedding comes together.</subtitle>",
    `<link href="${xml(origin)}/blogs/feed.xml" rel="self" type="application/atom+xml"/>`,
    `<link href="${xml(origin)}/blogs" rel="alternate" type="text/html"/>`,
    `<id>${xml(origin)}/blogs</id>`,
    `<updated>${updated}</updated>`,
    "<author><name>Mandap</name></author>",
    ...posts.map((p) =>
      [
        "<entry>",
        `<title>${xml(p.title)}</title>`,
        `<link href="${xml(origin)}/blogs/${xml(p.urlTitle)}" rel="alternate" type="text/html"/>`,
        `<id>${xml(origin)}/blogs/${xml(p.urlTitle)}</id>`,
        `<published>${new Date(p.publishedAt).toISOString()}</published>`,
        `<updated>${new Date(Math.max(p.updatedAt, p.publishedAt)).toISOString()}</updated>`,
        `<summary>${xml(p.excerpt)}</summary>`,
        "</entry>",
      ].join(""),
    ),
    "</feed>",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
