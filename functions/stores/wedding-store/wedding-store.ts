import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../env.ts";
import { STORE_TABLES, WEDDING_STORE_SCHEMA, type StoreTable } from "./schema.ts";

/** One statement sent to a store: SQL with `?` or `?N` parameters and their values. */
export type StoreStatement = { sql: string; params: unknown[] };
/** What a statement answered: its rows and what SQLite counted (as D1's meta.rows_read and rows_written). */
export type StoreResult = { results: Record<string, unknown>[]; rowsRead: number; rowsWritten: number };

const COLUMN = /^[a-z_][a-z0-9_]*$/;

/**
 * One wedding's guest list in a Durable Object with SQLite storage (a prototype: decision 0055;
 * nothing in the product reads it yet). Its tables are D1's (schema.ts), so the planning queries
 * run here unchanged, and a batch is one transaction as D1's is. One object per wedding, named by
 * the wedding's id (`WEDDING_STORE.idFromName(weddingId)`).
 */
export class WeddingStore extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      for (const sql of WEDDING_STORE_SCHEMA) ctx.storage.sql.exec(sql);
    });
  }

  /** Statements in one transaction (all or nothing, as a D1 batch): each one's rows and counts. */
  batch(statements: StoreStatement[]): StoreResult[] {
    return this.ctx.storage.transactionSync(() =>
      statements.map(({ sql, params }) => {
        const cursor = this.ctx.storage.sql.exec(sql, ...params);
        const results = cursor.toArray() as Record<string, unknown>[];
        return { results, rowsRead: cursor.rowsRead, rowsWritten: cursor.rowsWritten };
      }),
    );
  }

  /** Rows copied in (from D1, when a wedding moves; the bench's seeding): each row an object of column values. Returns how many were written. */
  importRows(table: StoreTable, rows: Record<string, unknown>[]): number {
    if (!STORE_TABLES.includes(table)) throw new Error(`Not a store table: ${table}`);
    if (rows.length === 0) return 0;
    const columns = Object.keys(rows[0]!);
    if (!columns.every((c) => COLUMN.test(c))) throw new Error("Bad column name.");
    const sql = `INSERT OR REPLACE INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
    return this.ctx.storage.transactionSync(() => {
      for (const row of rows) this.ctx.storage.sql.exec(sql, ...columns.map((c) => row[c] ?? null));
      return rows.length;
    });
  }

  /** Every row of every table (the wedding's export, and the copy back to D1 if the move is undone). */
  exportRows(): Record<StoreTable, Record<string, unknown>[]> {
    const out = {} as Record<StoreTable, Record<string, unknown>[]>;
    for (const t of STORE_TABLES) out[t] = this.ctx.storage.sql.exec(`SELECT * FROM ${t}`).toArray() as Record<string, unknown>[];
    return out;
  }

  /** The store's size on disk and its rows per table. */
  stats(): { bytes: number; rows: Record<StoreTable, number> } {
    const rows = {} as Record<StoreTable, number>;
    for (const t of STORE_TABLES) rows[t] = Number(this.ctx.storage.sql.exec(`SELECT COUNT(*) AS n FROM ${t}`).one().n);
    return { bytes: this.ctx.storage.sql.databaseSize, rows };
  }

  /** The wedding is gone (its couple closed the account): every row and the object's storage (the empty tables come back, so a late call finds nothing rather than failing). */
  async drop(): Promise<void> {
    await this.ctx.storage.deleteAll();
    for (const sql of WEDDING_STORE_SCHEMA) this.ctx.storage.sql.exec(sql);
  }
}
