import { Link } from "react-router";
import type { BlogPostSummary } from "#domain/content/index.ts";
import { formatCount, formatDate } from "#shared/format.ts";
import { BlogCover } from "./BlogCover.tsx";
import { m } from "#shared/paraglide/messages.js";

/** One post in a list: cover, date, title (the link), excerpt, tags, reading time and views. */
export function BlogCard({ post, eager = false, headingLevel = 2 }: { post: BlogPostSummary; eager?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-maroon-100 bg-white shadow-sm" data-testid="blog-card">
      <BlogCover src={post.coverImage} eager={eager} sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw" />
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs text-ink/70">
          {post.publishedAt ? <time dateTime={new Date(post.publishedAt).toISOString()}>{formatDate(post.publishedAt)}</time> : m.public_blog_not_published()}
          {" · "}
          {m.public_blog_read_minutes({ minutes: post.readingMinutes })}
        </p>
        <Heading className="mt-1 text-lg font-semibold leading-snug" translate="no">
          <Link to={`/blogs/${post.urlTitle}`} className="hover:text-maroon-700">
            {post.title}
          </Link>
        </Heading>
        {post.excerpt && (
          <p className="mt-1 line-clamp-3 text-sm text-ink/75" translate="no">
            {post.excerpt}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-3 text-xs text-ink/70">
          {post.tags.slice(0, 3).map((t) => (
            <Link
              key={t.slug}
              to={`/blogs?tag=${encodeURIComponent(t.slug)}`}
              translate="no"
              className="rounded-full bg-marigold-50 px-2 py-0.5 font-medium text-maroon-800 hover:bg-marigold-100"
            >
              {t.name}
            </Link>
          ))}
          <span className="ml-auto">{m.public_blog_views({ count: post.viewCount, shown: formatCount(post.viewCount) })}</span>
        </div>
      </div>
    </article>
  );
}
