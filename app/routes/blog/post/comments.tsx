import { m } from "#shared/paraglide/messages.js";
import { Form, Link } from "react-router";
import { TextArea } from "#app/components/ui/index.ts";
import { OnceToken } from "#app/lib/once-token.tsx";
import type { PageFailure } from "#app/lib/page-errors.server.ts";
import { formatCount, formatDate } from "#shared/format.ts";
import { loginPath } from "#shared/links.ts";
import type { Route } from "./+types/route";

export type ActionResult = PageFailure | { ok: true; intent: string; message?: string; liked?: boolean; likeCount?: number };
type Post = Route.ComponentProps["loaderData"]["post"];

/** A post's comments, the comment form (one comment per token) and each comment's Delete for its author or an admin. */
export function Comments({
  post,
  signedIn,
  here,
  onceToken,
  result,
  busy,
}: {
  post: Post;
  signedIn: boolean;
  here: string;
  onceToken: string;
  result: ActionResult | undefined;
  busy: FormDataEntryValue | null | undefined;
}) {
  const commentFailure = result && !result.ok && result.intent === "comment" ? result : null;
  return (
    <section aria-labelledby="comments-title" className="mt-8">
      <h2 id="comments-title" className="text-2xl font-bold text-maroon-800">
        {m.public_post_comments({ count: formatCount(post.commentCount) })}
      </h2>
      {post.comments.length === 0 ? (
        <p className="mt-2 text-ink/75">{m.public_post_no_comments()}</p>
      ) : (
        <ol className="mt-4 grid gap-4">
          {post.comments.map((c) => (
            <li key={c.id} className="rounded-2xl border border-maroon-100 bg-white p-4" data-testid="comment">
              <p className="text-sm">
                <strong translate="no">{c.author.name}</strong> <span className="text-ink/70">· {formatDate(c.createdAt)}</span>
              </p>
              <p className="mt-1 whitespace-pre-line break-words" translate="no">
                {c.content}
              </p>
              {c.canDelete && (
                <Form method="post" preventScrollReset className="mt-2">
                  <input type="hidden" name="intent" value="delete-comment" />
                  <input type="hidden" name="commentId" value={c.id} />
                  <button type="submit" className="text-sm font-semibold text-red-700 underline" disabled={busy === "delete-comment"}>
                    {m.public_post_delete_comment()}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
      )}
      {signedIn ? (
        <Form method="post" preventScrollReset className="mt-5 grid gap-2" key={result?.ok && result.intent === "comment" ? post.commentCount : "form"}>
          <input type="hidden" name="intent" value="comment" />
          <OnceToken token={onceToken} />
          <TextArea
            id="comment-content"
            label={m.public_post_add_comment()}
            name="content"
            rows={4}
            maxLength={2000}
            required
            defaultValue={commentFailure?.values?.content ?? ""}
            error={commentFailure ? (commentFailure.errors.content ?? commentFailure.message) : undefined}
          />
          {result?.ok && result.message && (
            <p role="status" className="text-sm text-emerald-800">
              {result.message}
            </p>
          )}
          <div>
            <button type="submit" className="btn-primary" disabled={busy === "comment"}>
              {m.public_post_post_comment()}
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-4">
          <Link to={loginPath(here)} className="font-semibold text-maroon-700 underline">
            {m.public_post_login_comment()}
          </Link>
        </p>
      )}
    </section>
  );
}
