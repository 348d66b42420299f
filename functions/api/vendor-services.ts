import { z } from "zod";
import { descriptionDraftInput, faqInput, serviceInput } from "#shared/service-schemas.ts";
import { ACCESS } from "#domain/core/index.ts";
import {
  addFaq,
  createService,
  deleteFaq,
  deleteService,
  draftDescription,
  SERVICE_MESSAGES,
  toggleArchive,
  updateFaq,
  updateService,
} from "#domain/catalogue/index.ts";
import { Resource } from "./endpoint.ts";

const id = z.string().min(1).max(64);
const serviceParams = z.object({ id });
const faqParams = z.object({ id, faqId: id });

const ownership = "The service's vendor, or an admin; another vendor's service is 404 and nothing changes.";

/** A vendor's own services and their FAQs (the vendor's list is GET /services?vendorId=&status=). Mounted beside the services resource. */
export const vendorServicesApi = new Resource("/services", "Vendor services")
  .endpoint(
    {
      method: "post",
      path: "/",
      summary: "Add a service",
      description:
        "Vendors only. Group and subcategory from the catalogue, a price unit from that subcategory's units, state and city from the location map; guest capacity for venues only.",
      body: serviceInput,
      access: ACCESS.vendor,
      responses: {
        201: "The service",
        400: "Invalid fields (named in `errors`)",
        403: "The vendor already has as many active services as its plan allows (the message names the limit and the Plan page)",
      },
    },
    async (c, { body }) => {
      const service = await createService(c.get("domain"), body);
      return c.json({ success: true, message: SERVICE_MESSAGES.created, service }, 201);
    },
  )
  .endpoint(
    {
      method: "put",
      path: "/serviceArchive/:id",
      summary: "Archive an active service, or make an archived one active again",
      description: `${ownership} An archived service leaves browse, search, the sitemap and the vendor's page, and takes no enquiries.`,
      params: serviceParams,
      access: ACCESS.vendorOrAdmin,
      responses: {
        200: "{success, message, status}",
        403: "Making it active would pass the plan's active-service limit (a hidden service past the limit is archived by this call)",
        404: "No such service of yours",
      },
    },
    async (c, { params }) => {
      const result = await toggleArchive(c.get("domain"), params.id);
      return c.json({ success: true, message: result.message, status: result.status });
    },
  )
  .endpoint(
    {
      method: "put",
      path: "/:id",
      summary: "Edit a service",
      description: `${ownership} All fields, as for adding one.`,
      params: serviceParams,
      body: serviceInput,
      access: ACCESS.vendorOrAdmin,
      responses: { 200: "The service", 400: "Invalid fields (named in `errors`)", 404: "No such service of yours" },
    },
    async (c, { params, body }) => {
      const service = await updateService(c.get("domain"), params.id, body);
      return c.json({ success: true, message: SERVICE_MESSAGES.updated, service });
    },
  )
  .endpoint(
    {
      method: "delete",
      path: "/:id",
      summary: "Delete a service (archived instead when it has enquiries, bookings or reviews)",
      description: `${ownership} \`status\` says what happened: "deleted", or "archived" with a message saying why.`,
      params: serviceParams,
      access: ACCESS.vendorOrAdmin,
      responses: { 200: "{success, message, deleted, status}", 404: "No such service of yours" },
    },
    async (c, { params }) => {
      const result = await deleteService(c.get("domain"), params.id);
      return c.json({ success: true, ...result });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/faq",
      summary: "Add a question and answer to a service",
      description: `${ownership} At most 30 per service.`,
      params: serviceParams,
      body: faqInput,
      access: ACCESS.vendorOrAdmin,
      responses: { 201: "The FAQ", 400: "Invalid fields or too many questions", 404: "No such service of yours" },
    },
    async (c, { params, body }) => {
      const faq = await addFaq(c.get("domain"), params.id, body);
      return c.json({ success: true, message: SERVICE_MESSAGES.faqAdded, faq }, 201);
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/faq/:faqId",
      summary: "Edit a question and answer of a service",
      description: ownership,
      params: faqParams,
      body: faqInput,
      access: ACCESS.vendorOrAdmin,
      responses: { 200: "The FAQ", 404: "No such service of yours, or no such question" },
    },
    async (c, { params, body }) => {
      const faq = await updateFaq(c.get("domain"), params.id, params.faqId, body);
      return c.json({ success: true, message: SERVICE_MESSAGES.faqUpdated, faq });
    },
  )
  .endpoint(
    {
      method: "delete",
      path: "/:id/faq/:faqId",
      summary: "Delete a question and answer of a service",
      description: ownership,
      params: faqParams,
      access: ACCESS.vendorOrAdmin,
      responses: { 200: "{success, message}", 404: "No such service of yours, or no such question" },
    },
    async (c, { params }) => {
      await deleteFaq(c.get("domain"), params.id, params.faqId);
      return c.json({ success: true, message: SERVICE_MESSAGES.faqDeleted });
    },
  );

/** POST /generateAIDescription (the spec's path, at the API's root). */
export const aiDescriptionApi = new Resource("", "Vendor services").endpoint(
  {
    method: "post",
    path: "/generateAIDescription",
    summary: "Draft a service description from its fields",
    description:
      "Vendors and admins. JSON with the service's fields (service_name and service_type required). Workers AI where configured, else a deterministic local writer; `source` says which. Nothing is saved. 20 drafts an hour per account (429 with Retry-After).",
    body: descriptionDraftInput,
    access: ACCESS.vendorOrAdmin,
    responses: { 200: "{success, message, description, source}", 429: "Too many drafts this hour" },
  },
  async (c, { body }) => {
    const draft = await draftDescription(c.get("domain"), body);
    return c.json({ success: true, message: SERVICE_MESSAGES.draftReady, description: draft.text, source: draft.source });
  },
);
