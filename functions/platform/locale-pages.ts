import { LOCALE_PREFIX, type Locale } from "#shared/locale.ts";

/**
 * What a Hindi page's answer needs beyond the render (functions/worker.ts serves /hi with the
 * basename /hi, so links and client navigations stay under /hi by themselves):
 * - a redirect a loader or action sends to a path of the site ("/login", "/") stays in Hindi
 *   (client navigations get this from React Router's basename; a document request from here);
 *   except a redirect that changes the language on purpose, marked with LANGUAGE_REDIRECT_HEADER
 *   (app/root.tsx: a person's own page in the language they chose);
 * - the canonical link a page's meta names (`${origin}/about`) is the Hindi page's own URL.
 */
/** Marks a redirect whose Location is already in the language it means (the header is removed before answering). */
export const LANGUAGE_REDIRECT_HEADER = "X-Mandap-Language-Redirect";

const OUTSIDE_PAGES = /^\/(api|media|sandbox-gateway)(\/|$)/;

function localPath(location: string, locale: Locale): string | null {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix || !location.startsWith("/") || location.startsWith("//")) return null;
  if (location === prefix || location.startsWith(`${prefix}/`) || location.startsWith(`${prefix}?`) || OUTSIDE_PAGES.test(location)) return null;
  return location === "/" ? prefix : location.startsWith("/?") ? `${prefix}${location.slice(1)}` : `${prefix}${location}`;
}

export function localizePageResponse(response: Response, locale: Locale, origin: string): Response {
  if (response.headers.has(LANGUAGE_REDIRECT_HEADER)) {
    response.headers.delete(LANGUAGE_REDIRECT_HEADER);
    return response;
  }
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return response;
  const location = response.headers.get("Location");
  if (location && response.status >= 300 && response.status < 400) {
    const local = localPath(location.startsWith(origin) ? location.slice(origin.length) || "/" : location, locale);
    if (local) response.headers.set("Location", local);
    return response;
  }
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return response;
  return new HTMLRewriter()
    .on('link[rel="canonical"]', {
      element(element) {
        const href = element.getAttribute("href") ?? "";
        const path = href.startsWith(origin) ? href.slice(origin.length) || "/" : href;
        const local = localPath(path, locale);
        if (local) element.setAttribute("href", `${origin}${local}`);
      },
    })
    .transform(response);
}
