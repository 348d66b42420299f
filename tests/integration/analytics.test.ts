import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { searchServices } from "#domain/catalogue/index.ts";
import { makeLead } from "#domain/enquiries/index.ts";
import { completeSignup, registerVendor } from "#domain/accounts/index.ts";
import { runScheduled } from "#functions/cron/index.ts";
import type { Env } from "#functions/env.ts";
import { analyticsEngineRecorder, eventRecorderFor } from "#platform/analytics.ts";
import { consumeMailBatch, failDeadMail, mailboxTransport, queueMail } from "#platform/mail.ts";
import { actorOf, listingContext, testContext } from "#tests/support/context.ts";
import { call, createService, createUser, createVendor, GOOD_PASSWORD, signedIn, vendorSignUpBody } from "#tests/support/factories.ts";
import { callback, createPlan, type OrderAnswer, paymentOf, payInSandbox } from "#tests/support/payments.ts";

/**
 * Key events (issue 31, "Watching it"): searches, enquiries, sign-ups, payments and job runs are
 * each one data point, in Workers Analytics Engine's shape (functions/platform/analytics.ts). Here
 * they land in the local default, the analytics_events table; with an EVENTS dataset bound they go
 * to it instead. No data point names a person.
 */

type Point = {
  index1: string;
  blob1: string;
  blob2: string | null;
  blob3: string | null;
  blob4: string | null;
  blob5: string | null;
  double1: number | null;
  double2: number | null;
};

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const tag = () => crypto.randomUUID().slice(0, 8);

/** The points of an event written at or after `since` whose labels include `label`. */
const pointsOf = async (event: string, since: number, label: string) =>
  (
    await env.DB.prepare(
      "SELECT index1, blob1, blob2, blob3, blob4, blob5, double1, double2 FROM analytics_events WHERE index1 = ? AND timestamp >= ? AND ? IN (blob2, blob3, blob4, blob5) ORDER BY id",
    )
      .bind(event, since, label)
      .all<Point>()
  ).results;

/** Waits for the points a request wrote after its answer (waitUntil). */
async function eventually(event: string, since: number, label: string, count = 1): Promise<Point[]> {
  for (let i = 0; i < 100; i++) {
    const points = await pointsOf(event, since, label);
    if (points.length >= count) return points;
    await new Promise((r) => setTimeout(r, 20));
  }
  return pointsOf(event, since, label);
}

describe("key events", () => {
  it("a person's search is one point with what was asked and how many matched; a vendor's own list and page 2 are not", async () => {
    const since = Date.now();
    const city = `Eventpur${tag()}`;
    const vendor = await createVendor();
    await createService({ vendorId: vendor.id, city, serviceName: "Kesar Caterers" });
    const ctx = listingContext();
    await searchServices(ctx, { city, service_category: "Catering" });
    await searchServices(ctx, { city, page: 2 });
    await searchServices(ctx, { city, vendorId: vendor.id });
    // Through the API as a visitor, with text: counted too (after the answer).
    expect((await call(`/api/v1/services?city=${city}&q=kesar`)).status).toBe(200);
    const points = await eventually("search", since, city, 2);
    expect(points.map((p) => [p.blob2, p.blob4, p.blob5, p.double1])).toEqual([
      ["Catering", city, "filters", 0],
      ["", city, "text", 1],
    ]);
  });

  it("an enquiry is one point with the service's category and city, the budget and the guest count, and no name", async () => {
    const since = Date.now();
    const city = `Leadpur${tag()}`;
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id, city, serviceName: "Mehndi by Asha" });
    const couple = await createUser({ userName: "Meera Sharma" });
    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    await makeLead(ctx, service.id, { message: "We would like your mehndi artists for 40 guests on the Sangeet.", guestCount: 40, budget: 60000 });
    await ctx.settle();
    const [point, ...more] = await pointsOf("enquiry", since, city);
    expect(more).toEqual([]);
    expect(point).toMatchObject({ index1: "enquiry", blob1: "enquiry", blob3: city, double1: 60000, double2: 40 });
    expect(JSON.stringify(point)).not.toMatch(/Meera|Asha|@/);
  });

  it("a sign-up is one point with the role and the way in, when the account is made (not when the form is sent)", async () => {
    const since = Date.now();
    const email = `events-${tag()}@test.example`;
    const category = vendorSignUpBody(email).business_category;
    const ctx = testContext({ request: { ip: null } });
    await registerVendor(ctx, vendorSignUpBody(email, `Shubh Caterers ${tag()}`));
    await ctx.settle();
    expect(await pointsOf("signup", since, "vendor")).toEqual([]);
    const mail = await env.DB.prepare("SELECT text FROM outbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1").bind(email).first<{ text: string }>();
    const token = mail?.text.match(/verify-email\?token=([a-z2-7]{32})/)?.[1];
    const done = testContext();
    await completeSignup(done, { token: token!, password: GOOD_PASSWORD });
    await done.settle();
    const points = await pointsOf("signup", since, "vendor");
    expect(points.map((p) => [p.blob2, p.blob3, p.blob4])).toEqual([["vendor", "email", category]]);
    expect(JSON.stringify(points)).not.toContain(email);
  });

  it("a payment credited is one point with its purpose, method and rupees", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      throw new Error("connection refused");
    });
    const since = Date.now();
    const vendor = await signedIn("VENDOR");
    const planId = await createPlan({ price: 4321, days: 30 });
    const res = await call(`/api/v1/subscribe/create-order/${planId}`, { method: "POST", cookie: vendor.cookie });
    const made = (await res.json()) as OrderAnswer;
    const back = await payInSandbox(made);
    expect((await callback(back.fields)).status).toBe(303);
    expect((await paymentOf(made.orderId))?.status).toBe("SUCCESS");
    const points = (await eventually("payment", since, "credited")).filter((p) => p.double1 === 4321);
    expect(points.map((p) => [p.blob2, p.blob3, p.blob5])).toEqual([["SUBSCRIPTION", "credited", "callback"]]);
  });

  it("each cron job's run is a point, ok or failed with its time, and a failed job still fails the run", async () => {
    const since = Date.now();
    const ok = `ok-job-${tag()}`;
    const bad = `bad-job-${tag()}`;
    await expect(
      runScheduled("*/5 * * * *", env as unknown as Env, Date.now(), [
        { name: ok, run: async () => {} },
        {
          name: bad,
          run: async () => {
            throw new Error("the transport is down");
          },
        },
      ]),
    ).rejects.toThrow(/1 of 2 job\(s\) failed/);
    expect((await pointsOf("job_run", since, ok)).map((p) => [p.blob3, p.blob4])).toEqual([["ok", "*/5 * * * *"]]);
    const [failed] = await pointsOf("job_run", since, bad);
    expect(failed?.blob3).toBe("failed");
    expect(failed?.double1).toBeGreaterThanOrEqual(0);
  });
});

