import { useState } from "react";
import { TextArea } from "#app/components/ui/index.ts";
import { BLOG_LIMITS } from "#shared/blog.ts";

/**
 * The writer's Markdown box with its preview beside it (wide screens) or behind a Write/Preview
 * switch (phones). The preview is the server's own rendering (sanitized), handed in as HTML.
 */
export function MarkdownBox({
  content,
  onContent,
  error,
  previewHtml,
}: {
  content: string;
  onContent: (text: string) => void;
  error: string | undefined;
  previewHtml: string;
}) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  return (
    <div className="grid content-start gap-2">
      <div role="tablist" aria-label="Write or preview" className="flex justify-end gap-1 lg:hidden">
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
      <TextArea
        id="f-content"
        name="content"
        label="Content (Markdown)"
        hint="## for a heading, - for a list, **bold**, [link](https://…), ![photo](https://…). HTML is shown as text."
        error={error}
        required
        rows={22}
        maxLength={BLOG_LIMITS.contentMax}
        value={content}
        onChange={(e) => onContent(e.target.value)}
        inputClassName={`font-mono ${tab === "preview" ? "hidden lg:block" : ""}`}
      />
      <section aria-label="Preview" className={`rounded-2xl border border-maroon-100 bg-white p-4 ${tab === "write" ? "hidden lg:block" : ""}`}>
        <h2 className="text-xs font-semibold uppercase tracking-wide text-ink/60">Preview</h2>
        {/* Rendered and sanitized by the server (functions/domain/content/blog-markdown.ts). */}
        <div className="blog-prose mt-2" data-testid="blog-preview" dangerouslySetInnerHTML={{ __html: previewHtml }} />
        <noscript>
          <p className="mt-2 text-sm">The preview updates when you press Preview.</p>
        </noscript>
      </section>
    </div>
  );
}
