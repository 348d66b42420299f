/**
 * D1 queries per Worker invocation (issue 31): Cloudflare allows 50 on the Workers Free plan (1,000
 * on Paid), counting each call that goes to D1 (a query, or a batch of statements, once). A
 * scheduled job that may need more runs on a metered database: every call is counted against the
 * invocation's budget, and the call that would go past it is not made: it throws QueryBudgetSpent
 * instead. Jobs are written so that this is safe (each of their writes is one atomic D1 batch that
 * selects only what is still to do), and the cron continues the job in a new invocation
 * (functions/cron/continuations.ts).
 */

/** D1 calls one invocation of a scheduled job may make: a margin under the Free plan's 50. */
export const INVOCATION_QUERY_BUDGET = 45;

/** The invocation's D1 calls: how many it may make and how many it made. */
export type QueryBudget = { limit: number; used: number };

/** Thrown instead of the D1 call that would go past the invocation's budget; nothing of that call was done. */
export class QueryBudgetSpent extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`this invocation's ${limit} D1 queries are spent; the job continues in the next invocation`);
    this.name = "QueryBudgetSpent";
    this.limit = limit;
  }
}

/** True when `e`, or an error it was caused by, is QueryBudgetSpent (jobs wrap their errors with what they did). */
export function isQueryBudgetSpent(e: unknown): e is Error {
  for (let x: unknown = e, depth = 0; x instanceof Error && depth < 5; x = x.cause, depth++) if (x instanceof QueryBudgetSpent) return true;
  return false;
}

/**
 * Calls to weddings' stores (docs/decisions/0066) one part of a daily job makes before it leaves the
 * rest to the next part: the moving job's copies, and the cross-wedding reads of moved weddings (the
 * planning reminder's digest, the WhatsApp RSVP summary). A store call is a subrequest like a D1 call.
 */
export const STORE_CALLS_PER_PART = 25;

/** This part's calls to the stores are spent: the job goes on in the next invocation, as when its D1 calls are (functions/cron/continuations.ts). */
export class StoreCallsSpent extends QueryBudgetSpent {
  constructor(limit: number) {
    super(limit);
    this.message = `this invocation's ${limit} calls to weddings' stores are spent; the job continues in the next invocation`;
    this.name = "StoreCallsSpent";
  }
}

/**
 * A page of couples read by a daily job, cut before the first moved couple (`store_wedding` set) whose
 * store this part's `callsLeft` cannot reach: the page to handle now, and the moved couples in it
 * whose stores to read (one call each). The rest of the read goes to the next part.
 */
export function withinStoreCalls<T extends { store_wedding: string | null }>(read: T[], callsLeft: number): { page: T[]; reading: T[] } {
  const moved = read.filter((c) => c.store_wedding !== null);
  const reading = moved.slice(0, Math.max(0, callsLeft));
  const cut = reading.length < moved.length ? read.indexOf(moved[reading.length]!) : read.length;
  return { page: read.slice(0, cut), reading };
}

/**
 * Where a run of a daily job that reads weddings' stores got to (migration 0178): the last couple
 * done, kept under the job's name and the run's scheduled moment (every part of a run is given the
 * same `now`). A part that stops at its store calls saves it, and the next part starts after it, so
 * a couple whose store was read and who needed nothing is not read again (a part otherwise starts
 * over and would read the same stores each time). It goes when the run ends, and one an earlier run
 * left goes when a cursor is next saved.
 */
export function jobCursorRead(db: D1Database, job: string, runAt: number): D1PreparedStatement {
  return db.prepare("SELECT cursor FROM job_cursors WHERE job = ?1 AND run_at = ?2").bind(job, runAt);
}

/** The statements saving a run's cursor (in the batch of the writes it stands for, or alone). */
export function jobCursorSaved(db: D1Database, job: string, runAt: number, cursor: string): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM job_cursors WHERE job = ?1 AND run_at < ?2").bind(job, runAt - JOB_CURSOR_KEPT_MS),
    db
      .prepare(
        "INSERT INTO job_cursors (job, run_at, cursor, updated_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (job, run_at) DO UPDATE SET cursor = max(cursor, excluded.cursor), updated_at = excluded.updated_at",
      )
      .bind(job, runAt, cursor, Date.now()),
  ];
}

