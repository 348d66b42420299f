import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consumeMailBatch, byChannel, deliverQueuedMail, failDeadMail, mailboxTransport, type MailTransport } from "#platform/mail.ts";
import { cloudApiTransport, devWhatsAppTransport } from "#platform/whatsapp.ts";
import { WHATSAPP_MESSAGES, WHATSAPP_TEMPLATES, renderWhatsApp } from "#domain/accounts/index.ts";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";
import { page, postPage } from "#tests/support/pages.ts";
import { indiaDateInDays } from "#shared/india-time.ts";
import { formatDate } from "#shared/format.ts";

/**
 * Issue 32, WhatsApp notifications: off until a person turns them on (with an Indian mobile
 * number); each event (new enquiry, reply, quote, booking change, payment) writes one approved
 * template message to the outbox with its parameters; the Cloud API's errors are kept, retried and
 * end FAILED with the reason, like mail's; opting out is honoured at once, also for messages
 * already queued; the one-tap stop link turns off exactly that person's messages.
 */

type WaRow = { id: string; to_address: string; subject: string; text: string; payload: string; status: string; error: string | null; user_id: string };
const whatsAppTo = async (userId: string) =>
  (
    await env.DB.prepare(
      "SELECT id, to_address, subject, text, payload, status, error, user_id FROM outbox WHERE channel = 'whatsapp' AND user_id = ? ORDER BY created_at, id",
    )
      .bind(userId)
      .all<WaRow>()
  ).results;
const template = (row: WaRow) => JSON.parse(row.payload) as { name: string; language: string; parameters: string[] };

let phoneCounter = 0;
/** A distinct Indian mobile number per person ("98xxxxxxxx", written as a person types it). */
const mobile = () => {
  const n = String(Date.now() % 1e6).padStart(6, "0") + String(phoneCounter++ % 100).padStart(2, "0");
  return `98 ${n.slice(0, 3)} ${n.slice(3)}`;
};
const e164 = (typed: string) => `+91${typed.replace(/\D/g, "")}`;

async function withPhone<T extends { id: string }>(person: T): Promise<T & { phone: string; cookie: string }> {
  const phone = mobile();
  await env.DB.prepare("UPDATE users SET phone = ? WHERE id = ?").bind(phone, person.id).run();
  return { ...person, phone, cookie: await sessionCookieFor(person.id) };
}

async function optIn(cookie: string) {
  const res = await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: true }, cookie });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A vendor and a couple, both opted in, and the couple's enquiry (its lead id). */
