import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorker } from "#functions/app.ts";
import { appContext } from "#functions/page-context.ts";
import { createPageCache, PAGE_CACHE_VERSION_MS, type PageCacheOptions } from "#platform/page-cache.ts";
import { createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";
import { countingDatabase } from "#tests/support/d1-count.ts";

/**
 * The page cache (functions/platform/page-cache.ts) through the Worker's own composition, with a
 * pages handler that writes who it rendered for and carries the request's nonce as the real
 * pages do. Two signed-in visitors and a visitor each get their own page; nothing personal or
 * cookie-setting is ever stored; a cached page never repeats a nonce; a write to public data
 * makes the next visitor's page fresh.
 */
let renders = 0;
/** The isolate's clock, moved by the tests that wait out the version's freshness. */
let clock = Date.now();
const pagesHandler: Parameters<typeof createWorker>[0] = async (request, context) => {
  renders++;
  const { actor, nonce } = context.get(appContext);
  const url = new URL(request.url);
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  // A page that sets a cookie (as a first view does) must not be stored for others.
  if (url.searchParams.has("set-cookie")) headers.append("Set-Cookie", "mandap_sv=seen; Path=/");
  // Stands in for a page action that changes a listing (a POST with ?reprice=<service id>).
  const reprice = url.searchParams.get("reprice");
  if (request.method === "POST" && reprice) await env.DB.prepare("UPDATE services SET min_price = min_price + 1 WHERE id = ?").bind(reprice).run();
  const who = actor ? `for ${actor.email}` : "for a visitor";
  return new Response(`<html><body><p>render ${renders} ${who}</p><script nonce="${nonce}">1</script></body></html>`, { headers });
};
const isolate = (options: PageCacheOptions = {}) => createWorker(pagesHandler, { pageCache: { now: () => clock, ...options } });
let worker = isolate();

const waits: Promise<unknown>[] = [];
const ctx = { waitUntil: (p: Promise<unknown>) => waits.push(p), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

async function get(path: string, cookie?: string, on = worker, db?: D1Database) {
  const res = await on.fetch(new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }), db ? { ...env, DB: db } : env, ctx);
  const body = await res.text();
  await Promise.all(waits.splice(0));
  return { res, body, cache: res.headers.get("x-page-cache"), csp: res.headers.get("content-security-policy") ?? "" };
}

const nonceOf = (csp: string) => csp.match(/'nonce-([^']+)'/)?.[1];

