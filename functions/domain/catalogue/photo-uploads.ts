import { PHOTO_MAX_BYTES, SERVICE_PHOTOS_MAX, MEDIA_MESSAGES } from "#shared/service-media.ts";
import { type StoredPhoto, storePhoto } from "#platform/images.ts";
import { imageTypeOf } from "#platform/uploads.ts";
import { type DomainContext, Invalid, newId } from "../core/index.ts";
import {
  pipelineOf,
  type ServiceRow,
  type UploadResult,
  type FailedFile,
  reasonOf,
  removeObjects,
  MediaSaveFailed,
  servicePhotos,
  manageableService,
} from "./photo-records.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Uploading a service's photos: each file checked, resized and stored, then all rows written in
 * one batch (what was stored is removed when the write fails), within the plan's photo count.
 */

/** Checks and resizes one file and stores its variants; throws Invalid/ImageUnreadable with the reason. */
async function storeOne(ctx: DomainContext, folder: string, name: string, bytes: Uint8Array<ArrayBuffer>): Promise<StoredPhoto> {
  if (bytes.byteLength === 0) throw new Invalid(m.api_e_named_file_empty({ name }));
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new Invalid(m.api_e_named_file_larger_than({ name, size: String(PHOTO_MAX_BYTES / 1024 / 1024) }));
  const type = imageTypeOf(bytes);
  if (!type) throw new Invalid(m.api_e_named_file_not_image({ name }));
  const processed = await pipelineOf(ctx).photo(bytes, type);
  return storePhoto(ctx.media, folder, processed);
}

/** The 400 for more photos than the service has room for, naming the field. */
export function tooManyPhotos(count: number): Invalid {
  const room = Math.max(0, SERVICE_PHOTOS_MAX - count);
  return new Invalid(m.api_e_too_many_service_photos({ max: SERVICE_PHOTOS_MAX }), {
    files: m.api_e_service_photos_room({ count, room }),
  });
}

/** How many photos the service has, and how many more it takes (an upload's body is read only that far). */
export async function photoRoom(ctx: DomainContext, serviceId: string): Promise<{ count: number; room: number }> {
  const row = await ctx.db.prepare("SELECT COUNT(*) AS count FROM service_media WHERE service_id = ?").bind(serviceId).first<{ count: number }>();
  const count = row?.count ?? 0;
  return { count, room: Math.max(0, SERVICE_PHOTOS_MAX - count) };
}

export type Incoming = { name: string; bytes: () => Promise<Uint8Array<ArrayBuffer>> };

/**
 * Stores each incoming photo (failures collected per file), then writes every stored photo in one
 * batch. The count cap is rechecked by each INSERT (two uploads racing cannot pass 30 together):
 * a row the cap refused has its objects removed and is reported as failed. If the batch fails,
 * every object stored here is removed and the answer is "Failed to save images to DB".
 */
export async function addPhotos(ctx: DomainContext, service: ServiceRow, incoming: readonly Incoming[]): Promise<UploadResult> {
  if (!incoming.length) throw new Invalid(MEDIA_MESSAGES.noFiles, { files: m.api_e_choose_at_least_one_photo() });
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
    log.error("saving photos failed", {}, e);
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
      failed.push({ file: s.name, message: MEDIA_MESSAGES.failedFor(s.name), reason: m.api_e_service_has_max_photos({ max: SERVICE_PHOTOS_MAX }) });
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
