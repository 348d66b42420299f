import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isQueryBudgetSpent, type WeddingStoresPort } from "#domain/core/index.ts";
import { sendRsvpSummaries } from "#domain/guests/index.ts";
import { daysAfter, sendPlanningReminders } from "#domain/planning/index.ts";
import { moveWeddingToStore } from "#domain/weddings/index.ts";
import { PLANNING_MORNING, jobsBySchedule } from "#functions/cron/index.ts";
import { runJobSlice } from "#functions/cron/continuations.ts";
import type { Env } from "#functions/env.ts";
import { weddingStore, weddingStoresFor, type StoreResult } from "#functions/stores/wedding-store/index.ts";
import { testContext } from "#tests/support/context.ts";
import { call, createUser, sessionCookieFor } from "#tests/support/factories.ts";
import { answer, createEvent, createGuest, createHousehold, invite } from "#tests/support/planning.ts";

/**
 * Cross-wedding work reads a moved wedding's guest list in its store (issue 33, decision 0055's
 * migration plan step 4, docs/decisions/0066 "2026-12-01: cross-wedding reads reach the store"): the
 * daily planning reminder's households waiting to answer and the WhatsApp RSVP summary (its figures,
 * and whether it is due) come from the store, not from D1's copy frozen at the move; a wedding in D1
 * is read as before; and a page of many moved weddings stops at its part's store calls, the next part
 * going on after the run's cursor without sending anything twice or reading a store again.
 */
const ORIGIN = "https://mandap.example";
const SECRET = "test-mail-link-secret";
/** 08:00 India time on 10 March 2031 (the planning cron's moment); each test takes its own day after it. */
const BASE = Date.parse("2031-03-10T02:30:00Z");
const dayOf = (now: number) => new Date(now + 330 * 60_000).toISOString().slice(0, 10);

const stores = () => weddingStoresFor(env)!;
const inStore = async (weddingId: string, sql: string, ...params: unknown[]) =>
  ((await weddingStore(env.WEDDING_STORE!, weddingId).batch([{ sql, params }])) as unknown as StoreResult[])[0]!.results;
const answerInStore = (weddingId: string, guestId: string, eventId: string, response: string, at: number) =>
  inStore(
    weddingId,
    "INSERT INTO guest_rsvps (guest_id, event_id, response, party_size, answered_at) VALUES (?, ?, ?, 1, ?) ON CONFLICT (guest_id, event_id) DO UPDATE SET response = excluded.response, answered_at = excluded.answered_at",
    guestId,
    eventId,
    response,
    at,
  );

/** A couple with a wedding (in D1 until moved), opted in to the planning reminder. */
async function couple() {
  const user = await createUser({ userName: "Priya" });
  await env.DB.prepare("UPDATE users SET planning_reminders = 1, partner_name = 'Arjun' WHERE id = ?").bind(user.id).run();
  const weddingId = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO weddings (id, couple_user_id, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)").bind(weddingId, user.id, Date.now()).run();
  return { id: user.id, email: user.email, weddingId };
}

/** A Sangeet on `date` with the Sharma family (three guests) and the Iyer family (two) invited, nobody answered. */
async function guestList(userId: string, date: string) {
  const sangeet = await createEvent(userId, { name: "Sangeet", eventDate: date });
  const sharma = await createHousehold(userId, "Sharma family");
  const iyer = await createHousehold(userId, "Iyer family");
  const sharmas = [
    await createGuest(userId, sharma.id, { name: "Anil" }),
    await createGuest(userId, sharma.id, { name: "Sunita" }),
    await createGuest(userId, sharma.id, { name: "Vikram" }),
  ];
  await createGuest(userId, iyer.id, { name: "Ravi" });
  await createGuest(userId, iyer.id, { name: "Lakshmi" });
  await invite(sharma.id, sangeet.id);
  await invite(iyer.id, sangeet.id);
  return { sangeet, sharma, sharmas };
}

const move = (weddingId: string) => moveWeddingToStore(testContext(), weddingId);

