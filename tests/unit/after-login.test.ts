import { describe, expect, it } from "vitest";
import { afterLogin } from "#app/lib/auth-forms.server.ts";

const at = (redirectTo?: string) => new Request(`http://localhost/login${redirectTo === undefined ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`}`);

describe("where a login lands", () => {
  it("goes back to the page that asked the couple to log in", () => {
    expect(afterLogin(at("/all/wedding-vendor/caterers/rajasthan/jaipur/abc#enquiry"), "USER")).toBe(
      "/all/wedding-vendor/caterers/rajasthan/jaipur/abc#enquiry",
    );
    expect(afterLogin(at("/profile/favoriteList"), "USER")).toBe("/profile/favoriteList");
  });

  it("goes to the account's own area without a redirect", () => {
    expect(afterLogin(at(), "USER")).toBe("/profile");
    expect(afterLogin(at(), "VENDOR")).toBe("/VendorDashboard");
    expect(afterLogin(at(), "ADMIN")).toBe("/admin");
  });

  it("never leaves the site", () => {
    for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"])
      expect(afterLogin(at(evil), "USER")).toBe("/profile");
  });

  it("refuses tab, CR, LF and NUL tricks (raw query strings as a browser sends them)", () => {
    for (const raw of [
      "/%09/evil.example",
      "/%0d%0aSet-Cookie:x=y",
      "/%00/evil.example",
      "/%5C/evil.example",
      "%2F%2Fevil.example",
      "/%2F%2Fevil.example",
      "/.//evil.example",
    ]) {
      const out = afterLogin(new Request(`http://localhost/login?redirectTo=${raw}`), "USER");
      expect(new URL(out, "http://localhost").origin, raw).toBe("http://localhost");
      expect(out, raw).not.toMatch(/[\t\r\n\0]/);
    }
    expect(afterLogin(new Request("http://localhost/login?redirectTo=/%09/evil.example"), "USER")).toBe("/profile");
  });

  it("never sends an account into an area its role may not open", () => {
    expect(afterLogin(at("/admin"), "USER")).toBe("/profile");
    expect(afterLogin(at("/VendorDashboard/bookings"), "USER")).toBe("/profile");
    expect(afterLogin(at("/profile"), "VENDOR")).toBe("/VendorDashboard");
  });
});
