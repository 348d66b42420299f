/**
 * The wedding's activity list (issue 33): who did what, when, in which area ("Meena added 12 guests
 * to the Sangeet, 8:14 pm"). Every write of a planning area adds its entry to the same D1 batch as
 * the change (activityEntry), so an entry exists exactly when the change does: a refused request
 * (403, 404, bad input) throws before its batch and writes neither. One entry per action: a CSV
 * import of 40 guests is one entry with count 40. Every member reads the list, newest first, paged.
 */
import { z } from "zod";
import type { weddingActivity } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { numeric } from "#shared/numbers.ts";
import { type DomainContext, newId, parseInput } from "../core/index.ts";
import type { ACTIVITY_AREAS } from "#shared/stored-values.ts";
import { currentWedding, type WeddingAccess } from "./wedding-access.ts";
import { m } from "#shared/paraglide/messages.js";

/** The planning areas, and "people": who plans the wedding (invitations to plan, joining, leaving, rights, removals). */
export type ActivityArea = (typeof ACTIVITY_AREAS)[number];

/** What an entry says was done; the page and the API word each one (messages/couple, couple_activity_*). */
export const ACTIVITY_ACTIONS = [
  "guests_added",
  "guest_changed",
  "guest_removed",
  "guests_imported",
  "household_added",
  "household_changed",
  "household_removed",
  "household_invited",
  "function_added",
  "functions_added",
  "function_changed",
  "function_removed",
  "task_added",
  "task_changed",
  "task_removed",
  "vendor_linked",
  "vendor_unlinked",
  "checklist_changed",
  "budget_total_set",
  "budget_split_suggested",
  "budget_line_added",
  "budget_line_changed",
  "budget_line_removed",
  "booking_placed",
  "card_added",
  "card_changed",
  "card_removed",
  "invitation_published",
  "invitation_unpublished",
  "request_approved",
  "request_declined",
  "household_shared",
  "household_reminded",
  "rsvp_link_reset",
  "card_image_changed",
  "planner_invited",
  "planner_joined",
  "planner_left",
  "planner_changed",
  "planner_removed",
  "planner_declined",
  "planner_invitation_withdrawn",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Entries are kept a year, then the daily run deletes them (purgeOldActivity). */
export const ACTIVITY_KEPT_MS = 365 * 24 * 60 * 60 * 1000;
export const ACTIVITY_PAGE_SIZE = 50;

export type ActivityInput = {
  area: ActivityArea;
  action: ActivityAction;
  count?: number;
  /** The thing the action was about: a guest's, household's, task's, card's or line's name. */
  subject?: string | null;
  /** The wedding function it concerned ("the Sangeet"). */
  functionName?: string | null;
  /**
   * Written only if the statement just before it in the batch changed a row (a conditional
   * INSERT or UPDATE that may find nothing to do): SQLite's changes() of the previous statement.
   */
  onlyIfChanged?: boolean;
  /**
   * Written only if the same person has no entry of the same action about the same subject in
   * this many milliseconds: for what repeats by itself while someone works (the card editor
   * uploads the card's picture every few seconds of editing; one entry an hour says it).
   */
  notWithinMs?: number;
};

/**
 * The entry's INSERT, to put in the same batch as the change it describes. `w` is the wedding it
 * belongs to and who acted (an openWedding answer, or the wedding a person has just joined).
 */
export function activityEntry(ctx: DomainContext, w: Pick<WeddingAccess, "weddingId" | "actor">, entry: ActivityInput): D1PreparedStatement {
  const conditions = [
    ...(entry.onlyIfChanged ? ["changes() > 0"] : []),
    ...(entry.notWithinMs
      ? [`NOT EXISTS (SELECT 1 FROM wedding_activity WHERE wedding_id = ?2 AND created_at > ?11 AND actor_id = ?3 AND action = ?6 AND subject IS ?8)`]
      : []),
  ];
  const subject = entry.subject?.slice(0, 200) ?? null;
  return ctx.db
    .prepare(
      `INSERT INTO wedding_activity (id, wedding_id, actor_id, actor_name, area, action, count, subject, function_name, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10${conditions.length ? ` WHERE ${conditions.join(" AND ")}` : ""}`,
    )
    .bind(
      newId(ctx.now),
      w.weddingId,
      w.actor.id,
      w.actor.userName.slice(0, 120),
      entry.area,
      entry.action,
      Math.max(0, Math.trunc(entry.count ?? 1)),
      subject,
      entry.functionName?.slice(0, 120) ?? null,
      ctx.now,
      ...(entry.notWithinMs ? [ctx.now - entry.notWithinMs] : []),
    );
}

export type ActivityItem = {
  id: string;
  actorName: string;
  /** Whether the entry is the reader's own action ("You added …"). */
  mine: boolean;
  area: ActivityArea;
  action: ActivityAction;
  count: number;
  subject: string | null;
  functionName: string | null;
  at: number;
};

export type ActivityPage = { items: ActivityItem[]; page: number; pageSize: number; hasMore: boolean };

type ActivityRow = Row<typeof weddingActivity, "id" | "actor_id" | "actor_name" | "area" | "action" | "count" | "subject" | "function_name" | "created_at">;

const pageQuery = z.object({ page: numeric(z.number().int().min(1).max(1000).optional()) });

/** The wedding's entries of the last year, newest first, a page at a time; every member reads them. */
export async function activityList(ctx: DomainContext, query: unknown = {}): Promise<ActivityPage> {
  const w = await currentWedding(ctx);
  const page = parseInput(pageQuery, query ?? {}, m.api_d_correct_page_number()).page ?? 1;
  const offset = (page - 1) * ACTIVITY_PAGE_SIZE;
  const entries = (db: D1Database, limit: number, skip: number) =>
    db
      .prepare(
        `SELECT id, actor_id, actor_name, area, action, count, subject, function_name, created_at FROM wedding_activity
         WHERE wedding_id = ? AND created_at > ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .bind(w.weddingId, ctx.now - ACTIVITY_KEPT_MS, limit, skip)
      .all<ActivityRow>();
  let results: ActivityRow[];
  if (w.storedAt === null) results = (await entries(ctx.db, ACTIVITY_PAGE_SIZE + 1, offset)).results;
  else {
    // A moved wedding's guest-list entries are in its store (written with their change), the other areas' in D1: the page is the newest of both.
    const [inD1, inStore] = await Promise.all([entries(ctx.db, offset + ACTIVITY_PAGE_SIZE + 1, 0), entries(w.db, offset + ACTIVITY_PAGE_SIZE + 1, 0)]);
    results = [...inD1.results, ...inStore.results]
      .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(offset, offset + ACTIVITY_PAGE_SIZE + 1);
  }
  const known = new Set<string>(ACTIVITY_ACTIONS);
  const items = results
    .slice(0, ACTIVITY_PAGE_SIZE)
    .filter((r) => known.has(r.action))
    .map((r) => ({
      id: r.id,
      actorName: r.actor_name,
      mine: r.actor_id === w.actor.id,
      area: r.area,
      action: r.action as ActivityAction,
      count: r.count,
      subject: r.subject,
      functionName: r.function_name,
      at: r.created_at,
    }));
  return { items, page, pageSize: ACTIVITY_PAGE_SIZE, hasMore: results.length > ACTIVITY_PAGE_SIZE };
}

/** The daily run's share: entries older than a year go (5,000 a run, oldest first, within one invocation's limits). */
export async function purgeOldActivity(ctx: Pick<DomainContext, "db" | "now">): Promise<number> {
  const done = await ctx.db
    .prepare("DELETE FROM wedding_activity WHERE id IN (SELECT id FROM wedding_activity WHERE created_at <= ? ORDER BY created_at LIMIT 5000)")
    .bind(ctx.now - ACTIVITY_KEPT_MS)
    .run();
  return done.meta.changes ?? 0;
}