describe("the public page cache", () => {
  it("renders a visitor's page once, then answers from the cache with a fresh nonce", async () => {
    const first = await get("/browse");
    expect(first.cache).toBe("MISS");
    const second = await get("/browse");
    expect(second.cache).toBe("HIT");
    expect(second.body.replace(/nonce="[^"]+"/, "")).toBe(first.body.replace(/nonce="[^"]+"/, ""));
    const [a, b] = [nonceOf(first.csp), nonceOf(second.csp)];
    expect(a && b && a !== b).toBe(true);
    expect(second.body).toContain(`nonce="${b}"`);
    expect(second.body).not.toContain(a!);
    // The render's own timing is not handed to the next visitor.
    expect(first.res.headers.get("server-timing")).toMatch(/^d1;dur=\d+;desc="\d+ statements, \d+ round trips, \d+ rows read, \d+ rows written"$/);
    expect(second.res.headers.get("server-timing")).toBeNull();
  });

  it("gives two signed-in visitors and a visitor each their own page, and keeps none of the signed-in ones", async () => {
    const asha = await createUser({ email: `asha-${crypto.randomUUID()}@test.example` });
    const ravi = await createUser({ email: `ravi-${crypto.randomUUID()}@test.example` });
    const [ashaCookie, raviCookie] = [await sessionCookieFor(asha.id), await sessionCookieFor(ravi.id)];
    await get("/all/wedding-vendor"); // a visitor's copy is now stored
    const forAsha = await get("/all/wedding-vendor", ashaCookie);
    const forRavi = await get("/all/wedding-vendor", raviCookie);
    const forVisitor = await get("/all/wedding-vendor");
    expect(forAsha.body).toContain(`for ${asha.email}`);
    expect(forRavi.body).toContain(`for ${ravi.email}`);
    expect(forVisitor.body).toContain("for a visitor");
    expect(forVisitor.cache).toBe("HIT");
    for (const signedIn of [forAsha, forRavi]) {
      expect(signedIn.cache).toBeNull();
      expect(signedIn.res.headers.get("cache-control")).toBe("private, no-store");
    }
    // Signed in first, visitor after: the visitor never gets a signed-in page.
    const fresh = `/all/wedding-vendor/caterers?page=${Date.now()}`;
    expect((await get(fresh, ashaCookie)).body).toContain(asha.email);
    const visitorAfter = await get(fresh);
    expect(visitorAfter.body).toContain("for a visitor");
    expect(visitorAfter.cache).toBe("MISS");
  });

  it("never stores a page that sets a cookie, and never hands a Set-Cookie to another visitor", async () => {
    const path = `/about?set-cookie=1&n=${Date.now()}`;
    const first = await get(path);
    expect(first.res.headers.get("set-cookie")).toContain("mandap_sv=seen");
    expect(first.cache).toBeNull();
    const second = await get(path);
    expect(second.cache).toBeNull();
    expect(second.body).not.toBe(first.body); // rendered again
  });

  it("skips the cache for a waiting toast and for pages that are not the same for everyone", async () => {
    await get("/blogs");
    const withToast = await get("/blogs", `mandap_flash=${encodeURIComponent(JSON.stringify({ type: "info", message: "Hi" }))}`);
    expect(withToast.cache).toBeNull();
    for (const path of ["/profile", "/all/wedding-vendor/caterers/rajasthan/jaipur/some-service-id", "/blogs/a-post", "/login"]) {
      await get(path);
      expect((await get(path)).cache, path).toBeNull();
    }
  });

  it("keeps the home page's data for a client-side navigation too, in each language (React Router 8 fetches /_.data and /hi.data)", async () => {
    for (const path of ["/_.data", "/hi.data", "/hi/about.data"]) {
      await get(path);
      expect((await get(path)).cache, path).toBe("HIT");
    }
  });

  it("serves a fresh page after a write to public data (the version in the key), at most PAGE_CACHE_VERSION_MS later", async () => {
    const path = `/?n=${Date.now()}`;
    const later = () => (clock += PAGE_CACHE_VERSION_MS);
    await get(path);
    expect((await get(path)).cache).toBe("HIT");
    const vendor = await createVendor();
    expect((await get(path)).cache).toBe("HIT"); // the isolate still trusts the version it read
    later();
    expect((await get(path)).cache).toBe("MISS"); // a new vendor
    expect((await get(path)).cache).toBe("HIT");
    const service = await createService({ vendorId: vendor.id });
    later();
    expect((await get(path)).cache).toBe("MISS"); // a new listing
    await env.DB.prepare("UPDATE services SET min_price = 2500 WHERE id = ?").bind(service.id).run();
    later();
    expect((await get(path)).cache).toBe("MISS"); // a new price
  });

  it("answers a visitor's cached page without a D1 call while the version is fresh, and shows a write once PAGE_CACHE_VERSION_MS has passed", async () => {
    const counted = countingDatabase(env.DB);
    const path = `/all/wedding-vendor/caterers?n=${Date.now()}`;
    const visit = () => get(path, undefined, worker, counted.db);
    const first = await visit();
    expect(first.cache).toBe("MISS");
    clock += PAGE_CACHE_VERSION_MS; // the version read for the render is now too old
    counted.reset();
    expect((await visit()).cache).toBe("HIT");
    expect(counted.count.calls).toBe(1); // the version, read again: it has not changed
    counted.reset();
    for (let i = 0; i < 5; i++) expect((await visit()).cache).toBe("HIT");
    expect(counted.count.calls).toBe(0); // within the bound: no D1 call at all
    const vendor = await createVendor();
    await createService({ vendorId: vendor.id });
    expect((await visit()).cache).toBe("HIT"); // another isolate's write: not seen within the bound
    expect(counted.count.calls).toBe(0);
    clock += PAGE_CACHE_VERSION_MS;
    const after = await visit();
    expect(after.cache).toBe("MISS");
    expect(after.body.replace(/nonce="[^"]+"/, "")).not.toBe(first.body.replace(/nonce="[^"]+"/, "")); // rendered again
  });

  it("shows a write answered by this isolate to its next visitor at once, without waiting out the bound", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    const path = `/?n=${Date.now()}`;
    await get(path);
    expect((await get(path)).cache).toBe("HIT");
    const write = await worker.fetch(
      new Request(`http://localhost/about?reprice=${service.id}`, {
        method: "POST",
        headers: { Origin: "http://localhost" },
        body: new URLSearchParams({ price: "1" }),
      }),
      env,
      ctx,
    );
    expect(write.status).toBe(200);
    await write.text();
    await Promise.all(waits.splice(0));
    expect((await get(path)).cache).toBe("MISS"); // the same clock: only the write made it read the version again
    expect((await get(path)).cache).toBe("HIT");
  });

  it("reads the version for every request when told to, so a write shows at once", async () => {
    worker = isolate({ versionMs: 0 });
    const path = `/?n=${Date.now()}`;
    await get(path);
    expect((await get(path)).cache).toBe("HIT");
    await createVendor();
    expect((await get(path)).cache).toBe("MISS");
    worker = isolate();
  });

  it("lets another isolate answer from Cloudflare's cache, with its own fresh nonce", async () => {
    const path = `/blogs?n=${Date.now()}`;
    const first = await get(path);
    expect(first.cache).toBe("MISS");
    const other = await get(path, undefined, isolate());
    expect(other.cache).toBe("HIT");
    expect(other.body).toContain(`nonce="${nonceOf(other.csp)}"`);
    expect(other.body).not.toContain(nonceOf(first.csp)!);
    expect(other.body.replace(/nonce="[^"]+"/, "")).toBe(first.body.replace(/nonce="[^"]+"/, ""));
  });

  it("never serves a page of another release (its scripts and styles are gone after a deploy)", async () => {
    const path = `/about?n=${Date.now()}`;
    const before = isolate({ release: async () => "build-a" });
    expect((await get(path, undefined, before)).cache).toBe("MISS");
    expect((await get(path, undefined, before)).cache).toBe("HIT");
    const after = isolate({ release: async () => "build-b" });
    expect((await get(path, undefined, after)).cache).toBe("MISS");
    expect((await get(path, undefined, after)).cache).toBe("HIT");
  });

  it("renders without the cache when the version cannot be read", async () => {
    const broken = { prepare: () => ({ first: () => Promise.reject(new Error("D1 is down")) }) } as unknown as D1Database;
    expect(await createPageCache().key(broken, new URL("http://localhost/"))).toBeNull();
  });

  it("does not bump the version for view counters", async () => {
    const vendor = await createVendor();
    await createService({ vendorId: vendor.id });
    const before = await env.DB.prepare("SELECT version FROM page_cache_version").first<number>("version");
    await env.DB.prepare("UPDATE services SET view_count = view_count + 1").run();
    await env.DB.prepare("UPDATE vendors SET profile_views = profile_views + 1").run();
    expect(await env.DB.prepare("SELECT version FROM page_cache_version").first<number>("version")).toBe(before);
  });
});
