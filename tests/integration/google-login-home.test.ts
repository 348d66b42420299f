import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import testWorker from "#functions/test-entry.ts";
import type { Env } from "#functions/env.ts";
import { GOOGLE_CERTS_URL } from "#platform/google.ts";
import { createUser, ORIGIN } from "#tests/support/factories.ts";

/**
 * POST /users/google-login says where the account belongs next (`home`, the same rule as the log-in
 * forms), so the browser redirects without deciding by role. Google's key endpoint is answered at
 * the network edge (fetch) with a locally generated key; the Worker runs with a client id set.
 */
const CLIENT_ID = "home-test.apps.googleusercontent.com";
let keys: CryptoKeyPair;
let jwk: JsonWebKey;

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const enc = (o: unknown) => b64url(new TextEncoder().encode(JSON.stringify(o)));

async function idToken(email: string) {
  const now = Math.floor(Date.now() / 1000);
  const header = enc({ alg: "RS256", kid: "home-1", typ: "JWT" });
  const payload = enc({
    iss: "https://accounts.google.com",
    aud: CLIENT_ID,
    iat: now,
    exp: now + 600,
    email_verified: true,
    sub: `sub-${email}`,
    email,
    name: "Meera Iyer",
  });
  const sig = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", keys.privateKey, new TextEncoder().encode(`${header}.${payload}`));
  return `${header}.${payload}.${b64url(new Uint8Array(sig))}`;
}

beforeAll(async () => {
  keys = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  jwk = { ...((await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey), kid: "home-1" } as JsonWebKey;
});

afterEach(() => vi.restoreAllMocks());

async function googleLogin(email: string) {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === GOOGLE_CERTS_URL) return Response.json({ keys: [jwk] }, { headers: { "Cache-Control": "max-age=60" } });
    return realFetch(input, init);
  });
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/api/v1/users/google-login`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.77" },
    body: JSON.stringify({ credential: await idToken(email) }),
  });
  const res = await testWorker.fetch(request, { ...env, GOOGLE_CLIENT_ID: CLIENT_ID } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, cookie: res.headers.get("set-cookie") ?? "", body: await res.json<{ success: boolean; home?: string; message: string }>() };
}

const address = (who: string) => `${who}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@gmail.example`;

describe("POST /users/google-login tells the browser where to go", () => {
  it("a new couple is sent to /profile", async () => {
    const { status, cookie, body } = await googleLogin(address("couple"));
    expect(status).toBe(201);
    expect(cookie).toContain("mandap_session=");
    expect(body).toMatchObject({ success: true, home: "/profile" });
  });

  it("an admin linking Google is sent to /admin, a super admin too", async () => {
    for (const role of ["ADMIN", "SUPER_ADMIN"] as const) {
      const admin = await createUser({ role, email: address(role.toLowerCase()) });
      const { status, body } = await googleLogin(admin.email);
      expect(status, role).toBe(200);
      expect(body, role).toMatchObject({ success: true, home: "/admin" });
    }
  });
});
