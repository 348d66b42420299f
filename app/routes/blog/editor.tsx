import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/editor";
import { BlogCover } from "#app/components/blog/BlogCover.tsx";
import { Field, FormAlert, Select, TextArea } from "#app/components/ui/index.ts";
import { FieldFrame, useFieldWiring } from "#app/components/ui/field-wiring.tsx";
import { shrinkChosenPhotos } from "#app/lib/upload-client.ts";
import { guardBlogWriting } from "#app/lib/auth-forms.server.ts";
import { BLOG_LIMITS } from "#shared/blog.ts";
import { pageTitle } from "#shared/strings.ts";
import { toIndiaLocalInput } from "#shared/india-time.ts";
import type { ActionResult, Values } from "./editor.server.ts";
import { MarkdownBox } from "./markdown-box.tsx";

export { action, loader } from "./editor.server.ts";

/**
 * /new-blog-post and /update-blog-post/{urlTitle}: the admins' writer. Title, urlTitle (from the
 * title unless given), excerpt, cover, tags, Markdown content with a live preview rendered by the
 * server's own renderer, Draft or Published, and a publish time (India time) to schedule. A plain
 * form: without JavaScript the "Preview" button shows the preview after a round trip. The loader
 * and the action are editor.server.ts; the fields are the UI primitives (decision 0038).
 */
export const middleware: Route.MiddlewareFunction[] = [guardBlogWriting];

/** The live preview's fetches change nothing this page shows: they must not reload it (a reload racing a save's redirect kept the writer on the old page). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/blog-preview" ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.post ? `Edit: ${loaderData.post.title}` : "New blog post") },
  { name: "robots", content: "noindex" },
];

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
  const [dirty, setDirty] = useState(false);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const preview = useFetcher<{ html: string }>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cover = useFieldWiring({ error: errors.cover, hint: true }, { id: "f-cover", name: "cover" });

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
      <FormAlert message={failure?.message} className="mt-4" />
      <FormAlert message={notice} tone="success" className="mt-4" />

      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-5 grid gap-6 lg:grid-cols-2"
        onChange={() => setDirty(true)}
        onSubmit={() => setDirty(false)}
      >
        <div className="grid content-start gap-4">
          <Field
            id="f-title"
            name="title"
            label="Title"
            error={errors.title}
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
          <Field
            id="f-urlTitle"
            name="urlTitle"
            label="urlTitle (the post's address)"
            error={errors.urlTitle}
            hint={`/blogs/${urlTitle || "…"}: lower-case words joined by hyphens; left empty, it is made from the title.`}
            data-raw
            maxLength={BLOG_LIMITS.urlTitleMax}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            value={urlTitle}
            onChange={(e) => {
              setUrlTouched(true);
              setUrlTitle(e.target.value);
            }}
          />
          <TextArea
            id="f-excerpt"
            name="excerpt"
            label="Excerpt"
            error={errors.excerpt}
            hint="One or two sentences for lists and search results; left empty, the start of the post."
            rows={2}
            maxLength={BLOG_LIMITS.excerptMax}
            defaultValue={initial.excerpt}
          />
          <Field
            id="f-tags"
            name="tags"
            label="Tags"
            error={errors.tags}
            hint={`Separated by commas, up to ${BLOG_LIMITS.tagsMax}. Existing: ${tags.join(", ") || "none yet"}.`}
            data-raw
            defaultValue={initial.tags}
            list="blog-tags"
          />
          <datalist id="blog-tags">
            {tags.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <div className="grid gap-2">
            <FieldFrame
              wiring={cover}
              label="Cover image"
              hint="PNG, JPEG or WebP up to 8 MB; shown 1200 px wide. Without one, the placeholder shows."
              className="gap-2"
            >
              {post && <BlogCover src={post.coverImage} className="max-w-sm rounded-xl" />}
              <input
                id={cover.id}
                name="cover"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="text-sm"
                {...cover.aria}
                onChange={(e) => void shrinkChosenPhotos(e.currentTarget, BLOG_LIMITS.coverMaxBytes)}
              />
            </FieldFrame>
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
            <Select
              id="f-status"
              name="status"
              label="Status"
              error={errors.status}
              defaultValue={initial.status}
              options={[
                ["DRAFT", "Draft"],
                ["PUBLISHED", "Published"],
              ]}
            />
            <Field
              id="f-publishAt"
              name="publishAt"
              label="Publish at (India time)"
              type="datetime-local"
              error={errors.publishAt ?? errors.publishedAt}
              hint="Empty: now. A later time schedules the post."
              defaultValue={initial.publishAt}
            />
          </div>
        </div>

        <MarkdownBox content={content} onContent={setContent} error={errors.content} previewHtml={previewHtml} />

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
