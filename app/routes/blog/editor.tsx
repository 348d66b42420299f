import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/editor";
import { BlogCover } from "#app/components/blog/BlogCover.tsx";
import { shrinkChosenPhotos } from "#app/lib/upload-client.ts";
import { guardBlogWriting } from "#app/lib/auth-forms.server.ts";
import { formFailure, loadOrRespond, submitOrRespond, type PageFailure } from "#app/lib/page-errors.server.ts";
import {
  blogPostByUrlTitle,
  blogTags,
  createBlogPost,
  removeBlogCover,
  renderBlogMarkdown,
  setBlogCover,
  updateBlogPost,
  type BlogPost,
} from "#domain/content/index.ts";
import { Invalid } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { formWithFiles, readFormData } from "#platform/request-body.ts";
import { BLOG_LIMITS } from "#shared/blog.ts";
import { pageTitle } from "#shared/strings.ts";
import { fromIndiaLocalInput, toIndiaLocalInput } from "#shared/india-time.ts";

/**
 * /new-blog-post and /update-blog-post/{urlTitle}: the admins' writer. Title, urlTitle (from the
 * title unless given), excerpt, cover, tags, Markdown content with a live preview rendered by the
 * server's own renderer, Draft or Published, and a publish time (India time) to schedule. A plain
 * form: without JavaScript the "Preview" button shows the preview after a round trip.
 */
export const middleware: Route.MiddlewareFunction[] = [guardBlogWriting];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const post = params.urlTitle ? await loadOrRespond(request, () => blogPostByUrlTitle(domain, params.urlTitle!)) : null;
  const tags = await blogTags(domain);
  return { post, tags: tags.map((t) => t.name), now: domain.now };
}

type Values = Record<string, string>;
type ActionResult = PageFailure | { ok: true; preview: string; values: Values } | { ok: true; message: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  let form: FormData;
  try {
    form = await readFormData(request, formWithFiles(request, { filesMax: 1, maxFileBytes: BLOG_LIMITS.coverMaxBytes }));
  } catch (error) {
    return formFailure(error, request);
  }
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const intent = text("intent") || "save";
  const values: Values = Object.fromEntries(["title", "urlTitle", "excerpt", "tags", "content", "status", "publishAt"].map((k) => [k, text(k)]));
  if (intent === "preview") return { ok: true as const, preview: renderBlogMarkdown(values.content!.slice(0, BLOG_LIMITS.contentMax)), values };
  return submitOrRespond(
    request,
    async () => {
      const existing = params.urlTitle ? await blogPostByUrlTitle(domain, params.urlTitle) : null;
      if (intent === "remove-cover") {
        if (!existing) throw new Invalid("Save the post first.");
        await removeBlogCover(domain, existing.id);
        return { ok: true as const, message: "Cover removed: the post shows the placeholder." };
      }
      const publishedAt = fromIndiaLocalInput(values.publishAt!);
      if (Number.isNaN(publishedAt)) throw new Invalid("Please correct the highlighted fields.", { publishAt: "Give a date and time." });
      const input = {
        title: values.title,
        urlTitle: values.urlTitle!.trim(),
        excerpt: values.excerpt,
        content: values.content,
        status: values.status === "PUBLISHED" ? "PUBLISHED" : "DRAFT",
        publishedAt,
        tags: values
          .tags!.split(",")
          .map((t) => t.trim())
          .filter(Boolean),
      };
      const cover = form.get("cover");
      const file = cover instanceof File && cover.size > 0 ? cover : null;
      const saved: BlogPost = existing ? await updateBlogPost(domain, existing.id, input) : await createBlogPost(domain, input);
      let coverProblem = "";
      if (file) {
        try {
          await setBlogCover(domain, saved.id, file);
        } catch (e) {
          if (!(e instanceof Invalid)) throw e;
          coverProblem = ` The cover was not saved: ${e.fields.cover ?? e.message}`;
        }
      }
      const message =
        (saved.scheduled
          ? "Post scheduled."
          : saved.status === "PUBLISHED"
            ? existing?.status === "PUBLISHED"
              ? "Post updated."
              : "Post published."
            : "Draft saved.") + coverProblem;
      throw redirectWithToast(request, `/update-blog-post/${saved.urlTitle}`, { type: coverProblem ? "warning" : "success", message });
    },
    { intent },
  );
}

