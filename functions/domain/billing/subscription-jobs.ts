import { queueMail } from "#platform/mail.ts";
import { composeMail, mailLocale } from "#platform/mail-layout.ts";
import { withLocale } from "#platform/locale.ts";
import { m } from "#shared/paraglide/messages.js";
import { formatDate } from "#shared/format.ts";
import { isQueryBudgetSpent, newId } from "../core/index.ts";
import { PLAN_PATH, planLimitStatements } from "./plan-limits.ts";
import { servedPurposes } from "./payment-purposes.ts";
import { DAY_MS, INDIA_OFFSET_MS, indiaDay } from "#shared/india-time.ts";
import { log } from "#platform/log.ts";

/**
 * The daily subscription job (issue 11; run by the DAILY cron at 03:00 India time,
 * functions/cron/index.ts; docs/decisions/0019-plan-limits.md). Three steps, each in bounded
 * batches, each batch one atomic D1 batch that carries its own mails:
 *
 * 1. Abandoned orders, for each payment purpose (payment-purposes.ts `abandon`, decision 0042): a
 *    PENDING subscription created more than 24 hours ago becomes CANCELLED and its PENDING payments
 *    FAILED, both with the reason "Not paid within 24 hours"; invitation template orders (issue 13)
 *    the same way: the purchase failed/failed, its PENDING payment FAILED with that reason (a late
 *    payment of the order is recorded as refund due).
 * 2. Expiry: an ACTIVE subscription whose end_date has passed becomes EXPIRED, and in the same batch
 *    its vendor's listed services are made to match the limits still in force (plan-limits.ts):
 *    services past the free tier are hidden, never deleted.
 * 3. Reminders: 7, 3 and 1 days before the end (India calendar days between today and the end's
 *    day), each at most once per subscription (subscription_reminders' key, and
 *    last_reminder_days); a run that missed a day sends the one now due (2 days left: the 3-day
 *    reminder, saying 2 days). Only the vendor's latest-ending ACTIVE subscription is reminded
 *    about: an earlier period followed by a stacked one ends without a reminder. Trials get their
 *    own wording.
 *
 * Safe to run twice: every step selects only what is still to do (a second run the same day finds
 * nothing). Resumes after a failure: a batch that fails changes nothing (its mails included), the
 * error is thrown once the other steps have run, and the next run takes up the rest. A run stops
 * (and fails, so it is noticed) after DAILY_JOB_MAX_QUERIES D1 calls, well inside one Worker
 * invocation's 1,000 (Workers Paid; 50 on Free) D1 queries; the next run continues.
 */

export const ABANDONED_REASON = "Not paid within 24 hours";
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
export const REMINDER_DAYS = [7, 3, 1] as const;
/** Subscriptions expired (with their vendors' limits) per batch. */
export const EXPIRE_BATCH = 100;
/** Abandoned orders per batch. */
export const ABANDON_BATCH = 200;
/** Reminder mails per batch (one statement each, plus two). */
export const REMIND_BATCH = 100;
/** D1 calls (a query or a batch) one run may make before it stops. */
export const DAILY_JOB_MAX_QUERIES = 500;

export type DailyJobOptions = {
  /** Where links in mails point (siteOrigin(env)). */
  origin: string;
  now: number;
  /** config.freeActiveServices. */
  freeActiveServices: number;
  /** Hands the ids of mails a batch wrote to delivery (the mail queue); without it the 5-minute cron delivers them. */
  handOff?: (ids: readonly string[]) => Promise<void>;
};

export type DailyJobRun = {
  abandoned: number;
  /** Invitation template orders (issue 13) left pending for 24 hours, now failed. */
  templatesAbandoned: number;
  expired: number;
  /** Vendors whose limits were applied after a subscription ended. */
  vendorsLimited: number;
  reminded: { 7: number; 3: number; 1: number };
  /** D1 calls made (a batch counts once) and statements run. */
  queries: number;
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  /** Wall time of the run. */
  ms: number;
  /** Rows read per step (abandon, expire, remind). */
  rowsReadBySteps: Record<string, number>;
};

/** Thrown when a step failed (or the run stopped at its query budget); carries what was done. */
export class DailyJobFailure extends Error {
  readonly run: DailyJobRun;
  readonly failures: string[];
  constructor(run: DailyJobRun, failures: string[]) {
    super(`daily subscription job: ${failures.join(" | ")} (done before that: ${JSON.stringify({ ...run })})`);
    this.name = "DailyJobFailure";
    this.run = run;
    this.failures = failures;
  }
}

class QueryBudgetExceeded extends Error {}

