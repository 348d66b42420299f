import { describe, expect, it } from "vitest";
import { signedIn } from "#tests/support/factories.ts";
import { page, postPage, toastOf } from "#tests/support/pages.ts";

/**
 * Page form actions written with the one helper (app/lib/page-action.server.ts, decision 0041):
 * who is asking is checked before the body is read, the body is read once through the capped
 * reader, the posted intent picks the handler, and every refusal is the page's answer (a
 * `PageFailure` with the API's status, or for a visitor a redirect to log in and back).
 */
const LOGIN_AND_BACK = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;

describe("/payment asks who is paying before it reads the form", () => {
  it("a visitor is sent to log in and back, whatever the form: one to pay, a broken multipart, or one past the size cap", async () => {
    const path = "/payment?template=any-design";
    const bodies: RequestInit[] = [
      { body: new URLSearchParams({ intent: "pay" }) },
      { body: "--b\r\nnot a part", headers: { "Content-Type": "multipart/form-data; boundary=b" } },
      { body: new URLSearchParams({ intent: "pay", filler: "x".repeat(2 * 1024 * 1024) }) },
    ];
    for (const init of bodies) {
      const res = await page(path, { method: "POST", ...init });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(LOGIN_AND_BACK(path));
      expect(toastOf(res)).toMatchObject({ type: "info" });
    }
  });

  it("a vendor is refused with the purchase rule's own words; a form without Pay is told to press it", async () => {
    const vendor = await signedIn("VENDOR");
    const refused = await postPage("/payment?template=any-design", { intent: "pay" }, vendor.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, message: "Only couples can buy an invitation template." });

    const couple = await signedIn("USER");
    const noPay = await postPage("/payment?template=any-design", { intent: "other" }, couple.cookie);
    expect(noPay.status).toBe(400);
    expect(await noPay.json()).toMatchObject({ ok: false, message: "Press Pay to buy this design.", errors: {} });
  });
});
