/**
 * A moved wedding's database (issue 33, decision 0055's migration plan step 1, docs/decisions/0066):
 * D1's `prepare`/`batch` surface, where a statement on the wedding's store tables only runs in its
 * store and every other statement (accounts, weddings, members, the outbox) runs in D1. The planning
 * queries keep their SQL: only their database changes. The product (openWedding) and the
 * wedding-store bench (tests/bench/wedding-store/) use this one copy.
 *
 * What it refuses, whatever the environment, because the answer would be wrong or half written:
 * - a statement naming a store table and a D1 table at once (it would read D1's stale copy of the
 *   wedding's rows): split it into one read on each side;
 * - a batch that writes on one side and touches the other: a D1 batch and a store transaction are
 *   two commits, so such a batch could be half done. Reads on both sides in one batch are fine (one
 *   call to each, at the same time).
 */
import { isWrite, STORE_COUNTER_TABLES, STORE_TABLES } from "./schema.ts";
import type { StoreResult, StoreStatement, WeddingStore } from "./wedding-store.ts";

/** Tables of a wedding's store besides its guest list (STORE_TABLES) and its counters: the guest list's activity entries. */
export const STORE_OWN_TABLES = ["wedding_activity"] as const;

const STORE_SIDE = new Set<string>([...STORE_TABLES, ...STORE_COUNTER_TABLES, ...STORE_OWN_TABLES]);
/** A table read after FROM or JOIN (a name followed by "(" there is a function such as json_each, not a table). */
const READ_TABLES = /\b(?:from|join)\s+([a-z_][a-z0-9_]*)\b(?!\s*\()/gi;
/** A table written after INTO or UPDATE (there "(" opens its column list); an upsert's "DO UPDATE SET" names none. */
const WRITTEN_TABLES = /\b(?:into|update)\s+(?!set\b)([a-z_][a-z0-9_]*)\b/gi;
/** Names a WITH clause defines (common table expressions): neither side's. */
const CTE_NAMES = /(?:\bwith(?:\s+recursive)?|,)\s+([a-z_][a-z0-9_]*)\s*(?:\([^)]*\)\s*)?as\s*\(/gi;

export type Side = "store" | "d1";

/** Where a statement runs: the store when it names only store tables, D1 when it names none; both is refused. */
export function sideOf(sql: string): Side {
  const ctes = new Set([...sql.matchAll(CTE_NAMES)].map((m) => m[1]!.toLowerCase()));
  const tables = [...sql.matchAll(READ_TABLES), ...sql.matchAll(WRITTEN_TABLES)].map((m) => m[1]!.toLowerCase()).filter((t) => !ctes.has(t));
  const onStore = tables.filter((t) => STORE_SIDE.has(t));
  if (onStore.length === 0) return "d1";
  if (onStore.length === tables.length) return "store";
  throw new Error(
    `A statement reads a wedding's store tables (${onStore.join(", ")}) together with D1's (${tables.filter((t) => !STORE_SIDE.has(t)).join(", ")}): read each side apart.`,
  );
}

/** What the bench counts of a routed database's work (the product passes none). */
export type RoutedCounts = { d1Calls: number; storeCalls: number; d1RowsRead: number; storeRowsRead: number };

type Stub = Pick<DurableObjectStub<WeddingStore>, "batch">;
type Routed = { sql: string; params: unknown[]; routed: true };

const metaOf = (rowsRead: number, rowsWritten: number, changes: number) => ({
  rows_read: rowsRead,
  rows_written: rowsWritten,
  changes,
  duration: 0,
  last_row_id: 0,
  changed_db: changes > 0,
  size_after: 0,
});

/**
 * A D1Database whose statements run in the wedding's store when they name only its tables, else in
 * D1; a batch is one call to each side that has statements (at the same time), and is refused when
 * it would write on one side and touch the other.
 */
export function storeRouted(db: D1Database, store: Stub, counts?: RoutedCounts): D1Database {
  const statement = (sql: string, params: unknown[] = []) => {
    const side = sideOf(sql);
    const s = {
      sql,
      params,
      routed: true as const,
      side,
      bind: (...p: unknown[]) => statement(sql, p),
      all: async () => (await batch([s]))[0]!,
      run: async () => (await batch([s]))[0]!,
      first: async (column?: string) => {
        const row = ((await batch([s]))[0]!.results[0] ?? null) as Record<string, unknown> | null;
        return column ? (row?.[column] ?? null) : row;
      },
      raw: async () => (await batch([s]))[0]!.results.map((r) => Object.values(r as object)),
    };
    return s;
  };
  async function batch(statements: (Routed & { side?: Side })[]): Promise<D1Result[]> {
    if (statements.some((s) => s?.routed !== true)) throw new Error("A moved wedding's batch takes only statements prepared on its own database (wedding.db).");
    const toStore = statements.map((s) => s.side === "store");
    const storeSide = statements.filter((_, i) => toStore[i]);
    const d1Side = statements.filter((_, i) => !toStore[i]);
    if (storeSide.length && d1Side.length && [...storeSide, ...d1Side].some((s) => isWrite(s.sql)))
      throw new Error(
        "A batch writes to a wedding's store and to D1 at once: they are two commits, so it could be half done. Write each side in its own step.",
      );
    const [fromStore, fromD1] = await Promise.all([
      storeSide.length ? (store.batch(storeSide.map(({ sql, params }) => ({ sql, params }) as StoreStatement)) as unknown as Promise<StoreResult[]>) : [],
      d1Side.length ? db.batch(d1Side.map(({ sql, params }) => db.prepare(sql).bind(...params))) : [],
    ]);
    if (counts && storeSide.length) counts.storeCalls += 1;
    if (counts && d1Side.length) counts.d1Calls += 1;
    let s = 0;
    let d = 0;
    return statements.map((_, i) => {
      if (toStore[i]) {
        const r = fromStore[s++]!;
        if (counts) counts.storeRowsRead += r.rowsRead;
        return { results: r.results, success: true, meta: metaOf(r.rowsRead, r.rowsWritten, r.changes) } as D1Result;
      }
      const r = fromD1[d++]!;
      if (counts) counts.d1RowsRead += r.meta?.rows_read ?? 0;
      return r;
    });
  }
  return { prepare: (sql: string) => statement(sql), batch } as unknown as D1Database;
}
