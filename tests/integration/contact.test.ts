import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sendContactMessage } from "#domain/content/index.ts";
import { testContext } from "#tests/support/context.ts";
import { call, signedIn } from "#tests/support/factories.ts";

/**
 * The contact form (issue 14): POST /contact stores the message and queues two mails in one batch
 * (to the team's mailbox and a confirmation to the sender); a filled honeypot stores and sends
 * nothing; allowances per e-mail and per network; admins list messages and change their status,
 * each change in the audit log.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
let n = 0;
const unique = () => `c${Date.now().toString(36)}${(n++).toString(36)}`;
const send = async (body: Loose, cookie?: string) => json(await call("/api/v1/contact", { method: "POST", body, cookie }));
const message = (email: string, extra: Loose = {}) => ({
  name: "Meera Iyer",
  email,
  phone: "+91 98450 12345",
  topic: "Planning my wedding",
  message: "We are looking for a venue in Udaipur for February. Can you help?",
  ...extra,
});
const rows = (email: string) => env.DB.prepare("SELECT * FROM contact_messages WHERE email = ?").bind(email).all<Loose>();
/** The mails to or about a sender's address. */
const mails = (email: string) =>
  env.DB.prepare("SELECT to_address, subject, text FROM outbox WHERE to_address = ? OR text LIKE ? ORDER BY to_address").bind(email, `%${email}%`).all<Loose>();

describe("POST /contact", () => {
  it("stores the message and mails the team and the sender", async () => {
    const email = `${unique()}@example.com`;
    const res = await send(message(email));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`Thank you. We have your message and will reply to ${email}.`);
    const stored = (await rows(email)).results;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: "Meera Iyer", phone: "9845012345", topic: "Planning my wedding", status: "NEW" });
    const sent = (await mails(email)).results;
    expect(sent.map((m) => m.to_address).sort()).toEqual([email, "team@mandap.example"].sort());
    const team = sent.find((m) => m.to_address === "team@mandap.example");
    expect(team?.subject).toBe("Contact form: Planning my wedding from Meera Iyer");
    expect(team?.text).toContain("We are looking for a venue in Udaipur");
    expect(sent.find((m) => m.to_address === email)?.subject).toBe("We have your message");
  });

  it("takes a blank phone as none", async () => {
    const email = `${unique()}@example.com`;
    expect((await send(message(email, { phone: "" }))).status).toBe(201);
    expect((await send(message(`${unique()}@example.com`, { phone: "   " }))).status).toBe(201);
    expect((await rows(email)).results[0]?.phone).toBeNull();
  });

  it("answers a filled honeypot the same way, and stores and sends nothing", async () => {
    const email = `${unique()}@example.com`;
    const res = await send(message(email, { website: "http://spam.example" }));
    expect(res.status).toBe(201);
    expect((await rows(email)).results).toHaveLength(0);
    expect((await mails(email)).results).toHaveLength(0);
  });

  it("refuses bad input naming the fields, and unknown fields; nothing is stored", async () => {
    const email = `${unique()}@example.com`;
    const bad = await send({ name: "", email: "not-an-email", phone: "12345", topic: "Free money", message: "hi" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["email", "message", "name", "phone", "topic"]);
    expect((await send({ ...message(email), admin: true })).status).toBe(400);
    expect((await send({ ...message(email), message: ["array"] })).status).toBe(400);
    expect((await rows(email)).results).toHaveLength(0);
  });

  it("allows three messages an hour per e-mail and five per network address (429 after, nothing stored)", async () => {
    const email = `${unique()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await send(message(email, { message: `Message number ${i} about our wedding venue.` }))).status).toBe(201);
    const fourth = await send(message(email, { message: "One message too many about the venue." }));
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/^You have sent us several messages this hour/);
    expect((await rows(email)).results).toHaveLength(3);

    const ip = `203.0.113.${Math.floor(Math.random() * 200)}`;
    const ctx = () => testContext({ request: { ip } });
    for (let i = 0; i < 5; i++) await sendContactMessage(ctx(), message(`${unique()}@example.com`));
    await expect(sendContactMessage(ctx(), message(`${unique()}@example.com`))).rejects.toMatchObject({ status: 429 });
  });
});

describe("the admins' contact messages", () => {
  it("lists them by status and search; a status change is stored with its audit entry", async () => {
    const email = `${unique()}@example.com`;
    await send(message(email, { topic: "Report a problem", message: `The filter on mobile does not close ${email}` }));
    const admin = await signedIn("ADMIN");
    const list = await json(await call(`/api/v1/admin/contact-messages?status=NEW&q=${encodeURIComponent(email)}`, { cookie: admin.cookie }));
    expect(list.status).toBe(200);
    expect(list.body.messages).toHaveLength(1);
    const id = list.body.messages[0].id as string;
    const patched = await json(
      await call(`/api/v1/admin/contact-messages/${id}`, {
        method: "PATCH",
        cookie: admin.cookie,
        body: { status: "ANSWERED", note: "Replied with the fix date" },
      }),
    );
    expect(patched.body.message).toMatchObject({ status: "ANSWERED", note: "Replied with the fix date" });
    const audit = await env.DB.prepare("SELECT action, actor_id, reason, before, after FROM admin_audit_log WHERE subject_id = ?").bind(id).first<Loose>();
    expect(audit).toMatchObject({
      action: "contact.status",
      actor_id: admin.id,
      reason: "Replied with the fix date",
      before: '{"status":"NEW"}',
      after: '{"status":"ANSWERED"}',
    });
    expect(
      (await json(await call(`/api/v1/admin/contact-messages?status=NEW&q=${encodeURIComponent(email)}`, { cookie: admin.cookie }))).body.messages,
    ).toHaveLength(0);
    expect((await json(await call(`/api/v1/admin/contact-messages/${id}`, { method: "PATCH", cookie: admin.cookie, body: { status: "DONE" } }))).status).toBe(
      400,
    );
  });

  it("couples, vendors and visitors cannot read or change them", async () => {
    const email = `${unique()}@example.com`;
    await send(message(email));
    const id = (await rows(email)).results[0]?.id as string;
    for (const role of ["USER", "VENDOR"] as const) {
      const who = await signedIn(role);
      expect((await call("/api/v1/admin/contact-messages", { cookie: who.cookie })).status).toBe(403);
      expect((await call(`/api/v1/admin/contact-messages/${id}`, { method: "PATCH", cookie: who.cookie, body: { status: "CLOSED" } })).status).toBe(403);
    }
    expect((await call(`/api/v1/admin/contact-messages/${id}`, { method: "PATCH", body: { status: "CLOSED" } })).status).toBe(401);
    expect((await rows(email)).results[0]?.status).toBe("NEW");
  });
});
