import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { WeddingStoresPort } from "#domain/core/index.ts";
import { MOVE_LEASE_MS, moveWeddingsToStores, moveWeddingToStore, StoreCallsSpent, WeddingMoveBusy } from "#domain/weddings/index.ts";
import { DAILY, jobsBySchedule } from "#functions/cron/index.ts";
import { runJobSlice } from "#functions/cron/continuations.ts";
import { weddingStore, weddingStoresFor } from "#functions/stores/wedding-store/index.ts";
import type { Env } from "#functions/env.ts";
import { createUser } from "#tests/support/factories.ts";
import { answer, createEvent, createGuest, createHousehold, invite } from "#tests/support/planning.ts";

/**
 * Each wedding's store, step 2 (issue 33, docs/decisions/0066 "Moving every wedding"): the daily job
 * moves every wedding still in D1 to its store, oldest first, one after another, within a part's
 * calls to the stores, and never two moves of one wedding at once (a lease on the wedding, and a
 * store that takes only the last begun copy's rows).
 */

/** A couple's wedding with a small guest list in D1, made `age` ms before now (the job takes the oldest first). */
async function weddingInD1(age: number) {
  const user = await createUser({ role: "USER" });
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO weddings (id, couple_user_id, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)")
    .bind(id, user.id, Date.now() - age)
    .run();
  const sangeet = await createEvent(user.id, { name: "Sangeet", eventDate: "2027-02-13" });
  const household = await createHousehold(user.id, "Sharma family");
  const guest = await createGuest(user.id, household.id, { name: "Anil Sharma" });
  await invite(household.id, sangeet.id);
  await answer(guest.id, sangeet.id, "ATTENDING", 2);
  return { userId: user.id, weddingId: id };
}

const storedAt = async (weddingId: string) =>
  (await env.DB.prepare("SELECT stored_at FROM weddings WHERE id = ?").bind(weddingId).first<{ stored_at: number | null }>())?.stored_at ?? null;

const unmoved = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM weddings WHERE stored_at IS NULL").first<{ n: number }>())!.n;

const stores = () => weddingStoresFor(env)!;

