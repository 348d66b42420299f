/**
 * A request's D1 database that notes how long the request waited on D1 and how many statements it
 * ran, for the page's Server-Timing header (`d1;dur=…;desc="N statements, M round trips"`), which
 * the bench reads to split a page's time (docs/decisions/0035). It wraps the D1 binding for the
 * whole request (the page cache's version, the session, and the domain's D1 session made from it),
 * so the round trips are the request's queries as Cloudflare counts them per invocation (a batch is
 * one; docs/deploy.md), up to the answer (mail handed to the queue after it is not included).
 *
 * A Worker's clock stands still while its code runs and moves only while it waits on I/O, so the
 * time around a D1 call is time spent waiting on D1. Calls that overlap (Promise.all) are counted
 * once: the measure is the time during which at least one D1 call was outstanding. Rendering and
 * serialization do not move the clock; they show only as the client's time minus this.
 */
export type D1Timing = { ms: number; statements: number; roundTrips: number; rowsRead: number; rowsWritten: number };

type Meta = { rows_read?: number; rows_written?: number };

export function timedDatabase(db: D1Database): { db: D1Database; timing: () => D1Timing } {
  let ms = 0;
  let statements = 0;
  let roundTrips = 0;
  let rowsRead = 0;
  let rowsWritten = 0;
  let outstanding = 0;
  let since = 0;
  const targets = new WeakMap<object, D1PreparedStatement>();

  // D1's billed rows (docs/decisions/0051-a-million-listings.md): every answer's meta, a batch's answers each.
  const countRows = (result: unknown) => {
    for (const r of Array.isArray(result) ? result : [result]) {
      const meta = (r as { meta?: Meta } | null)?.meta;
      rowsRead += meta?.rows_read ?? 0;
      rowsWritten += meta?.rows_written ?? 0;
    }
  };

  async function timed<T>(count: number, work: () => Promise<T>): Promise<T> {
    statements += count;
    roundTrips++;
    if (outstanding++ === 0) since = Date.now();
    try {
      const result = await work();
      countRows(result);
      return result;
    } finally {
      if (--outstanding === 0) ms += Date.now() - since;
    }
  }

  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        // first() runs the whole statement as all() does (D1 adds no LIMIT) but hides its meta: it is all() here, its first row kept.
        if (key === "first")
          return (column?: string) =>
            timed(1, async () => {
              const result = await target.all<Record<string, unknown>>();
              const row = result.results[0] ?? null;
              if (column !== undefined && row && !(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
              return { meta: result.meta, value: column === undefined ? row : row ? (row[column] ?? null) : null };
            }).then((r) => r.value);
        if (key === "all" || key === "run" || key === "raw") {
          const method = target[key] as (...args: unknown[]) => Promise<unknown>;
          return (...args: unknown[]) => timed(1, () => method.apply(target, args));
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    targets.set(proxy, stmt);
    return proxy;
  };

  // The database and the D1 sessions made from it (every request's domain reads through one) alike.
  const wrapDatabase = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, key) {
        const self = t as unknown as D1Database;
        if (key === "prepare") return (sql: string) => wrap(self.prepare(sql));
        if (key === "batch") return (stmts: D1PreparedStatement[]) => timed(stmts.length, () => self.batch(stmts.map((s) => targets.get(s) ?? s)));
        if (key === "exec") return (sql: string) => timed(1, () => self.exec(sql));
        if (key === "withSession" && typeof self.withSession === "function")
          return (constraint?: string) => wrapDatabase(self.withSession(constraint) as unknown as object);
        const value = Reflect.get(t, key, t) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(t) : value;
      },
    });
  return { db: wrapDatabase(db), timing: () => ({ ms, statements, roundTrips, rowsRead, rowsWritten }) };
}

/** The Server-Timing entry for a request's D1 time. */
export function d1ServerTiming(t: D1Timing): string {
  return `d1;dur=${t.ms};desc="${t.statements} statements, ${t.roundTrips} round trips, ${t.rowsRead} rows read, ${t.rowsWritten} rows written"`;
}
