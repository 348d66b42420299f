import { Hono } from "hono";
import { z } from "zod";
import { isDomainError, ACCESS } from "#domain/core/index.ts";
import {
  altInput,
  coverInput,
  deleteServicePhoto,
  generateUploadSignature,
  manageableService,
  MediaSaveFailed,
  orderInput,
  photoRoom,
  publicIdInput,
  receiveDirectUpload,
  registerDirectUploads,
  registerInput,
  reorderServicePhotos,
  servicePhotos,
  setPhotoAlt,
  setServiceCover,
  signatureInput,
  tooManyPhotos,
  uploadServicePhotos,
  uploadSingleImage,
} from "#domain/catalogue/index.ts";
import { IMAGE_MEGAPIXELS_MAX, MEDIA_MESSAGES, PHOTO_MAX_BYTES, SERVICE_PHOTOS_MAX } from "#shared/service-media.ts";
import { readMultipart } from "#platform/request-body.ts";
import type { ApiContext, ApiEnv } from "./context.ts";
import { Resource } from "./endpoint.ts";
import { log } from "#platform/log.ts";

const id = z.string().min(1).max(64);
const serviceParams = z.object({ serviceId: id });
const photoParams = z.object({ serviceId: id, mediaId: id });

const MB = PHOTO_MAX_BYTES / 1024 / 1024;
/** The database write failed after storing (what was stored is already removed): the spec's message, 500. */
async function saving(c: ApiContext, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof MediaSaveFailed) return c.json({ success: false, message: e.message }, 500);
    throw e;
  }
}

