import type { Route } from "./+types/editor";
import { pageAction } from "#app/lib/page-action.server.ts";
import { loadOrRespond, type PageFailure } from "#app/lib/page-errors.server.ts";
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
import { fromIndiaLocalInput } from "#shared/india-time.ts";
import { m } from "#shared/paraglide/messages.js";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const post = params.urlTitle ? await loadOrRespond(request, () => blogPostByUrlTitle(domain, params.urlTitle!)) : null;
  const tags = await blogTags(domain);
  return { post, tags: tags.map((t) => t.name), now: domain.now };
}

export type Values = Record<string, string>;
export type ActionResult = PageFailure | { ok: true; preview: string; values: Values } | { ok: true; message: string };

const FIELDS = ["title", "urlTitle", "excerpt", "tags", "content", "status", "publishAt"] as const;

/** The writer's text fields as typed (an absent one is empty), to preview or to refill the form. */
function valuesOf(form: FormData): Values {
  return Object.fromEntries(
    FIELDS.map((k) => {
      const v = form.get(k);
      return [k, typeof v === "string" ? v : ""];
    }),
  );
}

/** The post this page edits (/update-blog-post/{urlTitle}), or null on /new-blog-post. */
const existingPost = (domain: Parameters<typeof blogPostByUrlTitle>[0], urlTitle: string | undefined) =>
  urlTitle ? blogPostByUrlTitle(domain, urlTitle) : Promise.resolve(null);

/**
 * The writer's forms: save (also a form of no known intent), preview (the no-JS round trip) and
 * remove the cover. Saving goes on to the post's edit page with a toast; a cover the post cannot
 * take leaves the post saved and says why (a warning toast).
 */
export const action = pageAction({
  // The cover: one file of up to BLOG_LIMITS.coverMaxBytes (the text fields still get 1 MB in all).
  read: (request) => readFormData(request, formWithFiles(request, { filesMax: 1, maxFileBytes: BLOG_LIMITS.coverMaxBytes })),
  defaultIntent: "save",
  intents: {
    preview: ({ form }) => {
      const values = valuesOf(form);
      return { ok: true as const, preview: renderBlogMarkdown(values.content!.slice(0, BLOG_LIMITS.contentMax)), values };
    },
    "remove-cover": async ({ params, domain }) => {
      const existing = await existingPost(domain, params.urlTitle);
      if (!existing) throw new Invalid(m.api_e_save_the_post_first());
      await removeBlogCover(domain, existing.id);
      return { ok: true as const, message: "Cover removed: the post shows the placeholder." };
    },
    save: async ({ request, params, domain, form }) => {
      const values = valuesOf(form);
      const existing = await existingPost(domain, params.urlTitle);
      const publishedAt = fromIndiaLocalInput(values.publishAt!);
      if (Number.isNaN(publishedAt)) throw new Invalid(m.api_v_correct_fields(), { publishAt: m.api_e_give_a_date_and_time() });
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
      return redirectWithToast(request, `/update-blog-post/${saved.urlTitle}`, { type: coverProblem ? "warning" : "success", message });
    },
  },
});
