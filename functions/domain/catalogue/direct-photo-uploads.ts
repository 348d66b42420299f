import { z } from "zod";
import { DEFAULT_UPLOAD_FOLDER, MEDIA_MESSAGES, PHOTO_MAX_BYTES, SERVICE_PHOTOS_MAX } from "#shared/service-media.ts";
import { checkedSize, ImageUnreadable } from "#platform/images.ts";
import { type UploadTicket, TICKET_SECONDS } from "#platform/direct-uploads.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { readStreamCapped } from "#platform/request-body.ts";
import { type DomainContext, requireSignedIn, parseInput, Forbidden, Invalid } from "../core/index.ts";
import { manageableService, type UploadResult } from "./photo-records.ts";
import { type Incoming, addPhotos } from "./photo-uploads.ts";
import { randomHex } from "#shared/tokens.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/** Direct-to-storage uploads of a service's photos: generateSignature -> PUT -> register. */

export const signatureInput = z.object({
  folder: z
    .string()
    .trim()
    .max(120)
    .regex(/^(user_assets|services\/[A-Za-z0-9_-]{1,64})$/, "Use user_assets or services/{serviceId}.")
    .default(DEFAULT_UPLOAD_FOLDER),
});

export const incomingPrefix = (ownerId: string, folder: string) => `u/incoming/${ownerId}/${folder}/`;

/** POST /generateSignature: a signed upload of one object (for a service's photos: its vendor or an admin). */
export async function generateUploadSignature(ctx: DomainContext, input: unknown): Promise<UploadTicket> {
  const actor = requireSignedIn(ctx.actor);
  const { folder } = parseInput(signatureInput, input ?? {}, MEDIA_MESSAGES.signatureFailed);
  if (folder.startsWith("services/")) await manageableService(ctx, folder.slice("services/".length));
  if (!ctx.uploads) throw new Error("direct uploads are not configured");
  const key = `${incomingPrefix(actor.id, folder)}${randomHex(16)}`;
  return ctx.uploads.sign({ ownerId: actor.id, folder, key, expiresAt: ctx.now + TICKET_SECONDS * 1000 }, ctx.request.origin, ctx.now);
}

/**
 * PUT /direct-upload/{token} (the Worker's stand-in for a presigned URL): stores the bytes at the
 * token's key when the token is genuine, unexpired and the caller is the account it was made for.
 */
export async function receiveDirectUpload(ctx: DomainContext, token: string, body: ReadableStream<Uint8Array> | null): Promise<{ key: string }> {
  const actor = requireSignedIn(ctx.actor);
  const claims = ctx.uploads ? await ctx.uploads.verify(token, ctx.now) : null;
  if (!claims || claims.ownerId !== actor.id) throw new Forbidden(m.api_e_this_upload_link_is_not_valid_or());
  const bytes = await readStreamCapped(body, PHOTO_MAX_BYTES);
  if (!bytes) throw new Invalid(m.api_e_photo_larger_than({ size: String(PHOTO_MAX_BYTES / 1024 / 1024) }), { file: m.api_e_choose_a_smaller_photo() });
  const type = imageTypeOf(bytes);
  if (!type) throw new Invalid(m.api_e_only_photos_can_be_uploaded(), { file: m.api_e_this_is_not_a_jpeg_png_web_p() });
  // The size its header declares is checked now (the register step decodes it; an original is never served).
  try {
    checkedSize(bytes, type);
  } catch (e) {
    if (!(e instanceof ImageUnreadable)) throw e;
    throw new Invalid(e.message, { file: e.message });
  }
  await ctx.media.put(claims.key, bytes, { httpMetadata: { contentType: type.mime } });
  return { key: claims.key };
}

export const registerInput = z.object({
  files: z
    .array(z.object({ key: z.string().min(1).max(512), name: z.string().trim().max(255).default("") }))
    .max(SERVICE_PHOTOS_MAX, { error: () => m.api_v_register_at_most_photos_at_once({ max: SERVICE_PHOTOS_MAX }) })
    .default([]),
});

/**
 * After direct uploads: turns the uploaded originals (under the caller's own incoming prefix for
 * this service) into the service's photos, exactly as POST /upload does, and removes the originals.
 */
export async function registerDirectUploads(ctx: DomainContext, serviceId: string, input: unknown): Promise<UploadResult> {
  const service = await manageableService(ctx, serviceId);
  const actor = requireSignedIn(ctx.actor);
  const { files } = parseInput(registerInput, input, MEDIA_MESSAGES.noFiles);
  const prefix = incomingPrefix(actor.id, `services/${service.id}`);
  const originals: string[] = [];
  const incoming: Incoming[] = files.map(({ key, name }) => ({
    name: name || key.split("/").pop() || "photo",
    bytes: async () => {
      if (!key.startsWith(prefix) || key.includes("..")) throw new Invalid(m.api_e_this_upload_does_not_belong_to_this());
      const object = await ctx.media.get(key);
      if (!object) throw new Invalid(m.api_e_the_uploaded_file_was_not_found_upload());
      originals.push(key);
      if (object.size > PHOTO_MAX_BYTES) throw new Invalid(m.api_e_file_larger_than({ size: String(PHOTO_MAX_BYTES / 1024 / 1024) }));
      return new Uint8Array(await object.arrayBuffer());
    },
  }));
  try {
    return await addPhotos(ctx, service, incoming);
  } finally {
    if (originals.length) await ctx.media.delete(originals).catch((e: unknown) => log.error("removing uploaded originals failed", {}, e));
  }
}
