import { Resource } from "./endpoint.ts";

/**
 * Issue 14, blog-core: the blog API at its role-based bases (spec section 6): /admin/blog for ADMIN
 * and SUPER_ADMIN, /user/blog for USER, /public/blog for everyone else. Each base answers the spec's
 * calls; who may do what is decided by one rule in functions/domain. OWNER: the blog-core helper.
 */
export const blogAdminApi = new Resource("/admin/blog", "Blog (admin)");
export const blogUserApi = new Resource("/user/blog", "Blog (user)");
export const blogPublicApi = new Resource("/public/blog", "Blog (public)");
