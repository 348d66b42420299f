import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";
import { canonicalLink } from "#app/lib/canonical.ts";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { BlogCard } from "#app/components/blog/BlogCard.tsx";
import { BlogCover } from "#app/components/blog/BlogCover.tsx";
import { ShareOnWhatsApp } from "#app/components/ShareOnWhatsApp.tsx";
import { appContext } from "#functions/page-context.ts";
import { formatCount, formatDate } from "#shared/format.ts";
import { loginPath } from "#shared/links.ts";
import { blogShareText } from "#shared/share.ts";
import { pageTitle } from "#shared/strings.ts";
import { Comments, type ActionResult } from "./comments.tsx";
import { loadPost, postAction } from "./post.server.ts";

/**
 * /blogs/{urlTitle}: one post. The HTML comes from the domain, rendered from Markdown and sanitized
 * there. A view counts once per browser per day (a random reader cookie; bots are not counted).
 * Likes and comments are form posts (they work without JavaScript); the rules are
 * functions/domain/content/'s (blog-*.ts), the same as the blog API's. The loader and the action are
 * post.server.ts's, the comments comments.tsx's.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadPost(request, context.get(appContext).domain, params.urlTitle);
}

export const action = postAction;

type Data = Awaited<ReturnType<typeof loader>>["data"];

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const d = loaderData as Data | undefined;
  if (!d) return [{ title: pageTitle(m.public_post_not_found()) }];
  const { post, origin } = d;
  const url = `${origin}/blogs/${post.urlTitle}`;
  const image = `${origin}${post.coverImage ?? "/images/placeholder-blog.svg"}`;
  return [
    { title: pageTitle(post.title) },
    { name: "description", content: post.excerpt.slice(0, 300) },
    canonicalLink(origin, `/blogs/${post.urlTitle}`),
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: post.excerpt.slice(0, 300) },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:site_name", content: "Mandap" },
    ...(post.publishedAt ? [{ property: "article:published_time", content: new Date(post.publishedAt).toISOString() }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
    ...(post.status !== "PUBLISHED" || post.scheduled ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

function blogPostingJsonLd(d: Data): string {
  const { post, origin } = d;
  const ld = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    image: `${origin}${post.coverImage ?? "/images/placeholder-blog.svg"}`,
    datePublished: post.publishedAt ? new Date(post.publishedAt).toISOString() : undefined,
    dateModified: new Date(post.updatedAt).toISOString(),
    author: post.author ? { "@type": "Person", name: post.author.name } : { "@type": "Organization", name: "Mandap" },
    publisher: { "@type": "Organization", name: "Mandap" },
    mainEntityOfPage: `${origin}/blogs/${post.urlTitle}`,
    keywords: post.tags.map((t) => t.name).join(", ") || undefined,
    wordCount: undefined,
    interactionStatistic: [
      { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: post.likeCount },
      { "@type": "InteractionCounter", interactionType: "https://schema.org/CommentAction", userInteractionCount: post.commentCount },
    ],
  };
  return JSON.stringify(ld).replace(/</g, "\\u003c");
}

export default function BlogPostPage({ loaderData, actionData }: Route.ComponentProps) {
  const { post, related, signedIn, here, onceToken } = loaderData;
  const result = actionData as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const otherFailure = result && !result.ok && result.intent !== "comment" ? result : null;
  return (
    <div className="pb-12">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: blogPostingJsonLd(loaderData) }} />
      <article className="container-page max-w-3xl pt-6 md:pt-10">
        <nav aria-label={m.public_browse_breadcrumb()} className="text-sm text-ink/70">
          <Link to="/blogs" className="hover:text-maroon-700">
            {m.public_post_blog()}
          </Link>
          {post.tags[0] && (
            <>
              {" / "}
              <Link to={`/blogs?tag=${encodeURIComponent(post.tags[0].slug)}`} className="hover:text-maroon-700" translate="no">
                {post.tags[0].name}
              </Link>
            </>
          )}
        </nav>
        {(post.status !== "PUBLISHED" || post.scheduled) && (
          <p className="mt-3 rounded-xl bg-marigold-50 p-3 text-sm font-semibold" role="status">
            {post.scheduled && post.publishedAt ? m.public_post_scheduled({ date: formatDate(post.publishedAt) }) : m.public_post_draft()}
          </p>
        )}
        <h1 className="mt-3 text-3xl font-bold leading-tight text-maroon-800 md:text-5xl" translate="no">
          {post.title}
        </h1>
        <p className="mt-3 text-sm text-ink/75">
          {post.author && <span>{rich(m.public_post_by, { author: <span translate="no">{post.author.name}</span> })}</span>}
          {post.publishedAt && <time dateTime={new Date(post.publishedAt).toISOString()}>{formatDate(post.publishedAt)}</time>}
          {" · "}
          {m.public_blog_read_minutes({ minutes: post.readingMinutes })} ·{" "}
          <span data-testid="view-count">{m.public_blog_views({ count: post.viewCount, shown: formatCount(post.viewCount) })}</span>
        </p>
        {post.canEdit && (
          <p className="mt-2">
            <Link to={`/update-blog-post/${post.urlTitle}`} className="text-sm font-semibold text-maroon-700 underline">
              {m.public_post_edit()}
            </Link>
          </p>
        )}
        <div className="mt-5 overflow-hidden rounded-2xl">
          <BlogCover src={post.coverImage} eager sizes="(min-width: 768px) 720px, 100vw" />
        </div>
        {/* Sanitized by functions/domain/content/blog-markdown.ts (allow-list) before it reaches the page. */}
        <div className="blog-prose mt-6" translate="no" dangerouslySetInnerHTML={{ __html: post.html }} />

        {post.tags.length > 0 && (
          <ul className="mt-8 flex flex-wrap gap-2" aria-label={m.public_blog_tags()} translate="no">
            {post.tags.map((t) => (
              <li key={t.slug}>
                <Link
                  to={`/blogs?tag=${encodeURIComponent(t.slug)}`}
                  className="inline-block rounded-full bg-marigold-50 px-3 py-1 text-sm font-medium text-maroon-800 hover:bg-marigold-100"
                >
                  {t.name}
                </Link>
              </li>
            ))}
          </ul>
        )}

        <div className="mt-6 flex flex-wrap items-center gap-3 border-y border-maroon-100 py-4">
          {signedIn ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="like" />
              <button
                type="submit"
                className={post.liked ? "btn-primary" : "btn-secondary"}
                aria-pressed={post.liked}
                disabled={busy === "like"}
                data-testid="like-button"
              >
                <span aria-hidden="true">{post.liked ? "♥" : "♡"}</span> {post.liked ? m.public_post_liked() : m.public_post_like()}
              </button>
            </Form>
          ) : (
            <Link to={loginPath(here)} className="btn-secondary" data-testid="like-login">
              <span aria-hidden="true">♡</span> {m.public_post_login_like()}
            </Link>
          )}
          <span className="text-sm text-ink/75" data-testid="like-count">
            {m.public_post_likes({ count: post.likeCount, shown: formatCount(post.likeCount) })}
          </span>
          <ShareOnWhatsApp text={blogShareText(post)} url={`${loaderData.origin}/blogs/${post.urlTitle}`} className="ml-auto" />
        </div>
        {otherFailure && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {otherFailure.message}
          </p>
        )}

        <Comments post={post} signedIn={signedIn} here={here} onceToken={onceToken} result={result} busy={busy} />
      </article>

      {related.length > 0 && (
        <section aria-labelledby="related-title" className="container-page mt-12">
          <h2 id="related-title" className="text-2xl font-bold text-maroon-800">
            {m.public_post_read_next()}
          </h2>
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((r) => (
              <li key={r.id} className="flex">
                <BlogCard post={r} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
