import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../env.ts";
import { ANSWER_COUNTERS_SCHEMA, isWrite, STORE_TABLES, WEDDING_STORE_SCHEMA, type StoreTable } from "./schema.ts";
import { ACTIVITY_KEPT_MS } from "#domain/weddings/index.ts";
import { WAITING_TO_ANSWER_IN_STORE_SQL } from "#domain/planning/index.ts";
import { RSVP_FIGURES_IN_STORE_SQL } from "#domain/guests/index.ts";
import type { RsvpFigures } from "#domain/core/index.ts";
import { log } from "#platform/log.ts";

/** A write of the store's activity entries (the guest list's, of a moved wedding). */
const WRITES_ACTIVITY = /\bwedding_activity\b/i;

/** One statement sent to a store: SQL with `?` or `?N` parameters and their values. */
export type StoreStatement = { sql: string; params: unknown[] };
/**
 * What a statement answered: its rows, what SQLite counted (as D1's meta.rows_read and rows_written,
 * triggers' rows included) and, for a write, the rows it changed itself (SQLite's changes(), D1's meta.changes).
 */
export type StoreResult = { results: Record<string, unknown>[]; rowsRead: number; rowsWritten: number; changes: number };

const COLUMN = /^[a-z_][a-z0-9_]*$/;
/** Bound values one statement may carry in a Durable Object's SQLite. */
const MAX_BOUND = 100;

/**
 * Which move's copy the store is taking (docs/decisions/0066 "Moving every wedding"): set when a copy
 * begins, so rows a lapsed move still sends after another move began are refused. Not a table of the
 * guest list: no routed statement names it, and no export carries it.
 */
const COPY_SCHEMA = "CREATE TABLE IF NOT EXISTS store_copy (one INTEGER PRIMARY KEY CHECK (one = 1), copy TEXT NOT NULL)";

/** A value SQLite binds: a list or an object (a JSON parameter read back from D1) is bound as its JSON text. */
const bindable = (v: unknown) => (v !== null && typeof v === "object" ? JSON.stringify(v) : v);

function createTables(sql: SqlStorage): void {
  for (const statement of [...WEDDING_STORE_SCHEMA, ...ANSWER_COUNTERS_SCHEMA, COPY_SCHEMA]) sql.exec(statement);
}

/**
 * One wedding's guest list in a Durable Object with SQLite storage (decision 0055): a moved
 * wedding's (weddings.stored_at, docs/decisions/0066), read and written through storeRouted (routed.ts). Its tables are D1's (schema.ts), so the planning queries
 * run here unchanged, and a batch is one transaction as D1's is. One object per wedding, named by
 * the wedding's id (`WEDDING_STORE.idFromName(weddingId)`).
 */
