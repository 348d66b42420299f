/**
 * Changes appear live (issue 33, docs/decisions/0052-plan-together-live.md): who may listen to a
 * wedding's changes, and telling the wedding's live object (the DomainContext's `live` port, a
 * Durable Object per wedding) after a write of the guest list, the budget or the checklist
 * committed, or after a member left or was removed.
 */
import { z } from "zod";
import { m } from "#shared/paraglide/messages.js";
import { say } from "#shared/say.ts";
import { type DomainContext, NotFound, parseInput } from "../core/index.ts";
import { currentWedding, type WeddingAccess, type WeddingArea } from "./wedding-access.ts";

const liveInput = z.object({
  wedding: z.string(say(m.api_live_wedding_missing)).min(1, say(m.api_live_wedding_missing)).max(64, say(m.api_live_wedding_missing)),
});

/**
 * Who may open a live socket on a wedding: any member of it (the couple, partners, editors and
 * viewers: a viewer may listen), and only for their current wedding, the one their pages show.
 * Another wedding, or one the account no longer plans (a removed co-planner), is 404.
 */
export async function openLiveChannel(ctx: DomainContext, input: unknown): Promise<WeddingAccess> {
  const w = await currentWedding(ctx);
  const { wedding } = parseInput(liveInput, input);
  if (wedding !== w.weddingId) throw new NotFound(m.api_live_not_yours());
  return w;
}

/** After a write of `area` committed: the wedding's open pages hear that it changed, and by whom (after the answer, never delaying it). */
export function tellWedding(ctx: DomainContext, w: WeddingAccess, area: WeddingArea): void {
  if (!ctx.live) return;
  ctx.defer(ctx.live.changed(w.weddingId, { area, by: w.actor.userName, byId: w.actor.id }));
}

/** After a member left or was removed: their open pages of the wedding are closed. */
export function tellRemoved(ctx: DomainContext, weddingId: string, userId: string): void {
  if (!ctx.live) return;
  ctx.defer(ctx.live.removed(weddingId, userId));
}
