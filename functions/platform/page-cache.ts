import { readCookie, FLASH_COOKIE } from "./cookies.ts";
import { readSessionToken } from "./session-cookie.ts";
import { log } from "./log.ts";
import { pageOfDataPath, unprefixedPath } from "#shared/locale.ts";

/**
 * Public pages for visitors, kept in the isolate's memory and in Cloudflare's cache (the Cache API,
 * `caches.default`, which local workerd implements too), so the pages everyone sees the same are
 * rendered once, not per request (docs/decisions/0033).
 *
 * What may be cached: a GET of an allow-listed public page (or its client-navigation `.data`),
 * from a visitor: no session cookie and no flash toast waiting. What is stored: only a 200 answer
 * without Set-Cookie whose Cache-Control is not private. Anyone with a session, or whose page would
 * set a cookie, never reads or writes the cache.
 *
 * The key carries the page cache version (migration 0062: triggers bump it on every write that
 * changes what a public page shows), so a new listing, review or post shows at once and old copies
 * are never read again; stored copies also expire after PAGE_CACHE_SECONDS (counters such as
 * "verified users" refresh then). An isolate reads the version at most once per
 * PAGE_CACHE_VERSION_MS, so a write reaches visitors' pages at most that much later; a write
 * answered by the same isolate makes it read the version again on the next request, and a
 * signed-in person (the author of every write) never reads a cached page. The bound is written in
 * docs/decisions/0053-cached-pages-and-the-home-page-weight.md and docs/deploy.md.
 *
 * A cached HTML page carries the CSP nonce it was rendered with; every answer from the cache gets a
 * fresh nonce, in the header and wherever the old one stood in the body, so a nonce is never reused across visitors.
 */
export const PAGE_CACHE_SECONDS = 300;
export const PAGE_CACHE_HEADER = "X-Page-Cache";
const NONCE_HEADER = "X-Page-Nonce";
const CACHE_CONTROL_HEADER = "X-Page-Cache-Control";

/** How long one isolate trusts the version it last read before reading it again (a write shows to visitors at most this late). */
export const PAGE_CACHE_VERSION_MS = 1000;
/** The copies one isolate keeps in memory in front of Cloudflare's cache: at most this many, and this many bytes in all. */
const MEMORY_ENTRIES = 200;
const MEMORY_BYTES = 16 * 1024 * 1024;
/** A page larger than this is not kept in memory (it still goes to Cloudflare's cache). */
const MEMORY_ENTRY_BYTES = 1024 * 1024;

/** Cloudflare's default cache (the DOM's CacheStorage type does not declare `default`). */
function sharedCache(): Cache {
  return (globalThis.caches as unknown as { default: Cache }).default;
}

/** The public pages that are the same for every visitor. Service and vendor pages count views per browser and stay uncached. */
const CACHEABLE = [/^\/$/, /^\/all(\/[^/]+){0,4}$/, /^\/browse$/, /^\/blogs$/, /^\/about$/, /^\/carousels\/[a-z-]+$/];

/** The page path of a document or a client-navigation data request ("/_.data" and "/hi.data" are "/"). */
function pagePathOf(pathname: string): string {
  // A Hindi page (/hi/...) is cached as its English twin is; the key is its own URL.
  return unprefixedPath(pageOfDataPath(pathname));
}

/** The version of public data (migration 0062's triggers bump it on every write a public page shows); null when the row is missing. */
export async function readPageCacheVersion(db: D1Database): Promise<number | null> {
  const row = await db.prepare("SELECT version FROM page_cache_version WHERE id = 1").first<{ version: number }>();
  return row?.version ?? null;
}

/** Whether this request may be answered from (and stored in) the page cache. */
export function cacheablePageRequest(request: Request, pathname = new URL(request.url).pathname): boolean {
  if (request.method !== "GET") return false;
  if (request.headers.has("authorization")) return false;
  if (readSessionToken(request) || readCookie(request, FLASH_COOKIE)) return false;
  const path = pagePathOf(pathname);
  return CACHEABLE.some((re) => re.test(path));
}

/** Whether a rendered answer may be stored for every visitor. */
export function storableResponse(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  const cc = response.headers.get("Cache-Control") ?? "";
  return !/private|no-store/i.test(cc);
}

/**
 * A kept page: its status, its headers as the render sent them, and its body cut at every
 * occurrence of the nonce it was rendered with, so a fresh nonce is put back by joining.
 */
interface KeptPage {
  status: number;
  headers: [string, string][];
  /** The headers as a hit answers them: all but the policy, then the policy cut at its nonce (`csp`), then HIT. */
  hitHeaders: [string, string][];
  /** The Content-Security-Policy value cut at `'nonce-<old>'`; empty when the page had no policy. */
  csp: string[];
  /** The body's UTF-8 bytes between the nonce's occurrences. */
  pieces: Uint8Array[];
  /** The pieces' bytes together. */
  piecesLength: number;
  oldNonce: string;
  bytes: number;
  expires: number;
}

