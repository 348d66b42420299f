/**
 * Vendors on a function: the couple's candidates (wishlist, enquiries, bookings), linking and
 * unlinking a service. The vendors linked are part of the function as its page shows it, so their
 * version is the function's (its updated_at, decision 0052): a link or an unlink moves it on, and one
 * made on a stale copy of the function (`version`) is refused with the vendors linked now.
 */
import { versionInput } from "#shared/row-version.ts";
import { type DomainContext, NotFound, StaleEdit, parseInput } from "../core/index.ts";
import { activityEntry, functionsCopied, guardedEdit, openWedding, tellWedding, writeBothSides, type WeddingAccess } from "../weddings/index.ts";
import { ownedFunction } from "./wedding-functions.ts";
import { LINK_SELECT, readEvent, toLinked, type LinkRow, type LinkSource, type LinkedVendor } from "./event-records.ts";
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

/** True in a statement of changeLinks' batch only when its compare-and-set moved the function to `next` (binds: its id, next). */
const HELD = "EXISTS (SELECT 1 FROM events WHERE id = ? AND updated_at = ?)";

/** The services linked to a function now, first linked first. */
async function linkedNow(ctx: DomainContext, key: string, eventId: string): Promise<LinkedVendor[]> {
  const { results } = await ctx.db.prepare(`${LINK_SELECT} WHERE es.event_id = ? ORDER BY es.created_at`).bind(key, eventId).all<LinkRow>();
  return results.map(toLinked);
}

/** The refusal of a link or an unlink made on a stale copy of the function: the vendors linked to it now. */
async function staleVendors(ctx: DomainContext, key: string, eventId: string): Promise<StaleEdit> {
  const fn = await readEvent(ctx, eventId, key); // 404 when it went meanwhile
  const vendors = await linkedNow(ctx, key, eventId);
  const message = vendors.length
    ? m.api_stale_function_vendors({ name: fn.name, vendors: vendors.map((v) => v.serviceName).join(", ") })
    : m.api_stale_function_vendors_none({ name: fn.name });
  return new StaleEdit(message, { id: fn.id, version: fn.updated_at, vendors });
}

/**
 * Moves the function's version on and, in the same batch and only if that compare-and-set held
 * (the function is now at `next`: HELD, bound to the function's id and `next`), writes the link's
 * change and its activity entry.
 */
async function changeLinks(
  ctx: DomainContext,
  me: WeddingAccess,
  eventId: string,
  sent: number | undefined,
  change: (next: number) => D1PreparedStatement[],
): Promise<void> {
  const key = me.key;
  const stored = await readEvent(ctx, eventId, key);
  await guardedEdit({
    now: ctx.now,
    sent,
    stored: stored.updated_at,
    write: async (expected, next) => {
      // It moves the function's version on, so it writes where a function's change does: a moved wedding's store gets the new version (decision 0066).
      const [moved] = await writeBothSides(
        ctx,
        me,
        [
          ctx.db.prepare("UPDATE events SET updated_at = ? WHERE id = ? AND user_id = ? AND updated_at = ?").bind(next, eventId, key, expected),
          ...change(next),
        ],
        [functionsCopied("id = ? AND updated_at = ?", [eventId, next])],
      );
      return moved!.meta.changes;
    },
    stale: () => staleVendors(ctx, key, eventId),
  });
}

/**
 * POST /event/{eventId}/vendors: link a service to a function; linking again refreshes its source.
 * `version`: the function's version the link was decided on (a stale one is refused, 409).
 */
export async function linkVendor(ctx: DomainContext, eventId: string, serviceId: string, input: unknown = {}): Promise<LinkedVendor> {
  const me = await openWedding(ctx, "plan", "edit");
  const { version } = parseInput(versionInput, input);
  const fn = await ownedFunction(ctx, me.key, eventId);
  const source = await sourceOf(ctx, me.key, serviceId);
  await changeLinks(ctx, me, eventId, version, (next) => [
    ctx.db
      .prepare(
        `INSERT INTO event_services (event_id, service_id, source, created_at) SELECT ?, ?, ?, ? WHERE ${HELD}
         ON CONFLICT (event_id, service_id) DO UPDATE SET source = excluded.source`,
      )
      .bind(eventId, serviceId, source, ctx.now, eventId, next),
    activityEntry(ctx, me, { area: "plan", action: "vendor_linked", functionName: fn.name, onlyIfChanged: true }),
  ]);
  tellWedding(ctx, me, "plan");
  const row = await ctx.db.prepare(`${LINK_SELECT} WHERE es.event_id = ? AND es.service_id = ?`).bind(me.key, eventId, serviceId).first<LinkRow>();
  return toLinked(row!);
}

/** DELETE /event/vendor/{eventId}/{serviceId}; `version` as for a link (`?version=`). */
export async function unlinkVendor(
  ctx: DomainContext,
  eventId: string,
  serviceId: string,
  input: unknown = {},
): Promise<{ eventId: string; serviceId: string }> {
  const me = await openWedding(ctx, "plan", "edit");
  const { version } = parseInput(versionInput, input);
  const fn = await ownedFunction(ctx, me.key, eventId);
  const linked = await ctx.db.prepare("SELECT 1 AS n FROM event_services WHERE event_id = ? AND service_id = ?").bind(eventId, serviceId).first();
  if (!linked) throw new NotFound(m.api_e_that_vendor_is_not_linked_to_this());
  await changeLinks(ctx, me, eventId, version, (next) => [
    ctx.db.prepare(`DELETE FROM event_services WHERE event_id = ? AND service_id = ? AND ${HELD}`).bind(eventId, serviceId, eventId, next),
    activityEntry(ctx, me, { area: "plan", action: "vendor_unlinked", functionName: fn.name, onlyIfChanged: true }),
  ]);
  tellWedding(ctx, me, "plan");
  return { eventId, serviceId };
}
