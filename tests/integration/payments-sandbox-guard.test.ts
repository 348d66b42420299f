import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWorker } from "#functions/app.ts";
import type { Env } from "#functions/env.ts";
import { paymentGatewayFor, runGatewayHousekeeping } from "#platform/payments.ts";
import wranglerConfig from "../../wrangler.jsonc?raw";
import { createPlan, createVendor, sessionCookieFor, signedIn } from "#tests/support/factories.ts";
import { insertTemplate } from "#tests/support/invitations.ts";
import { hmacHex, SANDBOX_SECRET, TEST_CARD } from "#tests/support/payments.ts";

/**
 * Issue 28, item 2: the sandbox gateway takes no money, so it must never be the gateway of a site
 * people can reach. Like /dev/* it runs only when explicitly enabled (SANDBOX_GATEWAY="on", set by
 * the local scripts and the test pool, never by wrangler.jsonc) on a loopback host; a deploy
 * without Razorpay keys refuses to take orders with a clear message and verifies nothing.
 */

// The same composition as the Worker, with a stand-in for the pages, run with a chosen env.
const composed = createWorker(async (request) => new Response(`pages:${new URL(request.url).pathname}`));
const exec = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
/** The Worker as a plain deploy runs it: wrangler.jsonc's vars, no Razorpay keys, no local opt-in. */
const plainDeploy = (vars: Partial<Env> = {}): Env => ({ ...env, SANDBOX_GATEWAY: undefined, APP_ENV: "development", ...vars }) as Env;
const fetchWith = (url: string, init: RequestInit, vars: Env) => composed.fetch(new Request(url, init), vars, exec);

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const NOT_SET_UP = /Online payments are not set up on this site yet\. Nothing was charged/;

const countOrders = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM sandbox_gateway_orders").first<{ n: number }>())!.n;

async function createOrderAt(origin: string, path: string, cookie: string, vars: Env) {
  // Over HTTPS the session cookie carries the __Host- prefix (functions/platform/session-cookie.ts).
  const sent = origin.startsWith("https:") ? `__Host-${cookie}` : cookie;
  const res = await fetchWith(`${origin}${path}`, { method: "POST", headers: { Origin: origin, Cookie: sent } }, vars);
  return { status: res.status, body: (await res.json()) as { success: boolean; message?: string; orderId?: string } };
}

