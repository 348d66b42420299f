import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ORIGIN, worker } from "../support/factories.ts";

/** Uniqueness under concurrency and odd sizes: vendor slugs and one account per e-mail. */
let n = 0;
const unique = (p: string) => `${p}-${Date.now().toString(36)}-${n++}@test.example`;
const GOOD = "Mandap2026pass";

async function post(path: string, body: unknown) {
  const res = await worker.fetch(`${ORIGIN}/api/v1${path}`, { method: "POST", headers: { Origin: ORIGIN, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { success?: boolean; message?: string; user?: { vendor?: { slug: string } } } };
}

const vendorBody = (email: string, name: string) => ({ name, user_name: "Rohan Mehta", email, phone_number: "98290 12345", state: "Rajasthan", city: "Jaipur", password: GOOD, confirmPassword: GOOD });

/** A complete vendor sign-up through the API; the vendor's slug. */
async function signUpVendor(name: string): Promise<{ status: number; slug: string | null }> {
  const r = await post("/vendors/register", vendorBody(unique("vendor"), name));
  return { status: r.status, slug: r.json.user?.vendor?.slug ?? null };
}

describe("vendor slugs", () => {
  it("signs up a business whose name makes a slug of 49 to 100 characters (no 500)", async () => {
    for (const len of [49, 50, 51, 80, 100]) {
      const name = `${"Shubh Mangal Caterers and Decorators of Rajasthan ".repeat(3).slice(0, len - 10).trim()} ${Date.now().toString(36)}`;
      const first = await signUpVendor(name);
      const second = await signUpVendor(name);
      expect(first.status, `${len}`).toBe(201);
      expect(second.status, `${len}`).toBe(201);
      expect(first.slug).not.toBe(second.slug);
    }
  });

  it("gives parallel sign-ups with one business name distinct slugs, all succeeding", async () => {
    const name = `Kesar Decor ${Date.now().toString(36)}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => signUpVendor(name)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const slugs = results.map((r) => r.slug);
    expect(new Set(slugs).size).toBe(8);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM vendors WHERE business_name = ?").bind(name).first("n");
    expect(stored).toBe(8);
  });
});

describe("one account per e-mail", () => {
  it("parallel registrations with one e-mail make exactly one account", async () => {
    const email = unique("race");
    const results = await Promise.all(Array.from({ length: 8 }, () => post("/users/register", { user_name: "Asha Rao", email, password: GOOD, confirmPassword: GOOD })));
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first("n")).toBe(1);
  });
});
