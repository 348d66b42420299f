/**
 * The one check for where this site may send a browser (after log-in, back from a form, from a
 * guard). Only a path on this site passes; everything else gives null and the caller uses its own
 * default. Refused before parsing: control characters (tab, CR, LF, NUL: URL parsing silently
 * drops tabs and newlines, so "/\t/evil" would become "//evil", and CR/LF cannot go in a Location
 * header), backslashes (browsers read "\" as "/"), anything not starting with one "/". After
 * parsing against the site's origin the origin must be unchanged and the normalised path, also
 * once percent-decoded, must still be a plain path ("/%2F%2Fevil", "/.//evil").
 */
const CONTROL_OR_BACKSLASH = {
  test: (s: string) => [...s].some((ch) => ch === "\\" || ch.charCodeAt(0) < 0x20 || (ch.charCodeAt(0) >= 0x7f && ch.charCodeAt(0) <= 0x9f)),
};
const MAX_LENGTH = 2048;

export function safeRedirectPath(to: string | null | undefined, origin: string): string | null {
  if (!to || to.length > MAX_LENGTH) return null;
  if (CONTROL_OR_BACKSLASH.test(to)) return null;
  if (!to.startsWith("/") || to.startsWith("//")) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(to, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (decoded.startsWith("//") || CONTROL_OR_BACKSLASH.test(decoded)) return null;
  return path;
}

/**
 * Where to send the browser back to from a Referer-like absolute URL: its path when it is this
 * site, else null (a missing, malformed or foreign Referer never fails the request).
 */
export function sameSiteReturnPath(referer: string | null | undefined, origin: string): string | null {
  if (!referer || referer.length > MAX_LENGTH || CONTROL_OR_BACKSLASH.test(referer)) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return safeRedirectPath(url.pathname + url.search, origin);
}
