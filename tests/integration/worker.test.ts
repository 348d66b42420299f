import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorker } from "#functions/app.ts";
import { createUser, sessionCookieFor } from "#tests/support/factories.ts";

const worker = (exports as unknown as { default: Fetcher }).default;
const get = (path: string, init?: RequestInit) => worker.fetch(`http://localhost${path}`, init);

describe("the Worker sends each path to its handler", () => {
  it("sends /api/v1 to the JSON API", async () => {
    const res = await get("/api/v1/services?limit=1");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json<{ success: boolean; ServiceResult: unknown[] }>();
    expect(body.success).toBe(true);
    expect(Array.isArray(body.ServiceResult)).toBe(true);
  });

  it("answers unknown API paths with a JSON 404, not a page", async () => {
    const res = await get("/api/v1/no-such-thing");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: "No such API endpoint." });
  });

  it("sends every other path and method to the pages handler", async () => {
    expect(await (await get("/all/wedding-vendor/caterers")).text()).toBe("pages:GET /all/wedding-vendor/caterers");
    const post = await get("/login", { method: "POST", headers: { Origin: "http://localhost" }, body: new URLSearchParams({ a: "1" }) });
    expect(await post.text()).toBe("pages:POST /login");
  });

  it("puts the security headers on pages, API and media responses", async () => {
    for (const path of ["/", "/api/v1/services", "/media/missing.png"]) {
      const res = await get(path);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
    }
    const page = await get("/");
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  });

  it("sets Strict-Transport-Security over HTTPS only", async () => {
    expect((await worker.fetch("https://mandap.example/")).headers.get("strict-transport-security")).toContain("max-age=");
    expect((await get("/")).headers.get("strict-transport-security")).toBeNull();
  });

  it("refuses a cross-origin POST to pages and API", async () => {
    const page = await get("/login", { method: "POST", headers: { Origin: "https://evil.example" }, body: "x=1" });
    expect(page.status).toBe(403);
    const api = await get("/api/v1/services", {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ success: false });
  });

  it("accepts only JSON or multipart bodies on API writes", async () => {
    const res = await get("/api/v1/users/login", { method: "POST", headers: { Origin: "http://localhost", "Content-Type": "text/plain" }, body: "hello" });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, message: expect.stringContaining("application/json") });
  });

  it("runs the daily cron jobs through scheduled()", async () => {
    await env.DB.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES ('login:ip:old', 3, 0)").run();
    const handler = (exports as unknown as { default: { scheduled: (c: ScheduledController) => Promise<void> } }).default;
    await handler.scheduled({ cron: "30 21 * * *", scheduledTime: Date.now(), noRetry() {} });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM rate_limits").first("n")).toBe(0);
  });
});

describe("Cache-Control: personal answers are never stored", () => {
  it("every API answer is private, no-store, for visitors and accounts alike", async () => {
    const cookie = await sessionCookieFor((await createUser()).id);
    for (const [path, init] of [
      ["/api/v1/services?limit=1", {}],
      ["/api/v1/users/me", {}],
      ["/api/v1/users/me", { headers: { Cookie: cookie } }],
      ["/api/v1/favorites", { headers: { Cookie: cookie } }],
      ["/api/v1/favorites", {}],
      ["/api/v1/no-such-thing", {}],
      ["/api/v1/users/logout", { method: "POST", headers: { Origin: "http://localhost", Cookie: cookie } }],
    ] as [string, RequestInit][]) {
      expect((await get(path, init)).headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("pages for a session, or that set or clear a cookie, are private, no-store; a visitor's public page is not", async () => {
    const cookie = await sessionCookieFor((await createUser()).id);
    expect((await get("/", { headers: { Cookie: cookie } })).headers.get("cache-control")).toBe("private, no-store");
    // A dead session token: the answer clears the cookie.
    expect((await get("/", { headers: { Cookie: "mandap_session=abcdefghijklmnopqrstuvwxyz234567" } })).headers.get("cache-control")).toBe("private, no-store");
    expect((await get("/all/wedding-vendor")).headers.get("cache-control")).toBeNull();
  });

  it("media keeps its public caching", async () => {
    await env.MEDIA.put("seed/img/cache-test.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const cookie = await sessionCookieFor((await createUser()).id);
    expect((await get("/media/seed/img/cache-test.svg", { headers: { Cookie: cookie } })).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
  });
});

describe("page form posts", () => {
  const post = (path: string, headers: Record<string, string>, body?: string) =>
    get(path, { method: "POST", headers: { Origin: "http://localhost", ...headers }, body });

  it("are refused with 415 unless they are forms (JSON, text, no content type), with a message", async () => {
    for (const path of ["/login", "/profile", "/logout", "/favorites/x", "/all/a/b/c/d/e"]) {
      const json = await post(path, { "Content-Type": "application/json" }, "{}");
      expect(json.status, path).toBe(415);
      expect(await json.text()).toBe("Send the form as application/x-www-form-urlencoded or multipart/form-data.");
      expect((await post(path, { "Content-Type": "text/plain" }, "a=1")).status, path).toBe(415);
      expect((await post(path, {}, "a=1")).status, path).toBe(415);
      expect((await post(path, {})).status, path).toBe(415);
    }
  });

  it("multipart without a boundary is 400; forms reach the page", async () => {
    const res = await post("/login", { "Content-Type": "multipart/form-data" }, "--x\r\n");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("multipart boundary");
    expect(await (await post("/login", { "Content-Type": "application/x-www-form-urlencoded" }, "a=1")).text()).toBe("pages:POST /login");
    const form = new FormData();
    form.set("a", "1");
    expect(await (await get("/login", { method: "POST", headers: { Origin: "http://localhost" }, body: form })).text()).toBe("pages:POST /login");
  });
});

describe("unread request bodies", () => {
  const composed = createWorker(async () => new Response("answered without reading the body"));
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

  it("are read to the end before the answer, on pages, API refusals and cross-site refusals", async () => {
    for (const [url, headers] of [
      ["http://localhost/logout", { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" }],
      ["http://localhost/api/v1/services/makeLead/x", { Origin: "http://localhost", "Content-Type": "application/json" }],
      ["http://localhost/api/v1/users/logout", { Origin: "https://evil.example", "Content-Type": "application/json" }],
      ["http://localhost/profile", { Origin: "http://localhost", "Content-Type": "application/json" }],
    ] as [string, Record<string, string>][]) {
      const request = new Request(url, { method: url.includes("makeLead") ? "PUT" : "POST", headers, body: "x".repeat(100_000) });
      await composed.fetch(request, env, ctx);
      expect(request.bodyUsed, url).toBe(true);
    }
  });
});
