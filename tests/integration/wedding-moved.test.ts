import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import { deleteAccount } from "#domain/accounts/index.ts";
import { guestPage, remindHousehold } from "#domain/guests/index.ts";
import { createEvent as addFunction, deleteEvent as removeFunction, updateEvent as changeFunction } from "#domain/planning/index.ts";
import { eventInput, eventUpdateInput } from "#shared/planner-schemas.ts";
import { moveWeddingToStore, openWedding } from "#domain/weddings/index.ts";
import { sideOf, storeRouted, weddingStore, type StoreResult } from "#functions/stores/wedding-store/index.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, createService, createUser, createVendor, sessionCookieFor, snapshot } from "#tests/support/factories.ts";
import { coupleAndMother } from "#tests/support/co-planner.ts";
import { answer, createEvent, createGuest, createHousehold, invite } from "#tests/support/planning.ts";
import { page } from "#tests/support/pages.ts";
import { insertCard } from "#tests/support/invitations.ts";
import { approveRequest, personalInvitation } from "#domain/invitations/index.ts";

/**
 * Each wedding's store, step 1 (issue 33, decision 0055's migration plan, docs/decisions/0066): a
 * wedding moved to its store (weddings.stored_at) answers the guest page, head-counts, household and
 * guest writes and the public RSVP link as it did in D1, its guest list is written in its store and
 * no longer in D1, and the rights and stale-edit guards hold there as they do in D1.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });

/** A couple with a guest list in D1: two functions, three households (one guest without a household name of its own), answers. */
async function plannedWedding(userName = "Asha Verma") {
  const user = await createUser({ role: "USER", userName });
  await env.DB.prepare("UPDATE users SET partner_name = 'Rahul Mehta' WHERE id = ?").bind(user.id).run();
  const cookie = await sessionCookieFor(user.id);
  await call("/api/v1/checklist/get", { cookie });
  const wedding = (await env.DB.prepare("SELECT id FROM weddings WHERE couple_user_id = ?").bind(user.id).first<{ id: string }>())!;
  const sangeet = await createEvent(user.id, { name: "Sangeet", eventDate: "2027-02-13" });
  const shaadi = await createEvent(user.id, { name: "Wedding", eventDate: "2027-02-14" });
  const baraat = await createEvent(user.id, { name: "Baraat", eventDate: "2027-02-14", parentId: shaadi.id });
  const sharma = await createHousehold(user.id, "Sharma family");
  const iyer = await createHousehold(user.id, "Iyer family");
  const anil = await createGuest(user.id, sharma.id, { name: "Anil Sharma", dietary: "VEG", phone: "+919876543210" });
  const sunita = await createGuest(user.id, sharma.id, { name: "Sunita Sharma", dietary: "JAIN" });
  const ravi = await createGuest(user.id, iyer.id, { name: "Ravi Iyer", side: "GROOM" });
  await invite(sharma.id, sangeet.id);
  await invite(sharma.id, shaadi.id);
  await invite(iyer.id, shaadi.id);
  await answer(anil.id, sangeet.id, "ATTENDING", 3);
  await answer(sunita.id, sangeet.id, "DECLINED");
  await answer(ravi.id, shaadi.id, "MAYBE", 2);
  return { id: user.id, cookie, weddingId: wedding.id, sangeet, shaadi, baraat, sharma, iyer, anil, sunita, ravi };
}

/** What the guest list's reads answer, through the API and the page's domain function. */
async function reads(w: { id: string; cookie: string }) {
  const ctx = testContext({ actor: actorOf(w.id, "USER") });
  const page = await guestPage(ctx, {});
  return {
    headcounts: (await json(await call("/api/v1/guests/headcounts", { cookie: w.cookie }))).body,
    households: (await json(await call("/api/v1/guests/households", { cookie: w.cookie }))).body,
    guests: (await json(await call("/api/v1/guests", { cookie: w.cookie }))).body,
    page,
  };
}

/** An answer with the ids, versions and links of one wedding's rows replaced by their place, so two weddings' answers compare. */
function alike(value: unknown, ids: string[]): unknown {
  let text = JSON.stringify(value);
  ids.forEach((id, i) => (text = text.replaceAll(id, `#${i}`)));
  return JSON.parse(
    text
      .replace(/"(version|createdAt)":\d+/g, '"$1":0')
      .replace(/\/rsvp\/[A-Za-z0-9_-]+/g, "/rsvp/LINK")
      .replace(/%2Frsvp%2F[A-Za-z0-9_-]+/g, "%2Frsvp%2FLINK")
      .replace(/"[0-9a-f]{8}-[0-9a-f-]{27}"/g, '"NEW"'),
  );
}

const d1GuestList = (userId: string) =>
  Promise.all([
    snapshot("SELECT * FROM households WHERE user_id = ? ORDER BY id", userId),
    snapshot("SELECT * FROM guests WHERE user_id = ? ORDER BY id", userId),
    snapshot("SELECT r.* FROM guest_rsvps r JOIN guests g ON g.id = r.guest_id WHERE g.user_id = ? ORDER BY r.guest_id, r.event_id", userId),
    snapshot("SELECT i.* FROM household_invitations i JOIN households h ON h.id = i.household_id WHERE h.user_id = ? ORDER BY 1, 2", userId),
    snapshot("SELECT * FROM function_counts f JOIN events e ON e.id = f.event_id WHERE e.user_id = ? ORDER BY e.id", userId),
  ]);

const storeRows = (weddingId: string) => weddingStore(env.WEDDING_STORE!, weddingId).stats();
const inStore = async (weddingId: string, sql: string, ...params: unknown[]) =>
  ((await weddingStore(env.WEDDING_STORE!, weddingId).batch([{ sql, params }])) as unknown as StoreResult[])[0]!.results;

const move = (weddingId: string) => moveWeddingToStore(testContext(), weddingId);

