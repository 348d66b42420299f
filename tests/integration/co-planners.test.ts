import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, createVendor, sessionCookieFor, snapshot } from "#tests/support/factories.ts";
import { createHousehold } from "#tests/support/planning.ts";
import { loadPage, page, postPage, toastOf } from "#tests/support/pages.ts";

/**
 * Co-planners (issue 33, docs/decisions/0049-weddings.md "Co-planners"), through /api/v1/weddings:
 * an invitation by e-mail or SMS is a single-use, expiring link that only the invited address or
 * number can accept; the couple and partners change and remove members (at once), withdraw
 * invitations; a member leaves; a planner of several weddings switches. Bad input and refused calls
 * change nothing.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });

let seq = 0;
async function person(userName: string, extra: { role?: "USER" | "VENDOR"; phone?: string } = {}) {
  const user =
    extra.role === "VENDOR"
      ? await createVendor()
      : await createUser({ userName, email: `${userName.split(" ")[0]!.toLowerCase()}-${Date.now()}-${seq++}@test.example` });
  if (extra.phone) await env.DB.prepare("UPDATE users SET verified_phone = ? WHERE id = ?").bind(extra.phone, user.id).run();
  return { ...user, cookie: await sessionCookieFor(user.id) };
}
type Person = Awaited<ReturnType<typeof person>>;

const api = (who: Person | null, method: string, path: string, body?: unknown) =>
  call(`/api/v1/weddings${path}`, { method, cookie: who?.cookie, body: body ?? (method === "GET" ? undefined : {}) }).then(json);

/** The token in the newest mail to the address. */
async function mailedToken(to: string): Promise<string> {
  const row = await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT 1")
    .bind(to)
    .first<{ text: string }>();
  const token = row?.text.match(/plan-together\/([a-z2-7]{32})/)?.[1];
  expect(token, `a link in the mail to ${to}`).toBeTruthy();
  return token!;
}

const membersOf = (weddingId: string) =>
  snapshot("SELECT user_id, role, areas, sees_contacts FROM wedding_members WHERE wedding_id = ? ORDER BY user_id", weddingId);
const stateOf = (weddingId: string) =>
  Promise.all([
    membersOf(weddingId),
    snapshot("SELECT id, accepted_at, declined_at, revoked_at, role, areas FROM wedding_invitations WHERE wedding_id = ? ORDER BY id", weddingId),
  ]).then((s) => s.join("\n"));

async function coupleWedding(name = "Asha Verma") {
  const couple = await person(name);
  const current = await api(couple, "GET", "/current");
  expect(current.status).toBe(200);
  return { couple, weddingId: current.body.wedding.weddingId as string };
}

async function invited(couple: Person, invitee: Person, rights: Loose = { role: "EDITOR", areas: ["guests"] }) {
  const sent = await api(couple, "POST", "/invitations", { contact: invitee.email, ...rights });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return mailedToken(invitee.email);
}

