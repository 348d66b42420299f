import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { functionHeadCounts, remindHousehold } from "#domain/guests/index.ts";
import { mailerFor } from "#platform/mail.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, createUser, sessionCookieFor, signedIn, snapshot } from "#tests/support/factories.ts";
import { answer, createEvent, createGuest, createHousehold, invite } from "#tests/support/planning.ts";
import { localName } from "#shared/local-names.ts";

/**
 * The guest list through /api/v1/guests (functions/domain/guests/): households and guests,
 * search and filters, per-function invitations, head-counts, CSV import and export, sharing and
 * reminding. Another couple's household, guest or function is 404 and changes nothing.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });

async function couple(userName = "Asha Verma") {
  const user = await createUser({ role: "USER", userName });
  await env.DB.prepare("UPDATE users SET partner_name = 'Rahul Mehta' WHERE id = ?").bind(user.id).run();
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

const guestsOf = (userId: string) => snapshot("SELECT * FROM guests WHERE user_id = ? ORDER BY id", userId);
const householdsOf = (userId: string) => snapshot("SELECT * FROM households WHERE user_id = ? ORDER BY id", userId);

describe("guests and households", () => {
  it("adds a guest into a new household of one, or into one of the couple's households", async () => {
    const c = await couple();
    const res = await json(
      await call("/api/v1/guests", {
        method: "POST",
        cookie: c.cookie,
        body: {
          name: "Anil Sharma",
          side: "BRIDE",
          relation: "Uncle",
          phone: "+91 98765 43210",
          email: "Anil@Example.com",
          city: "Jaipur",
          dietary: "JAIN",
          needsStay: true,
        },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.guest).toMatchObject({
      name: "Anil Sharma",
      householdName: "Anil Sharma",
      email: "anil@example.com",
      dietary: "JAIN",
      needsStay: true,
      needsPickup: false,
    });
    const h = await createHousehold(c.id, "Kapoor family");
    const into = await json(await call("/api/v1/guests", { method: "POST", cookie: c.cookie, body: { name: "Neha Kapoor", householdId: h.id } }));
    expect(into.status).toBe(201);
    expect(into.body.guest).toMatchObject({ householdId: h.id, side: "BOTH" });
  });

  it("refuses another couple's household (404) and bad fields (400 naming the field), changing nothing", async () => {
    const c = await couple();
    const other = await couple("Other");
    const theirs = await createHousehold(other.id, "Theirs");
    const before = await guestsOf(c.id);
    const theirsBefore = await guestsOf(other.id);
    const res = await json(await call("/api/v1/guests", { method: "POST", cookie: c.cookie, body: { name: "Sneak", householdId: theirs.id } }));
    expect(res.status).toBe(404);
    const bad = await json(await call("/api/v1/guests", { method: "POST", cookie: c.cookie, body: { name: "X", email: "not-an-email", dietary: "MEAT" } }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toMatch(/E-mail/);
    expect(bad.body.errors.dietary).toMatch(/Dietary/);
    expect(await guestsOf(c.id)).toBe(before);
    expect(await guestsOf(other.id)).toBe(theirsBefore);
  });

  it("edits and removes only the couple's own guests; another couple's is 404 and unchanged", async () => {
    const c = await couple();
    const other = await couple("Other");
    const h = await createHousehold(other.id);
    const g = await createGuest(other.id, h.id);
    const before = await guestsOf(other.id);
    expect((await call(`/api/v1/guests/${g.id}`, { method: "PUT", cookie: c.cookie, body: { name: "Changed" } })).status).toBe(404);
    expect((await call(`/api/v1/guests/${g.id}`, { method: "DELETE", cookie: c.cookie })).status).toBe(404);
    expect(await guestsOf(other.id)).toBe(before);
    const put = await json(await call(`/api/v1/guests/${g.id}`, { method: "PUT", cookie: other.cookie, body: { city: "Pune", needsPickup: true } }));
    expect(put.body.guest).toMatchObject({ name: "Anil Sharma", city: "Pune", needsPickup: true });
    expect((await call(`/api/v1/guests/${g.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(200);
    expect(await snapshot("SELECT id FROM guests WHERE id = ?", g.id)).toBe("[]");
  });

  it("is for couples: a visitor is 401 and a vendor 403", async () => {
    expect((await call("/api/v1/guests")).status).toBe(401);
    const v = await signedIn("VENDOR");
    expect((await call("/api/v1/guests", { cookie: v.cookie })).status).toBe(403);
  });

  it("searches by name, phone digits and city and filters by side, dietary, household, invitation and answer", async () => {
    const c = await couple();
    const e = await createEvent(c.id, { name: "Sangeet" });
    const h1 = await createHousehold(c.id, "Sharma family");
    const h2 = await createHousehold(c.id, "Iyer family");
    const a = await createGuest(c.id, h1.id, { name: "Anil Sharma", phone: "+91 98765-43210", dietary: "VEG", side: "BRIDE" });
    const b = await createGuest(c.id, h1.id, { name: "Sunita Sharma", dietary: "JAIN", side: "BRIDE" });
    const d = await createGuest(c.id, h2.id, { name: "Ravi Iyer", side: "GROOM", dietary: "NON_VEG" });
    await env.DB.prepare("UPDATE guests SET city = 'Chennai' WHERE id = ?").bind(d.id).run();
    await invite(h1.id, e.id);
    await answer(a.id, e.id, "ATTENDING", 2);
    const names = async (q: string) => ((await json(await call(`/api/v1/guests?${q}`, { cookie: c.cookie }))).body.guests as Loose[]).map((g) => g.name);
    expect(await names("q=sunita")).toEqual(["Sunita Sharma"]);
    expect(await names("q=9876543210")).toEqual(["Anil Sharma"]);
    expect(await names("q=chennai")).toEqual(["Ravi Iyer"]);
    expect(await names("side=GROOM")).toEqual(["Ravi Iyer"]);
    expect(await names("dietary=JAIN")).toEqual(["Sunita Sharma"]);
    expect(await names(`householdId=${h1.id}`)).toEqual(["Anil Sharma", "Sunita Sharma"]);
    expect(await names(`eventId=${e.id}`)).toEqual(["Anil Sharma", "Sunita Sharma"]);
    expect(await names(`eventId=${e.id}&answer=NONE`)).toEqual(["Sunita Sharma"]);
    expect(await names(`eventId=${e.id}&answer=ATTENDING`)).toEqual(["Anil Sharma"]);
    expect(await names("answer=NONE")).toEqual(["Sunita Sharma"]);
    const all = await json(await call("/api/v1/guests", { cookie: c.cookie }));
    expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 100 });
    expect((all.body.guests as Loose[]).map((g) => g.name)).toEqual(["Ravi Iyer", "Anil Sharma", "Sunita Sharma"]);
    expect((await call("/api/v1/guests?side=AUNT", { cookie: c.cookie })).status).toBe(400);
    expect(b.id).toBeTruthy();
  });

  it("pages the list 100 at a time with the total", async () => {
    const c = await couple();
    const h = await createHousehold(c.id, "Big family");
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 130 }, (_, i) =>
        env.DB.prepare("INSERT INTO guests (id, user_id, household_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)").bind(
          `pg-${c.id}-${i}`,
          c.id,
          h.id,
          `Guest ${String(i).padStart(3, "0")}`,
          now,
          now,
        ),
      ),
    );
    const p2 = await json(await call("/api/v1/guests?page=2", { cookie: c.cookie }));
    expect(p2.body.total).toBe(130);
    expect(p2.body.guests).toHaveLength(30);
    expect(p2.body.guests[0].name).toBe("Guest 100");
  });

  it("renames, resets the link of and removes a household with its guests, invitations and answers", async () => {
    const c = await couple();
    const other = await couple("Other");
    const e = await createEvent(c.id);
    const created = await json(
      await call("/api/v1/guests/households", { method: "POST", cookie: c.cookie, body: { name: "Gupta family", notes: "Near the station" } }),
    );
    expect(created.status).toBe(201);
    const hh = created.body.household as Loose;
    expect(hh.rsvpLink).toMatch(/^http:\/\/localhost\/rsvp\/[A-Za-z0-9_-]{32}$/);
    const renamed = await json(await call(`/api/v1/guests/households/${hh.id}`, { method: "PUT", cookie: c.cookie, body: { name: "Gupta parivar" } }));
    expect(renamed.body.household).toMatchObject({ name: "Gupta parivar", notes: "Near the station" });
    const oldToken = (hh.rsvpLink as string).split("/").pop()!;
    const reset = await json(await call(`/api/v1/guests/households/${hh.id}/reset-link`, { method: "POST", cookie: c.cookie }));
    expect(reset.body.household.rsvpLink).not.toBe(hh.rsvpLink);
    expect((await call(`/api/v1/rsvp/${oldToken}`)).status).toBe(404);
    const g = await createGuest(c.id, hh.id);
    await invite(hh.id, e.id);
    await answer(g.id, e.id, "ATTENDING");
    expect((await call(`/api/v1/guests/households/${hh.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/v1/guests/households/${hh.id}/reset-link`, { method: "POST", cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/v1/guests/households/${hh.id}`, { method: "DELETE", cookie: c.cookie })).status).toBe(200);
    expect(await snapshot("SELECT * FROM guests WHERE household_id = ?", hh.id)).toBe("[]");
    expect(await snapshot("SELECT * FROM household_invitations WHERE household_id = ?", hh.id)).toBe("[]");
    expect(await snapshot("SELECT * FROM guest_rsvps WHERE guest_id = ?", g.id)).toBe("[]");
  });
});

describe("invitations and head-counts", () => {
  it("sets the functions a household is invited to; un-inviting removes only that function's answers, in the same batch", async () => {
    const c = await couple();
    const sangeet = await createEvent(c.id, { name: "Sangeet" });
    const wedding = await createEvent(c.id, { name: "Wedding", eventDate: "2027-02-14" });
    const h = await createHousehold(c.id);
    const g = await createGuest(c.id, h.id);
    const put = await json(
      await call(`/api/v1/guests/households/${h.id}/invitations`, { method: "PUT", cookie: c.cookie, body: { eventIds: [sangeet.id, wedding.id] } }),
    );
    expect(put.status).toBe(200);
    expect([...put.body.household.invitedEventIds].sort()).toEqual([sangeet.id, wedding.id].sort());
    await answer(g.id, sangeet.id, "ATTENDING");
    await answer(g.id, wedding.id, "MAYBE");
    await call(`/api/v1/guests/households/${h.id}/invitations`, { method: "PUT", cookie: c.cookie, body: { eventIds: [wedding.id] } });
    expect(await snapshot("SELECT event_id, response FROM guest_rsvps WHERE guest_id = ?", g.id)).toBe(
      JSON.stringify([{ event_id: wedding.id, response: "MAYBE" }]),
    );
    expect(await snapshot("SELECT event_id FROM household_invitations WHERE household_id = ?", h.id)).toBe(JSON.stringify([{ event_id: wedding.id }]));
  });

  it("refuses another couple's function or a sub-event (404) and changes nothing", async () => {
    const c = await couple();
    const other = await couple("Other");
    const mine = await createEvent(c.id);
    const sub = await createEvent(c.id, { name: "Pheras", parentId: mine.id });
    const theirs = await createEvent(other.id);
    const h = await createHousehold(c.id);
    await invite(h.id, mine.id);
    const before = await snapshot("SELECT * FROM household_invitations WHERE household_id = ?", h.id);
    for (const eventIds of [[theirs.id], [mine.id, theirs.id], [sub.id]]) {
      const res = await json(await call(`/api/v1/guests/households/${h.id}/invitations`, { method: "PUT", cookie: c.cookie, body: { eventIds } }));
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/function/);
    }
    expect(await snapshot("SELECT * FROM household_invitations WHERE household_id = ?", h.id)).toBe(before);
    const otherHousehold = await createHousehold(other.id);
    expect(
      (await call(`/api/v1/guests/households/${otherHousehold.id}/invitations`, { method: "PUT", cookie: c.cookie, body: { eventIds: [mine.id] } })).status,
    ).toBe(404);
    expect(await snapshot("SELECT * FROM household_invitations WHERE household_id = ?", otherHousehold.id)).toBe("[]");
  });

  it("refuses a body without eventIds (400 naming it) instead of un-inviting the household from every function; [] still un-invites", async () => {
    const c = await couple();
    const sangeet = await createEvent(c.id);
    const h = await createHousehold(c.id);
    const g = await createGuest(c.id, h.id);
    await invite(h.id, sangeet.id);
    await answer(g.id, sangeet.id, "ATTENDING", 3);
    const before = await snapshot("SELECT * FROM household_invitations WHERE household_id = ?", h.id);
    const url = `/api/v1/guests/households/${h.id}/invitations`;
    for (const body of [{}, { eventIds: null }, { eventIds: true }, { evntIds: [] }]) {
      const res = await json(await call(url, { method: "PUT", cookie: c.cookie, body }));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.eventIds, JSON.stringify(body)).toMatch(/eventIds/);
    }
    expect(await snapshot("SELECT * FROM household_invitations WHERE household_id = ?", h.id)).toBe(before);
    expect(await snapshot("SELECT response, party_size FROM guest_rsvps WHERE guest_id = ?", g.id)).toBe('[{"response":"ATTENDING","party_size":3}]');
    expect((await call(url, { method: "PUT", cookie: c.cookie, body: { eventIds: [] } })).status).toBe(200);
    expect(await snapshot("SELECT * FROM household_invitations WHERE household_id = ?", h.id)).toBe("[]");
  });

  it("counts people per function (party sizes), maybe, declined, not answered and per dietary preference, in one query", async () => {
    const c = await couple();
    const other = await couple("Other");
    const sangeet = await createEvent(c.id, { name: "Sangeet", eventDate: "2027-02-13" });
    const wedding = await createEvent(c.id, { name: "Wedding", eventDate: "2027-02-14" });
    const theirs = await createEvent(other.id);
    const h1 = await createHousehold(c.id);
    const h2 = await createHousehold(c.id, "Iyer family");
    const a = await createGuest(c.id, h1.id, { dietary: "VEG" });
    const b = await createGuest(c.id, h1.id, { dietary: "JAIN" });
    const d = await createGuest(c.id, h2.id, { dietary: "NON_VEG" });
    const e2 = await createGuest(c.id, h2.id);
    for (const h of [h1, h2]) await invite(h.id, sangeet.id);
    await invite(h1.id, wedding.id);
    await answer(a.id, sangeet.id, "ATTENDING", 3);
    await answer(b.id, sangeet.id, "ATTENDING", 1);
    await answer(d.id, sangeet.id, "MAYBE", 2);
    await answer(e2.id, sangeet.id, "DECLINED");
    await answer(a.id, wedding.id, "ATTENDING", 2);
    const res = await json(await call("/api/v1/guests/headcounts", { cookie: c.cookie }));
    expect(res.body.functions).toEqual([
      {
        eventId: sangeet.id,
        name: "Sangeet",
        eventDate: "2027-02-13",
        startTime: "19:00",
        invitedHouseholds: 2,
        invitedGuests: 4,
        attending: 4,
        maybe: 2,
        declined: 1,
        notAnswered: 0,
        dietary: { VEG: 3, JAIN: 1, NON_VEG: 0, VEGAN: 0, UNKNOWN: 0 },
      },
      {
        eventId: wedding.id,
        name: "Wedding",
        eventDate: "2027-02-14",
        startTime: "19:00",
        invitedHouseholds: 1,
        invitedGuests: 2,
        attending: 2,
        maybe: 0,
        declined: 0,
        notAnswered: 1,
        dietary: { VEG: 2, JAIN: 0, NON_VEG: 0, VEGAN: 0, UNKNOWN: 0 },
      },
    ]);
    expect(res.body.notAnswered).toMatchObject([{ householdId: h1.id, functions: [{ eventId: wedding.id, name: "Wedding", eventDate: "2027-02-14" }] }]);
    expect(res.body).toMatchObject({ notAnsweredCount: 1, page: 1, pageSize: 50 });
    expect(JSON.stringify(res.body)).not.toContain(theirs.id);
    // A page past the last lists no one and still says how many owe an answer; a page that is not a number is 400.
    expect((await json(await call("/api/v1/guests/headcounts?page=2", { cookie: c.cookie }))).body).toMatchObject({
      notAnswered: [],
      notAnsweredCount: 1,
      page: 2,
    });
    const bad = await call("/api/v1/guests/headcounts?page=two", { cookie: c.cookie });
    expect(bad.status).toBe(400);
    // The bench's entry point answers the same.
    expect(await functionHeadCounts(testContext({ actor: actorOf(c.id, "USER") }))).toEqual(res.body.functions);
  });
});

describe("CSV import and export", () => {
  const csv = [
    "household,NAME,Side,Relationship,Mobile,E-mail,City,Diet,Needs stay,Pickup",
    "Sharma family,Anil Sharma,Bride's,Uncle,+91 98765 43210,anil@example.com,Jaipur,Veg,yes,no",
    'Sharma family,"Sunita ""Sunny"" Sharma",bride,Aunt,,,Jaipur,Jain,,',
    ",Ravi Iyer,Groom side,Friend,,ravi@example.com,Chennai,Non-veg,No,Yes",
    "Kapoor family,,Groom,,,,,,,",
    "Kapoor family,Neha Kapoor,cousin,,,,,,,",
    "Kapoor family,Amit Kapoor,Both,,,not-an-email,,Fish,maybe,",
    "",
  ].join("\r\n");

  it("imports the good rows in one batch and lists the bad rows with row numbers and reasons", async () => {
    const c = await couple();
    const res = await json(await call("/api/v1/guests/import", { method: "POST", cookie: c.cookie, body: { csv } }));
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(3);
    expect(res.body.householdsCreated).toBe(2);
    expect(res.body.errors.map((e: Loose) => e.row)).toEqual([5, 6, 7]);
    expect(res.body.errors[0].reason).toMatch(/name/i);
    expect(res.body.errors[1].reason).toMatch(/Side/);
    expect(res.body.errors[2].reason).toMatch(/E-mail/);
    expect(res.body.errors[2].reason).toMatch(/Dietary/);
    expect(res.body.errors[2].reason).toMatch(/Stay/);
    const list = (await json(await call("/api/v1/guests", { cookie: c.cookie }))).body.guests as Loose[];
    expect(list.map((g) => [g.householdName, g.name, g.side, g.dietary, g.needsStay, g.needsPickup])).toEqual([
      ["Ravi Iyer", "Ravi Iyer", "GROOM", "NON_VEG", false, true],
      ["Sharma family", "Anil Sharma", "BRIDE", "VEG", true, false],
      ["Sharma family", 'Sunita "Sunny" Sharma', "BRIDE", "JAIN", false, false],
    ]);
    // A second import joins the existing "Sharma family" household rather than making another.
    const again = await json(
      await call("/api/v1/guests/import", { method: "POST", cookie: c.cookie, body: { csv: "Household,Name\nsharma FAMILY,Kiran Sharma\n" } }),
    );
    expect(again.body).toMatchObject({ imported: 1, householdsCreated: 0, errors: [] });
  });

  it("refuses a file without a Name column, an unclosed quote or one too large, importing nothing", async () => {
    const c = await couple();
    for (const body of ["Household,City\nA,B\n", 'Name\n"Anil\n', `Name\n${"x".repeat(600 * 1024)}\n`]) {
      const res = await json(await call("/api/v1/guests/import", { method: "POST", cookie: c.cookie, body: { csv: body } }));
      expect(res.status).toBe(400);
    }
    expect(await guestsOf(c.id)).toBe("[]");
    expect(await householdsOf(c.id)).toBe("[]");
  });

  it("imports a CSV over the API's usual 256 KB JSON cap and within its own 512 KB", async () => {
    const c = await couple();
    const rows = Array.from(
      { length: 900 },
      (_, i) => `Family ${i % 50},${"Guest".padEnd(100, "x")} ${i},${"Cousin".padEnd(100, "y")},${"Jaipur".padEnd(100, "z")}`,
    );
    const csv = ["Household,Name,Relation,City", ...rows].join("\n");
    expect(csv.length).toBeGreaterThan(256 * 1024);
    const res = await json(await call("/api/v1/guests/import", { method: "POST", cookie: c.cookie, body: { csv } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 900, errors: [] });
  });

  it("exports the same columns, defusing spreadsheet formulas, and the export imports back as it was", async () => {
    const c = await couple();
    const h = await createHousehold(c.id, '=HYPERLINK("http://evil")');
    await createGuest(c.id, h.id, { name: "@SUM(A1)", phone: "+91 98765 43210", email: "a@example.com", dietary: "NON_VEG" });
    const res = await call("/api/v1/guests/export", { cookie: c.cookie });
    expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(res.headers.get("Content-Disposition")).toMatch(/attachment/);
    const text = await res.text();
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("Household,Name,Side,Relation,Phone,Email,City,Dietary,Stay,Pickup");
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"")",'@SUM(A1),BRIDE,,'+91 98765 43210,a@example.com,,Non-veg,No,No`);
    const fresh = await couple("Fresh");
    const back = await json(await call("/api/v1/guests/import", { method: "POST", cookie: fresh.cookie, body: { csv: text } }));
    expect(back.body).toMatchObject({ imported: 1, errors: [] });
    const g = ((await json(await call("/api/v1/guests", { cookie: fresh.cookie }))).body.guests as Loose[])[0]!;
    expect([g.householdName, g.name, g.phone, g.dietary]).toEqual(['=HYPERLINK("http://evil")', "@SUM(A1)", "+91 98765 43210", "NON_VEG"]);
  });
});

describe("sharing and reminding", () => {
  async function setup() {
    const c = await couple();
    const e = await createEvent(c.id, { name: "Sangeet" });
    const h = await createHousehold(c.id, "Sharma family");
    const g1 = await createGuest(c.id, h.id, { email: "anil@example.com", phone: "98765 43210" });
    const g2 = await createGuest(c.id, h.id, { name: "Sunita Sharma", email: "sunita@example.com" });
    await invite(h.id, e.id);
    return { c, e, h, g1, g2 };
  }

  it("reminds in the couple's language when they chose Hindi (a guest has no account), the link opening the Hindi RSVP page (issue 32)", async () => {
    const { c, h } = await setup();
    expect((await call("/api/v1/users/language", { method: "PUT", body: { locale: "hi" }, cookie: c.cookie })).status).toBe(200);
    expect((await call(`/api/v1/guests/households/${h.id}/remind`, { method: "POST", cookie: c.cookie })).status).toBe(200);
    const mail = (await env.DB.prepare("SELECT subject, text, html FROM outbox WHERE to_address = 'anil@example.com' AND text LIKE ?")
      .bind(`%${h.token}%`)
      .first<{ subject: string; text: string; html: string }>())!;
    expect(mail.subject).toMatch(/: कृपया बताइए कि क्या आप आ पाएँगे$/);
    expect(mail.text).toMatch(/^नमस्ते Sharma family,\n/);
    expect(mail.text).toContain(`- ${localName("Sangeet", "hi")}: `);
    expect(mail.text).toMatch(new RegExp(`न्योते का जवाब दें: https?://[^/\\s]+/hi/rsvp/${h.token}`));
    expect(mail.text).toMatch(/के रिमाइंडर बंद करें: /);
    expect(mail.html).toContain('<html lang="hi-IN">');
  });

  it("e-mails the guests with an address, records reminded_at, and refuses again within 12 hours", async () => {
    const { c, h } = await setup();
    const res = await json(await call(`/api/v1/guests/households/${h.id}/remind`, { method: "POST", cookie: c.cookie }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reminded: 2, functions: ["Sangeet"] });
    const mails = (
      await env.DB.prepare(
        "SELECT to_address, text, status FROM outbox WHERE to_address IN ('anil@example.com', 'sunita@example.com') AND text LIKE ? ORDER BY to_address",
      )
        .bind(`%${h.token}%`)
        .all<{ to_address: string; text: string; status: string }>()
    ).results;
    expect(mails.map((m) => m.to_address)).toEqual(["anil@example.com", "sunita@example.com"]);
    expect(mails[0]!.text).toContain("Sangeet");
    expect(mails[0]!.text).toContain(`/rsvp/${h.token}`);
    expect(mails.some((m) => m.status === "SENT")).toBe(false); // the local mailbox keeps it; nothing leaves
    expect(await snapshot("SELECT reminded_at IS NOT NULL AS r FROM household_invitations WHERE household_id = ?", h.id)).toBe('[{"r":1}]');
    const again = await call(`/api/v1/guests/households/${h.id}/remind`, { method: "POST", cookie: c.cookie });
    expect(again.status).toBe(429);
  });

  it("a reminder carries a one-click unsubscribe for its guest: using it stops this couple's reminders to that address, and nothing else", async () => {
    const { c, h } = await setup();
    await call(`/api/v1/guests/households/${h.id}/remind`, { method: "POST", cookie: c.cookie });
    const row = await env.DB.prepare("SELECT text, html, headers FROM outbox WHERE to_address = 'anil@example.com' AND text LIKE ?")
      .bind(`%${h.token}%`)
      .first<{ text: string; html: string; headers: string }>();
    const headers = JSON.parse(row!.headers) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = new URL(/^<([^>]+)>$/.exec(headers["List-Unsubscribe"]!)![1]!);
    expect(row!.text).toContain(`Stop reminders from Asha Verma & Rahul Mehta: ${link.href}`);
    expect(row!.text).not.toContain("Choose which e-mails you get"); // a guest has no account, so no preferences page
    const oneClick = (path: string) =>
      call(path, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" },
      });
    const forged = link.pathname.slice(0, -3) + (link.pathname.endsWith("AAA") ? "BBB" : "AAA");
    expect((await oneClick(forged)).status).toBe(400);
    const stop = await oneClick(link.pathname);
    expect(stop.status).toBe(200);
    expect(await stop.text()).toBe("Done: you will not get reminders from Asha Verma & Rahul Mehta any more.");
    expect(await (await oneClick(link.pathname)).text()).toBe("You had already stopped reminders from Asha Verma & Rahul Mehta; nothing more to do.");
    // Twelve hours on, the next reminder goes to the other guest only, and the couple is told why.
    await env.DB.prepare("UPDATE household_invitations SET reminded_at = reminded_at - 13 * 3600000 WHERE household_id = ?").bind(h.id).run();
    const next = await json(await call(`/api/v1/guests/households/${h.id}/remind`, { method: "POST", cookie: c.cookie }));
    expect(next.body).toMatchObject({ reminded: 1, stopped: 1 });
    expect(await snapshot("SELECT count(*) AS n FROM outbox WHERE to_address = 'anil@example.com' AND text LIKE ?", `%${h.token}%`)).toBe('[{"n":1}]');
    // Another couple's reminders to the same address are not affected.
    const other = await couple("Meera Iyer");
    const e2 = await createEvent(other.id, { name: "Reception" });
    const h2 = await createHousehold(other.id, "Sharma family");
    await createGuest(other.id, h2.id, { email: "Anil@Example.com" });
    await invite(h2.id, e2.id);
    expect((await json(await call(`/api/v1/guests/households/${h2.id}/remind`, { method: "POST", cookie: other.cookie }))).body).toMatchObject({
      reminded: 1,
      stopped: 0,
    });
    // When every address has stopped, the couple is told to share the link another way.
    await env.DB.prepare("UPDATE guests SET reminders_stopped_at = 1 WHERE household_id = ?").bind(h.id).run();
    await env.DB.prepare("UPDATE household_invitations SET reminded_at = reminded_at - 13 * 3600000 WHERE household_id = ?").bind(h.id).run();
    const none = await json(await call(`/api/v1/guests/households/${h.id}/remind`, { method: "POST", cookie: c.cookie }));
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/asked not to get reminders/);
  });

  it("marks a reminder SENT only when the transport accepts it (a refusing transport leaves it to retry)", async () => {
    const { c, h } = await setup();
    // Delivery by the mailer itself (a Worker without the mail queue), so the transport given here is the one used.
    const direct = { ...env, MAIL_QUEUE: undefined };
    const refusing = mailerFor(direct, undefined, {
      transport: { name: "http", deliver: async () => ({ ok: false, error: "503 from provider", permanent: false }) },
    });
    const ctx = testContext({ actor: actorOf(c.id, "USER"), mail: refusing });
    await remindHousehold(ctx, h.id);
    await ctx.settle();
    const statuses = await snapshot("SELECT status FROM outbox WHERE text LIKE ? ORDER BY to_address", `%${h.token}%`);
    expect(statuses).toBe('[{"status":"RETRYING"},{"status":"RETRYING"}]');
    const h2 = (await setup()).h;
    const c2 = await env.DB.prepare("SELECT user_id FROM households WHERE id = ?").bind(h2.id).first<{ user_id: string }>();
    const ok = testContext({
      actor: actorOf(c2!.user_id, "USER"),
      mail: mailerFor(direct, undefined, { transport: { name: "http", deliver: async () => ({ ok: true, status: "SENT" }) } }),
    });
    await remindHousehold(ok, h2.id);
    await ok.settle();
    expect(await snapshot("SELECT status FROM outbox WHERE text LIKE ?", `%${h2.token}%`)).toBe('[{"status":"SENT"},{"status":"SENT"}]');
  });

  it("refuses to remind a household without e-mail or that has answered (409), or another couple's (404)", async () => {
    const { c, e, h, g1, g2 } = await setup();
    const other = await couple("Other");
    expect((await call(`/api/v1/guests/households/${h.id}/remind`, { method: "POST", cookie: other.cookie })).status).toBe(404);
    await answer(g1.id, e.id, "ATTENDING");
    await answer(g2.id, e.id, "DECLINED");
    const done = await json(await call(`/api/v1/guests/households/${h.id}/remind`, { method: "POST", cookie: c.cookie }));
    expect(done.status).toBe(409);
    const noMail = await createHousehold(c.id, "No mail");
    await createGuest(c.id, noMail.id);
    await invite(noMail.id, e.id);
    const res = await json(await call(`/api/v1/guests/households/${noMail.id}/remind`, { method: "POST", cookie: c.cookie }));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/e-mail/);
    expect(await snapshot("SELECT reminded_at FROM household_invitations WHERE household_id IN (?, ?)", h.id, noMail.id)).toBe(
      '[{"reminded_at":null},{"reminded_at":null}]',
    );
  });

  it("shares by WhatsApp in English or Hindi and by e-mail with the household's link, recording shared_at", async () => {
    const { c, h } = await setup();
    const hi = await json(
      await call(`/api/v1/guests/households/${h.id}/share`, { method: "POST", cookie: c.cookie, body: { channel: "whatsapp", lang: "hi" } }),
    );
    expect(hi.status).toBe(200);
    const url = new URL(hi.body.url as string);
    expect(url.origin + url.pathname).toBe("https://wa.me/919876543210");
    const text = url.searchParams.get("text")!;
    expect(text).toContain("नमस्ते");
    // The function's catalogue name in Hindi (Sangeet), the couple's and household's names as typed.
    expect(text).toContain("संगीत में");
    expect(text).toContain("Asha Verma & Rahul Mehta");
    // A Hindi message links to the RSVP page in Hindi (/hi/rsvp/...), the English one to the English page.
    expect(text).toContain(`http://localhost/hi/rsvp/${h.token}`);
    expect(hi.body.links.whatsapp.en).toContain(encodeURIComponent("Please tell us who can come"));
    expect(hi.body.links.whatsapp.en).toContain(encodeURIComponent(`http://localhost/rsvp/${h.token}`));
    expect(hi.body.links.rsvpLink).toBe(`http://localhost/rsvp/${h.token}`);
    expect(hi.body.links.email).toMatch(/^mailto:anil%40example\.com,sunita%40example\.com\?subject=/);
    // The e-mail is prefilled in the language of the page that asks: English as before, Hindi with the Hindi RSVP page.
    const mail = new URL(hi.body.links.email as string);
    expect(mail.searchParams.get("subject")).toBe("Asha Verma & Rahul Mehta: you are invited");
    expect(mail.searchParams.get("body")).toBe(
      `Namaste Sharma family! Asha Verma & Rahul Mehta warmly invite you to Sangeet. Please tell us who can come: http://localhost/rsvp/${h.token}`,
    );
    const inHindi = await json(
      await call(`/api/v1/guests/households/${h.id}/share`, {
        method: "POST",
        cookie: c.cookie,
        headers: { "Accept-Language": "hi" },
        body: { channel: "email" },
      }),
    );
    expect(inHindi.status).toBe(200);
    const hindiMail = new URL(inHindi.body.url as string);
    expect(hindiMail.searchParams.get("subject")).toBe("Asha Verma & Rahul Mehta की ओर से आपको निमंत्रण");
    expect(hindiMail.searchParams.get("body")).toBe(
      `नमस्ते Sharma family! Asha Verma & Rahul Mehta आपको संगीत में सादर आमंत्रित करते हैं। कृपया इस लिंक पर बताइए कि कौन आ रहा है: http://localhost/hi/rsvp/${h.token}`,
    );
    expect(await snapshot("SELECT shared_at IS NOT NULL AS s FROM household_invitations WHERE household_id = ?", h.id)).toBe('[{"s":1}]');
    const lonely = await createHousehold(c.id, "Not invited");
    expect((await call(`/api/v1/guests/households/${lonely.id}/share`, { method: "POST", cookie: c.cookie, body: { channel: "whatsapp" } })).status).toBe(409);
  });
});
