/**
 * Moving one wedding's guest list from D1 into its own store (issue 33, decision 0055's migration
 * plan, docs/decisions/0066): its functions, households, guests, invitations and answers are copied
 * with importRows, then one D1 batch sets `weddings.stored_at` (from then on openWedding hands the
 * guest list the store: D1 is no longer written for it) and records the wedding's RSVP links in
 * `wedding_rsvp_tokens` (the public link finds the store from its token alone). The switch is a
 * compare-and-set on what was copied: if the guest list changed in D1 while it was being copied, the
 * store is emptied and the copy made again. The D1 rows stay (step 5 deletes them after a week).
 */
import type { DomainContext, WeddingStoresPort, WeddingStoreTable } from "../core/index.ts";
import { isQueryBudgetSpent, NotFound, STORE_CALLS_PER_PART, StoreCallsSpent } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

/** The tables copied, parents first (a sub-event after its function, a guest after its household). */
const TABLES: readonly WeddingStoreTable[] = ["events", "households", "guests", "household_invitations", "guest_rsvps"];

/** The wedding's rows of each table in D1 (`?1`: its key, the couple's account). */
const ROWS_SQL: Record<WeddingStoreTable, string> = {
  events: "SELECT * FROM events WHERE user_id = ?1 ORDER BY parent_id IS NOT NULL, id",
  households: "SELECT * FROM households WHERE user_id = ?1 ORDER BY id",
  guests: "SELECT * FROM guests WHERE user_id = ?1 ORDER BY id",
  household_invitations: "SELECT * FROM household_invitations WHERE household_id IN (SELECT id FROM households WHERE user_id = ?1)",
  guest_rsvps: "SELECT * FROM guest_rsvps WHERE guest_id IN (SELECT id FROM guests WHERE user_id = ?1)",
};

/**
 * What changes whenever the guest list does (rows added or removed, an edit's new version, an answer,
 * a share or reminder): read with the copy, and again in the switch's compare-and-set.
 */
const FINGERPRINT_SQL = `SELECT json_array(
  (SELECT json_array(COUNT(*), MAX(updated_at)) FROM events WHERE user_id = ?1),
  (SELECT json_array(COUNT(*), MAX(updated_at)) FROM households WHERE user_id = ?1),
  (SELECT json_array(COUNT(*), MAX(updated_at), MAX(reminders_stopped_at)) FROM guests WHERE user_id = ?1),
  (SELECT json_array(COUNT(*), MAX(invited_at), MAX(shared_at), MAX(reminded_at)) FROM household_invitations WHERE household_id IN (SELECT id FROM households WHERE user_id = ?1)),
  (SELECT json_array(COUNT(*), MAX(answered_at), SUM(party_size), SUM(length(response))) FROM guest_rsvps WHERE guest_id IN (SELECT id FROM guests WHERE user_id = ?1))
) AS f`;

/** Rows a call to importRows carries (one call is one transaction in the store). */
const IMPORT_CHUNK = 500;
/** Copies tried while the guest list keeps changing under the copy. */
const ATTEMPTS = 3;

export type WeddingMove = {
  weddingId: string;
  /** When the wedding moved (now, or when an earlier call moved it). */
  storedAt: number;
  /** Whether an earlier call had already moved it (nothing was copied). */
  already: boolean;
  /** The rows the store holds per table after the move. */
  rows: Record<WeddingStoreTable, number>;
};

/** How long a move holds its wedding: far longer than a copy takes (seconds for 800 guests); a move that failed keeps it, so the wedding is passed by until then. */
export const MOVE_LEASE_MS = 15 * 60_000;

/** Another move of this wedding holds its lease (the job and the development page at once, or a part the queue retried). */
export class WeddingMoveBusy extends Error {
  readonly weddingId: string;
  readonly until: number;
  constructor(weddingId: string, until: number) {
    super(`Another move of wedding ${weddingId} is under way (its lease lapses at ${new Date(until).toISOString()}).`);
    this.name = "WeddingMoveBusy";
    this.weddingId = weddingId;
    this.until = until;
  }
}

/**
 * Moves one wedding's guest list into its store; run twice, the second call changes nothing. One move
 * of a wedding at a time: it takes the wedding's lease first (migration 0177) and its store refuses
 * the rows of any copy but the last one begun, so a move whose lease lapsed cannot mix its rows into
 * another's copy, nor switch the wedding (the switch names the lease).
 */
