import { z } from "zod";
import { WISHLIST } from "#shared/strings.ts";
import { type DomainContext, NotFound, ACCESS, requireRole, requireSignedIn, type Actor, parseInput } from "../core/index.ts";
import { SUMMARY_COLUMNS, toSummary, type ServiceSummary, type SummaryRow } from "./service-summaries.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The couple's wishlist (the spec's "favorites": its routes and API paths keep that word) and
 * cart. Both are toggles on a service, kept per account; services.wishlist_count follows the
 * wishlist in the same batch. Couples (and admins) only: a vendor has neither.
 */
function requireShopper(actor: Actor | null, what: "wishlist" | "cart"): Actor {
  requireSignedIn(actor, what === "wishlist" ? m.api_wishlist_sign_in() : m.api_cart_sign_in());
  return requireRole(actor, ACCESS.shopper, what === "wishlist" ? m.couple_wishlist_couples_only() : m.api_cart_couples_only());
}

async function requireActiveService(ctx: DomainContext, serviceId: string) {
  const row = await ctx.db.prepare("SELECT id FROM services WHERE id = ? AND status = 'active'").bind(serviceId).first();
  if (!row) throw new NotFound(m.api_e_we_could_not_find_that_service());
}

/** The answer to a wishlist toggle; `favorited` is the spec's wire name. */
export type WishlistToggle = { success: true; message: string; favorited: boolean };

export async function toggleWishlistItem(ctx: DomainContext, serviceId: string): Promise<WishlistToggle> {
  const me = requireShopper(ctx.actor, "wishlist");
  const d1 = ctx.db;
  // Removing works even after the service was archived; adding needs an active service.
  // One batch: uncount and delete an existing item; nothing deleted means it was not one.
  const [, deleted] = await d1.batch([
    d1
      .prepare(
        "UPDATE services SET wishlist_count = max(0, wishlist_count - 1) WHERE id = ?1 AND EXISTS (SELECT 1 FROM wishlist_items WHERE user_id = ?2 AND service_id = ?1)",
      )
      .bind(serviceId, me.id),
    d1.prepare("DELETE FROM wishlist_items WHERE user_id = ? AND service_id = ? RETURNING service_id").bind(me.id, serviceId),
  ]);
  if (deleted?.results.length) return { success: true, message: WISHLIST.removed, favorited: false };
  await requireActiveService(ctx, serviceId);
  await addToWishlist(ctx, me.id, [serviceId]);
  return { success: true, message: WISHLIST.added, favorited: true };
}

/** Inserts wishlist items that are not there yet and counts only those on the services. */
async function addToWishlist(ctx: DomainContext, userId: string, serviceIds: readonly string[]) {
  const d1 = ctx.db;
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
      .bind(id, userId, ctx.now),
  ]);
  if (statements.length) await d1.batch(statements);
}

export const mergeWishlistInput = z.object({
  ids: z.array(z.string().min(1).max(64)).max(200, { error: () => m.api_v_at_most_200_favourites_can_be_merged() }),
});

/** A visitor's wishlist (kept in the browser) joins the account at login; unknown ids are skipped. */
export async function mergeWishlist(ctx: DomainContext, input: unknown): Promise<string[]> {
  const me = requireShopper(ctx.actor, "wishlist");
  const { ids } = parseInput(mergeWishlistInput, input);
  await addToWishlist(ctx, me.id, [...new Set(ids)]);
  return wishlistIdsOf(ctx, me);
}

async function wishlistIdsOf(ctx: DomainContext, actor: Actor): Promise<string[]> {
  const { results } = await ctx.db
    .prepare("SELECT service_id FROM wishlist_items WHERE user_id = ? ORDER BY created_at DESC")
    .bind(actor.id)
    .all<{ service_id: string }>();
  return results.map((r) => r.service_id);
}

/** The service ids on the couple's wishlist, newest first. */
export async function wishlistIds(ctx: DomainContext): Promise<string[]> {
  return wishlistIdsOf(ctx, requireShopper(ctx.actor, "wishlist"));
}

/** The couple's wishlist as cards, newest first (archived listings included, so they can be removed). */
export async function wishlistServices(ctx: DomainContext): Promise<ServiceSummary[]> {
  const me = requireShopper(ctx.actor, "wishlist");
  const { results } = await ctx.db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM wishlist_items w JOIN services s ON s.id = w.service_id JOIN vendors v ON v.user_id = s.vendor_id
       WHERE w.user_id = ? ORDER BY w.created_at DESC LIMIT 500`,
    )
    .bind(me.id)
    .all<SummaryRow>();
  return results.map(toSummary);
}

export async function isInWishlist(ctx: DomainContext, serviceId: string): Promise<boolean> {
  if (!ctx.actor) return false;
  return Boolean(await ctx.db.prepare("SELECT 1 FROM wishlist_items WHERE user_id = ? AND service_id = ?").bind(ctx.actor.id, serviceId).first());
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

export async function readCart(ctx: DomainContext): Promise<CartItem[]> {
  const me = requireShopper(ctx.actor, "cart");
  const { results } = await ctx.db
    .prepare(
      `SELECT s.id, s.service_name, s.service_type, s.service_category, s.state, s.city, s.min_price, s.service_unit, v.business_name AS vendor_name, c.created_at AS added_at
       FROM cart_items c JOIN services s ON s.id = c.service_id JOIN vendors v ON v.user_id = s.vendor_id
       WHERE c.user_id = ? AND s.status = 'active' ORDER BY c.created_at DESC`,
    )
    .bind(me.id)
    .all<CartItem>();
  return results;
}

export const CART_MESSAGES = {
  get added() {
    return m.api_cart_added();
  },
  get removed() {
    return m.api_cart_removed();
  },
  get cleared() {
    return m.api_cart_cleared();
  },
};

export async function toggleCartItem(ctx: DomainContext, serviceId: string): Promise<{ inCart: boolean; message: string }> {
  const me = requireShopper(ctx.actor, "cart");
  const removed = await ctx.db.prepare("DELETE FROM cart_items WHERE user_id = ? AND service_id = ? RETURNING service_id").bind(me.id, serviceId).first();
  if (removed) return { inCart: false, message: CART_MESSAGES.removed };
  await requireActiveService(ctx, serviceId);
  await ctx.db
    .prepare("INSERT INTO cart_items (user_id, service_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
    .bind(me.id, serviceId, ctx.now)
    .run();
  return { inCart: true, message: CART_MESSAGES.added };
}

export async function clearCart(ctx: DomainContext): Promise<void> {
  const me = requireShopper(ctx.actor, "cart");
  await ctx.db.prepare("DELETE FROM cart_items WHERE user_id = ?").bind(me.id).run();
}

export async function isInCart(ctx: DomainContext, serviceId: string): Promise<boolean> {
  if (!ctx.actor) return false;
  return Boolean(await ctx.db.prepare("SELECT 1 FROM cart_items WHERE user_id = ? AND service_id = ?").bind(ctx.actor.id, serviceId).first());
}
