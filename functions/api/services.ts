import { z } from "zod";
import { serviceListQuery, sortFromQuery } from "#shared/service-filters.ts";
import { heroAnalytics, searchServices, serviceDetail, serviceLocations } from "#domain/catalogue/index.ts";
import { NotFound, can } from "#domain/core/index.ts";
import { mayReadServerTiming } from "#platform/server-timing.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

const idParams = z.object({ id: z.string().min(1).max(64) });

export const servicesApi = new Resource("/services", "Services")
  .endpoint(
    {
      method: "get",
      path: "/",
      summary: "List and search services",
      description: "Filters combine; `q` is full-text over name, description, category, city and vendor. `total` is counted up to 10,000 (`totalIsCapped`).",
      query: serviceListQuery,
      access: "public",
    },
    async (c, { query }) => {
      const { sort_by, sort_order, ...filters } = query;
      const page = await searchServices(c.get("domain"), { ...filters, sort: sortFromQuery(sort_by, sort_order) });
      const { actor } = c.get("domain");
      if (mayReadServerTiming(c.env, c.req.raw, actor !== null && can.viewAdminArea(actor))) c.header("Server-Timing", `d1;desc="rows_read=${page.rowsRead}"`);
      return c.json({
        success: true,
        ServiceResult: page.services,
        total: page.total,
        totalIsCapped: page.totalIsCapped,
        page: page.page,
        limit: page.limit,
        totalPages: page.totalPages,
      });
    },
  )
  .endpoint({ method: "get", path: "/getMostViewedServices", summary: "The most viewed active services", access: "public" }, async (c) => {
    const page = await searchServices(c.get("domain"), { sort: { by: "views", order: "desc" }, limit: 20 });
    return c.json({ success: true, ServiceResult: page.services });
  })
  .endpoint({ method: "get", path: "/get-location", summary: "States (regions) and their cities that have services", access: "public" }, async (c) =>
    c.json({ success: true, locations: await serviceLocations(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/:id",
      summary: "One service with gallery, FAQs and vendor",
      params: idParams,
      access: "public",
      responses: { 200: "The service", 404: "No such service" },
    },
    async (c, { params }) => {
      const service = await serviceDetail(c.get("domain"), params.id);
      if (!service) throw new NotFound(m.api_e_we_could_not_find_that_service());
      return c.json({ success: true, service });
    },
  );

export const analyticsApi = new Resource("/analytics", "Analytics").endpoint(
  { method: "get", path: "/heroSectionAnalytics", summary: "Counters for the home page hero", access: "public" },
  async (c) => c.json({ success: true, ...(await heroAnalytics(c.get("domain"))) }),
);
