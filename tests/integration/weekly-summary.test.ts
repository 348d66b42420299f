import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WEEKLY } from "#functions/cron/index.ts";
import { bookLead, makeLead, sendLeadMessage, setLeadStatus, weekOf } from "#domain/enquiries/index.ts";
import type { Actor } from "#domain/core/index.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { testContext } from "#tests/support/context.ts";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";

/**
 * The vendors' weekly summary (functions/domain/enquiries/weekly-summary.ts) through the Worker's scheduled()
 * handler on the Monday trigger: only vendors who turned it on and have a service, last week's
 * figures as the analytics page counts them (spam left out), the enquiries waiting for a reply, a
 * link to the analytics page, and never two mails for the same week however often the cron runs.
 */

const worker = (exports as unknown as { default: { scheduled: (c: ScheduledController) => Promise<void> } }).default;
const scheduled = (cron: string, scheduledTime: number) => worker.scheduled({ cron, scheduledTime, noRetry() {} });

const DAY = 86_400_000;
const IST = 330 * 60_000;
/** 00:00 in India of the day `day` (yyyy-mm-dd), as epoch ms. */
const indiaMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`) - IST;
const dayPlus = (day: string, n: number) => todayInIndia(indiaMidnight(day) + n * DAY);

/** A Monday at least `weeksAhead` weeks from now (India), so the test's weeks are its own. */
function mondayAhead(weeksAhead: number): string {
  const today = todayInIndia(Date.now());
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return dayPlus(today, ((8 - weekday) % 7 || 7) + 7 * weeksAhead);
}
/** The trigger's time on a Monday: 02:30 UTC, 08:00 in India. */
const triggerTime = (monday: string) => Date.parse(`${monday}T02:30:00Z`);

const actor = (u: { id: string; email: string }, role: "USER" | "VENDOR", userName: string): Actor => ({
  id: u.id,
  role,
  email: u.email,
  userName,
  profilePhoto: null,
  isVerified: true,
});

/** The weekly summaries mailed to `to` (the vendor's enquiry and booking mails left out). */
const mailsTo = async (to: string) =>
  (
    await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? AND subject LIKE 'Your week on Mandap%' ORDER BY created_at, id")
      .bind(to)
      .all<{ subject: string; text: string }>()
  ).results;

async function wantsSummary(vendorId: string, on = true) {
  const res = await call("/api/v1/vendors/notifications", { method: "PATCH", cookie: await sessionCookieFor(vendorId), body: { weekly_summary: on } });
  expect(res.status).toBe(200);
}

const MESSAGE = "We would like to know your packages for a wedding of 300 guests.";

/** A vendor with two services and a week of activity before `monday`. */
async function busyVendor(monday: string) {
  const vendor = await createVendor({ businessName: `Shehnai Events ${crypto.randomUUID().slice(0, 6)}` });
  const one = await createService({ vendorId: vendor.id, serviceName: "Shehnai Band" });
  const two = await createService({ vendorId: vendor.id, serviceName: "Dhol Players" });
  await wantsSummary(vendor.id);
  const asVendor = (now: number) => testContext({ actor: actor(vendor, "VENDOR", vendor.businessName), now });
  const t = indiaMidnight(dayPlus(monday, -5)) + 12 * 3_600_000; // Wednesday noon of last week
  const couples = await Promise.all([1, 2, 3, 4].map((i) => createUser({ role: "USER", userName: `Couple ${i}` })));
  const enquire = (i: number, serviceId: string) =>
    makeLead(testContext({ actor: actor(couples[i]!, "USER", `Couple ${i}`), now: t }), serviceId, { message: MESSAGE });
  const waiting = await enquire(0, one.id); // never answered: waiting
  const spam = await enquire(1, one.id); // reported: neither counted nor waiting
  const answeredThenAsked = await enquire(2, two.id); // the couple wrote last: waiting
  const booked = await enquire(3, two.id); // booked: not open
  await setLeadStatus(asVendor(t + 3_600_000), spam.id, { status: "SPAM" });
  await sendLeadMessage(asVendor(t + 3_600_000), answeredThenAsked.id, { body: "Namaste, here are our packages." });
  await sendLeadMessage(testContext({ actor: actor(couples[2]!, "USER", "Couple 2"), now: t + 7_200_000 }), answeredThenAsked.id, {
    body: "Thanks! Is 14 Feb free?",
  });
  await bookLead(asVendor(t + 3_600_000), booked.id, { agreedPrice: 80000, eventDate: dayPlus(monday, 60) });
  void waiting;
  const views = (serviceId: string, day: string, n: number) =>
    env.DB.prepare(
      "INSERT INTO service_daily_stats (service_id, day, views, leads) VALUES (?, ?, ?, 0) ON CONFLICT (service_id, day) DO UPDATE SET views = views + excluded.views",
    )
      .bind(serviceId, day, n)
      .run();
  await views(one.id, dayPlus(monday, -3), 5);
  await views(two.id, dayPlus(monday, -7), 6);
  await views(one.id, monday, 100); // this week: not in last week's summary
  await views(one.id, dayPlus(monday, -8), 50); // the week before
  await env.DB.prepare("INSERT INTO vendor_profile_views (vendor_id, day, views) VALUES (?, ?, 4), (?, ?, 9)")
    .bind(vendor.id, dayPlus(monday, -2), vendor.id, monday)
    .run();
  return vendor;
}

describe("the weekly summary on the Monday trigger", () => {
  it("mails last week's figures and the enquiries waiting for a reply, with the analytics link, once per week however often the cron runs", async () => {
    const monday = mondayAhead(2);
    expect(weekOf(triggerTime(monday))).toBe(monday);
    const vendor = await busyVendor(monday);

    await scheduled(WEEKLY, triggerTime(monday));
    const mails = await mailsTo(vendor.email);
    expect(mails).toHaveLength(1);
    const { subject, text } = mails[0]!;
    expect(subject).toBe("Your week on Mandap: 11 views, 3 enquiries");
    const lines = text.split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        `Hello ${vendor.businessName},`,
        "Service views: 11",
        "Profile views: 4",
        "Enquiries: 3",
        "Bookings: 1",
        "Enquiries waiting for your reply: 2",
        "See your analytics: http://localhost:8787/VendorDashboard/analytics",
      ]),
    );
    expect(await env.DB.prepare("SELECT week FROM vendor_weekly_summaries WHERE vendor_id = ?").bind(vendor.id).all()).toMatchObject({
      results: [{ week: monday }],
    });

    // A retried invocation, a late one the same week, and two at once: still one mail this week.
    await scheduled(WEEKLY, triggerTime(monday));
    await scheduled(WEEKLY, triggerTime(monday) + 2 * DAY);
    await Promise.all([scheduled(WEEKLY, triggerTime(monday) + 60_000), scheduled(WEEKLY, triggerTime(monday) + 60_000)]);
    expect(await mailsTo(vendor.email)).toHaveLength(1);

    // The next Monday is a new week: a new summary (nothing happened in it).
    await scheduled(WEEKLY, triggerTime(dayPlus(monday, 7)));
    const next = await mailsTo(vendor.email);
    expect(next).toHaveLength(2);
    expect(next[1]!.text).toContain("Service views: 100");
    expect(next[1]!.text).toContain("Enquiries: 0");
  });

  it("mails only vendors who turned it on and have at least one service", async () => {
    const monday = mondayAhead(5);
    const withService = await createVendor();
    await createService({ vendorId: withService.id });
    await wantsSummary(withService.id);
    const noService = await createVendor();
    await wantsSummary(noService.id);
    const notWanted = await createVendor();
    await createService({ vendorId: notWanted.id });
    const turnedOff = await createVendor();
    await createService({ vendorId: turnedOff.id });
    await wantsSummary(turnedOff.id);
    await wantsSummary(turnedOff.id, false);

    await scheduled(WEEKLY, triggerTime(monday));
    expect(await mailsTo(withService.email)).toHaveLength(1);
    for (const v of [noService, notWanted, turnedOff]) expect(await mailsTo(v.email)).toEqual([]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM vendor_weekly_summaries WHERE vendor_id IN (?, ?, ?)")
        .bind(noService.id, notWanted.id, turnedOff.id)
        .first("n"),
    ).toBe(0);
  });
});