async function enquiryBetweenOptedIn() {
  const vendor = await withPhone(await createVendor({ businessName: `Shubh Caterers ${Date.now()}` }));
  const service = await createService({ vendorId: vendor.id, serviceName: "Rajasthani thali for 300" });
  const couple = await withPhone(await createUser({ userName: "Aarti Sharma" }));
  await optIn(vendor.cookie);
  await optIn(couple.cookie);
  const eventDate = indiaDateInDays(60);
  const res = await call(`/api/v1/services/makeLead/${service.id}`, {
    method: "PUT",
    body: { message: "We are looking for a caterer for 300 guests for our reception.", eventDate },
    cookie: couple.cookie,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { lead } = (await res.json()) as { lead: { id: string } };
  return { vendor, couple, service, lead: lead.id, eventDate };
}

afterEach(() => vi.restoreAllMocks());

describe("opting in and out", () => {
  it("is off by default, needs a mobile number to turn on, and changes only the caller's choice", async () => {
    const couple = await createUser();
    const cookie = await sessionCookieFor(couple.id);
    const other = await withPhone(await createUser());
    await optIn(other.cookie);

    const first = await call("/api/v1/whatsapp/preferences", { cookie });
    expect(((await first.json()) as { preferences: { on: boolean } }).preferences).toMatchObject({ on: false, number: null });
    // No number: refused with the reason, nothing stored.
    const refused = await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: true }, cookie });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, message: WHATSAPP_MESSAGES.noNumber, errors: { whatsapp: WHATSAPP_MESSAGES.noNumber } });
    expect(await env.DB.prepare("SELECT 1 FROM whatsapp_optins WHERE user_id = ?").bind(couple.id).first()).toBeNull();
    // Not a boolean: 400, nothing stored.
    expect((await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: "maybe" }, cookie })).status).toBe(400);
    // A landline-like or foreign number is not an Indian mobile.
    await env.DB.prepare("UPDATE users SET phone = '0141 2345678' WHERE id = ?").bind(couple.id).run();
    expect((await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: true }, cookie })).status).toBe(400);

    await env.DB.prepare("UPDATE users SET phone = '+91 98290-12345' WHERE id = ?").bind(couple.id).run();
    const on = await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: true }, cookie });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ success: true, preferences: { on: true, number: "+919829012345" } });
    const off = await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: false }, cookie });
    expect(await off.json()).toMatchObject({ success: true, message: WHATSAPP_MESSAGES.off, preferences: { on: false } });
    expect(
      await env.DB.prepare("SELECT opted_in, source, opted_out_at IS NOT NULL AS out FROM whatsapp_optins WHERE user_id = ?").bind(couple.id).first(),
    ).toEqual({
      opted_in: 0,
      source: "settings",
      out: 1,
    });
    // The other person's choice is as they left it.
    expect(await env.DB.prepare("SELECT opted_in FROM whatsapp_optins WHERE user_id = ?").bind(other.id).first()).toEqual({ opted_in: 1 });
    // A number verified by SMS (mobile sign-in) is the one used, over the one typed on the profile.
    await env.DB.prepare("UPDATE users SET verified_phone = '+919829054321' WHERE id = ?").bind(couple.id).run();
    const verified = await call("/api/v1/whatsapp/preferences", { cookie });
    expect(((await verified.json()) as { preferences: { number: string } }).preferences.number).toBe("+919829054321");
    // A visitor is asked to log in.
    expect((await call("/api/v1/whatsapp/preferences")).status).toBe(401);
  });
});

