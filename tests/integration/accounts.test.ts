import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeRole, listAdminTeam, login, requestPasswordReset, resetLinkIsValid, updateVendor } from "#domain/accounts/index.ts";
import { Forbidden, TooManyRequests, Unauthorized, type Actor } from "#domain/core/index.ts";
import { hashPassword } from "#platform/password.ts";
import { testContext } from "#tests/support/context.ts";
import { DAILY, jobsBySchedule, runScheduled } from "#functions/cron/index.ts";
import type { Env } from "#functions/env.ts";
import { createUser, GOOD_PASSWORD, ORIGIN, sessionCookieFor, vendorSignUpBody, worker } from "#tests/support/factories.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";

/** Accounts and access through the real Worker and D1: sign-up, log-in, tokens, limits, roles. */
let n = 0;
const unique = (p: string) => `${p}-${Date.now().toString(36)}-${n++}@test.example`;
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
/** A site served through Cloudflare's edge (request.cf present, public host): the address header counts. */
const EDGE = "https://mandap.example";

type Json = Record<string, unknown> & { success?: boolean; message?: string; email?: string; errors?: Record<string, string>; user?: Record<string, unknown> };
type Init = { method?: string; body?: unknown; cookie?: string; ip?: string; origin?: string; edge?: boolean };

async function api(path: string, init: Init = {}) {
  const site = init.edge ? EDGE : ORIGIN;
  const headers: Record<string, string> = { "CF-Connecting-IP": init.ip ?? freshIp() };
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  if (method !== "GET") headers.Origin = init.origin ?? site;
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const requestInit = {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    ...(init.edge ? { cf: {} } : {}),
  } as RequestInit;
  const res = await worker.fetch(`${site}/api/v1${path}`, requestInit);
  const json = (await res.json()) as Json;
  return { res, json, status: res.status, cookies: res.headers.getSetCookie() };
}

/** "name=value" of the cookie the response set (plain or __Host- prefixed), or null. */
const cookieFrom = (cookies: string[], name: string) => {
  const c = cookies.find((x) => (x.startsWith(`${name}=`) || x.startsWith(`__Host-${name}=`)) && !/^[^=]+=;/.test(x));
  return c ? c.split(";")[0]! : null;
};
const sessionFrom = (cookies: string[]) => cookieFrom(cookies, "mandap_session");
const deviceFrom = (cookies: string[]) => cookieFrom(cookies, "mandap_device");

const GOOD = GOOD_PASSWORD;

