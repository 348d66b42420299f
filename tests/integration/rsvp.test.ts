import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, sessionCookieFor, snapshot, worker } from "#tests/support/factories.ts";
import { answer, createEvent, createGuest, createHousehold, invite } from "#tests/support/planning.ts";

/**
 * The household's personal RSVP link through /api/v1/rsvp/{token} (functions/domain/guests/rsvp.ts): no
 * account; it reads only its own household's invitation and writes only its own guests' answers
 * for the functions its household is invited to. A wrong or reset token is 404 and reveals nothing.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
const answersOf = (...guestIds: string[]) =>
  snapshot(
    `SELECT guest_id, event_id, response, party_size FROM guest_rsvps WHERE guest_id IN (${guestIds.map(() => "?").join(",")}) ORDER BY guest_id, event_id`,
    ...guestIds,
  );

async function world() {
  const couple = await createUser({ role: "USER", userName: "Asha Verma" });
  await env.DB.prepare("UPDATE users SET partner_name = 'Rahul Mehta' WHERE id = ?").bind(couple.id).run();
  const sangeet = await createEvent(couple.id, { name: "Sangeet", eventDate: "2027-02-13", venue: "Rambagh Palace, Jaipur" });
  const wedding = await createEvent(couple.id, { name: "Wedding", eventDate: "2027-02-14" });
  const reception = await createEvent(couple.id, { name: "Reception", eventDate: "2027-02-15" });
  const h = await createHousehold(couple.id, "Sharma family");
  const anil = await createGuest(couple.id, h.id, { name: "Anil Sharma", email: "anil.secret@example.com", phone: "+91 90000 11111" });
  const sunita = await createGuest(couple.id, h.id, { name: "Sunita Sharma" });
  const other = await createHousehold(couple.id, "Iyer family");
  const ravi = await createGuest(couple.id, other.id, { name: "Ravi Iyer" });
  await invite(h.id, sangeet.id);
  await invite(h.id, wedding.id);
  await invite(other.id, reception.id);
  return { couple, sangeet, wedding, reception, h, anil, sunita, other, ravi };
}

describe("the RSVP link", () => {
  it("shows the couple, only the functions this household is invited to, and only its guests' names", async () => {
    const w = await world();
    await answer(w.anil.id, w.sangeet.id, "MAYBE", 2);
    const res = await call(`/api/v1/rsvp/${w.h.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    const { invitation } = (await res.json()) as Loose;
    expect(invitation.couple).toBe("Asha Verma & Rahul Mehta");
    expect(invitation.household).toBe("Sharma family");
    expect(invitation.functions.map((f: Loose) => [f.name, f.eventDate, f.venue])).toEqual([
      ["Sangeet", "2027-02-13", "Rambagh Palace, Jaipur"],
      ["Wedding", "2027-02-14", "Rambagh Palace, Jaipur"],
    ]);
    expect(invitation.guests).toEqual([
      { id: w.anil.id, name: "Anil Sharma", answers: { [w.sangeet.id]: { response: "MAYBE", partySize: 2 } } },
      { id: w.sunita.id, name: "Sunita Sharma", answers: {} },
    ]);
    const text = JSON.stringify(invitation);
    for (const secret of ["anil.secret@example.com", "90000", "Ravi Iyer", "Reception", w.other.token, w.couple.email]) expect(text).not.toContain(secret);
  });

  it("is 404 with the same answer for a wrong, malformed or reset token", async () => {
    const w = await world();
    const wrong = await json(await call(`/api/v1/rsvp/${"A".repeat(32)}`));
    const malformed = await json(await call("/api/v1/rsvp/abc"));
    expect(wrong.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(wrong.body);
    const cookie = await sessionCookieFor(w.couple.id);
    await call(`/api/v1/guests/households/${w.h.id}/reset-link`, { method: "POST", cookie });
    const reset = await json(await call(`/api/v1/rsvp/${w.h.token}`));
    expect(reset.status).toBe(404);
    expect(reset.body).toEqual(wrong.body);
    const post = await call(`/api/v1/rsvp/${w.h.token}`, {
      method: "POST",
      body: { answers: [{ guestId: w.anil.id, eventId: w.sangeet.id, response: "ATTENDING" }] },
    });
    expect(post.status).toBe(404);
    expect(await answersOf(w.anil.id)).toBe("[]");
  });

  it("saves the household's answers in one batch and the couple's head-count follows", async () => {
    const w = await world();
    const res = await json(
      await call(`/api/v1/rsvp/${w.h.token}`, {
        method: "POST",
        body: {
          answers: [
            { guestId: w.anil.id, eventId: w.sangeet.id, response: "ATTENDING", partySize: 3 },
            { guestId: w.sunita.id, eventId: w.sangeet.id, response: "DECLINED" },
            { guestId: w.anil.id, eventId: w.wedding.id, response: "MAYBE", partySize: "2" },
          ],
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.invitation.guests[0].answers[w.sangeet.id]).toEqual({ response: "ATTENDING", partySize: 3 });
    const cookie = await sessionCookieFor(w.couple.id);
    const heads = (await json(await call("/api/v1/guests/headcounts", { cookie }))).body.functions as Loose[];
    expect(heads.find((f) => f.eventId === w.sangeet.id)).toMatchObject({ attending: 3, declined: 1, notAnswered: 0 });
    expect(heads.find((f) => f.eventId === w.wedding.id)).toMatchObject({ attending: 0, maybe: 2, notAnswered: 1 });
    // Changing an answer replaces it.
    await call(`/api/v1/rsvp/${w.h.token}`, { method: "POST", body: { answers: [{ guestId: w.anil.id, eventId: w.sangeet.id, response: "DECLINED" }] } });
    expect(await snapshot("SELECT response FROM guest_rsvps WHERE guest_id = ? AND event_id = ?", w.anil.id, w.sangeet.id)).toBe('[{"response":"DECLINED"}]');
  });

  it("refuses an answer for a function the household is not invited to, or for another household's guest, saving nothing", async () => {
    const w = await world();
    const other = await createUser({ role: "USER" });
    const theirEvent = await createEvent(other.id);
    const good = { guestId: w.anil.id, eventId: w.sangeet.id, response: "ATTENDING", partySize: 1 };
    for (const bad of [
      { guestId: w.anil.id, eventId: w.reception.id, response: "ATTENDING" },
      { guestId: w.anil.id, eventId: theirEvent.id, response: "ATTENDING" },
      { guestId: w.ravi.id, eventId: w.reception.id, response: "DECLINED" },
      { guestId: w.ravi.id, eventId: w.sangeet.id, response: "DECLINED" },
    ]) {
      const res = await json(await call(`/api/v1/rsvp/${w.h.token}`, { method: "POST", body: { answers: [good, bad] } }));
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("Ravi");
    }
    expect(await answersOf(w.anil.id, w.sunita.id, w.ravi.id)).toBe("[]");
  });

  it("checks the count and the answer (400 naming the field) and needs no account", async () => {
    const w = await world();
    for (const partySize of [0, 21, 1.5, "many"]) {
      const res = await json(
        await call(`/api/v1/rsvp/${w.h.token}`, {
          method: "POST",
          body: { answers: [{ guestId: w.anil.id, eventId: w.sangeet.id, response: "ATTENDING", partySize }] },
        }),
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toMatch(/Count/);
    }
    const res = await call(`/api/v1/rsvp/${w.h.token}`, {
      method: "POST",
      body: { answers: [{ guestId: w.anil.id, eventId: w.sangeet.id, response: "YES" }] },
    });
    expect(res.status).toBe(400);
    expect(await answersOf(w.anil.id)).toBe("[]");
  });

  it("limits a link to 30 saves an hour (429), saving nothing over it", async () => {
    const w = await world();
    const body = (response: string) => ({ answers: [{ guestId: w.anil.id, eventId: w.sangeet.id, response }] });
    for (let i = 0; i < 30; i++) expect((await call(`/api/v1/rsvp/${w.h.token}`, { method: "POST", body: body("MAYBE") })).status).toBe(200);
    const res = await call(`/api/v1/rsvp/${w.h.token}`, { method: "POST", body: body("DECLINED") });
    expect(res.status).toBe(429);
    expect(await snapshot("SELECT response FROM guest_rsvps WHERE guest_id = ?", w.anil.id)).toBe('[{"response":"MAYBE"}]');
  });

  it("counts saves per address behind the edge: someone else holding the link cannot use up the family's 30 saves", async () => {
    const w = await world();
    const EDGE = "https://mandap.example";
    const save = (ip: string, response: string) =>
      worker.fetch(`${EDGE}/api/v1/rsvp/${w.h.token}`, {
        method: "POST",
        headers: { "CF-Connecting-IP": ip, "Content-Type": "application/json", Origin: EDGE },
        body: JSON.stringify({ answers: [{ guestId: w.anil.id, eventId: w.sangeet.id, response }] }),
        cf: {},
      } as RequestInit);
    const stranger = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 30; i++) expect((await save(stranger, "MAYBE")).status).toBe(200);
    expect((await save(stranger, "MAYBE")).status).toBe(429);
    expect((await save("2001:db8:77:28::5", "ATTENDING")).status).toBe(200);
    expect(await snapshot("SELECT response FROM guest_rsvps WHERE guest_id = ?", w.anil.id)).toBe('[{"response":"ATTENDING"}]');
  });
});
