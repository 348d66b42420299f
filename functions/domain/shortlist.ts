import { z } from "zod";
import { FAVORITE } from "#shared/strings.ts";
import { SUMMARY_COLUMNS, toSummary, type ServiceSummary, type SummaryRow } from "./discovery.ts";
import { Forbidden, NotFound, Unauthorized } from "./errors.ts";
import { isAdminRole, type Actor } from "./sessions.ts";
import { parseInput } from "./validation.ts";

/**
 * The couple's shortlist: favourites (wishlist) and the cart. Both are toggles on a service,
 * kept per account; services.wishlist_count follows the favourites in the same batch.
 * Couples (and admins) only: a vendor has no wishlist.
 */
function requireShopper(actor: Actor | null, what: string): Actor {
  if (!actor) throw new Unauthorized(`Please log in to use your ${what}.`);
  if (actor.role !== "USER" && !isAdminRole(actor.role)) throw new Forbidden(`Only couples have a ${what}.`);
  return actor;
}

async function requireActiveService(d1: D1Database, serviceId: string) {
  const row = await d1.prepare("SELECT id FROM services WHERE id = ? AND status = 'active'").bind(serviceId).first();
  if (!row) throw new NotFound("We could not find that service.");
}

export type FavoriteToggle = { success: true; message: string; favorited: boolean };

export async function toggleFavorite(d1: D1Database, actor: Actor | null, serviceId: string, now = Date.now()): Promise<FavoriteToggle> {
  const me = requireShopper(actor, "wishlist");
  // Removing works even after the service was archived; adding needs an active service.
  // One batch: uncount and delete an existing favourite; nothing deleted means it was not one.
  const [, deleted] = await d1.batch([
    d1
      .prepare(
        "UPDATE services SET wishlist_count = max(0, wishlist_count - 1) WHERE id = ?1 AND EXISTS (SELECT 1 FROM wishlist_items WHERE user_id = ?2 AND service_id = ?1)",
      )
      .bind(serviceId, me.id),
    d1.prepare("DELETE FROM wishlist_items WHERE user_id = ? AND service_id = ? RETURNING service_id").bind(me.id, serviceId),
  ]);
  if (deleted?.results.length) return { success: true, message: FAVORITE.removed, favorited: false };
  await requireActiveService(d1, serviceId);
  await addFavorites(d1, me.id, [serviceId], now);
  return { success: true, message: FAVORITE.added, favorited: true };
}

/** Inserts favourites that are not there yet and counts only those on the services. */
async function addFavorites(d1: D1Database, userId: string, serviceIds: readonly string[], now: number) {
  const statements = serviceIds.flatMap((id) => [
    d1
      .prepare(
        `UPDATE services SET wishlist_count = wishlist_count + 1 WHERE id = ?1 AND status = 'active'
           AND NOT EXISTS (SELECT 1 FROM wishlist_items WHERE user_id = ?2 AND service_id = ?1)`,
      )
      .bind(id, userId),
    d1
      .prepare(
        "INSERT INTO wishlist_items (user_id, service_id, created_at) SELECT ?2, id, ?3 FROM services WHERE id = ?1 AND status = 'active' ON CONFLICT DO NOTHING",
      )
      .bind(id, userId, now),
  ]);
  if (statements.length) await d1.batch(statements);
}

export const mergeFavoritesInput = z.object({
  ids: z.array(z.string().min(1).max(64)).max(200, "At most 200 favourites can be merged at once."),
});

/** Visitors' favourites (kept in the browser) join the account at login; unknown ids are skipped. */
export async function mergeFavorites(d1: D1Database, actor: Actor | null, input: unknown, now = Date.now()): Promise<string[]> {
  const me = requireShopper(actor, "wishlist");
  const { ids } = parseInput(mergeFavoritesInput, input);
  await addFavorites(d1, me.id, [...new Set(ids)], now);
  return favoriteIds(d1, me);
}

export async function favoriteIds(d1: D1Database, actor: Actor): Promise<string[]> {
  const { results } = await d1
    .prepare("SELECT service_id FROM wishlist_items WHERE user_id = ? ORDER BY created_at DESC")
    .bind(actor.id)
    .all<{ service_id: string }>();
  return results.map((r) => r.service_id);
}

export async function listFavorites(d1: D1Database, actor: Actor | null): Promise<string[]> {
  return favoriteIds(d1, requireShopper(actor, "wishlist"));
}

/** The couple's wishlist as cards, newest first (archived listings included, so they can be removed). */
export async function shortlistedServices(d1: D1Database, actor: Actor | null): Promise<ServiceSummary[]> {
  const me = requireShopper(actor, "wishlist");
  const { results } = await d1
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM wishlist_items w JOIN services s ON s.id = w.service_id JOIN vendors v ON v.user_id = s.vendor_id
       WHERE w.user_id = ? ORDER BY w.created_at DESC LIMIT 500`,
    )
    .bind(me.id)
    .all<SummaryRow>();
  return results.map(toSummary);
}

export async function isFavorite(d1: D1Database, actor: Actor | null, serviceId: string): Promise<boolean> {
  if (!actor) return false;
  return Boolean(await d1.prepare("SELECT 1 FROM wishlist_items WHERE user_id = ? AND service_id = ?").bind(actor.id, serviceId).first());
}

export type CartItem = {
  id: string;
  service_name: string;
  service_type: string;
  service_category: string;
  state: string;
  city: string;
  min_price: number;
  service_unit: string;
  vendor_name: string;
  added_at: number;
};

export async function readCart(d1: D1Database, actor: Actor | null): Promise<CartItem[]> {
  const me = requireShopper(actor, "cart");
  const { results } = await d1
    .prepare(
      `SELECT s.id, s.service_name, s.service_type, s.service_category, s.state, s.city, s.min_price, s.service_unit, v.business_name AS vendor_name, c.created_at AS added_at
       FROM cart_items c JOIN services s ON s.id = c.service_id JOIN vendors v ON v.user_id = s.vendor_id
       WHERE c.user_id = ? AND s.status = 'active' ORDER BY c.created_at DESC`,
    )
    .bind(me.id)
    .all<CartItem>();
  return results;
}

export const CART_MESSAGES = { added: "Added to your cart.", removed: "Removed from your cart.", cleared: "Your cart is empty now." } as const;

export async function toggleCartItem(d1: D1Database, actor: Actor | null, serviceId: string, now = Date.now()): Promise<{ inCart: boolean; message: string }> {
  const me = requireShopper(actor, "cart");
  const removed = await d1.prepare("DELETE FROM cart_items WHERE user_id = ? AND service_id = ? RETURNING service_id").bind(me.id, serviceId).first();
  if (removed) return { inCart: false, message: CART_MESSAGES.removed };
  await requireActiveService(d1, serviceId);
  await d1.prepare("INSERT INTO cart_items (user_id, service_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").bind(me.id, serviceId, now).run();
  return { inCart: true, message: CART_MESSAGES.added };
}

export async function clearCart(d1: D1Database, actor: Actor | null): Promise<void> {
  const me = requireShopper(actor, "cart");
  await d1.prepare("DELETE FROM cart_items WHERE user_id = ?").bind(me.id).run();
}

export async function isInCart(d1: D1Database, actor: Actor | null, serviceId: string): Promise<boolean> {
  if (!actor) return false;
  return Boolean(await d1.prepare("SELECT 1 FROM cart_items WHERE user_id = ? AND service_id = ?").bind(actor.id, serviceId).first());
}
