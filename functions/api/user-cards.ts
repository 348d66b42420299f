import { CARD_LIMITS } from "#shared/card-format.ts";
import { z } from "zod";
import { Invalid, ACCESS } from "#domain/core/index.ts";
import {
  CARD_MESSAGES,
  createCard,
  createCardInput,
  deleteCard,
  duplicateCard,
  EXPORT_MAX_BYTES,
  exportCard,
  getCardWithDetails,
  listCards,
  PREVIEW_MAX_BYTES,
  setCardPreview,
  StaleCard,
  updateCard,
  updateCardInput,
} from "#domain/invitations/index.ts";
import { readMultipart } from "#platform/request-body.ts";
import type { ApiContext } from "./context.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

const params = z.object({ id: z.string().min(1).max(64) });

/** The multipart body's `image` file and text fields; anything but multipart is a 400 naming the field. */
async function imageForm(c: ApiContext, maxFileBytes: number): Promise<{ fields: Record<string, string>; file: File | undefined }> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) throw new Invalid(CARD_MESSAGES.imageNeeded, { image: m.api_e_send_multipart_form_data_with_the_image() });
  const form = await readMultipart(c.req.raw, {
    files: { image: 1 },
    maxFileBytes,
    maxParts: 10,
    tooMany: () => new Invalid(m.api_e_send_one_image(), { image: m.api_e_one_image_only() }),
  });
  return { fields: form.fields, file: form.files.image?.[0] };
}

/** Issue 13, cards: the couple's cards (GET, POST, PATCH, DELETE /userDataTemplate), their rendered image and export. Rules live in functions/domain/invitations/ (card-*.ts). */
export const userCardsApi = new Resource("/userDataTemplate", "Invitation cards")
  .endpoint(
    {
      method: "get",
      path: "/",
      summary: "The couple's invitation cards (no canvases), last edited first",
      access: ACCESS.planner,
    },
    async (c) => c.json({ success: true, cards: await listCards(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/",
      summary: "A new card from a template (filled with the couple's details) or from a canvas",
      description:
        "`templateId` (a published template; a paid one must be bought: 403) and/or `canvas` (the editor's JSON, checked by the card format: 400 with the reason). At most 50 cards per couple.",
      body: createCardInput,
      maxBodyBytes: CARD_LIMITS.maxRequestBytes,
      access: ACCESS.planner,
      responses: { 201: "Created", 400: "Bad canvas or details, or 50 cards already", 403: "A paid template not bought", 404: "No such template" },
    },
    async (c, { body }) => c.json({ success: true, card: await createCard(c.get("domain"), body) }, 201),
  )
  .endpoint(
    {
      method: "get",
      path: "/:id",
      summary: "One of the couple's cards with its canvas, and the details that fill its placeholders",
      params,
      access: ACCESS.planner,
      responses: { 200: "The card", 404: "No such card of yours" },
    },
    async (c, { params }) => c.json({ success: true, ...(await getCardWithDetails(c.get("domain"), params.id)) }),
  )
  .endpoint(
    {
      method: "patch",
      path: "/:id",
      summary: "Save a card's title, details and/or canvas",
      description:
        "`revision`: the card's revision the save was made on (it goes up with every save, title and details too); a `canvas` needs it. When the card was saved elsewhere meanwhile the answer is 409 with the card as it is now (`current`) and its `revision`, and nothing changes.",
      params,
      body: updateCardInput,
      maxBodyBytes: CARD_LIMITS.maxRequestBytes,
      access: ACCESS.planner,
      responses: {
        200: "Saved",
        400: "Bad canvas or details",
        403: "A paid template not bought",
        404: "No such card of yours",
        409: "Saved elsewhere since that revision: nothing saved; current is the card as it is now",
      },
    },
    async (c, { params, body }) => {
      try {
        return c.json({ success: true, card: await updateCard(c.get("domain"), params.id, body) });
      } catch (e) {
        if (e instanceof StaleCard) return c.json({ success: false, message: e.message, current: e.current, revision: e.revision }, 409);
        throw e;
      }
    },
  )
  .endpoint(
    {
      method: "delete",
      path: "/:id",
      summary: "Delete a card (and its rendered image)",
      params,
      access: ACCESS.planner,
      responses: { 200: "Deleted", 404: "No such card of yours" },
    },
    async (c, { params }) => c.json({ success: true, ...(await deleteCard(c.get("domain"), params.id)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/duplicate",
      summary: "Copy a card",
      params,
      access: ACCESS.planner,
      responses: { 201: "Copied", 400: "50 cards already", 403: "A paid template not bought", 404: "No such card of yours" },
    },
    async (c, { params }) => c.json({ success: true, card: await duplicateCard(c.get("domain"), params.id) }, 201),
  )
  .endpoint(
    {
      method: "put",
      path: "/:id/preview",
      summary: "Store the card's rendered image (the list's thumbnail and the e-invite's picture)",
      description: `multipart/form-data: \`image\`, a JPEG, PNG or WebP (checked by its bytes) of at most ${PREVIEW_MAX_BYTES / 1024 / 1024} MB, about 1080 px wide. The previous image is removed.`,
      params,
      access: ACCESS.planner,
      responses: { 200: "Stored", 400: "No image, not an image or too large", 403: "A paid template not bought", 404: "No such card of yours" },
    },
    async (c, { params }) => {
      const { file } = await imageForm(c, PREVIEW_MAX_BYTES);
      return c.json({ success: true, ...(await setCardPreview(c.get("domain"), params.id, file)) });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/export",
      summary: "Export the card as PNG or PDF",
      description: `multipart/form-data: \`image\` (the card rendered at the size, PNG or JPEG, at most ${EXPORT_MAX_BYTES / 1024 / 1024} MB), \`format\` = pdf | png, \`size\` = A5 | A6 | STORY. Answers the file as an attachment: the PNG itself, or a PDF page of the size with the image fitted.`,
      params,
      access: ACCESS.planner,
      responses: { 200: "The file", 400: "No image, not an image, too large or a bad format", 403: "A paid template not bought", 404: "No such card of yours" },
    },
    async (c, { params }) => {
      const { fields, file } = await imageForm(c, EXPORT_MAX_BYTES);
      const out = await exportCard(c.get("domain"), params.id, { format: fields.format, size: fields.size || undefined }, file);
      return new Response(out.bytes as BodyInit, {
        headers: {
          "Content-Type": out.contentType,
          "Content-Disposition": `attachment; filename="${out.fileName}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  );