const utf8 = new TextEncoder();

/** The kept body with `nonce` (ASCII, as every nonce is) between its pieces, in one buffer. */
function bodyWith(page: KeptPage, nonce: string): Uint8Array<ArrayBuffer> {
  const between = utf8.encode(nonce);
  const { pieces } = page;
  const out = new Uint8Array(page.piecesLength + between.length * (pieces.length - 1));
  out.set(pieces[0]!, 0);
  let at = pieces[0]!.length;
  for (let i = 1; i < pieces.length; i++) {
    out.set(between, at);
    at += between.length;
    out.set(pieces[i]!, at);
    at += pieces[i]!.length;
  }
  return out;
}

function keep(status: number, responseHeaders: Headers, body: string, nonce: string, now: number): KeptPage {
  const headers = [...responseHeaders].filter(([name]) => !/^(set-cookie|age|expires|cf-cache-status|x-page-|server-timing)/i.test(name));
  const policy = headers.find(([name]) => name.toLowerCase() === "content-security-policy")?.[1];
  const pieces = (nonce ? body.split(nonce) : [body]).map((piece) => utf8.encode(piece));
  return {
    status,
    headers,
    // Worked out once, so a hit only joins strings: it is most of what a cached page costs (decision 0053).
    hitHeaders: headers.filter(([name]) => name.toLowerCase() !== "content-security-policy"),
    csp: policy === undefined ? [] : nonce ? policy.split(`'nonce-${nonce}'`) : [policy],
    pieces,
    piecesLength: pieces.reduce((sum, piece) => sum + piece.length, 0),
    oldNonce: nonce,
    bytes: body.length * 3,
    expires: now + PAGE_CACHE_SECONDS * 1000,
  };
}

/** A kept page made ready for this visitor: a fresh nonce in the CSP header and wherever the old one was in the body, marked HIT. */
function answer(page: KeptPage, freshNonce: string): Response {
  const headers: [string, string][] = [...page.hitHeaders];
  if (page.csp.length) headers.push(["Content-Security-Policy", page.csp.join(`'nonce-${freshNonce}'`)]);
  headers.push([PAGE_CACHE_HEADER, "HIT"]);
  return new Response(bodyWith(page, freshNonce), { status: page.status, headers });
}

/** How Cloudflare's cache holds a kept page: the body as rendered, the old nonce and the page's own Cache-Control in headers of ours. */
function toShared(page: KeptPage): Response {
  const headers = new Headers(page.headers);
  const own = headers.get("Cache-Control");
  if (own) headers.set(CACHE_CONTROL_HEADER, own);
  headers.set("Cache-Control", `public, s-maxage=${PAGE_CACHE_SECONDS}`);
  headers.set(NONCE_HEADER, page.oldNonce);
  return new Response(bodyWith(page, page.oldNonce), { status: page.status, headers });
}

async function fromShared(stored: Response, now: number): Promise<KeptPage> {
  const headers = new Headers(stored.headers);
  const oldNonce = headers.get(NONCE_HEADER) ?? "";
  const own = headers.get(CACHE_CONTROL_HEADER);
  if (own) headers.set("Cache-Control", own);
  else headers.delete("Cache-Control");
  const body = await stored.text();
  return keep(stored.status, headers, body, oldNonce, now);
}

/** A page's cache key: its URL with the version of public data and the release. Answers differ by document vs data only through the URL; no Vary on cookies. */
function keyOf(page: URL, version: number, release: string | null): string {
  const url = new URL(page);
  url.searchParams.set("__pv", String(version));
  if (release !== null) url.searchParams.set("__pr", release);
  return url.toString();
}