/** D1 calls with their rows read and written summed, and the run's query budget. */
class Meter {
  private readonly db: D1Database;
  readonly run: DailyJobRun;
  constructor(db: D1Database, run: DailyJobRun) {
    this.db = db;
    this.run = run;
  }
  private count(results: D1Result[], statements: number) {
    this.run.queries += 1;
    this.run.statements += statements;
    for (const r of results) {
      this.run.rowsRead += r.meta?.rows_read ?? 0;
      this.run.rowsWritten += r.meta?.rows_written ?? 0;
    }
  }
  private check() {
    if (this.run.queries >= DAILY_JOB_MAX_QUERIES) throw new QueryBudgetExceeded(`stopped after ${DAILY_JOB_MAX_QUERIES} D1 calls; the next run continues`);
  }
  async all<T>(statement: D1PreparedStatement): Promise<T[]> {
    this.check();
    const result = await statement.all<T>();
    this.count([result], 1);
    return result.results;
  }
  async batch(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    this.check();
    const results = await this.db.batch(statements);
    this.count(results, statements.length);
    return results;
  }
}

/** Runs the three steps; throws DailyJobFailure (after running every step) when any failed. */
export async function runDailySubscriptionJob(db: D1Database, options: DailyJobOptions): Promise<DailyJobRun> {
  const started = Date.now();
  const run: DailyJobRun = {
    abandoned: 0,
    templatesAbandoned: 0,
    expired: 0,
    vendorsLimited: 0,
    reminded: { 7: 0, 3: 0, 1: 0 },
    queries: 0,
    statements: 0,
    rowsRead: 0,
    rowsWritten: 0,
    ms: 0,
    rowsReadBySteps: {},
  };
  const meter = new Meter(db, run);
  const failures: string[] = [];
  const steps: [string, () => Promise<void>][] = [
    ["abandon stale orders", () => abandonStaleOrders(db, meter, options)],
    ["expire ended subscriptions", () => expireEnded(db, meter, options)],
    ["send reminders", () => sendReminders(db, meter, options)],
  ];
  for (const [name, step] of steps) {
    const before = run.rowsRead;
    try {
      await step();
    } catch (e) {
      // The invocation's D1 queries are spent: the cron continues the job in the next one (functions/cron/continuations.ts).
      if (isQueryBudgetSpent(e)) throw e;
      log.error("daily subscription job: a step failed", { step: name }, e);
      failures.push(`${name}: ${e instanceof Error ? e.message : String(e)}`);
      if (e instanceof QueryBudgetExceeded) break;
    } finally {
      run.rowsReadBySteps[name] = run.rowsRead - before;
    }
  }
  run.ms = Date.now() - started;
  if (failures.length) throw new DailyJobFailure(run, failures);
  return run;
}

/** Each purpose's orders left unpaid (payment-purposes.ts `abandon`): the purchase closed by its purpose, its PENDING payments FAILED, with the reason, in one batch. */
async function abandonStaleOrders(db: D1Database, meter: Meter, { now }: DailyJobOptions) {
  for (const purpose of servedPurposes()) {
    for (;;) {
      const rows = await meter.all<{ id: string }>(purpose.abandon.stale(db, now - ABANDON_AFTER_MS, ABANDON_BATCH));
      if (!rows.length) break;
      const ids = JSON.stringify(rows.map((r) => r.id));
      const [, closed] = await meter.batch([
        db
          .prepare(
            `UPDATE payments SET status = 'FAILED', failure_reason = ?2, updated_at = ?3
             WHERE status = 'PENDING' AND purpose = ?4 AND ${purpose.purchaseColumn} IN (SELECT value FROM json_each(?1))`,
          )
          .bind(ids, ABANDONED_REASON, now, purpose.name),
        purpose.abandon.close(db, ids, ABANDONED_REASON, now),
      ]);
      const count = closed?.meta.changes ?? 0;
      if (purpose.name === "SUBSCRIPTION") meter.run.abandoned += count;
      else meter.run.templatesAbandoned += count;
      if (rows.length < ABANDON_BATCH) break;
    }
  }
}

async function expireEnded(db: D1Database, meter: Meter, { now, freeActiveServices }: DailyJobOptions) {
  for (;;) {
    const rows = await meter.all<{ id: string; vendor_id: string }>(
      db.prepare("SELECT id, vendor_id FROM subscriptions WHERE status = 'ACTIVE' AND end_date <= ? ORDER BY end_date, id LIMIT ?").bind(now, EXPIRE_BATCH),
    );
    if (!rows.length) return;
    const vendors = [...new Set(rows.map((r) => r.vendor_id))];
    // The expiry and the limits it changes in one atomic batch: a failure leaves both undone, so a rerun finds the same subscriptions.
    const [expired] = await meter.batch([
      db
        .prepare(
          "UPDATE subscriptions SET status = 'EXPIRED', updated_at = ?2 WHERE status = 'ACTIVE' AND end_date <= ?2 AND id IN (SELECT value FROM json_each(?1))",
        )
        .bind(JSON.stringify(rows.map((r) => r.id)), now),
      ...planLimitStatements(db, vendors, now, freeActiveServices),
    ]);
    meter.run.expired += expired?.meta.changes ?? 0;
    meter.run.vendorsLimited += vendors.length;
    if (rows.length < EXPIRE_BATCH) return;
  }
}

