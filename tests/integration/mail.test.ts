import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import {
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_BASE_MS,
  deliverDueMail,
  deliverMail,
  mailerFor,
  queueMail,
  retryDelay,
  transportFor,
  type MailMessage,
} from "#platform/mail.ts";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";
import { loggedEvents } from "#tests/support/logs.ts";

/**
 * Mail at the network edge: the HTTP transport against a stubbed fetch, the Cloudflare transport
 * against a fake send_email binding, the local mailbox by default. What is asserted is what the
 * outbox row says (status, attempts, error, next attempt) and what left the Worker.
 */
const API = "https://mail-api.test/emails";
const FROM = "Mandap <hello@mandap.example>";
let n = 0;
const message = (over: Partial<MailMessage> = {}): MailMessage => ({ to: `to-${Date.now()}-${n++}@test.example`, subject: "Hello", text: "Namaste", ...over });

type Row = {
  status: string;
  attempts: number;
  error: string | null;
  next_attempt_at: number | null;
  sent_at: number | null;
  transport: string | null;
  provider_message_id: string | null;
};
const rowTo = (to: string) =>
  env.DB.prepare("SELECT status, attempts, error, next_attempt_at, sent_at, transport, provider_message_id FROM outbox WHERE to_address = ?")
    .bind(to)
    .first<Row>();
const rowsTo = (to: string) => env.DB.prepare("SELECT status FROM outbox WHERE to_address = ?").bind(to).all<{ status: string }>();

const httpEnv = { DB: env.DB, MAIL_FROM: FROM, MAIL_TRANSPORT: "http", MAIL_API_URL: API, MAIL_API_KEY: "key-123" };

