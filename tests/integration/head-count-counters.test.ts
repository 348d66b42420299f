import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HEADCOUNT_SQL } from "#domain/guests/index.ts";
import { call } from "#tests/support/factories.ts";
import { coupleAndMother as coupleWithMother } from "#tests/support/co-planner.ts";
import { insertCard } from "#tests/support/invitations.ts";
import { loadPage, postPage } from "#tests/support/pages.ts";

/**
 * Head-counts kept on write (issue 33, docs/decisions/0060-head-counts-kept-on-write.md): the
 * head-count API and the guest page read one counter row per function and one per invitation, and
 * after every kind of write (the couple's and a co-planner's API calls and page forms, the public
 * RSVP link, a CSV import, an approved e-invite request, a function deleted) they say exactly what a
 * recount of every invitation x guest x answer says.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
const send = async (method: string, path: string, cookie: string | undefined, body?: unknown) => {
  const res = await json(await call(path, { method, cookie, body }));
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};

/** "Not answered yet" recounted: per household, the functions it is invited to where one of its guests has no answer. */
const PENDING_RECOUNT = `SELECT h.id AS household_id, hi.event_id FROM household_invitations hi JOIN households h ON h.id = hi.household_id
  WHERE h.user_id = ?1 AND EXISTS (SELECT 1 FROM guests g WHERE g.household_id = h.id
    AND NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.event_id = hi.event_id))
  ORDER BY h.id, hi.event_id`;

/** The head-count API's answer equals the recount, function by function and household by household. */
async function expectCountsExact(coupleId: string, cookie: string) {
  const api = await send("GET", "/api/v1/guests/headcounts", cookie);
  const recount = (await env.DB.prepare(HEADCOUNT_SQL).bind(coupleId).all<Loose>()).results;
  expect(
    api.functions.map((f: Loose) => [f.eventId, f.invitedHouseholds, f.invitedGuests, f.attending, f.maybe, f.declined, f.notAnswered, f.dietary]),
  ).toEqual(
    recount.map((r) => [
      r.id,
      r.households,
      r.guests,
      r.attending,
      r.maybe,
      r.declined,
      r.not_answered,
      { VEG: r.veg, JAIN: r.jain, NON_VEG: r.non_veg, VEGAN: r.vegan, UNKNOWN: r.unknown },
    ]),
  );
  const pending = (await env.DB.prepare(PENDING_RECOUNT).bind(coupleId).all<{ household_id: string; event_id: string }>()).results;
  expect(
    (api.notAnswered as Loose[]).flatMap((h) => h.functions.map((f: Loose) => [h.householdId, f.eventId])).sort((a, b) => `${a}`.localeCompare(`${b}`)),
  ).toEqual(pending.map((p) => [p.household_id, p.event_id]).sort((a, b) => `${a}`.localeCompare(`${b}`)));
  // The page shows the same numbers, and how many households owe an answer.
  const page = await loadPage<Loose>("/profile/guests", cookie);
  expect(page.headCounts).toEqual(api.functions);
  expect(page.notAnsweredCount).toBe(new Set(pending.map((p) => p.household_id)).size);
  return api;
}

/** A couple and the bride's mother, an editor of the guest list and invitations in the couple's wedding (her current one). */
const coupleAndMother = () => coupleWithMother({ areas: "guests,invitations", seesContacts: true });

