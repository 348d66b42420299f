import { z } from "zod";
import { mediaUrl } from "#shared/media.ts";
import { ALT_MAX, DEFAULT_UPLOAD_FOLDER, MEDIA_MESSAGES, PHOTO_MAX_BYTES, SERVICE_PHOTOS_MAX } from "#shared/service-media.ts";
import { checkedSize, ImageUnreadable, storePhoto, storeSquare, wasmPipeline, type ImagePipeline, type StoredPhoto } from "#platform/images.ts";
import { TICKET_SECONDS, type UploadTicket } from "#platform/direct-uploads.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { readStreamCapped } from "#platform/request-body.ts";
import { type DomainContext, Forbidden, Invalid, NotFound, newId, ACCESS, requireRole, requireSignedIn, parseInput } from "../core/index.ts";

/**
 * A service's photos: upload (several files, each resized to a card and a full WebP), delete,
 * reorder, cover and alt text, and the direct-to-storage flow (sign, upload, register). The owning
 * vendor or an admin only; another vendor's service is "not found" and nothing is stored. Pages
 * and the API call these same functions.
 */

/** The database write after the objects were stored failed; what was stored has been removed. Answered 500 with the spec's message. */
export class MediaSaveFailed extends Error {
  constructor() {
    super(MEDIA_MESSAGES.dbFailed);
  }
}

export type ServicePhoto = {
  id: string;
  /** Full-size variant (gallery), with its size. */
  url: string;
  width: number | null;
  height: number | null;
  /** Card-size variant (list cards), with its size (the full one for demo photos). */
  cardUrl: string;
  cardWidth: number | null;
  cardHeight: number | null;
  key: string;
  cardKey: string;
  alt: string | null;
  position: number;
  isCover: boolean;
};

export type FailedFile = { file: string; message: string; reason: string };
export type UploadResult = { message: string; media: ServicePhoto[]; failed: FailedFile[] };

type ServiceRow = { id: string; vendor_id: string; service_name: string; cover_key: string | null };
type MediaRow = {
  id: string;
  key: string;
  card_key: string | null;
  width: number | null;
  height: number | null;
  card_width: number | null;
  card_height: number | null;
  alt: string | null;
  position: number;
};

const MEDIA_COLUMNS = "id, key, card_key, width, height, card_width, card_height, alt, position";
const NOT_FOUND = "We could not find that service.";
const PHOTO_NOT_FOUND = "We could not find that photo.";

const pipelineOf = (ctx: DomainContext): ImagePipeline => ctx.images ?? wasmPipeline;

function toPhoto(row: MediaRow, coverKey: string | null): ServicePhoto {
  const cardKey = row.card_key ?? row.key;
  return {
    id: row.id,
    url: mediaUrl(row.key),
    width: row.width,
    height: row.height,
    cardUrl: mediaUrl(cardKey),
    cardWidth: row.card_key ? row.card_width : row.width,
    cardHeight: row.card_key ? row.card_height : row.height,
    key: row.key,
    cardKey,
    alt: row.alt,
    position: row.position,
    isCover: coverKey !== null && (coverKey === cardKey || coverKey === row.key),
  };
}

/** The service if the actor may manage its media: its vendor, or an admin. Anyone else: 404 (its existence does not leak). */
export async function manageableService(ctx: DomainContext, serviceId: string): Promise<ServiceRow> {
  const actor = requireRole(ctx.actor, ACCESS.vendorOrAdmin, "Only the service's vendor can manage its photos.");
  const row = await ctx.db.prepare("SELECT id, vendor_id, service_name, cover_key FROM services WHERE id = ?").bind(serviceId).first<ServiceRow>();
  if (!row || (actor.role === "VENDOR" && row.vendor_id !== actor.id)) throw new NotFound(NOT_FOUND);
  return row;
}

async function mediaRows(ctx: DomainContext, serviceId: string): Promise<MediaRow[]> {
  const { results } = await ctx.db
    .prepare(`SELECT ${MEDIA_COLUMNS} FROM service_media WHERE service_id = ? AND kind = 'image' ORDER BY position, created_at, id`)
    .bind(serviceId)
    .all<MediaRow>();
  return results;
}