describe("each event is one template message with its parameters", () => {
  it("a new enquiry reaches the opted-in vendor's number as new_enquiry", async () => {
    const { vendor, couple, service, lead, eventDate } = await enquiryBetweenOptedIn();
    void service;
    const [row, ...more] = await whatsAppTo(vendor.id);
    expect(more).toHaveLength(0);
    expect(row!.to_address).toBe(e164(vendor.phone));
    const t = template(row!);
    expect(t).toMatchObject({ name: "new_enquiry", language: "en" });
    expect(t.parameters.slice(0, 4)).toEqual([
      "Aarti Sharma",
      "Rajasthani thali for 300",
      formatDate(eventDate),
      `http://localhost/VendorDashboard/enquiries/${lead}`,
    ]);
    expect(t.parameters[4]).toMatch(/^http:\/\/localhost\/whatsapp-preferences\/whatsapp-stop\./);
    expect(row!.text).toBe(renderWhatsApp("new-enquiry", "en", t.parameters));
    // The couple gets nothing for their own enquiry, and no message carries the enquiry's words.
    expect(await whatsAppTo(couple.id)).toHaveLength(0);
    expect(row!.text).not.toContain("300 guests for our reception");
  });

  it("a reply, a quote, a booking, a cancellation and a payment each reach the other side", async () => {
    const { vendor, couple, lead, eventDate } = await enquiryBetweenOptedIn();
    const reply = await call(`/api/v1/leads/${lead}/messages`, { method: "POST", body: { body: "Namaste! We are free on that date." }, cookie: vendor.cookie });
    expect(reply.status, await reply.clone().text()).toBeLessThan(300);
    const quote = await call(`/api/v1/leads/${lead}/quote`, {
      method: "POST",
      body: { amount: 150000, includes: "Dinner for 300 guests", validUntil: indiaDateInDays(20) },
      cookie: vendor.cookie,
    });
    expect(quote.status, await quote.clone().text()).toBeLessThan(300);
    const coupleAnswer = await call(`/api/v1/leads/${lead}/messages`, {
      method: "POST",
      body: { body: "Thank you, we will decide soon." },
      cookie: couple.cookie,
    });
    expect(coupleAnswer.status).toBeLessThan(300);
    const booked = await call(`/api/v1/leads/${lead}/booking`, {
      method: "POST",
      body: { agreedPrice: 150000, eventDate, advancePaid: 0, payments: [{ title: "Advance", amount: 50000, dueDate: indiaDateInDays(10) }] },
      cookie: vendor.cookie,
    });
    expect(booked.status, await booked.clone().text()).toBeLessThan(300);
    const { booking } = (await booked.json()) as { booking: { id: string; milestones: { id: string; kind: string }[] } };
    const instalment = booking.milestones.find((m) => m.kind === "PAYMENT")!;
    const paid = await call(`/api/v1/bookings/${booking.id}/milestones/${instalment.id}`, { method: "PATCH", body: { done: true }, cookie: vendor.cookie });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const cancelled = await call(`/api/v1/bookings/${booking.id}/cancel`, {
      method: "POST",
      body: { reason: "The family changed the venue city." },
      cookie: couple.cookie,
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);

    const toCouple = (await whatsAppTo(couple.id)).map(template);
    expect(toCouple.map((t) => t.name)).toEqual(["new_message", "new_quote", "booking_update", "payment_recorded"]);
    expect(toCouple[0]!.parameters.slice(0, 3)).toEqual([vendor.businessName, "Rajasthani thali for 300", `http://localhost/profile/enquiries/${lead}`]);
    expect(toCouple[1]!.parameters.slice(0, 4)).toEqual([vendor.businessName, "Rajasthani thali for 300", "₹1,50,000", formatDate(indiaDateInDays(20))]);
    expect(toCouple[2]!.parameters.slice(0, 3)).toEqual([vendor.businessName, "Rajasthani thali for 300", formatDate(eventDate)]);
    expect(toCouple[3]!.parameters.slice(0, 2)).toEqual(["₹50,000", `Advance (Rajasthani thali for 300, ${vendor.businessName})`]);
    const toVendor = (await whatsAppTo(vendor.id)).map(template);
    expect(toVendor.map((t) => t.name)).toEqual(["new_enquiry", "new_message", "booking_update"]);
    expect(toVendor[1]!.parameters[0]).toBe("Aarti Sharma");
    expect(toVendor[2]!.parameters[0]).toBe("Aarti Sharma");
    // Every message's parameter count is its template's.
    for (const t of [...toCouple, ...toVendor]) {
      const def = Object.values(WHATSAPP_TEMPLATES).find((d) => d.name === t.name)!;
      expect(t.parameters).toHaveLength(def.params.length);
    }
  });

  it("nothing is written for a person who did not opt in, opted out, or has no number", async () => {
    const vendor = await withPhone(await createVendor());
    const service = await createService({ vendorId: vendor.id });
    const couple = await createUser();
    const cookie = await sessionCookieFor(couple.id);
    // Never opted in: the enquiry is made, no WhatsApp message.
    const res = await call(`/api/v1/services/makeLead/${service.id}`, { method: "PUT", body: { message: "Is the last week of February open?" }, cookie });
    expect(res.status).toBe(201);
    expect(await whatsAppTo(vendor.id)).toHaveLength(0);
    // Opted in then out: nothing either.
    await optIn(vendor.cookie);
    await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: false }, cookie: vendor.cookie });
    const { lead } = (await res.json()) as { lead: { id: string } };
    await call(`/api/v1/leads/${lead.id}/messages`, { method: "POST", body: { body: "Any news about the date?" }, cookie });
    expect(await whatsAppTo(vendor.id)).toHaveLength(0);
    // Opted in, then the number removed: nothing.
    await optIn(vendor.cookie);
    await env.DB.prepare("UPDATE users SET phone = NULL WHERE id = ?").bind(vendor.id).run();
    await call(`/api/v1/leads/${lead.id}/messages`, { method: "POST", body: { body: "Hello again?" }, cookie });
    expect(await whatsAppTo(vendor.id)).toHaveLength(0);
  });
});

