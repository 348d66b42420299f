import { describe, expect, it } from "vitest";
import { safeRedirectPath, sameSiteReturnPath } from "#platform/safe-redirect.ts";

const ORIGIN = "https://mandap.example";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirectPath("/profile/favoriteList", ORIGIN)).toBe("/profile/favoriteList");
    expect(safeRedirectPath("/all/wedding-vendor/caterers?page=2#enquiry", ORIGIN)).toBe("/all/wedding-vendor/caterers?page=2#enquiry");
    expect(safeRedirectPath("/a/../profile", ORIGIN)).toBe("/profile");
  });

  it("refuses every way off the site, and control characters", () => {
    const hostile = [
      "/\t/evil.example",
      decodeURIComponent("/%09/evil.example"),
      "/%09/evil.example".replace("%09", "\t"),
      "/x\r\nSet-Cookie: a=b",
      decodeURIComponent("/%0d%0aLocation:%20https://evil.example"),
      "/\0evil",
      "/\\evil.example",
      "/\\\\evil.example",
      "\\\\evil.example",
      "//evil.example",
      "///evil.example",
      "https://evil.example",
      "http:evil.example",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%5Cevil.example",
      "/.//evil.example",
      "javascript:alert(1)",
      " /profile",
      "profile",
      "",
      null,
      undefined,
      `/${"a".repeat(5000)}`,
    ];
    for (const to of hostile) expect(safeRedirectPath(to, ORIGIN), JSON.stringify(to)).toBeNull();
  });

  it("whatever it returns stays on the site when a browser resolves it", () => {
    for (const to of ["/ok", "/a/./b", "/%2e%2e/x", "/?next=//evil.example", "/#//evil.example"]) {
      const out = safeRedirectPath(to, ORIGIN);
      if (out !== null) expect(new URL(out, ORIGIN).origin).toBe(ORIGIN);
    }
  });
});

describe("sameSiteReturnPath (Referer)", () => {
  it("takes the path of a same-site Referer", () => {
    expect(sameSiteReturnPath(`${ORIGIN}/service/abc?x=1`, ORIGIN)).toBe("/service/abc?x=1");
  });

  it("gives null for a foreign, malformed or hostile Referer instead of failing", () => {
    for (const ref of ["https://evil.example/service/abc", "not a url", "http://[::1", "https://mandap.example\r\n/x", `${ORIGIN}//evil.example`, "", null]) {
      expect(sameSiteReturnPath(ref, ORIGIN), JSON.stringify(ref)).toBeNull();
    }
  });
});