/** The service's photos in order, for its vendor's page. */
export async function servicePhotos(ctx: DomainContext, serviceId: string): Promise<{ service: { id: string; name: string }; photos: ServicePhoto[] }> {
  const service = await manageableService(ctx, serviceId);
  const rows = await mediaRows(ctx, serviceId);
  return { service: { id: service.id, name: service.service_name }, photos: rows.map((r) => toPhoto(r, service.cover_key)) };
}

/** Why one file could not be stored, in words for its owner. */
function reasonOf(error: unknown): string {
  if (error instanceof Invalid || error instanceof ImageUnreadable) return error.message;
  console.error("photo processing failed", error);
  return "It could not be processed.";
}

/** Checks and resizes one file and stores its variants; throws Invalid/ImageUnreadable with the reason. */
async function storeOne(ctx: DomainContext, folder: string, name: string, bytes: Uint8Array<ArrayBuffer>): Promise<StoredPhoto> {
  if (bytes.byteLength === 0) throw new Invalid(`${name} is empty.`);
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new Invalid(`${name} is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`);
  const type = imageTypeOf(bytes);
  if (!type) throw new Invalid(`${name} is not a JPEG, PNG, WebP, AVIF or GIF image.`);
  const processed = await pipelineOf(ctx).photo(bytes, type);
  return storePhoto(ctx.media, folder, processed);
}

async function removeObjects(ctx: DomainContext, keys: readonly string[]): Promise<void> {
  const ours = keys.filter((k) => k.startsWith("u/"));
  if (ours.length) await ctx.media.delete([...new Set(ours)]).catch((e: unknown) => console.error("media cleanup failed", e));
}

/** The 400 for more photos than the service has room for, naming the field. */
export function tooManyPhotos(count: number): Invalid {
  const room = Math.max(0, SERVICE_PHOTOS_MAX - count);
  return new Invalid(`Too many photos: a service can have at most ${SERVICE_PHOTOS_MAX}.`, {
    files: `This service has ${count} photos; you can add ${room} more.`,
  });
}

/** How many photos the service has, and how many more it takes (an upload's body is read only that far). */
export async function photoRoom(ctx: DomainContext, serviceId: string): Promise<{ count: number; room: number }> {
  const row = await ctx.db.prepare("SELECT COUNT(*) AS count FROM service_media WHERE service_id = ?").bind(serviceId).first<{ count: number }>();
  const count = row?.count ?? 0;
  return { count, room: Math.max(0, SERVICE_PHOTOS_MAX - count) };
}

type Incoming = { name: string; bytes: () => Promise<Uint8Array<ArrayBuffer>> };

/**
 * Stores each incoming photo (failures collected per file), then writes every stored photo in one
 * batch. The count cap is rechecked by each INSERT (two uploads racing cannot pass 30 together):
 * a row the cap refused has its objects removed and is reported as failed. If the batch fails,
 * every object stored here is removed and the answer is "Failed to save images to DB".
 */
