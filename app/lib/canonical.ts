import { getLocale, pathInLocale } from "#shared/locale.ts";

/**
 * A page's canonical link, in the language it is rendered in: `/about` on an English page,
 * `/hi/about` on its Hindi one. Written by the page's meta on the server and again on every client
 * render, so the two agree (the server's HTML rewrite alone was undone when React re-rendered the
 * meta after hydration, leaving a Hindi page naming the English one).
 */
export function canonicalLink(origin: string, pathAndQuery: string) {
  const cut = pathAndQuery.search(/[?#]/);
  const path = cut < 0 ? pathAndQuery : pathAndQuery.slice(0, cut);
  const rest = cut < 0 ? "" : pathAndQuery.slice(cut);
  return { tagName: "link", rel: "canonical", href: `${origin}${pathInLocale(path || "/", getLocale())}${rest}` } as const;
}
