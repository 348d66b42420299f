import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard";
import { guardBlogWriting } from "#app/lib/auth-forms.server.ts";
import type { PageFailure } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { blogCount, blogTags, createBlogTag, deleteBlogPost, deleteBlogTags, listBlogPosts, renameBlogTag, type BlogList } from "#domain/content/index.ts";
import { isDomainError } from "#domain/core/index.ts";
import { pageNumber } from "#app/lib/list-loader.server.ts";
import { appContext } from "#functions/page-context.ts";
import { formatCount, formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field, FormAlert, Pager, Select } from "#app/components/ui/index.ts";

/**
 * /blog_dashboard: the admins' list of every post (drafts, scheduled, published) with views, likes
 * and comments, search and a status filter in the URL, delete with a confirm step, and the tags
 * (create, rename, delete). Admins only; the rules are functions/domain/content/'s (blog-*.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [guardBlogWriting];

const STATUSES = { ALL: "All", PUBLISHED: "Published", SCHEDULED: "Scheduled", DRAFT: "Drafts" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  const s = url.searchParams.get("s")?.trim() || undefined;
  const statusParam = url.searchParams.get("status") ?? "ALL";
  const status = (statusParam in STATUSES ? statusParam : "ALL") as keyof typeof STATUSES;
  let list: BlogList;
  try {
    list = await listBlogPosts(domain, { s, status, page: pageNumber(url), limit: 24 });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    list = await listBlogPosts(domain, { status: "ALL", limit: 24 });
  }
  const [tags, counts] = await Promise.all([blogTags(domain), blogCount(domain)]);
  return { list, tags, counts, s: s ?? "", status, confirm: url.searchParams.get("delete") };
}

type ActionResult = PageFailure | { ok: true; intent: string; message: string };

const idOf = (fields: Record<string, unknown>) => (typeof fields.id === "string" ? fields.id : "");

/** The dashboard's forms: delete a post; create, rename or delete a tag. Each answer shows on the page. */
export const action = pageAction({
  unknown: "Choose what to do.",
  unknownFields: { intent: "Delete a post, or create, rename or delete a tag." },
  intents: {
    "delete-post": async ({ domain, fields, done }) => {
      await deleteBlogPost(domain, idOf(fields));
      return done("Post deleted.");
    },
    "create-tag": async ({ domain, fields, done }) => done(`Tag “${(await createBlogTag(domain, { name: fields.name })).name}” created.`),
    "rename-tag": async ({ domain, fields, done }) => done(`Tag renamed to “${(await renameBlogTag(domain, idOf(fields), { name: fields.name })).name}”.`),
    "delete-tag": async ({ domain, fields, done }) => {
      await deleteBlogTags(domain, { ids: [idOf(fields)] });
      return done("Tag deleted.");
    },
  },
});

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Blog dashboard") }, { name: "robots", content: "noindex" }];

function statusOf(p: { status: string; scheduled: boolean; publishedAt: number | null }): string {
  if (p.scheduled && p.publishedAt) return `Scheduled for ${formatDate(p.publishedAt)}`;
  return p.status === "PUBLISHED" ? "Published" : "Draft";
}

