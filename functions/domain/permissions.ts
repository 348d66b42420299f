import type { Role } from "#db/schema/identity.ts";
import { Forbidden, Unauthorized } from "./errors.ts";
import type { Actor } from "./sessions.ts";

/**
 * Who may do what, in one place. `can.*` answer yes or no for an actor (for loaders that hand the
 * UI booleans); `require*` throw Unauthorized (no actor) or Forbidden (wrong role). The API's
 * endpoint declarations use an `Access` value from here: the endpoint wrapper enforces it before
 * the request is parsed, and the OpenAPI document prints the same value, so the two cannot
 * disagree. Ownership (this vendor's review, this couple's lead) stays in the domain functions.
 */

/** Who an endpoint is for: anyone, any signed-in account, or the listed roles. */
export type Access = "public" | "signedIn" | readonly Role[];

export const ROLE_NAMES: Record<Role, string> = { USER: "couples", VENDOR: "vendors", ADMIN: "admins", SUPER_ADMIN: "super admins" };

/** The access rules the product uses, by name. */
export const ACCESS = {
  public: "public",
  signedIn: "signedIn",
  /** Couples (role USER): enquiries and reviews. */
  couple: ["USER"],
  /** The wishlist and cart: couples, and admins looking at the product as a couple would. */
  shopper: ["USER", "ADMIN", "SUPER_ADMIN"],
  vendor: ["VENDOR"],
  /** The couples' door of the account calls: couples and admins (vendors use their own door). */
  couplesDoor: ["USER", "ADMIN", "SUPER_ADMIN"],
  /** Replies to reviews: the vendor (ownership checked by the domain) or an admin. */
  vendorOrAdmin: ["VENDOR", "ADMIN", "SUPER_ADMIN"],
  admin: ["ADMIN", "SUPER_ADMIN"],
  superAdmin: ["SUPER_ADMIN"],
} as const satisfies Record<string, Access>;

const isAdmin = (actor: Actor | null) => actor?.role === "ADMIN" || actor?.role === "SUPER_ADMIN";

/** Whether the actor passes the access rule. */
export function allows(access: Access, actor: Actor | null): boolean {
  if (access === "public") return true;
  if (!actor) return false;
  if (access === "signedIn") return true;
  return access.includes(actor.role);
}

export const can = {
  sendEnquiry: (actor: Actor | null) => allows(ACCESS.couple, actor),
  review: (actor: Actor | null) => allows(ACCESS.couple, actor),
  replyToReviews: (actor: Actor | null) => allows(ACCESS.vendorOrAdmin, actor),
  keepShortlist: (actor: Actor | null) => allows(ACCESS.shopper, actor),
  useVendorDoor: (actor: Actor | null) => allows(ACCESS.vendor, actor),
  manageBusinessProfile: (actor: Actor | null) => allows(ACCESS.vendor, actor),
  viewAdminArea: (actor: Actor | null) => isAdmin(actor),
  manageRoles: (actor: Actor | null) => allows(ACCESS.superAdmin, actor),
};

/** "Only couples and admins can do that." for a role list. */
export function refusalFor(roles: readonly Role[]): string {
  const names = [...new Set(roles.map((r) => ROLE_NAMES[r]))];
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  return `Only ${list} can do that.`;
}

/** The signed-in actor, or Unauthorized. */
export function requireSignedIn(actor: Actor | null, message?: string): Actor {
  if (!actor) throw new Unauthorized(message);
  return actor;
}

/** The actor when one of the roles, else Unauthorized (no actor) or Forbidden (another role). */
export function requireRole(actor: Actor | null, roles: readonly Role[], message = refusalFor(roles)): Actor {
  const signedIn = requireSignedIn(actor);
  if (!roles.includes(signedIn.role)) throw new Forbidden(message);
  return signedIn;
}

/** Enforces an access rule; returns the actor (null only for public access). */
export function requireAccess(access: Access, actor: Actor | null, refusal?: string): Actor | null {
  if (access === "public") return actor;
  if (access === "signedIn") return requireSignedIn(actor);
  return requireRole(actor, access, refusal);
}

/** The access rule as the OpenAPI document shows it (x-access) and its refusal statuses. */
export function describeAccess(access: Access): { value: string | readonly Role[]; refusals: Record<number, string> } {
  if (access === "public") return { value: "public", refusals: {} };
  if (access === "signedIn") return { value: "signedIn", refusals: { 401: "Not signed in" } };
  return { value: access, refusals: { 401: "Not signed in", 403: refusalFor(access) } };
}
