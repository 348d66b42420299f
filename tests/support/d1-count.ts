import { meteredDatabase, type QueryBudget } from "#domain/core/index.ts";

/**
 * A D1 binding that counts what one Worker invocation sends to D1, as Cloudflare's "queries per
 * Worker invocation" counts it (docs/deploy.md, "D1's queries per invocation"): every call that
 * goes to the database is one (a statement's first/all/run/raw, a batch, an exec), whatever it
 * holds. The statements inside the calls are counted too, for the stricter reading. Calls made
 * through a D1 session (`withSession`, as every request's domain does) are counted the same.
 */
export type D1Count = { calls: number; statements: number; rowsRead: number; refused: number };

/**
 * The metered database the scheduled jobs run on (domain/core/query-budget.ts), counting without a
 * limit (`limit` to refuse the call past it, as a job's invocation does), with the rows D1 reports
 * read. `reset` starts a new invocation.
 */
export function countingDatabase(db: D1Database, limit = Number.POSITIVE_INFINITY): { db: D1Database; count: D1Count; reset: () => void } {
  const count: D1Count = { calls: 0, statements: 0, rowsRead: 0, refused: 0 };
  const budget: QueryBudget = { limit, used: 0 };
  return {
    db: meteredDatabase(db, budget, count),
    count,
    reset: () => {
      budget.used = 0;
      count.calls = 0;
      count.statements = 0;
      count.rowsRead = 0;
      count.refused = 0;
    },
  };
}

/**
 * A binding (an R2 bucket, a queue) whose method calls are counted: on the Workers Free plan each
 * is a subrequest, and subrequests (D1 calls among them) are limited to 50 per invocation.
 */
export function countingBinding<T extends object>(binding: T, count: { calls: number }): T {
  return new Proxy(binding, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        count.calls += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
