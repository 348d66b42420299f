import { Marked } from "marked";
import * as xssModule from "xss";

/**
 * Blog Markdown to HTML, on the server, in two locks:
 * 1. marked renders Markdown with raw HTML switched off: an HTML block or tag written in the
 *    Markdown is shown as text, never passed through.
 * 2. The result is filtered by an allow-list (xss): only the tags Markdown produces, only their
 *    harmless attributes; links only http(s), mailto or site-relative; images only from our own
 *    storage (/media/) or https. Anything else is dropped.
 * The output is what /blogs/{urlTitle} and the writer's preview show.
 */

const markdown = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    // Raw HTML in the Markdown source is text, not markup.
    html: ({ text }) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"),
  },
});

const TAGS = [
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "em",
  "strong",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "table",
  "thead",
  "tbody",
  "tr",
];

const allowList: Record<string, string[]> = {
  ...Object.fromEntries(TAGS.map((t) => [t, []])),
  // A post's own title is its h1: headings written as "#" are shown as h2 (see below).
  h1: [],
  a: ["href", "title", "rel"],
  img: ["src", "alt", "title"],
  th: ["align"],
  td: ["align"],
  input: ["type", "checked", "disabled"],
  ol_start: [],
};
allowList.ol = ["start"];

/** Link targets a reader may follow: web pages, e-mail, or a page of this site. */
export function safeLink(value: string): string | null {
  const v = value.trim();
  if (/^https?:\/\/[^\s]+$/i.test(v) || /^mailto:[^\s]+$/i.test(v)) return v;
  if (/^\/(?!\/)[^\s]*$/.test(v) || /^#[\w-]*$/.test(v)) return v;
  return null;
}

/** Image sources: our own storage or an https address. */
export function safeImage(value: string): string | null {
  const v = value.trim();
  if (/^\/media\/[^\s]+$/.test(v) && !v.includes("..")) return v;
  if (/^https:\/\/[^\s]+$/i.test(v)) return v;
  return null;
}

// xss is CommonJS: Node sees its named exports, the Workers bundle only a default (the filterXSS function carrying them).
type XssModule = typeof xssModule & { default?: typeof xssModule };
const { FilterXSS } = (xssModule as XssModule).FilterXSS ? xssModule : ((xssModule as XssModule).default ?? xssModule);

const filter = new FilterXSS({
  whiteList: allowList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "svg", "math", "template", "noscript"],
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value) {
    // Decoded by the xss library before this is called, so "&#106;avascript:" arrives as "javascript:".
    if (tag === "a" && name === "href") {
      const href = safeLink(decodeEntities(value));
      return href === null ? "" : `href="${escapeAttr(href)}"`;
    }
    if (tag === "img" && name === "src") {
      const src = safeImage(decodeEntities(value));
      return src === null ? "" : `src="${escapeAttr(src)}"`;
    }
    if (tag === "input" && name === "type") return value === "checkbox" ? 'type="checkbox"' : "";
    return undefined;
  },
});

function decodeEntities(value: string): string {
  return (
    value
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&colon;/gi, ":")
      .replace(/&tab;|&newline;/gi, "")
      .replace(/&amp;/g, "&")
      // eslint-disable-next-line no-control-regex -- control characters hide a scheme ("java\tscript:"): removed on purpose
      .replace(/[\u0000-\u001f\u007f\s]+/g, "")
  );
}

const escapeAttr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Markdown to sanitized HTML (see the module comment). External links get rel="nofollow noopener ugc". */
export function renderBlogMarkdown(source: string): string {
  const html = markdown.parse(source, { async: false });
  const clean = filter.process(html);
  return clean
    .replace(/<h1>/g, "<h2>")
    .replace(/<\/h1>/g, "</h2>")
    .replace(/<a href="(https?:[^"]*)"/g, '<a href="$1" rel="nofollow noopener ugc"')
    .replace(/<img /g, '<img loading="lazy" decoding="async" ');
}

/** Plain text of a Markdown source (for excerpts and reading time). */
export function markdownText(source: string): string {
  return source
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, " ")
    .replace(/[#>*_`~|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
