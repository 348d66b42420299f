import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { D1_BOOKMARK_COOKIE, databaseForRequest } from "#platform/d1-sessions.ts";
import { call, createUser, sessionCookieFor } from "#tests/support/factories.ts";

/** D1 sessions (functions/platform/d1-sessions.ts): visitors read anywhere, a couple continues from their own bookmark. */
const bookmarkOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${D1_BOOKMARK_COOKIE}=`))
    ?.split(";")[0]
    ?.split("=")[1];

describe("D1 sessions per request", () => {
  it("gives a signed-in request a bookmark, carries it forward, and gives visitors' reads none", async () => {
    const couple = await createUser();
    const cookie = await sessionCookieFor(couple.id);
    const first = await call("/api/v1/users/me", { cookie });
    expect(first.status).toBe(200);
    const bookmark = bookmarkOf(first);
    expect(bookmark).toMatch(/^[0-9a-f-]+$/i);
    // The next request starts from it and reads the couple's own data.
    const next = await call("/api/v1/users/me", { cookie: `${cookie}; ${D1_BOOKMARK_COOKIE}=${bookmark}` });
    expect(next.status).toBe(200);
    const visitor = await call("/api/v1/services?limit=1");
    expect(bookmarkOf(visitor)).toBeUndefined();
  });

  it("ignores a forged bookmark and starts from the primary", () => {
    const request = new Request("http://localhost/profile", { headers: { cookie: `${D1_BOOKMARK_COOKIE}=<script>` } });
    const { db, bookmarkCookie } = databaseForRequest(env.DB, request, true);
    expect(typeof db.prepare).toBe("function");
    expect(bookmarkCookie()).toBeNull(); // nothing read yet, no bookmark to carry
  });
});
