import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GOOD_PASSWORD, ORIGIN, vendorSignUpBody, worker } from "#tests/support/factories.ts";

/** Uniqueness under concurrency and odd sizes: vendor slugs and one account per e-mail. */
let n = 0;
const unique = (p: string) => `${p}-${Date.now().toString(36)}-${n++}@test.example`;
const GOOD = GOOD_PASSWORD;

async function post(path: string, body: unknown) {
  const res = await worker.fetch(`${ORIGIN}/api/v1${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { success?: boolean; message?: string; user?: { vendor?: { slug: string } } } };
}

/** The sign-up link the address was sent (mails go after the answer, so wait for it). */
async function linkTokenFor(email: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const row = await env.DB.prepare("SELECT text FROM outbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1").bind(email).first<{ text: string }>();
    const token = row && /verify-email\?token=([a-z2-7]{32})/.exec(row.text)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no sign-up mail for ${email}`);
}

/** Starts vendor sign-ups (202 each), then opens all their links at once; the vendors' slugs. */
async function signUpVendors(names: string[]): Promise<{ status: number; slug: string | null }[]> {
  const emails = names.map(() => unique("vendor"));
  const started = await Promise.all(names.map((name, i) => post("/vendors/register", vendorSignUpBody(emails[i]!, name))));
  expect(started.map((r) => r.status)).toEqual(names.map(() => 202));
  const tokens = await Promise.all(emails.map(linkTokenFor));
  const done = await Promise.all(tokens.map((token) => post(`/users/verify-email?token=${token}`, { password: GOOD })));
  return done.map((r) => ({ status: r.status, slug: r.json.user?.vendor?.slug ?? null }));
}

describe("vendor slugs", () => {
  it("signs up a business whose name makes a slug of 49 to 100 characters (no 500)", async () => {
    for (const len of [49, 50, 51, 80, 100]) {
      const name = `${"Shubh Mangal Caterers and Decorators of Rajasthan "
        .repeat(3)
        .slice(0, len - 10)
        .trim()} ${Date.now().toString(36)}`;
      const [first, second] = (await signUpVendors([name, name])) as [{ status: number; slug: string | null }, { status: number; slug: string | null }];
      expect(first.status, `${len}`).toBe(201);
      expect(second.status, `${len}`).toBe(201);
      expect(first.slug).not.toBe(second.slug);
    }
  }, 60_000); // 20 password hashes on a shared machine

  it("gives parallel sign-ups with one business name distinct slugs, all succeeding", async () => {
    const name = `Kesar Decor ${Date.now().toString(36)}`;
    const results = await signUpVendors(Array(8).fill(name));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const slugs = results.map((r) => r.slug);
    expect(new Set(slugs).size).toBe(8);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM vendors WHERE business_name = ?").bind(name).first("n");
    expect(stored).toBe(8);
  }, 60_000);
});

describe("one account per e-mail", () => {
  it("parallel registrations with one e-mail make exactly one account", async () => {
    const email = unique("race");
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post("/users/register", { user_name: "Asha Rao", email, password: GOOD, confirmPassword: GOOD })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(202));
    const token = await linkTokenFor(email);
    const done = await Promise.all(Array.from({ length: 4 }, () => post(`/users/verify-email?token=${token}`, { password: GOOD })));
    expect(done.filter((r) => r.status === 201)).toHaveLength(1);
    expect(done.every((r) => r.status < 500)).toBe(true);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first("n")).toBe(1);
  }, 60_000);

  it("a sign-up finished while the address got an account another way answers 409 and makes no second account", async () => {
    const email = unique("late");
    expect((await post("/users/register", { user_name: "Asha Rao", email, password: GOOD, confirmPassword: GOOD })).status).toBe(202);
    const token = await linkTokenFor(email);
    const now = Date.now();
    await env.DB.prepare("INSERT INTO users (id, email, user_name, role, is_verified, created_at, updated_at) VALUES (?, ?, 'Google Person', 'USER', 1, ?, ?)")
      .bind(`g-${now}`, email, now, now)
      .run();
    const late = await post(`/users/verify-email?token=${token}`, { password: GOOD });
    expect(late.status).toBe(409);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first("n")).toBe(1);
  });
});