const isMultipart = (c: ApiContext) => (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/**
 * Service photos, logos and profile photos, and direct-to-storage uploads (spec section 7). The
 * multipart bodies are read here as streams that stop at the first file over the count or size
 * cap; whoever may not act on the service is refused before a byte of the body is read.
 */
export const uploadsApi = new Resource("", "Uploads")
  .endpoint(
    {
      method: "get",
      path: "/upload/:serviceId",
      summary: "The service's photos in order (its vendor or an admin)",
      params: serviceParams,
      access: ACCESS.vendorOrAdmin,
      responses: { 200: "The photos", 404: "No such service of yours" },
    },
    async (c, { params }) => c.json({ success: true, ...(await servicePhotos(c.get("domain"), params.serviceId)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/upload/:serviceId",
      summary: "Upload photos to a service",
      description: `multipart/form-data with up to ${SERVICE_PHOTOS_MAX} \`files\` (JPEG, PNG, WebP, GIF, and AVIF where the Cloudflare Images pipeline is configured; ${MB} MB and ${IMAGE_MEGAPIXELS_MAX} megapixels each); a service holds at most ${SERVICE_PHOTOS_MAX} photos. Each is stored as a card-size and a full-size WebP. Partial failure succeeds and lists the failed files (\`failed\`); "No files provided." / "All uploads failed." are 400, "Failed to save images to DB" 500.`,
      params: serviceParams,
      access: ACCESS.vendorOrAdmin,
      responses: {
        200: "Uploaded (maybe with failed files)",
        400: "No files, all failed, too many or too large",
        404: "No such service of yours",
        500: "Failed to save images to DB",
      },
    },
    async (c, { params }) => {
      const ctx = c.get("domain");
      await manageableService(ctx, params.serviceId);
      // The body is read only as far as the service has room: the file past it stops the reading (400).
      const { count, room } = await photoRoom(ctx, params.serviceId);
      const files = isMultipart(c)
        ? ((await readMultipart(c.req.raw, { files: { files: room }, maxFileBytes: PHOTO_MAX_BYTES, tooMany: () => tooManyPhotos(count) })).files.files ?? [])
        : [];
      return saving(c, async () => c.json({ success: true, ...(await uploadServicePhotos(ctx, params.serviceId, files)) }));
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/delete/:serviceId",
      summary: "Delete one photo of a service",
      description: "`publicId` is the photo's id or one of its keys. The cover moves to the first remaining photo.",
      params: serviceParams,
      body: publicIdInput,
      access: ACCESS.vendorOrAdmin,
      responses: { 200: "Deleted", 404: "No such service or photo of yours" },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await deleteServicePhoto(c.get("domain"), params.serviceId, body)) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/upload/:serviceId/order",
      summary: "Reorder a service's photos",
      description: "`ids`: every photo id of the service, each once, in the new order.",
      params: serviceParams,
      body: orderInput,
      access: ACCESS.vendorOrAdmin,
    },
    async (c, { params, body }) => c.json({ success: true, ...(await reorderServicePhotos(c.get("domain"), params.serviceId, body)) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/upload/:serviceId/cover",
      summary: "Set a service's cover photo (its card in browse and search)",
      params: serviceParams,
      body: coverInput,
      access: ACCESS.vendorOrAdmin,
    },
    async (c, { params, body }) => c.json({ success: true, ...(await setServiceCover(c.get("domain"), params.serviceId, body)) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/upload/:serviceId/:mediaId/alt",
      summary: "Set a photo's alt text",
      params: photoParams,
      body: altInput,
      access: ACCESS.vendorOrAdmin,
    },
    async (c, { params, body }) => c.json({ success: true, ...(await setPhotoAlt(c.get("domain"), params.serviceId, params.mediaId, body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/upload/:serviceId/register",
      summary: "Register photos uploaded directly to storage (after generateSignature)",
      description:
        "`files`: [{key, name}] with the keys the signatures named. Each becomes a photo exactly as with POST /upload/{serviceId}; the uploaded originals are removed.",
      params: serviceParams,
      body: registerInput,
      access: ACCESS.vendorOrAdmin,
    },
    async (c, { params, body }) => saving(c, async () => c.json({ success: true, ...(await registerDirectUploads(c.get("domain"), params.serviceId, body)) })),
  )
  .endpoint(
    {
      method: "post",
      path: "/upload-single",
      summary: "Upload a logo (vendors) or a profile photo",
      description: `multipart/form-data: \`file\` (one image, ${MB} MB at most) and \`kind\` = logo | profile. Stored as a centred square WebP.`,
      access: ACCESS.signedIn,
      responses: { 200: "Saved", 400: "No file, not an image or too large", 403: "A logo for an account that is not a vendor" },
    },
    async (c) => {
      const form = isMultipart(c)
        ? await readMultipart(c.req.raw, { files: { file: 1 }, maxFileBytes: PHOTO_MAX_BYTES })
        : { fields: {}, files: {} as Record<string, File[]> };
      return saving(c, async () => c.json({ success: true, ...(await uploadSingleImage(c.get("domain"), form.fields.kind ?? "", form.files.file?.[0])) }));
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/generateSignature",
      summary: "Sign one direct upload",
      description:
        "Body `{folder}`: `services/{serviceId}` (its vendor or an admin) or `user_assets` (default). Returns `signature`, `timestamp`, `uploadUrl`, `key`, `method` (PUT): PUT the file's bytes to uploadUrl (a presigned R2 URL where R2 API credentials are configured, else this Worker's /api/v1/direct-upload/{token}), then POST /upload/{serviceId}/register.",
      body: signatureInput,
      access: ACCESS.signedIn,
      responses: { 200: "Signed", 404: "No such service of yours", 500: "Failed to get signature" },
    },
    async (c, { body }) => {
      try {
        return c.json({ success: true, ...(await generateUploadSignature(c.get("domain"), body)) });
      } catch (e) {
        if (isDomainError(e)) throw e;
        log.error("signing an upload failed", {}, e);
        return c.json({ success: false, message: MEDIA_MESSAGES.signatureFailed }, 500);
      }
    },
  );

/**
 * The Worker's own upload target (the local stand-in for a presigned R2 URL): PUT the raw bytes to
 * /api/v1/direct-upload/{token}. Not a JSON endpoint (its body is the image), so it is not in the
 * OpenAPI document; the token (HMAC, 10 minutes, bound to the account, folder and key) is its
 * authority, with the caller's session.
 */
export const directUploadApp = new Hono<ApiEnv>().put("/direct-upload/:token", async (c) => {
  const { key } = await receiveDirectUpload(c.get("domain"), c.req.param("token"), c.req.raw.body);
  return c.json({ success: true, key });
});
