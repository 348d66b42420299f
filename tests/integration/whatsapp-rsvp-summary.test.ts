import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sendRsvpSummaries } from "#domain/guests/index.ts";
import { call, createUser, sessionCookieFor } from "#tests/support/factories.ts";
import { answer, createEvent, createGuest, createHousehold, invite } from "#tests/support/planning.ts";

/**
 * The daily RSVP summary on WhatsApp (issue 32, functions/domain/guests/rsvp-whatsapp.ts): to a couple
 * who opted in, when guests answered since the last summary, in the couple's language, through the
 * outbox; nothing when nobody answered, when they are not opted in, or after they opt out.
 */
const ORIGIN = "https://mandap.example";
const SECRET = "test-mail-link-secret";
const run = (now: number) => sendRsvpSummaries(env.DB, { origin: ORIGIN, now, linkSecret: SECRET });
const summariesTo = async (userId: string) =>
  (
    await env.DB.prepare(
      "SELECT text, payload, status FROM outbox WHERE channel = 'whatsapp' AND user_id = ? AND subject = 'rsvp_summary' ORDER BY created_at, id",
    )
      .bind(userId)
      .all<{ text: string; payload: string; status: string }>()
  ).results;

let serial = 0;
async function couple(opts: { optIn?: boolean; hindi?: boolean } = {}) {
  const user = await createUser({ userName: "Kavita" });
  const cookie = await sessionCookieFor(user.id);
  const phone = `98${String(Date.now() % 10_000_000).padStart(7, "0")}${++serial % 10}`;
  await env.DB.prepare("UPDATE users SET phone = ? WHERE id = ?").bind(phone, user.id).run();
  if (opts.hindi) expect((await call("/api/v1/users/language", { method: "PUT", body: { locale: "hi" }, cookie })).status).toBe(200);
  if (opts.optIn !== false) expect((await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: true }, cookie })).status).toBe(200);
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
  return { user, cookie, guests, sangeet, wedding };
}

describe("the daily RSVP summary on WhatsApp", () => {
  it("tells an opted-in couple, in their language, who is coming, not coming and yet to answer; again only after new answers", async () => {
    const c = await couple({ hindi: true });
    await answer(c.guests[0]!.id, c.sangeet.id, "ATTENDING");
    await answer(c.guests[1]!.id, c.sangeet.id, "DECLINED");
    await answer(c.guests[1]!.id, c.wedding.id, "DECLINED");
    await answer(c.guests[2]!.id, c.sangeet.id, "MAYBE");
    const now = Date.now() + 1000;
    const first = await run(now);
    expect(first.queries).toBeLessThanOrEqual(3);
    const [summary, ...more] = await summariesTo(c.user.id);
    expect(more).toEqual([]);
    const payload = JSON.parse(summary!.payload) as { name: string; language: string; parameters: string[] };
    expect(payload).toMatchObject({ name: "rsvp_summary", language: "hi" });
    expect(payload.parameters.slice(0, 4)).toEqual(["1", "1", "1", `${ORIGIN}/profile/guests`]);
    expect(payload.parameters[4]).toMatch(new RegExp(`^${ORIGIN}/whatsapp-preferences/`));
    expect(summary!.text).toContain("Mandap पर अब तक मेहमानों के जवाब: 1 आ रहे हैं, 1 नहीं आ रहे, 1 ने अभी जवाब नहीं दिया।");

    // Nobody answered since: nothing the next day.
    await run(now + 86_400_000);
    expect(await summariesTo(c.user.id)).toHaveLength(1);

    // Chetan answers: the next run sends the new figures.
    await env.DB.prepare("UPDATE guest_rsvps SET response = 'ATTENDING', answered_at = ? WHERE guest_id = ? AND event_id = ?")
      .bind(now + 86_400_000 + 5000, c.guests[2]!.id, c.sangeet.id)
      .run();
    await run(now + 2 * 86_400_000);
    const all = await summariesTo(c.user.id);
    expect(all).toHaveLength(2);
    expect((JSON.parse(all[1]!.payload) as { parameters: string[] }).parameters.slice(0, 3)).toEqual(["2", "1", "0"]);
  });

  it("sends nothing to a couple who did not opt in, or who opted out, however many guests answered", async () => {
    const never = await couple({ optIn: false });
    const stopped = await couple();
    expect((await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: false }, cookie: stopped.cookie })).status).toBe(200);
    for (const c of [never, stopped]) await answer(c.guests[0]!.id, c.sangeet.id, "ATTENDING");
    await run(Date.now() + 1000);
    expect(await summariesTo(never.user.id)).toEqual([]);
    expect(await summariesTo(stopped.user.id)).toEqual([]);
  });

  it("an English couple's summary is in English; a couple with answers only older than a day gets none on the first run", async () => {
    const english = await couple();
    await answer(english.guests[0]!.id, english.wedding.id, "ATTENDING");
    const old = await couple();
    await answer(old.guests[0]!.id, old.wedding.id, "ATTENDING");
    await env.DB.prepare("UPDATE guest_rsvps SET answered_at = answered_at - 3 * 86400000 WHERE guest_id = ?").bind(old.guests[0]!.id).run();
    await run(Date.now() + 1000);
    const [summary] = await summariesTo(english.user.id);
    expect(summary!.text).toMatch(/^Your guests' replies on Mandap so far: 1 coming, 0 not coming, 2 yet to answer\. Your guest list: /);
    expect(await summariesTo(old.user.id)).toEqual([]);
  });
});