describe("inviting, accepting and declining", () => {
  it("the couple invites the bride's mother by e-mail; she accepts once and plans the guest list", async () => {
    const { couple, weddingId } = await coupleWedding();
    const meena = await person("Meena Verma");
    const sent = await api(couple, "POST", "/invitations", { contact: ` ${meena.email.toUpperCase()} `, name: "Meena ji", role: "EDITOR", areas: ["guests"] });
    expect(sent.status).toBe(201);
    expect(sent.body.invitation).toMatchObject({ email: meena.email, role: "EDITOR", areas: ["guests"], seesContacts: true });
    expect(JSON.stringify(sent.body)).not.toMatch(/plan-together\//); // the link goes to the invitee only
    const mail = await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ?").bind(meena.email).first<{ subject: string; text: string }>();
    expect(mail?.subject).toBe("Asha Verma invites you to plan Asha Verma's wedding");
    expect(mail?.text).toContain("Namaste Meena ji,");
    const token = await mailedToken(meena.email);
    const stored = await env.DB.prepare("SELECT token_hash FROM wedding_invitations WHERE wedding_id = ?").bind(weddingId).first<{ token_hash: string }>();
    expect(stored?.token_hash).not.toContain(token); // only the hash is stored

    const view = await api(meena, "GET", `/invitations/${token}`);
    expect(view.body.invitation).toMatchObject({ inviter: "Asha Verma", couple: "Asha Verma", role: "EDITOR", areas: ["guests"], state: "open" });

    const accepted = await api(meena, "POST", `/invitations/${token}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ message: "You now plan Asha Verma's wedding.", weddingId });
    const current = await api(meena, "GET", "/current");
    expect(current.body.wedding).toMatchObject({ weddingId, role: "EDITOR", areas: ["guests"], managesPeople: false });
    const added = await call("/api/v1/guests/households", { method: "POST", cookie: meena.cookie, body: { name: "Kapoor family" } });
    expect(added.status).toBe(201);
    expect(await snapshot("SELECT name FROM households WHERE user_id = ?", couple.id)).toContain("Kapoor family");

    const again = await api(meena, "POST", `/invitations/${token}/accept`);
    expect(again).toMatchObject({ status: 409, body: { message: "This invitation has already been used." } });
    expect((await api(meena, "GET", `/invitations/${token}`)).body.invitation.state).toBe("used");
  });

  it("refuses another account holding the link, a vendor, a visitor and a wrong token, changing nothing", async () => {
    const { couple, weddingId } = await coupleWedding();
    const meena = await person("Meena Verma");
    const token = await invited(couple, meena);
    const before = await stateOf(weddingId);
    const stranger = await person("Someone Else");
    expect(await api(stranger, "POST", `/invitations/${token}/accept`)).toMatchObject({
      status: 403,
      body: { message: `This invitation was sent to ${meena.email}. Log in with the account of that address or number to accept it.` },
    });
    expect((await api(stranger, "POST", `/invitations/${token}/decline`)).status).toBe(403);
    const vendor = await person("Vendor", { role: "VENDOR" });
    expect(await api(vendor, "POST", `/invitations/${token}/accept`)).toMatchObject({ status: 403, body: { message: "Only couples plan a wedding here." } });
    expect((await api(null, "POST", `/invitations/${token}/accept`)).status).toBe(401);
    expect((await api(meena, "POST", `/invitations/${"a".repeat(32)}/accept`)).status).toBe(404);
    expect((await api(meena, "POST", `/invitations/not-a-token/accept`)).status).toBe(404);
    expect(await stateOf(weddingId)).toBe(before);
  });

  it("an expired, withdrawn or declined link is refused with its reason", async () => {
    const { couple, weddingId } = await coupleWedding();
    const [a, b, c] = [await person("Aarti Rao"), await person("Bela Rao"), await person("Chitra Rao")];
    const [ta, tb, tc] = [await invited(couple, a), await invited(couple, b), await invited(couple, c)];
    await env.DB.prepare("UPDATE wedding_invitations SET expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1, a.email)
      .run();
    const pending = await api(couple, "GET", "/members");
    const forB = pending.body.invitations.find((i: Loose) => i.email === b.email);
    expect((await api(couple, "DELETE", `/invitations/${forB.id}`)).body.message).toBe("Invitation withdrawn: its link no longer works.");
    expect((await api(c, "POST", `/invitations/${tc}/decline`)).body.message).toBe("Invitation declined.");
    const before = await membersOf(weddingId);
    expect(await api(a, "POST", `/invitations/${ta}/accept`)).toMatchObject({
      status: 409,
      body: { message: "This invitation has expired. Ask for a new one." },
    });
    expect(await api(b, "POST", `/invitations/${tb}/accept`)).toMatchObject({ status: 409, body: { message: "This invitation was withdrawn." } });
    expect(await api(c, "POST", `/invitations/${tc}/accept`)).toMatchObject({ status: 409, body: { message: "This invitation was declined." } });
    expect(await membersOf(weddingId)).toBe(before);
    // Withdrawn twice, or another wedding's invitation: 404.
    expect((await api(couple, "DELETE", `/invitations/${forB.id}`)).status).toBe(404);
  });

  it("invites by mobile number through the SMS adapter; only the account with that verified number accepts", async () => {
    const { couple, weddingId } = await coupleWedding();
    const phone = `+9198${String(Date.now()).slice(-8)}`;
    const planner = await person("Rohit Planner", { phone });
    const sent = await api(couple, "POST", "/invitations", { contact: `0${phone.slice(3)}`, role: "VIEWER" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.invitation.phone).toBe(`+91 ${phone.slice(3, 8)} ${phone.slice(8)}`);
    let sms: { text: string; template: string } | null = null;
    for (let i = 0; i < 50 && !sms; i++) {
      sms = await env.DB.prepare("SELECT text, template FROM sms_outbox WHERE to_phone = ?").bind(phone).first();
      if (!sms) await new Promise((r) => setTimeout(r, 20));
    }
    expect(sms?.template).toBe("PLAN_INVITE");
    const token = sms!.text.match(/plan-together\/([a-z2-7]{32})/)![1]!;
    expect((await api(planner, "POST", `/invitations/${token}/accept`)).status).toBe(200);
    expect(await membersOf(weddingId)).toContain(`"user_id":"${planner.id}","role":"VIEWER"`);
  });

  it("refuses bad input with field messages and an invitation to a member, changing nothing", async () => {
    const { couple, weddingId } = await coupleWedding();
    const before = await stateOf(weddingId);
    for (const [body, field] of [
      [{ contact: "nobody", role: "VIEWER" }, "contact"],
      [{ contact: "+44 7700 900123", role: "VIEWER" }, "contact"],
      [{ contact: "a@b.example", role: "COUPLE" }, "role"],
      [{ contact: "a@b.example", role: "EDITOR" }, "areas"],
      [{ contact: "a@b.example", role: "EDITOR", areas: ["kitchen"] }, "areas"],
      [{ contact: "a@b.example", role: "VIEWER", name: "x".repeat(81) }, "name"],
    ] as const) {
      const res = await api(couple, "POST", "/invitations", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}).join(), JSON.stringify(res.body)).toContain(field);
    }
    expect((await api(couple, "POST", "/invitations", { contact: couple.email, role: "VIEWER" })).body.message).toBe("Asha Verma already plans this wedding.");
    expect(await stateOf(weddingId)).toBe(before);
  });
});

describe("managing co-planners", () => {
  async function weddingWithMembers() {
    const { couple, weddingId } = await coupleWedding();
    const [rohan, meena, ravi] = [await person("Rohan Mehta"), await person("Meena Verma"), await person("Ravi Planner")];
    for (const [who, rights] of [
      [rohan, { role: "PARTNER" }],
      [meena, { role: "EDITOR", areas: ["guests"] }],
      [ravi, { role: "VIEWER" }],
    ] as const)
      expect((await api(who, "POST", `/invitations/${await invited(couple, who, rights)}/accept`)).status).toBe(200);
    return { couple, weddingId, rohan, meena, ravi };
  }

  it("lists members; contact details and pending invitations only for the couple and partners", async () => {
    const { couple, rohan, ravi, meena } = await weddingWithMembers();
    const asCouple = await api(couple, "GET", "/members");
    expect(asCouple.body.members.map((x: Loose) => [x.name, x.role])).toEqual([
      ["Asha Verma", "COUPLE"],
      ["Rohan Mehta", "PARTNER"],
      ["Meena Verma", "EDITOR"],
      ["Ravi Planner", "VIEWER"],
    ]);
    expect(asCouple.body.members[2].email).toBe(meena.email);
    expect((await api(rohan, "GET", "/members")).body.members[2].email).toBe(meena.email);
    const asViewer = await api(ravi, "GET", "/members");
    expect(asViewer.body.members.map((x: Loose) => x.email)).toEqual([null, null, null, null]);
    expect(asViewer.body.invitations).toEqual([]);
    expect(JSON.stringify(asViewer.body)).not.toContain(meena.email);
  });

  it("the couple and partners change a role at once; others cannot, and the couple is never changed", async () => {
    const { couple, weddingId, rohan, meena, ravi } = await weddingWithMembers();
    const household = await createHousehold(couple.id, "Sharma family");
    const edit = (who: Person) =>
      call(`/api/v1/guests/households/${household.id}`, { method: "PUT", cookie: who.cookie, body: { name: `By ${who.userName}` } });
    expect((await edit(meena)).status).toBe(200);
    const changed = await api(rohan, "PUT", `/members/${meena.id}`, { role: "VIEWER" });
    expect(changed.body).toMatchObject({ message: "Meena Verma's role saved.", member: { role: "VIEWER", areas: [], seesContacts: false } });
    expect((await edit(meena)).status).toBe(403); // the next request already has the new rights

    const before = await membersOf(weddingId);
    expect((await api(ravi, "PUT", `/members/${meena.id}`, { role: "PARTNER" })).status).toBe(403);
    expect((await api(meena, "POST", "/invitations", { contact: "x@y.example", role: "PARTNER" })).status).toBe(403);
    expect((await api(rohan, "PUT", `/members/${couple.id}`, { role: "VIEWER" })).body.message).toBe(
      "The couple's place in their wedding cannot be changed or removed.",
    );
    expect((await api(rohan, "DELETE", `/members/${couple.id}`)).status).toBe(403);
    expect((await api(couple, "PUT", `/members/${meena.id}`, { role: "EDITOR", areas: [] })).status).toBe(400);
    expect((await api(couple, "DELETE", `/members/nobody`)).status).toBe(404);
    expect(await membersOf(weddingId)).toBe(before);
  });

  it("a removed member's next request is refused; a member leaves; the couple cannot leave", async () => {
    const { couple, weddingId, meena, ravi } = await weddingWithMembers();
    const household = await createHousehold(couple.id, "Sharma family");
    const rename = () => call(`/api/v1/guests/households/${household.id}`, { method: "PUT", cookie: meena.cookie, body: { name: "Renamed" } });
    expect((await rename()).status).toBe(200);
    expect((await api(couple, "DELETE", `/members/${meena.id}`)).body.message).toBe("Meena Verma no longer plans this wedding.");
    expect((await rename()).status).toBe(404); // back in her own (empty) wedding: the couple's household is not hers
    expect(await snapshot("SELECT name FROM households WHERE id = ?", household.id)).toContain("Renamed");
    expect((await api(meena, "GET", "/current")).body.wedding.weddingId).not.toBe(weddingId);

    expect((await api(ravi, "POST", "/leave")).body.message).toBe("You left Asha Verma's wedding.");
    expect(await membersOf(weddingId)).not.toContain(ravi.id);
    expect(await api(couple, "POST", "/leave")).toMatchObject({ status: 409, body: { message: "The couple cannot leave their own wedding." } });
  });

  it("a planner in several weddings switches; the current wedding is the one opened last", async () => {
    const first = await coupleWedding("Asha Verma");
    const second = await coupleWedding("Kavya Iyer");
    const ravi = await person("Ravi Planner");
    for (const c of [first.couple, second.couple])
      expect((await api(ravi, "POST", `/invitations/${await invited(c, ravi, { role: "VIEWER" })}/accept`)).status).toBe(200);
    const now = await api(ravi, "GET", "/current");
    expect(now.body.wedding.weddingId).toBe(second.weddingId);
    expect(now.body.weddings.map((w: Loose) => [w.couple, w.current])).toEqual([
      ["Kavya Iyer", true],
      ["Asha Verma", false],
    ]);
    const switched = await api(ravi, "POST", `/${first.weddingId}/switch`);
    expect(switched.body).toMatchObject({ message: "You are now planning Asha Verma's wedding.", wedding: { weddingId: first.weddingId, role: "VIEWER" } });
    expect((await api(ravi, "GET", "/current")).body.wedding.weddingId).toBe(first.weddingId);
    expect((await api(ravi, "POST", `/nobody/switch`)).status).toBe(404);
    expect((await api(first.couple, "POST", `/${second.weddingId}/switch`)).status).toBe(404);
  });
});

describe("the Family & planner page and the invitation's page (forms, no JavaScript needed)", () => {
  it("the couple invites from the page; the invitee opens the link signed out, then accepts as herself; the couple removes her", async () => {
    const { couple, weddingId } = await coupleWedding();
    const meena = await person("Meena Verma");
    const form = new URLSearchParams({ intent: "invite", contact: meena.email, name: "Meena", role: "EDITOR", seesContacts: "true" });
    form.append("areas", "guests");
    form.append("areas", "budget");
    const sent = await page("/profile/family", { method: "POST", body: form, headers: { Cookie: couple.cookie } });
    expect(sent.status).toBe(303);
    expect(toastOf(sent)?.message).toBe(`Invitation sent to ${meena.email}. The link works once, for 7 days.`);
    const asCouple = await loadPage<Loose>("/profile/family", couple.cookie);
    expect(asCouple.invitations).toEqual([expect.objectContaining({ email: meena.email, role: "EDITOR", areas: ["guests", "budget"] })]);

    const token = await mailedToken(meena.email);
    const signedOut = await loadPage<Loose>(`/plan-together/${token}`);
    expect(signedOut).toMatchObject({ ok: true, signedIn: false, blocked: null, invitation: { inviter: "Asha Verma", role: "EDITOR", sentTo: meena.email } });
    const vendor = await person("Vendor", { role: "VENDOR" });
    expect((await loadPage<Loose>(`/plan-together/${token}`, vendor.cookie)).blocked).toBe("Only couples plan a wedding here.");
    expect((await page(`/plan-together/${"b".repeat(32)}`)).status).toBe(404);

    const stranger = await person("Someone Else");
    const refused = await postPage(`/plan-together/${token}`, { intent: "accept" }, stranger.cookie);
    expect(refused.status).toBe(403);
    expect(await membersOf(weddingId)).not.toContain(stranger.id);
    const accepted = await postPage(`/plan-together/${token}`, { intent: "accept" }, meena.cookie);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toBe("/profile/family");
    expect(toastOf(accepted)?.message).toBe("You now plan Asha Verma's wedding.");
    expect((await loadPage<Loose>(`/plan-together/${token}`, meena.cookie)).blocked).toBe("This invitation has already been used.");
    const asMeena = await loadPage<Loose>("/profile/family", meena.cookie);
    expect(asMeena.wedding).toMatchObject({ weddingId, role: "EDITOR", managesPeople: false });
    expect(asMeena.invitations).toEqual([]);

    const removed = await postPage("/profile/family", { intent: "remove", userId: meena.id }, couple.cookie);
    expect(toastOf(removed)?.message).toBe("Meena Verma no longer plans this wedding.");
    const household = await createHousehold(couple.id, "Sharma family");
    expect((await postPage("/profile/guests", { intent: "editHousehold", householdId: household.id, name: "By Meena" }, meena.cookie)).status).toBe(404);
    // Her page is her own wedding again, and a refused form there changes nothing.
    expect((await loadPage<Loose>("/profile/family", meena.cookie)).wedding.weddingId).not.toBe(weddingId);
    const before = await stateOf(weddingId);
    expect((await postPage("/profile/family", { intent: "remove", userId: couple.id }, meena.cookie)).status).toBe(404);
    expect(await stateOf(weddingId)).toBe(before);
  });
});
