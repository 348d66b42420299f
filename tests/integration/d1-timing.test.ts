import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1ServerTiming, timedDatabase } from "#platform/d1-timing.ts";

/** The page's D1 time and statement count for Server-Timing (functions/platform/d1-timing.ts), against the test D1. */
describe("a request's timed D1", () => {
  it("answers as D1 does and counts statements and round trips, a batch as one trip", async () => {
    const { db, timing } = timedDatabase(env.DB);
    expect(await db.prepare("SELECT ? AS n").bind(7).first<number>("n")).toBe(7);
    const [a, b] = await db.batch<{ n: number }>([db.prepare("SELECT 1 AS n"), db.prepare("SELECT ? AS n").bind(2)]);
    expect([a!.results[0]!.n, b!.results[0]!.n]).toEqual([1, 2]);
    await Promise.all([db.prepare("SELECT 3").all(), db.prepare("SELECT 4").raw()]);
    const t = timing();
    expect(t.statements).toBe(5);
    expect(t.roundTrips).toBe(4);
    expect(t.ms).toBeGreaterThanOrEqual(0);
    // Constant SELECTs read no table rows: D1 bills none.
    expect(t.rowsRead).toBe(0);
    expect(t.rowsWritten).toBe(0);
    expect(d1ServerTiming(t)).toBe(`d1;dur=${t.ms};desc="5 statements, 4 round trips, 0 rows read, 0 rows written"`);
  });

  it("counts the rows a write and a read through first() touch", async () => {
    const { db, timing } = timedDatabase(env.DB);
    await db.prepare("CREATE TABLE IF NOT EXISTS d1_timing_rows (n INTEGER)").run();
    await db.prepare("INSERT INTO d1_timing_rows (n) VALUES (1), (2), (3)").run();
    const before = timing();
    expect(before.rowsWritten).toBeGreaterThanOrEqual(3);
    expect(await db.prepare("SELECT count(*) AS n FROM d1_timing_rows").first<number>("n")).toBe(3);
    expect(timing().rowsRead - before.rowsRead).toBeGreaterThanOrEqual(3);
    await expect(db.prepare("SELECT 1 AS n").first("m")).rejects.toThrow(/D1_COLUMN_NOTFOUND/);
  });

  it("still counts a statement that fails, and lets its error through", async () => {
    const { db, timing } = timedDatabase(env.DB);
    await expect(db.prepare("SELECT * FROM no_such_table").all()).rejects.toThrow(/no_such_table/);
    expect(timing().statements).toBe(1);
    // Nothing is left outstanding: a later call is timed on its own.
    await db.prepare("SELECT 1").first();
    expect(timing().roundTrips).toBe(2);
  });
});