/** Stubs fetch for the mail API only; `answer` decides each call. Records what was sent and the row's status at that moment. */
function stubMailApi(answer: (body: { to: string[] }) => Response | Promise<Response>) {
  const calls: {
    body: { from: string; to: string[]; subject: string; text: string; html?: string };
    headers: Headers;
    statusDuringSend: string | undefined;
  }[] = [];
  const real = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== API) return real(input, init);
    const body = JSON.parse(String(init?.body));
    const during = await rowTo(body.to[0]);
    calls.push({ body, headers: new Headers(init?.headers), statusDuringSend: during?.status });
    return answer(body);
  });
  return { calls, spy };
}

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the local mailbox (default transport)", () => {
  it("stores the message as STORED, never SENT, and sends nothing", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    const m = message();
    await mailerFor({ DB: env.DB, MAIL_FROM: FROM }).send(m);
    expect(await rowTo(m.to)).toMatchObject({ status: "STORED", attempts: 1, sent_at: null, error: null, transport: "mailbox" });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("choosing the transport", () => {
  it("refuses to keep mail silently in production: unset MAIL_TRANSPORT fails with the reason, explicit mailbox stores", async () => {
    const unset = message();
    await mailerFor({ DB: env.DB, MAIL_FROM: FROM, APP_ENV: "production" }).send(unset);
    expect(await rowTo(unset.to)).toMatchObject({
      status: "RETRYING",
      transport: "none",
      error: "No mail transport is configured in production: set MAIL_TRANSPORT to cloudflare or http (docs/deploy.md)",
    });
    const explicit = message();
    await mailerFor({ DB: env.DB, MAIL_FROM: FROM, APP_ENV: "production", MAIL_TRANSPORT: "mailbox" }).send(explicit);
    expect(await rowTo(explicit.to)).toMatchObject({ status: "STORED", transport: "mailbox" });
  });

  it("names an unknown MAIL_TRANSPORT on the row", async () => {
    const m = message();
    await mailerFor({ DB: env.DB, MAIL_FROM: FROM, MAIL_TRANSPORT: "smtp" }).send(m);
    expect(await rowTo(m.to)).toMatchObject({ status: "RETRYING", error: 'Unknown MAIL_TRANSPORT "smtp" (use mailbox, cloudflare or http)' });
  });
});

describe("the HTTP mail API transport", () => {
  it("marks a message SENT only once the API accepted it (202), with the key, sender and idempotency key", async () => {
    const { calls } = stubMailApi(() => Response.json({ id: "prov-1" }, { status: 202 }));
    const m = message({ html: "<p>Namaste</p>" });
    const now = Date.now();
    await mailerFor(httpEnv, undefined, { clock: () => now }).send(m);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.statusDuringSend).toBe("SENDING");
    expect(calls[0]!.body).toEqual({ from: FROM, to: [m.to], subject: m.subject, text: m.text, html: m.html });
    expect(calls[0]!.headers.get("Authorization")).toBe("Bearer key-123");
    expect(calls[0]!.headers.get("Idempotency-Key")).toMatch(/.+/);
    expect(await rowTo(m.to)).toEqual({
      status: "SENT",
      attempts: 1,
      error: null,
      next_attempt_at: null,
      sent_at: now,
      transport: "http",
      provider_message_id: "prov-1",
    });
  });

  it("keeps a 500 as RETRYING with the error, backs off exponentially, and sends when the API recovers", async () => {
    let status = 500;
    const { calls: all } = stubMailApi(() => new Response(status === 500 ? "upstream down" : "{}", { status }));
    const m = message();
    // Other tests' rows that are due get attempted too: count only this message's calls.
    const mine = () => all.filter((c) => c.body.to[0] === m.to);
    const t0 = Date.now();
    await mailerFor(httpEnv, undefined, { clock: () => t0 }).send(m);
    expect(await rowTo(m.to)).toMatchObject({
      status: "RETRYING",
      attempts: 1,
      error: "HTTP 500: upstream down",
      next_attempt_at: t0 + MAIL_RETRY_BASE_MS,
      sent_at: null,
    });
    expect(loggedEvents(errors)).toContainEqual(
      expect.objectContaining({
        event: "mail delivery attempt failed",
        transport: "http",
        attempt: 1,
        maxAttempts: MAIL_MAX_ATTEMPTS,
        givingUp: false,
        reason: "HTTP 500: upstream down",
      }),
    );

    const transport = transportFor(httpEnv);
    // Not due yet: nothing is attempted.
    await deliverDueMail(env.DB, transport, FROM, t0 + MAIL_RETRY_BASE_MS - 1);
    expect(mine()).toHaveLength(1);
    // Due: second attempt, fails again, waits twice as long.
    await deliverDueMail(env.DB, transport, FROM, t0 + MAIL_RETRY_BASE_MS);
    expect(mine()).toHaveLength(2);
    expect(await rowTo(m.to)).toMatchObject({ status: "RETRYING", attempts: 2, next_attempt_at: t0 + MAIL_RETRY_BASE_MS + 2 * MAIL_RETRY_BASE_MS });
    status = 202;
    const t2 = t0 + 3 * MAIL_RETRY_BASE_MS;
    const run = await deliverDueMail(env.DB, transport, FROM, t2);
    expect(run.sent).toBeGreaterThanOrEqual(1);
    expect(mine()).toHaveLength(3);
    expect(mine().map((c) => c.statusDuringSend)).toEqual(["SENDING", "SENDING", "SENDING"]);
    expect(await rowTo(m.to)).toMatchObject({ status: "SENT", attempts: 3, error: null, next_attempt_at: null, sent_at: t2 });
  });

  it("records a network error, retries it, and gives up as FAILED with the reason after the last attempt", async () => {
    const { calls } = stubMailApi(() => Promise.reject(new TypeError("connection refused")));
    const m = message();
    let now = Date.now();
    await mailerFor(httpEnv, undefined, { clock: () => now }).send(m);
    expect(await rowTo(m.to)).toMatchObject({ status: "RETRYING", attempts: 1, error: "network error: TypeError: connection refused" });
    const transport = transportFor(httpEnv);
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      now += retryDelay(attempt - 1);
      await deliverDueMail(env.DB, transport, FROM, now);
      const row = await rowTo(m.to);
      expect(row?.attempts).toBe(attempt);
      expect(row?.status).toBe(attempt < MAIL_MAX_ATTEMPTS ? "RETRYING" : "FAILED");
    }
    expect(await rowTo(m.to)).toMatchObject({
      status: "FAILED",
      attempts: MAIL_MAX_ATTEMPTS,
      error: "network error: TypeError: connection refused",
      next_attempt_at: null,
      sent_at: null,
    });
    const mine = () => calls.filter((c) => c.body.to[0] === m.to).length;
    expect(mine()).toBe(MAIL_MAX_ATTEMPTS);
    // Given up: later runs leave it alone.
    await deliverDueMail(env.DB, transport, FROM, now + 365 * 86_400_000);
    expect(mine()).toBe(MAIL_MAX_ATTEMPTS);
  });

  it("fails at once, without retrying, when the API refuses the message (400)", async () => {
    const { calls } = stubMailApi(() => new Response('{"message":"invalid to"}', { status: 400 }));
    const m = message();
    const now = Date.now();
    await mailerFor(httpEnv, undefined, { clock: () => now }).send(m);
    expect(await rowTo(m.to)).toMatchObject({ status: "FAILED", attempts: 1, error: 'HTTP 400: {"message":"invalid to"}', next_attempt_at: null });
    await deliverDueMail(env.DB, transportFor(httpEnv), FROM, now + 86_400_000);
    expect(calls.filter((c) => c.body.to[0] === m.to)).toHaveLength(1);
  });

  it("retries a rate limit (429) rather than giving up", async () => {
    stubMailApi(() => new Response("slow down", { status: 429 }));
    const m = message();
    await mailerFor(httpEnv).send(m);
    expect(await rowTo(m.to)).toMatchObject({ status: "RETRYING", error: "HTTP 429: slow down" });
  });

  it("never sends one row twice when the request's attempt and the cron race", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = stubMailApi(async () => {
      await gate;
      return new Response("{}", { status: 202 });
    });
    const m = message();
    const now = Date.now();
    const { id, statement } = queueMail(env.DB, m, now);
    await statement.run();
    const transport = transportFor(httpEnv);
    const first = deliverMail(env.DB, transport, FROM, id, now);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const second = await deliverMail(env.DB, transport, FROM, id, now);
    release();
    expect(second).toBeNull();
    expect(await first).toEqual({ status: "SENT" });
    expect(calls.filter((c) => c.body.to[0] === m.to)).toHaveLength(1);
  });

  it("with a request context, answers first and delivers in waitUntil", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = stubMailApi(async () => {
      await gate;
      return new Response("{}", { status: 202 });
    });
    const ctx = createExecutionContext();
    const m = message();
    await mailerFor(httpEnv, ctx).send(m);
    // send() has returned while the API has not answered yet: the message is not SENT.
    expect((await rowTo(m.to))?.status).toMatch(/^(QUEUED|SENDING)$/);
    release();
    await waitOnExecutionContext(ctx);
    expect(calls).toHaveLength(1);
    expect((await rowTo(m.to))?.status).toBe("SENT");
  });

  it("reports a missing MAIL_API_URL on the row instead of pretending", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    const m = message();
    await mailerFor({ DB: env.DB, MAIL_FROM: FROM, MAIL_TRANSPORT: "http" }).send(m);
    expect(await rowTo(m.to)).toMatchObject({ status: "RETRYING", error: 'MAIL_TRANSPORT is "http" but MAIL_API_URL is not set' });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("the Cloudflare Email Service transport (send_email binding)", () => {
  function fakeBinding(behaviour: "accept" | "throw") {
    const sent: unknown[] = [];
    const binding = {
      async send(m: unknown) {
        sent.push(m);
        if (behaviour === "throw") throw new Error("destination address is not verified");
        return { messageId: "<cf-1@mandap.example>" };
      },
    } as unknown as SendEmail;
    return { binding, sent };
  }

  it("sends through env.EMAIL.send with the parsed sender and marks the row SENT with the message id", async () => {
    const { binding, sent } = fakeBinding("accept");
    const m = message();
    await mailerFor({ DB: env.DB, MAIL_FROM: FROM, MAIL_TRANSPORT: "cloudflare", EMAIL: binding }).send(m);
    expect(sent).toEqual([{ from: { name: "Mandap", email: "hello@mandap.example" }, to: m.to, subject: m.subject, text: m.text }]);
    expect(await rowTo(m.to)).toMatchObject({ status: "SENT", attempts: 1, transport: "cloudflare", provider_message_id: "<cf-1@mandap.example>" });
  });

  it("keeps the binding's error and retries", async () => {
    const { binding, sent } = fakeBinding("throw");
    const m = message();
    await mailerFor({ DB: env.DB, MAIL_FROM: FROM, MAIL_TRANSPORT: "cloudflare", EMAIL: binding }).send(m);
    expect(sent).toHaveLength(1);
    expect(await rowTo(m.to)).toMatchObject({ status: "RETRYING", attempts: 1, error: "destination address is not verified", sent_at: null });
  });

  it("says so when MAIL_TRANSPORT is cloudflare but there is no EMAIL binding", async () => {
    const m = message();
    await mailerFor({ DB: env.DB, MAIL_FROM: FROM, MAIL_TRANSPORT: "cloudflare" }).send(m);
    expect(await rowTo(m.to)).toMatchObject({
      status: "RETRYING",
      error: 'MAIL_TRANSPORT is "cloudflare" but the Worker has no send_email binding named EMAIL',
    });
  });
});

describe("the enquiry notice to the vendor", () => {
  it("is delivered after the lead's batch instead of staying QUEUED", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    const couple = await createUser({ role: "USER" });
    const res = await call(`/api/v1/services/makeLead/${service.id}`, {
      method: "PUT",
      body: { message: "We are looking for a caterer for 300 guests for our reception in Jaipur." },
      cookie: await sessionCookieFor(couple.id),
    });
    expect(res.status).toBe(201);
    // The test Worker uses the local mailbox: delivered there means STORED (never SENT).
    await vi.waitFor(async () => expect((await rowsTo(vendor.email)).results).toEqual([{ status: "STORED" }]), { timeout: 5000 });
  });
});
