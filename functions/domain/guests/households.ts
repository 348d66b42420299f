/** The couple's households: list, create, rename, remove, and a new personal link. */
import { householdInput, householdUpdateInput } from "#shared/guest-schemas.ts";
import { versionInput } from "#shared/row-version.ts";
import { m } from "#shared/paraglide/messages.js";
import { type DomainContext, StaleEdit, newId, parseInput } from "../core/index.ts";
import { activityEntry, guardedEdit, inWedding, openWedding, tellWedding } from "../weddings/index.ts";
import {
  GUEST_MESSAGES,
  type Household,
  type HouseholdRow,
  HOUSEHOLD_SELECT,
  householdWithoutContacts,
  insertHousehold,
  newRsvpToken,
  ownedHousehold,
  recordLinks,
  toHousehold,
} from "./guest-records.ts";

export async function listHouseholds(caller: DomainContext): Promise<Household[]> {
  const me = await openWedding(caller, "guests", "read");
  const ctx = inWedding(caller, me);
  const { results } = await householdsStatement(ctx.db, me.key).all<HouseholdRow>();
  return results.map((r) => toHousehold(ctx, r)).map((h) => (me.seesContacts ? h : householdWithoutContacts(h)));
}

export function householdsStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare(`${HOUSEHOLD_SELECT} WHERE h.user_id = ? ORDER BY h.name COLLATE NOCASE, h.id`).bind(userId);
}

export async function createHousehold(caller: DomainContext, input: unknown): Promise<{ message: string; household: Household }> {
  const me = await openWedding(caller, "guests", "edit");
  const ctx = inWedding(caller, me);
  const data = parseInput(householdInput, input);
  const id = newId(ctx.now);
  const token = newRsvpToken();
  await recordLinks(ctx, me, [token]);
  await ctx.db.batch([
    insertHousehold(ctx, me.key, id, data.name, data.notes, token),
    activityEntry(ctx, me, { area: "guests", action: "household_added", subject: data.name }),
  ]);
  tellWedding(ctx, me, "guests");
  return { message: GUEST_MESSAGES.householdAdded, household: toHousehold(ctx, await ownedHousehold(ctx, me.key, id)) };
}

/** Changes the name or notes; an edit made on a stale copy (`version`) is refused with the household as it is now (weddings/stale-edits.ts). */
export async function updateHousehold(caller: DomainContext, id: string, input: unknown): Promise<{ message: string; household: Household }> {
  const me = await openWedding(caller, "guests", "edit");
  const ctx = inWedding(caller, me);
  const { version, ...data } = parseInput(householdUpdateInput, input);
  const before = await ownedHousehold(ctx, me.key, id);
  await guardedEdit({
    now: ctx.now,
    sent: version,
    stored: before.updated_at,
    write: async (expected, next) => {
      const [update] = await ctx.db.batch([
        ctx.db
          .prepare("UPDATE households SET name = ?, notes = ?, updated_at = ? WHERE id = ? AND user_id = ? AND updated_at = ?")
          .bind(data.name ?? before.name, data.notes === undefined ? before.notes : data.notes, next, id, me.key, expected),
        activityEntry(ctx, me, { area: "guests", action: "household_changed", subject: data.name ?? before.name, onlyIfChanged: true }),
      ]);
      return update!.meta.changes;
    },
    stale: () => staleHousehold(ctx, me.key, id, m.api_stale_household),
  });
  tellWedding(ctx, me, "guests");
  return { message: GUEST_MESSAGES.householdSaved, household: toHousehold(ctx, await ownedHousehold(ctx, me.key, id)) };
}

async function staleHousehold(ctx: DomainContext, key: string, id: string, say: (p: { name: string }) => string): Promise<StaleEdit> {
  const current = toHousehold(ctx, await ownedHousehold(ctx, key, id));
  return new StaleEdit(say({ name: current.name }), current);
}

/**
 * Removes the household with its guests, their answers and its invitations, in one batch. A removal
 * made on a stale copy (`version`) is refused with the household as it is now.
 */
export async function deleteHousehold(caller: DomainContext, id: string, input: unknown = {}): Promise<{ message: string }> {
  const me = await openWedding(caller, "guests", "edit");
  const ctx = inWedding(caller, me);
  const { version } = parseInput(versionInput, input);
  const household = await ownedHousehold(ctx, me.key, id);
  // Every statement acts only while the household is still the version read.
  const same = "SELECT id FROM households WHERE id = ? AND user_id = ? AND updated_at = ?";
  await guardedEdit({
    now: ctx.now,
    sent: version,
    stored: household.updated_at,
    write: async (expected) => {
      const at = [id, me.key, expected];
      const [, , , removed] = await ctx.db.batch([
        ctx.db.prepare(`DELETE FROM guest_rsvps WHERE guest_id IN (SELECT id FROM guests WHERE household_id = (${same}))`).bind(...at),
        ctx.db.prepare(`DELETE FROM household_invitations WHERE household_id = (${same})`).bind(...at),
        ctx.db.prepare(`DELETE FROM guests WHERE household_id = (${same})`).bind(...at),
        ctx.db.prepare("DELETE FROM households WHERE id = ? AND user_id = ? AND updated_at = ?").bind(...at),
        activityEntry(ctx, me, { area: "guests", action: "household_removed", subject: household.name, onlyIfChanged: true }),
      ]);
      return removed!.meta.changes;
    },
    stale: () => staleHousehold(ctx, me.key, id, m.api_stale_household_remove),
  });
  tellWedding(ctx, me, "guests");
  return { message: GUEST_MESSAGES.householdRemoved };
}

/** A new personal link; the old one stops working at once (404). */
export async function resetHouseholdLink(caller: DomainContext, id: string): Promise<Household> {
  const me = await openWedding(caller, "guests", "edit");
  const ctx = inWedding(caller, me);
  const household = await ownedHousehold(ctx, me.key, id);
  const token = newRsvpToken();
  await recordLinks(ctx, me, [token]);
  await ctx.db.batch([
    ctx.db.prepare("UPDATE households SET rsvp_token = ?, updated_at = ? WHERE id = ? AND user_id = ?").bind(token, ctx.now, id, me.key),
    activityEntry(ctx, me, { area: "guests", action: "rsvp_link_reset", subject: household.name, onlyIfChanged: true }),
  ]);
  return toHousehold(ctx, await ownedHousehold(ctx, me.key, id));
}
