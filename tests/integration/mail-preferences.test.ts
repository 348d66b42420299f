import { createHmac, randomUUID } from "node:crypto";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { registerUser, requestPasswordReset } from "#domain/accounts/index.ts";
import { sendContactMessage } from "#domain/content/index.ts";
import { makeLead, sendLeadMessage, sendWeeklySummaries } from "#domain/enquiries/index.ts";
import { sendPlanningReminders } from "#domain/planning/index.ts";
import { signMailLink } from "#platform/mail-links.ts";
import { cloudflareTransport, httpTransport, mailerFor, mailboxTransport } from "#platform/mail.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, createService, createUser, createVendor, GOOD_PASSWORD, ORIGIN, sessionCookieFor, worker } from "#tests/support/factories.ts";
import { page, postPage } from "#tests/support/pages.ts";

/**
 * Issue 31, mail that reads well: every mail has an HTML and a text part from one layout; the
 * optional ones (the couple's planning reminder, the vendor's weekly summary) carry a one-click
 * unsubscribe link (RFC 8058) that turns off exactly that kind for exactly that person; bounces
 * and complaints arrive by a signed webhook and stop mail to the address.
 */

/** The local default of MAIL_LINK_SECRET (the tests run outside production). */
const LINK_SECRET = "mandap-local-mail-link-secret";
/** vitest.config.ts gives the Worker this MAIL_WEBHOOK_SECRET. */
const WEBHOOK_KEY = Buffer.from("test-mail-webhook-secret-01234567");

const DAY = 86_400_000;
/** 08:00 India time on a day far from other suites' runs; each use takes its own day. */
let dayIndex = 0;
const freshMorning = () => Date.parse("2033-06-06T02:30:00Z") + dayIndex++ * 3 * DAY;
const indiaDay = (now: number) => new Date(now + 330 * 60_000).toISOString().slice(0, 10);

const run = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .run();

type OutboxRow = { id: string; subject: string; text: string; html: string | null; headers: string | null; status: string; error: string | null };
const mailsTo = async (to: string) =>
  (
    await env.DB.prepare("SELECT id, subject, text, html, headers, status, error FROM outbox WHERE to_address = ? ORDER BY created_at, id")
      .bind(to)
      .all<OutboxRow>()
  ).results;

/** A couple who turned the planning reminder on, with a task due tomorrow of `now`. */
async function remindedCouple(now: number, name = "Priya") {
  const user = await createUser({ userName: name });
  await run("UPDATE users SET planning_reminders = 1 WHERE id = ?", user.id);
  const event = `evt-${randomUUID()}`;
  await run(
    "INSERT INTO events (id, user_id, name, event_date, created_at, updated_at) VALUES (?, ?, 'Sangeet', ?, 0, 0)",
    event,
    user.id,
    indiaDay(now + 9 * DAY),
  );
  await run(
    "INSERT INTO tasks (id, event_id, user_id, name, status, due_date, created_at, updated_at) VALUES (?, ?, ?, 'Book the dhol players', 'TODO', ?, 0, 0)",
    `task-${randomUUID()}`,
    event,
    user.id,
    indiaDay(now + DAY),
  );
  return user;
}

const remind = (now: number) => sendPlanningReminders(env.DB, { origin: ORIGIN, now, linkSecret: LINK_SECRET });

/** A vendor with a service and the weekly summary turned on. */
async function summaryVendor() {
  const vendor = await createVendor();
  await createService({ vendorId: vendor.id, serviceName: "Royal Thali" });
  const res = await call("/api/v1/vendors/notifications", { method: "PATCH", cookie: await sessionCookieFor(vendor.id), body: { weekly_summary: true } });
  expect(res.status).toBe(200);
  return vendor;
}

const headersOf = (row: OutboxRow) => (row.headers ? (JSON.parse(row.headers) as Record<string, string>) : null);
/** The https link in a mail's List-Unsubscribe header, as a path on this site. */
const unsubscribePath = (row: OutboxRow) => {
  const url = /^<([^>]+)>$/.exec(headersOf(row)?.["List-Unsubscribe"] ?? "")?.[1];
  expect(url).toBeTruthy();
  return new URL(url!).pathname;
};

