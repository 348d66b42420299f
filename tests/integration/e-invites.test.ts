import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { approveRequest, invitationBySlug, inviteDate, personalInvitation, requestInvite } from "#domain/invitations/index.ts";
import { HEADCOUNT_SQL } from "#domain/guests/index.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, createUser, sessionCookieFor, snapshot, worker } from "#tests/support/factories.ts";
import { insertCard, insertPurchase, insertTemplate } from "#tests/support/invitations.ts";
import { createEvent, createGuest, createHousehold, invite } from "#tests/support/planning.ts";

/**
 * The live e-invite (functions/domain/invitations/ through /api/v1/invitation): publishing rules,
 * the public page's JSON and request form, and the couple's approvals into the guest list.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
const post = (path: string, body: unknown, cookie?: string) => call(path, { method: "POST", body, cookie });

async function couple(names: { user?: string; partner?: string; city?: string } = {}) {
  const user = await createUser({ role: "USER", userName: names.user ?? "Ananya Iyer" });
  await env.DB.prepare("UPDATE users SET partner_name = ?, wedding_city = ? WHERE id = ?")
    .bind(names.partner ?? "Rohan Mehta", names.city ?? "Jaipur", user.id)
    .run();
  const cookie = await sessionCookieFor(user.id);
  const sangeet = await createEvent(user.id, { name: "Sangeet", eventDate: "2027-02-13", startTime: "19:00", venue: "Rambagh Palace, Jaipur" });
  const wedding = await createEvent(user.id, { name: "Wedding", eventDate: "2027-02-14", startTime: "10:30", venue: "Jai Mahal, Jaipur" });
  const card = await insertCard(user.id, { previewKey: `cards/${user.id}/preview.jpg` });
  return { user, cookie, sangeet, wedding, card };
}

async function published(names?: Parameters<typeof couple>[0]) {
  const c = await couple(names);
  const res = await json(await post(`/api/v1/invitation/${c.card.id}/publish`, { eventIds: [c.sangeet.id, c.wedding.id], rsvpOpen: true }, c.cookie));
  expect(res.status).toBe(200);
  return { ...c, slug: res.body.slug as string };
}

const request = (over: Loose = {}) => ({ name: "Priya Nair", phone: "98765 43210", partySize: 3, dietary: "JAIN", message: "So happy for you!", ...over });
const requestRows = (userId: string) =>
  snapshot("SELECT name, phone, party_size, dietary, answers, status FROM invite_requests WHERE user_id = ? ORDER BY phone", userId);
const guestWorld = (userId: string) =>
  snapshot(
    `SELECT (SELECT json_group_array(name) FROM households WHERE user_id = ?1) AS h, (SELECT json_group_array(name) FROM guests WHERE user_id = ?1) AS g,
       (SELECT COUNT(*) FROM guest_rsvps r JOIN guests g ON g.id = r.guest_id WHERE g.user_id = ?1) AS r`,
    userId,
  );

describe("publishing", () => {
  it("gives a readable slug and URL, stable when published again, and the public JSON shows the card, names and schedule", async () => {
    const c = await published();
    expect(c.slug).toMatch(/^ananya-weds-rohan-[a-km-np-z2-9]{13}$/);
    const again = await json(await post(`/api/v1/invitation/${c.card.id}/publish`, {}, c.cookie));
    expect(again.body).toMatchObject({ success: true, slug: c.slug, url: `http://localhost/view/${c.slug}` });
    const view = await json(await call(`/api/v1/invitation/view/${c.slug}`));
    expect(view.status).toBe(200);
    expect(view.body.invitation).toMatchObject({
      couple: "Ananya & Rohan",
      title: "Ananya & Rohan invite you",
      cardImageUrl: `http://localhost/media/cards/${c.user.id}/preview.jpg`,
      rsvpOpen: true,
    });
    expect(view.body.invitation.description).toContain("Sat, 13 Feb 2027");
    expect(view.body.invitation.description).toContain("Jaipur");
    expect(view.body.invitation.functions.map((f: Loose) => [f.name, f.dateLabel, f.timeLabel, f.mapUrl])).toEqual([
      ["Sangeet", "Sat, 13 Feb 2027", "7:00 pm", "https://www.google.com/maps/search/?api=1&query=Rambagh%20Palace%2C%20Jaipur"],
      ["Wedding", "Sun, 14 Feb 2027", "10:30 am", "https://www.google.com/maps/search/?api=1&query=Jai%20Mahal%2C%20Jaipur"],
    ]);
    expect(view.body.invitation.whatsappUrl).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(view.body.invitation.whatsappUrl)).toContain(
      `Ananya & Rohan invite you to their wedding on Sat, 13 Feb 2027. See the invitation and tell us if you can come: http://localhost/view/${c.slug}`,
    );

    // A guest whose browser asks for Hindi gets the words around the card in Hindi.
    const hindi = await json(await call(`/api/v1/invitation/view/${c.slug}`, { headers: { "Accept-Language": "hi" } }));
    expect(hindi.body.invitation.title).toBe("Ananya & Rohan आपको आमंत्रित करते हैं");
    expect(hindi.body.invitation.description).toMatch(/^शादी के उत्सव: .*Jaipur। निमंत्रण देखिए और जवाब दीजिए।$/);
    // ... and the WhatsApp text they share links the invitation's Hindi page.
    expect(decodeURIComponent(hindi.body.invitation.whatsappUrl)).toContain(`निमंत्रण देखिए और बताइए कि आप आ सकेंगे या नहीं: http://localhost/hi/view/${c.slug}`);
  });

  it("shows only the chosen functions", async () => {
    const c = await couple();
    const { body } = await json(await post(`/api/v1/invitation/${c.card.id}/publish`, { eventIds: [c.wedding.id] }, c.cookie));
    const view = await json(await call(`/api/v1/invitation/view/${body.slug}`));
    expect(view.body.invitation.functions.map((f: Loose) => f.name)).toEqual(["Wedding"]);
  });

  it("refuses a paid template not bought (403) and publishes it once bought", async () => {
    const c = await couple();
    const paid = await insertTemplate({ price: 499 });
    const card = await insertCard(c.user.id, { templateId: paid.id, previewKey: "cards/x/paid.jpg" });
    const refused = await json(await post(`/api/v1/invitation/${card.id}/publish`, {}, c.cookie));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This is a paid template. Buy it to use it in your card.");
    expect(await snapshot("SELECT public_slug, published_at FROM user_templates WHERE id = ?", card.id)).toBe('[{"public_slug":null,"published_at":null}]');
    await insertPurchase(c.user.id, paid.id);
    expect((await post(`/api/v1/invitation/${card.id}/publish`, {}, c.cookie)).status).toBe(200);
  });

  it("refuses a card without its rendered picture (409)", async () => {
    const c = await couple();
    const card = await insertCard(c.user.id);
    const res = await json(await post(`/api/v1/invitation/${card.id}/publish`, {}, c.cookie));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Open the card in the editor and save it so we have its picture.");
  });

  it("is 404 for another couple's card or function, and changes nothing", async () => {
    const a = await couple();
    const b = await couple({ user: "Meera Shah", partner: "Kabir Rao" });
    const other = await json(await post(`/api/v1/invitation/${b.card.id}/publish`, {}, a.cookie));
    expect(other.status).toBe(404);
    const foreignEvent = await json(await post(`/api/v1/invitation/${a.card.id}/publish`, { eventIds: [b.sangeet.id] }, a.cookie));
    expect(foreignEvent.status).toBe(404);
    const del = await call(`/api/v1/invitation/${b.card.id}/publish`, { method: "DELETE", cookie: a.cookie });
    expect(del.status).toBe(404);
    expect(await snapshot("SELECT public_slug FROM user_templates WHERE id IN (?, ?) AND public_slug IS NOT NULL", a.card.id, b.card.id)).toBe("[]");
  });

  it("names a bad field (400)", async () => {
    const c = await couple();
    const res = await json(await post(`/api/v1/invitation/${c.card.id}/publish`, { eventIds: "x".repeat(100), rsvpOpen: "perhaps" }, c.cookie));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(["rsvpOpen"]));
  });

  it("keeps one invitation per couple: publishing another card moves the same link to it", async () => {
    const c = await published();
    const second = await insertCard(c.user.id, { title: "Second", previewKey: "cards/x/second.jpg" });
    const moved = await json(await post(`/api/v1/invitation/${second.id}/publish`, {}, c.cookie));
    expect(moved.body.slug).toBe(c.slug);
    expect(
      await snapshot(
        "SELECT id, public_slug IS NOT NULL AS s, published_at IS NOT NULL AS p FROM user_templates WHERE user_id = ? ORDER BY id = ?",
        c.user.id,
        second.id,
      ),
    ).toBe(
      JSON.stringify([
        { id: c.card.id, s: 0, p: 0 },
        { id: second.id, s: 1, p: 1 },
      ]),
    );
    const view = await json(await call(`/api/v1/invitation/view/${c.slug}`));
    expect(view.body.invitation.cardImageUrl).toBe("http://localhost/media/cards/x/second.jpg");
  });

  it("unpublishing makes the page 404; publishing again brings the same link back", async () => {
    const c = await published();
    const del = await call(`/api/v1/invitation/${c.card.id}/publish`, { method: "DELETE", cookie: c.cookie });
    expect(del.status).toBe(200);
    expect((await call(`/api/v1/invitation/view/${c.slug}`)).status).toBe(404);
    expect((await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request(), answers: { [c.sangeet.id]: "ATTENDING" } })).status).toBe(404);
    const again = await json(await post(`/api/v1/invitation/${c.card.id}/publish`, {}, c.cookie));
    expect(again.body.slug).toBe(c.slug);
    expect((await call(`/api/v1/invitation/view/${c.slug}`)).status).toBe(200);
  });

  it("an unknown slug is 404", async () => {
    expect((await call("/api/v1/invitation/view/nobody-weds-nobody-zzzz")).status).toBe(404);
    expect((await call("/api/v1/invitation/view/NOT%20A%20SLUG")).status).toBe(404);
  });
});

describe("requests from the public page", () => {
  it("thanks a guest who reads Hindi in Hindi, and names a function not on the invitation in Hindi", async () => {
    const c = await published();
    const hindi = { "Accept-Language": "hi-IN,hi;q=0.9" };
    const thanked = await json(
      await call(`/api/v1/invitation/view/${c.slug}/requests`, {
        method: "POST",
        headers: hindi,
        body: { ...request(), answers: { [c.sangeet.id]: "ATTENDING" } },
      }),
    );
    expect(thanked).toMatchObject({ status: 201, body: { message: "धन्यवाद! जोड़ा जल्द ही आपके निमंत्रण की पुष्टि करेगा।" } });
    const refused = await json(
      await call(`/api/v1/invitation/view/${c.slug}/requests`, {
        method: "POST",
        headers: hindi,
        body: { ...request({ phone: "9876500001" }), answers: { "not-a-function": "ATTENDING" } },
      }),
    );
    expect(refused.body.errors).toEqual({ "answers.not-a-function": "यह समारोह निमंत्रण में नहीं है।" });
  });

  it("stores a request; the same phone again updates the pending one", async () => {
    const c = await published();
    const first = await json(
      await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request(), answers: { [c.sangeet.id]: "ATTENDING", [c.wedding.id]: "MAYBE" } }),
    );
    expect(first.status).toBe(201);
    const second = await json(
      await post(`/api/v1/invitation/view/${c.slug}/requests`, {
        ...request({ phone: "+91 98765-43210", partySize: 4 }),
        answers: { [c.sangeet.id]: "DECLINED" },
      }),
    );
    expect(second.status).toBe(200);
    expect(second.body.message).toContain("updated");
    expect(JSON.parse(await requestRows(c.user.id))).toEqual([
      { name: "Priya Nair", phone: "9876543210", party_size: 4, dietary: "JAIN", answers: JSON.stringify({ [c.sangeet.id]: "DECLINED" }), status: "PENDING" },
    ]);
  });

  it("refuses bad fields with their names (400) and stores nothing", async () => {
    const c = await published();
    const b = await couple({ user: "Meera Shah", partner: "Kabir Rao" });
    const res = await json(
      await post(`/api/v1/invitation/view/${c.slug}/requests`, {
        name: "",
        phone: "12345",
        partySize: 0,
        dietary: "PIZZA",
        answers: { [c.sangeet.id]: "YES" },
      }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(["name", "phone", "partySize", "dietary", `answers.${c.sangeet.id}`]));
    const none = await json(await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request(), answers: {} }));
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.errors)).toContain("answers");
    const foreign = await json(await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request(), answers: { [b.sangeet.id]: "ATTENDING" } }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ [`answers.${b.sangeet.id}`]: "This function is not on the invitation." });
    expect(await requestRows(c.user.id)).toBe("[]");
  });

  it("a filled honeypot answers like a success and stores nothing", async () => {
    const c = await published();
    const res = await post(`/api/v1/invitation/view/${c.slug}/requests`, {
      ...request(),
      website: "http://spam.example",
      answers: { [c.sangeet.id]: "ATTENDING" },
    });
    expect(res.status).toBe(201);
    expect(await requestRows(c.user.id)).toBe("[]");
  });

  it("is refused while RSVP is closed (409)", async () => {
    const c = await published();
    await post(`/api/v1/invitation/${c.card.id}/publish`, { rsvpOpen: false }, c.cookie);
    const res = await json(await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request(), answers: { [c.sangeet.id]: "ATTENDING" } }));
    expect(res.status).toBe(409);
    expect((await json(await call(`/api/v1/invitation/view/${c.slug}`))).body.invitation.rsvpOpen).toBe(false);
  });

  it("is rate limited per network address (429)", async () => {
    const c = await published();
    const ctx = testContext({ request: { ip: `203.0.113.${Math.floor(Math.random() * 250)}` } });
    for (let i = 0; i < 20; i++)
      await requestInvite(ctx, c.slug, { ...request({ phone: `98765${String(10000 + i)}` }), answers: { [c.sangeet.id]: "ATTENDING" } });
    await expect(requestInvite(ctx, c.slug, { ...request({ phone: "9000000001" }), answers: { [c.sangeet.id]: "ATTENDING" } })).rejects.toMatchObject({
      status: 429,
    });
    expect(JSON.parse(await requestRows(c.user.id))).toHaveLength(20);
  });

  it("is rate limited per phone through the API (429)", async () => {
    const c = await published();
    const body = { ...request({ phone: "9123456780" }), answers: { [c.sangeet.id]: "ATTENDING" } };
    for (let i = 0; i < 5; i++) expect((await post(`/api/v1/invitation/view/${c.slug}/requests`, body)).status).toBeLessThan(300);
    const res = await post(`/api/v1/invitation/view/${c.slug}/requests`, body);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBeTruthy();
  });
});

describe("approving and declining", () => {
  it("approve writes a household, guest, invitations and answers in one go, and the head-count query counts them", async () => {
    const c = await published();
    const before = await env.DB.prepare(HEADCOUNT_SQL).bind(c.user.id).all<Loose>();
    expect(before.results.map((r) => [r.name, r.attending])).toEqual([
      ["Sangeet", 0],
      ["Wedding", 0],
    ]);
    await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request(), answers: { [c.sangeet.id]: "ATTENDING", [c.wedding.id]: "MAYBE" } });
    const list = await json(await call("/api/v1/invitation/requests", { cookie: c.cookie }));
    expect(list.body.requests).toHaveLength(1);
    const r = list.body.requests[0];
    expect(r).toMatchObject({ name: "Priya Nair", phone: "9876543210", partySize: 3, dietary: "JAIN", status: "PENDING" });
    expect(r.answers).toEqual([
      { eventId: c.sangeet.id, name: "Sangeet", response: "ATTENDING" },
      { eventId: c.wedding.id, name: "Wedding", response: "MAYBE" },
    ]);
    const ok = await json(await post(`/api/v1/invitation/requests/${r.id}/approve`, {}, c.cookie));
    expect(ok.status).toBe(200);
    const household = await env.DB.prepare("SELECT name, rsvp_token FROM households WHERE id = ? AND user_id = ?")
      .bind(ok.body.householdId, c.user.id)
      .first<Loose>();
    expect(household?.name).toBe("Priya Nair");
    expect(household?.rsvp_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await snapshot("SELECT name, phone, dietary FROM guests WHERE id = ?", ok.body.guestId)).toBe(
      '[{"name":"Priya Nair","phone":"9876543210","dietary":"JAIN"}]',
    );
    const after = await env.DB.prepare(HEADCOUNT_SQL).bind(c.user.id).all<Loose>();
    expect(after.results.map((x) => [x.name, x.households, x.attending, x.maybe, x.jain])).toEqual([
      ["Sangeet", 1, 3, 0, 3],
      ["Wedding", 1, 0, 3, 0],
    ]);
    const headcounts = await json(await call("/api/v1/guests/headcounts", { cookie: c.cookie }));
    expect(headcounts.body.functions.map((f: Loose) => [f.name, f.attending])).toEqual([
      ["Sangeet", 3],
      ["Wedding", 0],
    ]);
    expect(await snapshot("SELECT status, household_id FROM invite_requests WHERE id = ?", r.id)).toBe(
      JSON.stringify([{ status: "APPROVED", household_id: ok.body.householdId }]),
    );
    // Their personal link works as any household's, and the same phone asking again is told to use it.
    const link = await json(await call(`/api/v1/rsvp/${household!.rsvp_token}`));
    expect(link.body.invitation.functions.map((f: Loose) => f.name)).toEqual(["Sangeet", "Wedding"]);
    const again = await json(await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request(), answers: { [c.sangeet.id]: "ATTENDING" } }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      "You are already on the guest list. Please answer through your personal link: we e-mailed it to you if you gave an e-mail address; otherwise ask the couple to send it on WhatsApp.",
    );
    expect((await post(`/api/v1/invitation/requests/${r.id}/approve`, {}, c.cookie)).status).toBe(409);
  });

  it("two approvals at once make one household", async () => {
    const c = await published();
    await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request(), answers: { [c.sangeet.id]: "ATTENDING" } });
    const id = (await env.DB.prepare("SELECT id FROM invite_requests WHERE user_id = ?").bind(c.user.id).first<{ id: string }>())!.id;
    const ctx = testContext({ actor: actorOf(c.user.id, "USER") });
    const results = await Promise.allSettled([approveRequest(ctx, id), approveRequest(ctx, id)]);
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(await guestWorld(c.user.id))).toEqual([{ h: '["Priya Nair"]', g: '["Priya Nair"]', r: 1 }]);
  });

  it("decline changes only the request's status", async () => {
    const c = await published();
    await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request(), answers: { [c.sangeet.id]: "ATTENDING" } });
    const id = (await env.DB.prepare("SELECT id FROM invite_requests WHERE user_id = ?").bind(c.user.id).first<{ id: string }>())!.id;
    const before = await guestWorld(c.user.id);
    const res = await post(`/api/v1/invitation/requests/${id}/decline`, {}, c.cookie);
    expect(res.status).toBe(200);
    expect(await guestWorld(c.user.id)).toBe(before);
    expect(await snapshot("SELECT status, household_id FROM invite_requests WHERE id = ?", id)).toBe('[{"status":"DECLINED","household_id":null}]');
  });

  it("another couple's request is 404 and unchanged", async () => {
    const c = await published();
    const b = await couple({ user: "Meera Shah", partner: "Kabir Rao" });
    await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request(), answers: { [c.sangeet.id]: "ATTENDING" } });
    const id = (await env.DB.prepare("SELECT id FROM invite_requests WHERE user_id = ?").bind(c.user.id).first<{ id: string }>())!.id;
    expect((await post(`/api/v1/invitation/requests/${id}/approve`, {}, b.cookie)).status).toBe(404);
    expect((await post(`/api/v1/invitation/requests/${id}/decline`, {}, b.cookie)).status).toBe(404);
    expect((await json(await call("/api/v1/invitation/requests", { cookie: b.cookie }))).body.requests).toEqual([]);
    expect(JSON.parse(await requestRows(c.user.id))[0].status).toBe("PENDING");
    expect(JSON.parse(await guestWorld(b.user.id))).toEqual([{ h: "[]", g: "[]", r: 0 }]);
  });
});

describe("the personal link and formats", () => {
  it("dates read as 'Sat, 13 Feb 2027'", () => {
    expect(inviteDate("2027-02-13")).toBe("Sat, 13 Feb 2027");
    expect(inviteDate("2026-11-23")).toBe("Mon, 23 Nov 2026");
  });

  it("the domain view of a published slug matches the API", async () => {
    const c = await published();
    const inv = await invitationBySlug(testContext(), c.slug);
    expect(inv.published).toBe(true);
    expect(inv.functions).toHaveLength(2);
  });

  it("a household's personal link shows the published card and the schedule of its own functions only; none when unpublished", async () => {
    const c = await published();
    const h = await createHousehold(c.user.id, "Sharma family");
    await createGuest(c.user.id, h.id, { name: "Anil Sharma" });
    await invite(h.id, c.wedding.id);
    const view = await personalInvitation(testContext(), h.token);
    expect(view.card?.cardImageUrl).toBe(`http://localhost/media/cards/${c.user.id}/preview.jpg`);
    expect(view.schedule.map((f) => [f.name, f.dateLabel, f.mapUrl !== null])).toEqual([["Wedding", "Sun, 14 Feb 2027", true]]);
    await call(`/api/v1/invitation/${c.card.id}/publish`, { method: "DELETE", cookie: c.cookie });
    expect((await personalInvitation(testContext(), h.token)).card).toBeNull();
  });

  it("a household's link keeps working the same with a published card", async () => {
    const c = await published();
    const h = await createHousehold(c.user.id, "Sharma family");
    const g = await createGuest(c.user.id, h.id, { name: "Anil Sharma" });
    await invite(h.id, c.sangeet.id);
    const res = await json(await post(`/api/v1/rsvp/${h.token}`, { answers: [{ guestId: g.id, eventId: c.sangeet.id, response: "ATTENDING", partySize: 2 }] }));
    expect(res.status).toBe(200);
    expect(await snapshot("SELECT response, party_size FROM guest_rsvps WHERE guest_id = ?", g.id)).toBe('[{"response":"ATTENDING","party_size":2}]');
  });
});

const EDGE = "https://mandap.example";
let edgeIp = 0;
/** A fresh documentation address (2001:db8::/32), one /64 each. */
const freshEdgeIp = () => `2001:db8:28:${(++edgeIp).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
/** A request as Cloudflare's edge delivers it (request.cf, a public host, its cf-connecting-ip): the only case where per-address limits apply. */
const fromEdge = (path: string, ip: string, body?: unknown) =>
  worker.fetch(`${EDGE}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "CF-Connecting-IP": ip, ...(body === undefined ? {} : { "Content-Type": "application/json", Origin: EDGE }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    cf: {},
  } as RequestInit);

