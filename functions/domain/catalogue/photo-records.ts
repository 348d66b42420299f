import type { serviceMedia, services } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { mediaUrl } from "#shared/media.ts";
import { MEDIA_MESSAGES } from "#shared/service-media.ts";
import { type ImagePipeline, wasmPipeline, ImageUnreadable } from "#platform/images.ts";
import { type DomainContext, requireRole, ACCESS, NotFound, Invalid } from "../core/index.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * A service's photos: upload (several files, each resized to a card and a full WebP), delete,
 * reorder, cover and alt text, and the direct-to-storage flow (sign, upload, register). The owning
 * vendor or an admin only; another vendor's service is "not found" and nothing is stored. Pages
 * and the API call these same functions.
 *
 * This file holds what the photo jobs share: the shapes, the service as its owner may manage it,
 * the photo rows and how they are shown (photo-uploads.ts, photo-edits.ts, direct-photo-uploads.ts
 * and single-images.ts do the jobs).
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

export type ServiceRow = Row<typeof services, "id" | "vendor_id" | "service_name" | "cover_key">;
type MediaRow = Row<typeof serviceMedia, "id" | "key" | "card_key" | "width" | "height" | "card_width" | "card_height" | "alt" | "position">;

const MEDIA_COLUMNS = "id, key, card_key, width, height, card_width, card_height, alt, position";
const NOT_FOUND = m.api_e_we_could_not_find_that_service;
export const PHOTO_NOT_FOUND = m.api_e_we_could_not_find_that_photo;

export const pipelineOf = (ctx: DomainContext): ImagePipeline => ctx.images ?? wasmPipeline;

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
  const actor = requireRole(ctx.actor, ACCESS.vendorOrAdmin, m.api_media_vendor_only());
  const row = await ctx.db.prepare("SELECT id, vendor_id, service_name, cover_key FROM services WHERE id = ?").bind(serviceId).first<ServiceRow>();
  if (!row || (actor.role === "VENDOR" && row.vendor_id !== actor.id)) throw new NotFound(NOT_FOUND());
  return row;
}

export async function mediaRows(ctx: DomainContext, serviceId: string): Promise<MediaRow[]> {
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
export function reasonOf(error: unknown): string {
  if (error instanceof Invalid || error instanceof ImageUnreadable) return error.message;
  log.error("photo processing failed", {}, error);
  return m.api_image_not_processed();
}

export async function removeObjects(ctx: DomainContext, keys: readonly string[]): Promise<void> {
  const ours = keys.filter((k) => k.startsWith("u/"));
  if (ours.length) await ctx.media.delete([...new Set(ours)]).catch((e: unknown) => log.error("media cleanup failed", {}, e));
}

/** A photo of this service by its id or one of its keys (the spec's publicId); 404 otherwise. */
export async function photoOf(ctx: DomainContext, serviceId: string, publicId: string): Promise<MediaRow> {
  const row = await ctx.db
    .prepare(`SELECT ${MEDIA_COLUMNS} FROM service_media WHERE service_id = ? AND kind = 'image' AND (id = ? OR key = ? OR card_key = ?)`)
    .bind(serviceId, publicId, publicId, publicId)
    .first<MediaRow>();
  if (!row) throw new NotFound(PHOTO_NOT_FOUND());
  return row;
}
