import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, sessionCookieFor, signedIn } from "#tests/support/factories.ts";
import { loadPage, page, postPage } from "#tests/support/pages.ts";
import { contactLine } from "#shared/phone-schemas.ts";

/**
 * Accounts made with only a mobile number (issue 32, docs/decisions/0047-mobile-sign-in.md): users.email
 * is '' and users.verified_phone holds the number. Where the product used to reach a person by
 * e-mail only, it now has a path for them.
 */
let serial = 0;
const freshPhone = () => `+9193${String(Date.now() % 1_000_000).padStart(6, "0")}${String(++serial % 100).padStart(2, "0")}`;

async function phoneOnly(name: string) {
  const user = await createUser({ email: "", userName: name });
  const phone = freshPhone();
  await env.DB.prepare("UPDATE users SET verified_phone = ? WHERE id = ?").bind(phone, user.id).run();
  return { ...user, phone };
}

describe("admin lists", () => {
  it("show a phone-only account's number, and find the account by it as people write it", async () => {
    const admin = await signedIn("ADMIN");
    const person = await phoneOnly(`Ramkali ${Date.now()}`);
    const spaced = `${person.phone.slice(3, 8)} ${person.phone.slice(8)}`;
    const res = await call("/api/v1/admin/user-search", { method: "POST", body: { q: spaced }, cookie: admin.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    const { rows } = (await res.json()) as { rows: { id: string; email: string; verifiedPhone: string | null }[] };
    expect(rows).toEqual([expect.objectContaining({ id: person.id, email: "", verifiedPhone: person.phone })]);
    // The admin search pages show it where the address would be (app/routes/admin/search.tsx).
    expect(contactLine(rows[0]!)).toBe(`+91 ${spaced}`);
    expect(contactLine({ email: "asha@example.com", verifiedPhone: person.phone })).toBe(`asha@example.com · +91 ${spaced}`);
  });
});

describe("an e-mail account adds a mobile number (/mobile-number)", () => {
  /** The newest text to the number once there are `count` of them (texts go after the answer). */
  const smsTo = async (phone: string, count = 1) => {
    for (const start = Date.now(); ;) {
      const { results } = await env.DB.prepare("SELECT text FROM sms_outbox WHERE to_phone = ? ORDER BY created_at DESC, id DESC")
        .bind(phone)
        .all<{ text: string }>();
      if (results.length >= count || Date.now() - start > 3000) return results[0]?.text ?? "";
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it("sends a code to the number, verifies it, and the account can then sign in with it; a visitor is sent to log in", async () => {
    const person = await createUser({ userName: "Meera" });
    const cookie = await sessionCookieFor(person.id);
    expect(await loadPage("/mobile-number", cookie)).toEqual({ verifiedPhone: null, back: "profile" });
    const phone = freshPhone();
    const asked = await postPage("/mobile-number", { intent: "code", phone: `${phone.slice(3, 8)} ${phone.slice(8)}` }, cookie);
    expect(await asked.json()).toMatchObject({ ok: true, step: "code", phone });
    const code = /^(\d{6})/.exec(await smsTo(phone))![1]!;
    const wrong = await postPage("/mobile-number", { intent: "verify", phone, code: String((Number(code) + 1) % 1_000_000).padStart(6, "0") }, cookie);
    expect(wrong.status).toBe(400);
    expect((await env.DB.prepare("SELECT verified_phone FROM users WHERE id = ?").bind(person.id).first<string>("verified_phone")) ?? null).toBeNull();
    const verified = await postPage("/mobile-number", { intent: "verify", phone, code }, cookie);
    expect(await verified.json()).toMatchObject({ ok: true, step: "done", phone });
    expect(await loadPage("/mobile-number", cookie)).toEqual({ verifiedPhone: phone, back: "profile" });

    // Signing in with the number now reaches this account.
    await call("/api/v1/phone/code", { method: "POST", body: { phone } });
    const signInCode = /^(\d{6})/.exec(await smsTo(phone, 2))![1]!;
    const signIn = await call("/api/v1/phone/sign-in", { method: "POST", body: { phone, code: signInCode } });
    expect(((await signIn.json()) as { user?: { id: string } }).user?.id).toBe(person.id);

    const visitor = await page("/mobile-number");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/\/login/);
  });
});

describe("/mobile-number for a visitor", () => {
  it("sends a form post to log in and texts nothing", async () => {
    const phone = freshPhone();
    const res = await postPage("/mobile-number", { intent: "code", phone });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/\/login/);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sms_outbox WHERE to_phone = ?").bind(phone).first<number>("n")).toBe(0);
  });
});

describe("a phone-only account adds an e-mail address (/email-address, POST /api/v1/email-address)", () => {
  /** The newest mail to the address once there is one (mails go after the answer). */
  const mailTo = async (address: string) => {
    for (const start = Date.now(); ;) {
      const row = await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT 1")
        .bind(address)
        .first<{ subject: string; text: string }>();
      if (row || Date.now() - start > 3000) return row;
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const emailOf = (id: string) => env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(id).first<string>("email");

  it("mails a 6-digit code to the address; the code adds it, verified; the page then shows it", async () => {
    const person = await phoneOnly("Shanti");
    const cookie = await sessionCookieFor(person.id);
    expect(await loadPage("/email-address", cookie)).toEqual({ email: null, back: "profile" });
    const address = `shanti-${Date.now()}@example.com`;
    const asked = await postPage("/email-address", { intent: "code", email: address.toUpperCase() }, cookie);
    expect(await asked.json()).toMatchObject({ ok: true, step: "code", email: address });
    const mail = (await mailTo(address))!;
    const code = /^(\d{6}) is your Mandap code/.exec(mail.subject)![1]!;
    expect(mail.text).toContain(`add this e-mail address to your account: ${code}.`);

    const wrong = await postPage("/email-address", { intent: "verify", email: address, code: String((Number(code) + 1) % 1_000_000).padStart(6, "0") }, cookie);
    expect(wrong.status).toBe(400);
    expect(await emailOf(person.id)).toBe("");
    const added = await postPage("/email-address", { intent: "verify", email: address, code }, cookie);
    expect(await added.json()).toMatchObject({ ok: true, step: "done", email: address });
    expect(await emailOf(person.id)).toBe(address);
    expect(await loadPage("/email-address", cookie)).toEqual({ email: address, back: "profile" });

    // Once it has an address, asking again is refused and mails nothing.
    const again = await call("/api/v1/email-address/code", { method: "POST", body: { email: `other-${Date.now()}@example.com` }, cookie });
    expect(again.status).toBe(409);
  });

  it("an address of another account gets the same answer; its owner is told, no code exists, and nothing changes", async () => {
    const owner = await createUser({ userName: "Owner" });
    const person = await phoneOnly("Ramesh");
    const cookie = await sessionCookieFor(person.id);
    const free = await call("/api/v1/email-address/code", { method: "POST", body: { email: `free-${Date.now()}@example.com` }, cookie });
    const taken = await call("/api/v1/email-address/code", { method: "POST", body: { email: owner.email }, cookie });
    expect(taken.status).toBe(free.status);
    expect(taken.status).toBe(202);
    const [a, b] = [(await free.json()) as Record<string, unknown>, (await taken.json()) as Record<string, unknown>];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(b.message).toBe(`We sent a 6-digit code to ${owner.email}. It is valid for 5 minutes.`);
    const told = (await mailTo(owner.email))!;
    expect(told.subject).toBe("Someone tried to add your e-mail address to another Mandap account");
    expect(told.text).not.toMatch(/\d{6}/);
    const guess = await call("/api/v1/email-address", { method: "POST", body: { email: owner.email, code: "123456" }, cookie });
    expect(guess.status).toBe(400);
    expect(await emailOf(person.id)).toBe("");
  });

  it("the payments page knows a phone-only person gets no receipts by mail (its note links /email-address); the profile shows the number", async () => {
    const person = await phoneOnly("Lakshmi");
    const cookie = await sessionCookieFor(person.id);
    expect(await loadPage("/profile/payments", cookie)).toMatchObject({ payments: [], hasEmail: false });
    const withMail = await createUser();
    expect(await loadPage("/profile/payments", await sessionCookieFor(withMail.id))).toMatchObject({ hasEmail: true });
    const profile = await loadPage<{ account: { email: string | null; verified_phone: string } }>("/profile", cookie);
    expect(profile.account).toMatchObject({ email: null, verified_phone: person.phone });
  });
});
