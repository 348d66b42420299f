import { canonicalLink } from "#app/lib/canonical.ts";
import { Form, Link } from "react-router";
import type { Route } from "./+types/list";
import { BlogCard } from "#app/components/blog/BlogCard.tsx";
import { blogTags, listBlogPosts, type BlogList, type BlogListQuery } from "#domain/content/index.ts";
import { isDomainError, can } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { formatCount } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field, Pager, Select } from "#app/components/ui/index.ts";

/**
 * /blogs: published posts, newest first, with search (s), title (t), a tag (tag) and, for admins, a
 * status; the page in the URL. A plain GET form: works without JavaScript and every result can be
 * shared. The rules are functions/domain/content/'s (blog-*.ts), the same as GET /public/blog.
 */
const STATUS_LABELS = { PUBLISHED: "Published", SCHEDULED: "Scheduled", DRAFT: "Drafts", ALL: "All posts" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  const raw: Record<string, string> = {};
  for (const key of ["s", "t", "tag", "status", "page"] as const) {
    const value = url.searchParams.get(key)?.trim();
    if (value) raw[key] = value;
  }
  const admin = can.writeBlog(domain.actor);
  let list: BlogList;
  let problem: string | null = null;
  try {
    list = await listBlogPosts(domain, raw);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // A hand-typed URL with a bad value: say so and show the first page rather than an error page.
    problem = `${error.message} Showing the latest posts instead.`;
    list = await listBlogPosts(domain, {});
  }
  const tags = (await blogTags(domain)).filter((t) => t.postCount > 0);
  const query: BlogListQuery = { s: raw.s, t: raw.t, tag: raw.tag, status: admin ? (raw.status as BlogListQuery["status"]) : undefined };
  return { list, tags, query, problem, admin, origin: url.origin, feed: `${url.origin}/blogs/feed.xml` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const d = loaderData;
  const tag = d?.tags.find((t) => t.slug === d.query.tag);
  const title = tag ? `${tag.name}: wedding planning articles` : "Wedding planning blog: venues, budgets and functions";
  const filtered = Boolean(d?.query.s || d?.query.t || (d?.list.page ?? 1) > 1);
  return [
    { title: pageTitle(title) },
    {
      name: "description",
      content: "Guides for Indian weddings: venues by city, budgets that add up, and how to plan the Mehendi, Haldi, Sangeet, Pheras, Nikah and Anand Karaj.",
    },
    ...(d ? [canonicalLink(d.origin, `/blogs${tag ? `?tag=${tag.slug}` : ""}`)] : []),
    ...(d ? [{ tagName: "link", rel: "alternate", type: "application/atom+xml", title: "Mandap blog", href: d.feed }] : []),
    ...(filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

function pageLink(query: BlogListQuery, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, String(v));
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `/blogs?${qs}` : "/blogs";
}

export default function BlogsPage({ loaderData }: Route.ComponentProps) {
  const { list, tags, query, problem, admin } = loaderData;
  const activeTag = tags.find((t) => t.slug === query.tag);
  const filtered = Boolean(query.s || query.t || query.tag || (query.status && query.status !== "PUBLISHED"));
  return (
    <div className="container-page py-8 md:py-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-maroon-700 md:text-4xl">{activeTag ? `${activeTag.name}` : "The Mandap blog"}</h1>
          <p className="mt-1 max-w-2xl text-ink/80">Venues by city, budgets that add up, and how each function of an Indian wedding comes together.</p>
        </div>
        {admin && (
          <Link to="/blog_dashboard" className="btn-secondary">
            Blog dashboard
          </Link>
        )}
      </header>

      <Form
        method="get"
        action="/blogs"
        className="mt-6 grid gap-3 rounded-2xl border border-maroon-100 bg-white p-4 sm:grid-cols-[1fr_auto] md:grid-cols-[2fr_1fr_auto_auto]"
        role="search"
      >
        <Field name="s" type="search" label="Search posts" defaultValue={query.s ?? ""} maxLength={100} placeholder="e.g. Udaipur, budget, Sangeet" />
        <Select
          name="tag"
          label="Tag"
          defaultValue={query.tag ?? ""}
          placeholder="All tags"
          options={tags.map((t) => [t.slug, `${t.name} (${t.postCount})`] as const)}
        />
        {admin && <Select name="status" label="Status" defaultValue={query.status ?? "PUBLISHED"} options={Object.entries(STATUS_LABELS)} />}
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">
            Search
          </button>
          {filtered && (
            <Link to="/blogs" className="btn-secondary">
              Clear
            </Link>
          )}
        </div>
      </Form>

      {tags.length > 0 && (
        <nav aria-label="Tags" className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {tags.map((t) => (
              <li key={t.slug}>
                <Link
                  to={t.slug === query.tag ? "/blogs" : `/blogs?tag=${encodeURIComponent(t.slug)}`}
                  aria-current={t.slug === query.tag ? "page" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 text-sm ${t.slug === query.tag ? "border-maroon-700 bg-maroon-700 text-white" : "border-maroon-100 bg-white text-maroon-800 hover:border-maroon-300"}`}
                >
                  {t.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {problem && (
        <p role="alert" className="mt-4 rounded-xl bg-marigold-50 p-3 text-sm">
          {problem}
        </p>
      )}

      <p className="mt-6 text-sm text-ink/75" aria-live="polite">
        {list.total === 0 ? "No posts" : `${formatCount(list.total)} ${list.total === 1 ? "post" : "posts"}`}
        {query.s ? ` matching “${query.s}”` : ""}
        {list.pages > 1 ? ` · page ${list.page} of ${list.pages}` : ""}
      </p>

      {list.posts.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-maroon-100 bg-white p-8 text-center" data-testid="blog-none">
          <p className="font-semibold">No posts match this search.</p>
          <p className="mt-1 text-sm text-ink/75">
            Try another word, or{" "}
            <Link to="/blogs" className="font-semibold text-maroon-700 underline">
              see every post
            </Link>
            .
          </p>
        </div>
      ) : (
        <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {list.posts.map((post, i) => (
            <li key={post.id} className="flex">
              <BlogCard post={post} eager={i < 3} />
            </li>
          ))}
        </ul>
      )}

      <Pager
        page={list.page}
        pages={list.pages}
        href={(p) => pageLink(query, p)}
        previousLabel="Newer posts"
        nextLabel="Older posts"
        className="mt-8 justify-center"
      />
    </div>
  );
}