const mailsTo = async (to: string) =>
  (await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? ORDER BY created_at, id").bind(to).all<{ subject: string; text: string }>())
    .results;
const withoutLinks = (text: string) => text.replace(/https?:\/\/\S+/g, "LINK");

const remind = (now: number, storeCalls?: number, port: WeddingStoresPort | undefined = stores()) =>
  sendPlanningReminders(env.DB, { origin: ORIGIN, now, linkSecret: SECRET, stores: port, storeCalls });

/**
 * Parts of one run (the same scheduled moment) until one finishes, as the jobs queue would run them,
 * each on a port that counts the calls it makes to the stores: each part's calls.
 */
async function inParts(part: (port: WeddingStoresPort) => Promise<unknown>): Promise<number[]> {
  const real = stores();
  const calls: number[] = [];
  for (let i = 0; i < 30; i++) {
    let n = 0;
    const port: WeddingStoresPort = {
      ...real,
      waitingToAnswer: (...args) => (n++, real.waitingToAnswer(...args)),
      rsvpFigures: (...args) => (n++, real.rsvpFigures(...args)),
    };
    try {
      await part(port);
      calls.push(n);
      return calls;
    } catch (e) {
      if (!isQueryBudgetSpent(e)) throw e;
      calls.push(n);
    }
  }
  throw new Error("the run did not finish in 30 parts");
}

describe("the daily planning reminder of a moved wedding", () => {
  it(
    "reads the households waiting to answer in its store, not D1's frozen copy, through the cron's job; a wedding in D1 is read as before",
    { timeout: 60_000 },
    async () => {
      const now = BASE;
      const day = dayOf(now);
      const moved = await couple();
      const inD1 = await couple();
      const m = await guestList(moved.id, daysAfter(day, 5));
      const d = await guestList(inD1.id, daysAfter(day, 5));
      await move(moved.weddingId);
      // After the move the Sharmas answer: in the moved wedding's store, and in D1 for the wedding still there.
      for (const g of m.sharmas) await answerInStore(moved.weddingId, g.id, m.sangeet.id, "ATTENDING", Date.now());
      for (const g of d.sharmas) await answer(g.id, d.sangeet.id, "ATTENDING");
      // D1's copy of the moved wedding still has the Sharmas waiting: a digest read there would name them.
      expect(
        await env.DB.prepare("SELECT unanswered FROM invitation_counts WHERE household_id = ? AND event_id = ?")
          .bind(m.sharma.id, m.sangeet.id)
          .first("unanswered"),
      ).toBe(3);

      const job = jobsBySchedule[PLANNING_MORNING]!.find((j) => j.name === "planning-reminders")!;
      const slice = await runJobSlice(job, { ...env, JOB_QUEUE: undefined } as Env, { cron: PLANNING_MORNING, job: job.name, now, part: 0 });
      expect(slice).toMatchObject({ ok: true, done: true });

      const [movedMail, ...movedMore] = await mailsTo(moved.email);
      const [d1Mail, ...d1More] = await mailsTo(inD1.email);
      expect(movedMore).toEqual([]);
      expect(d1More).toEqual([]);
      expect(movedMail!.text).toContain("Iyer family (2)");
      expect(movedMail!.text).not.toContain("Sharma family");
      // The same guest list answered the same way: the same mail, but for its links (each couple's own).
      expect(withoutLinks(movedMail!.text)).toBe(withoutLinks(d1Mail!.text));
      expect(movedMail!.subject).toBe(d1Mail!.subject);
    },
  );

  it(
    "a page of many moved weddings stops at its part's store calls; the next part goes on after the run's cursor, mailing each couple once and reading each store once",
    { timeout: 60_000 },
    async () => {
      const now = BASE + 30 * 86_400_000;
      const day = dayOf(now);
      const waiting: { email: string }[] = [];
      const answered: { email: string }[] = [];
      for (let i = 0; i < 7; i++) {
        const c = await couple();
        const g = await guestList(c.id, daysAfter(day, 3));
        await move(c.weddingId);
        if (i % 3 === 2) {
          // Everyone answered, in the store only: nothing to say (D1's frozen copy would have them all waiting).
          for (const guest of (await inStore(c.weddingId, "SELECT id FROM guests")) as { id: string }[])
            await answerInStore(c.weddingId, guest.id, g.sangeet.id, "DECLINED", Date.now());
          answered.push(c);
        } else waiting.push(c);
      }
      // Seven stores read two a part: four parts, and no store read twice (the cursor is kept between parts).
      expect(await inParts((port) => remind(now, 2, port))).toEqual([2, 2, 2, 1]);
      for (const c of waiting) {
        const mails = await mailsTo(c.email);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.text).toContain("Sharma family (3)");
      }
      for (const c of answered) expect(await mailsTo(c.email)).toEqual([]);
      // The run's cursor goes when it ends; a second run the same day reads the stores again but mails nobody again.
      expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM job_cursors WHERE job = 'planning-reminders'").first("n")).toBe(0);
      expect(await remind(now + 60_000, 100)).toMatchObject({ mailed: 0 });
      for (const c of waiting) expect(await mailsTo(c.email)).toHaveLength(1);
    },
  );

  it("a moved wedding whose store cannot be read gets no digest this run, and the others theirs", { timeout: 60_000 }, async () => {
    const now = BASE + 60 * 86_400_000;
    const day = dayOf(now);
    const broken = await couple();
    const fine = await couple();
    await guestList(broken.id, daysAfter(day, 2));
    await guestList(fine.id, daysAfter(day, 2));
    await move(broken.weddingId);
    await move(fine.weddingId);
    const real = stores();
    const flaky: WeddingStoresPort = {
      ...real,
      waitingToAnswer: (weddingId, ...rest) =>
        weddingId === broken.weddingId ? Promise.reject(new Error("store unavailable")) : real.waitingToAnswer(weddingId, ...rest),
    };
    const run = await remind(now, 25, flaky);
    expect(run.storeFailed).toEqual([broken.weddingId]);
    expect(await mailsTo(broken.email)).toEqual([]);
    expect(await mailsTo(fine.email)).toHaveLength(1);
    // A later run the same day, with the store back, mails it.
    await remind(now + 60_000);
    expect(await mailsTo(broken.email)).toHaveLength(1);
  });
});

