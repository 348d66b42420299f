import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorker } from "#functions/app.ts";
import { appContext } from "#functions/page-context.ts";
import { countingDatabase } from "#tests/support/d1-count.ts";
import { createUser, sessionCookieFor, worker } from "#tests/support/factories.ts";

/**
 * Server-Timing tells how the database is used (a page's D1 time and statements, a search's rows
 * read): admins and local development read it, a visitor on the public site never does (issue 28).
 */
const pages = createWorker(async () => new Response("<html><body>page</body></html>", { headers: { "Content-Type": "text/html; charset=utf-8" } }));
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const PUBLIC = "https://mandap.example";
/** A session cookie as the public site names it (`__Host-` over https). */
const onPublic = async (userId: string) => `__Host-${await sessionCookieFor(userId)}`;

const page = (origin: string, cookie?: string) =>
  pages.fetch(new Request(`${origin}/about`, { headers: { "cf-connecting-ip": "203.0.113.7", ...(cookie ? { cookie } : {}) } }), env, ctx);
const search = (origin: string, cookie?: string) =>
  worker.fetch(`${origin}/api/v1/services?q=caterers`, { headers: { "cf-connecting-ip": "203.0.113.7", ...(cookie ? { cookie } : {}) } });

describe("Server-Timing", () => {
  it("is not sent to a visitor or a couple on the public site, on a page or a search", async () => {
    const couple = await onPublic((await createUser()).id);
    const me = await worker.fetch(`${PUBLIC}/api/v1/users/me`, { headers: { cookie: couple } });
    expect(((await me.json()) as { isLoggedIn: boolean }).isLoggedIn).toBe(true);
    for (const cookie of [undefined, couple]) {
      expect((await page(PUBLIC, cookie)).headers.get("server-timing")).toBeNull();
      const res = await search(PUBLIC, cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("server-timing")).toBeNull();
    }
  });

  it("is sent to an admin on the public site and on a local server", async () => {
    const admin = await onPublic((await createUser({ role: "ADMIN" })).id);
    expect((await page(PUBLIC, admin)).headers.get("server-timing")).toMatch(
      /^d1;dur=\d+;desc="\d+ statements, \d+ round trips, \d+ rows read, \d+ rows written"$/,
    );
    expect((await search(PUBLIC, admin)).headers.get("server-timing")).toMatch(/rows_read=\d+/);
    expect((await page("http://localhost")).headers.get("server-timing")).toMatch(/^d1;dur=/);
    expect((await search("http://localhost")).headers.get("server-timing")).toMatch(/rows_read=\d+/);
  });
});

describe("Server-Timing's D1 round trips", () => {
  it("are every D1 call the page made, the session's and the page cache's included (Cloudflare's count per invocation)", async () => {
    // A page that reads one row through the domain's database, as a loader does.
    const onePage = createWorker(async (_request, context) => {
      await context.get(appContext).domain.db.prepare("SELECT 1").first();
      return new Response("<html><body>page</body></html>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
    const counted = countingDatabase(env.DB);
    const countedEnv = new Proxy(env, { get: (target, key) => (key === "DB" ? counted.db : Reflect.get(target, key)) });
    const couple = await sessionCookieFor((await createUser()).id);
    for (const [path, cookie] of [
      ["/contactus", undefined],
      ["/profile", couple],
    ] as const) {
      counted.reset();
      const res = await onePage.fetch(new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }), countedEnv, ctx);
      const trips = /(\d+) round trips/.exec(res.headers.get("server-timing") ?? "")?.[1];
      expect(Number(trips), path).toBe(counted.count.calls);
    }
    // The couple's page: the session's lookup and the page's read, at least.
    expect(counted.count.calls).toBeGreaterThan(1);
  });
});
