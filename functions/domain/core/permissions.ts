import type { Role } from "#db/schema/identity.ts";
import { Forbidden, Unauthorized } from "./errors.ts";
import type { Actor } from "./sessions.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Who may do what, in one place. `can.*` answer yes or no for an actor (for loaders that hand the
 * UI booleans); `require*` throw Unauthorized (no actor) or Forbidden (wrong role). The API's
 * endpoint declarations use an `Access` value from here: the endpoint wrapper enforces it before
 * the request is parsed, and the OpenAPI document prints the same value, so the two cannot
 * disagree. Ownership (this vendor's review, this couple's lead) stays in the domain functions.
 */

/** Who an endpoint is for: anyone, any signed-in account, or the listed roles. */
export type Access = "public" | "signedIn" | readonly Role[];

/** Each role's people, as a refusal names them (in the request's language). */
export const ROLE_NAMES: Record<Role, () => string> = {
  USER: m.api_role_couples,
  VENDOR: m.api_role_vendors,
  ADMIN: m.api_role_admins,
  SUPER_ADMIN: m.api_role_super_admins,
};

/** The access rules the product uses, by name. */
export const ACCESS = {
  public: "public",
  signedIn: "signedIn",
  /** Couples (role USER): enquiries and reviews. */
  couple: ["USER"],
  /** The wishlist and cart: couples, and admins looking at the product as a couple would. */
  shopper: ["USER", "ADMIN", "SUPER_ADMIN"],
  vendor: ["VENDOR"],
  /** Couple planning (checklist, planner, budget, guests): couples, and admins trying the tools as a couple would. */
  planner: ["USER", "ADMIN", "SUPER_ADMIN"],
  /** The couples' door of the account calls: couples and admins (vendors use their own door). */
  couplesDoor: ["USER", "ADMIN", "SUPER_ADMIN"],
  /** Replies to reviews: the vendor (ownership checked by the domain) or an admin. */
  vendorOrAdmin: ["VENDOR", "ADMIN", "SUPER_ADMIN"],
  admin: ["ADMIN", "SUPER_ADMIN"],
  superAdmin: ["SUPER_ADMIN"],
  /** The page areas (spec section 6): /profile and /VendorDashboard also let admins in. */
  coupleArea: ["USER", "ADMIN", "SUPER_ADMIN"],
  vendorArea: ["VENDOR", "ADMIN", "SUPER_ADMIN"],
} as const satisfies Record<string, Access>;

/** Anything that carries a role: an Actor, or an account view (a session's account, `{ role }`). */
type HasRole = (Pick<Actor, "role"> & Partial<Omit<Actor, "role" | "email">> & { email?: string | null }) | null | undefined;

/** Whether the actor passes the access rule. */
export function allows(access: Access, actor: HasRole): boolean {
  if (access === "public") return true;
  if (!actor) return false;
  if (access === "signedIn") return true;
  return access.includes(actor.role);
}

export const can = {
  sendEnquiry: (actor: HasRole) => allows(ACCESS.couple, actor),
  review: (actor: HasRole) => allows(ACCESS.couple, actor),
  replyToReviews: (actor: HasRole) => allows(ACCESS.vendorOrAdmin, actor),
  keepWishlist: (actor: HasRole) => allows(ACCESS.shopper, actor),
  planWedding: (actor: HasRole) => allows(ACCESS.planner, actor),
  useVendorDoor: (actor: HasRole) => allows(ACCESS.vendor, actor),
  manageBusinessProfile: (actor: HasRole) => allows(ACCESS.vendor, actor),
  /** The couple's dashboard (/profile): couples, and admins looking at it as a couple would. */
  openCoupleArea: (actor: HasRole) => allows(ACCESS.coupleArea, actor),
  /** The vendor dashboard's area (/VendorDashboard); admins pass the area but not its allow-list (see app/lib/access.server.ts). */
  openVendorArea: (actor: HasRole) => allows(ACCESS.vendorArea, actor),
  viewAdminArea: (actor: HasRole) => allows(ACCESS.admin, actor),
  manageRoles: (actor: HasRole) => allows(ACCESS.superAdmin, actor),
  /** Blog posts and tags: admins and super admins (comments and likes: any signed-in account). */
  writeBlog: (actor: HasRole) => allows(ACCESS.admin, actor),
};

/** An account's own area: where it lands after signing in (and where a log-in page sends it on). */
export type Home = "/profile" | "/VendorDashboard" | "/admin";

export function homeOf(actor: NonNullable<HasRole>): Home {
  if (can.viewAdminArea(actor)) return "/admin";
  if (can.manageBusinessProfile(actor)) return "/VendorDashboard";
  return "/profile";
}

/**
 * What the UI may know about who is looking, as booleans and plain values (never a role string):
 * the root loader hands it to every page (the header, the wishlist hearts). Built from `can.*`, so
 * the UI shows exactly what the server will allow.
 */
export type Viewer = ViewerFlags &
  (
    | { signedIn: false; id: null; name: null; profilePhoto: null; isVerified: false; profileLink: null }
    | {
        signedIn: true;
        id: string;
        name: string;
        profilePhoto: string | null;
        isVerified: boolean;
        /** Where the header's photo and name lead: the couple's dashboard (/profile), or a vendor's own. */
        profileLink: "/profile" | "/VendorDashboard";
      }
  );

export type ViewerFlags = {
  /** A couple's account: the couple's dashboard menu on mobile. */
  isCouple: boolean;
  canKeepWishlist: boolean;
  canSendEnquiry: boolean;
  canReview: boolean;
  canReplyToReviews: boolean;
  canManageBusinessProfile: boolean;
  canViewAdminArea: boolean;
  canManageRoles: boolean;
};

export function viewerOf(actor: Actor | null | undefined): Viewer {
  const flags: ViewerFlags = {
    isCouple: allows(ACCESS.couple, actor),
    canKeepWishlist: can.keepWishlist(actor),
    canSendEnquiry: can.sendEnquiry(actor),
    canReview: can.review(actor),
    canReplyToReviews: can.replyToReviews(actor),
    canManageBusinessProfile: can.manageBusinessProfile(actor),
    canViewAdminArea: can.viewAdminArea(actor),
    canManageRoles: can.manageRoles(actor),
  };
  if (!actor) return { ...flags, signedIn: false, id: null, name: null, profilePhoto: null, isVerified: false, profileLink: null };
  return {
    ...flags,
    signedIn: true,
    id: actor.id,
    name: actor.userName,
    profilePhoto: actor.profilePhoto,
    isVerified: actor.isVerified,
    profileLink: can.openCoupleArea(actor) ? "/profile" : "/VendorDashboard",
  };
}

/** "Only couples and admins can do that." for a role list. */
export function refusalFor(roles: readonly Role[]): string {
  const names = [...new Set(roles.map((r) => ROLE_NAMES[r]()))];
  const list = names.length > 1 ? m.api_list_and({ first: names.slice(0, -1).join(", "), last: names.at(-1)! }) : (names[0] ?? "");
  return m.api_only_roles({ roles: list });
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