async function addPhotos(ctx: DomainContext, service: ServiceRow, incoming: readonly Incoming[]): Promise<UploadResult> {
  if (!incoming.length) throw new Invalid(MEDIA_MESSAGES.noFiles, { files: "Choose at least one photo." });
  const { count } = await photoRoom(ctx, service.id);
  if (count + incoming.length > SERVICE_PHOTOS_MAX) throw tooManyPhotos(count);
  const failed: FailedFile[] = [];
  const stored: { name: string; photo: StoredPhoto }[] = [];
  for (const file of incoming) {
    const name = file.name || "photo";
    try {
      stored.push({ name, photo: await storeOne(ctx, `services/${service.id}`, name, await file.bytes()) });
    } catch (e) {
      failed.push({ file: name, message: MEDIA_MESSAGES.failedFor(name), reason: reasonOf(e) });
    }
  }
  if (!stored.length) throw new Invalid(MEDIA_MESSAGES.allFailed, { files: failed.map((f) => `${f.message}: ${f.reason}`).join(" ") });

  const d1 = ctx.db;
  const ids = stored.map(() => newId(ctx.now));
  let inserted: boolean[];
  try {
    const results = await d1.batch([
      ...stored.map(({ photo }, i) =>
        d1
          .prepare(
            `INSERT INTO service_media (id, service_id, key, card_key, kind, width, height, card_width, card_height, position, created_at)
             SELECT ?, ?, ?, ?, 'image', ?, ?, ?, ?, (SELECT COALESCE(MAX(position), -1) + 1 FROM service_media WHERE service_id = ?), ?
             WHERE (SELECT COUNT(*) FROM service_media WHERE service_id = ?) < ?`,
          )
          .bind(
            ids[i],
            service.id,
            photo.fullKey,
            photo.cardKey,
            photo.full.width,
            photo.full.height,
            photo.card.width,
            photo.card.height,
            service.id,
            ctx.now,
            service.id,
            SERVICE_PHOTOS_MAX,
          ),
      ),
      // The first photo of a service without a cover becomes its cover (the card on browse).
      d1
        .prepare(
          "UPDATE services SET cover_key = (SELECT COALESCE(card_key, key) FROM service_media WHERE service_id = ?1 ORDER BY position LIMIT 1), updated_at = ?2 WHERE id = ?1 AND cover_key IS NULL",
        )
        .bind(service.id, ctx.now),
    ]);
    inserted = stored.map((_, i) => (results[i]?.meta.changes ?? 0) > 0);
  } catch (e) {
    console.error("saving photos failed", e);
    await removeObjects(
      ctx,
      stored.flatMap((s) => s.photo.keys),
    );
    throw new MediaSaveFailed();
  }
  const refused = stored.filter((_, i) => !inserted[i]);
  if (refused.length) {
    await removeObjects(
      ctx,
      refused.flatMap((s) => s.photo.keys),
    );
    for (const s of refused)
      failed.push({ file: s.name, message: MEDIA_MESSAGES.failedFor(s.name), reason: `The service already has ${SERVICE_PHOTOS_MAX} photos.` });
  }
  const added = new Set(ids.filter((_, i) => inserted[i]));
  if (!added.size) throw new Invalid(MEDIA_MESSAGES.allFailed, { files: failed.map((f) => `${f.message}: ${f.reason}`).join(" ") });
  const now = await servicePhotos(ctx, service.id);
  const media = now.photos.filter((p) => added.has(p.id));
  const uploaded = `${media.length} photo${media.length === 1 ? "" : "s"} uploaded.`;
  return { message: failed.length ? `${uploaded} ${failed.map((f) => f.message).join(". ")}.` : uploaded, media, failed };
}

/** POST /upload/{serviceId}: several files to a service. */
export async function uploadServicePhotos(ctx: DomainContext, serviceId: string, files: readonly File[]): Promise<UploadResult> {
  const service = await manageableService(ctx, serviceId);
  return addPhotos(
    ctx,
    service,
    files.map((f) => ({ name: f.name, bytes: async () => new Uint8Array(await f.arrayBuffer()) })),
  );
}

/** A photo of this service by its id or one of its keys (the spec's publicId); 404 otherwise. */
async function photoOf(ctx: DomainContext, serviceId: string, publicId: string): Promise<MediaRow> {
  const row = await ctx.db
    .prepare(`SELECT ${MEDIA_COLUMNS} FROM service_media WHERE service_id = ? AND kind = 'image' AND (id = ? OR key = ? OR card_key = ?)`)
    .bind(serviceId, publicId, publicId, publicId)
    .first<MediaRow>();
  if (!row) throw new NotFound(PHOTO_NOT_FOUND);
  return row;
}

export const publicIdInput = z.object({ publicId: z.string().trim().min(1, "Say which photo (publicId).").max(1024) });

/** POST /delete/{serviceId}: removes one photo; the cover moves to the first remaining photo. Stored objects go after the row. */
export async function deleteServicePhoto(ctx: DomainContext, serviceId: string, input: unknown): Promise<{ message: string }> {
  const service = await manageableService(ctx, serviceId);
  const { publicId } = parseInput(publicIdInput, input, "Say which photo to delete.");
  const photo = await photoOf(ctx, service.id, publicId);
  const cardKey = photo.card_key ?? photo.key;
  await ctx.db.batch([
    ctx.db.prepare("DELETE FROM service_media WHERE id = ? AND service_id = ?").bind(photo.id, service.id),
    ctx.db
      .prepare(
        "UPDATE services SET cover_key = (SELECT COALESCE(card_key, key) FROM service_media WHERE service_id = ?1 AND kind = 'image' ORDER BY position LIMIT 1), updated_at = ?2 WHERE id = ?1 AND cover_key IN (?3, ?4)",
      )
      .bind(service.id, ctx.now, photo.key, cardKey),
  ]);
  // Demo photos (seed/) are shared and stay; uploaded objects belong to this row alone.
  await removeObjects(ctx, [photo.key, cardKey]);
  return { message: "Photo deleted." };
}

