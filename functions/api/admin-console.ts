import {
  analyticsQuery,
  generalAnalytics,
  searchServices,
  searchUsers,
  searchVendors,
  serviceSearchInput,
  userSearchInput,
  vendorSearchInput,
} from "#domain/admin/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { Resource } from "./endpoint.ts";

/** The admin console (spec section 7 "Admin"): general analytics and the three searches (functions/domain/admin/admin-console.ts, as the /admin pages). */
export const adminConsoleApi = new Resource("/admin", "Admin console")
  .endpoint(
    {
      method: "get",
      path: "/general-analytics",
      summary: "Verified users and vendors, active services, services, views and leads per subcategory; sign-ups, enquiries, bookings and revenue over time",
      description:
        "range=30d (by day, default), 90d (by week, Mondays) or 12m (by month), in India time. Revenue is successful payments less refunds, whole rupees.",
      query: analyticsQuery,
      access: ACCESS.admin,
    },
    async (c, { query }) => c.json({ success: true, ...(await generalAnalytics(c.get("domain"), query)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/vendor-search",
      summary: "Vendors by name, slug, e-mail or phone (q), city, verified yes/no; 25 a page (page, limit ≤ 50), newest first",
      body: vendorSearchInput,
      access: ACCESS.admin,
    },
    async (c, { body }) => c.json({ success: true, ...(await searchVendors(c.get("domain"), body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/service-search",
      summary: "Services of any status by name or id (q), status, serviceType, city, vendorId; 25 a page, newest first",
      body: serviceSearchInput,
      access: ACCESS.admin,
    },
    async (c, { body }) => c.json({ success: true, ...(await searchServices(c.get("domain"), body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/user-search",
      summary: "Accounts by name, e-mail or phone (q), role, verified yes/no; 25 a page, newest first",
      body: userSearchInput,
      access: ACCESS.admin,
    },
    async (c, { body }) => c.json({ success: true, ...(await searchUsers(c.get("domain"), body)) }),
  );
