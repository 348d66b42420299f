import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { todayInIndia } from "#shared/listing-rules.ts";
import { acceptQuote } from "#domain/enquiries/index.ts";
import { testContext } from "#tests/support/context.ts";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";

/**
 * Bookings (functions/domain/enquiries/ through /api/v1): from the couple's acceptance of a quote
 * or the vendor's BOOKED with terms, one per lead, the same record for both sides, the event's days
 * blocked in the service's calendar and freed on cancel, who may complete or cancel, deliverables,
 * and the "Verified booking" label on the couple's review.
 */

const DAY = 86_400_000;
const inDays = (n: number) => todayInIndia(Date.now() + n * DAY);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
const blocked = async (serviceId: string) =>
  (await env.DB.prepare("SELECT day, note FROM service_blocked_dates WHERE service_id = ? ORDER BY day").bind(serviceId).all<{ day: string; note: string }>())
    .results;

async function world(eventDate = inDays(45)) {
  const vendor = await createVendor();
  const service = await createService({ vendorId: vendor.id, serviceName: "Candid Wedding Photography" });
  const couple = await createUser({ role: "USER", userName: "Meera Iyer" });
  const v = await sessionCookieFor(vendor.id);
  const c = await sessionCookieFor(couple.id);
  const res = await call(`/api/v1/services/makeLead/${service.id}`, {
    method: "PUT",
    body: { message: "We would love candid photos for our two-day wedding in Chennai.", eventDate },
    cookie: c,
  });
  const leadId = ((await res.json()) as { lead: { id: string } }).lead.id;
  return { vendor, service, couple, v, c, leadId, eventDate };
}

async function quoted(w: Awaited<ReturnType<typeof world>>, amount = 180000) {
  const res = await call(`/api/v1/leads/${w.leadId}/quote`, {
    method: "POST",
    body: { amount, includes: "Two photographers, 500 edited photos", validUntil: inDays(7) },
    cookie: w.v,
  });
  expect(res.status).toBe(201);
}

const terms = (over: Loose = {}) => ({
  agreedPrice: 200000,
  eventDate: inDays(30),
  eventEndDate: inDays(31),
  advancePaid: 50000,
  payments: [{ title: "Balance", amount: 150000, dueDate: inDays(29) }],
  deliverables: [
    { title: "Album", dueDate: inDays(90) },
    { title: "Edited video", dueDate: inDays(60) },
    { title: "Raw photos", dueDate: inDays(40) },
  ],
  ...over,
});

