import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

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
