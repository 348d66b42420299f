/** The couple's guests: add (into a household, or a new one of their own), change, remove. */
import { m } from "#shared/paraglide/messages.js";
import { GUESTS_MAX, guestInput, guestUpdateInput } from "#shared/guest-schemas.ts";
import { versionInput } from "#shared/row-version.ts";
import { type DomainContext, Conflict, StaleEdit, newId, parseInput } from "../core/index.ts";
import { activityEntry, guardedEdit, inWedding, openWedding, tellWedding } from "../weddings/index.ts";
import { GUEST_MESSAGES, type Guest, insertGuest, insertHousehold, newRsvpToken, ownedGuest, ownedHousehold, recordLinks, toGuest } from "./guest-records.ts";

async function guestCountOf(ctx: DomainContext, userId: string): Promise<number> {
  return (await ctx.db.prepare("SELECT COUNT(*) AS n FROM guests WHERE user_id = ?").bind(userId).first<{ n: number }>())?.n ?? 0;
}

/** A guest into one of the couple's households, or (no household given) into a new household of one named after them. */
export async function addGuest(caller: DomainContext, input: unknown): Promise<{ message: string; guest: Guest }> {
  const me = await openWedding(caller, "guests", "edit");
  const ctx = inWedding(caller, me);
  const data = parseInput(guestInput, input);
  if ((await guestCountOf(ctx, me.key)) >= GUESTS_MAX) throw new Conflict(m.api_e_guest_list_full({ max: GUESTS_MAX }));
  const id = newId(ctx.now);
  const writes: D1PreparedStatement[] = [];
  let householdId = data.householdId;
  if (householdId) await ownedHousehold(ctx, me.key, householdId);
  else {
    householdId = newId(ctx.now);
    const token = newRsvpToken();
    await recordLinks(ctx, me, [token]);
    writes.push(insertHousehold(ctx, me.key, householdId, data.name, null, token));
  }
  writes.push(insertGuest(ctx, me.key, householdId, id, data, ctx.now));
  writes.push(activityEntry(ctx, me, { area: "guests", action: "guests_added", count: 1, subject: data.name }));
  await ctx.db.batch(writes);
  tellWedding(ctx, me, "guests");
  return { message: GUEST_MESSAGES.guestAdded, guest: toGuest(await ownedGuest(ctx, me.key, id)) };
}

/**
 * Changes the fields sent. Moving a guest to another household drops their answers for functions
 * that household is not invited to. An edit on a stale copy (`version` not the stored one, or the
 * guest changed between this read and the write) is refused with the guest as it is now, and
 * changes nothing (weddings/stale-edits.ts).
 */
export async function updateGuest(caller: DomainContext, id: string, input: unknown): Promise<{ message: string; guest: Guest }> {
  const me = await openWedding(caller, "guests", "edit");
  const ctx = inWedding(caller, me);
  const { version, ...data } = parseInput(guestUpdateInput, input);
  const before = toGuest(await ownedGuest(ctx, me.key, id));
  const householdId = data.householdId ?? before.householdId;
  if (householdId !== before.householdId) await ownedHousehold(ctx, me.key, householdId);
  const g = { ...before, ...Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) } as Guest;
  await guardedEdit({
    now: ctx.now,
    sent: version,
    stored: before.version,
    write: async (expected, next) => {
      const [update] = await ctx.db.batch([
        ctx.db
          .prepare(
            `UPDATE guests SET household_id = ?, name = ?, side = ?, relation = ?, phone = ?, email = ?, city = ?, dietary = ?, needs_stay = ?, needs_pickup = ?, updated_at = ?
             WHERE id = ? AND user_id = ? AND updated_at = ?`,
          )
          .bind(
            householdId,
            g.name,
            g.side,
            g.relation,
            g.phone,
            g.email,
            g.city,
            g.dietary,
            g.needsStay ? 1 : 0,
            g.needsPickup ? 1 : 0,
            next,
            id,
            me.key,
            expected,
          ),
        activityEntry(ctx, me, { area: "guests", action: "guest_changed", subject: g.name, onlyIfChanged: true }),
        // Only when this edit was written (the guest now carries its version).
        ctx.db
          .prepare(
            `DELETE FROM guest_rsvps WHERE guest_id = ? AND event_id NOT IN (SELECT event_id FROM household_invitations WHERE household_id = ?)
             AND EXISTS (SELECT 1 FROM guests WHERE id = ? AND user_id = ? AND updated_at = ?)`,
          )
          .bind(id, householdId, id, me.key, next),
      ]);
      return update!.meta.changes;
    },
    stale: async () => {
      const current = toGuest(await ownedGuest(ctx, me.key, id));
      return new StaleEdit(m.api_stale_guest({ name: current.name }), current);
    },
  });
  tellWedding(ctx, me, "guests");
  return { message: GUEST_MESSAGES.guestSaved, guest: toGuest(await ownedGuest(ctx, me.key, id)) };
}

/**
 * Removes the guest and their answers; the household stays (it may hold others, or get new ones).
 * A removal made on a stale copy (`version`, as for an edit) is refused with the guest as it is now.
 */
export async function deleteGuest(caller: DomainContext, id: string, input: unknown = {}): Promise<{ message: string }> {
  const me = await openWedding(caller, "guests", "edit");
  const ctx = inWedding(caller, me);
  const { version } = parseInput(versionInput, input);
  const guest = toGuest(await ownedGuest(ctx, me.key, id));
  await guardedEdit({
    now: ctx.now,
    sent: version,
    stored: guest.version,
    write: async (expected) => {
      const [, removed] = await ctx.db.batch([
        ctx.db
          .prepare("DELETE FROM guest_rsvps WHERE guest_id = (SELECT id FROM guests WHERE id = ? AND user_id = ? AND updated_at = ?)")
          .bind(id, me.key, expected),
        ctx.db.prepare("DELETE FROM guests WHERE id = ? AND user_id = ? AND updated_at = ?").bind(id, me.key, expected),
        activityEntry(ctx, me, { area: "guests", action: "guest_removed", subject: guest.name, onlyIfChanged: true }),
      ]);
      return removed!.meta.changes;
    },
    stale: async () => {
      const current = toGuest(await ownedGuest(ctx, me.key, id));
      return new StaleEdit(m.api_stale_guest_remove({ name: current.name }), current);
    },
  });
  tellWedding(ctx, me, "guests");
  return { message: GUEST_MESSAGES.guestRemoved };
}
