import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CronFailure, EVERY_FIVE_MINUTES, PLANNING_MORNING, jobsBySchedule, runScheduled } from "#functions/cron/index.ts";
import type { Env } from "#functions/env.ts";
import { daysAfter, HOUSEHOLD_NAMES_MAX, sendPlanningReminders, SECTION_MAX_LINES } from "#domain/planning/index.ts";
import { createService, createUser, createVendor } from "#tests/support/factories.ts";
import { loggedEvents } from "#tests/support/logs.ts";

/**
 * The daily planning reminder (functions/domain/planning/planning-reminders.ts): what a couple's digest
 * lists, what it leaves out, once per India day, and failures reported. Planning rows are inserted
 * directly (their shape is fixed by migration 0051).
 */

const ORIGIN = "https://mandap.example";
/** 08:00 India time on 10 March 2031, the cron's moment; each test takes its own day after it. */
const BASE = Date.parse("2031-03-10T02:30:00Z");
let dayIndex = 0;
/** A fresh India day for a test (so one test's runs never meet another's digests), and its date helper. */
function freshDay() {
  const now = BASE + dayIndex++ * 3 * 86_400_000;
  const today = new Date(now + 330 * 60_000).toISOString().slice(0, 10);
  return { now, today, d: (n: number) => daysAfter(today, n) };
}

let n = 0;
const next = (p: string) => `${p}-${Date.now().toString(36)}-${n++}`;
const run = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .run();

async function couple(optedIn = true, name = "Priya") {
  const user = await createUser({ userName: name });
  await run("UPDATE users SET planning_reminders = ?, partner_name = 'Arjun' WHERE id = ?", optedIn ? 1 : 0, user.id);
  return user;
}

async function fn(userId: string, name: string, date: string) {
  const id = next("evt");
  await run("INSERT INTO events (id, user_id, name, event_date, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)", id, userId, name, date);
  return id;
}

async function task(userId: string, eventId: string, name: string, due: string | null, status = "TODO") {
  await run(
    "INSERT INTO tasks (id, event_id, user_id, name, status, due_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, 0)",
    next("task"),
    eventId,
    userId,
    name,
    status,
    due,
  );
}

async function booking(userId: string, opts: { status?: string; price?: number; advance?: number; business?: string } = {}) {
  const vendor = await createVendor({ businessName: opts.business ?? `Shubh Caterers ${n++}` });
  const service = await createService({ vendorId: vendor.id, serviceName: "Royal Thali" });
  const id = next("bk");
  await run(
    "INSERT INTO bookings (id, service_id, vendor_id, user_id, agreed_price, advance_paid, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0)",
    id,
    service.id,
    vendor.id,
    userId,
    opts.price ?? 200_000,
    opts.advance ?? 50_000,
    opts.status ?? "CONFIRMED",
  );
  return { id, business: vendor.businessName };
}

async function milestone(
  bookingId: string,
  kind: "PAYMENT" | "DELIVERABLE",
  title: string,
  due: string | null,
  opts: { amount?: number; done?: boolean } = {},
) {
  await run(
    "INSERT INTO booking_milestones (id, booking_id, kind, title, amount, due_date, done_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    next("ms"),
    bookingId,
    kind,
    title,
    opts.amount ?? null,
    due,
    opts.done ? 1 : null,
  );
}

async function line(userId: string, label: string, due: string | null, booked: number, paid: number, bookingId: string | null = null) {
  await run(
    "INSERT INTO budget_lines (id, user_id, category, label, booked, paid, due_date, booking_id, created_at, updated_at) VALUES (?, ?, 'Decor', ?, ?, ?, ?, ?, 0, 0)",
    next("line"),
    userId,
    label,
    booked,
    paid,
    due,
    bookingId,
  );
}