let serial = 0;
/** A couple opted in to WhatsApp with a wedding in D1: Sangeet and Wedding, the Gupta family (three guests) invited to both; Ajay accepted three days ago. */
async function whatsAppCouple() {
  const user = await createUser({ userName: "Kavita" });
  const cookie = await sessionCookieFor(user.id);
  const phone = `97${String(Date.now() % 10_000_000).padStart(7, "0")}${++serial % 10}`;
  await env.DB.prepare("UPDATE users SET phone = ? WHERE id = ?").bind(phone, user.id).run();
  expect((await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: true }, cookie })).status).toBe(200);
  const weddingId = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO weddings (id, couple_user_id, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)").bind(weddingId, user.id, Date.now()).run();
  const sangeet = await createEvent(user.id, { name: "Sangeet" });
  const wedding = await createEvent(user.id, { name: "Wedding" });
  const h = await createHousehold(user.id, "Gupta family");
  await invite(h.id, sangeet.id);
  await invite(h.id, wedding.id);
  const guests = [
    await createGuest(user.id, h.id, { name: "Ajay" }),
    await createGuest(user.id, h.id, { name: "Beena" }),
    await createGuest(user.id, h.id, { name: "Chetan" }),
  ];
  await answer(guests[0]!.id, sangeet.id, "ATTENDING");
  await env.DB.prepare("UPDATE guest_rsvps SET answered_at = answered_at - 3 * 86400000 WHERE guest_id = ?").bind(guests[0]!.id).run();
  return { id: user.id, weddingId, guests, sangeet, wedding };
}

