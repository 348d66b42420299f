import { describe, expect, it } from "vitest";
import { guardDecision, isPublicPath, signInToast } from "#app/lib/access.server.ts";
import { FLASH_COOKIE, readFlash } from "#platform/cookies.ts";
import { ROLES } from "#shared/stored-values.ts";
import { can } from "#domain/core/index.ts";
import { GUARD } from "#shared/strings.ts";

const PERMISSION = GUARD.roleNotAllowed;
const UNAUTHORIZED = GUARD.pathNotAllowed;

/**
 * The guard matrix: every role against every protected area, plus a path of an allowed area that
 * is outside the role's allow-list. `true` renders; a string is the toast after the redirect to /.
 */
const matrix: [path: string, expected: Record<string, true | string | null>][] = [
  ["/admin", { visitor: null, USER: PERMISSION, VENDOR: PERMISSION, ADMIN: true, SUPER_ADMIN: true }],
  ["/admin/giveAdmin", { visitor: null, USER: PERMISSION, VENDOR: PERMISSION, ADMIN: true, SUPER_ADMIN: true }],
  ["/admin/reported-enquiries", { visitor: null, USER: PERMISSION, VENDOR: PERMISSION, ADMIN: true, SUPER_ADMIN: true }],
  ["/profile", { visitor: null, USER: true, VENDOR: PERMISSION, ADMIN: true, SUPER_ADMIN: true }],
  ["/profile/favoriteList", { visitor: null, USER: true, VENDOR: PERMISSION, ADMIN: true, SUPER_ADMIN: true }],
  ["/profile/checklist", { visitor: null, USER: true, VENDOR: PERMISSION, ADMIN: true, SUPER_ADMIN: true }],
  ["/VendorDashboard", { visitor: null, USER: PERMISSION, VENDOR: true, ADMIN: UNAUTHORIZED, SUPER_ADMIN: UNAUTHORIZED }],
  ["/VendorDashboard/analytics", { visitor: null, USER: PERMISSION, VENDOR: true, ADMIN: UNAUTHORIZED, SUPER_ADMIN: UNAUTHORIZED }],
  ["/vendordashboard/settings", { visitor: null, USER: PERMISSION, VENDOR: true, ADMIN: UNAUTHORIZED, SUPER_ADMIN: UNAUTHORIZED }],
];

describe("route guard matrix", () => {
  for (const [path, expected] of matrix) {
    for (const [who, outcome] of Object.entries(expected)) {
      it(`${who} on ${path} -> ${outcome === true ? "renders" : `redirect to / (${outcome ?? "no toast"})`}`, () => {
        const decision = guardDecision(path, who === "visitor" ? null : who);
        if (outcome === true) expect(decision).toEqual({ allow: true });
        else expect(decision).toEqual({ allow: false, redirectTo: "/", toast: outcome });
      });
    }
  }

  it("compares roles case-insensitively", () => {
    expect(guardDecision("/admin", "admin")).toEqual({ allow: true });
    expect(guardDecision("/admin", "Super_Admin")).toEqual({ allow: true });
    expect(guardDecision("/VendorDashboard", "vendor")).toEqual({ allow: true });
    expect(guardDecision("/admin", "user")).toMatchObject({ toast: PERMISSION });
  });

  it("step 3 applies outside the protected areas too: a path missing from the role's allow-list is refused", () => {
    expect(guardDecision("/VendorDashboard", "USER")).toMatchObject({ toast: PERMISSION });
    expect(guardDecision("/vendorLogin", "USER")).toMatchObject({ toast: UNAUTHORIZED });
    expect(guardDecision("/user-change-password", "VENDOR")).toMatchObject({ toast: UNAUTHORIZED });
    expect(guardDecision("/vendor-change-password", "VENDOR")).toEqual({ allow: true });
    expect(guardDecision("/service/abc", "USER")).toEqual({ allow: true });
    expect(guardDecision("/analytics", "ADMIN")).toEqual({ allow: true });
  });

  it("lets a visitor reach only the public paths", () => {
    for (const p of ["/", "/login", "/signup", "/vendorLogin", "/vendorSignup", "/user-forgot-password", "/vendor-forgot-password", "/login/"]) {
      expect(isPublicPath(p), p).toBe(true);
      expect(guardDecision(p, null), p).toEqual({ allow: true });
    }
    for (const p of ["/profile", "/admin", "/VendorDashboard", "/user-change-password"])
      expect(guardDecision(p, null), p).toEqual({ allow: false, redirectTo: "/", toast: null });
  });

  it("refuses a role it does not know", () => {
    expect(guardDecision("/profile", "GUEST")).toMatchObject({ allow: false, toast: PERMISSION });
  });

  it("lets a role into an area exactly when the permissions module does (can.*), in any letter case", () => {
    const areas = [
      ["/admin", can.viewAdminArea],
      ["/profile", can.openCoupleArea],
      ["/VendorDashboard", can.openVendorArea],
    ] as const;
    for (const [path, check] of areas)
      for (const role of ROLES)
        for (const spelled of [role, role.toLowerCase()]) {
          const decision = guardDecision(path, spelled);
          const refusedAsRole = !decision.allow && decision.toast === PERMISSION;
          expect(refusedAsRole, `${spelled} on ${path}`).toBe(!check({ role }));
        }
  });
});

describe("what a visitor sent to / is told", () => {
  it("names the page and links to the right log-in with the way back", () => {
    expect(signInToast("/profile/favoriteList")).toEqual({
      type: "info",
      message: "Please log in to see your wishlist.",
      link: { label: "Log in", href: "/login?redirectTo=%2Fprofile%2FfavoriteList" },
    });
    expect(signInToast("/profile/guests?side=bride")?.link?.href).toBe("/login?redirectTo=%2Fprofile%2Fguests%3Fside%3Dbride");
    expect(signInToast("/vendordashboard/bookings")).toMatchObject({
      message: "Please log in as a vendor to open your dashboard.",
      link: { href: "/vendorLogin?redirectTo=%2Fvendordashboard%2Fbookings" },
    });
    expect(signInToast("/profile/photo")?.message).toBe("Please log in to see your profile.");
    expect(signInToast("/blogs")).toBeNull();
  });

  it("carries the link in the flash cookie only when it is a path on this site", () => {
    const read = (toast: unknown) =>
      readFlash(new Request("https://mandap.example/", { headers: { cookie: `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(toast))}` } }));
    const message = { type: "info", message: "Please log in." };
    expect(read({ ...message, link: { label: "Log in", href: "/login?redirectTo=%2Fprofile" } })).toEqual({
      ...message,
      link: { label: "Log in", href: "/login?redirectTo=%2Fprofile" },
    });
    for (const href of ["https://evil.example/", "//evil.example", "javascript:alert(1)", "/\\evil.example", 42])
      expect(read({ ...message, link: { label: "Log in", href } }), String(href)).toEqual(message);
  });
});