/** A household with `guests` guests invited to the event; `answered` of them have answered. */
async function household(userId: string, eventId: string, name: string, guests: number, answered = 0) {
  const id = next("hh");
  await run("INSERT INTO households (id, user_id, name, rsvp_token, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)", id, userId, name, next("tok"));
  await run("INSERT INTO household_invitations (household_id, event_id, invited_at) VALUES (?, ?, 0)", id, eventId);
  for (let i = 0; i < guests; i++) {
    const guest = next("g");
    await run("INSERT INTO guests (id, user_id, household_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)", guest, userId, id, `${name} ${i}`);
    if (i < answered) await run("INSERT INTO guest_rsvps (guest_id, event_id, response, answered_at) VALUES (?, ?, 'ATTENDING', 0)", guest, eventId);
  }
  return id;
}

const mailsTo = async (to: string) =>
  (
    await env.DB.prepare("SELECT subject, text, status FROM outbox WHERE to_address = ? ORDER BY created_at, id")
      .bind(to)
      .all<{ subject: string; text: string; status: string }>()
  ).results;
const remind = (now: number) => sendPlanningReminders(env.DB, { origin: ORIGIN, now, linkSecret: "test-mail-link-secret" });

afterEach(() => vi.restoreAllMocks());

describe("the daily planning reminder", () => {
  it("runs at 08:00 India time every day, as a job of its own cron (the /dev/cron page lists jobsBySchedule)", () => {
    expect(PLANNING_MORNING).toBe("30 2 * * *");
    expect(jobsBySchedule[PLANNING_MORNING]?.map((j) => j.name)).toEqual(["planning-reminders", "rsvp-whatsapp-summaries"]);
  });

  it("lists each kind of item due within the window, marks overdue ones, and links the pages", async () => {
    const { now, today, d } = freshDay();
    const c = await couple();
    const sangeet = await fn(c.id, "Sangeet", d(10));
    const wedding = await fn(c.id, "Wedding", d(12));
    await task(c.id, sangeet, "Book the dhol players", d(3));
    await task(c.id, wedding, "Confirm the pandit", today, "IN_PROGRESS");
    await task(c.id, wedding, "Order the invitations", d(-2));
    const caterer = await booking(c.id, { business: "Annapurna Caterers" });
    await milestone(caterer.id, "PAYMENT", "Second instalment", d(5), { amount: 75_000 });
    await milestone(caterer.id, "DELIVERABLE", "Tasting menu", d(1));
    await line(c.id, "Mandap flowers", d(6), 120_000, 20_000);
    await household(c.id, sangeet, "Sharma family", 4, 1);
    await household(c.id, sangeet, "Verma family", 2);
    await household(c.id, sangeet, "Kapoor family", 3, 3);

    const result = await remind(now);
    expect(result).toMatchObject({ day: today, mailed: expect.any(Number) });
    const [mail, ...more] = await mailsTo(c.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your wedding planning for ${fmt(today)}: 3 tasks, 2 payments, 1 deliverable, 5 guests to hear from`);
    const text = mail!.text;
    expect(text).toContain("Hello Priya and Arjun,");
    expect(text).toContain(`- ${fmt(d(3))}: Book the dhol players (Sangeet)`);
    expect(text).toContain(`- today, ${fmt(today)}: Confirm the pandit (Wedding), in progress`);
    expect(text).toContain(`- OVERDUE since ${fmt(d(-2))}: Order the invitations (Wedding)`);
    expect(text).toContain(`- ${fmt(d(5))}: ₹75,000 to Annapurna Caterers (Royal Thali): Second instalment`);
    expect(text).toContain(`- ${fmt(d(6))}: ₹1,00,000 Mandap flowers (Decor)`);
    expect(text).toContain(`- ${fmt(d(1))}: Tasting menu from Annapurna Caterers (Royal Thali)`);
    expect(text).toContain(`- Sangeet, ${fmt(d(10))}: 5 guests in 2 households: Sharma family (3), Verma family (2)`);
    expect(text).not.toContain("Kapoor family");
    expect(text).toContain("1 item is overdue.");
    for (const path of ["/profile/weddingplan", "/profile/weddingbudget", "/profile/guests"]) expect(text).toContain(`${ORIGIN}${path}`);
    expect(text).toMatch(/switch it off.*https:\/\/mandap\.example\/profile$/m);
    const digest = await env.DB.prepare("SELECT item_count FROM planning_digests WHERE user_id = ? AND day = ?").bind(c.id, today).first();
    expect(digest).toEqual({ item_count: 7 });
  });

  it("leaves out items outside the window, done or cancelled tasks, done milestones, paid lines and other bookings' states", async () => {
    const { now, d } = freshDay();
    const c = await couple();
    const sangeet = await fn(c.id, "Sangeet", d(20));
    const haldi = await fn(c.id, "Haldi", d(14));
    const past = await fn(c.id, "Roka", d(-1));
    await task(c.id, sangeet, "Due in eight days", d(8));
    await task(c.id, sangeet, "No due date", null);
    await task(c.id, sangeet, "Already done", d(1), "DONE");
    await task(c.id, sangeet, "Given up", d(1), "CANCELLED");
    await task(c.id, sangeet, "Due in a week", d(7));
    const confirmed = await booking(c.id);
    await milestone(confirmed.id, "PAYMENT", "Paid already", d(2), { amount: 10_000, done: true });
    await milestone(confirmed.id, "DELIVERABLE", "Album delivered", d(2), { done: true });
    await milestone(confirmed.id, "DELIVERABLE", "Video later", d(9));
    await milestone(confirmed.id, "PAYMENT", "Undated", null, { amount: 5_000 });
    const cancelled = await booking(c.id, { status: "CANCELLED" });
    await milestone(cancelled.id, "PAYMENT", "Of a cancelled booking", d(1), { amount: 9_000 });
    const completed = await booking(c.id, { status: "COMPLETED" });
    await milestone(completed.id, "DELIVERABLE", "Of a completed booking", d(1));
    await line(c.id, "Fully paid line", d(1), 50_000, 50_000);
    await line(c.id, "Later line", d(30), 50_000, 0);
    await line(c.id, "Undated line", null, 50_000, 0);
    await household(c.id, sangeet, "Too far ahead", 2);
    await household(c.id, haldi, "Fourteen days ahead", 2);
    await household(c.id, past, "Function already over", 2);

    await remind(now);
    const [mail, ...more] = await mailsTo(c.email);
    expect(more).toEqual([]);
    const text = mail!.text;
    expect(text).toContain("Due in a week");
    expect(text).toContain("Fourteen days ahead (2)");
    for (const absent of [
      "Due in eight days",
      "No due date",
      "Already done",
      "Given up",
      "Paid already",
      "Album delivered",
      "Video later",
      "Undated",
      "Of a cancelled booking",
      "Of a completed booking",
      "Fully paid line",
      "Later line",
      "Too far ahead",
      "Function already over",
    ])
      expect(text, absent).not.toContain(absent);
    expect(mail!.subject).toMatch(/: 1 task, 2 guests to hear from$/);
  });

  it("counts a budget line tied to a booking from the booking's balance, and leaves it to the booking's dated payment milestones", async () => {
    const { now, d } = freshDay();
    const c = await couple();
    // Price 2,00,000, advance 50,000, an instalment of 30,000 done: 1,20,000 left, due on the couple's date.
    const decor = await booking(c.id, { business: "Phoolwala Decor" });
    await milestone(decor.id, "PAYMENT", "First instalment", d(-10), { amount: 30_000, done: true });
    await line(c.id, "Decor booking", d(4), 0, 0, decor.id);
    // This booking's own payment schedule is listed; its budget line is not listed twice.
    const photo = await booking(c.id, { business: "Lens Studio" });
    await milestone(photo.id, "PAYMENT", "Balance", d(2), { amount: 40_000 });
    await line(c.id, "Photography booking", d(3), 0, 0, photo.id);
    await remind(now);
    const text = (await mailsTo(c.email))[0]!.text;
    expect(text).toContain(`- ${fmt(d(4))}: ₹1,20,000 Decor booking (Decor)`);
    expect(text).toContain(`- ${fmt(d(2))}: ₹40,000 to Lens Studio (Royal Thali): Balance`);
    expect(text).not.toContain("Photography booking");
  });

  it("sends nothing to a couple who did not opt in, or who has nothing due", async () => {
    const { now, d } = freshDay();
    const out = await couple(false);
    const e = await fn(out.id, "Wedding", d(3));
    await task(out.id, e, "Would be due", d(1));
    const idle = await couple();
    const later = await fn(idle.id, "Wedding", d(60));
    await task(idle.id, later, "Far away", d(40));
    await remind(now);
    expect(await mailsTo(out.email)).toEqual([]);
    expect(await mailsTo(idle.email)).toEqual([]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM planning_digests WHERE user_id IN (?, ?)").bind(out.id, idle.id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("sends once per India day: again the same day nothing, two runs at once one mail, the next day again", async () => {
    const { now, today, d } = freshDay();
    const c = await couple();
    const e = await fn(c.id, "Mehndi", d(4));
    await task(c.id, e, "Book the mehndi artist", d(2));
    const first = await remind(now);
    expect(first.mailed).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(c.email)).toHaveLength(1);
    // The same India day, later (23:59 IST), with a new task: nothing more.
    await task(c.id, e, "Buy the cones", d(1));
    const again = await remind(now + 15 * 3_600_000 + 59 * 60_000);
    expect(again.day).toBe(today);
    expect(await mailsTo(c.email)).toHaveLength(1);
    // The next India day: a new digest, with both tasks.
    const other = await couple(true, "Meera");
    const e2 = await fn(other.id, "Mehndi", d(4));
    await task(other.id, e2, "Choose the henna design", d(2));
    const [a, b] = await Promise.all([remind(now + 86_400_000), remind(now + 86_400_000)]);
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("Buy the cones");
    expect(mails[1]!.subject).toContain(fmt(d(1)));
    // Two runs at the same moment: each couple once, and the runs' counts add up to the mails sent.
    expect(await mailsTo(other.email)).toHaveLength(1);
    const digests = await env.DB.prepare("SELECT run_id FROM planning_digests WHERE user_id IN (?, ?) AND day = ?").bind(c.id, other.id, d(1)).all();
    expect(digests.results).toHaveLength(2);
    const queued = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE created_at = ?")
      .bind(now + 86_400_000)
      .first<{ n: number }>();
    expect(a!.mailed + b!.mailed).toBe(queued?.n);
  });

  it("never shows another couple's items, even a household invited to the couple's function", async () => {
    const { now, d } = freshDay();
    const a = await couple(true, "Ananya");
    const b = await couple(true, "Bhavna");
    const aWedding = await fn(a.id, "Wedding", d(5));
    const bWedding = await fn(b.id, "Wedding", d(5));
    await task(a.id, aWedding, "Ananya's task", d(1));
    await task(b.id, bWedding, "Bhavna's task", d(1));
    const bBooking = await booking(b.id, { business: "Bhavna's Band" });
    await milestone(bBooking.id, "PAYMENT", "Bhavna's payment", d(1), { amount: 1000 });
    await line(b.id, "Bhavna's line", d(1), 100, 0);
    await household(a.id, aWedding, "Ananya's guests", 1);
    const bHousehold = await household(b.id, bWedding, "Bhavna's guests", 1);
    // A stray invitation of b's household to a's function (the guest list never makes one).
    await run("INSERT INTO household_invitations (household_id, event_id, invited_at) VALUES (?, ?, 0)", bHousehold, aWedding);
    await remind(now);
    const aText = (await mailsTo(a.email))[0]!.text;
    const bText = (await mailsTo(b.email))[0]!.text;
    expect(aText).toContain("Ananya's task");
    expect(aText).toContain("Ananya's guests");
    expect(aText).not.toContain("Bhavna");
    expect(bText).toContain("Bhavna's task");
    expect(bText).toContain("Bhavna's payment");
    expect(bText).toContain("Bhavna's line");
    expect(bText).not.toContain("Ananya");
  });

  it("keeps a long digest short: at most a page of lines per section and of households per function, the rest counted", async () => {
    const { now, d } = freshDay();
    const c = await couple();
    const e = await fn(c.id, "Wedding", d(5));
    // Due today and 19 days overdue, one a day: the oldest come first.
    for (let i = 0; i < SECTION_MAX_LINES + 5; i++) await task(c.id, e, `Task number ${i}`, d(-i));
    for (let i = 0; i < HOUSEHOLD_NAMES_MAX + 2; i++) await household(c.id, e, `Household ${String.fromCharCode(65 + i)}`, i === 0 ? 3 : 1);
    await remind(now);
    const [mail] = await mailsTo(c.email);
    const text = mail!.text;
    expect(mail!.subject).toMatch(/: 20 tasks, 12 guests to hear from$/);
    expect(text).toContain(`Tasks due (${SECTION_MAX_LINES + 5})`);
    expect(text).toContain("- and 5 more");
    expect(text.match(/^- .*Task number/gm)).toHaveLength(SECTION_MAX_LINES);
    expect(text).toContain(`- OVERDUE since ${fmt(d(-19))}: Task number 19 (Wedding)`);
    expect(text).not.toContain("Task number 0 ");
    expect(text).toContain("19 items are overdue.");
    // The household with most guests waiting first, then by name; eight named, two counted.
    expect(text).toContain(`- Wedding, ${fmt(d(5))}: 12 guests in 10 households: Household A (3), Household B (1), Household C (1),`);
    expect(text).toContain("Household H (1) and 2 more");
    expect(text).not.toContain("Household I");
  });

  it("reads who owes an answer from the head-count counters: the mail says what the guest rows say, and guests who owe nothing add no rows read", async () => {
    const { now, today, d } = freshDay();
    const c = await couple();
    const sangeet = await fn(c.id, "Sangeet", d(6));
    await household(c.id, sangeet, "Sharma family", 4, 1);
    await household(c.id, sangeet, "Verma family", 2);
    const kapoor = await household(c.id, sangeet, "Kapoor family", 3, 3);
    // The day's run (it mails every couple with something due); then this couple's again, as if not yet mailed today.
    await remind(now);
    const again = async () => {
      await run("DELETE FROM planning_digests WHERE user_id = ? AND day = ?", c.id, today);
      return remind(now);
    };
    const first = await again();
    const [mail] = await mailsTo(c.email);
    expect(mail!.subject).toMatch(/: 5 guests to hear from$/);
    expect(mail!.text).toContain(`- Sangeet, ${fmt(d(6))}: 5 guests in 2 households: Sharma family (3), Verma family (2)`);

    // 200 more guests of the Kapoor family, every one of whom has answered: nothing more to say, and nothing more read.
    const answered = Array.from({ length: 200 }, (_, i) => [next("g"), `Kapoor ${i}`] as const);
    await env.DB.batch(
      answered.flatMap(([guest, name]) => [
        env.DB.prepare("INSERT INTO guests (id, user_id, household_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)").bind(
          guest,
          c.id,
          kapoor,
          name,
        ),
        env.DB.prepare("INSERT INTO guest_rsvps (guest_id, event_id, response, answered_at) VALUES (?, ?, 'DECLINED', 0)").bind(guest, sangeet),
      ]),
    );
    const second = await again();
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((m) => `${m.subject}\n${m.text}`)).size).toBe(1);
    expect(second.rowsReadBy.guests).toBe(first.rowsReadBy.guests);

    // One of them who has not answered is in the mail: the counters follow the guest rows.
    await run("INSERT INTO guests (id, user_id, household_id, name, created_at, updated_at) VALUES (?, ?, ?, 'Kapoor late', 0, 0)", next("g"), c.id, kapoor);
    await run("DELETE FROM outbox WHERE to_address = ?", c.email);
    await again();
    expect((await mailsTo(c.email))[0]!.text).toContain(
      `- Sangeet, ${fmt(d(6))}: 6 guests in 3 households: Sharma family (3), Verma family (2), Kapoor family (1)`,
    );
    // The extra mails are not left in the queue the later tests deliver from.
    await run("DELETE FROM outbox WHERE to_address = ?", c.email);
  });

  it("reports failures: the job's own (the cron invocation fails) and the mail transport's, without mailing twice", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { now, today, d } = freshDay();
    const c = await couple();
    const e = await fn(c.id, "Wedding", d(5));
    await task(c.id, e, "Send the shagun list", d(1));
    // D1 refuses the run's batches: the job fails, the invocation fails, nothing is recorded.
    const broken = {
      ...pick(env),
      DB: { prepare: (q: string) => env.DB.prepare(q), batch: () => Promise.reject(new Error("D1 is unavailable")) },
    } as unknown as Env;
    const failure = await runScheduled(PLANNING_MORNING, broken, now).catch((x: unknown) => x);
    expect(failure).toBeInstanceOf(CronFailure);
    // The same cron also sends the WhatsApp RSVP summaries: this test is about the reminder's own result.
    const reminder = <T extends { name: string }>(results: T[]) => results.filter((r) => r.name === "planning-reminders");
    expect(reminder((failure as CronFailure).results)).toEqual([
      { name: "planning-reminders", ok: false, error: expect.stringContaining("planning reminders: D1 is unavailable") },
    ]);
    expect(loggedEvents(errors)).toContainEqual(
      expect.objectContaining({
        event: "cron job failed",
        job: "planning-reminders",
        error: expect.objectContaining({ cause: expect.objectContaining({ message: "D1 is unavailable" }) }),
      }),
    );
    expect(await mailsTo(c.email)).toEqual([]);
    // Through the real database: queued once.
    expect(reminder(await runScheduled(PLANNING_MORNING, { ...pick(env) } as Env, now))).toEqual([{ name: "planning-reminders", ok: true }]);
    expect(await mailsTo(c.email)).toMatchObject([{ status: "QUEUED" }]);
    // The transport refuses: the delivery cron fails loudly and the digest waits to be retried.
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("down", { status: 503 }));
    const httpEnv = { ...pick(env), MAIL_TRANSPORT: "http", MAIL_API_URL: "https://mail-api.test/emails" } as Env;
    const delivery = await runScheduled(EVERY_FIVE_MINUTES, httpEnv, now + 60_000).catch((x: unknown) => x);
    expect(delivery).toBeInstanceOf(CronFailure);
    expect((delivery as CronFailure).message).toMatch(/deliver-mail: mail delivery: .*the transport accepted none/);
    expect(await mailsTo(c.email)).toMatchObject([{ status: "RETRYING" }]);
    // A rerun of the reminder the same day does not queue the digest again.
    await runScheduled(PLANNING_MORNING, { ...pick(env) } as Env, now + 120_000);
    expect(await mailsTo(c.email)).toHaveLength(1);
    const digest = await env.DB.prepare("SELECT count(*) AS n FROM planning_digests WHERE user_id = ? AND day = ?").bind(c.id, today).first<{ n: number }>();
    expect(digest?.n).toBe(1);
  });

  it("removes a couple's digest records older than 30 days when it next mails them", async () => {
    const { now, today, d } = freshDay();
    const c = await couple();
    await run(
      "INSERT INTO planning_digests (user_id, day, item_count, run_id, sent_at) VALUES (?, ?, 1, 'old', 0), (?, ?, 1, 'old', 0)",
      c.id,
      d(-31),
      c.id,
      d(-30),
    );
    const e = await fn(c.id, "Wedding", d(5));
    await task(c.id, e, "Anything", d(1));
    await remind(now);
    const days = await env.DB.prepare("SELECT day FROM planning_digests WHERE user_id = ? ORDER BY day").bind(c.id).all<{ day: string }>();
    expect(days.results.map((r) => r.day)).toEqual([d(-30), today]);
  });
});

function fmt(day: string) {
  return new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }).format(
    new Date(`${day}T00:00:00+05:30`),
  );
}

function pick(e: Cloudflare.Env) {
  return { DB: e.DB, MEDIA: e.MEDIA, APP_ENV: e.APP_ENV, CONTACT_PHONE: e.CONTACT_PHONE, MAIL_FROM: e.MAIL_FROM, SITE_ORIGIN: ORIGIN };
}
