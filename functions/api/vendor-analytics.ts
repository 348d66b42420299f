import { z } from "zod";
import { ACCESS } from "#domain/core/index.ts";
import { analyticsQuery, recentLeads, vendorAnalytics } from "#domain/enquiries/index.ts";
import { availabilityInput, availabilityQuery, serviceAvailability, setAvailability } from "#domain/catalogue/index.ts";
import { Resource } from "./endpoint.ts";

/** The vendor's analytics (spec section 7 "Analytics"), beside the public hero counters in services.ts. */
export const vendorAnalyticsApi = new Resource("/analytics", "Analytics")
  .endpoint(
    {
      method: "get",
      path: "/getViewData",
      summary:
        "The signed-in vendor's views, profile views, enquiries, bookings, conversion and response time over the last 7, 30 or 90 days, per day and per service",
      query: analyticsQuery,
      access: ACCESS.vendor,
    },
    async (c, { query }) => c.json({ success: true, ...(await vendorAnalytics(c.get("domain"), query.days)) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/getlead",
      summary: "The signed-in vendor's 10 latest enquiries (couple's first name, service, status, date)",
      access: ACCESS.vendor,
    },
    async (c) => c.json({ success: true, leads: await recentLeads(c.get("domain")) }),
  );

const idParams = z.object({ id: z.string().min(1).max(64) });

/** A service's availability calendar: public reading of blocked days, the owner blocks and frees them. */
export const availabilityApi = new Resource("/services", "Availability")
  .endpoint(
    {
      method: "get",
      path: "/:id/availability",
      summary: "The days of a month (month=YYYY-MM, this month by default) on which the service is not available",
      params: idParams,
      query: availabilityQuery,
      access: "public",
      responses: { 404: "No such service" },
    },
    async (c, { params, query }) => c.json({ success: true, ...(await serviceAvailability(c.get("domain"), params.id, query.month)) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/:id/availability",
      summary: "Block or free one day of the vendor's own service (body: day, blocked); a day held by a booking cannot be freed",
      params: idParams,
      body: availabilityInput,
      access: ACCESS.vendor,
      responses: { 404: "No such service of yours", 409: "The day is held by a booking" },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await setAvailability(c.get("domain"), params.id, body)) }),
  );
