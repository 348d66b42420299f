import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

/** Every URL of the site in one readable map (spec section 2). */
export default [
  index("routes/home.tsx"),
  route("all/:category?/:subCategory?/:state?/:city?", "routes/browse-list.tsx"),
  route("browse", "routes/discover.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  ...prefix("dev", [route("error-screen", "routes/dev/error-screen.tsx")]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
