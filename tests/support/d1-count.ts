/**
 * A D1 binding that counts what one Worker invocation sends to D1, as Cloudflare's "queries per
 * Worker invocation" counts it (docs/deploy.md, "D1's queries per invocation"): every call that
 * goes to the database is one (a statement's first/all/run/raw, a batch, an exec), whatever it
 * holds. The statements inside the calls are counted too, for the stricter reading. Calls made
 * through a D1 session (`withSession`, as every request's domain does) are counted the same.
 */
export type D1Count = { calls: number; statements: number };

export function countingDatabase(db: D1Database): { db: D1Database; count: D1Count; reset: () => void } {
  const count: D1Count = { calls: 0, statements: 0 };
  const natives = new WeakMap<object, D1PreparedStatement>();
  const spend = (statements: number) => {
    count.calls += 1;
    count.statements += statements;
  };

  const wrapStatement = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values));
        if (key === "first" || key === "all" || key === "run" || key === "raw") {
          const method = target[key] as (...args: unknown[]) => Promise<unknown>;
          return (...args: unknown[]) => {
            spend(1);
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

  // The database and its sessions have prepare and batch alike.
  const wrapDatabase = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, key) {
        const self = t as unknown as D1Database;
        if (key === "prepare") return (sql: string) => wrapStatement(self.prepare(sql));
        if (key === "batch")
          return (stmts: D1PreparedStatement[]) => {
            spend(stmts.length);
            return self.batch(stmts.map((s) => natives.get(s) ?? s));
          };
        if (key === "exec")
          return (sql: string) => {
            spend(sql.split(";").filter((s) => s.trim()).length);
            return self.exec(sql);
          };
        if (key === "withSession") return (constraint?: string) => wrapDatabase(self.withSession(constraint) as unknown as object);
        const value = Reflect.get(t, key, t) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(t) : value;
      },
    });

  return {
    db: wrapDatabase(db),
    count,
    reset: () => {
      count.calls = 0;
      count.statements = 0;
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