describe("mail delivery", () => {
  it("each message the queue's consumer delivers is a mail_delivered point by transport, and each the dead-letter queue gives up a mail_failed", async () => {
    const since = Date.now();
    const ids: string[] = [];
    for (const to of ["a", "b"]) {
      const { id, statement } = queueMail(env.DB, { to: `${to}-${tag()}@test.example`, subject: "Your planning digest", text: "Namaste" }, since);
      await statement.run();
      ids.push(id);
    }
    const batchOf = (list: string[]) =>
      ({
        queue: "mandap-mail",
        messages: list.map((id) => ({ id: `m-${id}`, timestamp: new Date(), attempts: 1, body: { id }, ack: () => {}, retry: () => {} })),
        ackAll: () => {},
        retryAll: () => {},
      }) as unknown as MessageBatch<unknown>;
    const mailEnv = env as unknown as Env;
    await consumeMailBatch(batchOf(ids), mailEnv, { transport: mailboxTransport });
    const delivered = (await pointsOf("mail_delivered", since, "mailbox")).map((p) => [p.blob2, p.blob3]);
    expect(delivered.filter(([, status]) => status === "STORED")).toHaveLength(2);

    const { id: stuck, statement } = queueMail(env.DB, { to: `c-${tag()}@test.example`, subject: "Reminder", text: "T" }, since);
    await statement.run();
    await failDeadMail(batchOf([stuck]), mailEnv);
    expect((await pointsOf("mail_failed", since, "given-up")).length).toBeGreaterThanOrEqual(1);
  });
});

describe("where the points go", () => {
  it("to the EVENTS dataset when it is bound, in Analytics Engine's shape, and then not to the local table", async () => {
    const written: AnalyticsEngineDataPoint[] = [];
    const dataset: AnalyticsEngineDataset = { writeDataPoint: (p) => void written.push(p!) };
    const deferred: Promise<unknown>[] = [];
    const recorder = eventRecorderFor({ DB: env.DB, EVENTS: dataset }, (w) => void deferred.push(w));
    expect(recorder.name).toBe("analytics-engine");
    recorder.record({ event: "search", labels: ["Catering", null, "Jaipur", "text", "extra", "more"], values: [12, Number.NaN, 3, 4] });
    expect(deferred).toEqual([]);
    expect(written).toEqual([{ indexes: ["search"], blobs: ["search", "Catering", "", "Jaipur", "text"], doubles: [12, 0, 3] }]);
  });

  it("a dataset that throws loses the point, never the request", () => {
    const recorder = analyticsEngineRecorder({
      writeDataPoint: () => {
        throw new Error("over the limit");
      },
    });
    expect(() => recorder.record({ event: "enquiry" })).not.toThrow();
  });

  it("to the local table without it", () => {
    expect(eventRecorderFor({ DB: env.DB }, () => {}).name).toBe("d1");
  });
});
