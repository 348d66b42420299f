import { describe, expect, it } from "vitest";
import { registerUser, requestPasswordReset } from "#domain/accounts/index.ts";
import { addressKey, clientAddress, delayAfter, LOGIN_ACCOUNT_DELAY, LOGIN_ADDRESS_DELAY, onCloudflareEdge } from "#domain/core/index.ts";
import type { MailMessage, MailService } from "#platform/mail.ts";
import { hashPassword } from "#platform/password.ts";
import { testContext } from "#tests/support/context.ts";
import { createUser } from "#tests/support/factories.ts";

/** The pieces of the log-in limits that need no HTTP: addresses, delays, mails after the answer. */
const edgeRequest = (url: string, headers: Record<string, string>, cf: object | null = {}) => {
  const request = new Request(url, { headers });
  if (cf) Object.defineProperty(request, "cf", { value: cf });
  return request;
};

describe("the client's address", () => {
  it("is Cloudflare's cf-connecting-ip only on the edge (request.cf present, public host)", () => {
    expect(clientAddress(edgeRequest("https://mandap.example/login", { "cf-connecting-ip": "203.0.113.9" }))).toBe("203.0.113.9");
    expect(onCloudflareEdge(edgeRequest("https://mandap.example/", {}))).toBe(true);
  });

  it("is unknown off the edge, whatever headers a client sends", () => {
    const spoof = { "cf-connecting-ip": "203.0.113.9", "x-real-ip": "203.0.113.10", "x-forwarded-for": "203.0.113.11" };
    expect(clientAddress(edgeRequest("https://mandap.example/login", spoof, null))).toBeNull(); // no request.cf
    for (const host of [
      "http://localhost:8787",
      "http://127.0.0.1:8787",
      "http://[::1]:8787",
      "http://192.168.1.20:8787",
      "http://10.0.0.5",
      "http://app.localhost",
    ]) {
      expect(clientAddress(edgeRequest(`${host}/login`, spoof)), host).toBeNull(); // the local server also fills request.cf
    }
    expect(clientAddress(edgeRequest("https://mandap.example/login", { "x-real-ip": "203.0.113.10" }))).toBeNull();
  });

  it("counts IPv6 by its /64 and IPv4-mapped addresses as IPv4; malformed is unknown", () => {
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("[2001:db8:1:2::1]")).toBe("2001:db8:1:2::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    for (const bad of ["", "999.1.1.1", "1.2.3", "2001:db8::1::2", "hello", "1:2:3:4:5:6:7:8:9", "2001:db8:gggg::1"]) expect(addressKey(bad), bad).toBeNull();
  });
});

describe("delays", () => {
  it("per account: 5 free failures, then 30 s doubling to at most 15 minutes", () => {
    expect([1, 2, 3, 4].map((n) => delayAfter(LOGIN_ACCOUNT_DELAY, n))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 50].map((n) => delayAfter(LOGIN_ACCOUNT_DELAY, n) / 1000)).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it("per address: far higher (200 free failures), short waits", () => {
    expect(LOGIN_ADDRESS_DELAY.free).toBeGreaterThanOrEqual(40 * LOGIN_ACCOUNT_DELAY.free);
    expect(delayAfter(LOGIN_ADDRESS_DELAY, 199)).toBe(0);
    expect(delayAfter(LOGIN_ADDRESS_DELAY, 10_000)).toBeLessThanOrEqual(5 * 60_000);
  });
});

describe("answers that do not wait for mail (no timing difference between known and unknown addresses)", () => {
  /** A mailer whose sends hang until released, and the sends it was asked for. */
  function heldMailer() {
    const sent: MailMessage[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const mailer: MailService = { send: async (m) => (sent.push(m), gate), deliver: async () => {} };
    return { mailer, sent, release };
  }
  const within = <T>(p: Promise<T>, ms = 3000) => Promise.race([p, new Promise<"timed out">((r) => setTimeout(() => r("timed out"), ms))]);
  const context = (mail: MailService) => testContext({ mail });
  let n = 0;
  const address = (p: string) => `${p}-${Date.now().toString(36)}-${n++}@test.example`;

  it("a reset request for a real account answers before its mail is sent, with the same answer as for nobody", async () => {
    const user = await createUser({ email: address("reset"), passwordHash: await hashPassword("Mandap2026pass") });
    const { mailer, sent, release } = heldMailer();
    const ctx = context(mailer);
    const { deferred } = ctx;
    const known = await within(requestPasswordReset(ctx, { email: user.email }));
    const unknown = await within(requestPasswordReset(ctx, { email: address("nobody") }));
    expect(known).not.toBe("timed out");
    expect(known).toEqual(unknown);
    expect(sent.map((m) => m.to)).toEqual([user.email]);
    expect(deferred).toHaveLength(1);
    release();
    await Promise.all(deferred);
  });

  it("a sign-up answers before its mail is sent, the same for a known and a new address, one mail each", async () => {
    const owner = await createUser({ email: address("owner"), passwordHash: await hashPassword("Mandap2026pass") });
    const fresh = address("fresh");
    const { mailer, sent, release } = heldMailer();
    const ctx = context(mailer);
    const { deferred } = ctx;
    const body = (email: string) => ({ user_name: "Asha Rao", email, phone: undefined, password: "Mandap2026pass", confirmPassword: "Mandap2026pass" });
    const known = await within(registerUser(ctx, body(owner.email)));
    const unknown = await within(registerUser(ctx, body(fresh)));
    expect(known).toEqual({ message: expect.stringContaining(owner.email), email: owner.email });
    expect(unknown).toEqual({ message: (known as { message: string }).message.replace(owner.email, fresh), email: fresh });
    expect(sent.map((m) => m.to)).toEqual([owner.email, fresh]);
    expect(deferred).toHaveLength(2);
    release();
    await Promise.all(deferred);
  });
});
