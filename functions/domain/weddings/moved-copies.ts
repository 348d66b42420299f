/**
 * Each wedding's store, step 5 (decision 0055's migration plan, docs/decisions/0066 "D1's copy goes
 * after a week"): a moved wedding's guest list is read and written in its store, and D1's copy of it,
 * frozen at the move, is nobody's any more. A week after the move (the time to notice a move that went
 * wrong and copy the store back with exportRows) the daily job deletes that copy, so D1 stops holding
 * every wedding's guests. Only when the store holds the move's copy (begun by the move, not emptied
 * since): a store that does not, or cannot be reached, keeps D1's copy and is tried again a day later.
 */
import type { DomainContext } from "../core/index.ts";
import { STORE_CALLS_PER_PART, StoreCallsSpent } from "../core/index.ts";

const DAY_MS = 86_400_000;
/** How long D1 keeps a moved wedding's copy of its guest list after the move. */
export const MOVED_COPY_KEPT_MS = 7 * DAY_MS;
/** How long a wedding whose copy could not go yet is passed by. */
export const COPY_DROP_RETRY_MS = DAY_MS;

export type MovedCopiesRun = {
  /** The weddings whose D1 copy was deleted. */
  dropped: string[];
  /** The weddings whose copy stays for now, and why (tried again a day later). */
  kept: { weddingId: string; why: string }[];
  storeCalls: number;
};

/** Moved weddings whose copy is due, oldest move first (weddings_copy_kept_idx): moved before ?1, not tried since ?2. */
const DUE_SQL = `SELECT id, couple_user_id FROM weddings
  WHERE stored_at IS NOT NULL AND copy_dropped_at IS NULL AND stored_at <= ?1 AND (copy_drop_tried_at IS NULL OR copy_drop_tried_at <= ?2)
  ORDER BY stored_at, id LIMIT ?3`;

/** Holds for a wedding that has moved (`?1` its id): every statement of the drop names it, so none touches a wedding in D1. */
const MOVED = "EXISTS (SELECT 1 FROM weddings WHERE id = ?1 AND stored_at IS NOT NULL)";

/**
 * One D1 batch (one transaction: all of it or nothing) deleting a moved wedding's copy: its guests
 * (their answers go with them) and households (their invitations and counters), after an approved
 * e-invite request names its household by the store's id (the D1 row it named goes), then marks the
 * wedding. The triggers of migration 0154 keep D1's per-function counters true as the rows go.
 */
function dropStatements(ctx: Pick<DomainContext, "db" | "now">, wedding: { id: string; couple_user_id: string }): D1PreparedStatement[] {
  const db = ctx.db;
  return [
    db
      .prepare(
        `UPDATE invite_requests SET store_household_id = household_id
         WHERE user_id = ?2 AND store_household_id IS NULL AND household_id IN (SELECT id FROM households WHERE user_id = ?2) AND ${MOVED}`,
      )
      .bind(wedding.id, wedding.couple_user_id),
    db.prepare(`DELETE FROM guests WHERE user_id = ?2 AND ${MOVED}`).bind(wedding.id, wedding.couple_user_id),
    db.prepare(`DELETE FROM households WHERE user_id = ?2 AND ${MOVED}`).bind(wedding.id, wedding.couple_user_id),
    db
      .prepare("UPDATE weddings SET copy_dropped_at = ?2, copy_drop_tried_at = NULL WHERE id = ?1 AND stored_at IS NOT NULL AND copy_dropped_at IS NULL")
      .bind(wedding.id, ctx.now),
  ];
}

/**
 * The daily job's part: deletes D1's copy of each wedding moved a week ago or more, oldest move first.
 * One call to a store per wedding (does it hold the move's copy?); when this part's calls reach
 * `storeCalls` it throws StoreCallsSpent and the continuation goes on with the weddings still due.
 * Run again, it changes nothing: a dropped wedding is no longer due.
 */
export async function dropMovedCopies(ctx: Pick<DomainContext, "db" | "stores" | "now">, storeCalls = STORE_CALLS_PER_PART): Promise<MovedCopiesRun> {
  const stores = ctx.stores;
  if (!stores) throw new Error("No WEDDING_STORE binding: a moved wedding's copy in D1 is the only one this Worker can read; it stays.");
  const run: MovedCopiesRun = { dropped: [], kept: [], storeCalls: 0 };
  const due = (
    await ctx.db
      .prepare(DUE_SQL)
      .bind(ctx.now - MOVED_COPY_KEPT_MS, ctx.now - COPY_DROP_RETRY_MS, storeCalls + 1)
      .all<{ id: string; couple_user_id: string }>()
  ).results;
  for (const wedding of due) {
    if (run.storeCalls >= storeCalls) throw new StoreCallsSpent(storeCalls);
    run.storeCalls += 1;
    let why: string | null = null;
    try {
      if (!(await stores.holdsCopy(wedding.id))) why = "its store does not hold the move's copy";
    } catch (e) {
      why = `its store could not be reached: ${e instanceof Error ? e.message : String(e)}`;
    }
    if (why) {
      await ctx.db.prepare("UPDATE weddings SET copy_drop_tried_at = ? WHERE id = ?").bind(ctx.now, wedding.id).run();
      run.kept.push({ weddingId: wedding.id, why });
      continue;
    }
    await ctx.db.batch(dropStatements(ctx, wedding));
    run.dropped.push(wedding.id);
  }
  return run;
}
