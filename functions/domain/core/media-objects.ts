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
 * photo (u/profiles/{id}/) and direct uploads never registered (u/incoming/{id}/). For whoever
 * deletes the account, after its rows are gone; its services' photos go by removeServiceObjects.
 */
export async function removeAccountObjects(ctx: Pick<DomainContext, "media">, userId: string): Promise<number> {
  let removed = 0;
  for (const folder of ["logos", "profiles", "incoming"]) removed += await removeObjectsUnder(ctx, `u/${folder}/${userId}/`);
  return removed;
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