/** The live preview's fetches change nothing this page shows: they must not reload it (a reload racing a save's redirect kept the writer on the old page). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/blog-preview" ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.post ? `Edit: ${loaderData.post.title}` : "New blog post") },
  { name: "robots", content: "noindex" },
];

function Field({ label, name, error, hint, children }: { label: string; name: string; error?: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={`f-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`f-${name}-hint`} className="text-xs text-ink/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`f-${name}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const fieldProps = (name: string, error?: string, hint?: boolean) => ({
  id: `f-${name}`,
  name,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `f-${name}-error` : hint ? `f-${name}-hint` : undefined,
  className: `field-input ${error ? "border-red-600" : ""}`,
});

/** A urlTitle from a title, as the server makes one (the server still checks and numbers it when taken). */
const urlTitleFrom = (title: string) =>
  title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);

export default function BlogEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { post, tags } = loaderData;
  const result = actionData as ActionResult | undefined;
  const failure = result && !result.ok ? result : null;
  const previewed = result && result.ok && "preview" in result ? result : null;
  const notice = result && result.ok && "message" in result ? result.message : null;
  const values: Values = failure?.values ?? previewed?.values ?? {};
  const errors = failure?.errors ?? {};
  const initial = {
    title: values.title ?? post?.title ?? "",
    urlTitle: values.urlTitle ?? post?.urlTitle ?? "",
    excerpt: values.excerpt ?? post?.excerpt ?? "",
    tags: values.tags ?? post?.tags.map((t) => t.name).join(", ") ?? "",
    content: values.content ?? post?.content ?? "",
    status: values.status ?? post?.status ?? "DRAFT",
    publishAt: values.publishAt ?? toIndiaLocalInput(post?.publishedAt ?? null),
  };
  const [title, setTitle] = useState(initial.title);
  const [urlTitle, setUrlTitle] = useState(initial.urlTitle);
  const [urlTouched, setUrlTouched] = useState(Boolean(post) || Boolean(values.urlTitle));
  const [content, setContent] = useState(initial.content);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [dirty, setDirty] = useState(false);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const preview = useFetcher<{ html: string }>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Live preview: the server renders it (the same renderer as the post page), 400 ms after typing stops.
  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void preview.submit({ content }, { method: "post", action: "/blog-preview" });
    }, 400);
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fetcher's identity changes on each render
  }, [content]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty || saving) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, saving]);

  const previewHtml = preview.data?.html ?? previewed?.preview ?? post?.html ?? "";
  const heading = post ? "Edit post" : "New blog post";
  return (
    <div className="container-page py-6 md:py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-ink/70">
        <Link to="/admin" className="hover:text-maroon-700">
          Admin
        </Link>
        {" / "}
        <Link to="/blog_dashboard" className="hover:text-maroon-700">
          Blog dashboard
        </Link>
      </nav>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-maroon-700">{heading}</h1>
        {post && (
          <p className="text-sm">
            {post.scheduled ? "Scheduled" : post.status === "PUBLISHED" ? "Published" : "Draft"}
            {post.status === "PUBLISHED" && (
              <>
                {" · "}
                <Link to={`/blogs/${post.urlTitle}`} className="font-semibold text-maroon-700 underline" data-testid="view-post">
                  View post
                </Link>
              </>
            )}
          </p>
        )}
      </div>
      {failure && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {failure.message}
        </p>
      )}
      {notice && (
        <p role="status" className="mt-4 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
          {notice}
        </p>
      )}

      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-5 grid gap-6 lg:grid-cols-2"
        onChange={() => setDirty(true)}
        onSubmit={() => setDirty(false)}
      >
        <div className="grid content-start gap-4">
          <Field label="Title" name="title" error={errors.title}>
            <input
              {...fieldProps("title", errors.title)}
              type="text"
              data-raw
              required
              minLength={BLOG_LIMITS.titleMin}
              maxLength={BLOG_LIMITS.titleMax}
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                if (!urlTouched) setUrlTitle(urlTitleFrom(e.target.value));
              }}
            />
          </Field>
          <Field
            label="urlTitle (the post's address)"
            name="urlTitle"
            error={errors.urlTitle}
            hint={`/blogs/${urlTitle || "…"}: lower-case words joined by hyphens; left empty, it is made from the title.`}
          >
            <input
              {...fieldProps("urlTitle", errors.urlTitle, true)}
              type="text"
              data-raw
              maxLength={BLOG_LIMITS.urlTitleMax}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              value={urlTitle}
              onChange={(e) => {
                setUrlTouched(true);
                setUrlTitle(e.target.value);
              }}
            />
          </Field>
          <Field
            label="Excerpt"
            name="excerpt"
            error={errors.excerpt}
            hint="One or two sentences for lists and search results; left empty, the start of the post."
          >
            <textarea {...fieldProps("excerpt", errors.excerpt, true)} data-raw rows={2} maxLength={BLOG_LIMITS.excerptMax} defaultValue={initial.excerpt} />
          </Field>
          <Field
            label="Tags"
            name="tags"
            error={errors.tags}
            hint={`Separated by commas, up to ${BLOG_LIMITS.tagsMax}. Existing: ${tags.join(", ") || "none yet"}.`}
          >
            <input {...fieldProps("tags", errors.tags, true)} type="text" data-raw defaultValue={initial.tags} list="blog-tags" />
          </Field>
          <datalist id="blog-tags">
            {tags.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <div className="grid gap-2">
            <label htmlFor="f-cover" className="text-sm font-semibold">
              Cover image
            </label>
            {post && <BlogCover src={post.coverImage} className="max-w-sm rounded-xl" />}
            <input
              id="f-cover"
              name="cover"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="text-sm"
              aria-describedby="f-cover-hint"
              onChange={(e) => void shrinkChosenPhotos(e.currentTarget, BLOG_LIMITS.coverMaxBytes)}
            />
            <p id="f-cover-hint" className="text-xs text-ink/70">
              PNG, JPEG or WebP up to 8 MB; shown 1200 px wide. Without one, the placeholder shows.
            </p>
            {post?.coverImage && (
              <button
                type="submit"
                name="intent"
                value="remove-cover"
                formNoValidate
                className="justify-self-start text-sm font-semibold text-red-700 underline"
              >
                Remove the cover
              </button>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Status" name="status" error={errors.status}>
              <select {...fieldProps("status", errors.status)} defaultValue={initial.status}>
                <option value="DRAFT">Draft</option>
                <option value="PUBLISHED">Published</option>
              </select>
            </Field>
            <Field
              label="Publish at (India time)"
              name="publishAt"
              error={errors.publishAt ?? errors.publishedAt}
              hint="Empty: now. A later time schedules the post."
            >
              <input {...fieldProps("publishAt", errors.publishAt ?? errors.publishedAt, true)} type="datetime-local" defaultValue={initial.publishAt} />
            </Field>
          </div>
        </div>

        <div className="grid content-start gap-2">
          <div className="flex items-center justify-between gap-2">
            <label htmlFor="f-content" className="text-sm font-semibold">
              Content (Markdown)
            </label>
            <div role="tablist" aria-label="Write or preview" className="flex gap-1 lg:hidden">
              {(["write", "preview"] as const).map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={tab === t}
                  onClick={() => setTab(t)}
                  className={`rounded-full px-3 py-1 text-sm font-semibold ${tab === t ? "bg-maroon-700 text-white" : "border border-maroon-200 text-maroon-700"}`}
                >
                  {t === "write" ? "Write" : "Preview"}
                </button>
              ))}
            </div>
          </div>
          <textarea
            {...fieldProps("content", errors.content)}
            data-raw
            required
            rows={22}
            maxLength={BLOG_LIMITS.contentMax}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            className={`field-input font-mono text-sm ${tab === "preview" ? "hidden lg:block" : ""}`}
          />
          {errors.content && (
            <p id="f-content-error" role="alert" className="text-sm text-red-700">
              {errors.content}
            </p>
          )}
          <p className="text-xs text-ink/70">## for a heading, - for a list, **bold**, [link](https://…), ![photo](https://…). HTML is shown as text.</p>
          <section aria-label="Preview" className={`rounded-2xl border border-maroon-100 bg-white p-4 ${tab === "write" ? "hidden lg:block" : ""}`}>
            <h2 className="text-xs font-semibold uppercase tracking-wide text-ink/60">Preview</h2>
            {/* Rendered and sanitized by the server (functions/domain/content/blog-markdown.ts). */}
            <div className="blog-prose mt-2" data-testid="blog-preview" dangerouslySetInnerHTML={{ __html: previewHtml }} />
            <noscript>
              <p className="mt-2 text-sm">The preview updates when you press Preview.</p>
            </noscript>
          </section>
        </div>

        <div className="flex flex-wrap gap-3 lg:col-span-2">
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
            {saving ? "Saving…" : "Save"}
          </button>
          <button type="submit" name="intent" value="preview" formNoValidate className="btn-secondary">
            Preview
          </button>
          <Link to="/blog_dashboard" className="btn-secondary">
            Back to the dashboard
          </Link>
        </div>
      </Form>
    </div>
  );
}
