import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorker } from "#functions/app.ts";
import type { Env } from "#functions/env.ts";
import { devPagesEnabled } from "#platform/dev-pages.ts";
import wranglerConfig from "../../wrangler.jsonc?raw";
import { worker } from "#tests/support/factories.ts";

/**
 * The development pages (/dev/mailbox shows every e-mail sent, reset links included) fail closed:
 * off with the committed configuration, and on only with DEV_PAGES="on" on a loopback host.
 */
const DEV_PATHS = [
  "/dev/mailbox",
  "/dev/sms",
  "/dev/sms?to=9812345678",
  "/dev/mailbox?to=admin%40mandap.example",
  "/dev/mailbox.data",
  "/dev/error-screen",
  "/dev/ui",
  "/dev/wedding-store",
  "/DEV/Mailbox",
];

// The same composition as the Worker, with a stand-in for the pages, run with a chosen env.
const composed = createWorker(async (request) => new Response(`pages:${new URL(request.url).pathname}`));
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const fetchWith = (url: string, vars: Partial<Env>) => composed.fetch(new Request(url), { ...env, ...vars } as Env, ctx);

describe("the development pages", () => {
  it("are 404 with the committed configuration (wrangler.jsonc's vars), even on localhost", async () => {
    for (const path of DEV_PATHS) {
      const res = await worker.fetch(`http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe("Not found");
    }
  });

  it("are never enabled by wrangler.jsonc, in any environment", () => {
    expect(wranglerConfig).toContain('"vars"');
    expect(wranglerConfig).not.toMatch(/"DEV_PAGES"\s*:/);
  });

  it("are 404 on a host that is not loopback, even with DEV_PAGES on", async () => {
    for (const host of ["https://mandap.example", "http://192.168.1.20:8787", "http://localhost.evil.example", "http://127.0.0.2"]) {
      for (const path of DEV_PATHS) expect((await fetchWith(`${host}${path}`, { DEV_PAGES: "on", APP_ENV: "development" })).status, `${host}${path}`).toBe(404);
    }
  });

  it("are 404 without the explicit opt-in, or in production", async () => {
    for (const vars of [{ APP_ENV: "development" }, { APP_ENV: "local", DEV_PAGES: "true" }, { APP_ENV: "production", DEV_PAGES: "on" }] as Partial<Env>[]) {
      expect((await fetchWith("http://localhost:8787/dev/mailbox", vars)).status, JSON.stringify(vars)).toBe(404);
    }
  });

  it("reach the pages with DEV_PAGES on over a loopback host", async () => {
    for (const origin of ["http://localhost:8787", "http://127.0.0.1:8787", "http://[::1]:8787"]) {
      const res = await fetchWith(`${origin}/dev/mailbox`, { DEV_PAGES: "on", APP_ENV: "development" });
      expect(res.status, origin).toBe(200);
      expect(await res.text()).toBe("pages:/dev/mailbox");
    }
    expect(devPagesEnabled({ DEV_PAGES: "on", APP_ENV: "development" }, new Request("http://localhost/dev/mailbox"))).toBe(true);
  });

  it("leave other paths alone", async () => {
    expect(await (await fetchWith("https://mandap.example/developers", {})).text()).toBe("pages:/developers");
  });
});