describe("guessing links and using up allowances (issue 28)", () => {
  it("a new link has at least 64 random bits after the readable part; a link made before (4 characters) keeps working", async () => {
    const a = await published({ user: "Meera Shah", partner: "Kabir Rao" });
    const b = await published({ user: "Meera Shah", partner: "Kabir Rao" });
    for (const slug of [a.slug, b.slug]) expect(slug).toMatch(/^meera-weds-kabir-[a-km-np-z2-9]{13}$/); // 13 of 32 letters: 65 bits
    expect(a.slug).not.toBe(b.slug);
    const old = `meera-weds-kabir-${Math.random().toString(36).slice(2, 6)}`;
    await env.DB.prepare("UPDATE user_templates SET public_slug = ? WHERE id = ?").bind(old, a.card.id).run();
    expect((await call(`/api/v1/invitation/view/${old}`)).status).toBe(200);
    expect((await json(await post(`/api/v1/invitation/${a.card.id}/publish`, {}, a.cookie))).body.slug).toBe(old);
  });

  it("limits misses per address: after 20 unknown links an address gets 429 (even for a real link) while others are served", async () => {
    const c = await published();
    const ip = freshEdgeIp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await fromEdge(`/api/v1/invitation/view/ananya-weds-rohan-${i.toString().padStart(4, "q")}`, ip)).status);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(21);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    const limited = await fromEdge(`/api/v1/invitation/view/${c.slug}`, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await limited.json()) as Loose).message).toMatch(/Please wait/);
    expect((await fromEdge(`/api/v1/invitation/view/${c.slug}`, freshEdgeIp())).status).toBe(200);
    // Hits are not misses: a family opening its real link many times is never limited.
    const family = freshEdgeIp();
    for (let i = 0; i < 30; i++) expect((await fromEdge(`/api/v1/invitation/view/${c.slug}`, family)).status).toBe(200);
  });

  it("caps the requests waiting on one invitation (50) with a clear message; a waiting phone may still change its own", async () => {
    const c = await published();
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 50 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO invite_requests (id, card_id, user_id, name, phone, party_size, answers, status, created_at) VALUES (?, ?, ?, ?, ?, 1, '{}', 'PENDING', ?)",
        ).bind(`req-${c.card.id}-${i}`, c.card.id, c.user.id, `Guest ${i}`, `90000${String(10000 + i)}`, now),
      ),
    );
    const body = { ...request({ phone: "9811122233" }), answers: { [c.sangeet.id]: "ATTENDING" } };
    const res = await json(await post(`/api/v1/invitation/view/${c.slug}/requests`, body));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/many requests waiting/);
    expect(await snapshot("SELECT COUNT(*) AS n FROM invite_requests WHERE card_id = ?", c.card.id)).toBe('[{"n":50}]');
    const mine = { ...request({ phone: "9000010003" }), answers: { [c.sangeet.id]: "MAYBE" } };
    expect((await post(`/api/v1/invitation/view/${c.slug}/requests`, mine)).status).toBe(200);
  });
});

