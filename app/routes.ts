import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

/** Every URL of the site in one readable map (spec section 2). */
export default [
  index("routes/home/route.tsx", { id: "routes/home" }),
  route("all/:category?/:subCategory?/:state?/:city?", "routes/browse-list/route.tsx", { id: "routes/browse-list" }),
  route("browse", "routes/discover.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("sitemaps/:file", "routes/sitemap-file.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  ...prefix("dev", [route("error-screen", "routes/dev/error-screen.tsx")]),
  // Accounts and access
  route("login", "routes/auth/login.tsx", { id: "login" }),
  route("vendorLogin", "routes/auth/login.tsx", { id: "vendor-login" }),
  route("signup", "routes/auth/signup.tsx"),
  route("vendorSignup", "routes/auth/vendor-signup.tsx"),
  route("user-forgot-password", "routes/auth/forgot-password.tsx", { id: "user-forgot-password" }),
  route("vendor-forgot-password", "routes/auth/forgot-password.tsx", { id: "vendor-forgot-password" }),
  route("user-change-password", "routes/auth/change-password.tsx", { id: "user-change-password" }),
  route("vendor-change-password", "routes/auth/change-password.tsx", { id: "vendor-change-password" }),
  route("verify-email", "routes/auth/verify-email.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("dev/mailbox", "routes/dev/mailbox.tsx"),
  route("profile", "routes/profile/layout.tsx", [
    index("routes/profile/index.tsx"),
    route("favoriteList", "routes/profile/wishlist.tsx", { id: "routes/profile/favorites" }),
    ...["checklist", "weddingbudget", "weddingplan", "invitationCards"].map((p) => route(p, "routes/profile/placeholder.tsx", { id: `profile-${p}` })),
  ]),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    ...["giveAdmin", "revokeAdmin", "giveSuperAdmin"].map((p) => route(p, "routes/admin/roles.tsx", { id: `admin-${p}` })),
  ]),
  route("VendorDashboard", "routes/vendor-dashboard/layout.tsx", [
    index("routes/vendor-dashboard/index.tsx"),
    ...["vendor-profile", "settings"].map((p) => route(p, "routes/profile/placeholder.tsx", { id: `vendor-dashboard-${p}` })),
    route("service-details/:serviceId/photos", "routes/vendor-dashboard/service-photos.tsx"),
    route("vendor-profile/logo", "routes/vendor-dashboard/vendor-logo.tsx"),
  ]),
  route("service/:id", "routes/service-by-id.tsx"),
  route("all/:category/:subcategory/:state/:city/:id", "routes/service/route.tsx", { id: "routes/service" }),
  route("favorites/:serviceId", "routes/wishlist-toggle.tsx", { id: "routes/favorite-toggle" }),
  route("vendorBussinessProfile/:slug?", "routes/vendor-alias.tsx"),
  // Two free segments: keep last before "*" so it never shadows another route.
  route(":location/:vendorname", "routes/vendor.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
