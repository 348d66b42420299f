import { readCookie, FLASH_COOKIE } from "./cookies.ts";
import { readSessionToken } from "./session-cookie.ts";

/**
 * Public pages for visitors, kept in Cloudflare's cache (the Cache API, `caches.default`, which
 * local workerd implements too), so the pages everyone sees the same are rendered once, not per
 * request (docs/decisions/0033).
 *
 * What may be cached: a GET of an allow-listed public page (or its client-navigation `.data`),
 * from a visitor: no session cookie and no flash toast waiting. What is stored: only a 200 answer
 * without Set-Cookie whose Cache-Control is not private. Anyone with a session, or whose page would
 * set a cookie, never reads or writes the cache.
 *
 * The key carries the page cache version (migration 0062: triggers bump it on every write that
 * changes what a public page shows), so a new listing, review or post shows at once and old copies
 * are never read again; stored copies also expire after PAGE_CACHE_SECONDS (counters such as
 * "verified users" refresh then).
 *
 * A cached HTML page carries the CSP nonce it was rendered with; every answer from the cache gets a
 * fresh nonce, in the header and in every nonce attribute, so a nonce is never reused across visitors.
 */
export const PAGE_CACHE_SECONDS = 300;
export const PAGE_CACHE_HEADER = "X-Page-Cache";
const NONCE_HEADER = "X-Page-Nonce";
const CACHE_CONTROL_HEADER = "X-Page-Cache-Control";

/** Cloudflare's default cache (the DOM's CacheStorage type does not declare `default`). */
export function pageCache(): Cache {
  return (globalThis.caches as unknown as { default: Cache }).default;
}

/** The public pages that are the same for every visitor. Service and vendor pages count views per browser and stay uncached. */
const CACHEABLE = [/^\/$/, /^\/all(\/[^/]+){0,4}$/, /^\/discover$/, /^\/blogs$/, /^\/about$/];

/** The page path of a document or a client-navigation data request ("/_root.data" is "/"). */
function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** Whether this request may be answered from (and stored in) the page cache. */
export function cacheablePageRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (request.headers.has("authorization")) return false;
  if (readSessionToken(request) || readCookie(request, FLASH_COOKIE)) return false;
  const path = pagePathOf(new URL(request.url).pathname);
  return CACHEABLE.some((re) => re.test(path));
}

/** The cache key: the page's URL with the current version of public data; null (render, do not cache) when the version cannot be read. */
export async function pageCacheKey(db: D1Database, request: Request): Promise<Request | null> {
  let row: { version: number } | null;
  try {
    row = await db.prepare("SELECT version FROM page_cache_version WHERE id = 1").first<{ version: number }>();
  } catch (e) {
    console.error("page cache version", e);
    return null;
  }
  if (!row) return null;
  const url = new URL(request.url);
  url.searchParams.set("__pv", String(row.version));
  // Answers differ by compression and by document vs data only through the URL; no Vary on cookies.
  return new Request(url.toString(), { method: "GET" });
}

/** Whether a rendered answer may be stored for every visitor. */
export function storableResponse(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  const cc = response.headers.get("Cache-Control") ?? "";
  return !/private|no-store/i.test(cc);
}

/** The copy the cache keeps: the answer, with the nonce it was rendered with, kept for PAGE_CACHE_SECONDS. */
export function cacheCopy(response: Response, nonce: string): Response {
  const copy = new Response(response.body, response);
  const own = response.headers.get("Cache-Control");
  if (own) copy.headers.set(CACHE_CONTROL_HEADER, own);
  copy.headers.set("Cache-Control", `public, s-maxage=${PAGE_CACHE_SECONDS}`);
  copy.headers.set(NONCE_HEADER, nonce);
  copy.headers.delete(PAGE_CACHE_HEADER);
  return copy;
}

/**
 * A stored page made ready for this visitor: a fresh nonce in the CSP header and in the HTML's
 * nonce attributes, the page's own Cache-Control back (what browsers see is what a render sends),
 * marked HIT.
 */
export function fromCache(stored: Response, freshNonce: string): Response {
  const oldNonce = stored.headers.get(NONCE_HEADER);
  const own = stored.headers.get(CACHE_CONTROL_HEADER);
  const out = new Response(stored.body, stored);
  for (const h of [NONCE_HEADER, CACHE_CONTROL_HEADER, "Age", "CF-Cache-Status", "Expires"]) out.headers.delete(h);
  if (own) out.headers.set("Cache-Control", own);
  else out.headers.delete("Cache-Control");
  out.headers.set(PAGE_CACHE_HEADER, "HIT");
  if (!oldNonce) return out;
  const csp = out.headers.get("Content-Security-Policy");
  if (csp) out.headers.set("Content-Security-Policy", csp.split(`'nonce-${oldNonce}'`).join(`'nonce-${freshNonce}'`));
  if (!(out.headers.get("Content-Type") ?? "").includes("text/html")) return out;
  return new HTMLRewriter()
    .on("[nonce]", {
      element(el) {
        el.setAttribute("nonce", freshNonce);
      },
    })
    .transform(out);
}
