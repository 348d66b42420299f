import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAILY, jobsBySchedule, runScheduled, CronFailure } from "#functions/cron/index.ts";
import type { Env } from "#functions/env.ts";
import { searchServices, serviceDetail } from "#domain/catalogue/index.ts";
import {
  ABANDONED_REASON,
  DailyJobFailure,
  REMIND_BATCH,
  runDailySubscriptionJob,
  type DailyJobRun,
  applyPlanLimits,
  planLimitStatements,
} from "#domain/billing/index.ts";
import { listingContext } from "#tests/support/context.ts";
import { createPlan, createService, createSubscription, createVendor } from "#tests/support/factories.ts";

const DAY = 86_400_000;
const IST = 330 * 60_000;
/** The instant of India midnight starting `date` (yyyy-mm-dd). */
const istMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`) - IST;
/** 03:00 India time on `date`: when the DAILY cron runs. */
const runAt = (date: string) => istMidnight(date) + 3 * 3_600_000;
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

const job = (now: number, db: D1Database = env.DB) => runDailySubscriptionJob(db, { origin: "https://mandap.example", now, freeActiveServices: 1 });

const mailsTo = async (to: string) =>
  (await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ? ORDER BY created_at, id").bind(to).all<{ subject: string; text: string }>())
    .results;

const subscription = (id: string) =>
  env.DB.prepare("SELECT status, last_reminder_days, failure_reason FROM subscriptions WHERE id = ?")
    .bind(id)
    .first<{ status: string; last_reminder_days: number | null; failure_reason: string | null }>();

const serviceStatuses = async (vendorId: string) =>
  (await env.DB.prepare("SELECT status FROM services WHERE vendor_id = ? ORDER BY created_at, id").bind(vendorId).all<{ status: string }>()).results.map(
    (r) => r.status,
  );

/** A D1 whose batch() fails (changing nothing) whenever `fail` says so: a failure halfway through a run. */
function failingWhen(fail: (statements: D1PreparedStatement[]) => boolean): D1Database {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "batch")
        return async (statements: D1PreparedStatement[]) => {
          if (fail(statements)) throw new Error("D1_ERROR: injected failure");
          return target.batch(statements);
        };
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe("the daily job across the reminder and expiry days (India time)", () => {
  it("reminds 7, 3 and 1 days before the end by India calendar days, once each, even run twice a day, then expires and hides what the free tier does not allow", async () => {
    // Two ends 1 ms apart across India midnight (both on the same UTC day): a trial ending at 23:59:59.999 on
    // the 17th and a paid plan ending at 00:00 on the 18th, India time.
    const trialVendor = await createVendor({ businessName: "Trial Caterers" });
    const paidVendor = await createVendor({ businessName: "Paid Decor" });
    const trialEnd = istMidnight("2031-01-18") - 1;
    const paidEnd = istMidnight("2031-01-18");
    const trial = await createSubscription(trialVendor.id, {
      plan: { maxActiveServices: 3, price: 0, isTrial: true },
      isTrial: true,
      startDate: trialEnd - 14 * DAY,
      endDate: trialEnd,
    });
    const silver = await createPlan({ name: "Silver", maxActiveServices: 10 });
    const paid = await createSubscription(paidVendor.id, { planId: silver.id, startDate: paidEnd - 90 * DAY, endDate: paidEnd });
    for (let i = 0; i < 3; i++) {
      await createService({ vendorId: trialVendor.id, serviceName: `Trial service ${i}`, createdAt: trialEnd - 20 * DAY + i * 1000 });
      await createService({ vendorId: paidVendor.id, serviceName: `Paid service ${i}`, createdAt: trialEnd - 20 * DAY + i * 1000 });
    }

    const subjects: Record<string, string[]> = {};
    for (let d = 0; d <= 9; d++) {
      const day = addDays("2031-01-09", d);
      for (const repeat of [0, 1]) await job(runAt(day) + repeat * 3_600_000);
      subjects[day] = [...(await mailsTo(trialVendor.email)), ...(await mailsTo(paidVendor.email))].map((m) => m.subject);
    }
    const newOn = (day: string) => subjects[day]!.filter((s) => !subjects[addDays(day, -1)]?.includes(s));
    expect(newOn("2031-01-09")).toEqual([]);
    expect(newOn("2031-01-10")).toEqual(["Your Mandap free trial ends in 7 days"]);
    expect(newOn("2031-01-11")).toEqual(["Your Mandap Silver plan ends in 7 days"]);
    expect(newOn("2031-01-14")).toEqual(["Your Mandap free trial ends in 3 days"]);
    expect(newOn("2031-01-15")).toEqual(["Your Mandap Silver plan ends in 3 days"]);
    expect(newOn("2031-01-16")).toEqual(["Your Mandap free trial ends tomorrow"]);
    expect(newOn("2031-01-17")).toEqual(["Your Mandap Silver plan ends tomorrow"]);
    // Six mails in all: none twice although every day ran twice.
    expect([...subjects["2031-01-18"]!].sort()).toEqual(
      [
        "Your Mandap free trial ends in 7 days",
        "Your Mandap free trial ends in 3 days",
        "Your Mandap free trial ends tomorrow",
        "Your Mandap Silver plan ends in 7 days",
        "Your Mandap Silver plan ends in 3 days",
        "Your Mandap Silver plan ends tomorrow",
      ].sort(),
    );

    const [trialMail] = await mailsTo(trialVendor.email);
    expect(trialMail!.text).toContain("Your free trial ends in 7 days, on 17 Jan 2031.");
    expect(trialMail!.text).toContain("https://mandap.example/VendorDashboard/Plan");
    const [paidMail] = await mailsTo(paidVendor.email);
    expect(paidMail!.text).toContain("Your Silver plan ends in 7 days, on 18 Jan 2031.");

    // The trial ended on the 17th (India) and is expired by the run of the 18th, the paid plan by the same run.
    expect((await subscription(trial.id))?.status).toBe("EXPIRED");
    expect((await subscription(paid.id))?.status).toBe("EXPIRED");
    expect(await serviceStatuses(trialVendor.id)).toEqual(["active", "hidden", "hidden"]);
    expect(await serviceStatuses(paidVendor.id)).toEqual(["active", "hidden", "hidden"]);
    // Search and the service page agree with the dashboard.
    const publicCtx = listingContext({ now: runAt("2031-01-18") });
    expect((await searchServices(publicCtx, { vendorId: trialVendor.id })).total).toBe(1);
    const hiddenId = (await env.DB.prepare("SELECT id FROM services WHERE vendor_id = ? AND status = 'hidden' LIMIT 1")
      .bind(trialVendor.id)
      .first<{ id: string }>())!.id;
    expect(await serviceDetail(publicCtx, hiddenId)).toBeNull();

    // A renewal (payment crediting calls applyPlanLimits; here the next run after it) brings them back.
    await createSubscription(trialVendor.id, { planId: silver.id, startDate: runAt("2031-01-19"), endDate: runAt("2031-01-19") + 90 * DAY });
    await applyPlanLimits(listingContext({ now: runAt("2031-01-19") + 1000 }), trialVendor.id);
    expect(await serviceStatuses(trialVendor.id)).toEqual(["active", "active", "active"]);
  });

  it("sends the reminder now due when a day was missed, and nothing for a period followed by a stacked one", async () => {
    const vendor = await createVendor();
    const stacked = await createVendor();
    const now = runAt("2031-03-01");
    const late = await createSubscription(vendor.id, { endDate: istMidnight("2031-03-03") + 10 * 3_600_000 }); // 2 days left, never reminded
    const trial = await createSubscription(stacked.id, { isTrial: true, plan: { maxActiveServices: 3 }, endDate: istMidnight("2031-03-02") + 3_600_000 });
    const next = await createSubscription(stacked.id, {
      startDate: istMidnight("2031-03-02") + 3_600_000,
      endDate: istMidnight("2031-03-02") + 3_600_000 + 90 * DAY,
    });
    await job(now);
    expect((await mailsTo(vendor.email)).map((m) => m.subject)).toEqual([`Your Mandap ${await planName(late.planId)} plan ends in 2 days`]);
    expect((await subscription(late.id))?.last_reminder_days).toBe(3);
    await job(now + 3_600_000);
    expect(await mailsTo(vendor.email)).toHaveLength(1);
    expect(await mailsTo(stacked.email)).toEqual([]);
    // The trial ends, the stacked plan's limits are already in force: nothing is hidden.
    await createService({ vendorId: stacked.id });
    await createService({ vendorId: stacked.id });
    await job(runAt("2031-03-03"));
    expect((await subscription(trial.id))?.status).toBe("EXPIRED");
    expect((await subscription(next.id))?.status).toBe("ACTIVE");
    expect(await serviceStatuses(stacked.id)).toEqual(["active", "active"]);
    expect(await mailsTo(stacked.email)).toEqual([]);
  });

  it("plan and trial reminders are service notices (docs/decisions/0050): sent with every optional mail turned off, without unsubscribe, but never to a suppressed address", async () => {
    const paidVendor = await createVendor({ businessName: "Quiet Tent House" });
    const trialVendor = await createVendor({ businessName: "Quiet Mehndi" });
    const bounced = await createVendor({ businessName: "Bounced Bands" });
    const now = runAt("2031-07-01");
    const end = istMidnight("2031-07-08") + 3_600_000; // 7 India days left
    // Every optional mail off, as /email-preferences saves it.
    for (const v of [paidVendor, trialVendor])
      await env.DB.prepare(
        "INSERT INTO vendor_notification_prefs (vendor_id, new_enquiry, couple_reply, booking_changes, weekly_summary, updated_at) VALUES (?, 0, 0, 0, 0, ?)",
      )
        .bind(v.id, now)
        .run();
    await env.DB.prepare("INSERT INTO mail_suppressions (email, kind, detail, created_at) VALUES (?, 'BOUNCE', '550 No such user', ?)")
      .bind(bounced.email.toLowerCase(), now - DAY)
      .run();
    const paid = await createSubscription(paidVendor.id, { endDate: end });
    await createSubscription(trialVendor.id, { isTrial: true, plan: { maxActiveServices: 3, price: 0, isTrial: true }, endDate: end });
    await createSubscription(bounced.id, { endDate: end });
    await job(now);
    const sent = async (to: string) =>
      (
        await env.DB.prepare("SELECT subject, text, html, headers, status, error FROM outbox WHERE to_address = ?")
          .bind(to)
          .all<{ subject: string; text: string; html: string | null; headers: string | null; status: string; error: string | null }>()
      ).results;
    const [paidMail] = await sent(paidVendor.email);
    const [trialMail] = await sent(trialVendor.email);
    expect(paidMail).toMatchObject({ subject: `Your Mandap ${await planName(paid.planId)} plan ends in 7 days`, status: "QUEUED", headers: null });
    expect(trialMail).toMatchObject({ subject: "Your Mandap free trial ends in 7 days", status: "QUEUED", headers: null });
    for (const mail of [paidMail!, trialMail!]) {
      expect(`${mail.text}\n${mail.html}`).not.toMatch(/unsubscribe|email-preferences/i);
      expect(mail.text).toContain("You receive this notice about your Mandap vendor account 7, 3 and 1 days before your plan ends.");
    }
    expect(await sent(bounced.email)).toEqual([
      expect.objectContaining({ status: "FAILED", error: expect.stringMatching(/^Not sent: mail to this address is suppressed since .* \(bounce\)$/) }),
    ]);
  });

  it("writes the reminder in the language the vendor chose: its subject, words, date and footer in Hindi", async () => {
    const hindi = await createVendor({ businessName: "Shubh Tent House" });
    await env.DB.prepare("UPDATE users SET locale = 'hi' WHERE id = ?").bind(hindi.id).run();
    const now = runAt("2031-08-01");
    await createSubscription(hindi.id, {
      isTrial: true,
      plan: { maxActiveServices: 3, price: 0, isTrial: true },
      endDate: istMidnight("2031-08-04") + 3_600_000,
    });
    await job(now);
    const mail = await env.DB.prepare("SELECT subject, text, html FROM outbox WHERE to_address = ?")
      .bind(hindi.email)
      .first<{ subject: string; text: string; html: string }>();
    expect(mail?.subject).toBe("आपका Mandap मुफ़्त ट्रायल 3 दिन में ख़त्म होगा");
    expect(mail?.text).toContain("नमस्ते Shubh Tent House,");
    expect(mail?.text).toContain("आपका मुफ़्त ट्रायल 3 दिन में, 4 अगस्त 2031 को ख़त्म होगा।");
    expect(mail?.text).toContain("आपके Mandap वेंडर खाते के बारे में यह सूचना आपको प्लान ख़त्म होने से 7, 3 और 1 दिन पहले मिलती है।");
    expect(mail?.html).toContain('<html lang="hi-IN">');
    expect(mail?.text).not.toContain("free trial");
  });

  it("marks orders left PENDING for more than 24 hours abandoned: subscription CANCELLED, payment FAILED with the reason", async () => {
    const vendor = await createVendor();
    const now = runAt("2031-05-01");
    const stale = await createSubscription(vendor.id, {
      status: "PENDING",
      startDate: null,
      endDate: null,
      createdAt: now - 24 * 3_600_000 - 1000,
      gatewayOrderId: `order_st${Date.now()}`,
    });
    const fresh = await createSubscription(vendor.id, {
      status: "PENDING",
      startDate: null,
      endDate: null,
      createdAt: now - 23 * 3_600_000,
      gatewayOrderId: `order_fr${Date.now()}`,
    });
    const pay = (id: string, subscriptionId: string, status: string) =>
      env.DB.prepare(
        "INSERT INTO payments (id, user_id, purpose, subscription_id, amount, status, gateway_order_id, failure_reason, created_at, updated_at) VALUES (?, ?, 'SUBSCRIPTION', ?, 4999, ?, ?, ?, ?, ?)",
      )
        .bind(id, vendor.id, subscriptionId, status, `o-${id}`, status === "FAILED" ? "Card declined" : null, now - 2 * DAY, now - 2 * DAY)
        .run();
    const pStale = `pay-a-${Date.now()}`;
    const pDeclined = `pay-b-${Date.now()}`;
    const pFresh = `pay-c-${Date.now()}`;
    await pay(pStale, stale.id, "PENDING");
    await pay(pDeclined, stale.id, "FAILED");
    await pay(pFresh, fresh.id, "PENDING");
    const run = await job(now);
    expect(run.abandoned).toBeGreaterThanOrEqual(1);
    expect(await subscription(stale.id)).toMatchObject({ status: "CANCELLED", failure_reason: ABANDONED_REASON });
    expect(await subscription(fresh.id)).toMatchObject({ status: "PENDING", failure_reason: null });
    const payment = (id: string) => env.DB.prepare("SELECT status, failure_reason FROM payments WHERE id = ?").bind(id).first();
    expect(await payment(pStale)).toEqual({ status: "FAILED", failure_reason: "Not paid within 24 hours" });
    expect(await payment(pDeclined)).toEqual({ status: "FAILED", failure_reason: "Card declined" });
    expect(await payment(pFresh)).toEqual({ status: "PENDING", failure_reason: null });
    // The next day the fresh one is stale too.
    await job(now + DAY);
    expect((await subscription(fresh.id))?.status).toBe("CANCELLED");
  });
});

const planName = async (id: string) => (await env.DB.prepare("SELECT name FROM plans WHERE id = ?").bind(id).first<{ name: string }>())!.name;

describe("a failure halfway", () => {
  it("changes nothing in the failed batch, is thrown, and the next run continues without mailing anyone twice", async () => {
    const now = runAt("2031-07-01");
    const vendors = [];
    for (let i = 0; i < REMIND_BATCH + 7; i++) {
      const v = await createVendor();
      await createSubscription(v.id, { endDate: now + 2 * DAY });
      vendors.push(v);
    }
    // One vendor whose plan ended: its expiry batch is the one that fails.
    const ended = await createVendor();
    const endedSub = await createSubscription(ended.id, { plan: { maxActiveServices: 5 }, endDate: now - 1000 });
    await createService({ vendorId: ended.id });
    await createService({ vendorId: ended.id });

    // The first expiry batch fails (the expiry and the plan-limit statements) and so does the second
    // batch of reminders (two statements and one mail each; abandoned-order batches have two).
    const expirySize = 1 + planLimitStatements(env.DB, ["x"], 0, 1).length;
    let reminderBatches = 0;
    let expiryFailed = false;
    const failing = failingWhen((statements) => {
      if (statements.length === expirySize) return expiryFailed ? false : (expiryFailed = true);
      return statements.length > 2 && ++reminderBatches === 2;
    });
    const error = await job(now, failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DailyJobFailure);
    expect((error as DailyJobFailure).failures.join(" ")).toMatch(/expire ended subscriptions: .*injected/);
    expect((error as DailyJobFailure).failures.join(" ")).toMatch(/send reminders: .*injected/);
    // The expiry and its limits are undone together; exactly one reminder batch went out.
    expect((await subscription(endedSub.id))?.status).toBe("ACTIVE");
    expect(await serviceStatuses(ended.id)).toEqual(["active", "active"]);
    const counts = await Promise.all(vendors.map(async (v) => (await mailsTo(v.email)).length));
    expect(counts.filter((n) => n === 1)).toHaveLength(REMIND_BATCH);
    expect(counts.filter((n) => n === 0)).toHaveLength(7);

    const rerun: DailyJobRun = await job(now + 60_000);
    expect(rerun.expired).toBeGreaterThanOrEqual(1);
    expect((await subscription(endedSub.id))?.status).toBe("EXPIRED");
    expect(await serviceStatuses(ended.id)).toEqual(["active", "hidden"]);
    expect(await Promise.all(vendors.map(async (v) => (await mailsTo(v.email)).length))).toEqual(vendors.map(() => 1));
    expect(rerun.rowsRead).toBeGreaterThan(0);
    expect(rerun.rowsWritten).toBeGreaterThan(0);
  }, 30_000); // 108 vendors with subscriptions set up one by one: seconds of D1 writes on a busy machine

  it("is reported by runScheduled as a failed DAILY job", async () => {
    const vendor = await createVendor();
    const now = runAt("2031-09-01");
    await createSubscription(vendor.id, { endDate: now - 1 });
    const daily = jobsBySchedule[DAILY]!.filter((j) => j.name === "subscriptions");
    expect(daily).toHaveLength(1);
    const brokenEnv = { ...(env as unknown as Env), DB: failingWhen(() => true) };
    const error = await runScheduled(DAILY, brokenEnv, now, daily).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CronFailure);
    expect((error as CronFailure).message).toContain("subscriptions: daily subscription job: expire ended subscriptions: D1_ERROR: injected failure");
    // The same job with a working database succeeds.
    await expect(runScheduled(DAILY, env as unknown as Env, now, daily)).resolves.toEqual([{ name: "subscriptions", ok: true }]);
  });
});