describe("the sandbox gateway outside local development", () => {
  it("is never enabled by wrangler.jsonc", () => {
    expect(wranglerConfig).toContain('"vars"');
    expect(wranglerConfig).not.toMatch(/"SANDBOX_GATEWAY"\s*:/);
  });

  it("a plain deploy without keys refuses plan and template orders with a clear message, and stores nothing", async () => {
    const vendor = await createVendor();
    const vendorCookie = await sessionCookieFor(vendor.id);
    const plan = await createPlan({ price: 4999 });
    const couple = await signedIn("USER");
    const template = await insertTemplate({ price: 399 });
    const before = await countOrders();
    for (const origin of ["https://mandap-preview.example.workers.dev", "http://localhost:8787"]) {
      const planOrder = await createOrderAt(origin, `/api/v1/subscribe/create-order/${plan.id}`, vendorCookie, plainDeploy());
      expect(planOrder.status, `${origin} ${JSON.stringify(planOrder.body)}`).toBe(503);
      expect(planOrder.body).toMatchObject({ success: false, message: expect.stringMatching(NOT_SET_UP) });
      const templateOrder = await createOrderAt(origin, `/api/v1/template/create-order/${template.id}`, couple.cookie, plainDeploy());
      expect(templateOrder.status, `${origin} ${JSON.stringify(templateOrder.body)}`).toBe(503);
      expect(templateOrder.body).toMatchObject({ success: false, message: expect.stringMatching(NOT_SET_UP) });
    }
    expect(await countOrders()).toBe(before);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE user_id IN (?, ?)").bind(vendor.id, couple.id).first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  it("even when enabled, refuses a host that is not loopback, and production", async () => {
    const vendor = await createVendor();
    const cookie = await sessionCookieFor(vendor.id);
    const plan = await createPlan({ price: 4999 });
    for (const [origin, vars] of [
      ["https://mandap.example", plainDeploy({ SANDBOX_GATEWAY: "on" })],
      ["http://localhost.evil.example", plainDeploy({ SANDBOX_GATEWAY: "on" })],
      ["http://192.168.1.20:8787", plainDeploy({ SANDBOX_GATEWAY: "on" })],
      ["http://localhost:8787", plainDeploy({ SANDBOX_GATEWAY: "true" })],
    ] as const) {
      const answer = await createOrderAt(origin, `/api/v1/subscribe/create-order/${plan.id}`, cookie, vars);
      expect(answer.status, `${origin} ${JSON.stringify(answer.body)}`).toBe(503);
    }
    expect(paymentGatewayFor(plainDeploy({ SANDBOX_GATEWAY: "on", APP_ENV: "production" }), "http://localhost:8787").name).not.toBe("sandbox");
  });

  it("does not serve its checkout, accept its default signature, or send webhooks on a plain deploy", async () => {
    // The checkout page that approved any "payment" is not there.
    for (const origin of ["https://mandap-preview.example.workers.dev", "http://localhost:8787"]) {
      const res = await fetchWith(
        `${origin}/sandbox-gateway/v1/checkout/embedded`,
        { method: "POST", headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body: "order_id=order_AAAAAAAAAAAAAA" },
        plainDeploy(),
      );
      expect(res.status, origin).toBe(404);
    }
    // A webhook signed with the secret committed in the repository is refused.
    const body = JSON.stringify({ event: "payment.captured", payload: {} });
    const hook = await fetchWith(
      "https://mandap-preview.example.workers.dev/api/v1/payments/webhook",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Razorpay-Signature": hmacHex(SANDBOX_SECRET, body), "X-Razorpay-Event-Id": "evt_guard" },
        body,
      },
      plainDeploy(),
    );
    expect(hook.status).toBe(401);
    expect(await runGatewayHousekeeping(plainDeploy(), Date.now())).toMatchObject({ attempted: 0 });
  });

  it("refuses the checkout's 'lose the confirmation' option with the rest of the sandbox: production, a plain deploy, a host that is not loopback", async () => {
    const vendor = await createVendor();
    const cookie = await sessionCookieFor(vendor.id);
    const plan = await createPlan({ price: 4999 });
    const made = await createOrderAt("http://localhost:8787", `/api/v1/subscribe/create-order/${plan.id}`, cookie, plainDeploy({ SANDBOX_GATEWAY: "on" }));
    expect(made.status).toBe(200);
    const orderId = made.body.orderId!;
    const pay = (origin: string) =>
      new URLSearchParams({
        key_id: "rzp_test_MandapSandbox1",
        order_id: orderId,
        callback_url: `${origin}/api/v1/payments/callback`,
        cancel_url: `${origin}/VendorDashboard/Plan`,
        ...TEST_CARD,
        decision: "approve",
        lose_confirmation: "on",
      }).toString();
    for (const [origin, vars] of [
      ["http://localhost:8787", plainDeploy({ SANDBOX_GATEWAY: "on", APP_ENV: "production" })],
      ["http://localhost:8787", plainDeploy()],
      ["https://mandap-preview.example.workers.dev", plainDeploy({ SANDBOX_GATEWAY: "on" })],
    ] as const) {
      const res = await fetchWith(
        `${origin}/sandbox-gateway/v1/checkout/pay`,
        { method: "POST", headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body: pay(origin) },
        vars,
      );
      expect(res.status, `${origin} ${vars.APP_ENV}`).toBe(404);
    }
    const taken = await env.DB.prepare("SELECT COUNT(*) AS n FROM sandbox_gateway_payments WHERE order_id = ?").bind(orderId).first<{ n: number }>();
    expect(taken!.n).toBe(0);
  });

  it("runs locally when enabled on a loopback host (npm start, the tests, the e2e suite)", async () => {
    const vendor = await createVendor();
    const cookie = await sessionCookieFor(vendor.id);
    const plan = await createPlan({ price: 4999 });
    for (const origin of ["http://localhost:8787", "http://127.0.0.1:8787", "http://[::1]:8787"]) {
      const answer = await createOrderAt(origin, `/api/v1/subscribe/create-order/${plan.id}`, cookie, plainDeploy({ SANDBOX_GATEWAY: "on" }));
      expect(answer.status, `${origin} ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });
});
