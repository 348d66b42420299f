import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Role } from "#db/schema/identity.ts";
import { Conflict, Forbidden, type Actor } from "#domain/core/index.ts";
import { makeLead, sendLeadMessage, sendQuote, setLeadStatus } from "#domain/enquiries/index.ts";
import { decideSpamReport, pendingSpamReports, SPAM_FLAG_REASON, SPAM_QUEUE_PAGE_SIZE, spamQueue } from "#domain/admin/index.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { testContext } from "#tests/support/context.ts";
import { call, createService, createUser, createVendor, giveUnlimitedPlan, sessionCookieFor } from "#tests/support/factories.ts";

/**
 * The admin queue of enquiries reported as spam (functions/domain/admin/spam-queue.ts through
 * /api/v1/admin/reported-leads): what an admin sees and in which order, "Confirm spam" (the lead
 * stays spam, the vendor's figures do not move), "Not spam" (the lead returns to its status before
 * the report and counts again, exactly, on the day it was sent), one decision per report, and
 * nobody but admins and super admins.
 */

const DAY = 86_400_000;
const MESSAGE = "We need a caterer for 250 guests on two evenings in February, please share your menus.";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });

const actorOf = (u: { id: string; email: string }, role: Role): Actor => ({
  id: u.id,
  role,
  email: u.email,
  userName: "T",
  profilePhoto: null,
  isVerified: true,
});

async function signedIn(role: Role, userName?: string) {
  const user = role === "VENDOR" ? await createVendor() : await createUser({ role, ...(userName ? { userName } : {}) });
  return { ...user, actor: actorOf(user, role), cookie: await sessionCookieFor(user.id) };
}

type Person = Awaited<ReturnType<typeof signedIn>>;

/** A vendor with a service, and a couple's enquiry about it sent at `sentAt` (the day it counts on). */
async function enquiry(opts: { couple?: Person; vendor?: Person & { businessName?: string }; sentAt?: number } = {}) {
  const vendor = opts.vendor ?? (await signedIn("VENDOR"));
  const service = await createService({ vendorId: vendor.id, serviceName: `Royal Thali ${vendor.id.slice(-6)}` });
  const couple = opts.couple ?? (await signedIn("USER", "Aarti Sharma"));
  const lead = await makeLead(testContext({ actor: couple.actor, now: opts.sentAt ?? Date.now() }), service.id, { message: MESSAGE });
  return { vendor, service, couple, leadId: lead.id };
}

const report = (vendor: Person, leadId: string, now = Date.now(), reason?: string) =>
  setLeadStatus(testContext({ actor: vendor.actor, now }), leadId, reason ? { status: "SPAM", reason } : { status: "SPAM" });

const leadRow = (id: string) => env.DB.prepare("SELECT * FROM leads WHERE id = ?").bind(id).first<Loose>();

/** The vendor's figures for a service: its lead counter and the day's lead statistic. */
const figures = (serviceId: string, day: string) =>
  env.DB.prepare("SELECT s.lead_count, (SELECT leads FROM service_daily_stats WHERE service_id = s.id AND day = ?) AS day_leads FROM services s WHERE s.id = ?")
    .bind(day, serviceId)
    .first<{ lead_count: number; day_leads: number | null }>();

const outboxSize = async () => (await env.DB.prepare("SELECT count(*) AS n FROM outbox").first<{ n: number }>())!.n;

const queueAs = async (cookie: string, page?: number) =>
  json(await call(`/api/v1/admin/reported-leads${page === undefined ? "" : `?page=${page}`}`, { cookie }));
const decide = (cookie: string | undefined, leadId: string, decision: "confirm" | "restore") =>
  call(`/api/v1/admin/reported-leads/${leadId}/${decision}`, { method: "POST", cookie });