export default function BlogDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { list, tags, counts, s, status, confirm } = loaderData;
  const result = actionData as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const tagFailure = result && !result.ok && result.intent?.includes("tag") ? result : null;
  const postFailure = result && !result.ok && !result.intent?.includes("tag") ? result : null;
  const here = (extra: Record<string, string>) => {
    const params = new URLSearchParams({ ...(s ? { s } : {}), ...(status !== "ALL" ? { status } : {}), ...extra });
    return `/blog_dashboard${params.size ? `?${params}` : ""}`;
  };
  return (
    <div className="container-page py-6 md:py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-ink/70">
        <Link to="/admin" className="hover:text-maroon-700">
          Admin
        </Link>
      </nav>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-maroon-700">Blog dashboard</h1>
          <p className="mt-1 text-sm text-ink/75">
            {formatCount(counts.published)} published · {formatCount(counts.scheduled ?? 0)} scheduled · {formatCount(counts.drafts ?? 0)} drafts
          </p>
        </div>
        <div className="flex gap-2">
          <Link to="/blogs" className="btn-secondary">
            See the blog
          </Link>
          <Link to="/new-blog-post" className="btn-primary">
            New post
          </Link>
        </div>
      </div>

      <FormAlert message={result?.ok ? result.message : null} tone="success" className="mt-4" />
      <FormAlert message={postFailure?.message} className="mt-4" />

      <Form method="get" className="mt-5 flex flex-wrap items-end gap-3" role="search">
        <Field name="s" type="search" label="Search" defaultValue={s} maxLength={100} />
        <Select name="status" label="Status" defaultValue={status} options={Object.entries(STATUSES)} />
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>

      {list.posts.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-maroon-100 bg-white p-6 text-center">No posts here yet.</p>
      ) : (
        <div className="mt-5 overflow-x-auto rounded-2xl border border-maroon-100 bg-white">
          <table className="w-full min-w-[720px] text-left text-sm">
            <caption className="sr-only">Blog posts</caption>
            <thead className="bg-maroon-50 text-xs uppercase tracking-wide text-ink/70">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Post
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Views
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Likes
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Comments
                </th>
                <th scope="col" className="px-4 py-3">
                  Updated
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.posts.map((p) => (
                <tr key={p.id} className="border-t border-maroon-100" data-testid="dashboard-post">
                  <th scope="row" className="px-4 py-3 font-semibold">
                    <Link to={`/update-blog-post/${p.urlTitle}`} className="hover:text-maroon-700">
                      {p.title}
                    </Link>
                    <span className="block text-xs font-normal text-ink/60">/blogs/{p.urlTitle}</span>
                  </th>
                  <td className="px-4 py-3">{statusOf(p)}</td>
                  <td className="px-4 py-3 text-right">{formatCount(p.viewCount)}</td>
                  <td className="px-4 py-3 text-right">{formatCount(p.likeCount)}</td>
                  <td className="px-4 py-3 text-right">{formatCount(p.commentCount)}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDate(p.updatedAt)}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <Link to={`/update-blog-post/${p.urlTitle}`} className="font-semibold text-maroon-700 underline">
                      Edit
                    </Link>
                    {" · "}
                    <Link to={`/blogs/${p.urlTitle}`} className="font-semibold text-maroon-700 underline">
                      View
                    </Link>
                    {" · "}
                    {confirm === p.id ? (
                      <Form method="post" action={here({})} className="inline">
                        <input type="hidden" name="intent" value="delete-post" />
                        <input type="hidden" name="id" value={p.id} />
                        <button type="submit" className="font-semibold text-red-700 underline" disabled={busy}>
                          Yes, delete it
                        </button>{" "}
                        <Link to={here({})} className="underline">
                          Keep
                        </Link>
                      </Form>
                    ) : (
                      <Link to={here({ delete: p.id })} className="font-semibold text-red-700 underline" preventScrollReset>
                        Delete
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={list.page} pages={list.pages} href={(p) => here({ page: String(p) })} />

      <section aria-labelledby="tags-title" className="mt-10 rounded-2xl border border-maroon-100 bg-white p-5">
        <h2 id="tags-title" className="text-xl font-bold text-maroon-800">
          Tags
        </h2>
        {tagFailure && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {tagFailure.errors.name ?? tagFailure.message}
          </p>
        )}
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="create-tag" />
          <Field name="name" label="New tag" data-raw required minLength={2} maxLength={40} />
          <button type="submit" className="btn-primary" disabled={busy}>
            Add tag
          </button>
        </Form>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {tags.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center gap-2 rounded-xl border border-maroon-100 p-2" data-testid="dashboard-tag">
              <Form method="post" className="flex flex-1 items-center gap-2">
                <input type="hidden" name="intent" value="rename-tag" />
                <input type="hidden" name="id" value={t.id} />
                <Field
                  id={`tag-${t.id}`}
                  name="name"
                  label={<span className="sr-only">Name of {t.name}</span>}
                  data-raw
                  defaultValue={t.name}
                  required
                  minLength={2}
                  maxLength={40}
                  className="flex-1"
                  inputClassName="py-1"
                />
                <button type="submit" className="text-sm font-semibold text-maroon-700 underline">
                  Rename
                </button>
              </Form>
              <span className="text-xs text-ink/70">{t.postCount} published</span>
              <Form method="post">
                <input type="hidden" name="intent" value="delete-tag" />
                <input type="hidden" name="id" value={t.id} />
                <button type="submit" className="text-sm font-semibold text-red-700 underline" aria-label={`Delete the tag ${t.name}`}>
                  Delete
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
