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
import { rich } from "#app/components/rich.tsx";
import { m } from "#shared/paraglide/messages.js";

/**
 * /blogs: published posts, newest first, with search (s), title (t), a tag (tag) and, for admins, a
 * status; the page in the URL. A plain GET form: works without JavaScript and every result can be
 * shared. The rules are functions/domain/content/'s (blog-*.ts), the same as GET /public/blog.
 */
const STATUS_LABELS = {
  PUBLISHED: m.public_blog_status_published,
  SCHEDULED: m.public_blog_status_scheduled,
  DRAFT: m.public_blog_status_drafts,
  ALL: m.public_blog_status_all,
} as const;

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
    problem = m.public_blog_problem({ problem: error.message });
    list = await listBlogPosts(domain, {});
  }
  const tags = (await blogTags(domain)).filter((t) => t.postCount > 0);
  const query: BlogListQuery = { s: raw.s, t: raw.t, tag: raw.tag, status: admin ? (raw.status as BlogListQuery["status"]) : undefined };
  return { list, tags, query, problem, admin, origin: url.origin, feed: `${url.origin}/blogs/feed.xml` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const d = loaderData;
  const tag = d?.tags.find((t) => t.slug === d.query.tag);
  const title = tag ? m.public_blog_tag_title({ tag: tag.name }) : m.public_blog_title();
  const filtered = Boolean(d?.query.s || d?.query.t || (d?.list.page ?? 1) > 1);
  return [
    { title: pageTitle(title) },
    { name: "description", content: m.public_blog_description() },
    ...(d ? [canonicalLink(d.origin, `/blogs${tag ? `?tag=${tag.slug}` : ""}`)] : []),
    ...(d ? [{ tagName: "link", rel: "alternate", type: "application/atom+xml", title: m.public_blog_feed_title(), href: d.feed }] : []),
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
          <h1 className="text-3xl font-bold text-maroon-700 md:text-4xl">
            {activeTag ? <span translate="no">{activeTag.name}</span> : m.public_blog_heading()}
          </h1>
          <p className="mt-1 max-w-2xl text-ink/80">{m.public_blog_intro()}</p>
        </div>
        {admin && (
          <Link to="/blog_dashboard" className="btn-secondary">
            {m.public_blog_dashboard()}
          </Link>
        )}
      </header>

      <Form
        method="get"
        action="/blogs"
        className="mt-6 grid gap-3 rounded-2xl border border-maroon-100 bg-white p-4 sm:grid-cols-[1fr_auto] md:grid-cols-[2fr_1fr_auto_auto]"
        role="search"
      >
        <Field
          name="s"
          type="search"
          label={m.public_blog_search_label()}
          defaultValue={query.s ?? ""}
          maxLength={100}
          placeholder={m.public_blog_search_placeholder()}
        />
        <Select name="tag" label={m.public_blog_tag()} defaultValue={query.tag ?? ""} placeholder={m.public_blog_all_tags()}>
          {/* Tags are the blog's content, named by its editors: shown as written. */}
          {tags.map((t) => (
            <option key={t.slug} value={t.slug} translate="no">{`${t.name} (${t.postCount})`}</option>
          ))}
        </Select>
        {admin && (
          <Select
            name="status"
            label={m.public_blog_status()}
            defaultValue={query.status ?? "PUBLISHED"}
            options={Object.entries(STATUS_LABELS).map(([value, label]) => [value, label()] as const)}
          />
        )}
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">
            {m.public_blog_search()}
          </button>
          {filtered && (
            <Link to="/blogs" className="btn-secondary">
              {m.public_blog_clear()}
            </Link>
          )}
        </div>
      </Form>

      {tags.length > 0 && (
        <nav aria-label={m.public_blog_tags()} className="mt-4" translate="no">
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
        {list.total === 0 ? m.public_blog_no_posts() : m.public_blog_count({ count: list.total, shown: formatCount(list.total) })}
        {query.s ? m.public_blog_matching({ query: query.s }) : ""}
        {list.pages > 1 ? m.public_blog_page_of({ page: list.page, pages: list.pages }) : ""}
      </p>

      {list.posts.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-maroon-100 bg-white p-8 text-center" data-testid="blog-none">
          <p className="font-semibold">{m.public_blog_none()}</p>
          <p className="mt-1 text-sm text-ink/75">
            {rich(m.public_blog_try_another, {
              all: (
                <Link to="/blogs" className="font-semibold text-maroon-700 underline">
                  {m.public_blog_see_all()}
                </Link>
              ),
            })}
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
        previousLabel={m.public_blog_newer()}
        nextLabel={m.public_blog_older()}
        className="mt-8 justify-center"
      />
    </div>
  );
}