describe("telling the couple and the guest (issue 28)", () => {
  const outboxTo = (to: string) =>
    env.DB.prepare("SELECT subject, text, status FROM outbox WHERE to_address = ? ORDER BY created_at")
      .bind(to)
      .all<{ subject: string; text: string; status: string }>();

  it("mails the couple once per new request (not per function, not on a change, not for the honeypot)", async () => {
    const c = await published();
    const body = { ...request({ phone: "9822200011" }), answers: { [c.sangeet.id]: "ATTENDING", [c.wedding.id]: "MAYBE" } };
    expect((await post(`/api/v1/invitation/view/${c.slug}/requests`, body)).status).toBe(201);
    expect((await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...body, partySize: 4 })).status).toBe(200);
    await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...body, phone: "9822200012", website: "http://spam.example" });
    const mails = (await outboxTo(c.user.email)).results;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Priya Nair asked to come/);
    expect(mails[0]!.text).toContain("http://localhost/card");
    expect(mails[0]!.text).toMatch(/Sangeet: Attending/);
  });

  it("on approval e-mails the guest their personal RSVP link when the request has an e-mail, and says so", async () => {
    const c = await published();
    const email = `priya.${Date.now()}@example.com`;
    await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request({ phone: "9833300011", email }), answers: { [c.sangeet.id]: "ATTENDING" } });
    const [req] = (await json(await call("/api/v1/invitation/requests", { cookie: c.cookie }))).body.requests;
    const approved = await json(await post(`/api/v1/invitation/requests/${req.id}/approve`, {}, c.cookie));
    expect(approved.status).toBe(200);
    expect(approved.body.message).toMatch(/e-mailed Priya Nair their personal link/);
    const token = (await env.DB.prepare("SELECT rsvp_token FROM households WHERE id = ?").bind(approved.body.householdId).first<{ rsvp_token: string }>())!
      .rsvp_token;
    const mails = (await outboxTo(email)).results;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`http://localhost/rsvp/${token}`);
    expect(["SENT", "STORED", "QUEUED", "RETRYING"]).toContain(mails[0]!.status);
    expect(await snapshot("SELECT email FROM guests WHERE id = ?", approved.body.guestId)).toBe(JSON.stringify([{ email }]));
  });

  it("with only a phone, approval says to share the link by WhatsApp and the couple's list carries that link", async () => {
    const c = await published();
    await post(`/api/v1/invitation/view/${c.slug}/requests`, { ...request({ phone: "9844400011" }), answers: { [c.sangeet.id]: "ATTENDING" } });
    const [req] = (await json(await call("/api/v1/invitation/requests", { cookie: c.cookie }))).body.requests;
    const approved = await json(await post(`/api/v1/invitation/requests/${req.id}/approve`, {}, c.cookie));
    expect(approved.body.message).toMatch(/WhatsApp/);
    const token = (await env.DB.prepare("SELECT rsvp_token FROM households WHERE id = ?").bind(approved.body.householdId).first<{ rsvp_token: string }>())!
      .rsvp_token;
    const [listed] = (await json(await call("/api/v1/invitation/requests", { cookie: c.cookie }))).body.requests;
    expect(listed).toMatchObject({ status: "APPROVED", rsvpUrl: `http://localhost/rsvp/${token}` });
    expect(listed.whatsappUrl).toMatch(/^https:\/\/wa\.me\/919844400011\?text=/);
    expect(decodeURIComponent(listed.whatsappUrl)).toContain(
      `Dear Priya, you are on our guest list. Please tell us if you can come, and change your answers any time, here: http://localhost/rsvp/${token}`,
    );

    // A couple who chose Hindi sends it in Hindi, linking the Hindi RSVP page.
    await env.DB.prepare("UPDATE users SET locale = 'hi' WHERE id = ?").bind(c.user.id).run();
    const [inHindi] = (await json(await call("/api/v1/invitation/requests", { cookie: c.cookie }))).body.requests;
    expect(decodeURIComponent(inHindi.whatsappUrl)).toContain(
      `प्रिय Priya, आप हमारी मेहमानों की सूची में हैं। कृपया इस लिंक पर बताइए कि आप आ सकेंगे या नहीं, और अपने जवाब कभी भी बदलिए: http://localhost/hi/rsvp/${token}`,
    );
  });
});
