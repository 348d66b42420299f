import { describe, expect, it } from "vitest";
import type { Role } from "#db/schema/identity.ts";
import { ROLES } from "#shared/stored-values.ts";
import { can, homeOf, viewerOf, type Actor } from "#domain/core/index.ts";

/**
 * What the UI may know about who is looking (`viewerOf`): every role against every flag, written
 * out by hand from the spec and the product's rules, so a change to `can.*` that the UI would
 * notice fails here.
 */
type Who = "visitor" | Role;
const WHO: Who[] = ["visitor", "USER", "VENDOR", "ADMIN", "SUPER_ADMIN"];

const F = false;
const T = true;
const EXPECTED: Record<string, Record<Who, boolean | string | null>> = {
  signedIn: { visitor: F, USER: T, VENDOR: T, ADMIN: T, SUPER_ADMIN: T },
  isCouple: { visitor: F, USER: T, VENDOR: F, ADMIN: F, SUPER_ADMIN: F },
  canKeepWishlist: { visitor: F, USER: T, VENDOR: F, ADMIN: T, SUPER_ADMIN: T },
  canSendEnquiry: { visitor: F, USER: T, VENDOR: F, ADMIN: F, SUPER_ADMIN: F },
  canReview: { visitor: F, USER: T, VENDOR: F, ADMIN: F, SUPER_ADMIN: F },
  canReplyToReviews: { visitor: F, USER: F, VENDOR: T, ADMIN: T, SUPER_ADMIN: T },
  canManageBusinessProfile: { visitor: F, USER: F, VENDOR: T, ADMIN: F, SUPER_ADMIN: F },
  canViewAdminArea: { visitor: F, USER: F, VENDOR: F, ADMIN: T, SUPER_ADMIN: T },
  canManageRoles: { visitor: F, USER: F, VENDOR: F, ADMIN: F, SUPER_ADMIN: T },
  profileLink: { visitor: null, USER: "/profile", VENDOR: "/VendorDashboard", ADMIN: "/profile", SUPER_ADMIN: "/profile" },
};
const PLAIN_VALUES = ["id", "name", "profilePhoto", "isVerified"];

const actorFor = (role: Role): Actor => ({
  id: `id-${role}`,
  role,
  email: `${role.toLowerCase()}@mandap.example`,
  userName: `Name of ${role}`,
  profilePhoto: role === "VENDOR" ? "/media/photo.jpg" : null,
  isVerified: role !== "USER",
});
const viewerFor = (who: Who) => viewerOf(who === "visitor" ? null : actorFor(who));

describe("viewerOf: what the UI may know about who is looking", () => {
  for (const who of WHO) {
    for (const [flag, byWho] of Object.entries(EXPECTED)) {
      it(`${who}: ${flag} is ${JSON.stringify(byWho[who])}`, () => {
        expect((viewerFor(who) as Record<string, unknown>)[flag]).toBe(byWho[who]);
      });
    }

    it(`${who}: carries no role, only the fields listed here`, () => {
      const viewer = viewerFor(who);
      expect(Object.keys(viewer).sort()).toEqual([...Object.keys(EXPECTED), ...PLAIN_VALUES].sort());
      expect(viewer).not.toHaveProperty("role");
      const roleNames = new Set<string>(ROLES.flatMap((r) => [r, r.toLowerCase()]));
      for (const [key, value] of Object.entries(viewer)) expect(roleNames.has(String(value)), `${key} = ${String(value)}`).toBe(false);
    });
  }

  it("hands a signed-in account's plain values through, and none for a visitor", () => {
    expect(viewerFor("VENDOR")).toMatchObject({ id: "id-VENDOR", name: "Name of VENDOR", profilePhoto: "/media/photo.jpg", isVerified: true });
    expect(viewerFor("USER")).toMatchObject({ id: "id-USER", name: "Name of USER", profilePhoto: null, isVerified: false });
    expect(viewerFor("visitor")).toMatchObject({ id: null, name: null, profilePhoto: null, isVerified: false });
  });

  it("agrees with can.* for every role (the UI shows what the server allows)", () => {
    for (const role of ROLES) {
      const actor = actorFor(role);
      const viewer = viewerOf(actor);
      expect(viewer.canKeepWishlist, role).toBe(can.keepWishlist(actor));
      expect(viewer.canSendEnquiry, role).toBe(can.sendEnquiry(actor));
      expect(viewer.canReview, role).toBe(can.review(actor));
      expect(viewer.canReplyToReviews, role).toBe(can.replyToReviews(actor));
      expect(viewer.canManageBusinessProfile, role).toBe(can.manageBusinessProfile(actor));
      expect(viewer.canViewAdminArea, role).toBe(can.viewAdminArea(actor));
      expect(viewer.canManageRoles, role).toBe(can.manageRoles(actor));
    }
  });
});

describe("homeOf: the account's own area", () => {
  const expected: Record<Role, string> = { USER: "/profile", VENDOR: "/VendorDashboard", ADMIN: "/admin", SUPER_ADMIN: "/admin" };
  for (const role of ROLES) it(`${role} -> ${expected[role]}`, () => expect(homeOf({ role })).toBe(expected[role]));
});

describe("can.* for a visitor", () => {
  it("answers no to everything", () => {
    for (const [name, check] of Object.entries(can)) expect(check(null), name).toBe(false);
  });
});
