import { env } from "cloudflare:workers";
import { env as testEnv } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createUser, createVendor, sessionCookieFor, snapshot } from "#tests/support/factories.ts";
import { answer, createEvent, createGuest, createHousehold, invite } from "#tests/support/planning.ts";

/**
 * The wedding as the unit of planning (issue 33, docs/decisions/0049-weddings.md): migration 0125
 * gives every couple's data its wedding and loses nothing (and a second run changes nothing); the
 * guest list is found through "the actor's current wedding and their rights in it", so a member
 * plans the couple's guests with exactly their role's rights, a viewer never sees a phone number,
 * and a removed member's next request is refused.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });

const PLANNING_TABLES = [
  "checklists",
  "events",
  "tasks",
  "budget_lines",
  "households",
  "guests",
  "household_invitations",
  "guest_rsvps",
  "user_templates",
  "invite_requests",
];

async function account(role: "USER" | "ADMIN" = "USER", userName = "Asha Verma") {
  const user = await createUser({ role, userName });
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

/** A couple with a guest list: the Sharma family (Anil, with a phone and an e-mail) invited to the Sangeet, Anil attending. */
async function coupleWithGuests() {
  const couple = await account("USER", "Asha Verma");
  const sangeet = await createEvent(couple.id, { name: "Sangeet" });
  const household = await createHousehold(couple.id, "Sharma family");
  const guest = await createGuest(couple.id, household.id, { name: "Anil Sharma", phone: "+91 98765 43210", email: "anil@example.com", dietary: "VEG" });
  await invite(household.id, sangeet.id);
  await answer(guest.id, sangeet.id, "ATTENDING", 2);
  return { couple, sangeet, household, guest };
}

const weddingOf = async (userId: string) =>
  (await env.DB.prepare("SELECT id FROM weddings WHERE couple_user_id = ?").bind(userId).first<{ id: string }>())?.id ?? null;

/** Makes the account a member of the couple's wedding (the invitation flow is the next part of issue 33); opened now, so it is their current wedding. */
async function join(coupleId: string, memberId: string, role: "PARTNER" | "EDITOR" | "VIEWER", areas = "", seesContacts = false) {
  // The couple's wedding as their first planning request would make it.
  await call("/api/v1/guests/households", { cookie: await sessionCookieFor(coupleId) });
  const weddingId = await weddingOf(coupleId);
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO wedding_members (wedding_id, user_id, role, areas, sees_contacts, opened_at, added_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(weddingId, memberId, role, areas, seesContacts ? 1 : 0, now + 1000, coupleId, now, now)
    .run();
  return weddingId!;
}

const planningOf = (userId: string) =>
  Promise.all(
    PLANNING_TABLES.map((t) =>
      snapshot(
        `SELECT * FROM ${t} WHERE ${t === "household_invitations" || t === "guest_rsvps" ? "1" : "user_id = ?"}`,
        ...(t === "household_invitations" || t === "guest_rsvps" ? [] : [userId]),
      ),
    ),
  );

describe("migration 0125: every couple's data gets its wedding", () => {
  const migration = testEnv.TEST_MIGRATIONS.find((m) => m.name.startsWith("0125_"))!;
  const runMigration = () => env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));
  const weddingsAndMembers = () =>
    Promise.all([
      snapshot("SELECT * FROM weddings ORDER BY couple_user_id"),
      snapshot("SELECT w.couple_user_id, m.* FROM wedding_members m JOIN weddings w ON w.id = m.wedding_id ORDER BY w.couple_user_id, m.user_id"),
    ]);

  it("attaches each couple's planning rows to one wedding whose couple they are, moving nothing; a second run changes nothing", async () => {
    const { couple } = await coupleWithGuests();
    const quiet = await account("USER", "Quiet Couple");
    const admin = await account("ADMIN", "Admin");
    const vendor = await createVendor();
    // A vendor that holds a planning row (none should, but the migration must not lose one if it does).
    const oddVendor = await createVendor();
    await createHousehold(oddVendor.id, "Odd household");
    const planningBefore = await planningOf(couple.id);
    const allPlanningBefore = await Promise.all(PLANNING_TABLES.map((t) => snapshot(`SELECT * FROM ${t} ORDER BY 1, 2`)));

    await runMigration();

    for (const id of [couple.id, quiet.id, admin.id, oddVendor.id]) {
      const weddingId = await weddingOf(id);
      expect(weddingId, `a wedding for ${id}`).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const members = await env.DB.prepare("SELECT user_id, role FROM wedding_members WHERE wedding_id = ?").bind(weddingId).all();
      expect(members.results).toEqual([{ user_id: id, role: "COUPLE" }]);
    }
    expect(await weddingOf(vendor.id)).toBeNull();
    expect(await planningOf(couple.id)).toEqual(planningBefore);
    expect(await Promise.all(PLANNING_TABLES.map((t) => snapshot(`SELECT * FROM ${t} ORDER BY 1, 2`)))).toEqual(allPlanningBefore);

    const once = await weddingsAndMembers();
    await runMigration();
    expect(await weddingsAndMembers()).toEqual(once);
  });

  it("ends the wedding with its couple's account, and keeps it when a co-planner's account closes", async () => {
    const { couple } = await coupleWithGuests();
    const mother = await account("USER", "Meena Verma");
    const weddingId = await join(couple.id, mother.id, "EDITOR", "guests");
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(mother.id).run();
    expect(await snapshot("SELECT user_id, role FROM wedding_members WHERE wedding_id = ?", weddingId)).toBe(
      JSON.stringify([{ user_id: couple.id, role: "COUPLE" }]),
    );
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(couple.id).run();
    expect(await snapshot("SELECT * FROM weddings WHERE id = ?", weddingId)).toBe("[]");
    expect(await snapshot("SELECT * FROM wedding_members WHERE wedding_id = ?", weddingId)).toBe("[]");
  });
});

