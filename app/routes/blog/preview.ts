import type { Route } from "./+types/preview";
import { guardBlogWriting } from "#app/lib/auth-forms.server.ts";
import { renderBlogMarkdown } from "#domain/content/index.ts";
import { BLOG_LIMITS } from "#shared/blog.ts";
import { readFormData } from "#platform/request-body.ts";
import { pageAction } from "#app/lib/page-action.server.ts";

/**
 * POST /blog-preview {content}: the writer's live preview. The same renderer and allow-list as the
 * published post (functions/domain/content/blog-markdown.ts), so what the admin sees is what readers get.
 * Admins only (the writing pages' guard).
 */
export const middleware: Route.MiddlewareFunction[] = [guardBlogWriting];

/** The writer's fetch (no intent): a body that cannot be read previews as empty, never an error. */
export const action = pageAction({
  read: (request) => readFormData(request).catch(() => new FormData()),
  defaultIntent: "preview",
  intents: {
    preview: ({ form }) => {
      const content = form.get("content");
      const text = typeof content === "string" ? content.slice(0, BLOG_LIMITS.contentMax) : "";
      return Response.json({ html: renderBlogMarkdown(text) }, { headers: { "Cache-Control": "no-store" } });
    },
  },
});

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