describe("the queue", () => {
  it("lists pending reports newest first with the message, service, vendor, the couple's name and e-mail and the couple's report count", async () => {
    const admin = await signedIn("ADMIN");
    const couple = await signedIn("USER", "Rohan Mehta");
    const first = await enquiry({ couple });
    const second = await enquiry({ couple });
    const t = Date.now();
    await report(first.vendor, first.leadId, t);
    await report(second.vendor, second.leadId, t + 1000, "Asked for my bank details");

    const { status, body } = await queueAs(admin.cookie);
    expect(status).toBe(200);
    const mine = (body.leads as Loose[]).filter((l) => [first.leadId, second.leadId].includes(l.id));
    expect(mine.map((l) => l.id)).toEqual([second.leadId, first.leadId]);
    expect(mine[0]).toMatchObject({
      message: MESSAGE,
      service_id: second.service.id,
      service_name: `Royal Thali ${second.vendor.id.slice(-6)}`,
      vendor_id: second.vendor.id,
      business_name: (second.vendor as Loose).businessName,
      couple_id: couple.id,
      couple_name: "Rohan Mehta",
      couple_email: couple.email,
      reported_at: t + 1000,
      reason: "Asked for my bank details",
      status_before_spam: "NEW",
      couple_reports: 2,
      couple_confirmed: 0,
      couple_flagged: false,
    });
    expect(mine[1]).toMatchObject({ reported_at: t, reason: "Reported as spam", couple_reports: 2 });
    expect(body.pending).toBeGreaterThanOrEqual(2);
    expect(await pendingSpamReports(testContext({ actor: admin.actor }))).toBe(body.pending);

    // Confirmed: out of the queue, and the couple's other report now says one was confirmed.
    expect((await decide(admin.cookie, first.leadId, "confirm")).status).toBe(200);
    const after = (await queueAs(admin.cookie)).body;
    expect(after.pending).toBe(body.pending - 1);
    expect((after.leads as Loose[]).map((l) => l.id)).not.toContain(first.leadId);
    expect((after.leads as Loose[]).find((l) => l.id === second.leadId)).toMatchObject({ couple_reports: 2, couple_confirmed: 1 });
  });

  it("pages by SPAM_QUEUE_PAGE_SIZE, newest report first", async () => {
    const admin = await signedIn("ADMIN");
    const { vendor, service, couple } = await enquiry();
    // Reports far in the future, so these are the newest of the whole test database; decided at the end.
    const base = Date.now() + 400 * DAY;
    const ids = Array.from({ length: SPAM_QUEUE_PAGE_SIZE + 1 }, (_, i) => `spam-page-${base}-${String(i).padStart(2, "0")}`);
    await env.DB.batch(
      ids.map((id, i) =>
        env.DB.prepare(
          "INSERT INTO leads (id, service_id, vendor_id, user_id, message, status, status_before_spam, reported_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'SPAM', 'LOST', ?, ?, ?)",
        ).bind(id, service.id, vendor.id, couple.id, `Spam number ${i}`, base + i, base, base),
      ),
    );
    try {
      const one = (await queueAs(admin.cookie)).body;
      expect(one).toMatchObject({ page: 1, hasMore: true });
      expect((one.leads as Loose[]).map((l) => l.id)).toEqual(ids.slice(1).reverse());
      const two = (await queueAs(admin.cookie, 2)).body;
      expect(two.page).toBe(2);
      expect((two.leads as Loose[])[0]!.id).toBe(ids[0]);
      expect((await queueAs(admin.cookie, 0)).status).toBe(400);
      const asPage = await spamQueue(testContext({ actor: admin.actor }), { page: 1 });
      expect(asPage.leads).toHaveLength(SPAM_QUEUE_PAGE_SIZE);
    } finally {
      await env.DB.prepare(`UPDATE leads SET reviewed_at = ?, reviewed_by = ? WHERE id IN (${ids.map(() => "?").join(", ")})`)
        .bind(Date.now(), admin.id, ...ids)
        .run();
    }
  });
});

describe("Confirm spam", () => {
  it("keeps the lead spam, marks it reviewed by the admin, and leaves the vendor's figures and analytics as they were", async () => {
    const admin = await signedIn("ADMIN");
    const w = await enquiry();
    // Figures by day and by service are compared too: they need a plan with FULL analytics.
    await giveUnlimitedPlan(w.vendor.id);
    const day = todayInIndia();
    expect(await figures(w.service.id, day)).toEqual({ lead_count: 1, day_leads: 1 });
    await report(w.vendor, w.leadId);
    expect(await figures(w.service.id, day)).toEqual({ lead_count: 0, day_leads: 0 });
    const analytics = async () => {
      const { body } = await json(await call("/api/v1/analytics/getViewData?days=7", { cookie: w.vendor.cookie }));
      return JSON.stringify({ totals: body.totals, series: body.series, services: body.services });
    };
    const inbox = async () => JSON.stringify((await json(await call("/api/v1/leads", { cookie: w.vendor.cookie }))).body);
    const [analyticsBefore, inboxBefore, mails] = [await analytics(), await inbox(), await outboxSize()];

    const res = await json(await decide(admin.cookie, w.leadId, "confirm"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, lead: { id: w.leadId, status: "SPAM" } });
    expect(await leadRow(w.leadId)).toMatchObject({ status: "SPAM", reviewed_by: admin.id, status_before_spam: "NEW" });
    expect((await leadRow(w.leadId))!.reviewed_at).toBeGreaterThan(0);
    expect(await figures(w.service.id, day)).toEqual({ lead_count: 0, day_leads: 0 });
    expect(await analytics()).toBe(analyticsBefore);
    expect(await inbox()).toBe(inboxBefore);
    expect(await outboxSize()).toBe(mails);
  });
});

