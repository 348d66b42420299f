/**
 * A page's reads sent to D1 together (issue 33, decision 0060). React Router runs a page's loaders
 * at once: on a couple's page the dashboard layout asks for the unread enquiries, the mail
 * suppression and the weddings, and the route its own wedding, each one D1 call, one round trip to
 * the database. Here the single SELECT statements asked for before the Worker next waits (one turn of
 * its event loop) go as ONE D1 batch, in the order they were asked, and each caller gets its own
 * answer. A batch is read in one transaction, so they also see the same moment of the database.
 *
 * Only reads wait for the turn: any other statement (a write, `raw()`, an explicit `batch`) goes out
 * at once, as before. If the batch fails (one statement's error fails the whole batch), each of its
 * statements is sent again alone, so each caller gets its own answer or its own error.
 */

/**
 * Runs `fn` once the promises already settling have had their turns: MICROTASK_TURNS hops of the
 * microtask queue, each a fraction of a microsecond. A loader's next read follows a few awaits
 * (its helpers' async functions), never I/O, so they are all in the queue by then. Not a timer:
 * workerd holds setTimeout(…, 0) and setImmediate each for about 1.2 ms of wall time (measured:
 * 100 in a row took 118-120 ms; 100 microtask hops 7 ms with the request's own cost).
 */
const MICROTASK_TURNS = 64;
function afterPendingPromises(fn: () => void) {
  let turns = 0;
  const hop = () => (++turns >= MICROTASK_TURNS ? fn() : queueMicrotask(hop));
  queueMicrotask(hop);
}

type Pending = { stmt: D1PreparedStatement; resolve: (r: D1Result) => void; reject: (e: unknown) => void };

const READ = /^\s*SELECT\b/i;

export function coalescedReads(db: D1Database): D1Database {
  let queue: Pending[] = [];
  const underlying = new WeakMap<object, D1PreparedStatement>();

  async function flush() {
    const pending = queue;
    queue = [];
    if (pending.length === 1) {
      const [only] = pending;
      only!.stmt.all().then(only!.resolve, only!.reject);
      return;
    }
    try {
      const results = await db.batch(pending.map((p) => p.stmt));
      pending.forEach((p, i) => p.resolve(results[i]!));
    } catch {
      for (const p of pending) p.stmt.all().then(p.resolve, p.reject);
    }
  }

  const read = (stmt: D1PreparedStatement) =>
    new Promise<D1Result>((resolve, reject) => {
      if (queue.length === 0) afterPendingPromises(() => void flush());
      queue.push({ stmt, resolve, reject });
    });

  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql);
        if (READ.test(sql)) {
          if (key === "all") return () => read(target);
          // D1's first() is all() with its first row kept (D1 adds no LIMIT).
          if (key === "first")
            return async (column?: string) => {
              const row = ((await read(target)).results[0] ?? null) as Record<string, unknown> | null;
              if (column === undefined) return row;
              if (row && !(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
              return row ? (row[column] ?? null) : null;
            };
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    underlying.set(proxy, stmt);
    return proxy;
  };

  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (key === "batch") return (stmts: D1PreparedStatement[]) => target.batch(stmts.map((s) => underlying.get(s) ?? s));
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
