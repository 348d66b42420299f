import type { Role } from "#db/schema/identity.ts";
import { ROLES } from "#shared/stored-values.ts";
import { can } from "#domain/core/index.ts";
import { GUARD, GUARD_SIGN_IN } from "#shared/strings.ts";
import type { FlashToast } from "#shared/toast.ts";

/**
 * The route guard (spec sections 2, 4, 6, 8) as one pure function, so it can be tested as a
 * matrix. Paths are matched by prefix (case-insensitively, as the router matches them); roles are
 * compared case-insensitively. Who may enter an area is the permissions module's answer (`can.*`);
 * the spec's allow-lists (step 3) are page paths and stay here. Server code: the UI gets booleans
 * from `viewerOf`, never this matrix.
 */
export type GuardDecision = { allow: true } | { allow: false; redirectTo: "/"; toast: string | null };

/** The toast for a visitor the guard sends to /: why, and a log-in link that brings them back to `pathWithSearch`. */
export function signInToast(pathWithSearch: string): FlashToast | null {
  const path = pathWithSearch.split(/[?#]/)[0] ?? "/";
  const prompt = GUARD_SIGN_IN.find((p) => startsWith(path, p.prefix));
  if (!prompt) return null;
  return { type: "info", message: prompt.message(), link: { label: GUARD.logIn, href: `${prompt.login}?redirectTo=${encodeURIComponent(pathWithSearch)}` } };
}

/** The protected areas and who may enter each (spec section 6: admins; couples and admins; vendors and admins). */
export const PROTECTED_AREAS = [
  { prefix: "/admin", allows: can.viewAdminArea },
  { prefix: "/profile", allows: can.openCoupleArea },
  { prefix: "/VendorDashboard", allows: can.openVendorArea },
] as const;

/** A role as stored (upper case), or null for a name that is no role. */
function roleNamed(name: string): Role | null {
  const upper = name.toUpperCase();
  return (ROLES as readonly string[]).includes(upper) ? (upper as Role) : null;
}

/** Each role's allow-list (spec section 2, "Route guard allow-lists"). */
const ADMIN_ALLOW = ["/admin", "/adminPanel", "/analytics", "/profile"];
export const ALLOW_LISTS: Record<string, readonly string[]> = {
  user: ["/profile", "/profile/favoriteList", "/user-forgot-password", "/user-change-password", "/services", "/service/"],
  vendor: [
    "/vendorSignup",
    "/vendorLogin",
    "/vendor-forgot-password",
    "/vendor-change-password",
    "/VendorDashboard",
    "/VendorDashboard/settings",
    "/VendorDashboard/analytics",
    "/VendorDashboard/bookings",
    "/VendorDashboard/services",
    "/VendorDashboard/services/service-details/",
  ],
  admin: ADMIN_ALLOW,
  super_admin: ADMIN_ALLOW,
};

export const PUBLIC_PATHS = ["/login", "/signup", "/vendorLogin", "/vendorSignup", "/user-forgot-password", "/vendor-forgot-password", "/"] as const;

const lower = (s: string) => s.toLowerCase();
const startsWith = (path: string, prefix: string) => lower(path).startsWith(lower(prefix));

export function isPublicPath(pathname: string): boolean {
  const p = lower(pathname.replace(/\/+$/, "") || "/");
  return PUBLIC_PATHS.some((pub) => lower(pub) === p);
}

/** The protected area a path belongs to, if any. */
export function protectedAreaOf(pathname: string) {
  return PROTECTED_AREAS.find((a) => startsWith(pathname, a.prefix)) ?? null;
}

/**
 * The four steps: (1) a visitor off the public paths goes to /; (2) a role not allowed for the
 * page goes to / with "You do not have permission to access this page."; (3) an allowed role on a
 * path outside its allow-list goes to / with "Unauthorized access."; (4) otherwise the page renders.
 */
export function guardDecision(pathname: string, role: string | null | undefined, area = protectedAreaOf(pathname)): GuardDecision {
  if (!role) return isPublicPath(pathname) ? { allow: true } : { allow: false, redirectTo: "/", toast: null };
  const known = roleNamed(role);
  if (area && !(known && area.allows({ role: known }))) return { allow: false, redirectTo: "/", toast: GUARD.roleNotAllowed };
  const allowList = (known && ALLOW_LISTS[lower(known)]) || [];
  if (!allowList.some((prefix) => startsWith(pathname, prefix))) return { allow: false, redirectTo: "/", toast: GUARD.pathNotAllowed };
  return { allow: true };
}
