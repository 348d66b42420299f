import { CARD_LIMITS } from "#shared/card-format.ts";
import { z } from "zod";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  recordTemplateView,
  setTemplateThumbnail,
  THUMBNAIL_MAX_BYTES,
  THUMBNAIL_WIDTH,
  updateTemplate,
  watchHistory,
} from "#domain/invitations/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { templateInput, templatePatchInput, templateQuery, TEMPLATE_PAGE_SIZE, TEMPLATE_PAGE_SIZE_MAX } from "#shared/template-schemas.ts";
import { readMultipart } from "#platform/request-body.ts";
import { Resource } from "./endpoint.ts";

/**
 * The invitation template gallery and the admins' template management (issue 13). Rules live in
 * functions/domain/invitations/ (template-*.ts, watch-history.ts), shared with the /templates, detail and /admin/templates pages.
 */
const LIST_PARAMS = ["mood", "requirement", "tags"];
const templateParams = z.object({ id: z.string().min(1).max(64) });
const notFound = { 404: "No such template (drafts and archived templates are 404 except to admins)" };
const summaryFields =
  "Each template: id, name, description, price (whole rupees), amountCategory (FREE/PAID), mood, requirement, tags, designer, thumbnailUrl (null until one is uploaded), width and height (design px), rating, owned (a completed purchase of the signed-in couple's).";

export const inviteTemplateApi = new Resource("/inviteTemplate", "Invitation templates")
  .endpoint(
    {
      method: "get",
      path: "/get",
      summary: "The template gallery: published templates, filtered, sorted and paged",
      description: `Query: mood (one or several, comma-separated: WEDDING,LOVE, or the name repeated), amount (FREE or PAID), requirement (HOT, POPULAR, LATEST; comma-separated), tags (comma-separated, a template with any of them), q (in the name), sort (newest, popular = views + uses, price_asc, price_desc, rating), page, limit (default ${TEMPLATE_PAGE_SIZE}, at most ${TEMPLATE_PAGE_SIZE_MAX}). Admins may add status=DRAFT|ARCHIVED|ALL. An unknown value is 400 naming the field. ${summaryFields}`,
      query: templateQuery,
      access: ACCESS.public,
      responses: { 200: "{templates, total, page, pageSize}" },
    },
    async (c) => {
      // A list may also come as the name repeated (mood=WEDDING&mood=LOVE), as an HTML form sends it.
      const raw = Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, LIST_PARAMS.includes(k) ? v.join(",") : v[0]]));
      return c.json({ success: true, ...(await listTemplates(c.get("domain"), raw)) });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/create",
      summary: "Create a template (admins)",
      description:
        "Body: name, description?, canvas (the editor's card format, checked like every card; width and height are taken from it), price (whole rupees; 0 is free, more is PAID), mood, requirement?, tags?, designer?, status? (DRAFT by default).",
      body: templateInput,
      maxBodyBytes: CARD_LIMITS.maxRequestBytes,
      access: ACCESS.admin,
      responses: { 201: "{template}" },
    },
    async (c, { body }) => {
      const { message, ...template } = await createTemplate(c.get("domain"), body);
      return c.json({ success: true, message, template }, 201);
    },
  )
  .endpoint(
    {
      method: "get",
      path: "/:id",
      summary: "One template, with its canvas for those who may use it",
      description: `${summaryFields} Plus canvas (only when the template is free, bought by the signed-in couple, or the caller is an admin; else null and locked true) and editable (what the couple can change, in words).`,
      params: templateParams,
      access: ACCESS.public,
      responses: { 200: "{template}", ...notFound },
    },
    async (c, { params }) => c.json({ success: true, template: await getTemplate(c.get("domain"), params.id) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/:id",
      summary: "Change a template (admins)",
      description:
        "Any of name, description, canvas, price, mood, requirement, tags, designer, status; given directly or as the spec's {updatedData: {...}}. Fields left out do not change.",
      params: templateParams,
      body: templatePatchInput,
      maxBodyBytes: CARD_LIMITS.maxRequestBytes,
      access: ACCESS.admin,
      responses: { 200: "{template}", ...notFound },
    },
    async (c, { params, body }) => {
      const { message, ...template } = await updateTemplate(c.get("domain"), params.id, body);
      return c.json({ success: true, message, template });
    },
  )
  .endpoint(
    {
      method: "put",
      path: "/:id/thumbnail",
      summary: "Upload a template's thumbnail (admins)",
      description: `multipart/form-data with one \`image\` (PNG, JPEG or WebP by its content, ${THUMBNAIL_MAX_BYTES / 1024 / 1024} MB at most), stored as a WebP about ${THUMBNAIL_WIDTH} px wide; the previous thumbnail is removed.`,
      params: templateParams,
      access: ACCESS.admin,
      responses: { 200: "{thumbnailUrl}", 400: "No image, not an image or too large", ...notFound },
    },
    async (c, { params }) => {
      const multipart = (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
      const form = multipart
        ? await readMultipart(c.req.raw, { files: { image: 1 }, maxFileBytes: THUMBNAIL_MAX_BYTES })
        : { files: {} as Record<string, File[]> };
      return c.json({ success: true, ...(await setTemplateThumbnail(c.get("domain"), params.id, form.files.image?.[0])) });
    },
  )
  .endpoint(
    {
      method: "delete",
      path: "/:id",
      summary: "Delete a template (admins); archived instead when someone bought or used it",
      description:
        "A template nobody bought (no purchase or order at all) and nobody made a card from is deleted with its thumbnail: {deleted: true}. Otherwise it is ARCHIVED instead (it leaves the gallery; purchases, payments and cards stay): {deleted: false, archived: true} with a message saying so.",
      params: templateParams,
      access: ACCESS.admin,
      responses: { 200: "{deleted, archived, message}", ...notFound },
    },
    async (c, { params }) => c.json({ success: true, ...(await deleteTemplate(c.get("domain"), params.id)) }),
  );

/** The couple's recently viewed templates. */
export const watchHistoryApi = new Resource("/templateWatchHistory", "Template watch history")
  .endpoint(
    {
      method: "get",
      path: "/",
      summary: "The couple's recently viewed templates (newest first, at most 20)",
      description: `${summaryFields} Plus viewedAt (epoch ms). Templates no longer in the gallery are left out.`,
      access: ACCESS.planner,
    },
    async (c) => c.json({ success: true, templates: await watchHistory(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/:id",
      summary: "Record that the couple viewed a template (no body)",
      description: "Moves the template to the top of the couple's history. Its view count grows at most once per account and template per day (India time).",
      params: templateParams,
      access: ACCESS.planner,
      responses: { 200: "{viewedAt}", ...notFound },
    },
    async (c, { params }) => c.json({ success: true, ...(await recordTemplateView(c.get("domain"), params.id)) }),
  );