describe("the guest list through the actor's wedding and their rights in it", () => {
  it("makes a couple's wedding on their first planning request, once", async () => {
    const c = await account();
    expect(await weddingOf(c.id)).toBeNull();
    const [a, b] = await Promise.all([call("/api/v1/guests", { cookie: c.cookie }), call("/api/v1/guests/households", { cookie: c.cookie })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await snapshot("SELECT role FROM wedding_members m JOIN weddings w ON w.id = m.wedding_id WHERE w.couple_user_id = ?", c.id)).toBe(
      JSON.stringify([{ role: "COUPLE" }]),
    );
  });

  it("lets a guest-list editor read and change the couple's guests, with their phone numbers", async () => {
    const { couple, household, guest } = await coupleWithGuests();
    const mother = await account("USER", "Meena Verma");
    await join(couple.id, mother.id, "EDITOR", "guests");

    const list = await json(await call("/api/v1/guests", { cookie: mother.cookie }));
    expect(list.status).toBe(200);
    expect(list.body.guests).toEqual([expect.objectContaining({ id: guest.id, name: "Anil Sharma", phone: "+91 98765 43210", email: "anil@example.com" })]);

    const added = await json(await call("/api/v1/guests", { method: "POST", cookie: mother.cookie, body: { name: "Neha Sharma", householdId: household.id } }));
    expect(added.status).toBe(201);
    // It is the couple's guest list that grew, not one of the mother's own.
    const couples = await json(await call("/api/v1/guests", { cookie: couple.cookie }));
    expect(couples.body.guests.map((g: Loose) => g.name)).toEqual(["Anil Sharma", "Neha Sharma"]);
    expect(await snapshot("SELECT * FROM guests WHERE user_id = ?", mother.id)).toBe("[]");
    expect(await weddingOf(mother.id)).toBeNull();
  });

  it("gives a viewer the guest list and head-counts without phone numbers or e-mail addresses, and refuses every change (403, nothing changed)", async () => {
    const { couple, household, guest, sangeet } = await coupleWithGuests();
    const planner = await account("USER", "Priya Planner");
    await join(couple.id, planner.id, "VIEWER");
    const before = await planningOf(couple.id);

    const list = await json(await call("/api/v1/guests", { cookie: planner.cookie }));
    expect(list.status).toBe(200);
    expect(list.body.guests).toEqual([expect.objectContaining({ id: guest.id, name: "Anil Sharma", phone: null, email: null })]);
    const households = await json(await call("/api/v1/guests/households", { cookie: planner.cookie }));
    expect(households.body.households).toEqual([expect.objectContaining({ id: household.id, phone: null })]);
    // A search by the number finds nothing (it would tell the number otherwise); by name it does.
    expect((await json(await call("/api/v1/guests?q=98765", { cookie: planner.cookie }))).body.guests).toEqual([]);
    expect((await json(await call("/api/v1/guests?q=anil%40example", { cookie: planner.cookie }))).body.guests).toEqual([]);
    expect((await json(await call("/api/v1/guests?q=Anil", { cookie: planner.cookie }))).body.total).toBe(1);
    const csv = await (await call("/api/v1/guests/export", { cookie: planner.cookie })).text();
    expect(csv).toContain("Anil Sharma");
    expect(csv).not.toContain("98765");
    expect(csv).not.toContain("anil@example.com");
    const heads = await json(await call("/api/v1/guests/headcounts", { cookie: planner.cookie }));
    expect(heads.status).toBe(200);
    expect(heads.body.functions).toEqual([expect.objectContaining({ eventId: sangeet.id, attending: 2 })]);

    const writes = [
      call("/api/v1/guests", { method: "POST", cookie: planner.cookie, body: { name: "Gatecrasher" } }),
      call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: planner.cookie, body: { name: "Renamed" } }),
      call(`/api/v1/guests/${guest.id}`, { method: "DELETE", cookie: planner.cookie }),
      call("/api/v1/guests/households", { method: "POST", cookie: planner.cookie, body: { name: "New family" } }),
      call(`/api/v1/guests/households/${household.id}`, { method: "DELETE", cookie: planner.cookie }),
      call(`/api/v1/guests/households/${household.id}/invitations`, { method: "PUT", cookie: planner.cookie, body: { eventIds: [] } }),
    ];
    for (const res of await Promise.all(writes)) {
      const body = (await res.json()) as Loose;
      expect(res.status).toBe(403);
      expect(body).toMatchObject({ success: false, message: "You can see this wedding's guest list but not change it." });
    }
    expect(await planningOf(couple.id)).toEqual(before);
  });

  it("refuses an editor of another area the guest list's changes, and shows them phone numbers only when the couple allows it", async () => {
    const { couple, guest } = await coupleWithGuests();
    const aunt = await account("USER", "Sunita Aunty");
    await join(couple.id, aunt.id, "EDITOR", "budget");
    const before = await planningOf(couple.id);
    const refused = await json(await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: aunt.cookie, body: { name: "Renamed" } }));
    expect(refused.status).toBe(403);
    expect(await planningOf(couple.id)).toEqual(before);
    expect((await json(await call("/api/v1/guests", { cookie: aunt.cookie }))).body.guests[0].phone).toBeNull();

    const uncle = await account("USER", "Ravi Uncle");
    await join(couple.id, uncle.id, "VIEWER", "", true);
    expect((await json(await call("/api/v1/guests", { cookie: uncle.cookie }))).body.guests[0].phone).toBe("+91 98765 43210");
  });

  it("lets a partner change everything, and refuses a removed co-planner's next request on the couple's guests", async () => {
    const { couple, guest } = await coupleWithGuests();
    const partner = await account("USER", "Rahul Mehta");
    const mother = await account("USER", "Meena Verma");
    await join(couple.id, partner.id, "PARTNER");
    const weddingId = await join(couple.id, mother.id, "EDITOR", "guests");
    expect((await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: partner.cookie, body: { relation: "Uncle" } })).status).toBe(200);
    expect((await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: mother.cookie, body: { city: "Jaipur" } })).status).toBe(200);

    await env.DB.prepare("DELETE FROM wedding_members WHERE wedding_id = ? AND user_id = ?").bind(weddingId, mother.id).run();
    const before = await planningOf(couple.id);
    const after = await json(await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: mother.cookie, body: { name: "Renamed" } }));
    expect(after.status).toBe(404);
    expect((await json(await call("/api/v1/guests", { cookie: mother.cookie }))).body.guests).toEqual([]);
    expect(await planningOf(couple.id)).toEqual(before);
  });

  it("keeps another wedding's couple, a vendor and a visitor out of the couple's guests", async () => {
    const { couple, guest } = await coupleWithGuests();
    const other = await account("USER", "Other Couple");
    const vendor = await createVendor();
    const before = await planningOf(couple.id);
    expect((await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: other.cookie, body: { name: "X" } })).status).toBe(404);
    expect((await json(await call("/api/v1/guests", { cookie: other.cookie }))).body.guests).toEqual([]);
    const asVendor = await json(await call("/api/v1/guests", { cookie: await sessionCookieFor(vendor.id) }));
    expect(asVendor.status).toBe(403);
    expect((await call("/api/v1/guests")).status).toBe(401);
    expect(await planningOf(couple.id)).toEqual(before);
  });
});
