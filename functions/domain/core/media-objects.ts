import type { DomainContext } from "./context.ts";
import { log } from "#platform/log.ts";

/**
 * Removing stored objects (R2) whose rows are gone. No image code here: the service and account
 * deletions import it, and modules the pages' client code reaches (vendor-settings.ts) stay light.
 */

/**
 * Removes every stored object of a service's photos (u/services/{serviceId}/): for whoever erases a
 * service, after its rows are gone (service_media rows go with the service, ON DELETE CASCADE;
 * their objects do not). Demo photos (seed/) are shared and stay.
 */
export async function removeServiceObjects(ctx: Pick<DomainContext, "media">, serviceId: string): Promise<number> {
  return removeObjectsUnder(ctx, `u/services/${serviceId}/`);
}

/**
 * Removes what an account stored under its own id: a vendor's logos (u/logos/{id}/), the profile
 * photo (u/profiles/{id}/), a couple's invitation card pictures (u/cards/{id}/) and photos uploaded
 * in the card editor (u/assets/{id}/), and direct uploads never registered (u/incoming/{id}/). For
 * whoever deletes the account, after its rows are gone; its services' photos go by
 * removeServiceObjects, review photos by reviewPhotoKeys + removeStoredObjects.
 */
export async function removeAccountObjects(ctx: Pick<DomainContext, "media">, userId: string): Promise<number> {
  let removed = 0;
  for (const folder of ["logos", "profiles", "cards", "assets", "incoming"]) removed += await removeObjectsUnder(ctx, `u/${folder}/${userId}/`);
  return removed;
}

/**
 * The stored photos (u/reviews/...) of the reviews a couple wrote (`by: "couple"`) or of the reviews
 * on a vendor's services (`by: "vendor"`): read before the account's rows go (the reviews go with
 * them by the foreign keys), removed after.
 */
export async function reviewPhotoKeys(ctx: Pick<DomainContext, "db">, by: "couple" | "vendor", id: string): Promise<string[]> {
  const sql =
    by === "couple"
      ? "SELECT photo_keys FROM reviews WHERE user_id = ? AND photo_keys <> '[]'"
      : "SELECT r.photo_keys FROM reviews r JOIN services s ON s.id = r.service_id WHERE s.vendor_id = ? AND r.photo_keys <> '[]'";
  const rows = await ctx.db.prepare(sql).bind(id).all<{ photo_keys: string | null }>();
  return rows.results.flatMap((r) => {
    try {
      const keys: unknown = JSON.parse(r.photo_keys ?? "[]");
      return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === "string" && k.startsWith("u/reviews/")) : [];
    } catch {
      return [];
    }
  });
}

/** Removes the app's own uploads (u/...) among `keys`, in pages of the bucket's batch size; demo objects stay. */
export async function removeStoredObjects(ctx: Pick<DomainContext, "media">, keys: readonly string[]): Promise<number> {
  const own = keys.filter((k) => k.startsWith("u/"));
  for (let i = 0; i < own.length; i += 1000) await ctx.media.delete(own.slice(i, i + 1000));
  return own.length;
}

/**
 * Removes one object the app uploaded (u/...) after the row that named it was changed or deleted;
 * a failure is logged, not thrown (the row's change stands). Demo objects (seed/...) are shared and stay.
 */
export async function removeUploadedObject(ctx: Pick<DomainContext, "media">, key: string | null | undefined): Promise<void> {
  if (key?.startsWith("u/")) await ctx.media.delete(key).catch((e: unknown) => log.error("removing a stored object failed", { key }, e));
}

async function removeObjectsUnder(ctx: Pick<DomainContext, "media">, prefix: string): Promise<number> {
  let removed = 0;
  let cursor: string | undefined;
  do {
    const page = await ctx.media.list({ prefix, cursor });
    if (page.objects.length) await ctx.media.delete(page.objects.map((o) => o.key));
    removed += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}