describe("the job that moves every wedding to its store", () => {
  it("moves every wedding still in D1, oldest first, a few a part, and a run after the last changes nothing", async () => {
    const weddings = [await weddingInD1(3 * 86_400_000), await weddingInD1(2 * 86_400_000), await weddingInD1(86_400_000)];
    const now = Date.now();
    // Four calls to the stores a part: one wedding's move makes three here (begin the copy, the copy's rows, what the store holds).
    const parts: { moved: string[] }[] = [];
    for (let part = 0; part < 20; part++) {
      try {
        parts.push(await moveWeddingsToStores({ db: env.DB, stores: stores(), now }, 4));
        break;
      } catch (e) {
        expect(e).toBeInstanceOf(StoreCallsSpent);
      }
    }
    expect(await unmoved()).toBe(0);
    for (const w of weddings) expect(await storedAt(w.weddingId)).toBe(now);
    // Oldest first: the first part's wedding was the oldest (each part starts again with what is still to move).
    const order = await env.DB.prepare("SELECT id FROM weddings WHERE id IN (?, ?, ?) ORDER BY created_at")
      .bind(...weddings.map((w) => w.weddingId))
      .all<{ id: string }>();
    expect(order.results.map((r) => r.id)).toEqual(weddings.map((w) => w.weddingId));
    // Each store holds its wedding's guest list; the leases are let go.
    for (const w of weddings) {
      expect((await weddingStore(env.WEDDING_STORE!, w.weddingId).stats()).rows).toEqual({
        events: 1,
        households: 1,
        guests: 1,
        household_invitations: 1,
        guest_rsvps: 1,
      });
      const lease = await env.DB.prepare("SELECT move_lease, move_lease_until FROM weddings WHERE id = ?").bind(w.weddingId).first();
      expect(lease).toEqual({ move_lease: null, move_lease_until: null });
    }
    expect(await moveWeddingsToStores({ db: env.DB, stores: stores(), now: now + 1 })).toEqual({ moved: [], failed: [], storeCalls: 0 });
  });

  it("passes by a wedding another move holds, and a wedding whose move failed until its lease lapses", async () => {
    const held = await weddingInD1(5 * 86_400_000);
    const failing = await weddingInD1(4 * 86_400_000);
    const plain = await weddingInD1(3 * 86_400_000);
    const now = Date.now();
    await env.DB.prepare("UPDATE weddings SET move_lease = 'another', move_lease_until = ? WHERE id = ?")
      .bind(now + 60_000, held.weddingId)
      .run();
    // The store of one wedding refuses its rows (a store that is unavailable for a moment).
    const real = stores();
    const flaky: WeddingStoresPort = {
      ...real,
      importRows: (weddingId, ...rest) =>
        weddingId === failing.weddingId ? Promise.reject(new Error("store unavailable")) : real.importRows(weddingId, ...rest),
    };

    const run = await moveWeddingsToStores({ db: env.DB, stores: flaky, now }, 1_000);
    expect(run.moved).toContain(plain.weddingId);
    expect(run.moved).not.toContain(held.weddingId);
    expect(run.failed).toEqual([{ weddingId: failing.weddingId, error: "store unavailable" }]);
    expect(await storedAt(held.weddingId)).toBeNull();
    expect(await storedAt(failing.weddingId)).toBeNull();
    // Another move of the held wedding is refused while the lease is in force, and changes nothing.
    await expect(moveWeddingToStore({ db: env.DB, stores: real, now }, held.weddingId)).rejects.toBeInstanceOf(WeddingMoveBusy);
    expect(await env.DB.prepare("SELECT move_lease FROM weddings WHERE id = ?").bind(held.weddingId).first("move_lease")).toBe("another");

    // The same run again passes both by; once their leases lapse, a later run moves them.
    expect(await moveWeddingsToStores({ db: env.DB, stores: real, now }, 1_000)).toMatchObject({ moved: [], failed: [] });
    const later = now + MOVE_LEASE_MS;
    const again = await moveWeddingsToStores({ db: env.DB, stores: real, now: later }, 1_000);
    expect(again.moved).toEqual(expect.arrayContaining([held.weddingId, failing.weddingId]));
    expect(await storedAt(failing.weddingId)).toBe(later);
    expect((await weddingStore(env.WEDDING_STORE!, failing.weddingId).stats()).rows.guests).toBe(1);
  });

  it("a store refuses the rows of a copy once another move began its own, so a lapsed move cannot mix into it", async () => {
    const w = await weddingInD1(86_400_000);
    const store = stores();
    await store.beginCopy(w.weddingId, "lapsed");
    await store.beginCopy(w.weddingId, "current");
    const row = { id: "e1", user_id: w.userId, name: "Sangeet", event_date: "2027-02-13", created_at: 1, updated_at: 1 };
    // Awaited in a try: an RPC promise handed to expect().rejects is also reported as unhandled.
    const refused = await store.importRows(w.weddingId, "events", [row], "lapsed").then(
      () => null,
      (e: Error) => e.message,
    );
    expect(refused).toMatch(/Another move of this wedding/);
    expect((await store.rows(w.weddingId)).events).toBe(0);
    expect(await store.importRows(w.weddingId, "events", [row], "current")).toBe(1);
  });

  it("runs in the daily cron only where the deployer turned it on, and goes on in further parts when a part's calls are spent", async () => {
    const w = await weddingInD1(10 * 86_400_000);
    const job = jobsBySchedule[DAILY]!.find((j) => j.name === "move-weddings-to-stores")!;
    const message = { cron: DAILY, job: job.name, now: Date.now(), part: 0 };
    // Not turned on: nothing moves.
    expect(await runJobSlice(job, { ...env, WEDDING_MOVES: undefined } as Env, message)).toMatchObject({ ok: true, done: true });
    expect(await storedAt(w.weddingId)).toBeNull();
    // Turned on, without a jobs queue: the parts run one after another in this invocation until every wedding has moved.
    const slice = await runJobSlice(job, { ...env, WEDDING_MOVES: "on", JOB_QUEUE: undefined } as Env, message);
    expect(slice).toMatchObject({ ok: true, done: true });
    expect(await storedAt(w.weddingId)).toBe(message.now);
    expect(await unmoved()).toBe(0);
  });
});