export async function moveWeddingToStore(ctx: Pick<DomainContext, "db" | "stores" | "now">, weddingId: string): Promise<WeddingMove> {
  const stores = ctx.stores;
  if (!stores) throw new Error("No WEDDING_STORE binding: a wedding cannot move to its store here.");
  const copy = crypto.randomUUID();
  const leased = await ctx.db
    .prepare(
      `UPDATE weddings SET move_lease = ?1, move_lease_until = ?2 + ${MOVE_LEASE_MS}
       WHERE id = ?3 AND stored_at IS NULL AND (move_lease_until IS NULL OR move_lease_until <= ?2) RETURNING couple_user_id`,
    )
    .bind(copy, ctx.now, weddingId)
    .first<{ couple_user_id: string }>();
  if (!leased) {
    const wedding = await ctx.db
      .prepare("SELECT stored_at, move_lease_until FROM weddings WHERE id = ?")
      .bind(weddingId)
      .first<{ stored_at: number | null; move_lease_until: number | null }>();
    if (!wedding) throw new NotFound(m.api_not_found());
    if (wedding.stored_at !== null) return { weddingId, storedAt: wedding.stored_at, already: true, rows: await stores.rows(weddingId) };
    throw new WeddingMoveBusy(weddingId, wedding.move_lease_until ?? ctx.now);
  }
  const key = leased.couple_user_id;

  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    // One D1 batch: the rows and their fingerprint are one snapshot.
    const [fingerprint, ...tables] = await ctx.db.batch([
      ctx.db.prepare(FINGERPRINT_SQL).bind(key),
      ...TABLES.map((t) => ctx.db.prepare(ROWS_SQL[t]).bind(key)),
    ]);
    const seen = (fingerprint!.results[0] as { f: string }).f;
    // The store is emptied (a copy an earlier call left unfinished: importRows refuses a row already there) and takes this copy's rows only.
    await stores.beginCopy(weddingId, copy);
    for (const [i, table] of TABLES.entries()) {
      const rows = tables[i]!.results as Record<string, unknown>[];
      for (let at = 0; at < rows.length; at += IMPORT_CHUNK) await stores.importRows(weddingId, table, rows.slice(at, at + IMPORT_CHUNK), copy);
    }
    // The switch: only while this move holds the wedding and its guest list is what was copied. The links' map is written only if it switched.
    const [switched] = await ctx.db.batch([
      ctx.db
        .prepare(
          `UPDATE weddings SET stored_at = ?1, updated_at = ?1, move_lease = NULL, move_lease_until = NULL
           WHERE id = ?2 AND stored_at IS NULL AND move_lease = ?5 AND (${FINGERPRINT_SQL.replaceAll("?1", "?3")}) = ?4`,
        )
        .bind(ctx.now, weddingId, key, seen, copy),
      ctx.db
        .prepare(
          "INSERT OR IGNORE INTO wedding_rsvp_tokens (token, wedding_id, created_at) SELECT rsvp_token, ?1, ?2 FROM households WHERE user_id = ?3 AND changes() > 0",
        )
        .bind(weddingId, ctx.now, key),
    ]);
    if (switched!.meta.changes > 0) return { weddingId, storedAt: ctx.now, already: false, rows: await stores.rows(weddingId) };
    const now = await ctx.db
      .prepare("SELECT stored_at, move_lease FROM weddings WHERE id = ?")
      .bind(weddingId)
      .first<{ stored_at: number | null; move_lease: string | null }>();
    if (now?.stored_at != null) return { weddingId, storedAt: now.stored_at, already: true, rows: await stores.rows(weddingId) };
    // The lease lapsed and another move holds the wedding now: its copy stands, this one stops.
    if (now?.move_lease !== copy) throw new WeddingMoveBusy(weddingId, ctx.now + MOVE_LEASE_MS);
  }
  // The lease is kept: the wedding is passed by until it lapses. The store's partial copy is emptied by the next move's beginCopy.
  throw new Error(`The guest list of wedding ${weddingId} changed during each of ${ATTEMPTS} copies; it stays in D1. Move it again later.`);
}

export { STORE_CALLS_PER_PART, StoreCallsSpent } from "../core/index.ts";

export type WeddingMovesRun = { moved: string[]; failed: { weddingId: string; error: string }[]; storeCalls: number };

/**
 * The job that moves every wedding still in D1 to its store (decision 0066, "Moving every wedding"):
 * oldest first, one wedding after another, each through moveWeddingToStore (its lease: never two moves
 * of one wedding at once, whoever runs them). A wedding that fails keeps its lease and is passed by
 * until it lapses; the run goes on with the next. When this part's calls to the stores reach
 * `storeCalls`, it stops before the next wedding and throws StoreCallsSpent: the continuation runs the
 * rest, choosing again only the weddings still to move. Resumable at any point: a move cut off by the
 * invocation's D1 budget keeps its lease and is made again on a later run.
 */
export async function moveWeddingsToStores(ctx: Pick<DomainContext, "db" | "stores" | "now">, storeCalls = STORE_CALLS_PER_PART): Promise<WeddingMovesRun> {
  const stores = ctx.stores;
  if (!stores) throw new Error("No WEDDING_STORE binding: weddings cannot move to their stores here.");
  const run: WeddingMovesRun = { moved: [], failed: [], storeCalls: 0 };
  // Every call to a store counts, whichever the move makes (`database` only routes statements: no call of its own).
  const counting = Object.fromEntries(
    Object.entries(stores).map(([name, port]) => [
      name,
      name === "database"
        ? port
        : (...args: unknown[]) => {
            run.storeCalls += 1;
            return (port as (...a: unknown[]) => unknown)(...args);
          },
    ]),
  ) as WeddingStoresPort;
  const metered: Pick<DomainContext, "db" | "stores" | "now"> = { db: ctx.db, now: ctx.now, stores: counting };
  for (;;) {
    const next = await ctx.db
      .prepare("SELECT id FROM weddings WHERE stored_at IS NULL AND (move_lease_until IS NULL OR move_lease_until <= ?) ORDER BY created_at, id LIMIT 1")
      .bind(ctx.now)
      .first<{ id: string }>();
    if (!next) return run;
    if (run.storeCalls >= storeCalls) throw new StoreCallsSpent(storeCalls);
    try {
      const move = await moveWeddingToStore(metered, next.id);
      if (!move.already) run.moved.push(next.id);
    } catch (e) {
      if (isQueryBudgetSpent(e)) throw e;
      // Kept leased (or another move holds it): the next pass of the loop chooses another wedding.
      run.failed.push({ weddingId: next.id, error: e instanceof Error ? e.message : String(e) });
    }
  }
}