const summariesTo = async (userId: string) =>
  (
    await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'whatsapp' AND user_id = ? AND subject = 'rsvp_summary' ORDER BY created_at, id")
      .bind(userId)
      .all<{ payload: string }>()
  ).results.map((r) => (JSON.parse(r.payload) as { parameters: string[] }).parameters.slice(0, 3));

const summarise = (now: number, storeCalls?: number, port: WeddingStoresPort = stores()) =>
  sendRsvpSummaries(env.DB, { origin: ORIGIN, now, linkSecret: SECRET, stores: port, storeCalls });

describe("the WhatsApp RSVP summary of a moved wedding", () => {
  it("is due by an answer in its store and counts the store's answers; a wedding in D1 is read as before", { timeout: 60_000 }, async () => {
    const moved = await whatsAppCouple();
    const inD1 = await whatsAppCouple();
    await move(moved.weddingId);
    const now = Date.now() + 1000;
    // Beena accepts through the moved wedding's store: D1's frozen copy has only Ajay's answer of three days ago.
    await answerInStore(moved.weddingId, moved.guests[1]!.id, moved.sangeet.id, "ATTENDING", now - 60_000);
    const first = await summarise(now);
    expect(first.storeCalls).toBeGreaterThanOrEqual(1);
    expect(await summariesTo(moved.id)).toEqual([["2", "0", "1"]]);
    // Nobody answered the wedding in D1 within the day: no summary, as before.
    expect(await summariesTo(inD1.id)).toEqual([]);

    // Nobody answered since: nothing the next day.
    await summarise(now + 86_400_000);
    expect(await summariesTo(moved.id)).toHaveLength(1);
    // Chetan declines both functions in the store: the next run sends the new figures. Ajay's D1 answer, changed behind the move, counts for nothing.
    await answerInStore(moved.weddingId, moved.guests[2]!.id, moved.sangeet.id, "DECLINED", now + 86_400_000 + 5000);
    await answerInStore(moved.weddingId, moved.guests[2]!.id, moved.wedding.id, "DECLINED", now + 86_400_000 + 5000);
    await env.DB.prepare("UPDATE guest_rsvps SET response = 'DECLINED' WHERE guest_id = ?").bind(moved.guests[0]!.id).run();
    await summarise(now + 2 * 86_400_000);
    expect(await summariesTo(moved.id)).toEqual([
      ["2", "0", "1"],
      ["2", "1", "0"],
    ]);
    // The wedding in D1: an answer there makes it due, with D1's figures.
    await answer(inD1.guests[1]!.id, inD1.sangeet.id, "DECLINED");
    await answer(inD1.guests[1]!.id, inD1.wedding.id, "DECLINED");
    await summarise(Date.now() + 1000);
    expect(await summariesTo(inD1.id)).toEqual([["1", "1", "1"]]);
  });

  it("a page of many moved weddings stops at its part's store calls and goes on after the cursor, sending each summary once", { timeout: 60_000 }, async () => {
    const couples = [];
    for (let i = 0; i < 5; i++) {
      const c = await whatsAppCouple();
      await move(c.weddingId);
      couples.push(c);
    }
    const now = Date.now() + 5 * 86_400_000;
    for (const c of couples) await answerInStore(c.weddingId, c.guests[1]!.id, c.sangeet.id, "ATTENDING", now - 60_000);
    // Six moved weddings opted in (this test's five and the one before's), two a part: each store read once.
    expect(await inParts((port) => summarise(now, 2, port))).toEqual([2, 2, 2]);
    for (const c of couples) expect(await summariesTo(c.id)).toEqual([["2", "0", "1"]]);
    // The run's cursor goes when it ends; the run made again sends nothing (nobody answered since).
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM job_cursors WHERE job = 'rsvp-whatsapp-summaries'").first("n")).toBe(0);
    expect(await summarise(now, 100)).toMatchObject({ queued: 0 });
    for (const c of couples) expect(await summariesTo(c.id)).toHaveLength(1);
  });
});
