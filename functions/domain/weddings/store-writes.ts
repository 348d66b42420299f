/**
 * A moved wedding's writes that change D1 and its store (docs/decisions/0066, "Writes on both sides"):
 * its functions and sub-events (D1's rows, which tasks, budget lines and vendors point to, copied in
 * the store, where the guest list's invitations and answers point to them), approving an e-invite
 * request (the request is D1's, the household the store's) and reminding a household by e-mail (the
 * mails are D1's outbox, the invitations' reminded_at the store's).
 *
 * D1 first, with the store's half recorded in the same D1 batch (wedding_store_writes, migration
 * 0174: the store statements to run), then the store runs it and the record is deleted. D1's batch is
 * one transaction, so the change and the record of what the store still owes are written together or
 * not at all; the store runs each record once, in the order D1 committed them (WeddingStore.applyWrites).
 * A record left behind (the store failed, the request ended between the two) is run by the wedding's
 * next request (currentWedding), before that request reads anything: a retry finds it done.
 */
import { type DomainContext, Unavailable } from "../core/index.ts";
import { log } from "#platform/log.ts";
import type { WeddingAccess } from "./wedding-access.ts";
import { m } from "#shared/paraglide/messages.js";

/** What the Worker cannot reach for a moment: a moved wedding's store (503, en + hi). */
export const storeUnavailable = () => new Unavailable(m.api_wedding_store_unavailable());

/** A statement for a wedding's store: SQL naming only its tables, and its values. */
export type StoreStatement = { sql: string; params: unknown[] };

/** The store's half of a write, as a D1 statement that records it (only for a moved wedding). */
export type StoreHalf = (ctx: Pick<DomainContext, "db" | "now">, weddingId: string) => D1PreparedStatement;

/**
 * The store's half of a write, known now: `statements`, recorded only when `onlyIf` holds in D1 after
 * the batch's earlier statements (e.g. "the request is approved", "the function is gone").
 */
export const storeHalf =
  (statements: StoreStatement[], onlyIf?: { sql: string; binds: unknown[] }): StoreHalf =>
  (ctx, weddingId) =>
    ctx.db
      .prepare(`INSERT INTO wedding_store_writes (wedding_id, statements, created_at) SELECT ?, ?, ?${onlyIf ? ` WHERE ${onlyIf.sql}` : ""}`)
      .bind(weddingId, JSON.stringify(statements), ctx.now, ...(onlyIf?.binds ?? []));

/** The columns of `events`, in D1 and in a store. */
const EVENT_COLUMNS = [
  "id",
  "user_id",
  "parent_id",
  "name",
  "description",
  "event_date",
  "start_time",
  "end_time",
  "budget",
  "venue",
  "tradition_key",
  "created_at",
  "updated_at",
] as const;

/** In a store: D1's rows of functions (a JSON list of rows), added or, when there, changed to D1's values. */
const FUNCTIONS_INTO_STORE = `INSERT INTO events (${EVENT_COLUMNS.join(", ")})
  SELECT ${EVENT_COLUMNS.map((c) => `json_extract(value, '$.${c}')`).join(", ")} FROM json_each(?1) WHERE true
  ON CONFLICT (id) DO UPDATE SET ${EVENT_COLUMNS.filter((c) => c !== "id" && c !== "created_at")
    .map((c) => `${c} = excluded.${c}`)
    .join(", ")}`;

/**
 * The store's half of a change to functions: D1's rows of `events` matching `where` (plain `?`
 * parameters, `binds`), as D1's batch committed them, copied into the store. Recorded only if some
 * row matches (a compare-and-set that did not hold changed nothing, and copies nothing).
 */
export const functionsCopied =
  (where: string, binds: unknown[]): StoreHalf =>
  (ctx, weddingId) =>
    ctx.db
      .prepare(
        `INSERT INTO wedding_store_writes (wedding_id, statements, created_at)
         SELECT ?, json_array(json_object('sql', ?, 'params', json_array(rows))), ? FROM (
           SELECT json_group_array(json_object(${EVENT_COLUMNS.map((c) => `'${c}', ${c}`).join(", ")})) AS rows, COUNT(*) AS n FROM events WHERE ${where}
         ) WHERE n > 0`,
      )
      .bind(weddingId, FUNCTIONS_INTO_STORE, ctx.now, ...binds);

/** The store's half of removing a function (its sub-events, invitations and answers go with it there), recorded once D1's row is gone. */
export const functionRemoved = (eventId: string): StoreHalf =>
  storeHalf([{ sql: "DELETE FROM events WHERE id = ?", params: [eventId] }], { sql: "NOT EXISTS (SELECT 1 FROM events WHERE id = ?)", binds: [eventId] });

/**
 * Writes D1's statements and, for a moved wedding, the store's halves: one D1 batch with the records
 * of what the store owes, then the store runs them (finishStoreWrites). A wedding in D1 writes its
 * batch through `wedding.db` (guarded D1), as before. Refused with 503, before anything is written,
 * when a moved wedding's store cannot be reached (no binding). Answers D1's results of `d1`.
 */
export async function writeBothSides(
  ctx: DomainContext,
  wedding: Pick<WeddingAccess, "weddingId" | "storedAt" | "db">,
  d1: D1PreparedStatement[],
  halves: StoreHalf[],
): Promise<D1Result[]> {
  if (wedding.storedAt === null) return wedding.db.batch(d1);
  if (!ctx.stores) throw storeUnavailable();
  const results = await ctx.db.batch([...d1, ...halves.map((half) => half(ctx, wedding.weddingId))]);
  await finishStoreWrites(ctx, wedding.weddingId);
  return results.slice(0, d1.length);
}

type Recorded = { seq: number; statements: string };

/**
 * Runs in the wedding's store what D1 records it still owes, in D1's order, and deletes the records.
 * A failure is logged and leaves them for the wedding's next request (the change D1 holds stands);
 * answers how many records were run (0: none was owed, or the store failed).
 */
export async function finishStoreWrites(ctx: Pick<DomainContext, "db" | "stores">, weddingId: string): Promise<number> {
  if (!ctx.stores) return 0;
  const owed = (await ctx.db.prepare("SELECT seq, statements FROM wedding_store_writes WHERE wedding_id = ? ORDER BY seq").bind(weddingId).all<Recorded>())
    .results;
  if (owed.length === 0) return 0;
  try {
    await ctx.stores.applyWrites(
      weddingId,
      owed.map((w) => ({ seq: w.seq, statements: JSON.parse(w.statements) as StoreStatement[] })),
    );
  } catch (error) {
    log.error("wedding store: writes recorded in D1 could not be run in the store; the wedding's next request tries again", { weddingId }, error);
    return 0;
  }
  await ctx.db
    .prepare("DELETE FROM wedding_store_writes WHERE wedding_id = ? AND seq <= ?")
    .bind(weddingId, owed[owed.length - 1]!.seq)
    .run();
  return owed.length;
}
