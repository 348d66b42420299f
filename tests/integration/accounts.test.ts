import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../functions/domain/accounts.ts";
import { hashPassword } from "../../functions/platform/password.ts";
import { createUser, ORIGIN, sessionCookieFor, worker } from "../support/factories.ts";

/** Accounts and access through the real Worker and D1: sign-up, log-in, tokens, limits, roles. */
let n = 0;
const unique = (p: string) => `${p}-${Date.now().toString(36)}-${n++}@test.example`;
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

type Json = Record<string, unknown> & { success?: boolean; message?: string; errors?: Record<string, string>; user?: Record<string, unknown> };

async function api(path: string, init: { method?: string; body?: unknown; cookie?: string; ip?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { "CF-Connecting-IP": init.ip ?? freshIp() };
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  if (method !== "GET") headers.Origin = init.origin ?? ORIGIN;
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await worker.fetch(`${ORIGIN}/api/v1${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const json = (await res.json()) as Json;
  return { res, json, status: res.status, cookies: res.headers.getSetCookie() };
}

const sessionFrom = (cookies: string[]) => {
  const c = cookies.find((x) => x.startsWith("mandap_session=") && !x.startsWith("mandap_session=;"));
  return c ? c.split(";")[0]! : null;
};

const GOOD = "Mandap2026pass";

async function signUp(overrides: Record<string, unknown> = {}) {
  const email = unique("couple");
  const r = await api("/users/register", { body: { user_name: "Asha Rao", email, password: GOOD, confirmPassword: GOOD, ...overrides } });
  return { ...r, email: (overrides.email as string) ?? email, cookie: sessionFrom(r.cookies) };
}

async function latestMailTo(email: string) {
  return env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT 1").bind(email).first<{ subject: string; text: string }>();
}
const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([a-z2-7]{32})`).exec(text)?.[1] ?? null;

async function userWithPassword(role: "USER" | "VENDOR" | "ADMIN" | "SUPER_ADMIN" = "USER", password = GOOD) {
  const user = await createUser({ role, email: unique(role.toLowerCase()), passwordHash: await hashPassword(password) });
  if (role === "VENDOR") {
    const now = Date.now();
    await env.DB.prepare("INSERT INTO vendors (user_id, slug, business_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)").bind(user.id, `v-${user.id}`, "Test Vendor", now, now).run();
  }
  return user;
}

describe("couple sign-up", () => {
  it("creates the account, signs in with a safe cookie and sends a verification e-mail", async () => {
    const { status, json, cookies, email, cookie } = await signUp();
    expect(status).toBe(201);
    expect(json.user).toMatchObject({ email, user_name: "Asha Rao", role: "USER", is_verified: false });
    const setCookie = cookies.find((c) => c.startsWith("mandap_session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // http://localhost; https gets Secure and __Host-
    const me = await api("/users/me", { cookie: cookie! });
    expect(me.json).toMatchObject({ isLoggedIn: true, user: { email } });
    const mail = await latestMailTo(email);
    expect(mail?.subject).toContain("Verify");
    expect(tokenIn(mail!.text, `${ORIGIN}/verify-email`)).not.toBeNull();
  });

  it("uses the __Host- prefixed, Secure cookie over https", async () => {
    const email = unique("https");
    const res = await worker.fetch("https://mandap.example/api/v1/users/register", {
      method: "POST",
      headers: { Origin: "https://mandap.example", "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
      body: JSON.stringify({ user_name: "Secure Person", email, password: GOOD, confirmPassword: GOOD }),
    });
    expect(res.status).toBe(201);
    const c = res.headers.getSetCookie().find((x) => x.startsWith("__Host-mandap_session="))!;
    expect(c).toMatch(/; Secure/);
    expect(c).toMatch(/HttpOnly/);
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
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first("n")).toBe(0);
  });

  it("answers a duplicate e-mail (any letter case) with 409 and a clear message", async () => {
    const first = await signUp();
    const again = await api("/users/register", { body: { user_name: "Someone Else", email: first.email.toUpperCase(), password: GOOD, confirmPassword: GOOD } });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(ACCOUNT_MESSAGES.duplicateEmail);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(first.email).first("n")).toBe(1);
  });

  it("refuses a cross-origin sign-up or log-in (CSRF)", async () => {
    const { status } = await api("/users/login", { body: { email: "x@y.example", password: GOOD }, origin: "https://evil.example" });
    expect(status).toBe(403);
  });
});

describe("e-mail verification", () => {
  it("verifies a vendor's e-mail address but never marks the business verified (only an admin does)", async () => {
    const vendor = await userWithPassword("VENDOR");
    await env.DB.prepare("UPDATE users SET is_verified = 0 WHERE id = ?").bind(vendor.id).run();
    const cookie = await sessionCookieFor(vendor.id);
    expect((await api("/users/resend-verification", { method: "POST", cookie })).status).toBe(200);
    const token = tokenIn((await latestMailTo(vendor.email))!.text, `${ORIGIN}/verify-email`)!;
    expect((await api(`/users/verify-email?token=${token}`, { method: "POST" })).status).toBe(200);
    expect(await env.DB.prepare("SELECT is_verified FROM users WHERE id = ?").bind(vendor.id).first("is_verified")).toBe(1);
    expect(await env.DB.prepare("SELECT is_verified FROM vendors WHERE user_id = ?").bind(vendor.id).first("is_verified")).toBe(0);
  });

  it("verifies with the e-mailed token once; a second use or an expired token is refused", async () => {
    const { email, cookie } = await signUp();
    const token = tokenIn((await latestMailTo(email))!.text, `${ORIGIN}/verify-email`)!;
    const ok = await api(`/users/verify-email?token=${token}`, { method: "POST" });
    expect(ok.status).toBe(200);
    expect((await api("/users/me", { cookie: cookie! })).json.user).toMatchObject({ is_verified: true });
    const again = await api(`/users/verify-email?token=${token}`, { method: "POST" });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(ACCOUNT_MESSAGES.badVerifyLink);

    const second = await signUp();
    const t2 = tokenIn((await latestMailTo(second.email))!.text, `${ORIGIN}/verify-email`)!;
    await env.DB.prepare("UPDATE auth_tokens SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)").bind(Date.now() - 1, second.email).run();
    expect((await api(`/users/verify-email?token=${t2}`, { method: "POST" })).status).toBe(400);
    expect((await api("/users/me", { cookie: second.cookie! })).json.user).toMatchObject({ is_verified: false });
  });

  it("stores only a hash of the token", async () => {
    const { email } = await signUp();
    const token = tokenIn((await latestMailTo(email))!.text, `${ORIGIN}/verify-email`)!;
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

  it("locks an account after 5 failures: 429 with Retry-After, even with the right password", async () => {
    const user = await userWithPassword();
    for (let i = 0; i < 5; i++) expect((await api("/users/login", { body: { email: user.email, password: `Wrong${i}xyz1` } })).status).toBe(401);
    const locked = await api("/users/login", { body: { email: user.email, password: GOOD } });
    expect(locked.status).toBe(429);
    expect(Number(locked.res.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(locked.json.message).toMatch(/Too many failed log-in attempts for this account/);
    expect(sessionFrom(locked.cookies)).toBeNull();
  });

  it("limits failures per IP across accounts", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await api("/users/login", { body: { email: unique("spray"), password: "Wrong12345" }, ip });
    const user = await userWithPassword();
    const blocked = await api("/users/login", { body: { email: user.email, password: GOOD }, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(/from your network/);
    expect((await api("/users/login", { body: { email: user.email, password: GOOD } })).status).toBe(200);
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
    expect(await latestMailTo(ghost)).toBeNull();
  });

  it("limits reset requests per address (existing or not) with 429", async () => {
    const ghost = unique("limit");
    for (let i = 0; i < 3; i++) expect((await api("/users/request-password-reset", { body: { email: ghost } })).status).toBe(200);
    const limited = await api("/users/request-password-reset", { body: { email: ghost } });
    expect(limited.status).toBe(429);
    expect(limited.res.headers.get("retry-after")).toMatch(/^\d+$/);
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
    await env.DB.prepare("UPDATE auth_tokens SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1000, user.id).run();
    const res = await api(`/vendors/reset-password?token=${token}`, { body: { password: "Fresh2027pass", confirmPassword: "Fresh2027pass" } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(ACCOUNT_MESSAGES.badResetLink);
    expect((await api("/vendors/login", { body: { email: user.email, password: GOOD } })).status).toBe(200);
  });

  it("a newer reset link replaces the older one", async () => {
    const user = await userWithPassword();
    await api("/users/request-password-reset", { body: { email: user.email } });
    const first = tokenIn((await latestMailTo(user.email))!.text, `${ORIGIN}/user-change-password`)!;
    await api("/users/request-password-reset", { body: { email: user.email } });
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
    const wrong = await api("/vendors/change-password", { method: "PATCH", cookie: mine, body: { currentPassword: "Nope12345", pass: "Brand2027new", confirmPassword: "Brand2027new" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword });
    const ok = await api("/vendors/change-password", { method: "PATCH", cookie: mine, body: { currentPassword: GOOD, pass: "Brand2027new", confirmPassword: "Brand2027new" } });
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
    expect((await api("/users/change-password", { method: "PATCH", body: { currentPassword: GOOD, pass: "Brand2027new", confirmPassword: "Brand2027new" } })).status).toBe(401);
  });
});

describe("profile and deletion", () => {
  it("updates the couple's profile fields and validates them", async () => {
    const user = await userWithPassword();
    const cookie = await sessionCookieFor(user.id);
    const ok = await api("/users", { method: "PATCH", cookie, body: { user_name: "Meera Iyer", phone: "+91 98765 43210", wedding_date: "2027-01-20", wedding_city: "Udaipur" } });
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
  const vendorBody = (email: string, name = "Shubh Caterers") => ({ name, user_name: "Rohan Mehta", email, phone_number: "98290 12345", state: "Rajasthan", city: "Jaipur", password: GOOD, confirmPassword: GOOD });

  it("signs up a vendor: identity row and business profile together, unique slugs", async () => {
    const name = `Kesar Decor ${Date.now()}`;
    const a = await api("/vendors/register", { body: vendorBody(unique("vendor"), name) });
    const b = await api("/vendors/register", { body: vendorBody(unique("vendor"), name) });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.json.user).toMatchObject({ role: "VENDOR", vendor: { name, phone_number: "9829012345", city: "Jaipur" } });
    const slugA = (a.json.user!.vendor as { slug: string }).slug;
    const slugB = (b.json.user!.vendor as { slug: string }).slug;
    expect(slugA).not.toBe(slugB);
    expect(sessionFrom(a.cookies)).not.toBeNull();
  });

  it("rejects bad vendor sign-up input with field messages and writes nothing", async () => {
    const email = unique("badvendor");
    const res = await api("/vendors/register", { body: { ...vendorBody(email), phone_number: "12", city: "" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.errors ?? {})).toEqual(expect.arrayContaining(["phone_number", "city"]));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first("n")).toBe(0);
    const taken = await userWithPassword();
    const dup = await api("/vendors/register", { body: vendorBody(taken.email) });
    expect(dup.status).toBe(409);
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
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)").bind(`expired-${user.id}`, user.id, now - 1000, now - 5000),
      env.DB.prepare("INSERT INTO auth_tokens (id, user_id, purpose, expires_at, created_at) VALUES (?, ?, 'RESET_PASSWORD', ?, ?)").bind(`old-${user.id}`, user.id, now - 1000, now - 5000),
      env.DB.prepare("INSERT INTO auth_tokens (id, user_id, purpose, expires_at, created_at) VALUES (?, ?, 'VERIFY_EMAIL', ?, ?)").bind(`new-${user.id}`, user.id, now + 60_000, now),
    ]);
    const handler = (exports as unknown as { default: { scheduled: (c: ScheduledController) => Promise<void> } }).default;
    await handler.scheduled({ cron: "30 21 * * *", scheduledTime: now, noRetry() {} });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE id = ?").bind(`expired-${user.id}`).first("n")).toBe(0);
    expect(await env.DB.prepare("SELECT id FROM auth_tokens WHERE user_id = ?").bind(user.id).all().then((r) => r.results.map((x) => x.id))).toEqual([`new-${user.id}`]);
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
