import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { approveRequest } from "#domain/invitations/index.ts";
import { COPY_DROP_RETRY_MS, dropMovedCopies, MOVED_COPY_KEPT_MS, moveWeddingToStore, StoreCallsSpent, type MovedCopiesRun } from "#domain/weddings/index.ts";
import { DAILY, jobsBySchedule } from "#functions/cron/index.ts";
import { runJobSlice } from "#functions/cron/continuations.ts";
import { weddingStore, weddingStoresFor } from "#functions/stores/wedding-store/index.ts";
import type { Env } from "#functions/env.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, createUser, sessionCookieFor } from "#tests/support/factories.ts";
import { insertCard } from "#tests/support/invitations.ts";
import { answer, createEvent, createGuest, createHousehold, invite } from "#tests/support/planning.ts";

/**
 * Each wedding's store, step 5 (issue 33, decision 0055's migration plan, docs/decisions/0066 "D1's
 * copy goes after a week"): a week after a wedding moved, the daily job deletes D1's copy of its
 * guest list, frozen since the move, so D1 no longer holds every wedding's guests; the wedding
 * answers as before from its store, and nothing of a wedding in D1 or of a recent move goes.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const DAY_MS = 86_400_000;

/** A couple with a guest list in D1 (two households, answers) and an e-invite request approved before any move. */
async function plannedWedding() {
  const user = await createUser({ role: "USER" });
  const cookie = await sessionCookieFor(user.id);
  await call("/api/v1/checklist/get", { cookie });
  const { id: weddingId } = (await env.DB.prepare("SELECT id FROM weddings WHERE couple_user_id = ?").bind(user.id).first<{ id: string }>())!;
  const sangeet = await createEvent(user.id, { name: "Sangeet", eventDate: "2027-02-13" });
  const sharma = await createHousehold(user.id, "Sharma family");
  const iyer = await createHousehold(user.id, "Iyer family");
  const anil = await createGuest(user.id, sharma.id, { name: "Anil Sharma", phone: "+919876543210" });
  const ravi = await createGuest(user.id, iyer.id, { name: "Ravi Iyer" });
  await invite(sharma.id, sangeet.id);
  await invite(iyer.id, sangeet.id);
  await answer(anil.id, sangeet.id, "ATTENDING", 2);
  await answer(ravi.id, sangeet.id, "DECLINED");
  const card = await insertCard(user.id, { previewKey: `cards/${user.id}/preview.jpg` });
  const published = (await (
    await call(`/api/v1/invitation/${card.id}/publish`, { method: "POST", cookie, body: { eventIds: [sangeet.id], rsvpOpen: true } })
  ).json()) as Loose;
  const asked = await call(`/api/v1/invitation/view/${published.slug}/requests`, {
    method: "POST",
    body: { name: "Priya Nair", phone: "98765 43210", email: "priya@example.com", partySize: 2, dietary: "VEG", answers: { [sangeet.id]: "ATTENDING" } },
  });
  expect(asked.status).toBeLessThan(300);
  const request = (await env.DB.prepare("SELECT id FROM invite_requests WHERE user_id = ?").bind(user.id).first<{ id: string }>())!;
  await approveRequest(testContext({ actor: actorOf(user.id, "USER") }), request.id);
  return { id: user.id, cookie, weddingId, sharma };
}

/** What the couple and a guest see of the guest list, through the API. */
async function seen(w: { cookie: string; sharma: { token: string } }) {
  const read = async (path: string, cookie?: string) => {
    const res = await call(path, cookie ? { cookie } : {});
    return { status: res.status, body: (await res.json()) as Loose };
  };
  const requests = await read("/api/v1/invitation/requests", w.cookie);
  return {
    headcounts: await read("/api/v1/guests/headcounts", w.cookie),
    guests: await read("/api/v1/guests", w.cookie),
    households: await read("/api/v1/guests/households", w.cookie),
    link: await read(`/api/v1/rsvp/${w.sharma.token}`),
    // The approved request keeps its household's personal link.
    approvedLinks: (requests.body.requests as Loose[]).map((r) => [r.status, r.rsvpUrl]),
  };
}

