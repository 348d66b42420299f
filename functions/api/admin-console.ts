import { Resource } from "./endpoint.ts";

/** Issue 14, console: general analytics and the vendor, service and user searches (spec section 7 "Admin"). OWNER: the console helper. */
export const adminConsoleApi = new Resource("/admin", "Admin console");
