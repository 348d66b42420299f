import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { coalescedReads } from "#platform/d1-reads.ts";
import { timedDatabase } from "#platform/d1-timing.ts";

/** A page's reads sent together (functions/platform/d1-reads.ts), against the test D1, counted as the page's Server-Timing counts them. */
describe("a page's reads sent to D1 together", () => {
  it("reads asked for at once go as one round trip, each caller with its own answer", async () => {
    const timed = timedDatabase(env.DB);
    const db = coalescedReads(timed.db);
    const [n, row, all, missing] = await Promise.all([
      db.prepare("SELECT ? AS n").bind(7).first<number>("n"),
      db.prepare("SELECT 'a' AS x, 2 AS y").first<{ x: string; y: number }>(),
      db.prepare("SELECT 1 AS n UNION ALL SELECT 2").all<{ n: number }>(),
      db.prepare("SELECT 1 AS n WHERE 0").first(),
    ]);
    expect([n, row, all.results.map((r) => r.n), missing]).toEqual([7, { x: "a", y: 2 }, [1, 2], null]);
    expect(timed.timing()).toMatchObject({ statements: 4, roundTrips: 1 });
    // One after another, each waits for the one before: one round trip each, as before.
    expect(await db.prepare("SELECT 3 AS n").first("n")).toBe(3);
    expect(await db.prepare("SELECT 4 AS n").first("n")).toBe(4);
    expect(timed.timing()).toMatchObject({ statements: 6, roundTrips: 3 });
  });

  it("reads asked for after a loader's own awaits (helpers calling helpers) still go in one round trip", async () => {
    const timed = timedDatabase(env.DB);
    const db = coalescedReads(timed.db);
    // A read behind `depth` async helpers, each awaiting the next: as a loader's guard and domain call do.
    const nested = async (depth: number, n: number): Promise<unknown> => {
      if (depth === 0) return db.prepare("SELECT ? AS n").bind(n).first("n");
      await Promise.resolve(depth);
      return nested(depth - 1, n);
    };
    const answers = await Promise.all([nested(0, 1), nested(3, 2), nested(8, 3), Promise.resolve().then(() => nested(5, 4))]);
    expect(answers).toEqual([1, 2, 3, 4]);
    expect(timed.timing()).toMatchObject({ statements: 4, roundTrips: 1 });
  });

  it("a read that fails fails alone: the others read with it get their answers", async () => {
    const db = coalescedReads(env.DB);
    const [good, bad, column, after] = await Promise.allSettled([
      db.prepare("SELECT 1 AS n").first("n"),
      db.prepare("SELECT * FROM no_such_table").all(),
      db.prepare("SELECT 1 AS n").first("m"),
      db.prepare("SELECT 2 AS n").all<{ n: number }>(),
    ]);
    expect(good).toEqual({ status: "fulfilled", value: 1 });
    expect(bad.status === "rejected" && String(bad.reason)).toMatch(/no_such_table/);
    expect(column.status === "rejected" && String(column.reason)).toMatch(/D1_COLUMN_NOTFOUND/);
    expect(after.status === "fulfilled" && after.value.results).toEqual([{ n: 2 }]);
  });

  it("writes, raw reads and the caller's own batches go out at once, in their own round trips", async () => {
    const timed = timedDatabase(env.DB);
    const db = coalescedReads(timed.db);
    await db.prepare("CREATE TABLE IF NOT EXISTS d1_reads_rows (n INTEGER)").run();
    const [, , raw, [inserted, counted]] = await Promise.all([
      db.prepare("INSERT INTO d1_reads_rows (n) VALUES (1), (2)").run(),
      db.prepare("SELECT 1").all(),
      db.prepare("SELECT 5 AS n").raw(),
      db.batch<{ n: number }>([db.prepare("INSERT INTO d1_reads_rows (n) VALUES (3)"), db.prepare("SELECT count(*) AS n FROM d1_reads_rows")]),
    ]);
    expect(raw).toEqual([[5]]);
    expect(inserted!.meta.changes).toBe(1);
    expect(counted!.results[0]!.n).toBeGreaterThanOrEqual(3);
    // The CREATE, then the INSERT, the raw read, the batch and the lone read: one round trip each.
    expect(timed.timing()).toMatchObject({ roundTrips: 5 });
    expect(await db.prepare("SELECT count(*) AS n FROM d1_reads_rows").first("n")).toBeGreaterThanOrEqual(3);
  });
});