describe("flagging the couple", () => {
  it("Confirm spam with flagCouple flags the couple's account once; the queue shows it on the couple's other reports", async () => {
    const admin = await signedIn("ADMIN");
    const couple = await signedIn("USER", "Vikram Rao");
    const first = await enquiry({ couple });
    const second = await enquiry({ couple });
    await report(first.vendor, first.leadId);
    await report(second.vendor, second.leadId);
    const flag = () => env.DB.prepare("SELECT reason, flagged_at, flagged_by FROM account_flags WHERE user_id = ?").bind(couple.id).first<Loose>();
    expect(await flag()).toBeNull();

    const res = await json(
      await call(`/api/v1/admin/reported-leads/${first.leadId}/confirm`, { method: "POST", body: { flagCouple: true }, cookie: admin.cookie }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Confirmed as spam; the couple's account is flagged.", lead: { couple_flagged: true } });
    expect(await flag()).toMatchObject({ reason: SPAM_FLAG_REASON, flagged_by: admin.id });
    const queue = (await queueAs(admin.cookie)).body.leads as Loose[];
    expect(queue.find((l) => l.id === second.leadId)).toMatchObject({ couple_flagged: true, couple_confirmed: 1 });

    // Flagged already: a second flag keeps the first.
    const before = await flag();
    const other = await signedIn("SUPER_ADMIN");
    expect(
      (await call(`/api/v1/admin/reported-leads/${second.leadId}/confirm`, { method: "POST", body: { flagCouple: true }, cookie: other.cookie })).status,
    ).toBe(200);
    expect(await flag()).toEqual(before);
  });

  it("is refused with a value that is not true or false, and by the domain with Not spam (400, nothing changed)", async () => {
    const admin = await signedIn("ADMIN");
    const w = await enquiry();
    await report(w.vendor, w.leadId);
    const lead = JSON.stringify(await leadRow(w.leadId));
    for (const flagCouple of ["yes", 1, "true"]) {
      const res = await json(await call(`/api/v1/admin/reported-leads/${w.leadId}/confirm`, { method: "POST", body: { flagCouple }, cookie: admin.cookie }));
      expect(res.status, String(flagCouple)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    await expect(decideSpamReport(testContext({ actor: admin.actor }), w.leadId, "restore", { flagCouple: true })).rejects.toThrow(
      "Only Confirm spam can flag the couple's account.",
    );
    expect(JSON.stringify(await leadRow(w.leadId))).toBe(lead);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM account_flags WHERE user_id = ?").bind(w.couple.id).first<{ n: number }>()).toEqual({ n: 0 });
  });
});

describe("Not spam", () => {
  it("puts the lead back in its status before the report and counts it again, exactly, on the day it was sent (and mails nobody)", async () => {
    const admin = await signedIn("ADMIN");
    const sentAt = Date.now() - 3 * DAY;
    const sentDay = todayInIndia(sentAt);
    const today = todayInIndia();
    const w = await enquiry({ sentAt });
    await sendLeadMessage(testContext({ actor: w.vendor.actor, now: sentAt + 3_600_000 }), w.leadId, { body: "Namaste! Which evenings exactly?" });
    expect((await leadRow(w.leadId))!.status).toBe("CONTACTED");
    const before = { sent: await figures(w.service.id, sentDay), today: await figures(w.service.id, today) };
    expect(before.sent).toEqual({ lead_count: 1, day_leads: 1 });
    expect(before.today!.day_leads).toBeNull();

    await report(w.vendor, w.leadId, Date.now(), "Looks like a bot");
    expect(await figures(w.service.id, sentDay)).toEqual({ lead_count: 0, day_leads: 0 });
    const mails = await outboxSize();

    const res = await json(await decide(admin.cookie, w.leadId, "restore"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, lead: { id: w.leadId, status: "CONTACTED" } });
    expect(await leadRow(w.leadId)).toMatchObject({ status: "CONTACTED", lost_reason: null, reviewed_by: admin.id });
    expect({ sent: await figures(w.service.id, sentDay), today: await figures(w.service.id, today) }).toEqual(before);
    expect(await outboxSize()).toBe(mails);

    // Back in the vendor's inbox and analytics; out of the admin queue.
    const inbox = (await json(await call("/api/v1/leads", { cookie: w.vendor.cookie }))).body;
    expect((inbox.leads as Loose[]).map((l) => l.id)).toEqual([w.leadId]);
    const analytics = (await json(await call("/api/v1/analytics/getViewData?days=7", { cookie: w.vendor.cookie }))).body;
    expect(analytics.totals.enquiries).toBe(1);
    expect(((await queueAs(admin.cookie)).body.leads as Loose[]).map((l) => l.id)).not.toContain(w.leadId);
  });

  it("restores a quoted enquiry as quoted", async () => {
    const admin = await signedIn("ADMIN");
    const w = await enquiry();
    await sendQuote(testContext({ actor: w.vendor.actor }), w.leadId, {
      amount: 150000,
      includes: "Dinner for 250",
      validUntil: todayInIndia(Date.now() + 10 * DAY),
    });
    await report(w.vendor, w.leadId);
    expect((await leadRow(w.leadId))!.status_before_spam).toBe("QUOTED");
    const result = await decideSpamReport(testContext({ actor: admin.actor }), w.leadId, "restore");
    expect(result.status).toBe("QUOTED");
    expect(await leadRow(w.leadId)).toMatchObject({ status: "QUOTED" });
    expect(await figures(w.service.id, todayInIndia())).toEqual({ lead_count: 1, day_leads: 1 });
  });

  it("is refused (409, nothing changed) when the couple has since sent a new open enquiry about the same service", async () => {
    const admin = await signedIn("ADMIN");
    const w = await enquiry();
    await report(w.vendor, w.leadId);
    await makeLead(testContext({ actor: w.couple.actor }), w.service.id, { message: MESSAGE });
    const lead = JSON.stringify(await leadRow(w.leadId));
    const counts = await figures(w.service.id, todayInIndia());
    const res = await json(await decide(admin.cookie, w.leadId, "restore"));
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("new enquiry about the same service");
    expect(JSON.stringify(await leadRow(w.leadId))).toBe(lead);
    expect(await figures(w.service.id, todayInIndia())).toEqual(counts);
    // Confirming is still possible.
    expect((await decide(admin.cookie, w.leadId, "confirm")).status).toBe(200);
  });
  it("is refused the same way when that new enquiry arrives between the check and the write (the batch writes nothing)", async () => {
    const admin = await signedIn("ADMIN");
    const w = await enquiry();
    await report(w.vendor, w.leadId);
    const lead = JSON.stringify(await leadRow(w.leadId));
    const counts = await figures(w.service.id, todayInIndia());
    let newLead = "";
    const racing = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch")
          return async (statements: D1PreparedStatement[]) => {
            newLead = (await makeLead(testContext({ actor: w.couple.actor }), w.service.id, { message: MESSAGE })).id;
            return target.batch(statements);
          };
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await expect(decideSpamReport({ ...testContext({ actor: admin.actor }), db: racing }, w.leadId, "restore")).rejects.toThrow(
      "new enquiry about the same service",
    );
    expect(JSON.stringify(await leadRow(w.leadId))).toBe(lead);
    // Only the new enquiry counted.
    expect(newLead).not.toBe("");
    expect(await figures(w.service.id, todayInIndia())).toEqual({ lead_count: counts!.lead_count + 1, day_leads: counts!.day_leads! + 1 });
  });
});

describe("one decision per report", () => {
  for (const [first, second] of [
    ["confirm", "confirm"],
    ["confirm", "restore"],
    ["restore", "restore"],
    ["restore", "confirm"],
  ] as const)
    it(`${first} then ${second}: 409 and nothing changes`, async () => {
      const admin = await signedIn("ADMIN");
      const superAdmin = await signedIn("SUPER_ADMIN");
      const w = await enquiry();
      await report(w.vendor, w.leadId);
      expect((await decide(admin.cookie, w.leadId, first)).status).toBe(200);
      const lead = JSON.stringify(await leadRow(w.leadId));
      const counts = await figures(w.service.id, todayInIndia());
      const again = await json(await decide(superAdmin.cookie, w.leadId, second));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        first === "confirm"
          ? "This report was already reviewed: the enquiry was confirmed as spam."
          : "This report was already reviewed: the enquiry was restored.",
      );
      expect(JSON.stringify(await leadRow(w.leadId))).toBe(lead);
      expect(await figures(w.service.id, todayInIndia())).toEqual(counts);
    });

  it("two admins restoring at once: the lead is counted back once, the second is told 409", async () => {
    const [a, b] = [await signedIn("ADMIN"), await signedIn("SUPER_ADMIN")];
    const w = await enquiry();
    await report(w.vendor, w.leadId);
    // b's restore lands between a's read and a's write.
    const racing = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch")
          return async (statements: D1PreparedStatement[]) => {
            await decideSpamReport(testContext({ actor: b.actor }), w.leadId, "restore");
            return target.batch(statements);
          };
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await expect(decideSpamReport({ ...testContext({ actor: a.actor }), db: racing }, w.leadId, "restore")).rejects.toThrow(Conflict);
    expect(await leadRow(w.leadId)).toMatchObject({ status: "NEW", reviewed_by: b.id });
    expect(await figures(w.service.id, todayInIndia())).toEqual({ lead_count: 1, day_leads: 1 });
  });

  it("a restored lead the vendor reports again is a new report, waiting for a new review", async () => {
    const admin = await signedIn("ADMIN");
    const w = await enquiry();
    await report(w.vendor, w.leadId, Date.now() - 1000);
    expect((await decide(admin.cookie, w.leadId, "restore")).status).toBe(200);
    await report(w.vendor, w.leadId);
    expect(await leadRow(w.leadId)).toMatchObject({ status: "SPAM", status_before_spam: "NEW", reviewed_at: null, reviewed_by: null });
    expect(await figures(w.service.id, todayInIndia())).toEqual({ lead_count: 0, day_leads: 0 });
    const queue = (await queueAs(admin.cookie)).body.leads as Loose[];
    expect(queue.find((l) => l.id === w.leadId)).toMatchObject({ couple_reports: 1 });
    expect((await decide(admin.cookie, w.leadId, "confirm")).status).toBe(200);
  });
});

describe("who may use the queue", () => {
  it("couples and vendors (even the reporting vendor) are refused and change nothing; visitors must log in", async () => {
    const w = await enquiry();
    await report(w.vendor, w.leadId);
    const lead = JSON.stringify(await leadRow(w.leadId));
    const counts = await figures(w.service.id, todayInIndia());
    for (const cookie of [w.vendor.cookie, w.couple.cookie, undefined]) {
      const expected = cookie ? 403 : 401;
      expect((await call("/api/v1/admin/reported-leads", { cookie })).status).toBe(expected);
      for (const d of ["confirm", "restore"] as const) {
        const res = await json(await decide(cookie, w.leadId, d));
        expect(res.status).toBe(expected);
        expect(res.body.success).toBe(false);
      }
    }
    expect(JSON.stringify(await leadRow(w.leadId))).toBe(lead);
    expect(await figures(w.service.id, todayInIndia())).toEqual(counts);
    await expect(spamQueue(testContext({ actor: w.vendor.actor }))).rejects.toThrow(Forbidden);
    await expect(decideSpamReport(testContext({ actor: w.couple.actor }), w.leadId, "restore")).rejects.toThrow(Forbidden);
    expect(await pendingSpamReports(testContext({ actor: w.vendor.actor }))).toBe(0);
  });

  it("an unknown id, or a lead that was never reported, is 404 and changes nothing", async () => {
    const admin = await signedIn("ADMIN");
    const w = await enquiry();
    const lead = JSON.stringify(await leadRow(w.leadId));
    for (const d of ["confirm", "restore"] as const) {
      expect((await decide(admin.cookie, "no-such-lead", d)).status).toBe(404);
      expect((await decide(admin.cookie, w.leadId, d)).status).toBe(404);
    }
    expect(JSON.stringify(await leadRow(w.leadId))).toBe(lead);
  });
});