describe("delivery through the outbox", () => {
  const PHONE_ID = "1098765432";
  const cloud = () => byChannel(mailboxTransport, cloudApiTransport(PHONE_ID, "test-token", "https://graph.test/v21.0"));

  /** A queued WhatsApp row for an opted-in vendor (its enquiry notice), taken off the queue's hands. */
  async function queuedRow() {
    const { vendor } = await enquiryBetweenOptedIn();
    const [row] = await whatsAppTo(vendor.id);
    // The local queue may already have stored it: put it back to QUEUED as a fresh row for these tests.
    await env.DB.prepare("UPDATE outbox SET status = 'QUEUED', attempts = 0, error = NULL, next_attempt_at = NULL, transport = NULL WHERE id = ?")
      .bind(row!.id)
      .run();
    return { vendor, row: row! };
  }
  const status = (id: string) =>
    env.DB.prepare("SELECT status, error, attempts, transport, provider_message_id FROM outbox WHERE id = ?")
      .bind(id)
      .first<{ status: string; error: string | null; attempts: number; transport: string; provider_message_id: string | null }>();

  it("sends the template to the Cloud API and keeps WhatsApp's message id", async () => {
    const { vendor, row } = await queuedRow();
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ messaging_product: "whatsapp", messages: [{ id: "wamid.HBgM" }] }));
    const outcomes = await deliverQueuedMail(env.DB, cloud(), "unused", [row.id]);
    expect(outcomes.get(row.id)).toEqual({ done: true, status: "SENT" });
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe(`https://graph.test/v21.0/${PHONE_ID}/messages`);
    expect(new Headers(init!.headers).get("Authorization")).toBe("Bearer test-token");
    const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      messaging_product: "whatsapp",
      to: e164(vendor.phone).slice(1),
      type: "template",
      template: { name: "new_enquiry", language: { code: "en" }, components: [{ type: "body" }] },
    });
    expect((body.template as { components: { parameters: { type: string; text: string }[] }[] }).components[0]!.parameters[0]).toEqual({
      type: "text",
      text: "Aarti Sharma",
    });
    expect(await status(row.id)).toMatchObject({ status: "SENT", transport: "whatsapp-cloud", provider_message_id: "wamid.HBgM", error: null });
  });

  it("a provider error is kept and retried, and FAILED with the reason when the queue gives up", async () => {
    const { row } = await queuedRow();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      Response.json({ error: { message: "Service temporarily unavailable", code: 2 } }, { status: 503 }),
    );
    const first = await deliverQueuedMail(env.DB, cloud(), "unused", [row.id]);
    expect(first.get(row.id)).toMatchObject({ done: false });
    expect(await status(row.id)).toMatchObject({
      status: "RETRYING",
      attempts: 1,
      error: "WhatsApp Cloud API HTTP 503: Service temporarily unavailable (code 2)",
    });
    // The queue's retries run out: the dead-letter queue's consumer makes it FAILED with the last error.
    const acked: string[] = [];
    await failDeadMail(
      {
        queue: "mandap-mail-dlq",
        messages: [{ id: "m1", body: { id: row.id }, attempts: 10, timestamp: new Date(), ack() {}, retry() {} }],
        ackAll: () => acked.push("all"),
        retryAll() {},
      } as unknown as MessageBatch<unknown>,
      env,
    );
    const failed = await status(row.id);
    expect(failed?.status).toBe("FAILED");
    expect(failed?.error).toContain("Service temporarily unavailable");
    expect(acked).toEqual(["all"]);
  });

  it("a refusal (a template not approved) is FAILED at once with WhatsApp's message", async () => {
    const { row } = await queuedRow();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ error: { message: "Template name does not exist in the translation", code: 132001 } }, { status: 400 }),
    );
    const outcomes = await deliverQueuedMail(env.DB, cloud(), "unused", [row.id]);
    expect(outcomes.get(row.id)).toEqual({ done: true, status: "FAILED" });
    expect(await status(row.id)).toMatchObject({
      status: "FAILED",
      error: "WhatsApp Cloud API HTTP 400: Template name does not exist in the translation (code 132001)",
    });
  });

  it("opting out is honoured at once: a message already queued is not sent", async () => {
    const { vendor, row } = await queuedRow();
    await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: false }, cookie: vendor.cookie });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const attempts: string[] = [];
    const recording: MailTransport = { name: "whatsapp-dev", deliver: async (m) => (attempts.push(m.id), { ok: true, status: "STORED" }) };
    await deliverQueuedMail(env.DB, byChannel(mailboxTransport, recording), "unused", [row.id]);
    expect(attempts).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await status(row.id)).toMatchObject({ status: "FAILED", error: "Not sent: WhatsApp messages were turned off before it was delivered" });
  });

  it("the local default keeps the message for /dev/whatsapp (STORED, never SENT), through the Worker's queue consumer", async () => {
    const { row } = await queuedRow();
    const batch = {
      queue: "mandap-mail",
      messages: [{ id: "m2", body: { id: row.id }, attempts: 1, timestamp: new Date(), ack() {}, retry() {} }],
      ackAll() {},
      retryAll() {},
    } as unknown as MessageBatch<unknown>;
    await consumeMailBatch(batch, { ...env, WHATSAPP_TRANSPORT: undefined, APP_ENV: "development" } as typeof env);
    expect(await status(row.id)).toMatchObject({ status: "STORED", transport: devWhatsAppTransport.name });
  });
});

