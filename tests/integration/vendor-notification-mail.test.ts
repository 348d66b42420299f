import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { todayInIndia } from "#shared/listing-rules.ts";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";

/**
 * The vendor's notification preferences (settings page, PATCH /vendors/notifications) decide which
 * mails reach the vendor: new enquiries (new_enquiry), couples' replies (couple_reply), bookings
 * made or cancelled by the couple (booking_changes). The writes happen either way, and mails to
 * couples are not affected.
 */

const DAY = 86_400_000;
const inDays = (n: number) => todayInIndia(Date.now() + n * DAY);
const MESSAGE = "We are planning a three-day wedding in Udaipur and need decor for all functions.";
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

async function people(prefs: Record<string, boolean>) {
  const vendor = await createVendor();
  const service = await createService({ vendorId: vendor.id, serviceName: "Marigold Decor" });
  const couple = await createUser({ role: "USER", userName: "Ritu Kapoor" });
  const v = await sessionCookieFor(vendor.id);
  const c = await sessionCookieFor(couple.id);
  const saved = await call("/api/v1/vendors/notifications", { method: "PATCH", cookie: v, body: prefs });
  expect(saved.status).toBe(200);
  return { vendor, service, couple, v, c };
}

const subjectsTo = async (to: string) =>
  (await env.DB.prepare("SELECT subject FROM outbox WHERE to_address = ? ORDER BY created_at, id").bind(to).all<{ subject: string }>()).results.map(
    (r) => r.subject,
  );

async function enquire(p: Awaited<ReturnType<typeof people>>) {
  const res = await call(`/api/v1/services/makeLead/${p.service.id}`, { method: "PUT", body: { message: MESSAGE, eventDate: inDays(90) }, cookie: p.c });
  expect(res.status).toBe(201);
  return ((await res.json()) as Loose).lead.id as string;
}

async function acceptedBooking(p: Awaited<ReturnType<typeof people>>, leadId: string) {
  const quote = await call(`/api/v1/leads/${leadId}/quote`, {
    method: "POST",
    body: { amount: 90000, includes: "Mandap, stage and entrance decor", validUntil: inDays(10) },
    cookie: p.v,
  });
  expect(quote.status).toBe(201);
  const accepted = await call(`/api/v1/leads/${leadId}/accept-quote`, { method: "POST", body: {}, cookie: p.c });
  expect(accepted.status).toBe(201);
  return ((await accepted.json()) as Loose).booking.id as string;
}

describe("the vendor's notification preferences", () => {
  it("new_enquiry off: the enquiry is made and counted, but the vendor gets no mail", async () => {
    const p = await people({ new_enquiry: false });
    const leadId = await enquire(p);
    expect(await env.DB.prepare("SELECT status FROM leads WHERE id = ?").bind(leadId).first("status")).toBe("NEW");
    expect(await env.DB.prepare("SELECT lead_count FROM services WHERE id = ?").bind(p.service.id).first("lead_count")).toBe(1);
    expect(await subjectsTo(p.vendor.email)).toEqual([]);
  });

  it("new_enquiry on (the default): the vendor gets the enquiry mail", async () => {
    const p = await people({ new_enquiry: true });
    await enquire(p);
    expect(await subjectsTo(p.vendor.email)).toEqual(["New enquiry for Marigold Decor"]);
  });

  it("couple_reply off: the couple's message is stored, the vendor is not mailed; the vendor's reply still reaches the couple", async () => {
    const p = await people({ couple_reply: false });
    const leadId = await enquire(p);
    const reply = await call(`/api/v1/leads/${leadId}/messages`, { method: "POST", body: { body: "Thank you, we have sent our menu." }, cookie: p.v });
    expect(reply.status).toBe(201);
    const couples = await call(`/api/v1/leads/${leadId}/messages`, { method: "POST", body: { body: "Could you also do the haldi?" }, cookie: p.c });
    expect(couples.status).toBe(201);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM lead_messages WHERE lead_id = ?").bind(leadId).first("n")).toBe(2);
    expect(await subjectsTo(p.vendor.email)).toEqual(["New enquiry for Marigold Decor"]);
    expect(await subjectsTo(p.couple.email)).toEqual([`New message from ${p.vendor.businessName} about Marigold Decor`]);
  });

  it("couple_reply on: the vendor is mailed the couple's message", async () => {
    const p = await people({ couple_reply: true });
    const leadId = await enquire(p);
    expect((await call(`/api/v1/leads/${leadId}/messages`, { method: "POST", body: { body: "Could you also do the haldi?" }, cookie: p.c })).status).toBe(201);
    expect(await subjectsTo(p.vendor.email)).toEqual(["New enquiry for Marigold Decor", "New message from Ritu Kapoor about Marigold Decor"]);
  });

  it("booking_changes off: the couple's acceptance and cancellation are recorded without mailing the vendor; the couple still gets its mails", async () => {
    const p = await people({ booking_changes: false });
    const leadId = await enquire(p);
    const bookingId = await acceptedBooking(p, leadId);
    const cancelled = await call(`/api/v1/bookings/${bookingId}/cancel`, { method: "POST", body: { reason: "We changed the venue" }, cookie: p.c });
    expect(cancelled.status).toBe(200);
    expect(await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(bookingId).first("status")).toBe("CANCELLED");
    expect(await subjectsTo(p.vendor.email)).toEqual(["New enquiry for Marigold Decor"]);
    expect(await subjectsTo(p.couple.email)).toEqual([`${p.vendor.businessName} sent you a quote for Marigold Decor`]);
  });

  it("booking_changes on: the vendor is mailed the acceptance and the couple's cancellation", async () => {
    const p = await people({ booking_changes: true });
    const leadId = await enquire(p);
    const bookingId = await acceptedBooking(p, leadId);
    expect((await call(`/api/v1/bookings/${bookingId}/cancel`, { method: "POST", body: { reason: "We changed the venue" }, cookie: p.c })).status).toBe(200);
    expect(await subjectsTo(p.vendor.email)).toEqual([
      "New enquiry for Marigold Decor",
      "Ritu Kapoor accepted your quote for Marigold Decor",
      "Ritu Kapoor cancelled the booking of Marigold Decor",
    ]);
  });
});
