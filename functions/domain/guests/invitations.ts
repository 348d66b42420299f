/** Which of the couple's functions a household is invited to. */
import { invitationsInput } from "#shared/guest-schemas.ts";
import { type DomainContext, NotFound, parseInput } from "../core/index.ts";
import { activityEntry, inWedding, openWedding, tellWedding } from "../weddings/index.ts";
import { GUEST_MESSAGES, type Household, ownedHousehold, toHousehold } from "./guest-records.ts";
import { m } from "#shared/paraglide/messages.js";

const FUNCTION_MISSING = m.api_invite_function_missing;

/**
 * The complete set of the couple's functions the household is invited to. Un-inviting removes the
 * household's answers for that function in the same batch. Another couple's (or no) function is 404.
 */
export async function setInvitations(caller: DomainContext, householdId: string, input: unknown): Promise<{ message: string; household: Household }> {
  const me = await openWedding(caller, "guests", "edit");
  const ctx = inWedding(caller, me);
  const eventIds = [...new Set(parseInput(invitationsInput, input).eventIds)];
  const household = await ownedHousehold(ctx, me.key, householdId);
  if (eventIds.length) {
    const found = await ctx.db
      .prepare("SELECT COUNT(*) AS n FROM events WHERE user_id = ? AND parent_id IS NULL AND id IN (SELECT value FROM json_each(?))")
      .bind(me.key, JSON.stringify(eventIds))
      .first<{ n: number }>();
    if ((found?.n ?? 0) !== eventIds.length) throw new NotFound(FUNCTION_MISSING());
  }
  const set = JSON.stringify(eventIds);
  await ctx.db.batch([
    ctx.db
      .prepare(
        "DELETE FROM guest_rsvps WHERE guest_id IN (SELECT id FROM guests WHERE household_id = ? AND user_id = ?) AND event_id NOT IN (SELECT value FROM json_each(?))",
      )
      .bind(householdId, me.key, set),
    ctx.db.prepare("DELETE FROM household_invitations WHERE household_id = ? AND event_id NOT IN (SELECT value FROM json_each(?))").bind(householdId, set),
    ctx.db
      .prepare(
        `INSERT OR IGNORE INTO household_invitations (household_id, event_id, invited_at)
         SELECT ?, e.id, ? FROM events e WHERE e.user_id = ? AND e.parent_id IS NULL AND e.id IN (SELECT value FROM json_each(?))`,
      )
      .bind(householdId, ctx.now, me.key, set),
    activityEntry(ctx, me, { area: "guests", action: "household_invited", count: eventIds.length, subject: household.name }),
  ]);
  tellWedding(ctx, me, "guests");
  return { message: GUEST_MESSAGES.invitationsSaved, household: toHousehold(ctx, await ownedHousehold(ctx, me.key, householdId)) };
}
