import { Link } from "react-router";
import type { Route } from "./+types/route";
import { CardEditor } from "#app/components/card-editor/CardEditor.tsx";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * /editor and /update_editor (one module, route ids "editor" and "update-editor"): the invitation
 * card editor (issue 13). The loader (editor.server.ts) decides what opens; the editor itself runs
 * in the browser and loads fabric.js only there, so it needs JavaScript (the <noscript> says so).
 */
export { editorLoader as loader } from "./editor.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: pageTitle(
      loaderData && "target" in loaderData
        ? m.couple_editor_title_edit({ title: "title" in loaderData.target ? loaderData.target.title : m.couple_editor_new_template() })
        : m.couple_editor_title(),
    ),
  },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function EditorPage({ loaderData }: Route.ComponentProps) {
  if ("buy" in loaderData) {
    const { templateId, message } = loaderData.buy;
    return (
      <section className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
        <h1 className="font-display text-3xl font-bold text-maroon-700">{m.couple_editor_buy()}</h1>
        <p className="max-w-lg text-ink/75">{message}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={`/payment?template=${encodeURIComponent(templateId)}`} className="btn-primary">
            {m.couple_editor_buy_link()}
          </Link>
          <Link to="/templates" className="btn-secondary">
            {m.couple_editor_free_templates()}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <>
      <noscript>
        <p className="container-page my-6 rounded-lg bg-amber-50 p-4 text-amber-900">{m.couple_editor_needs_js()}</p>
      </noscript>
      <CardEditor target={loaderData.target} />
    </>
  );
}