type Mail = { subject: string; text: string };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Mails go after the answer (waitUntil): wait for the newest one to the address matching the subject. */
async function mailTo(email: string, subject: RegExp = /./, timeoutMs = 3000): Promise<Mail | null> {
  for (const start = Date.now(); ;) {
    const { results } = await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC").bind(email).all<Mail>();
    const mail = results.find((m) => subject.test(m.subject));
    if (mail || Date.now() - start > timeoutMs) return mail ?? null;
    await sleep(25);
  }
}
/** How many mails reached the address, after giving deferred sends time to land. */
async function mailCount(email: string, subject: RegExp = /./): Promise<number> {
  await sleep(300);
  const { results } = await env.DB.prepare("SELECT subject FROM outbox WHERE to_address = ?").bind(email).all<{ subject: string }>();
  return results.filter((m) => subject.test(m.subject)).length;
}
const latestMailTo = (email: string) => mailTo(email);
const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([a-z2-7]{32})`).exec(text)?.[1] ?? null;

/** Starts a couple's sign-up (202, a link by mail). */
async function startSignUp(overrides: Record<string, unknown> = {}, init: Init = {}) {
  const email = (overrides.email as string) ?? unique("couple");
  const r = await api("/users/register", { ...init, body: { user_name: "Asha Rao", email, password: GOOD, confirmPassword: GOOD, ...overrides } });
  return { ...r, email };
}

/** Opens the sign-up link from the mail with the password: the account is created and signed in. */
async function finishSignUp(email: string, password = GOOD, init: Init = {}) {
  const mail = await mailTo(email, /Confirm your e-mail/);
  const token = tokenIn(mail!.text, `${init.edge ? EDGE : ORIGIN}/verify-email`)!;
  const r = await api(`/users/verify-email?token=${token}`, { ...init, body: { password } });
  return { ...r, token, cookie: sessionFrom(r.cookies), device: deviceFrom(r.cookies) };
}

async function userWithPassword(role: "USER" | "VENDOR" | "ADMIN" | "SUPER_ADMIN" = "USER", password = GOOD) {
  const user = await createUser({ role, email: unique(role.toLowerCase()), passwordHash: await hashPassword(password) });
  if (role === "VENDOR") {
    const now = Date.now();
    await env.DB.prepare("INSERT INTO vendors (user_id, slug, business_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
      .bind(user.id, `v-${user.id}`, "Test Vendor", now, now)
      .run();
  }
  return user;
}

const countUsers = (email: string) => env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<number>("n");

describe("couple sign-up", () => {
  it("accepts the sign-up without creating anything, mails a link, and the link with the password creates a verified account and signs in", async () => {
    const started = await startSignUp();
    expect(started.status).toBe(202);
    expect(started.json).toEqual({ success: true, message: ACCOUNT_MESSAGES.signupSent(started.email), email: started.email });
    expect(sessionFrom(started.cookies)).toBeNull();
    expect(await countUsers(started.email)).toBe(0);
    const { status, json, cookies, cookie } = await finishSignUp(started.email);
    expect(status).toBe(201);
    expect(json.user).toMatchObject({ email: started.email, user_name: "Asha Rao", role: "USER", is_verified: true });
    const setCookie = cookies.find((c) => c.startsWith("mandap_session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // http://localhost; https gets Secure and __Host-
    const me = await api("/users/me", { cookie: cookie! });
    expect(me.json).toMatchObject({ isLoggedIn: true, user: { email: started.email } });
    expect(await countUsers(started.email)).toBe(1);
  });

  it("uses the __Host- prefixed, Secure cookies over https", async () => {
    const started = await startSignUp({}, { edge: true });
    expect(started.status).toBe(202);
    const done = await finishSignUp(started.email, GOOD, { edge: true });
    expect(done.status).toBe(201);
    const c = done.cookies.find((x) => x.startsWith("__Host-mandap_session="))!;
    expect(c).toMatch(/; Secure/);
    expect(c).toMatch(/HttpOnly/);
    const device = done.cookies.find((x) => x.startsWith("__Host-mandap_device="))!;
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/; Secure/);
    expect(Number(/Max-Age=(\d+)/.exec(device)![1])).toBeGreaterThan(180 * 86_400);
  });

  it("rejects missing and malformed fields with 400 and field messages, writing nothing", async () => {
    const email = unique("bad");
    const { status, json } = await api("/users/register", { body: { user_name: "", email: "not-an-email", password: "short", confirmPassword: "other" } });
    expect(status).toBe(400);
    expect(json.success).toBe(false);
    expect(Object.keys(json.errors ?? {})).toEqual(expect.arrayContaining(["user_name", "email", "password"]));
    const missing = await api("/users/register", { body: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.errors ?? {})).toEqual(expect.arrayContaining(["user_name", "email", "password", "confirmPassword"]));
    const mismatch = await api("/users/register", { body: { user_name: "Asha", email, password: GOOD, confirmPassword: `${GOOD}x` } });
    expect(mismatch.json.errors).toEqual({ confirmPassword: "The passwords do not match." });
    expect(await countUsers(email)).toBe(0);
    expect(await mailCount(email)).toBe(0);
  });

  it("answers a known e-mail (any letter case) exactly like a new one, and tells the owner instead", async () => {
    const owner = await userWithPassword();
    const fresh = unique("fresh");
    const known = await api("/users/register", {
      body: { user_name: "Someone Else", email: owner.email.toUpperCase(), password: GOOD, confirmPassword: GOOD },
    });
    const unknown = await api("/users/register", { body: { user_name: "Someone Else", email: fresh, password: GOOD, confirmPassword: GOOD } });
    expect(known.status).toBe(unknown.status);
    expect(known.json).toEqual({ ...unknown.json, message: unknown.json.message!.replace(fresh, owner.email), email: owner.email });
    expect(known.cookies).toEqual(unknown.cookies);
    const notice = await mailTo(owner.email, /tried to sign up/);
    expect(notice!.text).toContain(`${ORIGIN}/login`);
    expect(notice!.text).toContain(`${ORIGIN}/user-forgot-password`);
    expect(await countUsers(owner.email)).toBe(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM pending_signups WHERE email = ?").bind(owner.email).first("n")).toBe(0);
    expect((await api("/users/login", { body: { email: owner.email, password: GOOD } })).status).toBe(200);
  });

  it("finishes only with the password chosen at sign-up, so another person's sign-up for the address cannot be taken over", async () => {
    const started = await startSignUp({ password: "Attacker2026x", confirmPassword: "Attacker2026x" });
    const wrong = await finishSignUp(started.email, GOOD);
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ password: ACCOUNT_MESSAGES.signupPasswordWrong });
    expect(sessionFrom(wrong.cookies)).toBeNull();
    expect(await countUsers(started.email)).toBe(0);
    const none = await api(`/users/verify-email?token=${wrong.token}`, { method: "POST" });
    expect(none.status).toBe(400);
    expect(none.json.errors).toHaveProperty("password");
  });

  it("a link finishes once; parallel clicks make one account", async () => {
    const started = await startSignUp();
    const token = tokenIn((await mailTo(started.email, /Confirm/))!.text, `${ORIGIN}/verify-email`)!;
    const results = await Promise.all(Array.from({ length: 5 }, () => api(`/users/verify-email?token=${token}`, { body: { password: GOOD } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(4);
    expect(await countUsers(started.email)).toBe(1);
  }, 30_000);

  it("stores only a hash of the link token and of the password", async () => {
    const started = await startSignUp();
    const token = tokenIn((await mailTo(started.email, /Confirm/))!.text, `${ORIGIN}/verify-email`)!;
    const row = await env.DB.prepare("SELECT token_hash, password_hash FROM pending_signups WHERE email = ?")
      .bind(started.email)
      .first<{ token_hash: string; password_hash: string }>();
    expect(row!.token_hash).not.toBe(token);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.password_hash).toMatch(/^scrypt\$/);
  });

  it("limits sign-ups per client address (IPv6 by its /64), not per network-less local request", async () => {
    const ip = "2001:db8:77:1::1";
    for (let i = 0; i < 20; i++) expect((await startSignUp({}, { edge: true, ip: `2001:db8:77:1::${(i + 1).toString(16)}` })).status).toBe(202);
    const limited = await startSignUp({}, { edge: true, ip: "2001:db8:77:1:ffff::9" });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/Too many sign-ups from your network/);
    expect(Number(limited.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await countUsers(limited.email)).toBe(0);
    expect(await mailCount(limited.email)).toBe(0);
    expect((await startSignUp({}, { edge: true, ip: "2001:db8:77:2::1" })).status).toBe(202);
    // The local server does not believe a client's own address header: no per-address limit there.
    for (let i = 0; i < 3; i++) expect((await startSignUp({}, { ip })).status).toBe(202);
  }, 60_000);

  it("refuses a cross-origin sign-up or log-in (CSRF)", async () => {
    const { status } = await api("/users/login", { body: { email: "x@y.example", password: GOOD }, origin: "https://evil.example" });
    expect(status).toBe(403);
  });
});

describe("e-mail verification of existing accounts", () => {
  async function unverified(role: "USER" | "VENDOR" = "USER") {
    const user = await userWithPassword(role);
    await env.DB.prepare("UPDATE users SET is_verified = 0 WHERE id = ?").bind(user.id).run();
    const cookie = await sessionCookieFor(user.id);
    expect((await api("/users/resend-verification", { method: "POST", cookie })).status).toBe(200);
    const token = tokenIn((await mailTo(user.email, /Verify/))!.text, `${ORIGIN}/verify-email`)!;
    return { user, cookie, token };
  }

  it("verifies a vendor's e-mail address but never marks the business verified (only an admin does)", async () => {
    const { user, token } = await unverified("VENDOR");
    expect((await api(`/users/verify-email?token=${token}`, { method: "POST" })).status).toBe(200);
    expect(await env.DB.prepare("SELECT is_verified FROM users WHERE id = ?").bind(user.id).first("is_verified")).toBe(1);
    expect(await env.DB.prepare("SELECT is_verified FROM vendors WHERE user_id = ?").bind(user.id).first("is_verified")).toBe(0);
  });

  it("verifies with the e-mailed token once; a second use or an expired token is refused", async () => {
    const { cookie, token } = await unverified();
    const ok = await api(`/users/verify-email?token=${token}`, { method: "POST" });
    expect(ok.status).toBe(200);
    expect((await api("/users/me", { cookie })).json.user).toMatchObject({ is_verified: true });
    const again = await api(`/users/verify-email?token=${token}`, { method: "POST" });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(ACCOUNT_MESSAGES.badVerifyLink);

    const second = await unverified();
    await env.DB.prepare("UPDATE auth_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, second.user.id)
      .run();
    expect((await api(`/users/verify-email?token=${second.token}`, { method: "POST" })).status).toBe(400);
    expect((await api("/users/me", { cookie: second.cookie })).json.user).toMatchObject({ is_verified: false });
  });

  it("stores only a hash of the token", async () => {
    const { token } = await unverified();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM auth_tokens WHERE id = ?").bind(token).first("n")).toBe(0);
  });

  it("rejects a malformed token with 400", async () => {
    const { status, json } = await api("/users/verify-email?token=abc", { method: "POST" });
    expect(status).toBe(400);
    expect(json.errors).toHaveProperty("token");
  });
});

describe("log-in", () => {
  it("issues a new session token at log-in and ends the one the browser carried (no fixation)", async () => {
    const user = await userWithPassword();
    const old = await sessionCookieFor(user.id);
    const { status, cookies, json } = await api("/users/login", { body: { email: user.email, password: GOOD }, cookie: old });
    expect(status).toBe(200);
    expect(json.user).toMatchObject({ id: user.id });
    const fresh = sessionFrom(cookies)!;
    expect(fresh).not.toBe(old);
    expect((await api("/users/me", { cookie: old })).json.isLoggedIn).toBe(false);
    expect((await api("/users/me", { cookie: fresh })).json.isLoggedIn).toBe(true);
  });

  it("answers a wrong password and an unknown address the same way", async () => {
    const user = await userWithPassword();
    const wrong = await api("/users/login", { body: { email: user.email, password: "Wrong12345" } });
    const unknown = await api("/users/login", { body: { email: unique("nobody"), password: "Wrong12345" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe(ACCOUNT_MESSAGES.badCredentials);
    expect(unknown.json.message).toBe(ACCOUNT_MESSAGES.badCredentials);
  });

  it("sends vendors to their own door and couples and admins to theirs", async () => {
    const vendor = await userWithPassword("VENDOR");
    const couple = await userWithPassword("USER");
    const admin = await userWithPassword("ADMIN");
    expect((await api("/users/login", { body: { email: vendor.email, password: GOOD } })).json.message).toBe(ACCOUNT_MESSAGES.vendorAtUserDoor);
    expect((await api("/vendors/login", { body: { email: couple.email, password: GOOD } })).status).toBe(403);
    expect((await api("/vendors/login", { body: { email: vendor.email, password: GOOD } })).status).toBe(200);
    expect((await api("/users/login", { body: { email: admin.email, password: GOOD } })).json.user).toMatchObject({ role: "ADMIN" });
  });

  it("after 5 failures makes the next attempt wait (429, Retry-After, growing), but never refuses the right password from a browser that logged in before", async () => {
    const user = await userWithPassword();
    const before = await api("/users/login", { body: { email: user.email, password: GOOD } });
    expect(before.status).toBe(200);
    const device = deviceFrom(before.cookies)!;
    expect(device).toMatch(/^mandap_device=[a-z2-7]{32}$/);
    expect(before.cookies.find((c) => c.startsWith("mandap_device="))).toMatch(/HttpOnly/);
    for (let i = 0; i < 5; i++) expect((await api("/users/login", { body: { email: user.email, password: `Wrong${i}xyz1` } })).status).toBe(401);
    // A new browser waits, even with the right password: the attempt is not checked at all.
    const waiting = await api("/users/login", { body: { email: user.email, password: GOOD } });
    expect(waiting.status).toBe(429);
    const wait = Number(waiting.res.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(30);
    expect(waiting.json.message).toMatch(
      /^Too many failed log-in attempts for this account\. Please wait \d+ seconds before trying again, or reset your password\.$/,
    );
    expect(sessionFrom(waiting.cookies)).toBeNull();
    // The owner's browser gets in with the right password.
    const owner = await api("/users/login", { body: { email: user.email, password: GOOD }, cookie: device });
    expect(owner.status).toBe(200);
    expect(sessionFrom(owner.cookies)).not.toBeNull();
    expect(deviceFrom(owner.cookies)).toBe(device);
    // ...without handing whoever is guessing a fresh allowance.
    expect((await api("/users/login", { body: { email: user.email, password: GOOD } })).status).toBe(429);
  }, 30_000);

  it("grows the wait with each further failure, up to 15 minutes", async () => {
    const user = await userWithPassword();
    const key = `login:account:${user.email}`;
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      // Let the current wait pass without sleeping, so every attempt is checked.
      await env.DB.prepare("UPDATE rate_limits SET locked_until = NULL WHERE key = ?").bind(key).run();
      await api("/users/login", { body: { email: user.email, password: `Wrong${i}xyz1` } });
      const row = await env.DB.prepare("SELECT locked_until FROM rate_limits WHERE key = ?").bind(key).first<{ locked_until: number | null }>();
      waits.push(row?.locked_until ? Math.round((row.locked_until - Date.now()) / 1000) : 0);
    }
    expect(waits.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(waits[4]).toBeGreaterThan(25);
    for (let i = 5; i < 12; i++) expect(waits[i]!).toBeGreaterThanOrEqual(Math.min(waits[i - 1]!, 890));
    expect(Math.max(...waits)).toBeLessThanOrEqual(900);
    expect(waits[11]).toBeGreaterThan(880);
  }, 30_000);

  it("stops trusting a remembered browser after 10 failures of its own", async () => {
    const user = await userWithPassword();
    const device = deviceFrom((await api("/users/login", { body: { email: user.email, password: GOOD } })).cookies)!;
    for (let i = 0; i < 10; i++) {
      await env.DB.prepare("UPDATE rate_limits SET locked_until = NULL WHERE key = ?").bind(`login:account:${user.email}`).run();
      expect((await api("/users/login", { body: { email: user.email, password: `Wrong${i}xyz1` }, cookie: device })).status).toBe(401);
    }
    expect((await api("/users/login", { body: { email: user.email, password: GOOD }, cookie: device })).status).toBe(429);
  }, 30_000);

  it("mails the owner once when failures pass the free allowance, not for every failure", async () => {
    const user = await userWithPassword();
    for (let i = 0; i < 8; i++) {
      await env.DB.prepare("UPDATE rate_limits SET locked_until = NULL WHERE key = ?").bind(`login:account:${user.email}`).run();
      await api("/users/login", { body: { email: user.email, password: `Wrong${i}xyz1` } });
    }
    const notice = await mailTo(user.email, /Failed log-in attempts/);
    expect(notice!.text).toContain(`${ORIGIN}/user-forgot-password`);
    expect(await mailCount(user.email, /Failed log-in attempts/)).toBe(1);
  }, 30_000);

  it("25 failures from one carrier address block nobody behind it whose password is right", async () => {
    const ip = "203.0.113.50";
    for (let i = 0; i < 25; i++)
      expect((await api("/users/login", { body: { email: unique("spray"), password: "Wrong12345" }, edge: true, ip })).status).toBe(401);
    const user = await userWithPassword();
    expect((await api("/users/login", { body: { email: user.email, password: GOOD }, edge: true, ip })).status).toBe(200);
  }, 30_000);

  it("per client address: far higher than per account, IPv6 counted by /64, never against a browser that logged in before", async () => {
    const user = await userWithPassword();
    const device = deviceFrom((await api("/users/login", { body: { email: user.email, password: GOOD }, edge: true, ip: "2001:db8:5:6::1" })).cookies)!;
    expect(device).toMatch(/^__Host-mandap_device=/);
    // 199 failures over many accounts from one /64 still leave it free...
    const key = "login:address:2001:db8:5:6::/64";
    await env.DB.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES (?, 199, ?)").bind(key, Date.now()).run();
    expect((await api("/users/login", { body: { email: unique("spray"), password: "Wrong12345" }, edge: true, ip: "2001:db8:5:6:aaaa::1" })).status).toBe(401);
    // ...the 200th earns a wait for the whole /64.
    const blocked = await api("/users/login", { body: { email: user.email, password: GOOD }, edge: true, ip: "2001:db8:5:6:bbbb::2" });
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(/from your network/);
    // The owner's own browser behind that address gets in; so does anyone on another address.
    expect((await api("/users/login", { body: { email: user.email, password: GOOD }, edge: true, ip: "2001:db8:5:6:cccc::3", cookie: device })).status).toBe(
      200,
    );
    expect((await api("/users/login", { body: { email: user.email, password: GOOD }, edge: true, ip: "2001:db8:5:7::1" })).status).toBe(200);
  });

  it("does not believe a client's own address header off the edge (no per-address counting there)", async () => {
    const ip = "198.51.100.77";
    await env.DB.prepare("INSERT INTO rate_limits (key, count, window_start, locked_until) VALUES (?, 500, ?, ?)")
      .bind(`login:address:${ip}`, Date.now(), Date.now() + 300_000)
      .run();
    const user = await userWithPassword();
    expect((await api("/users/login", { body: { email: user.email, password: GOOD }, ip, edge: true })).status).toBe(429);
    expect((await api("/users/login", { body: { email: user.email, password: GOOD }, ip })).status).toBe(200);
  });

  it("rejects a malformed log-in with 400", async () => {
    const { status, json } = await api("/users/login", { body: { email: "nope" } });
    expect(status).toBe(400);
    expect(Object.keys(json.errors ?? {})).toEqual(expect.arrayContaining(["email", "password"]));
  });
});

describe("logout", () => {
  it("ends the session and clears the session cookie and the first-visit flag", async () => {
    const user = await userWithPassword();
    const cookie = await sessionCookieFor(user.id);
    const { status, json, cookies } = await api("/users/logout", { method: "POST", cookie: `${cookie}; mandap_visited=1` });
    expect(status).toBe(200);
    expect(json).toEqual({ success: true, message: ACCOUNT_MESSAGES.loggedOut });
    expect(cookies.some((c) => c.startsWith("mandap_session=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("mandap_visited=;") && c.includes("Max-Age=0"))).toBe(true);
    expect((await api("/users/me", { cookie })).json.isLoggedIn).toBe(false);
    const vendorOut = await api("/vendors/logout", { method: "POST" });
    expect(vendorOut.json.success).toBe(true);
  });
});

describe("password reset", () => {
  it("gives the same answer whether or not the address exists, mailing only real accounts", async () => {
    const user = await userWithPassword();
    const ghost = unique("ghost");
    const a = await api("/users/request-password-reset", { body: { email: user.email } });
    const b = await api("/users/request-password-reset", { body: { email: ghost } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.json).toEqual(b.json);
    expect((await latestMailTo(user.email))?.subject).toContain("Reset");
    expect(await mailCount(ghost)).toBe(0);
  });

  it("always accepts reset requests with the same answer, but sends at most one mail per 2 minutes per address, whose link keeps working", async () => {
    const user = await userWithPassword();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await api("/users/request-password-reset", { body: { email: user.email } }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.json).toEqual(answers[0]!.json);
    expect(await mailCount(user.email, /Reset/)).toBe(1);
    const token = tokenIn((await mailTo(user.email, /Reset/))!.text, `${ORIGIN}/user-change-password`)!;
    const ok = await api(`/users/reset-password?token=${token}`, { body: { password: "Fresh2027pass", confirmPassword: "Fresh2027pass" } });
    expect(ok.status).toBe(200);
  });

  it("a locked-out owner still gets the reset mail, and the reset ends the wait", async () => {
    const user = await userWithPassword();
    for (let i = 0; i < 6; i++) await api("/users/login", { body: { email: user.email, password: `Wrong${i}xyz1` } });
    expect((await api("/users/login", { body: { email: user.email, password: GOOD } })).status).toBe(429);
    for (let i = 0; i < 4; i++) await api("/users/request-password-reset", { body: { email: user.email } });
    const token = tokenIn((await mailTo(user.email, /Reset/))!.text, `${ORIGIN}/user-change-password`)!;
    expect((await api(`/users/reset-password?token=${token}`, { body: { password: "Fresh2027pass", confirmPassword: "Fresh2027pass" } })).status).toBe(200);
    expect((await api("/users/login", { body: { email: user.email, password: "Fresh2027pass" } })).status).toBe(200);
  }, 30_000);

  it("refuses only a network asking for very many resets (429), counting IPv6 by /64", async () => {
    await env.DB.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES (?, 100, ?)").bind("reset:address:2001:db8:9:9::/64", Date.now()).run();
    const limited = await api("/users/request-password-reset", { body: { email: unique("any") }, edge: true, ip: "2001:db8:9:9::42" });
    expect(limited.status).toBe(429);
    expect(limited.res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await api("/users/request-password-reset", { body: { email: unique("any") }, edge: true, ip: "2001:db8:9:a::42" })).status).toBe(200);
  });

  it("resets once with the e-mailed token, ends every session, and the new password works", async () => {
    const user = await userWithPassword();
    const session = await sessionCookieFor(user.id);
    await api("/users/request-password-reset", { body: { email: user.email } });
    const token = tokenIn((await latestMailTo(user.email))!.text, `${ORIGIN}/user-change-password`)!;
    const NEW = "Fresh2027pass";
    const ok = await api(`/users/reset-password?token=${token}`, { body: { password: NEW, confirmPassword: NEW } });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe(ACCOUNT_MESSAGES.resetDone);
    expect((await api("/users/me", { cookie: session })).json.isLoggedIn).toBe(false);
    const reuse = await api(`/users/reset-password?token=${token}`, { body: { password: "Other2027pass", confirmPassword: "Other2027pass" } });
    expect(reuse.status).toBe(400);
    expect((await api("/users/login", { body: { email: user.email, password: GOOD } })).status).toBe(401);
    expect((await api("/users/login", { body: { email: user.email, password: NEW } })).status).toBe(200);
  });

  it("refuses an expired reset token and changes nothing", async () => {
    const user = await userWithPassword("VENDOR");
    await api("/vendors/request-password-reset", { body: { email: user.email } });
    const token = tokenIn((await latestMailTo(user.email))!.text, `${ORIGIN}/vendor-change-password`)!;
    await env.DB.prepare("UPDATE auth_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, user.id)
      .run();
    const res = await api(`/vendors/reset-password?token=${token}`, { body: { password: "Fresh2027pass", confirmPassword: "Fresh2027pass" } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(ACCOUNT_MESSAGES.badResetLink);
    expect((await api("/vendors/login", { body: { email: user.email, password: GOOD } })).status).toBe(200);
  });

  it("a newer reset link (once a new mail may go) replaces the older one", async () => {
    const user = await userWithPassword();
    await api("/users/request-password-reset", { body: { email: user.email } });
    const first = tokenIn((await latestMailTo(user.email))!.text, `${ORIGIN}/user-change-password`)!;
    await env.DB.prepare("DELETE FROM rate_limits WHERE key = ?").bind(`mail:reset:2m:${user.email}`).run(); // two minutes later
    await api("/users/request-password-reset", { body: { email: user.email } });
    await mailCount(user.email);
    const res = await api(`/users/reset-password?token=${first}`, { body: { password: "Fresh2027pass", confirmPassword: "Fresh2027pass" } });
    expect(res.status).toBe(400);
  });

  it("validates the new password fields with 400", async () => {
    const { status, json } = await api("/vendors/reset-password?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", { body: { password: "abc", confirmPassword: "abd" } });
    expect(status).toBe(400);
    expect(json.errors).toHaveProperty("password");
  });
});

describe("password change", () => {
  it("needs the current password and ends the other sessions but not this one", async () => {
    const vendor = await userWithPassword("VENDOR");
    const mine = await sessionCookieFor(vendor.id);
    const other = await sessionCookieFor(vendor.id);
    const wrong = await api("/vendors/change-password", {
      method: "PATCH",
      cookie: mine,
      body: { currentPassword: "Nope12345", pass: "Brand2027new", confirmPassword: "Brand2027new" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword });
    const ok = await api("/vendors/change-password", {
      method: "PATCH",
      cookie: mine,
      body: { currentPassword: GOOD, pass: "Brand2027new", confirmPassword: "Brand2027new" },
    });
    expect(ok.status).toBe(200);
    expect((await api("/users/me", { cookie: mine })).json.isLoggedIn).toBe(true);
    expect((await api("/users/me", { cookie: other })).json.isLoggedIn).toBe(false);
    expect((await api("/vendors/login", { body: { email: vendor.email, password: "Brand2027new" } })).status).toBe(200);
  });

  it("each door changes only its own accounts' passwords (403 otherwise, nothing changes)", async () => {
    const couple = await userWithPassword("USER");
    const admin = await userWithPassword("ADMIN");
    const vendor = await userWithPassword("VENDOR");
    const body = { currentPassword: GOOD, pass: "Brand2027new", confirmPassword: "Brand2027new" };
    for (const who of [couple, admin]) {
      const res = await api("/vendors/change-password", { method: "PATCH", cookie: await sessionCookieFor(who.id), body });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(ACCOUNT_MESSAGES.userAtVendorDoor);
    }
    const vendorAtUsers = await api("/users/change-password", { method: "PATCH", cookie: await sessionCookieFor(vendor.id), body });
    expect(vendorAtUsers.status).toBe(403);
    expect((await api("/users/login", { body: { email: couple.email, password: GOOD } })).status).toBe(200);
    expect((await api("/vendors/login", { body: { email: vendor.email, password: GOOD } })).status).toBe(200);
  });

  it("is 401 without a session", async () => {
    expect(
      (await api("/users/change-password", { method: "PATCH", body: { currentPassword: GOOD, pass: "Brand2027new", confirmPassword: "Brand2027new" } })).status,
    ).toBe(401);
  });
});

describe("profile and deletion", () => {
  it("updates the couple's profile fields and validates them", async () => {
    const user = await userWithPassword();
    const cookie = await sessionCookieFor(user.id);
    const ok = await api("/users", {
      method: "PATCH",
      cookie,
      body: { user_name: "Meera Iyer", phone: "+91 98765 43210", wedding_date: "2027-01-20", wedding_city: "Udaipur" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.user).toMatchObject({ user_name: "Meera Iyer", phone: "9876543210", wedding_date: "2027-01-20", wedding_city: "Udaipur" });
    const bad = await api("/users", { method: "PATCH", cookie, body: { phone: "12345", wedding_date: "soon" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors ?? {})).toEqual(expect.arrayContaining(["phone", "wedding_date"]));
    expect((await api("/users/me", { cookie })).json.user).toMatchObject({ phone: "9876543210" });
    const sneaky = await api("/users", { method: "PATCH", cookie, body: { user_name: "Meera", role: "SUPER_ADMIN" } });
    expect(sneaky.json.user).toMatchObject({ role: "USER" });
    expect((await api("/users", { method: "PATCH", body: { user_name: "Nobody" } })).status).toBe(401);
  });

  it("deletes the signed-in account and its sessions", async () => {
    const user = await userWithPassword();
    const cookie = await sessionCookieFor(user.id);
    const res = await api("/users/delete-user", { method: "DELETE", cookie });
    expect(res.status).toBe(200);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE id = ?").bind(user.id).first("n")).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(user.id).first("n")).toBe(0);
    expect((await api("/users/delete-user", { method: "DELETE" })).status).toBe(401);
  });
});

describe("vendor accounts", () => {
  it("signs up a vendor from the e-mailed link: identity row and business profile together, verified e-mail, unverified business, unique slugs", async () => {
    const name = `Kesar Decor ${Date.now()}`;
    const emails = [unique("vendor"), unique("vendor")];
    for (const email of emails) expect((await api("/vendors/register", { body: vendorSignUpBody(email, name) })).status).toBe(202);
    const [a, b] = [await finishSignUp(emails[0]!), await finishSignUp(emails[1]!)];
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.json.message).toBe(ACCOUNT_MESSAGES.signupDone(name));
    expect(a.json.user).toMatchObject({ role: "VENDOR", is_verified: true, vendor: { name, phone_number: "9829012345", city: "Jaipur" } });
    const slugA = (a.json.user!.vendor as { slug: string }).slug;
    const slugB = (b.json.user!.vendor as { slug: string }).slug;
    expect(slugA).not.toBe(slugB);
    expect(a.cookie).not.toBeNull();
    expect(await env.DB.prepare("SELECT is_verified FROM vendors WHERE slug = ?").bind(slugA).first("is_verified")).toBe(0);
    const mail = await mailTo(emails[0]!, /Confirm/);
    expect(mail!.text).toContain(name);
  });

  it("rejects bad vendor sign-up input with field messages and writes nothing; a known e-mail is answered like a new one", async () => {
    const email = unique("badvendor");
    const res = await api("/vendors/register", { body: { ...vendorSignUpBody(email), phone_number: "12", city: "" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.errors ?? {})).toEqual(expect.arrayContaining(["phone_number", "city"]));
    expect(await countUsers(email)).toBe(0);
    const taken = await userWithPassword("VENDOR");
    const dup = await api("/vendors/register", { body: vendorSignUpBody(taken.email) });
    expect(dup.status).toBe(202);
    expect((await mailTo(taken.email, /tried to sign up/))!.text).toContain(`${ORIGIN}/vendorLogin`);
  });

  it("lets only the vendor update and delete the vendor profile", async () => {
    const vendor = await userWithPassword("VENDOR");
    const cookie = await sessionCookieFor(vendor.id);
    const ok = await api("/vendors/update", { method: "PATCH", cookie, body: { tagline: "Royal feasts", website: "https://kesar.example" } });
    expect(ok.status).toBe(200);
    expect(ok.json.user).toMatchObject({ vendor: { tagline: "Royal feasts", website: "https://kesar.example" } });
    const bad = await api("/vendors/update", { method: "PATCH", cookie, body: { website: "javascript:alert(1)" } });
    expect(bad.status).toBe(400);
    const couple = await userWithPassword();
    const coupleCookie = await sessionCookieFor(couple.id);
    expect((await api("/vendors/update", { method: "PATCH", cookie: coupleCookie, body: { tagline: "x" } })).status).toBe(403);
    expect((await api("/vendors/delete", { method: "DELETE", cookie: coupleCookie })).status).toBe(403);
    expect((await api("/vendors/delete", { method: "DELETE", cookie })).status).toBe(200);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM vendors WHERE user_id = ?").bind(vendor.id).first("n")).toBe(0);
  });
});

describe("admin role calls", () => {
  it("only a super admin may call them; admins and couples are refused", async () => {
    const admin = await userWithPassword("ADMIN");
    const couple = await userWithPassword();
    const target = await userWithPassword();
    expect((await api(`/admin/give-admin/${target.id}`, { method: "PATCH" })).status).toBe(401);
    expect((await api(`/admin/give-admin/${target.id}`, { method: "PATCH", cookie: await sessionCookieFor(admin.id) })).status).toBe(403);
    expect((await api(`/admin/give-superadmin/${target.id}`, { method: "PATCH", cookie: await sessionCookieFor(couple.id) })).status).toBe(403);
    expect(await env.DB.prepare("SELECT role FROM users WHERE id = ?").bind(target.id).first("role")).toBe("USER");
  });

  it("gives and revokes admin; never demotes the last super admin", async () => {
    const first = await userWithPassword("SUPER_ADMIN");
    const cookie = await sessionCookieFor(first.id);
    const target = await userWithPassword();
    const give = await api(`/admin/give-admin/${target.id}`, { method: "PATCH", cookie });
    expect(give.status).toBe(200);
    expect(give.json).toMatchObject({ user: { role: "ADMIN" } });
    expect((await api(`/admin/give-admin/${target.id}`, { method: "PATCH", cookie })).status).toBe(409);
    expect((await api(`/admin/revoke-admin/${target.id}`, { method: "PATCH", cookie })).json).toMatchObject({ user: { role: "USER" } });
    expect((await api(`/admin/give-superadmin/${target.id}`, { method: "PATCH", cookie })).json).toMatchObject({ user: { role: "SUPER_ADMIN" } });
    // Two super admins: one may demote the other, then the survivor cannot demote themself.
    expect((await api(`/admin/revoke-admin/${target.id}`, { method: "PATCH", cookie })).status).toBe(200);
    const self = await api(`/admin/revoke-admin/${first.id}`, { method: "PATCH", cookie });
    expect(self.status).toBe(409);
    expect(self.json.message).toBe(ACCOUNT_MESSAGES.lastSuperAdmin);
    expect((await api("/users/delete-user", { method: "DELETE", cookie })).status).toBe(409);
    expect(await env.DB.prepare("SELECT role FROM users WHERE id = ?").bind(first.id).first("role")).toBe("SUPER_ADMIN");
    expect((await api("/admin/give-admin/no-such-id", { method: "PATCH", cookie })).status).toBe(404);
    const vendor = await userWithPassword("VENDOR");
    expect((await api(`/admin/give-admin/${vendor.id}`, { method: "PATCH", cookie })).status).toBe(409);
  });
});

describe("daily housekeeping", () => {
  it("deletes expired sessions and tokens and keeps live ones", async () => {
    const user = await userWithPassword();
    const live = await sessionCookieFor(user.id);
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)").bind(
        `expired-${user.id}`,
        user.id,
        now - 1000,
        now - 5000,
      ),
      env.DB.prepare("INSERT INTO auth_tokens (id, user_id, purpose, expires_at, created_at) VALUES (?, ?, 'RESET_PASSWORD', ?, ?)").bind(
        `old-${user.id}`,
        user.id,
        now - 1000,
        now - 5000,
      ),
      env.DB.prepare("INSERT INTO auth_tokens (id, user_id, purpose, expires_at, created_at) VALUES (?, ?, 'VERIFY_EMAIL', ?, ?)").bind(
        `new-${user.id}`,
        user.id,
        now + 60_000,
        now,
      ),
      env.DB.prepare("INSERT INTO remembered_devices (id, user_id, created_at, last_used_at, expires_at) VALUES (?, ?, ?, ?, ?)").bind(
        `olddev-${user.id}`,
        user.id,
        now - 5000,
        now - 5000,
        now - 1000,
      ),
      env.DB.prepare("INSERT INTO remembered_devices (id, user_id, created_at, last_used_at, expires_at) VALUES (?, ?, ?, ?, ?)").bind(
        `livedev-${user.id}`,
        user.id,
        now,
        now,
        now + 60_000,
      ),
      env.DB.prepare(
        "INSERT INTO pending_signups (email, token_hash, role, user_name, password_hash, expires_at, created_at) VALUES (?, ?, 'USER', 'x', 'x', ?, ?)",
      ).bind(`stale-${user.email}`, `stale-${user.id}`, now - 1000, now - 5000),
    ]);
    const handler = (exports as unknown as { default: { scheduled: (c: ScheduledController) => Promise<void> } }).default;
    await handler.scheduled({ cron: "30 21 * * *", scheduledTime: now, noRetry() {} });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE id = ?").bind(`expired-${user.id}`).first("n")).toBe(0);
    expect(
      await env.DB.prepare("SELECT id FROM auth_tokens WHERE user_id = ?")
        .bind(user.id)
        .all()
        .then((r) => r.results.map((x) => x.id)),
    ).toEqual([`new-${user.id}`]);
    expect((await api("/users/me", { cookie: live })).json.isLoggedIn).toBe(true);
    expect(
      await env.DB.prepare("SELECT id FROM remembered_devices WHERE user_id = ?")
        .bind(user.id)
        .all()
        .then((r) => r.results.map((x) => x.id)),
    ).toEqual([`livedev-${user.id}`]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM pending_signups WHERE email = ?").bind(`stale-${user.email}`).first("n")).toBe(0);
  });

  it("a run as of a later date (/dev/cron) purges only what is stale by the real clock: live sessions stay", async () => {
    const user = await userWithPassword();
    const live = await sessionCookieFor(user.id);
    const aYearOn = Date.now() + 365 * 86_400_000;
    const results = await runScheduled(
      DAILY,
      env as Env,
      aYearOn,
      jobsBySchedule[DAILY]!.filter((j) => j.purge),
    );
    expect(results.map((r) => r.name)).toContain("purge-expired-sessions-and-tokens");
    expect((await api("/users/me", { cookie: live })).json.isLoggedIn).toBe(true);
  });
});

describe("API description", () => {
  it("lists the account, vendor and admin calls in the OpenAPI document", async () => {
    const res = await worker.fetch(`${ORIGIN}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ["/api/v1/users/register", "post"],
      ["/api/v1/users/login", "post"],
      ["/api/v1/users/google-login", "post"],
      ["/api/v1/users/logout", "post"],
      ["/api/v1/users/request-password-reset", "post"],
      ["/api/v1/users/reset-password", "post"],
      ["/api/v1/users", "patch"],
      ["/api/v1/users/delete-user", "delete"],
      ["/api/v1/users/me", "get"],
      ["/api/v1/vendors/register", "post"],
      ["/api/v1/vendors/change-password", "patch"],
      ["/api/v1/vendors/update", "patch"],
      ["/api/v1/vendors/delete", "delete"],
      ["/api/v1/admin/give-admin/{id}", "patch"],
      ["/api/v1/admin/revoke-admin/{id}", "patch"],
      ["/api/v1/admin/give-superadmin/{id}", "patch"],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});

