import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, ORIGIN, sessionCookieFor, worker } from "#tests/support/factories.ts";
import { insertCard, jpegOf } from "#tests/support/invitations.ts";
import { createEvent, createGuest, createHousehold, invite } from "#tests/support/planning.ts";

/**
 * What the activity list said nothing of until now (issue 33, decision 0049): sending a household's
 * RSVP link and a reminder, a new RSVP link, the card's picture, and the wedding's people (invited,
 * joined, rights changed, removed, left), each with who did it, in the same batch as the change;
 * none for a refused one. The card editor uploads the picture every few seconds of work: one entry
 * an hour per person and card.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });

let seq = 0;
async function person(userName: string) {
  const user = await createUser({ role: "USER", userName, email: `${userName.split(" ")[0]!.toLowerCase()}-${Date.now()}-${seq++}@test.example` });
  return { ...user, cookie: await sessionCookieFor(user.id) };
}
type Person = Awaited<ReturnType<typeof person>>;

const weddings = (who: Person, method: string, path: string, body?: unknown) =>
  call(`/api/v1/weddings${path}`, { method, cookie: who.cookie, body: body ?? (method === "GET" ? undefined : {}) }).then(json);

const entries = (weddingId: string) =>
  env.DB.prepare("SELECT actor_name, area, action, count, subject FROM wedding_activity WHERE wedding_id = ? ORDER BY created_at, id")
    .bind(weddingId)
    .all()
    .then((r) => r.results);

const texts = async (who: Person, lang = "en") =>
  (await json(await call("/api/v1/weddings/activity", { cookie: who.cookie, headers: { "Accept-Language": lang } }))).body.items.map((i: Loose) => i.text);

async function mailedToken(to: string): Promise<string> {
  const row = await env.DB.prepare("SELECT text FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT 1").bind(to).first<{ text: string }>();
  return row!.text.match(/plan-together\/([a-z2-7]{32})/)![1]!;
}

describe("the activity list of the wedding's people", () => {
  it("says who invited, joined, had their rights changed, was removed and left; a refused change says nothing", async () => {
    const couple = await person("Asha Verma");
    const weddingId = (await weddings(couple, "GET", "/current")).body.wedding.weddingId as string;
    const meena = await person("Meena Verma");
    const priya = await person("Priya Planner");

    expect((await weddings(couple, "POST", "/invitations", { contact: meena.email, name: "Meena ji", role: "EDITOR", areas: ["guests"] })).status).toBe(201);
    expect((await weddings(couple, "POST", "/invitations", { contact: priya.email, role: "VIEWER" })).status).toBe(201);
    expect((await weddings(meena, "POST", `/invitations/${await mailedToken(meena.email)}/accept`)).status).toBe(200);
    expect((await weddings(priya, "POST", `/invitations/${await mailedToken(priya.email)}/accept`)).status).toBe(200);
    // Refused: a viewer manages nobody; an editor cannot remove the couple; accepting twice.
    expect((await weddings(priya, "DELETE", `/members/${meena.id}`)).status).toBe(403);
    expect((await weddings(meena, "PUT", `/members/${priya.id}`, { role: "EDITOR", areas: ["budget"] })).status).toBe(403);
    expect((await weddings(meena, "POST", `/invitations/${await mailedToken(meena.email)}/accept`)).status).toBe(409);

    expect((await weddings(couple, "PUT", `/members/${priya.id}`, { role: "EDITOR", areas: ["budget"], seesContacts: false })).status).toBe(200);
    expect((await weddings(priya, "POST", "/leave")).status).toBe(200);
    expect((await weddings(couple, "DELETE", `/members/${meena.id}`)).status).toBe(200);

    expect(await entries(weddingId)).toEqual([
      { actor_name: "Asha Verma", area: "people", action: "planner_invited", count: 1, subject: "Meena ji" },
      { actor_name: "Asha Verma", area: "people", action: "planner_invited", count: 1, subject: "Priya Planner" },
      { actor_name: "Meena Verma", area: "people", action: "planner_joined", count: 1, subject: null },
      { actor_name: "Priya Planner", area: "people", action: "planner_joined", count: 1, subject: null },
      { actor_name: "Asha Verma", area: "people", action: "planner_changed", count: 1, subject: "Priya Planner" },
      { actor_name: "Priya Planner", area: "people", action: "planner_left", count: 1, subject: null },
      { actor_name: "Asha Verma", area: "people", action: "planner_removed", count: 1, subject: "Meena Verma" },
    ]);
    expect(await texts(couple)).toEqual([
      "Asha Verma removed Meena Verma from the wedding’s planning",
      "Priya Planner left the wedding’s planning",
      "Asha Verma changed what Priya Planner may do",
      "Priya Planner joined the wedding’s planning",
      "Meena Verma joined the wedding’s planning",
      "Asha Verma invited Priya Planner to plan the wedding",
      "Asha Verma invited Meena ji to plan the wedding",
    ]);
    expect((await texts(couple, "hi"))[0]).toBe("Asha Verma ने Meena Verma को शादी की योजना से हटाया");
    // The page names the area.
    const page = await call("/api/v1/weddings/activity", { cookie: couple.cookie });
    expect(((await page.json()) as Loose).items[0]).toMatchObject({ area: "people", action: "planner_removed", actorName: "Asha Verma" });
  });

  it("says who declined an invitation and who withdrew one; a withdrawal of a used invitation says nothing", async () => {
    const couple = await person("Asha Verma");
    const weddingId = (await weddings(couple, "GET", "/current")).body.wedding.weddingId as string;
    const meena = await person("Meena Verma");
    expect((await weddings(couple, "POST", "/invitations", { contact: meena.email, name: "Meena ji", role: "VIEWER" })).status).toBe(201);
    expect((await weddings(meena, "POST", `/invitations/${await mailedToken(meena.email)}/decline`)).status).toBe(200);
    const rohit = await weddings(couple, "POST", "/invitations", { contact: "+91 98765 43210", name: "Rohit (planner)", role: "VIEWER" });
    const nameless = await weddings(couple, "POST", "/invitations", { contact: "+91 98765 43211", role: "VIEWER" });
    expect((await weddings(couple, "DELETE", `/invitations/${rohit.body.invitation.id}`)).status).toBe(200);
    expect((await weddings(couple, "DELETE", `/invitations/${nameless.body.invitation.id}`)).status).toBe(200);
    // Withdrawn already: refused, and not listed twice.
    expect((await weddings(couple, "DELETE", `/invitations/${rohit.body.invitation.id}`)).status).toBe(404);
    expect((await entries(weddingId)).slice(1)).toEqual([
      { actor_name: "Meena Verma", area: "people", action: "planner_declined", count: 1, subject: null },
      { actor_name: "Asha Verma", area: "people", action: "planner_invited", count: 1, subject: "Rohit (planner)" },
      { actor_name: "Asha Verma", area: "people", action: "planner_invited", count: 1, subject: null },
      { actor_name: "Asha Verma", area: "people", action: "planner_invitation_withdrawn", count: 1, subject: "Rohit (planner)" },
      { actor_name: "Asha Verma", area: "people", action: "planner_invitation_withdrawn", count: 1, subject: null },
    ]);
    expect((await texts(couple)).slice(0, 2)).toEqual([
      "Asha Verma withdrew an invitation to plan the wedding",
      "Asha Verma withdrew the invitation to Rohit (planner)",
    ]);
    expect((await texts(couple, "hi")).slice(0, 3)).toEqual([
      "Asha Verma ने शादी की योजना का एक न्योता वापस लिया",
      "Asha Verma ने Rohit (planner) को भेजा न्योता वापस लिया",
      "Asha Verma ने किसी को शादी की योजना में बुलाया",
    ]);
    expect(await texts(couple)).toContain("Meena Verma declined the invitation to plan the wedding");
  });

  it("names nobody's address or number: an invitation to a number no account holds reads 'someone'", async () => {
    const couple = await person("Asha Verma");
    const weddingId = (await weddings(couple, "GET", "/current")).body.wedding.weddingId as string;
    expect((await weddings(couple, "POST", "/invitations", { contact: "+91 98765 43210", role: "VIEWER" })).status).toBe(201);
    expect(await entries(weddingId)).toEqual([{ actor_name: "Asha Verma", area: "people", action: "planner_invited", count: 1, subject: null }]);
    expect(await texts(couple)).toEqual(["Asha Verma invited someone to plan the wedding"]);
  });
});

describe("the activity list of sending links, reminders and the card's picture", () => {
  it("says who shared a household's link, reminded it and made it a new link, with the household's name", async () => {
    const couple = await person("Asha Verma");
    const weddingId = (await weddings(couple, "GET", "/current")).body.wedding.weddingId as string;
    const sangeet = await createEvent(couple.id, { name: "Sangeet" });
    const household = await createHousehold(couple.id, "Sharma family");
    await createGuest(couple.id, household.id, { name: "Anil Sharma", email: `anil-${Date.now()}@guests.example` });
    await invite(household.id, sangeet.id);
    const inviter = await person("Kiran Cards");
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO wedding_members (wedding_id, user_id, role, areas, sees_contacts, opened_at, added_by, created_at, updated_at) VALUES (?, ?, 'EDITOR', 'invitations', 0, ?, ?, ?, ?)",
    )
      .bind(weddingId, inviter.id, now + 1000, couple.id, now, now)
      .run();

    const api = (who: Person, path: string, body: unknown = {}) =>
      call(`/api/v1/guests/households/${household.id}${path}`, { method: "POST", cookie: who.cookie, body });
    expect((await api(inviter, "/share", { channel: "whatsapp", lang: "hi" })).status).toBe(200);
    expect((await api(inviter, "/remind")).status).toBe(200);
    // Refused: reminded again within 12 hours; an editor of the invitations does not change the guest list.
    expect((await api(inviter, "/remind")).status).toBe(429);
    expect((await api(inviter, "/reset-link")).status).toBe(403);
    expect((await api(couple, "/reset-link")).status).toBe(200);

    expect(await entries(weddingId)).toEqual([
      { actor_name: "Kiran Cards", area: "invitations", action: "household_shared", count: 1, subject: "Sharma family" },
      { actor_name: "Kiran Cards", area: "invitations", action: "household_reminded", count: 1, subject: "Sharma family" },
      { actor_name: "Asha Verma", area: "guests", action: "rsvp_link_reset", count: 1, subject: "Sharma family" },
    ]);
    expect(await texts(couple)).toEqual([
      "Asha Verma made a new RSVP link for Sharma family (the old one no longer works)",
      "Kiran Cards sent Sharma family a reminder by e-mail",
      "Kiran Cards shared the RSVP link of Sharma family",
    ]);
  });

  it("says once an hour per person and card that its picture changed, and nothing for a refused picture", async () => {
    const couple = await person("Asha Verma");
    const weddingId = (await weddings(couple, "GET", "/current")).body.wedding.weddingId as string;
    const card = await insertCard(couple.id, { title: "Sangeet card" });
    const put = async (image: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.append("image", new File([image], "card.jpg"));
      return worker.fetch(`${ORIGIN}/api/v1/userDataTemplate/${card.id}/preview`, {
        method: "PUT",
        headers: { Cookie: couple.cookie, Origin: ORIGIN },
        body: form,
      });
    };
    expect((await put(await jpegOf(200, 280))).status).toBe(200);
    expect((await put(await jpegOf(200, 280))).status).toBe(200);
    expect((await put(new TextEncoder().encode("not an image") as Uint8Array<ArrayBuffer>)).status).toBe(400);
    expect(await entries(weddingId)).toEqual([
      { actor_name: "Asha Verma", area: "invitations", action: "card_image_changed", count: 1, subject: "Sangeet card" },
    ]);

    // An hour later, the next picture is a new entry.
    await env.DB.prepare("UPDATE wedding_activity SET created_at = created_at - 3600001 WHERE wedding_id = ?").bind(weddingId).run();
    expect((await put(await jpegOf(200, 280))).status).toBe(200);
    expect((await entries(weddingId)).length).toBe(2);
    expect((await texts(couple))[0]).toBe("Asha Verma updated the picture of the card Sangeet card");
  });
});
