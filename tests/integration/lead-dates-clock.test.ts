import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { acceptQuote, bookLead, makeLead, sendQuote } from "#domain/enquiries/index.ts";
import type { Actor } from "#domain/core/index.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { testContext } from "#tests/support/context.ts";
import { createService, createUser, createVendor } from "#tests/support/factories.ts";

/**
 * Enquiry and booking dates are judged against the request's clock (ctx.now), never the machine's:
 * an event date or a quote's valid-until that is in the future by the real clock but in the past
 * at the request's "now" is refused, and the other way round.
 */

const DAY = 86_400_000;
const MESSAGE = "We need a photographer for our sangeet and wedding, two days in all.";
/** India's day `n` days after the instant `from`. */
const dayAt = (from: number, n: number) => todayInIndia(from + n * DAY);

async function people() {
  const vendor = await createVendor();
  const service = await createService({ vendorId: vendor.id, serviceName: "Clock Photography" });
  const couple = await createUser({ role: "USER", userName: "Kavya Menon" });
  const coupleActor: Actor = { id: couple.id, role: "USER", email: couple.email, userName: "Kavya Menon", profilePhoto: null, isVerified: true };
  const vendorActor: Actor = { id: vendor.id, role: "VENDOR", email: vendor.email, userName: vendor.businessName, profilePhoto: null, isVerified: true };
  return { vendor, service, couple, coupleActor, vendorActor };
}

const leadsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT id, event_date FROM leads WHERE user_id = ?").bind(userId).all<{ id: string; event_date: string | null }>()).results;

describe("dates against the request's clock", () => {
  it("an enquiry's event date: refused when it is before the request's day (though after the real one), accepted when only the request's day has not passed it", async () => {
    const p = await people();
    const later = Date.now() + 400 * DAY;
    const pastAtLater = dayAt(Date.now(), 200);
    const refused = makeLead(testContext({ actor: p.coupleActor, now: later }), p.service.id, { message: MESSAGE, eventDate: pastAtLater });
    await expect(refused).rejects.toMatchObject({ status: 400, fields: { eventDate: "The event date cannot be in the past." } });
    expect(await leadsOf(p.couple.id)).toEqual([]);

    const earlier = Date.now() - 60 * DAY;
    const passedForReal = dayAt(Date.now(), -30);
    const lead = await makeLead(testContext({ actor: p.coupleActor, now: earlier }), p.service.id, { message: MESSAGE, eventDate: passedForReal });
    expect(await leadsOf(p.couple.id)).toEqual([{ id: lead.id, event_date: passedForReal }]);
  });

  it("a booking's event date and a quote's valid-until are judged on the request's day", async () => {
    const p = await people();
    const start = Date.now();
    const lead = await makeLead(testContext({ actor: p.coupleActor, now: start }), p.service.id, { message: MESSAGE, eventDate: dayAt(start, 300) });
    const later = start + 100 * DAY;
    const asVendorLater = testContext({ actor: p.vendorActor, now: later });

    // Valid until a day that is ahead of the real clock but behind the request's: refused.
    await expect(
      sendQuote(asVendorLater, lead.id, { amount: 150000, includes: "Two photographers, album", validUntil: dayAt(start, 50) }),
    ).rejects.toMatchObject({ status: 400, fields: { validUntil: "Valid until cannot be in the past." } });
    // The vendor's booking for an event day the request's clock has passed: refused, nothing written.
    await expect(bookLead(asVendorLater, lead.id, { agreedPrice: 150000, eventDate: dayAt(start, 60) })).rejects.toMatchObject({
      status: 400,
      fields: { eventDate: "The event date cannot be in the past." },
    });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE lead_id = ?").bind(lead.id).first("n")).toBe(0);

    // A quote valid for 7 days from now has expired when the couple accepts 8 days later.
    await sendQuote(testContext({ actor: p.vendorActor, now: start }), lead.id, {
      amount: 150000,
      includes: "Two photographers, album",
      validUntil: dayAt(start, 7),
    });
    await expect(acceptQuote(testContext({ actor: p.coupleActor, now: start + 8 * DAY }), lead.id)).rejects.toMatchObject({ status: 409 });
    const booking = await acceptQuote(testContext({ actor: p.coupleActor, now: start + 6 * DAY }), lead.id);
    expect(booking).toMatchObject({ status: "CONFIRMED", agreed_price: 150000, event_date: dayAt(start, 300) });
  });
});