/** The one-click POST as a mail service sends it (no cookies, no Origin of ours). */
const oneClick = (path: string, body = "List-Unsubscribe=One-Click") =>
  worker.fetch(`${ORIGIN}${path}`, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" } });

const switches = async (userId: string) => ({
  planning: (await env.DB.prepare("SELECT planning_reminders AS v FROM users WHERE id = ?").bind(userId).first<{ v: number }>())?.v,
  vendor: await env.DB.prepare("SELECT new_enquiry, couple_reply, booking_changes, weekly_summary FROM vendor_notification_prefs WHERE vendor_id = ?")
    .bind(userId)
    .first(),
});

describe("one layout for every mail", () => {
  it("gives each kind of mail an HTML part and a text part with the signature and a footer saying why, and escapes what people typed", async () => {
    const now = freshMorning();
    const couple = await createUser({ userName: "Meera <b>Iyer</b>" });
    const coupleActor = { ...actorOf(couple.id, "USER"), email: couple.email, userName: "Meera <b>Iyer</b>" };
    const vendor = await summaryVendor();
    const service = await createService({ vendorId: vendor.id, serviceName: "Grand Feast" });
    const ctx = testContext({ actor: coupleActor });
    const lead = await makeLead(ctx, service.id, { message: "Do you cater <script>alert(1)</script> for 300 guests?" });
    await sendLeadMessage(testContext({ actor: { ...actorOf(vendor.id, "VENDOR"), email: vendor.email } }), lead.id, { body: "Yes, we do." });
    const visitor = `visitor-${randomUUID()}@test.example`;
    await sendContactMessage(testContext(), { name: "Asha & Co", email: visitor, topic: "Something else", message: "Hello <i>team</i>" });
    const signup = testContext();
    const newcomer = `new-${randomUUID()}@test.example`;
    await registerUser(signup, { user_name: "Kiran", email: newcomer, phone: undefined, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    await signup.settle();
    const reset = testContext();
    await requestPasswordReset(reset, { email: couple.email });
    await reset.settle();
    await sendWeeklySummaries(env.DB, ORIGIN, now, undefined, LINK_SECRET);
    const reminded = await remindedCouple(now);
    await remind(now);

    const rows = [
      ...(await mailsTo(vendor.email)),
      ...(await mailsTo(couple.email)),
      ...(await mailsTo(visitor)),
      ...(await mailsTo(newcomer)),
      ...(await mailsTo(reminded.email)),
    ];
    const subjects = rows.map((r) => r.subject);
    for (const expected of [
      /^New enquiry for Grand Feast/,
      /^New message from/,
      /^We have your message/,
      /^Confirm your e-mail address/,
      /^Reset your Mandap password/,
      /^Your week on Mandap/,
      /^Your wedding planning for/,
    ])
      expect(subjects.some((s) => expected.test(s))).toBe(true);
    for (const row of rows) {
      expect(row.html, row.subject).toMatch(/^<!doctype html>/);
      expect(row.html).toContain("The Mandap team");
      expect(row.text).toContain("The Mandap team");
      expect(row.html).toContain("You receive this");
      expect(row.text).toMatch(/\n--\nYou receive this/);
      expect(row.html).not.toMatch(/<script|<b>|<i>/);
    }
    const enquiry = rows.find((r) => r.subject.startsWith("New enquiry"))!;
    expect(enquiry.html).toContain("Do you cater &lt;script&gt;alert(1)&lt;/script&gt; for 300 guests?");
    expect(enquiry.text).toContain("Do you cater <script>alert(1)</script> for 300 guests?");
    expect(enquiry.text).toContain("You have a vendor account on Mandap");
    expect(rows.find((r) => r.subject === "We have your message")!.html).toContain("Dear Asha &amp; Co,");
    expect(rows.find((r) => r.subject.startsWith("Reset your"))!.html).toContain("Namaste Meera &lt;b&gt;Iyer&lt;/b&gt;,");
    expect(rows.find((r) => r.subject.startsWith("Reset your"))!.text).toContain("You have a couple's account on Mandap");
  });

  it("puts List-Unsubscribe and List-Unsubscribe-Post on the planning reminder and the weekly summary only", async () => {
    const now = freshMorning();
    const couple = await remindedCouple(now);
    const vendor = await summaryVendor();
    const service = await createService({ vendorId: vendor.id, serviceName: "Silver Plates" });
    await makeLead(testContext({ actor: { ...actorOf(couple.id, "USER"), email: couple.email } }), service.id, { message: "Are you free in December?" });
    await remind(now);
    await sendWeeklySummaries(env.DB, ORIGIN, now, undefined, LINK_SECRET);

    const [digest] = await mailsTo(couple.email);
    const vendorMails = await mailsTo(vendor.email);
    const summary = vendorMails.find((r) => r.subject.startsWith("Your week on Mandap"))!;
    const enquiry = vendorMails.find((r) => r.subject.startsWith("New enquiry"))!;
    for (const row of [digest!, summary]) {
      expect(headersOf(row)).toEqual({
        "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost\/unsubscribe\/[^>]+>$/),
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(row.text).toContain(`Stop ${row === digest ? "the daily planning reminder" : "the weekly summary"}: http://localhost/unsubscribe/`);
      expect(row.text).toContain("Choose which e-mails you get: http://localhost/email-preferences/");
    }
    // An enquiry's mail is not optional mail: no unsubscribe headers (its Reply-To leads back to the conversation).
    expect(Object.keys(headersOf(enquiry) ?? {})).toEqual(["Reply-To"]);
    expect(enquiry.text).not.toContain("/unsubscribe/");
  });

  it("hands the headers and both parts to the HTTP mail API and to the send_email binding", async () => {
    const message = { id: "m1", to: "a@test.example", subject: "S", text: "T", html: "<p>H</p>", headers: { "List-Unsubscribe": "<https://x/unsubscribe/t>" } };
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ id: "re_1" }));
    try {
      expect(await httpTransport("https://mail-api.test/emails", "k").deliver(message, "Mandap <hello@mandap.example>")).toMatchObject({ ok: true });
      const body = JSON.parse(String(fetchSpy.mock.calls[0]![1]!.body));
      expect(body).toMatchObject({ text: "T", html: "<p>H</p>", headers: { "List-Unsubscribe": "<https://x/unsubscribe/t>" } });
    } finally {
      fetchSpy.mockRestore();
    }
    const sent: unknown[] = [];
    const binding = { send: async (m: unknown) => (sent.push(m), { messageId: "cf-1" }) } as unknown as SendEmail;
    expect(await cloudflareTransport(binding).deliver(message, "Mandap <hello@mandap.example>")).toMatchObject({ ok: true });
    expect(sent[0]).toMatchObject({ text: "T", html: "<p>H</p>", headers: { "List-Unsubscribe": "<https://x/unsubscribe/t>" } });
  });

  it("gives a conversation's Reply-To to each service as its own field, not as a custom header", async () => {
    const message = { id: "m2", to: "a@test.example", subject: "S", text: "T", headers: { "Reply-To": "r.abc@reply.mandap.example" } };
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ id: "re_2" }));
    try {
      await httpTransport("https://mail-api.test/emails", "k").deliver(message, "Mandap <hello@mandap.example>");
      const body = JSON.parse(String(fetchSpy.mock.calls[0]![1]!.body)) as Record<string, unknown>;
      expect(body.reply_to).toBe("r.abc@reply.mandap.example");
      expect(body.headers).toBeUndefined();
    } finally {
      fetchSpy.mockRestore();
    }
    const sent: Record<string, unknown>[] = [];
    const binding = { send: async (m: Record<string, unknown>) => (sent.push(m), { messageId: "cf-2" }) } as unknown as SendEmail;
    await cloudflareTransport(binding).deliver(
      { ...message, headers: { ...message.headers, "List-Unsubscribe": "<https://x/u>" } },
      "Mandap <hello@mandap.example>",
    );
    expect(sent[0]!.replyTo).toBe("r.abc@reply.mandap.example");
    expect(sent[0]!.headers).toEqual({ "List-Unsubscribe": "<https://x/u>" });
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  it("turns off exactly that kind of mail for exactly that person, and the next digest is not sent to them", async () => {
    const now = freshMorning();
    const asha = await remindedCouple(now, "Asha");
    const ravi = await remindedCouple(now, "Ravi");
    await remind(now);
    const [digest] = await mailsTo(asha.email);
    const res = await oneClick(unsubscribePath(digest!));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("Done: you will not get the daily planning reminder any more.");
    expect((await switches(asha.id)).planning).toBe(0);
    expect((await switches(ravi.id)).planning).toBe(1);

    // A reused link changes nothing more and says so.
    const again = await oneClick(unsubscribePath(digest!));
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("already stopped");

    const tomorrow = now + DAY;
    await run("UPDATE tasks SET due_date = ? WHERE user_id IN (?, ?)", indiaDay(tomorrow + DAY), asha.id, ravi.id);
    await remind(tomorrow);
    expect(await mailsTo(asha.email)).toHaveLength(1);
    expect(await mailsTo(ravi.email)).toHaveLength(2);
  });

  it("a vendor's weekly-summary link turns off the weekly summary only, not its other mails or another vendor's", async () => {
    const now = freshMorning();
    const vendor = await summaryVendor();
    const other = await summaryVendor();
    await sendWeeklySummaries(env.DB, ORIGIN, now, undefined, LINK_SECRET);
    const summary = (await mailsTo(vendor.email)).find((r) => r.subject.startsWith("Your week on Mandap"))!;
    expect((await oneClick(unsubscribePath(summary))).status).toBe(200);
    expect((await switches(vendor.id)).vendor).toEqual({ new_enquiry: 1, couple_reply: 1, booking_changes: 1, weekly_summary: 0 });
    expect((await switches(other.id)).vendor).toEqual({ new_enquiry: 1, couple_reply: 1, booking_changes: 1, weekly_summary: 1 });
  });

  it("refuses a forged, altered or expired link and changes nothing", async () => {
    const now = freshMorning();
    const asha = await remindedCouple(now, "Asha");
    const ravi = await remindedCouple(now, "Ravi");
    const good = await signMailLink(LINK_SECRET, { purpose: "planning-reminder", userId: asha.id, expiresAt: Date.now() + DAY });
    // Another person's id under Asha's signature; a link signed with another key; an expired one; garbage.
    const altered = good.replace(asha.id, ravi.id);
    const otherKey = await signMailLink("not-our-secret", { purpose: "planning-reminder", userId: ravi.id, expiresAt: Date.now() + DAY });
    const expired = await signMailLink(LINK_SECRET, { purpose: "planning-reminder", userId: ravi.id, expiresAt: Date.now() - 1000 });
    for (const token of [altered, otherKey, "planning-reminder.x.y.z", "%3Cscript%3E"]) {
      const res = await oneClick(`/unsubscribe/${token}`);
      expect(res.status, token).toBe(400);
      expect(await res.text()).toMatch(/not valid/);
    }
    const old = await oneClick(`/unsubscribe/${expired}`);
    expect(old.status).toBe(400);
    expect(await old.text()).toBe("This link has expired. Sign in to choose which e-mails you get.");
    expect((await switches(ravi.id)).planning).toBe(1);
    expect((await switches(asha.id)).planning).toBe(1);
  });

  it("opening the link shows a page to confirm (a GET turns nothing off); its button does it", async () => {
    const now = freshMorning();
    const asha = await remindedCouple(now, "Asha");
    const token = await signMailLink(LINK_SECRET, { purpose: "planning-reminder", userId: asha.id, expiresAt: Date.now() + DAY });
    const view = await (await page(`/unsubscribe/${token}`)).json<{ ok: boolean; view: { name: string; on: boolean; address: string } }>();
    expect(view).toMatchObject({ ok: true, view: { name: "the daily planning reminder", on: true } });
    expect(view.view.address).not.toBe(asha.email);
    expect((await switches(asha.id)).planning).toBe(1);
    const done = await postPage(`/unsubscribe/${token}`, { intent: "stop" });
    expect(await done.json()).toMatchObject({ ok: true, message: "Done: you will not get the daily planning reminder any more." });
    expect((await switches(asha.id)).planning).toBe(0);
    const bad = await page(`/unsubscribe/${token.slice(0, -2)}xx`);
    expect(bad.status).toBe(400);
  });
});

describe("the e-mail preferences page", () => {
  it("from a mail's link shows and saves that person's switches only; signed in, the same switches", async () => {
    const vendor = await createVendor();
    const other = await createVendor();
    const token = await signMailLink(LINK_SECRET, { purpose: "preferences", userId: vendor.id, expiresAt: Date.now() + DAY });
    const shown = await (await page(`/email-preferences/${token}`)).json<{ view: { via: string; switches: { kind: string; on: boolean }[] } }>();
    expect(shown.view.via).toBe("link");
    expect(shown.view.switches.map((s) => [s.kind, s.on])).toEqual([
      ["weekly-summary", false],
      ["new-enquiry", true],
      ["couple-reply", true],
      ["booking-changes", true],
    ]);
    const saved = await postPage(`/email-preferences/${token}`, { intent: "save", "weekly-summary": "true", "booking-changes": "true" });
    expect(await saved.json()).toMatchObject({ ok: true, message: "Your e-mail choices are saved." });
    expect((await switches(vendor.id)).vendor).toEqual({ new_enquiry: 0, couple_reply: 0, booking_changes: 1, weekly_summary: 1 });
    expect((await switches(other.id)).vendor).toBeNull();
    // The API twin for the signed-in person reads the same switches.
    const api = await call("/api/v1/mail/preferences", { cookie: await sessionCookieFor(vendor.id) });
    expect(
      (await api.json<{ preferences: { switches: { kind: string; on: boolean }[] } }>()).preferences.switches.find((s) => s.kind === "weekly-summary")!.on,
    ).toBe(true);
    // Without a link or a session: log in first.
    expect((await page("/email-preferences")).status).toBe(302);
  });
});

describe("bounces and complaints (signed webhook)", () => {
  const sign = (id: string, timestamp: number, body: string) => `v1,${createHmac("sha256", WEBHOOK_KEY).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
  const webhook = (body: string, headers: Record<string, string>) =>
    worker.fetch(`${ORIGIN}/api/v1/mail/webhook`, { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } });
  const signed = (body: string, at = Date.now()) => {
    const ts = Math.floor(at / 1000);
    return webhook(body, { "svix-id": "msg_1", "svix-timestamp": String(ts), "svix-signature": `v1,AAAA ${sign("msg_1", ts, body)}` });
  };
  const bounce = (to: string) =>
    JSON.stringify({
      type: "email.bounced",
      created_at: new Date().toISOString(),
      data: { email_id: "re_9", to: [to], bounce: { message: "550 No such user", type: "Permanent" } },
    });
  const suppressed = (email: string) => env.DB.prepare("SELECT kind, detail FROM mail_suppressions WHERE email = ?").bind(email.toLowerCase()).first();

  it("refuses a missing, wrong or stale signature with 401 and changes nothing", async () => {
    const couple = await createUser();
    const body = bounce(couple.email);
    const ts = Math.floor(Date.now() / 1000);
    for (const headers of [
      {},
      { "svix-id": "msg_1", "svix-timestamp": String(ts), "svix-signature": "v1,bm90IGEgc2lnbmF0dXJl" },
      { "svix-id": "msg_2", "svix-timestamp": String(ts), "svix-signature": sign("msg_1", ts, body) },
      { "svix-id": "msg_1", "svix-timestamp": String(ts), "svix-signature": sign("msg_1", ts, body.replace("550", "551")) },
    ] as Record<string, string>[]) {
      const res = await webhook(body, headers);
      expect(res.status).toBe(401);
    }
    expect((await signed(body, Date.now() - 10 * 60_000)).status).toBe(401);
    expect(await suppressed(couple.email)).toBeNull();
  });

  it("a signed bounce suppresses the address: later mail to it is FAILED with the reason, the person is told and can confirm the address", async () => {
    const couple = await createUser({ userName: "Nisha" });
    const res = await signed(bounce(couple.email.toUpperCase()));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, suppressed: 1 });
    expect(await suppressed(couple.email)).toEqual({ kind: "BOUNCE", detail: "550 No such user" });
    // Other events are acknowledged and change nothing.
    expect(await (await signed(JSON.stringify({ type: "email.delivered", data: { to: ["x@test.example"] } }))).json()).toMatchObject({
      suppressed: 0,
      ignored: "email.delivered",
    });

    const ctx = testContext({ mail: mailerFor(env, undefined, { transport: mailboxTransport }) });
    await requestPasswordReset(ctx, { email: couple.email });
    await ctx.settle();
    const [row] = await mailsTo(couple.email);
    expect(row).toMatchObject({
      status: "FAILED",
      error: expect.stringMatching(/^Not sent: mail to this address is suppressed since \d\d\/\d\d\/\d{4} \(bounce\)$/),
    });

    const cookie = await sessionCookieFor(couple.id);
    const prefs = await call("/api/v1/mail/preferences", { cookie });
    expect((await prefs.json<{ preferences: { suppressed: { kind: string } | null } }>()).preferences.suppressed).toMatchObject({ kind: "BOUNCE" });
    const confirmed = await call("/api/v1/mail/preferences/confirm-address", { method: "POST", cookie });
    expect(confirmed.status).toBe(200);
    expect(await suppressed(couple.email)).toBeNull();
    await sendContactMessage(testContext(), { name: "Nisha", email: couple.email, topic: "Something else", message: "Is my address right now?" });
    expect((await mailsTo(couple.email)).at(-1)).toMatchObject({ subject: "We have your message", status: "QUEUED", error: null });
  });

  it("a complaint suppresses the address too, and the digest to it is FAILED, not sent", async () => {
    const now = freshMorning();
    const couple = await remindedCouple(now);
    const res = await signed(JSON.stringify({ type: "email.complained", data: { email_id: "re_5", to: [couple.email] } }));
    expect(res.status).toBe(200);
    await remind(now);
    const [digest] = await mailsTo(couple.email);
    expect(digest).toMatchObject({ status: "FAILED", error: expect.stringContaining("(complaint)") });
  });
});