type DueReminder = {
  id: string;
  end_date: number;
  is_trial: number;
  plan_name: string;
  business_name: string;
  email: string;
  /** The vendor's chosen language (users.locale): the reminder is written in it. */
  locale: string | null;
  days_left: number;
  bucket: 7 | 3 | 1;
};

async function sendReminders(db: D1Database, meter: Meter, options: DailyJobOptions) {
  const { now } = options;
  const today = indiaDay(now);
  const runId = newId(now);
  const daysLeft = `((s.end_date + ${INDIA_OFFSET_MS}) / ${DAY_MS} - ?2)`;
  const bucket = `(CASE WHEN ${daysLeft} <= 1 THEN 1 WHEN ${daysLeft} <= 3 THEN 3 ELSE 7 END)`;
  let conflicts = 0;
  for (;;) {
    const due = await meter.all<DueReminder>(
      db
        .prepare(
          `SELECT s.id, s.end_date, s.is_trial, p.name AS plan_name, v.business_name, coalesce(nullif(v.email, ''), u.email) AS email, u.locale,
             ${daysLeft} AS days_left, ${bucket} AS bucket
           FROM subscriptions s JOIN plans p ON p.id = s.plan_id JOIN vendors v ON v.user_id = s.vendor_id JOIN users u ON u.id = v.user_id
           WHERE s.status = 'ACTIVE' AND s.end_date > ?1 AND s.end_date < ?3
             AND (s.last_reminder_days IS NULL OR s.last_reminder_days > ${bucket})
             AND NOT EXISTS (SELECT 1 FROM subscriptions l WHERE l.vendor_id = s.vendor_id AND l.status = 'ACTIVE' AND l.end_date > s.end_date)
           ORDER BY s.end_date, s.id LIMIT ?4`,
        )
        // Ends before the start of the India day 8 days from today: at most 7 days left.
        .bind(now, today, (today + 8) * DAY_MS - INDIA_OFFSET_MS, REMIND_BATCH),
    );
    if (!due.length) return;
    const sent = JSON.stringify(due.map((r) => ({ id: r.id, days: r.bucket })));
    const mails = due.map((r) => queueMail(db, reminderMail(r, options), now));
    try {
      await meter.batch([
        // The key (subscription, reminder) makes a concurrent run's batch fail whole, mails included.
        db
          .prepare(
            "INSERT INTO subscription_reminders (subscription_id, days, run_id, sent_at) SELECT json_extract(value, '$.id'), json_extract(value, '$.days'), ?2, ?3 FROM json_each(?1)",
          )
          .bind(sent, runId, now),
        db
          .prepare(
            `UPDATE subscriptions SET last_reminder_days = (SELECT json_extract(j.value, '$.days') FROM json_each(?1) j WHERE json_extract(j.value, '$.id') = subscriptions.id)
             WHERE id IN (SELECT json_extract(value, '$.id') FROM json_each(?1))`,
          )
          .bind(sent),
        ...mails.map((m) => m.statement),
      ]);
    } catch (e) {
      // Another run sent some of these at the same moment: they are marked now, so select again.
      if (String(e instanceof Error ? `${e.message} ${String(e.cause ?? "")}` : e).includes("UNIQUE constraint failed") && ++conflicts < 5) continue;
      throw e;
    }
    for (const r of due) meter.run.reminded[r.bucket] += 1;
    await options.handOff?.(mails.map((m) => m.id));
    if (due.length < REMIND_BATCH) return;
  }
}

const inDays = (n: number) => (n <= 0 ? m.mail_plan_when_today() : n === 1 ? m.mail_plan_when_tomorrow() : m.mail_plan_when_in_days({ n }));

/** The reminder's wording, in the vendor's language (users.locale): a trial's and a paid plan's differ. */
export function reminderMail(
  r: Pick<DueReminder, "email" | "business_name" | "plan_name" | "end_date" | "is_trial" | "days_left"> & { locale?: string | null },
  { origin }: { origin: string },
) {
  const locale = mailLocale(r.locale);
  return withLocale(locale, () => {
    const when = inDays(r.days_left);
    const date = formatDate(r.end_date);
    const planUrl = `${origin}${PLAN_PATH}`;
    const frame = {
      to: r.email,
      locale,
      audience: "vendor",
      origin,
      greeting: m.mail_greeting({ name: r.business_name }),
      reason: m.mail_plan_reason(),
    } as const;
    if (r.is_trial)
      return composeMail({
        ...frame,
        subject: m.mail_plan_trial_subject({ when }),
        body: [m.mail_plan_trial_ends({ when, date }), m.mail_plan_trial_choose(), { link: { label: m.mail_plan_see_plans(), url: planUrl } }],
      });
    return composeMail({
      ...frame,
      subject: m.mail_plan_subject({ plan: r.plan_name, when }),
      body: [m.mail_plan_ends({ plan: r.plan_name, when, date }), m.mail_plan_renew_text(), { link: { label: m.mail_plan_renew(), url: planUrl } }],
    });
  });
}