export const orderInput = z.object({ ids: z.array(z.string().min(1).max(64)).min(1, "List the photos in their new order.").max(SERVICE_PHOTOS_MAX) });

/** New order of all the service's photos: exactly its photo ids, each once. */
export async function reorderServicePhotos(ctx: DomainContext, serviceId: string, input: unknown): Promise<{ message: string; photos: ServicePhoto[] }> {
  const service = await manageableService(ctx, serviceId);
  const { ids } = parseInput(orderInput, input, "The new order could not be read.");
  const rows = await mediaRows(ctx, service.id);
  const known = new Set(rows.map((r) => r.id));
  if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
    throw new Invalid("The new order must list each of this service's photos once.", { ids: "List each photo of this service exactly once." });
  await ctx.db.batch(
    ids.map((id, position) => ctx.db.prepare("UPDATE service_media SET position = ? WHERE id = ? AND service_id = ?").bind(position, id, service.id)),
  );
  return { message: "Photo order saved.", photos: (await servicePhotos(ctx, service.id)).photos };
}

/** Moves one photo a place earlier or later (the pages' buttons without JavaScript). */
export async function moveServicePhoto(ctx: DomainContext, serviceId: string, mediaId: string, direction: "up" | "down"): Promise<{ message: string }> {
  const service = await manageableService(ctx, serviceId);
  const ids = (await mediaRows(ctx, service.id)).map((r) => r.id);
  const at = ids.indexOf(mediaId);
  if (at === -1) throw new NotFound(PHOTO_NOT_FOUND);
  const to = direction === "up" ? at - 1 : at + 1;
  if (to >= 0 && to < ids.length) [ids[at], ids[to]] = [ids[to]!, ids[at]!];
  await reorderServicePhotos(ctx, serviceId, { ids });
  return { message: "Photo order saved." };
}

export const coverInput = z.object({ mediaId: z.string().trim().min(1, "Say which photo is the cover.").max(1024) });

/** The service's cover (its card on browse and search): one of its own photos. */
export async function setServiceCover(ctx: DomainContext, serviceId: string, input: unknown): Promise<{ message: string }> {
  const service = await manageableService(ctx, serviceId);
  const { mediaId } = parseInput(coverInput, input, "Say which photo is the cover.");
  const photo = await photoOf(ctx, service.id, mediaId);
  await ctx.db
    .prepare("UPDATE services SET cover_key = ?, updated_at = ? WHERE id = ?")
    .bind(photo.card_key ?? photo.key, ctx.now, service.id)
    .run();
  return { message: "Cover photo set." };
}

export const altInput = z.object({ alt: z.string().trim().max(ALT_MAX, `Keep the description under ${ALT_MAX} characters.`) });

/** A photo's alt text (what a screen reader says); empty clears it. */
export async function setPhotoAlt(ctx: DomainContext, serviceId: string, mediaId: string, input: unknown): Promise<{ message: string }> {
  const service = await manageableService(ctx, serviceId);
  const { alt } = parseInput(altInput, input, "Please correct the photo description.");
  const photo = await photoOf(ctx, service.id, mediaId);
  await ctx.db
    .prepare("UPDATE service_media SET alt = ? WHERE id = ? AND service_id = ?")
    .bind(alt || null, photo.id, service.id)
    .run();
  return { message: "Photo description saved." };
}

// Removing a service's stored objects (removeServiceObjects) lives in media-objects.ts, which
// pulls in no image code: the service and account deletions import it from there.
export { removeServiceObjects } from "../core/index.ts";

// -------------------------------------------------------------------------------------------------
// Logo and profile photo (POST /upload-single).

export const SINGLE_KINDS = ["logo", "profile"] as const;
export type SingleKind = (typeof SINGLE_KINDS)[number];

/**
 * A vendor's logo (vendors.logo_key; vendors only) or anyone's profile photo (users.profile_photo):
 * a centred square. The previous uploaded image is removed once the new one is saved.
 */
