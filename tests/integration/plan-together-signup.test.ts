import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, GOOD_PASSWORD, sessionCookieFor } from "#tests/support/factories.ts";
import { page, postPage } from "#tests/support/pages.ts";

/**
 * Signing up from an invitation to plan a wedding keeps the invitation (issue 33): the invitation's
 * page sends a signed-out person to /signup?redirectTo=/plan-together/{token}; the mailed link that
 * makes the account carries the page and leads back to it signed in, where the person accepts. A
 * redirectTo that is not a path on this site is dropped (the link leads home, as before).
 */

const lastMailTo = (to: string) =>
  env.DB.prepare("SELECT text FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT 1")
    .bind(to)
    .first<{ text: string }>()
    .then((r) => r!.text);

const sessionOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

describe("signing up from an invitation to plan a wedding", () => {
  it("brings the new account back to the invitation, where it accepts", async () => {
    const couple = await createUser({ role: "USER", userName: "Asha Verma" });
    const coupleCookie = await sessionCookieFor(couple.id);
    const email = `meena-${Date.now()}@test.example`;
    const sent = await call("/api/v1/weddings/invitations", {
      method: "POST",
      cookie: coupleCookie,
      body: { contact: email, role: "EDITOR", areas: ["guests"] },
    });
    expect(sent.status).toBe(201);
    const token = (await lastMailTo(email)).match(/plan-together\/([a-z2-7]{32})/)![1]!;
    const invitationPath = `/plan-together/${token}`;

    // The invitation's page, signed out, offers signing up with the way back.
    expect(await (await page(invitationPath)).json()).toMatchObject({ ok: true, signedIn: false });

    const signedUp = await postPage(`/signup?redirectTo=${encodeURIComponent(invitationPath)}`, {
      user_name: "Meena Verma",
      email,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    expect(signedUp.status).toBe(200);
    const link = (await lastMailTo(email)).match(/https?:\/\/[^\s)]+\/verify-email\?[^\s)]+/)![0]!;
    const url = new URL(link);
    expect(url.searchParams.get("redirectTo")).toBe(invitationPath);

    const made = await postPage(`${url.pathname}${url.search}`, { password: GOOD_PASSWORD });
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe(invitationPath);

    const accepted = await postPage(invitationPath, { intent: "accept" }, sessionOf(made));
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toBe("/profile/family");
    const member = await env.DB.prepare(
      "SELECT m.role, m.areas FROM wedding_members m JOIN users u ON u.id = m.user_id JOIN weddings w ON w.id = m.wedding_id WHERE u.email = ? AND w.couple_user_id = ?",
    )
      .bind(email, couple.id)
      .first();
    expect(member).toEqual({ role: "EDITOR", areas: "guests" });
  });

  it("drops a way back that leaves the site: the mailed link leads home", async () => {
    const email = `someone-${Date.now()}@test.example`;
    const signedUp = await postPage(`/signup?redirectTo=${encodeURIComponent("//evil.example/phish")}`, {
      user_name: "Some One",
      email,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    expect(signedUp.status).toBe(200);
    const link = new URL((await lastMailTo(email)).match(/https?:\/\/[^\s)]+\/verify-email\?[^\s)]+/)![0]!);
    expect(link.searchParams.has("redirectTo")).toBe(false);
    const made = await postPage(`${link.pathname}${link.search}`, { password: GOOD_PASSWORD });
    expect(made.headers.get("Location")).toBe("/profile");
  });
});
