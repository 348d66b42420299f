/** Vendors on a function: the couple's candidates (wishlist, enquiries, bookings), linking and unlinking a service. */
import { type DomainContext, NotFound } from "../core/index.ts";
import { activityEntry, openWedding } from "../weddings/index.ts";
import { ownedFunction } from "./wedding-functions.ts";
import { LINK_SELECT, toLinked, type LinkRow, type LinkSource, type LinkedVendor } from "./event-records.ts";
import { m } from "#shared/paraglide/messages.js";

/** The couple's vendors the planner offers to link: wishlist, enquiries and bookings, the strongest source first. */
export type VendorCandidate = LinkedVendor;

const CANDIDATES_SQL = `SELECT s.id AS service_id, s.service_name, s.service_type, v.business_name AS vendor_name,
  CASE WHEN max(c.rank) = 3 THEN 'BOOKING' WHEN max(c.rank) = 2 THEN 'ENQUIRY' ELSE 'WISHLIST' END AS source, max(c.rank) = 3 AS booked
  FROM (
    SELECT service_id, 3 AS rank FROM bookings WHERE user_id = ? AND status != 'CANCELLED'
    UNION ALL SELECT service_id, 2 FROM leads WHERE user_id = ? AND status != 'SPAM'
    UNION ALL SELECT service_id, 1 FROM wishlist_items WHERE user_id = ?
  ) c JOIN services s ON s.id = c.service_id JOIN vendors v ON v.user_id = s.vendor_id
  GROUP BY s.id ORDER BY max(c.rank) DESC, s.service_name LIMIT 300`;

export const candidatesStatement = (ctx: DomainContext, userId: string) => ctx.db.prepare(CANDIDATES_SQL).bind(userId, userId, userId);

export async function vendorCandidates(ctx: DomainContext): Promise<VendorCandidate[]> {
  const me = await openWedding(ctx, "plan", "read");
  const { results } = await candidatesStatement(ctx, me.key).all<LinkRow>();
  return results.map(toLinked);
}

/** Where the couple found a service: booked, enquired, shortlisted, or none of these (SEARCH, an active listing only). */
async function sourceOf(ctx: DomainContext, userId: string, serviceId: string): Promise<LinkSource> {
  const row = await ctx.db
    .prepare(
      `SELECT s.status,
        EXISTS (SELECT 1 FROM bookings WHERE user_id = ?1 AND service_id = s.id AND status != 'CANCELLED') AS booked,
        EXISTS (SELECT 1 FROM leads WHERE user_id = ?1 AND service_id = s.id AND status != 'SPAM') AS enquired,
        EXISTS (SELECT 1 FROM wishlist_items WHERE user_id = ?1 AND service_id = s.id) AS wished
       FROM services s WHERE s.id = ?2`,
    )
    .bind(userId, serviceId)
    .first<{ status: string; booked: number; enquired: number; wished: number }>();
  if (row?.booked) return "BOOKING";
  if (row?.enquired) return "ENQUIRY";
  if (row?.wished) return "WISHLIST";
  if (row?.status === "active") return "SEARCH";
  throw new NotFound(m.api_e_we_could_not_find_that_vendors_service());
}

/** POST /event/{eventId}/vendors: link a service to a function; linking again refreshes its source. */
export async function linkVendor(ctx: DomainContext, eventId: string, serviceId: string): Promise<LinkedVendor> {
  const me = await openWedding(ctx, "plan", "edit");
  const fn = await ownedFunction(ctx, me.key, eventId);
  const source = await sourceOf(ctx, me.key, serviceId);
  await ctx.db.batch([
    ctx.db
      .prepare(
        "INSERT INTO event_services (event_id, service_id, source, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (event_id, service_id) DO UPDATE SET source = excluded.source",
      )
      .bind(eventId, serviceId, source, ctx.now),
    activityEntry(ctx, me, { area: "plan", action: "vendor_linked", functionName: fn.name }),
  ]);
  const row = await ctx.db.prepare(`${LINK_SELECT} WHERE es.event_id = ? AND es.service_id = ?`).bind(me.key, eventId, serviceId).first<LinkRow>();
  return toLinked(row!);
}

/** DELETE /event/vendor/{eventId}/{serviceId}. */
export async function unlinkVendor(ctx: DomainContext, eventId: string, serviceId: string): Promise<{ eventId: string; serviceId: string }> {
  const me = await openWedding(ctx, "plan", "edit");
  const fn = await ownedFunction(ctx, me.key, eventId);
  const [res] = await ctx.db.batch([
    ctx.db.prepare("DELETE FROM event_services WHERE event_id = ? AND service_id = ?").bind(eventId, serviceId),
    activityEntry(ctx, me, { area: "plan", action: "vendor_unlinked", functionName: fn.name, onlyIfChanged: true }),
  ]);
  if (!res!.meta.changes) throw new NotFound(m.api_e_that_vendor_is_not_linked_to_this());
  return { eventId, serviceId };
}
