import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "#tests/support/factories.ts";

describe("media served from R2", () => {
  beforeAll(async () => {
    await env.MEDIA.put("seed/img/test-0.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>", { httpMetadata: { contentType: "image/svg+xml" } });
    await env.MEDIA.put("profile/p.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });

  it("serves an object with its content type, ETag and a year of cache for immutable keys", async () => {
    const res = await call("/media/seed/img/test-0.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]+"$/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toContain("<svg");
  });

  it("guesses the content type from the extension when none was stored, with a short cache", async () => {
    const res = await call("/media/profile/p.png");
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await call("/media/seed/img/test-0.svg");
    const etag = first.headers.get("etag")!;
    const again = await call("/media/seed/img/test-0.svg", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers 404 for unknown keys and path tricks", async () => {
    expect((await call("/media/seed/img/nope.svg")).status).toBe(404);
    expect((await call("/media/")).status).toBe(404);
    expect((await call("/media/%E0%A4%A")).status).toBe(404);
  });

  it("answers 404 for a key longer than R2 allows (1,024 bytes), without the storage's error text", async () => {
    for (const key of ["a".repeat(1025), `seed/${"ह".repeat(400)}.png`, "u/" + "x".repeat(5000)]) {
      const res = await call(`/media/${encodeURIComponent(key)}`);
      expect(res.status, `${key.length} characters`).toBe(404);
      expect(await res.text()).toBe("Not found");
    }
    // 1,024 bytes is still a key (absent here): 404 from R2 itself.
    expect((await call(`/media/${"b".repeat(1024)}`)).status).toBe(404);
  });

  it("refuses writes", async () => {
    expect((await call("/media/seed/img/test-0.svg", { method: "POST", body: {} })).status).toBe(405);
  });

  it("sandboxes media so an SVG cannot run script", async () => {
    const res = await call("/media/seed/img/test-0.svg");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