export interface PageCacheOptions {
  /**
   * The release the pages belong to (the build: its asset version and when it was made): a cached
   * page names that build's hashed scripts and styles, which the next deploy removes, and was
   * rendered by its server code, so copies of another release are never read.
   */
  release?: () => Promise<string>;
  /** How long the version read is trusted (PAGE_CACHE_VERSION_MS unless given; 0 reads it for every request). */
  versionMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/**
 * The page cache of one isolate: the version of public data, read from D1 at most once per
 * `versionMs`; the pages this isolate has served, in memory (a bounded LRU); and behind them
 * Cloudflare's cache, shared by the isolates of a data centre. A hit in memory costs no I/O at
 * all; that is what lets a cached page answer nearly as fast as a bare Worker.
 */
export function createPageCache(options: PageCacheOptions = {}) {
  const versionMs = options.versionMs ?? PAGE_CACHE_VERSION_MS;
  const now = options.now ?? Date.now;
  let version: { value: number; readAt: number } | null = null;
  let release: Promise<string> | null = null;
  /** The release once `release` has answered (the keys of `fromMemory`). */
  let releaseName: string | null = null;
  const memory = new Map<string, KeptPage>();
  let memoryBytes = 0;

  function remember(key: string, page: KeptPage) {
    if (page.bytes > MEMORY_ENTRY_BYTES) return;
    forget(key);
    memory.set(key, page);
    memoryBytes += page.bytes;
    for (const [oldest, kept] of memory) {
      if (memory.size <= MEMORY_ENTRIES && memoryBytes <= MEMORY_BYTES) break;
      memory.delete(oldest);
      memoryBytes -= kept.bytes;
    }
  }

  function forget(key: string) {
    const kept = memory.get(key);
    if (!kept) return;
    memory.delete(key);
    memoryBytes -= kept.bytes;
  }

  /** The version of public data as this isolate knows it: read from D1 when older than `versionMs`; null when it cannot be read. */
  async function currentVersion(db: D1Database): Promise<number | null> {
    const at = now();
    if (version && at - version.readAt < versionMs && at >= version.readAt) return version.value;
    let value: number | null;
    try {
      value = await readPageCacheVersion(db);
    } catch (e) {
      log.error("page cache version", {}, e);
      return null;
    }
    if (value === null) return null;
    version = { value, readAt: at };
    return value;
  }

  return {
    /**
     * The cache key: the page's URL with the current version of public data, and that version (a
     * render of the page uses it rather than reading it again: the home page's sections); null
     * (render, do not cache) when the version cannot be read.
     */
    async key(db: D1Database, page: URL): Promise<{ key: string; version: number } | null> {
      const current = await currentVersion(db);
      if (current === null) return null;
      let name: string | null = null;
      if (options.release) {
        release ??= options.release().catch((e: unknown) => {
          release = null;
          throw e;
        });
        try {
          name = releaseName = await release;
        } catch (e) {
          log.error("page cache release", {}, e);
          return null;
        }
      }
      return { key: keyOf(page, current, name), version: current };
    },

    /**
     * A visitor's page straight from this isolate's memory, with `freshNonce`, when the version of
     * public data was read less than `versionMs` ago and a live copy for it is kept; else null (the
     * request then takes the whole way: `key`, `match`, or a render). Nothing is read or awaited:
     * a hit costs what a bare Worker sending the same bytes costs, plus the copy (decision 0053).
     */
    fromMemory(page: URL, freshNonce: string): Response | null {
      const at = now();
      if (!version || at - version.readAt >= versionMs || at < version.readAt) return null;
      if (options.release && releaseName === null) return null;
      const key = keyOf(page, version.value, releaseName);
      const kept = memory.get(key);
      if (!kept || kept.expires <= at) return null;
      memory.delete(key);
      memory.set(key, kept);
      return answer(kept, freshNonce);
    },

    /** A write was answered in this isolate: the next visitor's page reads the version again, so it shows the write at once here. */
    forgetVersion(): void {
      version = null;
    },

    /** The page for this key, with `freshNonce`, from memory or Cloudflare's cache; null when neither holds a live copy. */
    async match(key: string, freshNonce: string): Promise<Response | null> {
      const at = now();
      const kept = memory.get(key);
      if (kept && kept.expires > at) {
        // Most recently used last, so the oldest are dropped first.
        memory.delete(key);
        memory.set(key, kept);
        return answer(kept, freshNonce);
      }
      if (kept) forget(key);
      const stored = await sharedCache().match(new Request(key));
      if (!stored) return null;
      const page = await fromShared(stored, at);
      remember(key, page);
      return answer(page, freshNonce);
    },

    /**
     * Keeps a rendered page (rendered with `nonce`) for every visitor, in memory and in Cloudflare's
     * cache, once its body has streamed (in `waitUntil`), and gives back the answer for this
     * visitor, streaming, marked MISS.
     */
    store(key: string, response: Response, nonce: string, waitUntil: (work: Promise<unknown>) => void): Response {
      const [forVisitor, forCache] = response.body ? response.body.tee() : [null, null];
      const copy = new Response(forCache, response);
      waitUntil(
        copy
          .text()
          .then((body) => {
            const page = keep(copy.status, copy.headers, body, nonce, now());
            remember(key, page);
            return sharedCache().put(new Request(key), toShared(page));
          })
          .catch((e: unknown) => log.error("page cache put", {}, e)),
      );
      const out = new Response(forVisitor, response);
      out.headers.set(PAGE_CACHE_HEADER, "MISS");
      return out;
    },
  };
}