/** D1's rows of the couple's guest list (what the drop deletes). */
async function d1Rows(userId: string) {
  return env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM households WHERE user_id = ?1) AS households, (SELECT COUNT(*) FROM guests WHERE user_id = ?1) AS guests,
       (SELECT COUNT(*) FROM household_invitations WHERE household_id IN (SELECT id FROM households WHERE user_id = ?1)) AS invitations,
       (SELECT COUNT(*) FROM guest_rsvps WHERE guest_id IN (SELECT id FROM guests WHERE user_id = ?1)) AS answers,
       (SELECT COUNT(*) FROM events WHERE user_id = ?1) AS functions`,
  )
    .bind(userId)
    .first<Record<string, number>>();
}

const move = (weddingId: string, now = Date.now()) => moveWeddingToStore({ ...testContext(), now }, weddingId);
const stores = () => weddingStoresFor(env)!;
const weddingRow = (weddingId: string) =>
  env.DB.prepare("SELECT copy_dropped_at, copy_drop_tried_at FROM weddings WHERE id = ?").bind(weddingId).first<Record<string, number | null>>();

describe("D1's copy of a moved wedding's guest list goes after a week", () => {
  it("deletes the copy of a wedding moved a week ago, which answers as before, and leaves a recent move and a wedding in D1 alone", async () => {
    const now = Date.now();
    const old = await plannedWedding();
    const recent = await plannedWedding();
    const inD1 = await plannedWedding();
    await move(old.weddingId, now - MOVED_COPY_KEPT_MS);
    await move(recent.weddingId, now - MOVED_COPY_KEPT_MS + DAY_MS);
    const before = await seen(old);
    expect(before.headcounts.status).toBe(200);
    expect(before.approvedLinks).toEqual([["APPROVED", expect.stringContaining("/rsvp/")]]);
    const recentRows = await d1Rows(recent.id);
    const inD1Rows = await d1Rows(inD1.id);
    const storeBefore = await weddingStore(env.WEDDING_STORE!, old.weddingId).stats();

    expect(await dropMovedCopies({ db: env.DB, stores: stores(), now })).toEqual({ dropped: [old.weddingId], kept: [], storeCalls: 1 });

    // D1 holds none of the moved wedding's guest list; its functions stay (they are written on both sides).
    expect(await d1Rows(old.id)).toEqual({ households: 0, guests: 0, invitations: 0, answers: 0, functions: 1 });
    expect(await weddingRow(old.weddingId)).toEqual({ copy_dropped_at: now, copy_drop_tried_at: null });
    expect(await weddingStore(env.WEDDING_STORE!, old.weddingId).stats()).toEqual(storeBefore);
    // The couple, the guest's link and the approved request's link answer exactly as before.
    expect(await seen(old)).toEqual(before);
    // A move of less than a week and a wedding still in D1 keep every row.
    expect(await d1Rows(recent.id)).toEqual(recentRows);
    expect(await d1Rows(inD1.id)).toEqual(inD1Rows);
    expect(recentRows!.households).toBe(3);
    // Run again (and a day later, the recent move not yet a week old): nothing more goes.
    expect(await dropMovedCopies({ db: env.DB, stores: stores(), now: now + 1 })).toEqual({ dropped: [], kept: [], storeCalls: 0 });
    expect(await d1Rows(recent.id)).toEqual(recentRows);
  });

  it("keeps the copy while the store does not hold the move's copy, and tries again a day later", async () => {
    const now = Date.now();
    const w = await plannedWedding();
    await move(w.weddingId, now - 2 * MOVED_COPY_KEPT_MS);
    const rows = await d1Rows(w.id);
    // The store lost what the move copied (emptied): D1's copy is the only one left.
    await stores().drop(w.weddingId);
    // (The file's other tests' weddings share this D1: each run is read for this wedding only.)
    const outcome = (run: MovedCopiesRun) => ({
      dropped: run.dropped.includes(w.weddingId),
      kept: run.kept.filter((k) => k.weddingId === w.weddingId).map((k) => k.why),
    });
    expect(outcome(await dropMovedCopies({ db: env.DB, stores: stores(), now }))).toEqual({
      dropped: false,
      kept: ["its store does not hold the move's copy"],
    });
    expect(await d1Rows(w.id)).toEqual(rows);
    expect(await weddingRow(w.weddingId)).toEqual({ copy_dropped_at: null, copy_drop_tried_at: now });
    // Passed by for a day, whatever the store says meanwhile; a store that cannot be reached keeps it too.
    expect(outcome(await dropMovedCopies({ db: env.DB, stores: stores(), now: now + COPY_DROP_RETRY_MS - 1 }))).toEqual({ dropped: false, kept: [] });
    const down = { ...stores(), holdsCopy: () => Promise.reject(new Error("the store is down")) };
    expect(outcome(await dropMovedCopies({ db: env.DB, stores: down, now: now + COPY_DROP_RETRY_MS }))).toEqual({
      dropped: false,
      kept: ["its store could not be reached: the store is down"],
    });
    expect(await d1Rows(w.id)).toEqual(rows);
    expect(await weddingRow(w.weddingId)).toEqual({ copy_dropped_at: null, copy_drop_tried_at: now + COPY_DROP_RETRY_MS });
  });

  it("stops at a part's calls to the stores and goes on in the next part; the daily cron runs it only where moves are on", async () => {
    const now = Date.now();
    const weddings = [await plannedWedding(), await plannedWedding(), await plannedWedding()];
    for (const [i, w] of weddings.entries()) await move(w.weddingId, now - MOVED_COPY_KEPT_MS - (3 - i) * 1000);
    // Two calls a part: the first part drops the two oldest moves and says the rest is for the next.
    let firstPart: unknown = null;
    await dropMovedCopies({ db: env.DB, stores: stores(), now }, 2).catch((e: unknown) => (firstPart = e));
    expect(firstPart).toBeInstanceOf(StoreCallsSpent);
    expect((await Promise.all(weddings.map((w) => weddingRow(w.weddingId)))).map((r) => r!.copy_dropped_at)).toEqual([now, now, null]);

    const job = jobsBySchedule[DAILY]!.find((j) => j.name === "drop-moved-copies")!;
    const message = { cron: DAILY, job: job.name, now, part: 0 };
    // Not turned on: the last copy stays.
    expect(await runJobSlice(job, { ...env, WEDDING_MOVES: undefined } as Env, message)).toMatchObject({ ok: true, done: true });
    expect((await d1Rows(weddings[2]!.id))!.guests).toBe(3);
    // Turned on: it goes.
    expect(await runJobSlice(job, { ...env, WEDDING_MOVES: "on", JOB_QUEUE: undefined } as Env, message)).toMatchObject({ ok: true, done: true });
    expect(await d1Rows(weddings[2]!.id)).toMatchObject({ households: 0, guests: 0, invitations: 0, answers: 0 });
  });
});
