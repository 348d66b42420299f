import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { googleLogin } from "#domain/accounts/index.ts";
import { Unauthorized, sha256Hex } from "#domain/core/index.ts";
import type { KeySource } from "#platform/google.ts";
import { withLocale } from "#platform/locale.ts";
import { hashPassword } from "#platform/password.ts";
import { testContext } from "#tests/support/context.ts";
import { call, createUser, sessionCookieFor } from "#tests/support/factories.ts";

/** Google sign-in with ID tokens signed by a locally generated RSA key (the key source is injected). */
const CLIENT_ID = "test-client.apps.googleusercontent.com";
let keys: CryptoKeyPair;
let otherKeys: CryptoKeyPair;
let keySource: KeySource;

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const enc = (o: unknown) => b64url(new TextEncoder().encode(JSON.stringify(o)));

async function idToken(claims: Record<string, unknown>, opts: { key?: CryptoKey; kid?: string; alg?: string } = {}) {
  const header = enc({ alg: opts.alg ?? "RS256", kid: opts.kid ?? "local-1", typ: "JWT" });
  const now = Math.floor(Date.now() / 1000);
  const payload = enc({ iss: "https://accounts.google.com", aud: CLIENT_ID, iat: now, exp: now + 600, email_verified: true, ...claims });
  const sig = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", opts.key ?? keys.privateKey, new TextEncoder().encode(`${header}.${payload}`));
  return `${header}.${payload}.${b64url(sig)}`;
}

const rsa = () =>
  crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, [
    "sign",
    "verify",
  ]) as Promise<CryptoKeyPair>;

beforeAll(async () => {
  keys = await rsa();
  otherKeys = await rsa();
  const jwk = (await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey;
  keySource = async (kid) => (kid === "local-1" ? jwk : null);
});

const login = (token: string) =>
  googleLogin(testContext({ config: { googleClientId: CLIENT_ID }, request: { ip: "127.0.0.1" } }), { credential: token }, keySource);
let n = 0;
const email = () => `g${Date.now().toString(36)}${n++}@gmail.example`;

describe("Google sign-in", () => {
  it("creates a verified couple's account from a valid token", async () => {
    const address = email();
    const start = await login(await idToken({ sub: `sub-${address}`, email: address, name: "Kavya Menon", picture: "https://lh3.googleusercontent.com/a/x" }));
    expect(start.created).toBe(true);
    expect(start.account).toMatchObject({ email: address, user_name: "Kavya Menon", role: "USER", is_verified: true, has_password: false });
    expect(start.token).toMatch(/^[a-z2-7]{32}$/);
    const again = await login(await idToken({ sub: `sub-${address}`, email: address }));
    expect(again.created).toBe(false);
    expect(again.account.id).toBe(start.account.id);
  });

  it("links an existing account with the same verified e-mail instead of duplicating it", async () => {
    const existing = await createUser({ email: email(), isVerified: false });
    const start = await login(await idToken({ sub: "sub-link-1", email: existing.email.toUpperCase() }));
    expect(start.created).toBe(false);
    expect(start.account.id).toBe(existing.id);
    expect(start.account.is_verified).toBe(true);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(existing.email).first("n")).toBe(1);
    expect(await env.DB.prepare("SELECT google_sub FROM users WHERE id = ?").bind(existing.id).first("google_sub")).toBe("sub-link-1");
  });

  it("linking to an address nobody proved drops the password and sessions someone else may have set (pre-hijacking)", async () => {
    const planted = await createUser({ email: email(), isVerified: false, passwordHash: await hashPassword("Attacker2026x") });
    const attackerSession = await sessionCookieFor(planted.id);
    const start = await login(await idToken({ sub: `sub-${planted.email}`, email: planted.email }));
    expect(start.account).toMatchObject({ id: planted.id, has_password: false, is_verified: true });
    expect(await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(planted.id).first("password_hash")).toBeNull();
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE id = ?")
        .bind(await sha256Hex(attackerSession.split("=")[1]!))
        .first("n"),
    ).toBe(0);
    expect(start.deviceCookie).toMatch(/^[a-z2-7]{32}$/);

    const owner = await createUser({ email: email(), isVerified: true, passwordHash: await hashPassword("Owner2026xx") });
    await login(await idToken({ sub: `sub-${owner.email}`, email: owner.email }));
    expect(await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(owner.id).first("password_hash")).not.toBeNull();
  });

  const bad: [string, () => Promise<string>, RegExp][] = [
    ["a foreign audience", () => idToken({ sub: "s1", email: email(), aud: "someone-else" }), /another application/],
    ["a foreign issuer", () => idToken({ sub: "s2", email: email(), iss: "https://evil.example" }), /not issued by Google/],
    ["an expired token", () => idToken({ sub: "s3", email: email(), exp: Math.floor(Date.now() / 1000) - 3600 }), /expired/],
    ["an unverified e-mail", () => idToken({ sub: "s4", email: email(), email_verified: false }), /not verified/],
    ["a signature by another key", () => idToken({ sub: "s5", email: email() }, { key: otherKeys.privateKey }), /signature/],
    ["an unknown key id", () => idToken({ sub: "s6", email: email() }, { kid: "other" }), /unknown key/],
    ["another algorithm", () => idToken({ sub: "s7", email: email() }, { alg: "HS256" }), /algorithm/],
    ["garbage", async () => "not.a.jwt", /malformed/],
  ];
  for (const [what, make, message] of bad) {
    it(`refuses ${what} and creates nothing`, async () => {
      const token = await make();
      const before = await env.DB.prepare("SELECT count(*) AS n FROM users").first<number>("n");
      const err = await login(token).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Unauthorized);
      expect((err as Error).message).toMatch(message);
      expect(await env.DB.prepare("SELECT count(*) AS n FROM users").first<number>("n")).toBe(before);
    });
  }

  it("says why it refuses in the reader's language: Hindi to a Hindi request, English to an English one", async () => {
    const expired = await idToken({ sub: "s10", email: email(), exp: Math.floor(Date.now() / 1000) - 3600 });
    const hindi = await withLocale("hi", () => login(expired).catch((e: unknown) => e));
    expect(hindi).toBeInstanceOf(Unauthorized);
    expect((hindi as Error).message).toBe("Google से साइन-इन का समय ख़त्म हो गया। कृपया फिर से कोशिश करें।");
    const english = await withLocale("en", () => login(expired).catch((e: unknown) => e));
    expect((english as Error).message).toBe("The Google sign-in has expired. Please try again.");
  });

  it("refuses a tampered payload", async () => {
    const token = await idToken({ sub: "s8", email: email() });
    const [h, , s] = token.split(".");
    const forged = `${h}.${enc({ iss: "https://accounts.google.com", aud: CLIENT_ID, exp: 9999999999, sub: "admin", email: "admin@mandap.example", email_verified: true })}.${s}`;
    await expect(login(forged)).rejects.toThrow(/signature/);
  });

  it("is not available through the API without a configured client id", async () => {
    const res = await call("/api/v1/users/google-login", { method: "POST", body: { credential: await idToken({ sub: "s9", email: email() }) } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: "Google sign-in is not available." });
  });
});
