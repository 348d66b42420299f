import { describe, expect, it } from "vitest";
import type { Role } from "#db/schema/identity.ts";
import { endpointRegistry, type RegisteredEndpoint } from "#api/endpoint.ts";
import { createApi } from "#api/app.ts";
import { allows } from "#domain/core/index.ts";
import { createUser, ORIGIN, sessionCookieFor, worker } from "#tests/support/factories.ts";

/**
 * Generated from the endpoint registry: every API endpoint x every role, with an empty or a
 * garbage body (other content types: api-errors.test.ts). Refused with 401 (no session) or 403 (another role) exactly when the declared
 * access says so, whatever the body; never a 5xx. The OpenAPI document prints the same rule.
 */
createApi(); // the registry fills as the resource modules load
const ROLES: (Role | "anonymous")[] = ["anonymous", "USER", "VENDOR", "ADMIN", "SUPER_ADMIN"];

const BODIES: { name: string; headers: Record<string, string>; body?: string }[] = [
  { name: "no body", headers: {} },
  { name: "garbage JSON", headers: { "Content-Type": "application/json" }, body: "{not json" },
  { name: "multipart without a boundary", headers: { "Content-Type": "multipart/form-data" }, body: "--x\r\n" },
];

/** Public endpoints whose authority is the caller's signature: 401 there means "not signed by the mail service or the payment gateway", not a missing session. */
const SIGNED_BY_CALLER = new Set(["/api/v1/mail/webhook", "/api/v1/payments/webhook", "/api/v1/whatsapp/webhook"]);

const urlOf = (e: RegisteredEndpoint) => e.fullPath.replace(/:[A-Za-z_]+/g, "no-such-id");

async function cookieFor(role: Role | "anonymous"): Promise<string | undefined> {
  if (role === "anonymous") return undefined;
  // A fresh account per request: some calls end the session or delete the account.
  const user = await createUser({ role });
  return sessionCookieFor(user.id);
}

describe("declared access is what the server enforces", () => {
  it("covers every endpoint, each with a declared access", () => {
    expect(endpointRegistry.length).toBeGreaterThan(30);
    for (const e of endpointRegistry) expect(e.access, `${e.method} ${e.fullPath}`).toBeDefined();
  });

  for (const role of ROLES) {
    it(`${role}: refused exactly where the declaration says, never a 5xx`, async () => {
      const mismatches: string[] = [];
      for (const e of endpointRegistry) {
        const declaredAllowed =
          role === "anonymous"
            ? allows(e.access, null)
            : allows(e.access, { id: "x", role, email: "x@x", userName: "x", profilePhoto: null, isVerified: true });
        const bodies = e.method === "get" ? [BODIES[0]!] : BODIES;
        for (const body of bodies) {
          const cookie = await cookieFor(role);
          const headers: Record<string, string> = { ...body.headers, Origin: ORIGIN, "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
          if (cookie) headers.Cookie = cookie;
          const res = await worker.fetch(`${ORIGIN}${urlOf(e)}`, { method: e.method.toUpperCase(), headers, body: body.body });
          const label = `${role} ${e.method.toUpperCase()} ${e.fullPath} (${body.name}) -> ${res.status}`;
          await res.arrayBuffer();
          if (res.status >= 500) mismatches.push(`${label}: server error`);
          else if (!declaredAllowed && res.status !== (role === "anonymous" ? 401 : 403))
            mismatches.push(`${label}: expected ${role === "anonymous" ? 401 : 403}`);
          else if (declaredAllowed && (res.status === 401 || res.status === 403) && !(res.status === 401 && SIGNED_BY_CALLER.has(e.fullPath)))
            mismatches.push(`${label}: refused though declared ${JSON.stringify(e.access)}`);
        }
      }
      expect(mismatches).toEqual([]);
    }, 60_000);
  }

  it("prints the enforced rule in the OpenAPI document, with 401/403 where it refuses", async () => {
    const doc = await (
      await worker.fetch(`${ORIGIN}/api/v1/openapi.json`)
    ).json<{ paths: Record<string, Record<string, { "x-access": unknown; responses: Record<string, unknown> }>> }>();
    for (const e of endpointRegistry) {
      const op = doc.paths[e.fullPath.replace(/:([A-Za-z_]+)/g, "{$1}")]?.[e.method];
      expect(op?.["x-access"], `${e.method} ${e.fullPath}`).toEqual(e.access);
      if (e.access !== "public") expect(Object.keys(op!.responses)).toContain("401");
      if (Array.isArray(e.access)) expect(Object.keys(op!.responses)).toContain("403");
    }
  });
});
