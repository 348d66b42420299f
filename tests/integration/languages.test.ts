import { describe, expect, it } from "vitest";
import { call, signedIn, snapshot } from "#tests/support/factories.ts";
import { LANGUAGE_REDIRECT_HEADER, localizePageResponse } from "#platform/locale-pages.ts";
import { urlsetResponse } from "#app/lib/sitemap-xml.server.ts";
import { followsSavedChoice } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";
import { ERROR_SCREEN, NOT_FOUND } from "#shared/strings.ts";

/** Issue 32: the language a person chose, and what a Hindi page's answer carries. */
type Body = { success?: boolean; message?: string; errors?: Record<string, string>; locale?: string };
const put = async (body: unknown, cookie?: string) => {
  const res = await call("/api/v1/users/language", { method: "PUT", body, cookie });
  return { status: res.status, json: (await res.json()) as Body };
};
const localeOf = (id: string) => snapshot("SELECT locale FROM users WHERE id = ?", id);

describe("PUT /api/v1/users/language", () => {
  it("saves the signed-in person's language, for a couple and a vendor", async () => {
    for (const role of ["USER", "VENDOR"] as const) {
      const person = await signedIn(role);
      const hindi = await put({ locale: "hi" }, person.cookie);
      expect(hindi.status).toBe(200);
      expect(hindi.json).toMatchObject({ success: true, locale: "hi", message: "Language set to हिन्दी." });
      expect(await localeOf(person.id)).toContain('"locale":"hi"');
      expect((await put({ locale: "en" }, person.cookie)).json.locale).toBe("en");
      expect(await localeOf(person.id)).toContain('"locale":"en"');
    }
  });

  it("refuses a language that does not exist with 400, the field named, and changes nothing", async () => {
    const couple = await signedIn("USER");
    await put({ locale: "hi" }, couple.cookie);
    for (const body of [{ locale: "xx" }, { locale: "HI" }, { locale: "" }, {}, { locale: 1 }]) {
      const refused = await put(body, couple.cookie);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.success).toBe(false);
      expect(refused.json.errors?.locale).toBeTruthy();
    }
    expect(await localeOf(couple.id)).toContain('"locale":"hi"');
  });

  it("asks a visitor to sign in (401) before reading the body", async () => {
    const res = await put({ locale: "hi" });
    expect(res.status).toBe(401);
  });
});

describe("a Hindi page's answer", () => {
  const origin = "https://mandap.example";
  it("keeps a redirect to a page of the site in Hindi, and leaves others alone", () => {
    const to = (location: string) =>
      localizePageResponse(new Response(null, { status: 302, headers: { Location: location } }), "hi", origin).headers.get("Location");
    expect(to("/login?redirectTo=%2Fprofile")).toBe("/hi/login?redirectTo=%2Fprofile");
    expect(to("/")).toBe("/hi");
    expect(to(`${origin}/profile`)).toBe("/hi/profile");
    expect(to("/hi/profile")).toBe("/hi/profile");
    expect(to("/api/v1/users/me")).toBe("/api/v1/users/me");
    expect(to("https://checkout.example/pay")).toBe("https://checkout.example/pay");
    expect(to("//evil.example/")).toBe("//evil.example/");
    // A redirect to the page in the language a person chose is left as it is, and its mark removed.
    const chosen = localizePageResponse(new Response(null, { status: 302, headers: { Location: "/profile", [LANGUAGE_REDIRECT_HEADER]: "1" } }), "hi", origin);
    expect([chosen.headers.get("Location"), chosen.headers.has(LANGUAGE_REDIRECT_HEADER)]).toEqual(["/profile", false]);
    // An English page's redirect is as it was.
    expect(localizePageResponse(new Response(null, { status: 302, headers: { Location: "/login" } }), "en", origin).headers.get("Location")).toBe("/login");
  });

  it("names the Hindi page as its canonical URL", async () => {
    const html = `<html><head><link rel="canonical" href="${origin}/about"></head><body></body></html>`;
    const page = localizePageResponse(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }), "hi", origin);
    expect(await page.text()).toContain(`<link rel="canonical" href="${origin}/hi/about">`);
  });
});

describe("the sitemap", () => {
  it("lists every page in English and in Hindi, each naming both as alternates", async () => {
    const xml = await urlsetResponse("https://mandap.example", [{ path: "/" }, { path: "/all/Venues" }]).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((x) => x[1]);
    expect(locs).toEqual(["https://mandap.example/", "https://mandap.example/hi", "https://mandap.example/all/Venues", "https://mandap.example/hi/all/Venues"]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="hi-IN" href="https://mandap.example/hi/all/Venues"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://mandap.example/all/Venues"/>');
    expect(xml.match(/hreflang="en-IN"/g)).toHaveLength(4);
  });
});

describe("which pages follow the person's choice", () => {
  it("is their own pages, not public ones, in either language", () => {
    for (const path of ["/profile", "/hi/profile/guests", "/VendorDashboard/enquiries", "/vendordashboard", "/login", "/hi/signup", "/admin", "/checklist"])
      expect(followsSavedChoice(path), path).toBe(true);
    for (const path of ["/", "/hi", "/all/Venues", "/hi/service/abc", "/blogs", "/about", "/profiles", "/jaipur/shubh-caterers"])
      expect(followsSavedChoice(path), path).toBe(false);
  });
});

describe("the spec's fixed English texts", () => {
  it("stay exactly as the spec writes them in English", () => {
    const en = { locale: "en" } as const;
    expect(m.error_heading({}, en)).toBe(ERROR_SCREEN.heading);
    expect(m.error_text({}, en)).toBe(ERROR_SCREEN.text);
    expect(m.error_retry({}, en)).toBe(ERROR_SCREEN.retry);
    expect(m.error_home({}, en)).toBe(ERROR_SCREEN.home);
    expect(m.not_found_heading({}, en)).toBe(NOT_FOUND.heading);
    expect(m.not_found_text({}, en)).toBe(NOT_FOUND.text);
  });
});
