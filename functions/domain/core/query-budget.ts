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
 * `db` with its calls counted against `budget` (shared by every view of one invocation) and in
 * `tally` (this view's own count, e.g. one job's). Statements prepared on the view may be batched
 * on it; a batch counts once.
 */
export function meteredDatabase(db: D1Database, budget: QueryBudget, tally: { calls: number } = { calls: 0 }): D1Database {
  const natives = new WeakMap<object, D1PreparedStatement>();
  const spend = () => {
    if (budget.used >= budget.limit) throw new QueryBudgetSpent(budget.limit);
    budget.used += 1;
    tally.calls += 1;
  };
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (key === "first" || key === "all" || key === "run" || key === "raw") {
          const method = target[key] as (...args: unknown[]) => Promise<unknown>;
          return async (...args: unknown[]) => {
            spend();
            return method.apply(target, args);
          };
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    natives.set(proxy, stmt);
    return proxy;
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => wrap(target.prepare(sql));
      if (key === "batch")
        return async (stmts: D1PreparedStatement[]) => {
          spend();
          return target.batch(stmts.map((s) => natives.get(s) ?? s));
        };
      if (key === "exec")
        return async (sql: string) => {
          spend();
          return target.exec(sql);
        };
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