describe("head-counts kept on write", () => {
  it("equal a recount after every kind of write to functions, households, guests, invitations and answers", async () => {
    const { couple: c, mother } = await coupleAndMother();
    const newEvent = async (eventName: string, eventDate: string) =>
      (await send("POST", "/api/v1/event/newevent", c.cookie, { eventName, eventDate, eventStartTime: "19:00" })).event.id as string;
    const sangeet = await newEvent("Sangeet", "2027-02-13");
    const wedding = await newEvent("Wedding", "2027-02-14");
    const reception = await newEvent("Reception", "2027-02-15");
    await expectCountsExact(c.id, c.cookie);

    // Households and guests from the API (the couple and the mother), one guest into a household of their own.
    const sharma = (await send("POST", "/api/v1/guests/households", c.cookie, { name: "Sharma family" })).household.id as string;
    const kapoor = (await send("POST", "/api/v1/guests/households", mother.cookie, { name: "Kapoor family" })).household.id as string;
    const anil = (await send("POST", "/api/v1/guests", c.cookie, { name: "Anil Sharma", householdId: sharma, dietary: "JAIN" })).guest;
    const sunita = (await send("POST", "/api/v1/guests", mother.cookie, { name: "Sunita Sharma", householdId: sharma, dietary: "VEG" })).guest;
    const neha = (await send("POST", "/api/v1/guests", mother.cookie, { name: "Neha Kapoor", householdId: kapoor })).guest;
    const alone = (await send("POST", "/api/v1/guests", c.cookie, { name: "Ravi Iyer", dietary: "NON_VEG" })).guest;
    await expectCountsExact(c.id, c.cookie);

    // Invitations per function (the couple by the API, the mother by the page's form), a guest added to an invited household.
    await send("PUT", `/api/v1/guests/households/${sharma}/invitations`, c.cookie, { eventIds: [sangeet, wedding] });
    await send("PUT", `/api/v1/guests/households/${alone.householdId}/invitations`, c.cookie, { eventIds: [wedding, reception] });
    const invited = await postPage(
      "/profile/guests",
      { intent: "invite", householdId: kapoor, [`event:${wedding}`]: "on", [`event:${reception}`]: "on" },
      mother.cookie,
    );
    expect(invited.status).toBe(303);
    await send("POST", "/api/v1/guests", c.cookie, { name: "Kavya Kapoor", householdId: kapoor, dietary: "VEGAN" });
    let heads = await expectCountsExact(c.id, c.cookie);
    expect(heads.functions.map((f: Loose) => [f.invitedHouseholds, f.invitedGuests, f.notAnswered])).toEqual([
      [1, 2, 2],
      [3, 5, 5],
      [2, 3, 3],
    ]);

    // Answers from the households' public links, then changed (party size, response) from the same link.
    const token = async (householdId: string) =>
      (await env.DB.prepare("SELECT rsvp_token FROM households WHERE id = ?").bind(householdId).first<{ rsvp_token: string }>())!.rsvp_token;
    await send("POST", `/api/v1/rsvp/${await token(sharma)}`, undefined, {
      answers: [
        { guestId: anil.id, eventId: sangeet, response: "ATTENDING", partySize: 3 },
        { guestId: sunita.id, eventId: sangeet, response: "DECLINED" },
        { guestId: anil.id, eventId: wedding, response: "MAYBE", partySize: 2 },
      ],
    });
    await send("POST", `/api/v1/rsvp/${await token(kapoor)}`, undefined, {
      answers: [{ guestId: neha.id, eventId: wedding, response: "ATTENDING", partySize: 2 }],
    });
    await send("POST", `/api/v1/rsvp/${await token(alone.householdId)}`, undefined, {
      answers: [{ guestId: alone.id, eventId: reception, response: "ATTENDING" }],
    });
    heads = await expectCountsExact(c.id, c.cookie);
    expect(heads.functions[0]).toMatchObject({ attending: 3, declined: 1, notAnswered: 0, dietary: { JAIN: 3, VEG: 0 } });
    await send("POST", `/api/v1/rsvp/${await token(sharma)}`, undefined, {
      answers: [
        { guestId: anil.id, eventId: sangeet, response: "ATTENDING", partySize: 1 },
        { guestId: anil.id, eventId: wedding, response: "ATTENDING", partySize: 2 },
      ],
    });
    heads = await expectCountsExact(c.id, c.cookie);
    expect(heads.functions[1]).toMatchObject({ attending: 4, maybe: 0, dietary: { JAIN: 2, UNKNOWN: 2 } });

    // Edits that move what a guest counts: a diet changed (couple, API), a guest moved to another household (mother, page form).
    await send("PUT", `/api/v1/guests/${anil.id}`, c.cookie, { dietary: "VEG" });
    const moved = await postPage(
      "/profile/guests",
      { intent: "editGuest", guestId: neha.id, name: "Neha Kapoor", side: "BOTH", householdId: sharma },
      mother.cookie,
    );
    expect(moved.status).toBe(303);
    heads = await expectCountsExact(c.id, c.cookie);
    expect(heads.functions[0]).toMatchObject({ invitedGuests: 3, attending: 1, dietary: { VEG: 1, JAIN: 0 } });

    // A CSV import: new households and guests into the list, one into an invited household.
    const imported = await send("POST", "/api/v1/guests/import", c.cookie, {
      csv: "Household,Name,Side,Dietary\nSharma family,Mohan Sharma,BRIDE,VEG\nMehta family,Rohit Mehta,GROOM,\nMehta family,Pooja Mehta,GROOM,JAIN\n",
    });
    expect(imported.imported).toBe(3);
    await expectCountsExact(c.id, c.cookie);

    // Un-inviting drops the household's answers for that function; a guest and a household deleted (API and page form).
    await send("PUT", `/api/v1/guests/households/${sharma}/invitations`, mother.cookie, { eventIds: [wedding] });
    await expectCountsExact(c.id, c.cookie);
    const removed = await postPage("/profile/guests", { intent: "deleteGuest", guestId: sunita.id }, c.cookie);
    expect(removed.status).toBe(303);
    await send("DELETE", `/api/v1/guests/${alone.id}`, mother.cookie);
    await expectCountsExact(c.id, c.cookie);
    await send("DELETE", `/api/v1/guests/households/${kapoor}`, mother.cookie);
    heads = await expectCountsExact(c.id, c.cookie);

    // A request from the published e-invite, approved: a household, its guest, invitations and answers in one batch.
    const card = await insertCard(c.id, { previewKey: `cards/${c.id}/preview.jpg` });
    const published = await send("POST", `/api/v1/invitation/${card.id}/publish`, c.cookie, { eventIds: [wedding, reception], rsvpOpen: true });
    await send("POST", `/api/v1/invitation/view/${published.slug}/requests`, undefined, {
      name: "Priya Nair",
      phone: "98765 43210",
      partySize: 3,
      dietary: "JAIN",
      answers: { [wedding]: "ATTENDING", [reception]: "MAYBE" },
    });
    const [request] = (await send("GET", "/api/v1/invitation/requests", c.cookie)).requests;
    await send("POST", `/api/v1/invitation/requests/${request.id}/approve`, c.cookie, {});
    const after = await expectCountsExact(c.id, c.cookie);
    expect(after.functions[1].attending - heads.functions[1].attending).toBe(3);

    // A function deleted takes its counters with it; the others stay exact.
    await send("DELETE", `/api/v1/event/${reception}`, c.cookie);
    const last = await expectCountsExact(c.id, c.cookie);
    expect(last.functions.map((f: Loose) => f.eventId)).toEqual([sangeet, wedding]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM function_counts WHERE event_id = ?").bind(reception).first<{ n: number }>()).toEqual({ n: 0 });
  }, 30_000);

  it("are refilled from the rows by their migration, and running it twice changes nothing", async () => {
    const { couple: c } = await coupleAndMother();
    const event = (await send("POST", "/api/v1/event/newevent", c.cookie, { eventName: "Sangeet", eventDate: "2027-02-13" })).event.id as string;
    const h = (await send("POST", "/api/v1/guests/households", c.cookie, { name: "Sharma family" })).household.id as string;
    const g = (await send("POST", "/api/v1/guests", c.cookie, { name: "Anil Sharma", householdId: h, dietary: "JAIN" })).guest;
    await send("POST", "/api/v1/guests", c.cookie, { name: "Sunita Sharma", householdId: h });
    await send("PUT", `/api/v1/guests/households/${h}/invitations`, c.cookie, { eventIds: [event] });
    const token = (await env.DB.prepare("SELECT rsvp_token FROM households WHERE id = ?").bind(h).first<{ rsvp_token: string }>())!.rsvp_token;
    await send("POST", `/api/v1/rsvp/${token}`, undefined, { answers: [{ guestId: g.id, eventId: event, response: "ATTENDING", partySize: 4 }] });
    const right = await expectCountsExact(c.id, c.cookie);
    // Counters that went wrong (or rows written before the migration) are put right by running it.
    await env.DB.batch([
      env.DB.prepare("UPDATE function_counts SET attending = 99, not_answered = 7 WHERE event_id = ?").bind(event),
      env.DB.prepare("DELETE FROM invitation_counts WHERE household_id = ?").bind(h),
    ]);
    const migration = env.TEST_MIGRATIONS.find((x) => x.name.startsWith("0154_"))!;
    for (let run = 0; run < 2; run++) await env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));
    expect(await expectCountsExact(c.id, c.cookie)).toEqual(right);
    expect(right.functions[0]).toMatchObject({ invitedHouseholds: 1, invitedGuests: 2, attending: 4, notAnswered: 1, dietary: { JAIN: 4 } });
    expect(right.notAnswered.map((n: Loose) => n.householdId)).toEqual([h]);
  }, 30_000);
});