describe("the one-tap stop link", () => {
  it("shows the choice on GET without changing it, stops exactly that person's messages on the button, and refuses a forged link", async () => {
    const { vendor, couple } = await enquiryBetweenOptedIn();
    const [row] = await whatsAppTo(vendor.id);
    const link = template(row!).parameters.at(-1)!;
    const path = new URL(link).pathname;
    const shown = await page(path);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({ ok: true, view: { on: true, via: "link" } });
    expect(await env.DB.prepare("SELECT opted_in FROM whatsapp_optins WHERE user_id = ?").bind(vendor.id).first()).toEqual({ opted_in: 1 });

    const stopped = await postPage(path, {});
    expect(await stopped.json()).toMatchObject({ ok: true, changed: true, message: WHATSAPP_MESSAGES.stopped });
    expect(await env.DB.prepare("SELECT opted_in, source FROM whatsapp_optins WHERE user_id = ?").bind(vendor.id).first()).toEqual({
      opted_in: 0,
      source: "link",
    });
    // The couple's choice is untouched; a second tap says it was already off.
    expect(await env.DB.prepare("SELECT opted_in FROM whatsapp_optins WHERE user_id = ?").bind(couple.id).first()).toEqual({ opted_in: 1 });
    expect(await (await postPage(path, {})).json()).toMatchObject({ ok: true, changed: false, message: WHATSAPP_MESSAGES.alreadyStopped });

    // A link changed by one character changes nothing.
    await optIn(vendor.cookie);
    const forged = path.slice(0, -1) + (path.endsWith("A") ? "B" : "A");
    const refused = await postPage(forged, {});
    expect(refused.status).toBe(400);
    expect(await env.DB.prepare("SELECT opted_in FROM whatsapp_optins WHERE user_id = ?").bind(vendor.id).first()).toEqual({ opted_in: 1 });
  });

  it("the signed-in page turns messages on and off with a plain form", async () => {
    const couple = await withPhone(await createUser());
    const on = await postPage("/whatsapp-preferences", { whatsapp: "on" }, couple.cookie);
    expect(await on.json()).toMatchObject({ ok: true, message: WHATSAPP_MESSAGES.on });
    const off = await postPage("/whatsapp-preferences", { whatsapp: "off" }, couple.cookie);
    expect(await off.json()).toMatchObject({ ok: true, message: WHATSAPP_MESSAGES.off });
    expect(await env.DB.prepare("SELECT opted_in FROM whatsapp_optins WHERE user_id = ?").bind(couple.id).first()).toEqual({ opted_in: 0 });
  });
});
