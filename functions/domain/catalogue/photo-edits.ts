import { z } from "zod";
import { SERVICE_PHOTOS_MAX, ALT_MAX } from "#shared/service-media.ts";
import { type DomainContext, parseInput, Invalid, NotFound } from "../core/index.ts";
import { manageableService, photoOf, removeObjects, type ServicePhoto, mediaRows, servicePhotos, PHOTO_NOT_FOUND } from "./photo-records.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Editing a service's photos: delete one, reorder, move one up or down, choose the cover, write a
 * photo's alt text.
 */

export const publicIdInput = z.object({
  publicId: z
    .string()
    .trim()
    .min(1, { error: () => m.api_v_say_which_photo_public_id() })
    .max(1024),
});

/** POST /delete/{serviceId}: removes one photo; the cover moves to the first remaining photo. Stored objects go after the row. */
export async function deleteServicePhoto(ctx: DomainContext, serviceId: string, input: unknown): Promise<{ message: string }> {
  const service = await manageableService(ctx, serviceId);
  const { publicId } = parseInput(publicIdInput, input, m.api_d_which_photo_delete());
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
  return { message: m.api_e_photo_deleted() };
}

export const orderInput = z.object({
  ids: z
    .array(z.string().min(1).max(64))
    .min(1, { error: () => m.api_v_list_the_photos_in_their_new_order() })
    .max(SERVICE_PHOTOS_MAX),
});

/** New order of all the service's photos: exactly its photo ids, each once. */
export async function reorderServicePhotos(ctx: DomainContext, serviceId: string, input: unknown): Promise<{ message: string; photos: ServicePhoto[] }> {
  const service = await manageableService(ctx, serviceId);
  const { ids } = parseInput(orderInput, input, m.api_d_order_unreadable());
  const rows = await mediaRows(ctx, service.id);
  const known = new Set(rows.map((r) => r.id));
  if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
    throw new Invalid(m.api_e_the_new_order_must_list_each_of(), { ids: m.api_e_list_each_photo_of_this_service_exactly() });
  await ctx.db.batch(
    ids.map((id, position) => ctx.db.prepare("UPDATE service_media SET position = ? WHERE id = ? AND service_id = ?").bind(position, id, service.id)),
  );
  return { message: m.api_e_photo_order_saved(), photos: (await servicePhotos(ctx, service.id)).photos };
}

/** Moves one photo a place earlier or later (the pages' buttons without JavaScript). */
export async function moveServicePhoto(ctx: DomainContext, serviceId: string, mediaId: string, direction: "up" | "down"): Promise<{ message: string }> {
  const service = await manageableService(ctx, serviceId);
  const ids = (await mediaRows(ctx, service.id)).map((r) => r.id);
  const at = ids.indexOf(mediaId);
  if (at === -1) throw new NotFound(PHOTO_NOT_FOUND());
  const to = direction === "up" ? at - 1 : at + 1;
  if (to >= 0 && to < ids.length) [ids[at], ids[to]] = [ids[to]!, ids[at]!];
  await reorderServicePhotos(ctx, serviceId, { ids });
  return { message: m.api_e_photo_order_saved() };
}

export const coverInput = z.object({
  mediaId: z
    .string()
    .trim()
    .min(1, { error: () => m.api_v_say_which_photo_is_the_cover() })
    .max(1024),
});

/** The service's cover (its card on browse and search): one of its own photos. */
export async function setServiceCover(ctx: DomainContext, serviceId: string, input: unknown): Promise<{ message: string }> {
  const service = await manageableService(ctx, serviceId);
  const { mediaId } = parseInput(coverInput, input, m.api_v_say_which_photo_is_the_cover());
  const photo = await photoOf(ctx, service.id, mediaId);
  await ctx.db
    .prepare("UPDATE services SET cover_key = ?, updated_at = ? WHERE id = ?")
    .bind(photo.card_key ?? photo.key, ctx.now, service.id)
    .run();
  return { message: m.api_e_cover_photo_set() };
}

export const altInput = z.object({
  alt: z
    .string()
    .trim()
    .max(ALT_MAX, { error: () => m.api_v_description_max({ max: ALT_MAX }) }),
});

/** A photo's alt text (what a screen reader says); empty clears it. */
export async function setPhotoAlt(ctx: DomainContext, serviceId: string, mediaId: string, input: unknown): Promise<{ message: string }> {
  const service = await manageableService(ctx, serviceId);
  const { alt } = parseInput(altInput, input, m.api_d_correct_photo_description());
  const photo = await photoOf(ctx, service.id, mediaId);
  await ctx.db
    .prepare("UPDATE service_media SET alt = ? WHERE id = ? AND service_id = ?")
    .bind(alt || null, photo.id, service.id)
    .run();
  return { message: m.api_e_photo_description_saved() };
}
