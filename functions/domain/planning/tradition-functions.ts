/** A tradition's functions: proposed dated for a wedding day, and created from its template at once. */
import type { FromTemplateInput } from "#shared/planner-schemas.ts";
import { TRADITIONS, proposeFunctions, shiftDay, traditionById, type ProposedFunction, type Tradition } from "#shared/traditions.ts";
import { todayInIndia } from "#shared/listing-limits.ts";
import { daysBetween } from "#shared/lead-rules.ts";
import { type DomainContext, Invalid, newId } from "../core/index.ts";
import { activityEntry, functionsCopied, openWedding, writeBothSides } from "../weddings/index.ts";
import { dayOf, type PlannedEvent } from "./event-records.ts";
import { checkRoomForFunctions, insertEvent } from "./event-changes.ts";
import { weddingPlan } from "./wedding-plan.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * POST /event/from-template: the tradition's functions for the wedding day, each with its
 * sub-events, in one D1 batch. `functions` lists the ones the couple keeps (by template key),
 * renamed or moved as they like; a moved function's sub-events move with it. Without it, all.
 */
export async function createFromTemplate(ctx: DomainContext, input: FromTemplateInput): Promise<PlannedEvent[]> {
  const me = await openWedding(ctx, "plan", "edit");
  const tradition = traditionById(input.tradition);
  if (!tradition) throw new Invalid(m.api_e_please_choose_a_tradition(), { tradition: m.api_e_please_choose_a_tradition() });
  const proposed = proposeFunctions(tradition, input.weddingDate);
  const chosen = input.functions ?? proposed.map((p) => ({ key: p.key, name: undefined, eventDate: undefined }));
  const seen = new Set<string>();
  const picks = chosen.map((c, i) => {
    const p = proposed.find((f) => f.key === c.key);
    if (!p)
      throw new Invalid(m.api_v_correct_fields(), {
        [`functions.${i}.key`]: m.api_e_not_tradition_function({ key: c.key, tradition: tradition.name }),
      });
    if (seen.has(c.key)) throw new Invalid(m.api_v_correct_fields(), { [`functions.${i}.key`]: m.api_e_each_function_can_be_kept_once() });
    seen.add(c.key);
    return { p, name: c.name ?? p.name, eventDate: c.eventDate ?? p.eventDate };
  });
  await checkRoomForFunctions(ctx, me.key, picks.length);
  const statements: D1PreparedStatement[] = [];
  const ids: string[] = [];
  for (const { p, name, eventDate } of picks) {
    const id = newId(ctx.now);
    ids.push(id);
    const base = { budget: 0, description: p.description, venue: null };
    statements.push(insertEvent(ctx, me.key, id, null, { ...base, name, eventDate, startTime: p.startTime, endTime: p.endTime }, p.key));
    const moved = daysBetween(p.eventDate, eventDate);
    for (const s of p.subEvents) {
      const sub = {
        budget: 0,
        description: null,
        venue: null,
        name: s.name,
        eventDate: shiftDay(s.eventDate, moved),
        startTime: s.startTime,
        endTime: s.endTime,
      };
      statements.push(insertEvent(ctx, me.key, newId(ctx.now), id, sub, s.key));
    }
  }
  statements.push(activityEntry(ctx, me, { area: "plan", action: "functions_added", count: picks.length, subject: tradition.name }));
  const made = JSON.stringify(ids);
  await writeBothSides(ctx, me, statements, [
    functionsCopied("id IN (SELECT value FROM json_each(?)) OR parent_id IN (SELECT value FROM json_each(?))", [made, made]),
  ]);
  const plan = await weddingPlan(ctx);
  return plan.events.filter((e) => ids.includes(e.id));
}

/** Every tradition's functions dated for a wedding day: the one asked, else the profile's wedding date, else today (India). */
export async function traditionProposals(
  ctx: DomainContext,
  weddingDate?: string,
): Promise<{ weddingDate: string; traditions: (Omit<Tradition, "functions"> & { functions: ProposedFunction[] })[] }> {
  const me = await openWedding(ctx, "plan", "read");
  let day = weddingDate;
  if (!day) {
    const row = await ctx.db.prepare("SELECT wedding_date FROM users WHERE id = ?").bind(me.key).first<{ wedding_date: string | null }>();
    day = dayOf(row?.wedding_date) ?? todayInIndia(ctx.now);
  }
  return { weddingDate: day, traditions: TRADITIONS.map((t) => ({ ...t, functions: proposeFunctions(t, day) })) };
}
