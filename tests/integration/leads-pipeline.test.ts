import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { searchServices } from "#domain/catalogue/index.ts";
import { spamQueue } from "#domain/admin/index.ts";
import { refreshReplyTime, setLeadStatus, unreadLeadCount, LEAD_TRANSITIONS, type LeadAction } from "#domain/enquiries/index.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { testContext } from "#tests/support/context.ts";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";

/**
 * Enquiries as conversations (functions/domain/enquiries/ through /api/v1/leads): the inbox and its
 * unread marker, messages both ways, quotes, every pipeline transition, the mails to the other side
 * (with the conversation link, without contact details before the vendor's first reply), spam that
 * stops counting, and the reply-time median over real first replies of the last 90 days.
 */

const DAY = 86_400_000;
const inDays = (n: number) => todayInIndia(Date.now() + n * DAY);
const MESSAGE = "We need catering for 250 guests on two evenings in February, please share menus.";

async function world(opts: { phone?: string } = {}) {
  const vendor = await createVendor();
  if (opts.phone)
    await env.DB.prepare("UPDATE vendors SET phone = ?, email = ? WHERE user_id = ?").bind(opts.phone, `desk-${vendor.id}@vendor.example`, vendor.id).run();
  const service = await createService({ vendorId: vendor.id, serviceName: "Royal Thali Catering" });
  const couple = await createUser({ role: "USER", userName: "Aarti Sharma" });
  await env.DB.prepare("UPDATE users SET phone = '9876543210' WHERE id = ?").bind(couple.id).run();
  const v = await sessionCookieFor(vendor.id);
  const c = await sessionCookieFor(couple.id);
  const res = await call(`/api/v1/services/makeLead/${service.id}`, { method: "PUT", body: { message: MESSAGE, eventDate: inDays(60) }, cookie: c });
  expect(res.status).toBe(201);
  const leadId = ((await res.json()) as { lead: { id: string } }).lead.id;
  return { vendor, service, couple, v, c, leadId };
}

