import { data } from "react-router";
import { newOnceToken } from "#app/lib/once-token.tsx";
import { pageAction } from "#app/lib/page-action.server.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { addBlogComment, blogPostByUrlTitle, deleteBlogComment, recordBlogView, relatedBlogPosts, toggleBlogLike } from "#domain/content/index.ts";
import { ACCESS, type DomainContext } from "#domain/core/index.ts";
import { readerId } from "#platform/cookies.ts";
import { m } from "#shared/paraglide/messages.js";

/** The post, its related posts, and its view counted once per browser per day (a random reader cookie). */
export async function loadPost(request: Request, domain: DomainContext, urlTitle: string) {
  const post = await loadOrRespond(request, () => blogPostByUrlTitle(domain, urlTitle));
  const url = new URL(request.url);
  if (urlTitle !== post.urlTitle) throw new Response(null, { status: 301, headers: { Location: `/blogs/${post.urlTitle}` } });
  const reader = readerId(request);
  const [related, counted] = await Promise.all([
    relatedBlogPosts(domain, post.id, 3),
    post.scheduled || post.status !== "PUBLISHED" ? false : recordBlogView(domain, post.id, reader.id),
  ]);
  const headers = new Headers();
  if (reader.setCookie) headers.append("Set-Cookie", reader.setCookie);
  return data(
    {
      post: { ...post, viewCount: post.viewCount + (counted ? 1 : 0) },
      related,
      signedIn: Boolean(domain.actor),
      origin: url.origin,
      here: url.pathname,
      onceToken: newOnceToken(),
    },
    { headers },
  );
}

const postOf = (domain: DomainContext, params: Record<string, string | undefined>) => blogPostByUrlTitle(domain, params.urlTitle ?? "");

/**
 * Like (a toggle), comment and delete a comment, for any signed-in account (a visitor is sent to
 * log in and back). The comment form carries a one-time token: posted twice (a double tap, a
 * retry), one comment.
 */
export const postAction = pageAction({
  access: ACCESS.signedIn,
  once: true,
  unknown: m.api_blog_choose_what_to_do,
  unknownFields: () => ({ intent: m.api_blog_like_comment_or_delete() }),
  intents: {
    like: async ({ domain, params, intent }) => ({ ok: true as const, intent, ...(await toggleBlogLike(domain, (await postOf(domain, params)).id)) }),
    comment: async ({ domain, params, fields, intent }) => {
      await addBlogComment(domain, (await postOf(domain, params)).id, { content: fields.content });
      return { ok: true as const, intent, message: m.api_blog_comment_posted() };
    },
    "delete-comment": async ({ domain, params, fields, intent }) => {
      await postOf(domain, params);
      await deleteBlogComment(domain, typeof fields.commentId === "string" ? fields.commentId : "");
      return { ok: true as const, intent, message: m.api_comment_deleted() };
    },
  },
});