/** The run is done: its cursor goes (and any an earlier run left). */
export function jobCursorDone(db: D1Database, job: string, runAt: number): D1PreparedStatement {
  return db.prepare("DELETE FROM job_cursors WHERE job = ?1 AND run_at <= ?2").bind(job, runAt);
}

/** How long a cursor a run left (one that failed and was given up) is kept: a run's continuations finish within hours. */
const JOB_CURSOR_KEPT_MS = 2 * 86_400_000;

/**
 * What one view of a metered database made: its D1 calls (the budget's unit) and, where the
 * field is present, the statements inside them (a batch holds many), the rows D1 reports it read
 * and wrote (`meta.rows_read`, `meta.rows_written`) and the calls it refused past the budget (a
 * request's measure, tests/integration/d1-request-budgets.test.ts; a job's part, cron/continuations.ts).
 */
export type QueryTally = { calls: number; statements?: number; rowsRead?: number; rowsWritten?: number; refused?: number };

type Meta = { meta?: { rows_read?: number; rows_written?: number } };

/**
 * `db` with its calls counted against `budget` (shared by every view of one invocation) and in
 * `tally` (this view's own count, e.g. one job's). Statements prepared on the view may be batched
 * on it; a batch counts once. D1 sessions made from it (`withSession`, as every request's domain
 * reads through one) are metered alike, so a whole request can run on it.
 */
export function meteredDatabase(db: D1Database, budget: QueryBudget, tally: QueryTally = { calls: 0 }): D1Database {
  const natives = new WeakMap<object, D1PreparedStatement>();
  const spend = (statements: number) => {
    if (budget.used >= budget.limit) {
      if (tally.refused !== undefined) tally.refused += 1;
      throw new QueryBudgetSpent(budget.limit);
    }
    budget.used += 1;
    tally.calls += 1;
    if (tally.statements !== undefined) tally.statements += statements;
  };
  const read = <T>(result: T): T => {
    for (const r of Array.isArray(result) ? (result as Meta[]) : [result as Meta]) {
      if (tally.rowsRead !== undefined) tally.rowsRead += r?.meta?.rows_read ?? 0;
      if (tally.rowsWritten !== undefined) tally.rowsWritten += r?.meta?.rows_written ?? 0;
    }
    return result;
  };
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        // first() reports no meta: where rows are counted it runs as all(), which D1 answers with the same rows.
        if (key === "first" && tally.rowsRead !== undefined)
          return async (column?: string) => {
            spend(1);
            const row = read(await target.all<Record<string, unknown>>()).results[0] ?? null;
            return column === undefined ? row : row === null ? null : (row[column] ?? null);
          };
        if (key === "first" || key === "all" || key === "run" || key === "raw") {
          const method = target[key] as (...args: unknown[]) => Promise<unknown>;
          return async (...args: unknown[]) => {
            spend(1);
            const result = await method.apply(target, args);
            return key === "all" || key === "run" ? read(result) : result;
          };
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    natives.set(proxy, stmt);
    return proxy;
  };
  const wrapDatabase = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, key) {
        const self = t as unknown as D1Database;
        if (key === "prepare") return (sql: string) => wrap(self.prepare(sql));
        if (key === "batch")
          return async (stmts: D1PreparedStatement[]) => {
            spend(stmts.length);
            return read(await self.batch(stmts.map((s) => natives.get(s) ?? s)));
          };
        if (key === "exec")
          return async (sql: string) => {
            spend(sql.split(";").filter((part) => part.trim()).length);
            return self.exec(sql);
          };
        if (key === "withSession" && typeof self.withSession === "function")
          return (constraint?: string) => wrapDatabase(self.withSession(constraint) as unknown as object);
        const value = Reflect.get(t, key, t) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(t) : value;
      },
    });
  return wrapDatabase(db);
}
