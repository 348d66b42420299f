/** Closing the signed-in account (a vendor's by the vendor rules in vendor-settings.ts). */
import {
  type DomainContext,
  Conflict,
  ACCESS,
  removeAccountObjects,
  removeStoredObjects,
  requireRole,
  requireSignedIn,
  reviewPhotoKeys,
} from "../core/index.ts";
import { log } from "#platform/log.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";
import { deleteVendorAccount } from "./vendor-settings.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Deletes the signed-in account and everything that belongs to it (foreign keys cascade), then,
 * after the answer, the files it stored: profile photo, invitation card pictures, photos uploaded
 * in the card editor, review photos and unfinished uploads, and the store of their wedding's guest
 * list if it moved there (a storage failure leaves orphans, logged). A vendor's goes through deleteVendorAccount (functions/domain/accounts/vendor-settings.ts).
 * `vendorOnly`: the vendors' door (DELETE /vendors/delete) deletes vendor accounts only.
 */
export async function deleteAccount(ctx: DomainContext, { vendorOnly = false }: { vendorOnly?: boolean } = {}): Promise<{ message: string }> {
  const actor = vendorOnly ? requireRole(ctx.actor, ACCESS.vendor, m.api_d_only_vendor_delete_here()) : requireSignedIn(ctx.actor);
  // A vendor account closes by the vendor rules, whichever door asks (bookings, enquiries, notices).
  if (actor.role === "VENDOR") return { message: (await deleteVendorAccount(ctx)).message };
  // The review rows go with the account: their photos' keys are read first.
  const reviewPhotos = await reviewPhotoKeys(ctx, "couple", actor.id);
  // Their wedding's guest list, if it moved to its own store (decision 0066): D1's rows cascade, the store is emptied after the answer.
  const stored = await ctx.db.prepare("SELECT id FROM weddings WHERE couple_user_id = ? AND stored_at IS NOT NULL").bind(actor.id).first<{ id: string }>();
  const result = await ctx.db
    .prepare("DELETE FROM users WHERE id = ?1 AND (role <> 'SUPER_ADMIN' OR (SELECT count(*) FROM users WHERE role = 'SUPER_ADMIN') > 1)")
    .bind(actor.id)
    .run();
  if (!result.meta.changes) throw new Conflict(ACCOUNT_MESSAGES.lastSuperAdmin);
  ctx.defer(
    (async () => {
      await removeStoredObjects(ctx, reviewPhotos);
      await removeAccountObjects(ctx, actor.id);
      if (stored) await ctx.stores?.drop(stored.id);
    })().catch((e: unknown) => log.error("removing a deleted account's files failed", { userId: actor.id }, e)),
  );
  return { message: ACCOUNT_MESSAGES.accountDeleted };
}
