import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Every URL of the site in one readable map (spec section 2). */
export default [
  index("routes/home.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