/** Answers and rows are read loosely: the assertions say what each must hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });
const lead = (id: string) => env.DB.prepare("SELECT * FROM leads WHERE id = ?").bind(id).first<Loose>();
const mailsTo = async (to: string) =>
  (await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? ORDER BY created_at, id").bind(to).all<{ subject: string; text: string }>())
    .results;

describe("the vendor's inbox and the conversation", () => {
  it("lists the new enquiry unread, opens it read, hides contact details until the vendor replies", async () => {
    const w = await world();
    const inbox = await json(await call("/api/v1/leads", { cookie: w.v }));
    expect(inbox.status).toBe(200);
    expect(inbox.body.unread).toBe(1);
    expect(inbox.body.leads).toMatchObject([{ id: w.leadId, status: "NEW", unread: true, name: "Aarti Sharma", message: MESSAGE, event_date: inDays(60) }]);
    expect(JSON.stringify(inbox.body)).not.toContain(w.couple.email);

    const opened = await json(await call(`/api/v1/leads/${w.leadId}`, { cookie: w.v }));
    expect(opened.body.lead).toMatchObject({ side: "vendor", status: "NEW", contact: null, can: { reply: true, quote: true, accept: false } });
    expect(JSON.stringify(opened.body)).not.toContain(w.couple.email);
    expect(JSON.stringify(opened.body)).not.toContain("9876543210");
    expect((await json(await call("/api/v1/leads", { cookie: w.v }))).body.unread).toBe(0);

    // The couple's view before the reply: no vendor contact either.
    const mine = await json(await call(`/api/v1/leads/${w.leadId}`, { cookie: w.c }));
    expect(mine.body.lead).toMatchObject({ side: "couple", contact: null, can: { reply: true, withdraw: true, quote: false } });
  });

  it("the vendor's first reply makes it CONTACTED, records the first reply, mails the couple the link, then shares contact details", async () => {
    const w = await world({ phone: "9123456780" });
    const sent = await json(
      await call(`/api/v1/leads/${w.leadId}/messages`, { method: "POST", body: { body: "Namaste! Which evenings exactly?" }, cookie: w.v }),
    );
    expect(sent.status).toBe(201);
    const row = await lead(w.leadId);
    expect(row).toMatchObject({ status: "CONTACTED" });
    expect(row!.first_reply_at).toBeGreaterThan(0);
    const [mail] = await mailsTo(w.couple.email);
    expect(mail!.text).toContain(`/profile/enquiries/${w.leadId}`);
    expect(mail!.text).toContain("Which evenings exactly?");
    expect(mail!.text).not.toContain("9123456780");
    expect(mail!.text).not.toContain(`desk-${w.vendor.id}`);

    const vendorView = await json(await call(`/api/v1/leads/${w.leadId}`, { cookie: w.v }));
    expect(vendorView.body.lead.contact).toEqual({ email: w.couple.email, phone: "9876543210" });
    const coupleView = await json(await call(`/api/v1/leads/${w.leadId}`, { cookie: w.c }));
    expect(coupleView.body.lead.contact).toEqual({ email: `desk-${w.vendor.id}@vendor.example`, phone: "9123456780" });
    expect(coupleView.body.lead.messages).toMatchObject([{ from: "vendor", body: "Namaste! Which evenings exactly?" }]);
    // A second vendor message keeps the first reply time.
    await call(`/api/v1/leads/${w.leadId}/messages`, { method: "POST", body: { body: "And how many guests?" }, cookie: w.v });
    expect((await lead(w.leadId))!.first_reply_at).toBe(row!.first_reply_at);
  });

  it("the couple's reply marks it unread for the vendor and mails the vendor the link without the couple's address", async () => {
    const w = await world();
    await call(`/api/v1/leads/${w.leadId}`, { cookie: w.v });
    expect(
      await unreadLeadCount(
        testContext({ actor: { id: w.vendor.id, role: "VENDOR", email: w.vendor.email, userName: "V", profilePhoto: null, isVerified: true } }),
      ),
    ).toBe(0);
    const sent = await call(`/api/v1/leads/${w.leadId}/messages`, { method: "POST", body: { body: "Also, do you do live counters?" }, cookie: w.c });
    expect(sent.status).toBe(201);
    expect((await lead(w.leadId))!.status).toBe("NEW");
    const inbox = await json(await call("/api/v1/leads", { cookie: w.v }));
    expect(inbox.body.unread).toBe(1);
    const mails = await mailsTo(w.vendor.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain("Aarti Sharma");
    expect(mails[1]!.text).toContain(`/VendorDashboard/enquiries/${w.leadId}`);
    expect(mails[1]!.text).not.toContain(w.couple.email);
    expect(mails[1]!.text).not.toContain("9876543210");
  });

  it("filters the inbox by status and service; refuses an unknown status with 400", async () => {
    const w = await world();
    const other = await createService({ vendorId: w.vendor.id, serviceName: "Mehendi Snacks" });
    const c2 = await createUser({ role: "USER" });
    await call(`/api/v1/services/makeLead/${other.id}`, { method: "PUT", body: { message: MESSAGE }, cookie: await sessionCookieFor(c2.id) });
    await call(`/api/v1/leads/${w.leadId}/messages`, { method: "POST", body: { body: "Hello!" }, cookie: w.v });
    const all = await json(await call("/api/v1/leads", { cookie: w.v }));
    expect(all.body.leads).toHaveLength(2);
    expect(all.body.leads[0].service_id).toBe(other.id); // newest first
    expect((await json(await call("/api/v1/leads?status=CONTACTED", { cookie: w.v }))).body.leads.map((l: { id: string }) => l.id)).toEqual([w.leadId]);
    expect((await json(await call(`/api/v1/leads?serviceId=${other.id}`, { cookie: w.v }))).body.leads).toHaveLength(1);
    const bad = await json(await call("/api/v1/leads?status=WON", { cookie: w.v }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Status must be one of");
  });

  it("another vendor or couple is told the lead does not exist (404) and changes nothing", async () => {
    const w = await world();
    const otherVendor = await sessionCookieFor((await createVendor()).id);
    const otherCouple = await sessionCookieFor((await createUser({ role: "USER" })).id);
    const before = JSON.stringify(await lead(w.leadId));
    for (const [path, method, body, cookie] of [
      [`/api/v1/leads/${w.leadId}`, "GET", undefined, otherVendor],
      [`/api/v1/leads/${w.leadId}`, "GET", undefined, otherCouple],
      [`/api/v1/leads/${w.leadId}/messages`, "POST", { body: "Hi" }, otherVendor],
      [`/api/v1/leads/${w.leadId}/messages`, "POST", { body: "Hi" }, otherCouple],
      [`/api/v1/leads/${w.leadId}/quote`, "POST", { amount: 1000, includes: "Everything", validUntil: inDays(10) }, otherVendor],
      [`/api/v1/leads/${w.leadId}/status`, "PATCH", { status: "SPAM" }, otherVendor],
      [`/api/v1/leads/${w.leadId}/withdraw`, "POST", {}, otherCouple],
    ] as const) {
      const res = await call(path, { method, body, cookie });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(JSON.stringify(await lead(w.leadId))).toBe(before);
  });
});

describe("quotes", () => {
  it("a quote moves the lead to QUOTED, is stored, shown and mailed with the link; a newer quote is the acceptable one", async () => {
    const w = await world();
    const q1 = await json(
      await call(`/api/v1/leads/${w.leadId}/quote`, {
        method: "POST",
        body: { amount: 250000, includes: "Dinner for 250", validUntil: inDays(14) },
        cookie: w.v,
      }),
    );
    expect(q1.status).toBe(201);
    const row = await lead(w.leadId);
    expect(row!.status).toBe("QUOTED");
    expect(row!.first_reply_at).toBeGreaterThan(0); // a quote is a first reply too
    const q2 = await json(
      await call(`/api/v1/leads/${w.leadId}/quote`, {
        method: "POST",
        body: { amount: 240000, includes: "Dinner and dessert", validUntil: inDays(20) },
        cookie: w.v,
      }),
    );
    const view = await json(await call(`/api/v1/leads/${w.leadId}`, { cookie: w.c }));
    expect(view.body.lead.quotes).toHaveLength(2);
    expect(view.body.lead.acceptableQuote).toMatchObject({ id: q2.body.quote.id, amount: 240000 });
    expect(view.body.lead.can.accept).toBe(true);
    const mails = await mailsTo(w.couple.email);
    expect(mails[0]!.text).toContain("₹2,50,000");
    expect(mails[0]!.text).toContain(`/profile/enquiries/${w.leadId}`);
  });

  it("refuses a quote in the past, a zero amount or a fraction with the field named", async () => {
    const w = await world();
    for (const [body, field] of [
      [{ amount: 1000, includes: "All", validUntil: inDays(-1) }, "validUntil"],
      [{ amount: 0, includes: "All", validUntil: inDays(3) }, "amount"],
      [{ amount: 10.5, includes: "All", validUntil: inDays(3) }, "amount"],
      [{ amount: 1000, includes: "", validUntil: inDays(3) }, "includes"],
    ] as const) {
      const res = await json(await call(`/api/v1/leads/${w.leadId}/quote`, { method: "POST", body, cookie: w.v }));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await lead(w.leadId))!.status).toBe("NEW");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM lead_quotes WHERE lead_id = ?").bind(w.leadId).first<{ n: number }>())!.n).toBe(0);
  });

  it("an expired latest quote cannot be accepted (409), and nothing is booked", async () => {
    const w = await world();
    await call(`/api/v1/leads/${w.leadId}/quote`, { method: "POST", body: { amount: 90000, includes: "Lunch", validUntil: inDays(2) }, cookie: w.v });
    await env.DB.prepare("UPDATE lead_quotes SET valid_until = ? WHERE lead_id = ?").bind(inDays(-1), w.leadId).run();
    const res = await json(await call(`/api/v1/leads/${w.leadId}/accept-quote`, { method: "POST", body: {}, cookie: w.c }));
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("expired");
    expect((await lead(w.leadId))!.status).toBe("QUOTED");
    expect(await env.DB.prepare("SELECT id FROM bookings WHERE lead_id = ?").bind(w.leadId).first()).toBeNull();
  });
});

describe("the pipeline's transitions", () => {
  const STATUSES = ["NEW", "CONTACTED", "QUOTED", "BOOKED", "LOST", "SPAM"] as const;
  const requests: Record<LeadAction, { side: "v" | "c"; path: string; method: string; body: unknown }> = {
    reply: { side: "v", path: "messages", method: "POST", body: { body: "Hello there" } },
    quote: { side: "v", path: "quote", method: "POST", body: { amount: 5000, includes: "Everything", validUntil: inDays(5) } },
    book: { side: "v", path: "booking", method: "POST", body: { agreedPrice: 5000, eventDate: inDays(30) } },
    lost: { side: "v", path: "status", method: "PATCH", body: { status: "LOST", reason: "Dates did not suit" } },
    spam: { side: "v", path: "status", method: "PATCH", body: { status: "SPAM" } },
    accept: { side: "c", path: "accept-quote", method: "POST", body: {} },
    withdraw: { side: "c", path: "withdraw", method: "POST", body: {} },
  };
  for (const action of Object.keys(requests) as LeadAction[]) {
    it(`${action}: allowed exactly from ${LEAD_TRANSITIONS[action].join(", ")}; 409 with a message and no change otherwise`, async () => {
      const w = await world();
      for (const status of STATUSES) {
        // Reset the lead to `status` with a valid quote, no booking.
        await env.DB.batch([
          env.DB.prepare("DELETE FROM bookings WHERE lead_id = ?").bind(w.leadId),
          env.DB.prepare("DELETE FROM lead_quotes WHERE lead_id = ?").bind(w.leadId),
          env.DB.prepare("INSERT INTO lead_quotes (id, lead_id, amount, includes, valid_until, created_at) VALUES (?, ?, 5000, 'All', ?, ?)").bind(
            `q-${w.leadId}-${status}`,
            w.leadId,
            inDays(5),
            Date.now(),
          ),
          env.DB.prepare("UPDATE leads SET status = ? WHERE id = ?").bind(status, w.leadId),
        ]);
        const r = requests[action];
        const res = await json(await call(`/api/v1/leads/${w.leadId}/${r.path}`, { method: r.method, body: r.body, cookie: r.side === "v" ? w.v : w.c }));
        const ok = (LEAD_TRANSITIONS[action] as readonly string[]).includes(status);
        expect(res.status, `${action} from ${status}: ${JSON.stringify(res.body)}`).toBe(
          ok ? (r.method === "PATCH" || action === "withdraw" ? 200 : 201) : 409,
        );
        if (!ok) {
          expect(res.body.message).toMatch(/enquiry|quote/i);
          expect((await lead(w.leadId))!.status).toBe(status);
        }
      }
    });
  }

  it("mark lost keeps the reason and tells the couple; withdraw closes with “Withdrawn by couple” and tells the vendor", async () => {
    const a = await world();
    const lost = await json(
      await call(`/api/v1/leads/${a.leadId}/status`, { method: "PATCH", body: { status: "LOST", reason: "Fully booked that week" }, cookie: a.v }),
    );
    expect(lost.body.lead).toEqual({ id: a.leadId, status: "LOST" });
    expect(await lead(a.leadId)).toMatchObject({ status: "LOST", lost_reason: "Fully booked that week" });
    expect((await mailsTo(a.couple.email))[0]!.text).toContain("Fully booked that week");
    const noReason = await json(await call(`/api/v1/leads/${a.leadId}/status`, { method: "PATCH", body: { status: "LOST" }, cookie: a.v }));
    expect(noReason.status).toBe(400);
    const booked = await json(await call(`/api/v1/leads/${a.leadId}/status`, { method: "PATCH", body: { status: "BOOKED" }, cookie: a.v }));
    expect(booked.status).toBe(400);
    expect(JSON.stringify(booked.body)).toContain("booking form");

    const b = await world();
    expect((await call(`/api/v1/leads/${b.leadId}/withdraw`, { method: "POST", body: {}, cookie: b.c })).status).toBe(200);
    expect(await lead(b.leadId)).toMatchObject({ status: "LOST", lost_reason: "Withdrawn by couple" });
    const mails = await mailsTo(b.vendor.email);
    expect(mails.at(-1)!.subject).toContain("withdrew");
    expect(mails.at(-1)!.text).toContain(`/VendorDashboard/enquiries/${b.leadId}`);
    // Withdrawn, the couple may send a new enquiry for the same service.
    const again = await call(`/api/v1/services/makeLead/${b.service.id}`, { method: "PUT", body: { message: MESSAGE }, cookie: b.c });
    expect(again.status).toBe(201);
  });
});

describe("spam", () => {
  it("a reported lead goes to the admin queue and stops counting in the vendor's figures, inbox and unread count", async () => {
    const w = await world();
    const day = todayInIndia();
    const counts = () =>
      env.DB.prepare(
        "SELECT s.lead_count, (SELECT leads FROM service_daily_stats WHERE service_id = s.id AND day = ?) AS day_leads FROM services s WHERE id = ?",
      )
        .bind(day, w.service.id)
        .first<{ lead_count: number; day_leads: number }>();
    expect(await counts()).toEqual({ lead_count: 1, day_leads: 1 });
    const res = await call(`/api/v1/leads/${w.leadId}/status`, { method: "PATCH", body: { status: "SPAM" }, cookie: w.v });
    expect(res.status).toBe(200);
    expect(await counts()).toEqual({ lead_count: 0, day_leads: 0 });
    const row = await lead(w.leadId);
    expect(row!.status).toBe("SPAM");
    expect(row!.reported_at).toBeGreaterThan(0);
    expect(await mailsTo(w.couple.email)).toEqual([]);
    const inbox = await json(await call("/api/v1/leads", { cookie: w.v }));
    expect(inbox.body.leads).toEqual([]);
    expect(inbox.body.unread).toBe(0);
    expect((await json(await call("/api/v1/leads?status=SPAM", { cookie: w.v }))).body.leads).toHaveLength(1);
    const admin = await createUser({ role: "ADMIN" });
    const queue = await spamQueue(
      testContext({ actor: { id: admin.id, role: "ADMIN", email: admin.email, userName: "A", profilePhoto: null, isVerified: true } }),
    );
    expect(queue.leads.map((l) => l.id)).toContain(w.leadId);
    // Reported twice: 409, counters untouched.
    expect((await call(`/api/v1/leads/${w.leadId}/status`, { method: "PATCH", body: { status: "SPAM" }, cookie: w.v })).status).toBe(409);
    expect(await counts()).toEqual({ lead_count: 0, day_leads: 0 });
  });
});

describe("status changes racing each other", () => {
  it("a lead booked between the read and the write is neither marked lost nor reported, and its counters stay", async () => {
    const w = await world();
    const counts = () => env.DB.prepare("SELECT lead_count FROM services WHERE id = ?").bind(w.service.id).first<{ lead_count: number }>();
    const vendorActor = { id: w.vendor.id, role: "VENDOR" as const, email: w.vendor.email, userName: "V", profilePhoto: null, isVerified: true };
    const racing = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch")
          return async (statements: D1PreparedStatement[]) => {
            await env.DB.prepare("UPDATE leads SET status = 'BOOKED' WHERE id = ?").bind(w.leadId).run();
            return target.batch(statements);
          };
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    for (const input of [{ status: "SPAM" }, { status: "LOST", reason: "Too late" }]) {
      await env.DB.prepare("UPDATE leads SET status = 'NEW' WHERE id = ?").bind(w.leadId).run();
      await setLeadStatus({ ...testContext({ actor: vendorActor }), db: racing }, w.leadId, input);
      expect(await lead(w.leadId)).toMatchObject({ status: "BOOKED", reported_at: null, lost_reason: null });
      expect(await counts()).toEqual({ lead_count: 1 });
    }
  });
});

describe("the reply-time badge", () => {
  async function answered(vendorId: string, serviceId: string, minutes: number, ageDays = 1, status = "CONTACTED") {
    const user = await createUser({ role: "USER" });
    const created = Date.now() - ageDays * DAY;
    await env.DB.prepare(
      "INSERT INTO leads (id, service_id, vendor_id, user_id, message, status, first_reply_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'Hello vendor, we need you.', ?, ?, ?, ?)",
    )
      .bind(`rt-${user.id}`, serviceId, vendorId, user.id, status, created + minutes * 60_000, created, created)
      .run();
  }
  const median = async (id: string) =>
    (await env.DB.prepare("SELECT reply_minutes_median AS m FROM vendors WHERE user_id = ?").bind(id).first<{ m: number | null }>())!.m;

  it("is the median of real first replies over the last 90 days, from at least 3, spam excluded", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    await answered(vendor.id, service.id, 10);
    await answered(vendor.id, service.id, 30);
    await refreshReplyTime(env.DB, vendor.id).run();
    expect(await median(vendor.id)).toBeNull(); // two answers are not enough
    await answered(vendor.id, service.id, 20);
    await answered(vendor.id, service.id, 5000, 120); // older than 90 days: ignored
    await answered(vendor.id, service.id, 9000, 2, "SPAM"); // reported: ignored
    await refreshReplyTime(env.DB, vendor.id).run();
    expect(await median(vendor.id)).toBe(20);
  });

  it("is refreshed by the vendor's first reply through the API", async () => {
    const w = await world();
    for (const minutes of [40, 60]) await answered(w.vendor.id, w.service.id, minutes);
    await env.DB.prepare("UPDATE leads SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 50 * 60_000, w.leadId)
      .run();
    expect(await median(w.vendor.id)).toBeNull();
    await call(`/api/v1/leads/${w.leadId}/messages`, { method: "POST", body: { body: "Happy to help!" }, cookie: w.v });
    expect(await median(w.vendor.id)).toBe(50);
  });
});

describe("the reply time as a ranking signal", () => {
  it("ranks a vendor who replies within a day above an equally rated one in a text search; other orders are unchanged", async () => {
    const word = `zq${Date.now().toString(36)}`;
    const quick = await createVendor();
    const slow = await createVendor();
    const none = await createVendor();
    const a = await createService({ vendorId: quick.id, serviceName: `Quick ${word} caterers`, rating: 4.5, createdAt: Date.now() - 3000 });
    const b = await createService({ vendorId: slow.id, serviceName: `Slow ${word} caterers`, rating: 4.5, createdAt: Date.now() - 2000 });
    const c = await createService({ vendorId: none.id, serviceName: `New ${word} caterers`, rating: 4.5, createdAt: Date.now() - 1000 });
    const top = await createService({ vendorId: none.id, serviceName: `Best ${word} caterers`, rating: 5, createdAt: Date.now() - 4000 });
    await env.DB.batch([
      env.DB.prepare("UPDATE vendors SET reply_minutes_median = 45 WHERE user_id = ?").bind(quick.id),
      env.DB.prepare("UPDATE vendors SET reply_minutes_median = 3000 WHERE user_id = ?").bind(slow.id),
    ]);
    const ids = async (sort?: { by: "rating" | "newest"; order: "asc" | "desc" }) =>
      (await searchServices(testContext(), { q: word, sort })).services.map((s) => s.id);
    // Rating first (5 before 4.5), then the quick replier, then the rest as before (newest id first).
    expect(await ids()).toEqual([top.id, a.id, c.id, b.id]);
    expect(await ids({ by: "newest", order: "desc" })).toEqual([c.id, b.id, a.id, top.id]);
  });
});

describe("the couple's side", () => {
  it("lists the couple's enquiries with the vendor's unread message", async () => {
    const w = await world();
    await call(`/api/v1/leads/${w.leadId}/messages`, { method: "POST", body: { body: "Hello from the vendor" }, cookie: w.v });
    const mine = await json(await call("/api/v1/leads/mine", { cookie: w.c }));
    expect(mine.body.leads).toMatchObject([{ id: w.leadId, status: "CONTACTED", unread: true, service_name: "Royal Thali Catering" }]);
    await call(`/api/v1/leads/${w.leadId}`, { cookie: w.c });
    expect((await json(await call("/api/v1/leads/mine", { cookie: w.c }))).body.leads[0].unread).toBe(false);
    // The inbox is the vendor's: a couple is refused.
    expect((await call("/api/v1/leads", { cookie: w.c })).status).toBe(403);
  });
});
