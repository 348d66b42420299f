import { env, exports } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiErrorHandler } from "#api/app.ts";
import type { ApiEnv } from "#api/context.ts";
import { createWorker } from "#functions/app.ts";
import type { Env } from "#functions/env.ts";
import { logLine, withRequestId } from "#platform/log.ts";

/**
 * Issue 31, "watchable": /healthz says whether D1 and R2 answer; every answer carries its request
 * id (X-Request-Id), an error page and a 500 show it as the reference a person can quote, and the
 * log line of that failure is one JSON line with the same id.
 */
const worker = (exports as unknown as { default: Fetcher }).default;
const REQUEST_ID = /^[0-9a-f]{16}$/;

async function run(app: ReturnType<typeof createWorker>, request: Request, over: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(request, { ...(env as unknown as Env), ...over }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Log lines written with console.error while `work` runs, parsed. */
async function errorLines<T>(work: () => Promise<T>): Promise<[T, Record<string, unknown>[]]> {
  const spy = vi.spyOn(console, "error").mockImplementation(() => {});
  const result = await work();
  const lines = spy.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
  return [result, lines];
}

afterEach(() => vi.restoreAllMocks());

describe("/healthz", () => {
  it("answers 200 with D1 and R2 reachable, never cached, with its request id", async () => {
    const res = await worker.fetch("http://localhost/healthz");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toMatch(REQUEST_ID);
    expect(await res.json()).toMatchObject({ status: "ok", checks: { d1: { ok: true }, r2: { ok: true } } });
  });

  it("answers 503 naming the store that does not answer, and logs why without showing it", async () => {
    const app = createWorker(async () => new Response("page"));
    const brokenDb = { prepare: () => ({ first: () => Promise.reject(new Error("D1 is down: secret detail")) }) } as unknown as D1Database;
    const [res, lines] = await errorLines(() => run(app, new Request("http://localhost/healthz"), { DB: brokenDb }));
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ status: "unavailable", checks: { d1: { ok: false }, r2: { ok: true } } });
    expect(text).not.toContain("secret detail");
    expect(lines).toContainEqual(
      expect.objectContaining({ level: "error", event: "health check failed", check: "d1", requestId: res.headers.get("x-request-id") }),
    );
  });
});

describe("the request id", () => {
  it("is on every answer (pages, API, media) and differs per request", async () => {
    const ids = new Set<string>();
    for (const path of ["/", "/", "/api/v1/services?limit=1", "/api/v1/no-such-thing", "/media/missing.png"]) {
      const id = (await worker.fetch(`http://localhost${path}`)).headers.get("x-request-id");
      expect(id, path).toMatch(REQUEST_ID);
      ids.add(id!);
    }
    expect(ids.size).toBe(5);
  });

  it("is the reference a failed request shows, and the id on its one JSON log line", async () => {
    const app = createWorker(async () => {
      throw new Error("the renderer broke");
    });
    const [res, lines] = await errorLines(() => run(app, new Request("http://localhost/profile")));
    expect(res.status).toBe(500);
    const id = res.headers.get("x-request-id")!;
    expect(id).toMatch(REQUEST_ID);
    expect(await res.text()).toBe(`Something went wrong on our side. Please try again. (Reference: ${id})`);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "error",
        event: "request failed",
        requestId: id,
        method: "GET",
        path: "/profile",
        error: expect.objectContaining({ name: "Error", message: "the renderer broke" }),
      }),
    ]);
  });

  it("fills the error screen's reference on a server-rendered error page (5xx HTML) only", async () => {
    const screen = '<html><body><div role="alert"><h1>Oops</h1><p data-request-ref hidden></p></div></body></html>';
    const html = { "Content-Type": "text/html; charset=utf-8" };
    const failing = createWorker(async () => new Response(screen, { status: 500, headers: html }));
    const res = await run(failing, new Request("http://localhost/some-page"));
    const id = res.headers.get("x-request-id")!;
    expect(await res.text()).toContain(`<p data-request-ref>Reference: ${id}</p>`);
    const fine = createWorker(async () => new Response(screen, { status: 200, headers: html }));
    expect(await (await run(fine, new Request("http://localhost/some-page"))).text()).toBe(screen);
  });

  it("is in the API's 500 answer", async () => {
    const api = new Hono<ApiEnv>();
    api.onError(apiErrorHandler);
    api.get("/boom", () => {
      throw new Error("unexpected");
    });
    const [res, lines] = await errorLines(() => withRequestId("0123456789abcdef", async () => api.request("/boom")));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, message: "Something went wrong on our side. Please try again.", requestId: "0123456789abcdef" });
    expect(lines).toEqual([expect.objectContaining({ event: "api request failed", requestId: "0123456789abcdef", path: "/boom" })]);
  });
});

describe("log lines", () => {
  it("are one JSON object with the level, the event, the request id, the fields and the error", () => {
    const line = withRequestId("feedfacecafebeef", () =>
      logLine("warn", "payments: refused webhook", { orderId: "order_1", amount: 10n }, new TypeError("bad")),
    );
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toMatchObject({
      level: "warn",
      event: "payments: refused webhook",
      requestId: "feedfacecafebeef",
      orderId: "order_1",
      amount: "10",
      error: { name: "TypeError", message: "bad" },
    });
  });

  it("still say what happened when a field cannot be written as JSON", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(JSON.parse(logLine("error", "odd", { cycle }, new Error("kept")))).toMatchObject({ event: "odd", unserialisable: true, error: { message: "kept" } });
  });
});
