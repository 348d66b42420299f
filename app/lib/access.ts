import { GUARD } from "#shared/strings.ts";

/**
 * The route guard (spec sections 2, 4, 6, 8) as one pure function, so it can be tested as a
 * matrix. Paths are matched by prefix (case-insensitively, as the router matches them); roles are
 * compared case-insensitively.
 */
export type GuardDecision = { allow: true } | { allow: false; redirectTo: "/"; toast: string | null };

/** The protected areas and the roles allowed on each (spec section 6). */
export const PROTECTED_AREAS = [
  { prefix: "/admin", roles: ["admin", "super_admin"] },
  { prefix: "/profile", roles: ["user", "admin", "super_admin"] },
  { prefix: "/VendorDashboard", roles: ["vendor", "admin", "super_admin"] },
] as const;

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
  const r = lower(role);
  if (area && !(area.roles as readonly string[]).includes(r)) return { allow: false, redirectTo: "/", toast: GUARD.roleNotAllowed };
  const allowList = ALLOW_LISTS[r] ?? [];
  if (!allowList.some((prefix) => startsWith(pathname, prefix))) return { allow: false, redirectTo: "/", toast: GUARD.pathNotAllowed };
  return { allow: true };
}
