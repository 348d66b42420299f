import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

/** Every URL of the site in one readable map (spec section 2). */
export default [
  index("routes/home.tsx"),
  ...prefix("dev", [route("error-screen", "routes/dev/error-screen.tsx")]),
  route("service/:id", "routes/service-by-id.tsx"),
  route("all/:category/:subcategory/:state/:city/:id", "routes/service.tsx"),
  route("favorites/:serviceId", "routes/favorite-toggle.tsx"),
  route("vendorBussinessProfile/:slug?", "routes/vendor-alias.tsx"),
  // Two free segments: keep last before "*" so it never shadows another route.
  route(":location/:vendorname", "routes/vendor.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
