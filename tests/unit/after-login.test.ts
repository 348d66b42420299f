import { describe, expect, it } from "vitest";
import { afterLogin } from "../../app/lib/auth-forms.server.ts";

const at = (redirectTo?: string) => new Request(`http://localhost/login${redirectTo === undefined ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`}`);

describe("where a login lands", () => {
  it("goes back to the page that asked the couple to log in", () => {
    expect(afterLogin(at("/all/wedding-vendor/caterers/rajasthan/jaipur/abc#enquiry"), "USER")).toBe("/all/wedding-vendor/caterers/rajasthan/jaipur/abc#enquiry");
    expect(afterLogin(at("/profile/favoriteList"), "USER")).toBe("/profile/favoriteList");
  });

  it("goes to the account's own area without a redirect", () => {
    expect(afterLogin(at(), "USER")).toBe("/profile");
    expect(afterLogin(at(), "VENDOR")).toBe("/VendorDashboard");
    expect(afterLogin(at(), "ADMIN")).toBe("/admin");
  });

  it("never leaves the site", () => {
    for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) expect(afterLogin(at(evil), "USER")).toBe("/profile");
  });

  it("never sends an account into an area its role may not open", () => {
    expect(afterLogin(at("/admin"), "USER")).toBe("/profile");
    expect(afterLogin(at("/VendorDashboard/bookings"), "USER")).toBe("/profile");
    expect(afterLogin(at("/profile"), "VENDOR")).toBe("/VendorDashboard");
  });
});