describe("account rules called directly with a request's domain context", () => {
  const actorOf = (u: { id: string; role: Actor["role"]; email: string }): Actor => ({
    id: u.id,
    role: u.role,
    email: u.email,
    userName: "Test Person",
    profilePhoto: null,
    isVerified: true,
  });
  const MINUTE = 60_000;

  it("read the request's clock: a reset link lasts one hour of ctx.now", async () => {
    const user = await userWithPassword();
    const t = Date.now();
    const ctx = testContext({ now: t });
    await requestPasswordReset(ctx, { email: user.email });
    await ctx.settle();
    const token = tokenIn((await mailTo(user.email, /Reset your Mandap password/))!.text, `${ORIGIN}/user-change-password`)!;
    expect(await resetLinkIsValid(testContext({ now: t + 59 * MINUTE }), token)).toBe(true);
    expect(await resetLinkIsValid(testContext({ now: t + 61 * MINUTE }), token)).toBe(false);
  });

  it("read the request's clock: a log-in wait ends when ctx.now passes it", async () => {
    const user = await userWithPassword();
    const t = Date.now();
    for (let i = 0; i < 5; i++) {
      await expect(login(testContext({ now: t }), { door: "user", email: user.email, password: "Wrong2026pass" })).rejects.toBeInstanceOf(Unauthorized);
    }
    // The fifth failure earned a 30-second wait: refused 10 seconds on, accepted 31 seconds on.
    await expect(login(testContext({ now: t + 10_000 }), { door: "user", email: user.email, password: GOOD })).rejects.toBeInstanceOf(TooManyRequests);
    const start = await login(testContext({ now: t + 31_000 }), { door: "user", email: user.email, password: GOOD });
    expect(start.account.id).toBe(user.id);
  });

  it("refuse the wrong account with the permissions module's checks and the same messages", async () => {
    const admin = actorOf(await userWithPassword("ADMIN"));
    const couple = actorOf(await userWithPassword("USER"));
    const target = await userWithPassword("USER");
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e as Error,
      );

    const byAdmin = await refused(changeRole(testContext({ actor: admin }), { userId: target.id, change: "give-admin" }));
    expect(byAdmin).toBeInstanceOf(Forbidden);
    expect(byAdmin?.message).toBe("Only a super admin can change admin roles.");
    expect(await refused(changeRole(testContext(), { userId: target.id, change: "give-admin" }))).toBeInstanceOf(Unauthorized);
    expect(await env.DB.prepare("SELECT role FROM users WHERE id = ?").bind(target.id).first("role")).toBe("USER");

    const team = await refused(listAdminTeam(testContext({ actor: couple })));
    expect(team).toBeInstanceOf(Forbidden);
    expect(team?.message).toBe("You do not have permission to do that.");
    expect(await listAdminTeam(testContext({ actor: admin }))).toEqual(expect.arrayContaining([expect.objectContaining({ id: admin.id, role: "ADMIN" })]));

    const profile = await refused(
      updateVendor(testContext({ actor: couple }), {
        tagline: "Not a vendor",
        description: undefined,
        facebook: undefined,
        instagram: undefined,
        website: undefined,
      }),
    );
    expect(profile).toBeInstanceOf(Forbidden);
    expect(profile?.message).toBe("Only vendor accounts have a business profile.");
  });
});