export class WeddingStore extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // One transaction: each statement on its own would be a commit (a disk sync) every time an object starts.
    ctx.blockConcurrencyWhile(async () => ctx.storage.transactionSync(() => createTables(ctx.storage.sql)));
  }

  /** Statements in one transaction (all or nothing, as a D1 batch): each one's rows and counts. */
  batch(statements: StoreStatement[]): StoreResult[] {
    const results = this.ctx.storage.transactionSync(() =>
      statements.map(({ sql, params }) => {
        const cursor = this.ctx.storage.sql.exec(sql, ...params);
        const results = cursor.toArray() as Record<string, unknown>[];
        // changes() is the last INSERT, UPDATE or DELETE's own rows; a SELECT leaves it as it was (so the next statement's changes() is unmoved).
        const changes = isWrite(sql) ? Number(this.ctx.storage.sql.exec("SELECT changes() AS n").one().n) : 0;
        return { results, rowsRead: cursor.rowsRead, rowsWritten: cursor.rowsWritten, changes };
      }),
    );
    if (statements.some(({ sql }) => isWrite(sql) && WRITES_ACTIVITY.test(sql)))
      void this.schedulePurge().catch((e: unknown) => log.error("wedding store: the activity purge's alarm was not set", {}, e));
    return results;
  }

  /**
   * Activity entries are kept a year (ACTIVITY_KEPT_MS, as D1's daily purge keeps them): the store's
   * own alarm deletes them, set for when its oldest entry turns a year old, so no daily job has to
   * visit every wedding's store. Set after a write of an entry when none is set.
   */
  private async schedulePurge(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) !== null) return;
    const oldest = this.ctx.storage.sql.exec("SELECT MIN(created_at) AS at FROM wedding_activity").one().at;
    if (oldest !== null) await this.ctx.storage.setAlarm(Number(oldest) + ACTIVITY_KEPT_MS);
  }

  /** The activity purge's alarm: entries a year old go, and the next alarm is set for the oldest left. */
  override async alarm(): Promise<void> {
    this.ctx.storage.sql.exec("DELETE FROM wedding_activity WHERE created_at <= ?", Date.now() - ACTIVITY_KEPT_MS);
    await this.schedulePurge();
  }

  /**
   * The store's halves of writes that changed D1 and this store (docs/decisions/0066, "Writes on both
   * sides"), in the order D1 committed them (`seq`), in one transaction: each runs once. A write at or
   * below the last `seq` run here was run already (by another request finishing the same writes) and
   * is skipped, so two requests finishing them at once run each one once, in order. Returns how many ran.
   */
  applyWrites(writes: { seq: number; statements: StoreStatement[] }[]): number {
    const sql = this.ctx.storage.sql;
    return this.ctx.storage.transactionSync(() => {
      const last = Number(sql.exec("SELECT COALESCE(MAX(seq), 0) AS n FROM applied_writes").one().n);
      let ran = 0;
      let upTo = last;
      for (const write of [...writes].sort((a, b) => a.seq - b.seq)) {
        if (write.seq <= upTo) continue;
        for (const { sql: text, params } of write.statements) sql.exec(text, ...params.map(bindable));
        upTo = write.seq;
        ran += 1;
      }
      if (upTo > last) sql.exec("INSERT OR REPLACE INTO applied_writes (id, seq) VALUES (1, ?)", upTo);
      return ran;
    });
  }

  /**
   * The daily planning reminder's households waiting to answer, per function from `day` to `until`
   * (decision 0066, "cross-wedding reads reach the store"): the rule of D1's page read
   * (functions/domain/planning/reminder-reads.ts), over this wedding's counters.
   */
  waitingToAnswer(coupleId: string, day: string, until: string): Record<string, unknown>[] {
    return this.ctx.storage.sql.exec(WAITING_TO_ANSWER_IN_STORE_SQL, day, coupleId, until).toArray() as Record<string, unknown>[];
  }

  /** The WhatsApp RSVP summary's figures, and whether a guest answered after `since` (functions/domain/guests/rsvp-whatsapp.ts's rule). */
  rsvpFigures(coupleId: string, since: number): RsvpFigures {
    const row = this.ctx.storage.sql.exec(RSVP_FIGURES_IN_STORE_SQL, coupleId, since).one();
    return { answered: Number(row.answered), coming: Number(row.coming), declined: Number(row.declined), invited: Number(row.invited) };
  }

  /**
   * Rows copied in (from D1, when a wedding moves; the bench's seeding): each row an object of column values. Returns how many were written.
   * Plain INSERTs: a row already there refuses the whole call (copy a wedding again after `drop`). An outer OR REPLACE would also
   * turn the counters' triggers' own INSERT OR IGNORE into a REPLACE and reset a function's counts (SQLite lets the outer clause win).
   */
  importRows(table: StoreTable, rows: Record<string, unknown>[], copy?: string): number {
    if (!STORE_TABLES.includes(table)) throw new Error(`Not a store table: ${table}`);
    if (copy !== undefined && this.copyTaken() !== copy) throw new Error("Another move of this wedding began a copy: this one's rows are refused.");
    if (rows.length === 0) return 0;
    const columns = Object.keys(rows[0]!);
    if (!columns.every((c) => COLUMN.test(c))) throw new Error("Bad column name.");
    // As many rows a statement as its bound values allow (a store's SQL takes at most 100): one statement per row costs several times more.
    const perStatement = Math.max(1, Math.floor(MAX_BOUND / columns.length));
    const one = `(${columns.map(() => "?").join(", ")})`;
    const insert = (n: number) => `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${Array.from({ length: n }, () => one).join(", ")}`;
    const full = insert(perStatement);
    return this.ctx.storage.transactionSync(() => {
      for (let at = 0; at < rows.length; at += perStatement) {
        const part = rows.slice(at, at + perStatement);
        this.ctx.storage.sql.exec(part.length === perStatement ? full : insert(part.length), ...part.flatMap((row) => columns.map((c) => row[c] ?? null)));
      }
      return rows.length;
    });
  }

  /** A move's copy begins: the store is emptied and takes rows only from `copy` (importRows' third argument) until the next begins. */
  async beginCopy(copy: string): Promise<void> {
    await this.drop();
    this.ctx.storage.sql.exec("INSERT INTO store_copy (one, copy) VALUES (1, ?)", copy);
  }

  private copyTaken(): string | null {
    const row = this.ctx.storage.sql.exec("SELECT copy FROM store_copy").toArray()[0];
    return row ? String(row.copy) : null;
  }

  /** Whether the store holds a move's copy (begun by beginCopy, not emptied since): D1's frozen copy may go only then. */
  holdsCopy(): boolean {
    return this.copyTaken() !== null;
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
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.ctx.storage.transactionSync(() => createTables(this.ctx.storage.sql));
  }
}