describe("a booking from the couple's acceptance of a quote", () => {
  it("is CONFIRMED at the quoted price on the enquiry's date, blocks that date, tells the vendor, and both sides read the same record", async () => {
    const w = await world();
    await quoted(w);
    const res = await json(await call(`/api/v1/leads/${w.leadId}/accept-quote`, { method: "POST", body: {}, cookie: w.c }));
    expect(res.status).toBe(201);
    const booking = res.body.booking;
    expect(booking).toMatchObject({ status: "CONFIRMED", agreed_price: 180000, advance_paid: 0, balance_due: 180000, event_date: w.eventDate, side: "couple" });
    // Its notes are what the quote includes, in the vendor's words, with no English of ours before them.
    expect(booking.notes).toBe("Two photographers, 500 edited photos");
    expect((await env.DB.prepare("SELECT status FROM leads WHERE id = ?").bind(w.leadId).first<{ status: string }>())!.status).toBe("BOOKED");
    expect(await blocked(w.service.id)).toEqual([{ day: w.eventDate, note: "Booking" }]);
    const mail = await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC")
      .bind(w.vendor.email)
      .first<{ subject: string; text: string }>();
    expect(mail!.subject).toContain("accepted your quote");
    expect(mail!.text).toContain(`/VendorDashboard/bookings/${booking.id}`);

    const asVendor = await json(await call(`/api/v1/bookings/${booking.id}`, { cookie: w.v }));
    const asCouple = await json(await call(`/api/v1/bookings/${booking.id}`, { cookie: w.c }));
    const { side: _v, can: _cv, ...vendorRecord } = asVendor.body.booking;
    const { side: _c, can: _cc, ...coupleRecord } = asCouple.body.booking;
    expect(vendorRecord).toEqual(coupleRecord);
    expect(asVendor.body.booking.side).toBe("vendor");
    // The lead's conversation links the booking; a second acceptance is refused.
    expect((await json(await call(`/api/v1/leads/${w.leadId}`, { cookie: w.c }))).body.lead.bookingId).toBe(booking.id);
    expect((await call(`/api/v1/leads/${w.leadId}/accept-quote`, { method: "POST", body: {}, cookie: w.c })).status).toBe(409);
    // Both lists show it as upcoming.
    expect((await json(await call("/api/v1/bookings", { cookie: w.c }))).body.upcoming.map((b: Loose) => b.id)).toEqual([booking.id]);
    expect((await json(await call("/api/v1/bookings", { cookie: w.v }))).body.upcoming.map((b: Loose) => b.name)).toEqual(["Meera Iyer"]);
  });

  it("a lead withdrawn between the read and the write is not booked: 409, and no booking, calendar day or mail is left", async () => {
    const w = await world();
    await quoted(w);
    const outboxBefore = (await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE to_address = ?").bind(w.vendor.email).first<{ n: number }>())!.n;
    const ctx = testContext({ actor: { id: w.couple.id, role: "USER", email: w.couple.email, userName: "Meera Iyer", profilePhoto: null, isVerified: true } });
    // The couple's other tab withdraws just before this request's batch runs.
    const racing = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch")
          return async (statements: D1PreparedStatement[]) => {
            await env.DB.prepare("UPDATE leads SET status = 'LOST', lost_reason = 'Withdrawn by couple' WHERE id = ?").bind(w.leadId).run();
            return target.batch(statements);
          };
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await expect(acceptQuote({ ...ctx, db: racing }, w.leadId)).rejects.toThrow(/changed in the meantime/);
    expect(await env.DB.prepare("SELECT id FROM bookings WHERE lead_id = ?").bind(w.leadId).first()).toBeNull();
    expect(await blocked(w.service.id)).toEqual([]);
    expect((await env.DB.prepare("SELECT status FROM leads WHERE id = ?").bind(w.leadId).first<{ status: string }>())!.status).toBe("LOST");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE to_address = ?").bind(w.vendor.email).first<{ n: number }>())!.n).toBe(outboxBefore);
  });

  it("a couple without a quote cannot accept (409), and the vendor cannot accept its own quote (403)", async () => {
    const w = await world();
    expect((await json(await call(`/api/v1/leads/${w.leadId}/accept-quote`, { method: "POST", body: {}, cookie: w.c }))).status).toBe(409);
    await quoted(w);
    expect((await call(`/api/v1/leads/${w.leadId}/accept-quote`, { method: "POST", body: {}, cookie: w.v })).status).toBe(403);
    expect(await env.DB.prepare("SELECT id FROM bookings WHERE lead_id = ?").bind(w.leadId).first()).toBeNull();
  });
});

describe("a booking the vendor marks BOOKED", () => {
  it("stores price, days, advance, instalments and deliverables, blocks every event day, and counts as the first reply", async () => {
    const w = await world();
    const res = await json(await call(`/api/v1/leads/${w.leadId}/booking`, { method: "POST", body: terms(), cookie: w.v }));
    expect(res.status).toBe(201);
    const b = res.body.booking;
    expect(b).toMatchObject({
      agreed_price: 200000,
      advance_paid: 50000,
      balance_due: 150000,
      event_date: inDays(30),
      event_end_date: inDays(31),
      status: "CONFIRMED",
    });
    expect(b.milestones.map((m: Loose) => `${m.kind}:${m.title}`).sort()).toEqual([
      "DELIVERABLE:Album",
      "DELIVERABLE:Edited video",
      "DELIVERABLE:Raw photos",
      "PAYMENT:Balance",
    ]);
    expect(await blocked(w.service.id)).toEqual([
      { day: inDays(30), note: "Booking" },
      { day: inDays(31), note: "Booking" },
    ]);
    const lead = await env.DB.prepare("SELECT status, first_reply_at FROM leads WHERE id = ?").bind(w.leadId).first<Loose>();
    expect(lead!.status).toBe("BOOKED");
    expect(lead!.first_reply_at).toBeGreaterThan(0);
    const mail = await env.DB.prepare("SELECT text FROM outbox WHERE to_address = ?").bind(w.couple.email).first<{ text: string }>();
    expect(mail!.text).toContain(`/profile/bookings/${b.id}`);
    // One booking per lead: a second is refused, and the database refuses one written past the check.
    expect((await call(`/api/v1/leads/${w.leadId}/booking`, { method: "POST", body: terms(), cookie: w.v })).status).toBe(409);
    await expect(
      env.DB.prepare(
        "INSERT INTO bookings (id, lead_id, service_id, vendor_id, user_id, agreed_price, created_at, updated_at) VALUES ('dup', ?, ?, ?, ?, 1, 0, 0)",
      )
        .bind(w.leadId, w.service.id, w.vendor.id, w.couple.id)
        .run(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it("refuses bad terms with the field named and writes nothing", async () => {
    const w = await world();
    for (const [body, field] of [
      [terms({ advancePaid: 300000 }), "advancePaid"],
      [terms({ eventDate: inDays(-2), eventEndDate: undefined }), "eventDate"],
      [terms({ eventEndDate: inDays(20) }), "eventEndDate"],
      [terms({ agreedPrice: 0 }), "agreedPrice"],
      [terms({ payments: [{ title: "Balance", amount: 900000, dueDate: inDays(5) }] }), "payments"],
    ] as const) {
      const res = await json(await call(`/api/v1/leads/${w.leadId}/booking`, { method: "POST", body, cookie: w.v }));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expect(await env.DB.prepare("SELECT id FROM bookings WHERE lead_id = ?").bind(w.leadId).first()).toBeNull();
    expect(await blocked(w.service.id)).toEqual([]);
  });
});

describe("booking statuses: who may do what", () => {
  async function booked(eventOffset = 30) {
    const w = await world();
    const res = await json(
      await call(`/api/v1/leads/${w.leadId}/booking`, {
        method: "POST",
        body: terms({ eventDate: inDays(eventOffset), eventEndDate: undefined }),
        cookie: w.v,
      }),
    );
    return { ...w, bookingId: res.body.booking.id as string, milestones: res.body.booking.milestones as Loose[] };
  }

  it("either side cancels a confirmed booking with a reason; its day is freed (a day the vendor blocked itself stays); then nothing more", async () => {
    const w = await booked();
    const noReason = await call(`/api/v1/bookings/${w.bookingId}/cancel`, { method: "POST", body: {}, cookie: w.c });
    expect(noReason.status).toBe(400);
    const res = await json(await call(`/api/v1/bookings/${w.bookingId}/cancel`, { method: "POST", body: { reason: "We moved the wedding" }, cookie: w.c }));
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({ status: "CANCELLED", cancel_reason: "We moved the wedding", cancelled_by: "COUPLE" });
    expect(await blocked(w.service.id)).toEqual([]);
    const mail = await env.DB.prepare("SELECT subject FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC")
      .bind(w.vendor.email)
      .first<{ subject: string }>();
    expect(mail!.subject).toContain("cancelled");
    expect((await call(`/api/v1/bookings/${w.bookingId}/cancel`, { method: "POST", body: { reason: "Again" }, cookie: w.v })).status).toBe(409);
    expect((await call(`/api/v1/bookings/${w.bookingId}`, { method: "PATCH", body: { advancePaid: 10 }, cookie: w.v })).status).toBe(409);

    const x = await booked();
    await env.DB.prepare("UPDATE service_blocked_dates SET note = 'Family function' WHERE service_id = ?").bind(x.service.id).run();
    const byVendor = await json(await call(`/api/v1/bookings/${x.bookingId}/cancel`, { method: "POST", body: { reason: "Equipment stolen" }, cookie: x.v }));
    expect(byVendor.body.booking.cancelled_by).toBe("VENDOR");
    expect(await blocked(x.service.id)).toEqual([{ day: inDays(30), note: "Family function" }]);
  });

  it("the vendor completes only after the event; the couple cannot complete or change the booking", async () => {
    const w = await booked();
    const early = await json(await call(`/api/v1/bookings/${w.bookingId}`, { method: "PATCH", body: { status: "COMPLETED" }, cookie: w.v }));
    expect(early.status).toBe(409);
    expect(early.body.message).toContain("after the event");
    expect((await call(`/api/v1/bookings/${w.bookingId}`, { method: "PATCH", body: { status: "COMPLETED" }, cookie: w.c })).status).toBe(403);
    await env.DB.prepare("UPDATE bookings SET event_date = ? WHERE id = ?").bind(inDays(-1), w.bookingId).run();
    const done = await json(await call(`/api/v1/bookings/${w.bookingId}`, { method: "PATCH", body: { status: "COMPLETED" }, cookie: w.v }));
    expect(done.status).toBe(200);
    expect(done.body.booking.status).toBe("COMPLETED");
    const told = await env.DB.prepare("SELECT text FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC")
      .bind(w.couple.email)
      .first<{ text: string }>();
    expect(told!.text).toContain("marked completed");
    expect(told!.text).toContain(`/profile/bookings/${w.bookingId}`);
    expect((await call(`/api/v1/bookings/${w.bookingId}/cancel`, { method: "POST", body: { reason: "Too late" }, cookie: w.c })).status).toBe(409);
    expect((await json(await call("/api/v1/bookings", { cookie: w.c }))).body.past.map((b: Loose) => b.id)).toEqual([w.bookingId]);
  });

  it("the vendor records the advance and marks deliverables done; the balance follows", async () => {
    const w = await booked();
    const adv = await json(await call(`/api/v1/bookings/${w.bookingId}`, { method: "PATCH", body: { advancePaid: 80000 }, cookie: w.v }));
    expect(adv.body.booking).toMatchObject({ advance_paid: 80000, balance_due: 120000 });
    const tooMuch = await json(await call(`/api/v1/bookings/${w.bookingId}`, { method: "PATCH", body: { advancePaid: 999999 }, cookie: w.v }));
    expect(tooMuch.status).toBe(400);
    const album = w.milestones.find((m) => m.title === "Album")!;
    const res = await json(await call(`/api/v1/bookings/${w.bookingId}/milestones/${album.id}`, { method: "PATCH", body: { done: true }, cookie: w.v }));
    expect(res.body.booking.milestones.find((m: Loose) => m.id === album.id).done_at).toBeGreaterThan(0);
    const list = await json(await call("/api/v1/bookings", { cookie: w.v }));
    expect(list.body.upcoming[0]).toMatchObject({ id: w.bookingId, deliverables_due: 2, balance_due: 120000 });
    // Another booking's milestone id, or another vendor: 404.
    expect((await call(`/api/v1/bookings/${w.bookingId}/milestones/nope`, { method: "PATCH", body: { done: true }, cookie: w.v })).status).toBe(404);
    const other = await sessionCookieFor((await createVendor()).id);
    expect((await call(`/api/v1/bookings/${w.bookingId}/milestones/${album.id}`, { method: "PATCH", body: { done: false }, cookie: other })).status).toBe(404);
  });

  it("the vendor sets the event days later (a quote accepted without a date): the calendar follows", async () => {
    const w = await world();
    await env.DB.prepare("UPDATE leads SET event_date = NULL WHERE id = ?").bind(w.leadId).run();
    await quoted(w);
    const b = (await json(await call(`/api/v1/leads/${w.leadId}/accept-quote`, { method: "POST", body: {}, cookie: w.c }))).body.booking;
    expect(b.event_date).toBeNull();
    expect(await blocked(w.service.id)).toEqual([]);
    const set = await json(await call(`/api/v1/bookings/${b.id}`, { method: "PATCH", body: { eventDate: inDays(50), eventEndDate: inDays(51) }, cookie: w.v }));
    expect(set.body.booking).toMatchObject({ event_date: inDays(50), event_end_date: inDays(51) });
    expect((await blocked(w.service.id)).map((d) => d.day)).toEqual([inDays(50), inDays(51)]);
    const told = await env.DB.prepare("SELECT text FROM outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC")
      .bind(w.couple.email)
      .first<{ text: string }>();
    expect(told!.text).toContain("The event date is now");
    await call(`/api/v1/bookings/${b.id}`, { method: "PATCH", body: { eventDate: inDays(55) }, cookie: w.v });
    expect((await blocked(w.service.id)).map((d) => d.day)).toEqual([inDays(55)]);
    const past = await json(await call(`/api/v1/bookings/${b.id}`, { method: "PATCH", body: { eventDate: inDays(-5) }, cookie: w.v }));
    expect(past.status).toBe(400);
    expect(past.body.errors).toHaveProperty("eventDate");
    expect((await blocked(w.service.id)).map((d) => d.day)).toEqual([inDays(55)]);
  });

  it("another vendor or couple is told the booking does not exist (404) and changes nothing", async () => {
    const w = await booked();
    const before = JSON.stringify(await env.DB.prepare("SELECT * FROM bookings WHERE id = ?").bind(w.bookingId).first());
    const otherVendor = await sessionCookieFor((await createVendor()).id);
    const otherCouple = await sessionCookieFor((await createUser({ role: "USER" })).id);
    for (const cookie of [otherVendor, otherCouple]) {
      expect((await call(`/api/v1/bookings/${w.bookingId}`, { cookie })).status).toBe(404);
      expect((await call(`/api/v1/bookings/${w.bookingId}/cancel`, { method: "POST", body: { reason: "Not mine" }, cookie })).status).toBe(404);
      expect((await json(await call("/api/v1/bookings", { cookie }))).body.upcoming).toEqual([]);
    }
    expect((await call(`/api/v1/bookings/${w.bookingId}`, { method: "PATCH", body: { advancePaid: 1 }, cookie: otherVendor })).status).toBe(404);
    expect(JSON.stringify(await env.DB.prepare("SELECT * FROM bookings WHERE id = ?").bind(w.bookingId).first())).toBe(before);
  });
});

describe("the verified review", () => {
  const review = {
    rating: 5,
    quality: 5,
    responsiveness: 5,
    professionalism: 5,
    value: 4,
    flexibility: 5,
    comment: "They captured every moment beautifully and delivered the album on time.",
  };
  const verified = async (serviceId: string, userId: string) => {
    const res = await json(await call(`/api/v1/services/feedback/${serviceId}`));
    const mine = (res.body.reviews as Loose[]).find((r) => r.user_id === userId);
    expect(mine, "the couple's review is listed").toBeDefined();
    return mine!.verified_booking;
  };

  it("is unverified without a booking, still unverified while the booked date is ahead, verified once it has passed, and unverified again after a cancel", async () => {
    const w = await world();
    expect((await call(`/api/v1/services/feedback/${w.service.id}`, { method: "POST", body: review, cookie: w.c })).status).toBe(201);
    expect(await verified(w.service.id, w.couple.id)).toBe(false);
    await quoted(w);
    const b = await json(await call(`/api/v1/leads/${w.leadId}/accept-quote`, { method: "POST", body: {}, cookie: w.c }));
    // Booked 45 days ahead: a booking alone is not a wedding that happened (issue 28).
    expect(await verified(w.service.id, w.couple.id)).toBe(false);
    await env.DB.prepare("UPDATE bookings SET event_date = ? WHERE id = ?").bind(inDays(-1), b.body.booking.id).run();
    expect(await verified(w.service.id, w.couple.id)).toBe(true);
    await call(`/api/v1/bookings/${b.body.booking.id}/cancel`, { method: "POST", body: { reason: "Changed plans" }, cookie: w.c });
    expect(await verified(w.service.id, w.couple.id)).toBe(false);
  });

  it("is per service: a booking of one service does not verify the couple's review of another service of the same vendor (a deliberate change: it was per vendor)", async () => {
    const w = await world();
    const other = await createService({ vendorId: w.vendor.id, serviceName: "Wedding Films" });
    await quoted(w);
    const accepted = await json(await call(`/api/v1/leads/${w.leadId}/accept-quote`, { method: "POST", body: {}, cookie: w.c }));
    expect(accepted.status).toBe(201);
    await env.DB.prepare("UPDATE bookings SET event_date = ? WHERE id = ?").bind(inDays(-1), accepted.body.booking.id).run();
    expect((await call(`/api/v1/services/feedback/${other.id}`, { method: "POST", body: review, cookie: w.c })).status).toBe(201);
    expect((await call(`/api/v1/services/feedback/${w.service.id}`, { method: "POST", body: review, cookie: w.c })).status).toBe(201);
    expect(await verified(other.id, w.couple.id)).toBe(false);
    expect(await verified(w.service.id, w.couple.id)).toBe(true);
    const summary = async (id: string) => (await json(await call(`/api/v1/services/feedback/${id}`))).body.summary;
    expect(await summary(other.id)).toMatchObject({ count: 1, verifiedCount: 0 });
    expect(await summary(w.service.id)).toMatchObject({ count: 1, verifiedCount: 1 });
  });
});