export async function uploadSingleImage(ctx: DomainContext, kind: string, file: File | undefined): Promise<{ message: string; key: string; url: string }> {
  const actor = requireSignedIn(ctx.actor);
  if (!SINGLE_KINDS.includes(kind as SingleKind)) throw new Invalid("Say what the photo is for.", { kind: "Choose logo or profile." });
  if (kind === "logo" && actor.role !== "VENDOR") throw new Forbidden("Only vendors have a business logo.");
  if (!file || file.size === 0) throw new Invalid(MEDIA_MESSAGES.noFiles, { file: "Choose a photo." });
  const name = file.name || "photo";
  let key: string;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength > PHOTO_MAX_BYTES) throw new Invalid(`${name} is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`);
    const type = imageTypeOf(bytes);
    if (!type) throw new Invalid(`${name} is not a JPEG, PNG, WebP, AVIF or GIF image.`);
    key = await storeSquare(ctx.media, kind === "logo" ? `logos/${actor.id}` : `profiles/${actor.id}`, await pipelineOf(ctx).square(bytes, type));
  } catch (e) {
    throw new Invalid(MEDIA_MESSAGES.failedFor(name), { file: reasonOf(e) });
  }
  const table =
    kind === "logo" ? { sql: "SELECT logo_key AS key FROM vendors WHERE user_id = ?" } : { sql: "SELECT profile_photo AS key FROM users WHERE id = ?" };
  const previous = await ctx.db.prepare(table.sql).bind(actor.id).first<{ key: string | null }>();
  try {
    const update =
      kind === "logo"
        ? ctx.db.prepare("UPDATE vendors SET logo_key = ?, updated_at = ? WHERE user_id = ?")
        : ctx.db.prepare("UPDATE users SET profile_photo = ?, updated_at = ? WHERE id = ?");
    // users.profile_photo holds a URL (Google's pictures are URLs; the header shows it as is); vendors.logo_key a key.
    const result = await update.bind(kind === "logo" ? key : mediaUrl(key), ctx.now, actor.id).run();
    if (!result.meta.changes) throw new Error("no row to update");
  } catch (e) {
    console.error("saving the photo failed", e);
    await removeObjects(ctx, [key]);
    throw new MediaSaveFailed();
  }
  const previousKey = previous?.key?.startsWith("/media/") ? decodeURIComponent(previous.key.slice("/media/".length)) : previous?.key;
  if (previousKey && previousKey !== key) await removeObjects(ctx, [previousKey]);
  return { message: kind === "logo" ? "Logo updated." : "Profile photo updated.", key, url: mediaUrl(key) };
}

// -------------------------------------------------------------------------------------------------
// Direct-to-storage uploads: generateSignature -> PUT -> register.

export const signatureInput = z.object({
  folder: z
    .string()
    .trim()
    .max(120)
    .regex(/^(user_assets|services\/[A-Za-z0-9_-]{1,64})$/, "Use user_assets or services/{serviceId}.")
    .default(DEFAULT_UPLOAD_FOLDER),
});

export const incomingPrefix = (ownerId: string, folder: string) => `u/incoming/${ownerId}/${folder}/`;

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

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
  if (!claims || claims.ownerId !== actor.id) throw new Forbidden("This upload link is not valid or has expired. Please try again.");
  const bytes = await readStreamCapped(body, PHOTO_MAX_BYTES);
  if (!bytes) throw new Invalid(`The photo is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`, { file: "Choose a smaller photo." });
  const type = imageTypeOf(bytes);
  if (!type) throw new Invalid("Only photos can be uploaded.", { file: "This is not a JPEG, PNG, WebP, AVIF or GIF image." });
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
    .max(SERVICE_PHOTOS_MAX, `Register at most ${SERVICE_PHOTOS_MAX} photos at once.`)
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
      if (!key.startsWith(prefix) || key.includes("..")) throw new Invalid("This upload does not belong to this service.");
      const object = await ctx.media.get(key);
      if (!object) throw new Invalid("The uploaded file was not found; upload it again.");
      originals.push(key);
      if (object.size > PHOTO_MAX_BYTES) throw new Invalid(`The file is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`);
      return new Uint8Array(await object.arrayBuffer());
    },
  }));
  try {
    return await addPhotos(ctx, service, incoming);
  } finally {
    if (originals.length) await ctx.media.delete(originals).catch((e: unknown) => console.error("removing uploaded originals failed", e));
  }
}