/** A guest's request to come, through the wedding's published e-invite (its Sangeet and Wedding), with an e-mail address: its id. */
async function guestAsks(w: { id: string; cookie: string; sangeet: { id: string }; shaadi: { id: string } }, who: Loose = {}) {
  const card = await insertCard(w.id, { previewKey: `cards/${w.id}/preview.jpg` });
  const published = await json(
    await call(`/api/v1/invitation/${card.id}/publish`, { method: "POST", cookie: w.cookie, body: { eventIds: [w.sangeet.id, w.shaadi.id], rsvpOpen: true } }),
  );
  const asked = await call(`/api/v1/invitation/view/${published.body.slug}/requests`, {
    method: "POST",
    body: {
      name: "Priya Nair",
      phone: "98765 43210",
      email: "priya@example.com",
      partySize: 3,
      dietary: "JAIN",
      answers: { [w.sangeet.id]: "ATTENDING", [w.shaadi.id]: "MAYBE" },
      ...who,
    },
  });
  expect(asked.status).toBeLessThan(300);
  const row = await env.DB.prepare("SELECT id FROM invite_requests WHERE user_id = ? AND status = 'PENDING' ORDER BY created_at DESC")
    .bind(w.id)
    .first<{ id: string }>();
  return row!.id;
}

describe("a wedding moved to its store", () => {
  it("answers the guest page, head-counts, households and guests as it did in D1, from its store", async () => {
    const w = await plannedWedding();
    const before = await reads(w);
    expect(before.headcounts.functions.map((f: Loose) => [f.name, f.attending, f.declined, f.maybe])).toEqual([
      ["Sangeet", 3, 1, 0],
      ["Wedding", 0, 0, 2],
    ]);

    const moved = await move(w.weddingId);
    expect(moved).toMatchObject({ already: false, rows: { events: 3, households: 2, guests: 3, household_invitations: 3, guest_rsvps: 3 } });
    const row = await env.DB.prepare("SELECT stored_at FROM weddings WHERE id = ?").bind(w.weddingId).first<{ stored_at: number | null }>();
    expect(row?.stored_at).toBe(moved.storedAt);
    // The links' map: the public link finds the store from its token alone.
    const links = await env.DB.prepare("SELECT token FROM wedding_rsvp_tokens WHERE wedding_id = ? ORDER BY token").bind(w.weddingId).all<{ token: string }>();
    expect(links.results.map((r) => r.token)).toEqual([w.sharma.token, w.iyer.token].sort());

    expect(await reads(w)).toEqual(before);
    // What the answers were read from: the store. A row changed in D1 behind the move shows nowhere.
    await env.DB.prepare("UPDATE guests SET name = 'Only in D1' WHERE id = ?").bind(w.ravi.id).run();
    expect(JSON.stringify(await reads(w))).not.toContain("Only in D1");

    // Run twice, the move changes nothing.
    expect(await move(w.weddingId)).toMatchObject({ already: true, storedAt: moved.storedAt, rows: moved.rows });
  });

  it("adds a household, edits a guest and takes an RSVP answer by its link as a D1 wedding does, writing them in its store and not in D1", async () => {
    const inD1 = await plannedWedding("Asha Verma");
    const stored = await plannedWedding("Asha Verma");
    await move(stored.weddingId);
    const d1Before = await d1GuestList(stored.id);

    async function work(w: Awaited<ReturnType<typeof plannedWedding>>) {
      const added = await json(await call("/api/v1/guests/households", { method: "POST", cookie: w.cookie, body: { name: "Kapoor family", notes: "Delhi" } }));
      const guest = (await json(await call(`/api/v1/guests?q=Ravi`, { cookie: w.cookie }))).body.guests[0];
      const edited = await json(
        await call(`/api/v1/guests/${w.ravi.id}`, { method: "PUT", cookie: w.cookie, body: { city: "Chennai", dietary: "VEGAN", version: guest.version } }),
      );
      const link = await json(await call(`/api/v1/rsvp/${w.sharma.token}`));
      const answered = await json(
        await call(`/api/v1/rsvp/${w.sharma.token}`, {
          method: "POST",
          body: { answers: [{ guestId: w.sunita.id, eventId: w.shaadi.id, response: "ATTENDING", partySize: 2 }] },
        }),
      );
      const newLink = added.body.household.rsvpLink.split("/rsvp/")[1];
      const fresh = await json(await call(`/api/v1/rsvp/${newLink}`));
      const ids = [w.sangeet.id, w.shaadi.id, w.sharma.id, w.iyer.id, w.anil.id, w.sunita.id, w.ravi.id, added.body.household.id, w.weddingId, w.id];
      return { ids, answers: { added, edited, link, answered, fresh, after: await reads(w) } };
    }
    const a = await work(inD1);
    const b = await work(stored);
    expect(a.answers.added.status).toBe(201);
    expect(a.answers.edited.body.guest).toMatchObject({ city: "Chennai", dietary: "VEGAN" });
    expect(a.answers.answered.status).toBe(200);
    expect(a.answers.fresh).toMatchObject({ status: 200, body: { invitation: { household: "Kapoor family" } } });
    expect(alike(b.answers, b.ids)).toEqual(alike(a.answers, a.ids));

    // Written in the store, not in D1.
    expect(await d1GuestList(stored.id)).toEqual(d1Before);
    expect((await storeRows(stored.weddingId)).rows).toMatchObject({ households: 3, guests: 3, guest_rsvps: 4 });
    expect(await inStore(stored.weddingId, "SELECT city, dietary FROM guests WHERE id = ?", stored.ravi.id)).toEqual([{ city: "Chennai", dietary: "VEGAN" }]);
    // The guest list's entries of the activity list are in the store with their change, and the list shows them.
    expect((await inStore(stored.weddingId, "SELECT action FROM wedding_activity ORDER BY created_at, id")).map((r) => r.action)).toEqual([
      "household_added",
      "guest_changed",
    ]);
    expect(
      (
        await env.DB.prepare("SELECT COUNT(*) AS n FROM wedding_activity WHERE wedding_id = ? AND area = 'guests'")
          .bind(stored.weddingId)
          .first<{ n: number }>()
      )?.n,
    ).toBe(0);
    const activity = await json(await call("/api/v1/weddings/activity", { cookie: stored.cookie }));
    expect(activity.body.items.map((i: Loose) => i.action)).toEqual(
      (await json(await call("/api/v1/weddings/activity", { cookie: inD1.cookie }))).body.items.map((i: Loose) => i.action),
    );
    expect(activity.body.items.map((i: Loose) => i.action)).toEqual(expect.arrayContaining(["household_added", "guest_changed"]));
  });

  it("shows the couple's published card on a moved wedding's personal links, for a household from before the move and one added after, as a D1 wedding does", async () => {
    const inD1 = await plannedWedding();
    const stored = await plannedWedding();
    await move(stored.weddingId);
    const cards = async (w: Awaited<ReturnType<typeof plannedWedding>>) => {
      await insertCard(w.id, { previewKey: `cards/${w.id}/preview.jpg`, publicSlug: `card-${w.id}` });
      const added = await json(await call("/api/v1/guests/households", { method: "POST", cookie: w.cookie, body: { name: "Kapoor family" } }));
      expect(added.status).toBe(201);
      const newToken = String(added.body.household.rsvpLink).split("/rsvp/")[1]!;
      return Promise.all([w.sharma.token, newToken].map(async (token) => (await personalInvitation(testContext(), token)).card?.cardImageUrl ?? null));
    };
    expect(await cards(inD1)).toEqual([`http://localhost/media/cards/${inD1.id}/preview.jpg`, `http://localhost/media/cards/${inD1.id}/preview.jpg`]);
    // The household added after the move is in the store only: its link found no couple, and so no card, through D1's households.
    expect(await cards(stored)).toEqual([`http://localhost/media/cards/${stored.id}/preview.jpg`, `http://localhost/media/cards/${stored.id}/preview.jpg`]);
  });

  it("keeps the rights and the stale-edit guard: a stale copy's edit is 409 with the guest as it is in the store, a viewer's is 403, another couple's 404", async () => {
    const { couple, mother, weddingId } = await coupleAndMother({ areas: "guests", seesContacts: false });
    const household = await createHousehold(couple.id, "Sharma family");
    const guest = await createGuest(couple.id, household.id, { name: "Ravi Sharma", phone: "+919876543210" });
    await move(weddingId);
    const read = (await json(await call("/api/v1/guests", { cookie: couple.cookie }))).body.guests[0];

    const first = await json(
      await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: mother.cookie, body: { city: "Udaipur", version: read.version } }),
    );
    expect(first.status).toBe(200);
    const storeBefore = await inStore(weddingId, "SELECT * FROM guests WHERE id = ?", guest.id);
    const stale = await json(await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: couple.cookie, body: { city: "Kota", version: read.version } }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, current: { id: guest.id, city: "Udaipur", version: first.body.guest.version } });
    expect(await inStore(weddingId, "SELECT * FROM guests WHERE id = ?", guest.id)).toEqual(storeBefore);
    expect((await inStore(weddingId, "SELECT action FROM wedding_activity")).map((r) => r.action)).toEqual(["guest_changed"]);

    await env.DB.prepare("UPDATE wedding_members SET role = 'VIEWER', areas = '' WHERE wedding_id = ? AND user_id = ?").bind(weddingId, mother.id).run();
    // A viewer who may not see contacts gets the store's rows without them, as D1's.
    expect((await json(await call("/api/v1/guests", { cookie: mother.cookie }))).body.guests[0]).toMatchObject({ name: "Ravi Sharma", phone: null });
    expect((await json(await call("/api/v1/guests", { cookie: couple.cookie }))).body.guests[0]).toMatchObject({ phone: "+919876543210" });
    const viewer = await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: mother.cookie, body: { city: "Pune" } });
    expect(viewer.status).toBe(403);
    const other = await plannedWedding("Neha Kapoor");
    expect((await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: other.cookie, body: { city: "Pune" } })).status).toBe(404);
    expect((await call(`/api/v1/guests/households/${household.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    expect((await call("/api/v1/guests/headcounts")).status).toBe(401);
    expect(await inStore(weddingId, "SELECT city FROM guests WHERE id = ?", guest.id)).toEqual([{ city: "Udaipur" }]);
  });

  it("reminds a household by e-mail as a D1 wedding does: the mails in D1's outbox, reminded_at in its store, and the stop link works for a guest only in its store", async () => {
    const inD1 = await plannedWedding("Asha Verma");
    const stored = await plannedWedding("Asha Verma");
    await move(stored.weddingId);

    async function work(w: Awaited<ReturnType<typeof plannedWedding>>) {
      // A household added after the move: in a moved wedding its guest is in the store only.
      const added = await json(await call("/api/v1/guests", { method: "POST", cookie: w.cookie, body: { name: "Meera Kapoor", email: "Meera@Example.com" } }));
      const householdId = added.body.guest.householdId as string;
      const invited = await json(
        await call(`/api/v1/guests/households/${householdId}/invitations`, { method: "PUT", cookie: w.cookie, body: { eventIds: [w.sangeet.id] } }),
      );
      const reminded = await json(await call(`/api/v1/guests/households/${householdId}/remind`, { method: "POST", cookie: w.cookie }));
      const again = await json(await call(`/api/v1/guests/households/${householdId}/remind`, { method: "POST", cookie: w.cookie }));
      const mail = await env.DB.prepare("SELECT headers FROM outbox WHERE lower(to_address) = 'meera@example.com' AND text LIKE ?")
        .bind(`%${String(invited.body.household.rsvpLink).split("/rsvp/")[1]}%`)
        .all<{ headers: string }>();
      const stop = new URL(/^<([^>]+)>$/.exec((JSON.parse(mail.results[0]!.headers) as Record<string, string>)["List-Unsubscribe"]!)![1]!);
      const oneClick = async () => {
        const res = await call(stop.pathname, {
          method: "POST",
          body: "List-Unsubscribe=One-Click",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" },
        });
        return { status: res.status, text: await res.text() };
      };
      const stopped = [await oneClick(), await oneClick()];
      const ids = [
        w.sangeet.id,
        w.shaadi.id,
        w.baraat.id,
        w.sharma.id,
        w.iyer.id,
        w.anil.id,
        w.sunita.id,
        w.ravi.id,
        householdId,
        added.body.guest.id,
        w.weddingId,
        w.id,
      ];
      return { ids, householdId, guestId: added.body.guest.id as string, answers: { added, invited, reminded, again, mails: mail.results.length, stopped } };
    }
    const a = await work(inD1);
    const b = await work(stored);
    expect(a.answers.reminded).toMatchObject({ status: 200, body: { reminded: 1, functions: ["Sangeet"] } });
    expect(a.answers.again.status).toBe(429);
    expect(a.answers.mails).toBe(1);
    expect(a.answers.stopped).toEqual([
      { status: 200, text: "Done: you will not get reminders from Asha Verma & Rahul Mehta any more." },
      { status: 200, text: "You had already stopped reminders from Asha Verma & Rahul Mehta; nothing more to do." },
    ]);
    expect(alike(b.answers, b.ids)).toEqual(alike(a.answers, a.ids));

    // The moved wedding's guest and invitation are in its store only, with the reminder and the stop there.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM guests WHERE id = ?").bind(b.guestId).first()).toEqual({ n: 0 });
    expect(
      await inStore(stored.weddingId, "SELECT reminded_at IS NOT NULL AS reminded FROM household_invitations WHERE household_id = ?", b.householdId),
    ).toEqual([{ reminded: 1 }]);
    expect(await inStore(stored.weddingId, "SELECT reminders_stopped_at IS NOT NULL AS stopped FROM guests WHERE id = ?", b.guestId)).toEqual([{ stopped: 1 }]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM wedding_store_writes WHERE wedding_id = ?").bind(stored.weddingId).first()).toEqual({ n: 0 });
  });

  it("keeps a reminder whose store half failed: its mail is queued once, and the retry finds the household reminded (429), not mailed twice", async () => {
    const w = await plannedWedding();
    await env.DB.prepare("UPDATE guests SET email = 'anil@example.com' WHERE id = ?").bind(w.anil.id).run();
    await move(w.weddingId);
    const real = testContext({ actor: actorOf(w.id, "USER") });
    const failing = { ...real, stores: { ...real.stores!, applyWrites: () => Promise.reject(new Error("the store is down")) } };
    expect(await remindHousehold(failing, w.sharma.id)).toMatchObject({ reminded: 1 });
    expect(await inStore(w.weddingId, "SELECT reminded_at FROM household_invitations WHERE household_id = ?", w.sharma.id)).toEqual([
      { reminded_at: null },
      { reminded_at: null },
    ]);
    const owed = await env.DB.prepare("SELECT COUNT(*) AS n FROM wedding_store_writes WHERE wedding_id = ?").bind(w.weddingId).first();
    expect(owed).toEqual({ n: 1 });

    const retry = await json(await call(`/api/v1/guests/households/${w.sharma.id}/remind`, { method: "POST", cookie: w.cookie }));
    expect(retry.status).toBe(429);
    // Only the functions someone had not answered were reminded (the Wedding), as in D1.
    expect(
      await inStore(
        w.weddingId,
        "SELECT event_id, reminded_at IS NOT NULL AS reminded FROM household_invitations WHERE household_id = ? ORDER BY event_id = ?",
        w.sharma.id,
        w.shaadi.id,
      ),
    ).toEqual([
      { event_id: w.sangeet.id, reminded: 0 },
      { event_id: w.shaadi.id, reminded: 1 },
    ]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_address = 'anil@example.com'").first()).toEqual({ n: 1 });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM wedding_store_writes WHERE wedding_id = ?").bind(w.weddingId).first()).toEqual({ n: 0 });
  });

  it("adds, changes and removes functions and sub-events as a D1 wedding does: in D1 for the plan, and in its store's copy the guest list reads", async () => {
    const inD1 = await plannedWedding("Asha Verma");
    const stored = await plannedWedding("Asha Verma");
    await move(stored.weddingId);

    async function work(w: Awaited<ReturnType<typeof plannedWedding>>) {
      const post = (path: string, body: unknown, method = "POST") => call(path, { method, cookie: w.cookie, body }).then(json);
      const made = await post("/api/v1/event/newevent", { eventName: "Mehndi", eventDate: "2027-02-12" });
      const mehndi = made.body.event;
      const sub = await post(`/api/v1/event/${mehndi.id}/subevent`, { subEventName: "Henna for the bride", subEventDate: "2027-02-12" });
      const invited = await post(`/api/v1/guests/households/${w.iyer.id}/invitations`, { eventIds: [w.shaadi.id, mehndi.id] }, "PUT");
      const renamed = await post(`/api/v1/event/${mehndi.id}`, { eventName: "Mehndi ceremony", venue: "Jaipur", version: mehndi.version }, "PUT");
      // A change made on the copy before the rename is refused with the function as it is now, and changes nothing.
      const stale = await post(`/api/v1/event/${mehndi.id}`, { eventName: "Stale", version: mehndi.version }, "PUT");
      const staleRemoval = await json(await call(`/api/v1/event/${mehndi.id}?version=${mehndi.version}`, { method: "DELETE", cookie: w.cookie }));
      const answered = await json(
        await call(`/api/v1/rsvp/${w.iyer.token}`, {
          method: "POST",
          body: { answers: [{ guestId: w.ravi.id, eventId: mehndi.id, response: "ATTENDING", partySize: 2 }] },
        }),
      );
      // The Sangeet goes with its invitations and answers.
      const removed = await json(await call(`/api/v1/event/${w.sangeet.id}`, { method: "DELETE", cookie: w.cookie }));
      const template = await post("/api/v1/event/from-template", { tradition: "hindu", weddingDate: "2027-02-14", functions: [{ key: "hindu:roka" }] });
      const plan = await json(await call("/api/v1/event/getevents", { cookie: w.cookie }));
      const ids = [w.sangeet.id, w.shaadi.id, w.baraat.id, w.sharma.id, w.iyer.id, w.anil.id, w.sunita.id, w.ravi.id, mehndi.id, w.weddingId, w.id];
      return { ids, answers: { made, sub, invited, renamed, stale, staleRemoval, answered, removed, template, plan, after: await reads(w) } };
    }
    const a = await work(inD1);
    const b = await work(stored);
    expect(a.answers.made.status).toBe(201);
    expect(a.answers.sub.status).toBe(201);
    expect(a.answers.renamed.status).toBe(200);
    expect(a.answers.stale).toMatchObject({ status: 409, body: { current: { eventName: "Mehndi ceremony", venue: "Jaipur" } } });
    expect(a.answers.staleRemoval.status).toBe(409);
    expect(a.answers.removed.status).toBe(200);
    expect(a.answers.template.status).toBe(201);
    expect(a.answers.after.headcounts.functions.map((f: Loose) => [f.name, f.attending, f.maybe])).toEqual([
      ["Roka", 0, 0],
      ["Mehndi ceremony", 2, 0],
      ["Wedding", 0, 2],
    ]);
    expect(alike(b.answers, b.ids)).toEqual(alike(a.answers, a.ids));

    // D1 holds the moved wedding's functions (the plan, tasks and budget read them there), and its store's copy is the same rows.
    const d1Events = (await env.DB.prepare("SELECT * FROM events WHERE user_id = ? ORDER BY id").bind(stored.id).all()).results;
    expect(d1Events.map((e) => e.name)).toEqual(expect.arrayContaining(["Mehndi ceremony", "Henna for the bride", "Roka", "Wedding", "Baraat"]));
    expect(d1Events.map((e) => e.name)).not.toContain("Sangeet");
    expect(await inStore(stored.weddingId, "SELECT * FROM events ORDER BY id")).toEqual(d1Events);
    // The Sangeet's invitation and answers went with it in the store.
    expect(await inStore(stored.weddingId, "SELECT COUNT(*) AS n FROM household_invitations WHERE event_id = ?", stored.sangeet.id)).toEqual([{ n: 0 }]);
    expect(await inStore(stored.weddingId, "SELECT COUNT(*) AS n FROM guest_rsvps WHERE event_id = ?", stored.sangeet.id)).toEqual([{ n: 0 }]);
    // Linking a vendor moves the function's version on: in D1 and in the store's copy alike, and a stale link is refused as in D1.
    const service = await createService({ vendorId: (await createVendor()).id });
    const version = async () =>
      (await env.DB.prepare("SELECT updated_at FROM events WHERE id = ?").bind(stored.shaadi.id).first<{ updated_at: number }>())!.updated_at;
    const before = await version();
    const link = (v: number) =>
      call(`/api/v1/event/${stored.shaadi.id}/vendors`, { method: "POST", cookie: stored.cookie, body: { serviceId: service.id, version: v } });
    expect((await link(before)).status).toBe(201);
    expect(await version()).toBeGreaterThan(before);
    expect((await link(before)).status).toBe(409);
    expect(await inStore(stored.weddingId, "SELECT updated_at FROM events WHERE id = ?", stored.shaadi.id)).toEqual([{ updated_at: await version() }]);
    // Nothing is left owed to the store.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM wedding_store_writes WHERE wedding_id = ?").bind(stored.weddingId).first()).toEqual({ n: 0 });
  });

  it("keeps a function change whose store half failed, and the wedding's next request finishes it in the store, once and in order", async () => {
    const w = await plannedWedding();
    await move(w.weddingId);
    const real = testContext({ actor: actorOf(w.id, "USER") });
    // A store that fails after D1's batch committed: the request ends between the two writes.
    const failing = { ...real, stores: { ...real.stores!, applyWrites: () => Promise.reject(new Error("the store is down")) } };
    const made = await addFunction(failing, eventInput.parse({ eventName: "Mehndi", eventDate: "2027-02-12" }));
    const renamed = await changeFunction(failing, made.id, eventUpdateInput.parse({ eventName: "Mehndi ceremony", version: made.version }));
    await removeFunction(failing, w.sangeet.id);
    // D1 has the changes (the plan shows them), and records what the store still owes; the store has none of them yet.
    expect(renamed.event).toMatchObject({ eventName: "Mehndi ceremony" });
    const owed = await env.DB.prepare("SELECT COUNT(*) AS n FROM wedding_store_writes WHERE wedding_id = ?").bind(w.weddingId).first<{ n: number }>();
    expect(owed?.n).toBe(3);
    expect(await inStore(w.weddingId, "SELECT name FROM events ORDER BY event_date, name")).toEqual([
      { name: "Sangeet" },
      { name: "Baraat" },
      { name: "Wedding" },
    ]);

    // The next request of the wedding (any member's, here the guest list's head-counts) finishes them first, in the order D1 committed them.
    const counts = await json(await call("/api/v1/guests/headcounts", { cookie: w.cookie }));
    expect(counts.body.functions.map((f: Loose) => f.name)).toEqual(["Mehndi ceremony", "Wedding"]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM wedding_store_writes WHERE wedding_id = ?").bind(w.weddingId).first()).toEqual({ n: 0 });
    const d1Events = (await env.DB.prepare("SELECT * FROM events WHERE user_id = ? ORDER BY id").bind(w.id).all()).results;
    expect(await inStore(w.weddingId, "SELECT * FROM events ORDER BY id")).toEqual(d1Events);
    // A write the store ran already (a second request finishing the same records) runs no more.
    const again = await weddingStore(env.WEDDING_STORE!, w.weddingId).applyWrites([{ seq: 1, statements: [{ sql: "DELETE FROM events", params: [] }] }]);
    expect(again).toBe(0);
    expect(await inStore(w.weddingId, "SELECT COUNT(*) AS n FROM events")).toEqual([{ n: 3 }]);
  });

  it("approves an e-invite request as a D1 wedding does: the request in D1, the household, guest and answers in its store, the link's mail and map in D1", async () => {
    const inD1 = await plannedWedding("Asha Verma");
    const stored = await plannedWedding("Asha Verma");
    await move(stored.weddingId);
    const d1Before = await d1GuestList(stored.id);

    async function work(w: Awaited<ReturnType<typeof plannedWedding>>) {
      const id = await guestAsks(w);
      const approved = await json(await call(`/api/v1/invitation/requests/${id}/approve`, { method: "POST", cookie: w.cookie, body: {} }));
      const again = await json(await call(`/api/v1/invitation/requests/${id}/approve`, { method: "POST", cookie: w.cookie, body: {} }));
      const listed = await json(await call("/api/v1/invitation/requests", { cookie: w.cookie }));
      const token = String(approved.body.rsvpUrl).split("/rsvp/")[1];
      const link = await json(await call(`/api/v1/rsvp/${token}`));
      const mailed = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_address = ? AND text LIKE ?")
        .bind("priya@example.com", `%${token}%`)
        .first();
      const ids = [
        w.sangeet.id,
        w.shaadi.id,
        w.baraat.id,
        w.sharma.id,
        w.iyer.id,
        w.anil.id,
        w.sunita.id,
        w.ravi.id,
        id,
        approved.body.householdId,
        approved.body.guestId,
        w.weddingId,
        w.id,
      ];
      return { ids, id, householdId: approved.body.householdId as string, answers: { approved, again, listed, link, mailed, after: await reads(w) } };
    }
    const a = await work(inD1);
    const b = await work(stored);
    expect(a.answers.approved.status).toBe(200);
    expect(a.answers.again.status).toBe(409);
    expect(a.answers.listed.body.requests[0]).toMatchObject({ status: "APPROVED", rsvpUrl: expect.stringContaining("/rsvp/") });
    expect(a.answers.link).toMatchObject({ status: 200, body: { invitation: { household: "Priya Nair" } } });
    expect(a.answers.mailed).toEqual({ n: 1 });
    expect(a.answers.after.headcounts.functions.map((f: Loose) => [f.name, f.attending, f.maybe])).toEqual([
      ["Sangeet", 6, 0],
      ["Wedding", 0, 5],
    ]);
    expect(alike(b.answers, b.ids)).toEqual(alike(a.answers, a.ids));

    // The household is in the store only; D1 has the request approved with its store household, and the link's map.
    expect(await d1GuestList(stored.id)).toEqual(d1Before);
    expect(await inStore(stored.weddingId, "SELECT name, notes FROM households WHERE id = ?", b.householdId)).toEqual([
      { name: "Priya Nair", notes: "Asked through the e-invite" },
    ]);
    expect(await env.DB.prepare("SELECT status, household_id, store_household_id FROM invite_requests WHERE id = ?").bind(b.id).first()).toEqual({
      status: "APPROVED",
      household_id: null,
      store_household_id: b.householdId,
    });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM wedding_store_writes WHERE wedding_id = ?").bind(stored.weddingId).first()).toEqual({ n: 0 });
  });

  it("keeps an approval whose store half failed: the request is approved, and the guest's link (or any request of the wedding) makes the household", async () => {
    const w = await plannedWedding();
    await move(w.weddingId);
    const id = await guestAsks(w);
    const real = testContext({ actor: actorOf(w.id, "USER") });
    const failing = { ...real, stores: { ...real.stores!, applyWrites: () => Promise.reject(new Error("the store is down")) } };
    const approved = await approveRequest(failing, id);
    expect(approved.mailed).toBe(true);
    expect(await inStore(w.weddingId, "SELECT COUNT(*) AS n FROM households WHERE id = ?", approved.householdId)).toEqual([{ n: 0 }]);
    // Approving again is refused (the request is decided): no second household, and the retry is what the link's first use does.
    await expect(approveRequest(real, id)).rejects.toThrow();
    const token = approved.rsvpUrl.split("/rsvp/")[1];
    const link = await json(await call(`/api/v1/rsvp/${token}`));
    expect(link).toMatchObject({ status: 200, body: { invitation: { household: "Priya Nair" } } });
    expect(await inStore(w.weddingId, "SELECT name FROM guests WHERE household_id = ?", approved.householdId)).toEqual([{ name: "Priya Nair" }]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM wedding_store_writes WHERE wedding_id = ?").bind(w.weddingId).first()).toEqual({ n: 0 });
    // Two approvals of another request at once make one household, as in D1.
    const other = await guestAsks(w, { name: "Kiran Rao", phone: "91234 56789", email: "kiran@example.com" });
    const both = await Promise.allSettled([approveRequest(real, other), approveRequest(real, other)]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await inStore(w.weddingId, "SELECT COUNT(*) AS n FROM households WHERE name = 'Kiran Rao'")).toEqual([{ n: 1 }]);
  });

  it("routes a statement by the tables it names and refuses a mix that would read stale rows or be half written", async () => {
    const w = await plannedWedding();
    await move(w.weddingId);
    expect(sideOf("SELECT COUNT(*) FROM guests g JOIN households h ON h.id = g.household_id")).toBe("store");
    expect(sideOf("DELETE FROM household_invitations WHERE event_id NOT IN (SELECT value FROM json_each(?))")).toBe("store");
    expect(sideOf("INSERT INTO households (id, user_id) VALUES (?, ?)")).toBe("store");
    expect(sideOf("INSERT INTO guest_rsvps (guest_id) SELECT g.id FROM guests g ON CONFLICT (guest_id) DO UPDATE SET response = excluded.response")).toBe(
      "store",
    );
    expect(sideOf("SELECT user_name FROM users WHERE id = ?")).toBe("d1");
    expect(() => sideOf("SELECT h.id FROM households h JOIN users u ON u.id = h.user_id")).toThrow(/read each side apart/);

    const db = storeRouted(env.DB, weddingStore(env.WEDDING_STORE!, w.weddingId));
    const d1Before = await d1GuestList(w.id);
    await expect(
      db.batch([
        db.prepare("UPDATE guests SET city = 'Half' WHERE id = ?").bind(w.ravi.id),
        db.prepare("UPDATE users SET partner_name = 'Half' WHERE id = ?").bind(w.id),
      ]),
    ).rejects.toThrow(/half done/);
    expect(await inStore(w.weddingId, "SELECT city FROM guests WHERE id = ?", w.ravi.id)).toEqual([{ city: null }]);
    expect(await d1GuestList(w.id)).toEqual(d1Before);
    // Reads on both sides in one batch are one call to each.
    const [names, count] = await db.batch([
      db.prepare("SELECT partner_name FROM users WHERE id = ?").bind(w.id),
      db.prepare("SELECT COUNT(*) AS n FROM guests"),
    ]);
    expect(names!.results).toEqual([{ partner_name: "Rahul Mehta" }]);
    expect(count!.results).toEqual([{ n: 3 }]);
  });

  it("exports its guest list from its store with the rest of the wedding, and empties its store when the couple closes the account", async () => {
    const w = await plannedWedding();
    await call("/api/v1/guests/households", { method: "POST", cookie: w.cookie, body: { name: "Khanna family" } });
    await move(w.weddingId);
    await env.DB.prepare("UPDATE households SET name = 'Only in D1' WHERE id = ?").bind(w.iyer.id).run();
    expect((await call("/api/v1/guests/households", { method: "POST", cookie: w.cookie, body: { name: "Kapoor family" } })).status).toBe(201);

    const res = await call("/api/v1/weddings/export", { cookie: w.cookie });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const households = strFromU8(files["households.csv"]!);
    expect(households).toContain("Kapoor family");
    expect(households).toContain("Iyer family");
    expect(households).not.toContain("Only in D1");
    expect(strFromU8(files["functions.csv"]!)).toContain("Baraat");
    // The activity file holds the entry written in D1 before the move and the one written in the store after it, newest first.
    const activity = strFromU8(files["activity.csv"]!);
    expect(activity.indexOf("Kapoor family")).toBeGreaterThan(-1);
    expect(activity.indexOf("Khanna family")).toBeGreaterThan(activity.indexOf("Kapoor family"));

    const ctx = testContext({ actor: actorOf(w.id, "USER") });
    await deleteAccount(ctx);
    await ctx.settle();
    expect((await storeRows(w.weddingId)).rows).toEqual({ events: 0, households: 0, guests: 0, household_invitations: 0, guest_rsvps: 0 });
    expect(await inStore(w.weddingId, "SELECT COUNT(*) AS n FROM wedding_activity")).toEqual([{ n: 0 }]);
  });

  it("refuses a guest-list write that read the wedding in D1 and commits after the move switched it to its store: nothing lands in D1", async () => {
    const w = await plannedWedding();
    // A request reads the directory (unmoved), then the move switches the wedding before its write commits.
    const me = await openWedding(testContext({ actor: actorOf(w.id, "USER") }), "guests", "edit");
    expect(me.storedAt).toBeNull();
    await move(w.weddingId);
    const before = await d1GuestList(w.id);
    await expect(me.db.batch([me.db.prepare("UPDATE guests SET city = 'Late' WHERE id = ?").bind(w.ravi.id)])).rejects.toThrow(
      "This wedding's guest list moved to its own store just now, so your change was not saved. Please make it again.",
    );
    expect(await d1GuestList(w.id)).toEqual(before);
    // Its reads still answer (D1's copy), and a write of a wedding still in D1 goes through.
    expect(await me.db.prepare("SELECT name FROM guests WHERE id = ?").bind(w.ravi.id).first()).toEqual({ name: "Ravi Iyer" });
    const other = await plannedWedding("Neha Kapoor");
    const theirs = await openWedding(testContext({ actor: actorOf(other.id, "USER") }), "guests", "edit");
    const [changed] = await theirs.db.batch([theirs.db.prepare("UPDATE guests SET city = 'Pune' WHERE id = ?").bind(other.ravi.id)]);
    expect(changed!.meta.changes).toBe(1);
  });

  it("refuses a function added by a request that read the wedding in D1 when the move switches it before the write commits", async () => {
    const w = await plannedWedding();
    // D1 that lets the move's switch land just before the function's INSERT commits.
    const switchFirst = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch")
          return async (statements: D1PreparedStatement[]) => {
            if (statements.some((s) => /INSERT INTO events/i.test(String((s as unknown as { statement?: string }).statement))))
              await target.prepare("UPDATE weddings SET stored_at = ? WHERE id = ?").bind(Date.now(), w.weddingId).run();
            return target.batch(statements);
          };
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const events = () => snapshot("SELECT * FROM events WHERE user_id = ? ORDER BY id", w.id);
    const before = await events();
    const ctx = { ...testContext({ actor: actorOf(w.id, "USER") }), db: switchFirst };
    await expect(addFunction(ctx, eventInput.parse({ eventName: "Mehndi", eventDate: "2027-02-12" }))).rejects.toThrow(
      "This wedding's guest list moved to its own store just now, so your change was not saved. Please make it again.",
    );
    expect(await events()).toBe(before);
  });
  it("honours a guest's stop-reminders link as a D1 wedding does, writing the stop in its store and leaving D1's copy as it was", async () => {
    const inD1 = await plannedWedding("Asha Verma");
    const stored = await plannedWedding("Asha Verma");
    for (const w of [inD1, stored]) await env.DB.prepare("UPDATE guests SET email = 'Anil@Example.com' WHERE id = ?").bind(w.anil.id).run();
    // The reminder (and its stop link) went out while the wedding was in D1; the move comes after.
    const links = await Promise.all(
      [inD1, stored].map(async (w) => {
        await call(`/api/v1/guests/households/${w.sharma.id}/remind`, { method: "POST", cookie: w.cookie });
        const row = await env.DB.prepare("SELECT headers FROM outbox WHERE to_address = 'Anil@Example.com' AND text LIKE ?")
          .bind(`%${w.sharma.token}%`)
          .first<{ headers: string }>();
        return new URL(/^<([^>]+)>$/.exec((JSON.parse(row!.headers) as Record<string, string>)["List-Unsubscribe"]!)![1]!);
      }),
    );
    await move(stored.weddingId);
    const d1Before = await d1GuestList(stored.id);
    const oneClick = async (link: URL) => {
      const res = await call(link.pathname, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" },
      });
      return { status: res.status, text: await res.text() };
    };
    const uses = async (link: URL) => [await oneClick(link), await oneClick(link)];
    const [a, b] = [await uses(links[0]!), await uses(links[1]!)];
    expect(a).toEqual([
      { status: 200, text: "Done: you will not get reminders from Asha Verma & Rahul Mehta any more." },
      { status: 200, text: "You had already stopped reminders from Asha Verma & Rahul Mehta; nothing more to do." },
    ]);
    expect(b).toEqual(a);
    expect(await env.DB.prepare("SELECT reminders_stopped_at IS NOT NULL AS stopped FROM guests WHERE id = ?").bind(inD1.anil.id).first()).toEqual({
      stopped: 1,
    });
    // The moved wedding's stop is in its store; D1's copy is unchanged.
    expect(await inStore(stored.weddingId, "SELECT reminders_stopped_at IS NOT NULL AS stopped FROM guests WHERE id = ?", stored.anil.id)).toEqual([
      { stopped: 1 },
    ]);
    expect(await d1GuestList(stored.id)).toEqual(d1Before);
    // The store's address is the one the link answers for: taken off there, the link has nothing left to stop.
    await weddingStore(env.WEDDING_STORE!, stored.weddingId).batch([{ sql: "UPDATE guests SET email = NULL WHERE id = ?", params: [stored.anil.id] }]);
    expect((await oneClick(links[1]!)).status).toBe(404);
  });

  it("says the wedding's planning is unavailable for a moment (503, never a 500) on a Worker without the WEDDING_STORE binding, and writes nothing", async () => {
    const w = await plannedWedding();
    await move(w.weddingId);
    const noStore = { WEDDING_STORE: undefined };
    const d1Before = await d1GuestList(w.id);
    const storeBefore = await storeRows(w.weddingId);

    const api = await page("/api/v1/guests/headcounts", { headers: { Cookie: w.cookie } }, noStore);
    expect(api.status).toBe(503);
    expect(api.headers.get("Retry-After")).toBe("30");
    expect(await api.json()).toEqual({
      success: false,
      message: "This wedding's planning is unavailable for a moment. Nothing was changed; please try again shortly.",
    });
    const hindi = await page("/api/v1/guests", { headers: { Cookie: w.cookie, "Accept-Language": "hi" } }, noStore);
    expect(hindi.status).toBe(503);
    expect(((await hindi.json()) as Loose).message).toBe("इस शादी की योजना कुछ देर के लिए उपलब्ध नहीं है। कुछ भी नहीं बदला; कृपया थोड़ी देर में फिर से कोशिश करें।");
    const added = await page(
      "/api/v1/guests/households",
      { method: "POST", headers: { Cookie: w.cookie, "Content-Type": "application/json" }, body: JSON.stringify({ name: "Kapoor family" }) },
      noStore,
    );
    expect(added.status).toBe(503);

    // The guest page: its loader's answer is the message with 503, which the root page shows (not the error screen).
    const guestsPage = await page("/profile/guests", { headers: { Cookie: w.cookie } }, noStore);
    expect(guestsPage.status).toBe(503);
    expect(await guestsPage.json()).toBe("This wedding's planning is unavailable for a moment. Nothing was changed; please try again shortly.");
    // The public RSVP link of a moved wedding: the same 503.
    expect((await page(`/api/v1/rsvp/${w.sharma.token}`, {}, noStore)).status).toBe(503);

    // Every endpoint that reaches the store answers the same 503, and the API document says it may (the
    // endpoints of the areas that stay in D1 do not).
    const sent = (method: string, body?: unknown) => ({
      method,
      headers: { Cookie: w.cookie, ...(body ? { "Content-Type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const reachStore: [method: string, documented: string, path: string, body?: unknown][] = [
      ["get", "/api/v1/guests/headcounts", "/api/v1/guests/headcounts"],
      ["get", "/api/v1/guests", "/api/v1/guests"],
      ["post", "/api/v1/guests/households", "/api/v1/guests/households", { name: "Kapoor family" }],
      ["get", "/api/v1/rsvp/{token}", `/api/v1/rsvp/${w.sharma.token}`],
      ["post", "/api/v1/event/newevent", "/api/v1/event/newevent", { eventName: "Mehendi", eventDate: "2027-02-12" }],
      ["put", "/api/v1/event/{eventId}", `/api/v1/event/${w.sangeet.id}`, { eventName: "Sangeet night" }],
      ["delete", "/api/v1/event/{eventId}", `/api/v1/event/${w.baraat.id}`],
      ["post", "/api/v1/event/{eventId}/subevent", `/api/v1/event/${w.shaadi.id}/subevent`, { subEventName: "Pheras", subEventDate: "2027-02-14" }],
      ["get", "/api/v1/weddings/activity", "/api/v1/weddings/activity"],
      ["get", "/api/v1/weddings/export", "/api/v1/weddings/export"],
    ];
    const document = (await (await page("/api/v1/openapi.json")).json()) as Loose;
    for (const [method, documented, path, body] of reachStore) {
      expect((await page(path, sent(method.toUpperCase(), body), noStore)).status, `${method} ${path}`).toBe(503);
      expect(document.paths[documented][method].responses, `${method} ${documented} documents 503`).toHaveProperty("503");
    }
    expect(document.paths["/api/v1/checklist/get"].get.responses).not.toHaveProperty("503");

    expect(await d1GuestList(w.id)).toEqual(d1Before);
    expect(await storeRows(w.weddingId)).toEqual(storeBefore);
    // The areas still in D1 answer as before, and with the binding back the guest list does too.
    expect((await page("/api/v1/checklist/get", { headers: { Cookie: w.cookie } }, noStore)).status).toBe(200);
    expect((await page("/api/v1/guests/headcounts", { headers: { Cookie: w.cookie } })).status).toBe(200);
  });
});
