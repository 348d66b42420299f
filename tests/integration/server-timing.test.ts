import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorker } from "#functions/app.ts";
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
    expect((await page(PUBLIC, admin)).headers.get("server-timing")).toMatch(/^d1;dur=\d+;desc="\d+ statements, \d+ round trips"$/);
    expect((await search(PUBLIC, admin)).headers.get("server-timing")).toMatch(/rows_read=\d+/);
    expect((await page("http://localhost")).headers.get("server-timing")).toMatch(/^d1;dur=/);
    expect((await search("http://localhost")).headers.get("server-timing")).toMatch(/rows_read=\d+/);
  });
});
