// The daily subscription job (issue 11: "the daily job with 10,000 vendors finishes within one
// Worker invocation's limits"). The bench copies its database, adds 10,000 bench vendors with
// subscriptions in assorted states around the run's moment (ended, ending in 1 to 7 days, trials,
// stacked periods, orders left PENDING, far from their end) and two services each, then runs the
// DAILY cron once through the built Worker's scheduled handler (wrangler dev --test-scheduled,
// /cdn-cgi/handler/scheduled), and again the same day. The job logs what it did and cost
// ("daily subscription job {…}": D1 calls, statements, rows read and written, ms); the bench reads
// that line from the Worker's output. The copy keeps the bench vendors out of the demo data.
//
//   node tests/bench/daily-job.mjs [--state .wrangler/state] [--port 8793] [--vendors 10000]
// (needs a production build: react-router build).
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { mustRun } from "../../scripts/run.mjs";
import { scheduledRuns, startScheduledWorker, waitFor } from "./scheduled-worker.mjs";

export const DAILY_JOB_VENDORS = 10_000;
/** The DAILY cron expression (functions/cron/index.ts). */
const DAILY = "30 21 * * *";
/** Workers Free: D1 queries per invocation (developers.cloudflare.com/d1/platform/limits); Paid: 1,000. */
export const D1_QUERIES_PER_INVOCATION = 50;

const DAY = 86_400_000;

/**
 * A copy of `sourceState` with `vendors` bench vendors, subscriptions in assorted states relative to
 * `at` (the run's moment, 03:00 India time), and two services each. Returns the state dir.
 */
export async function prepareDailyJobState(sourceState, { vendors = DAILY_JOB_VENDORS, at, targetState = ".wrangler/bench-daily-job" } = {}) {
  if (existsSync(targetState)) rmSync(targetState, { recursive: true, force: true });
  cpSync(sourceState, targetState, { recursive: true });
  const now = Date.now();
  // i % 20 picks the state: 0-3 ended (expire, then the free tier hides one service), 4-5 a paid plan
  // ending in 1..7 days, 6-7 a trial ending in 1..7 days, 8 a trial ending in 3 days with a paid period
  // stacked after it, 9 an order PENDING for 2 days (abandoned), 10 one PENDING for an hour, 11 expired
  // long ago, 12 cancelled, 13-19 a paid plan ending in 20..110 days.
  const sql = `
INSERT INTO plans (id, name, description, price, duration_days, is_trial, features, max_active_services, featured_placement, analytics_depth, is_active, created_at, updated_at) VALUES
  ('bench-trial', 'Bench trial', '', 0, 14, 1, '[]', 3, 0, 'BASIC', 0, ${now}, ${now}),
  ('bench-silver', 'Bench Silver', '', 4999, 90, 0, '[]', 10, 0, 'FULL', 0, ${now}, ${now}),
  ('bench-gold', 'Bench Gold', '', 14999, 365, 0, '[]', NULL, 1, 'FULL', 0, ${now}, ${now});
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${vendors - 1})
INSERT INTO users (id, email, user_name, role, is_verified, created_at, updated_at)
  SELECT 'bench-dj-' || i, 'bench-dj-' || i || '@mandap.example', 'Bench Vendor ' || i, 'VENDOR', 1, ${now}, ${now} FROM n;
INSERT INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at)
  SELECT id, id, 'Bench Events ' || substr(id, 10), 'Rajasthan', 'Jaipur', ${now}, ${now} FROM users WHERE id LIKE 'bench-dj-%';
INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, status, created_at, updated_at)
  SELECT 'bench-dj-s' || k || '-' || substr(user_id, 10), user_id, 'Bench Feast ' || k, 'A bench service.', 'Wedding Vendor', 'Caterers', 1000, 'Per Plate', 'Rajasthan', 'Jaipur', 'active',
    ${now} - 1000 * k, ${now}
  FROM vendors, (SELECT 1 AS k UNION ALL SELECT 2) WHERE user_id LIKE 'bench-dj-%';
INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, start_date, end_date, is_trial, trial_end_date, created_at, updated_at)
  SELECT 'bench-dj-sub-' || i, user_id,
    CASE WHEN r IN (6, 7, 8) THEN 'bench-trial' WHEN r % 3 = 0 THEN 'bench-gold' ELSE 'bench-silver' END,
    CASE WHEN r IN (9, 10) THEN 'PENDING' WHEN r = 11 THEN 'EXPIRED' WHEN r = 12 THEN 'CANCELLED' ELSE 'ACTIVE' END,
    CASE WHEN r IN (9, 10) THEN 'order_bench' || i ELSE NULL END,
    ${at} - 30 * ${DAY},
    CASE
      WHEN r BETWEEN 0 AND 3 THEN ${at} - (1 + i % 47) * 3600000
      WHEN r BETWEEN 4 AND 7 THEN ${at} + (1 + i % 7) * ${DAY} - 7200000
      WHEN r = 8 THEN ${at} + 3 * ${DAY}
      WHEN r IN (9, 10) THEN NULL
      WHEN r IN (11, 12) THEN ${at} - 200 * ${DAY}
      ELSE ${at} + (20 + i % 90) * ${DAY}
    END,
    CASE WHEN r IN (6, 7, 8) THEN 1 ELSE 0 END,
    CASE WHEN r IN (6, 7) THEN ${at} + (1 + i % 7) * ${DAY} - 7200000 WHEN r = 8 THEN ${at} + 3 * ${DAY} ELSE NULL END,
    CASE WHEN r = 9 THEN ${at} - 2 * ${DAY} WHEN r = 10 THEN ${at} - 3600000 ELSE ${at} - 30 * ${DAY} END,
    ${now}
  FROM (SELECT user_id, CAST(substr(user_id, 10) AS INTEGER) AS i, CAST(substr(user_id, 10) AS INTEGER) % 20 AS r FROM vendors WHERE user_id LIKE 'bench-dj-%');
INSERT INTO subscriptions (id, vendor_id, plan_id, status, start_date, end_date, is_trial, created_at, updated_at)
  SELECT 'bench-dj-next-' || substr(user_id, 10), user_id, 'bench-silver', 'ACTIVE', ${at} + 3 * ${DAY}, ${at} + 93 * ${DAY}, 0, ${at} - ${DAY}, ${now}
  FROM vendors WHERE user_id LIKE 'bench-dj-%' AND CAST(substr(user_id, 10) AS INTEGER) % 20 = 8;
INSERT INTO payments (id, user_id, purpose, subscription_id, amount, currency, status, gateway_order_id, created_at, updated_at)
  SELECT 'bench-dj-pay-' || substr(vendor_id, 10), vendor_id, 'SUBSCRIPTION', id, 4999, 'INR', 'PENDING', gateway_order_id, created_at, created_at
  FROM subscriptions WHERE id LIKE 'bench-dj-sub-%' AND status = 'PENDING';
`;
  const file = `${targetState}/bench-daily-job.sql`;
  writeFileSync(file, sql);
  await mustRun(`bench vendors for the daily job (${vendors})`, "wrangler", ["d1", "execute", "DB", "--local", "--persist-to", targetState, "--file", file], {
    env: { CI: "1" },
    quiet: true,
  });
  return { state: targetState, vendors, at };
}

/** 03:00 India time of the India day after now: the next DAILY run. */
export const nextDailyRun = (now = Date.now()) => {
  const ist = 330 * 60_000;
  return Math.floor((now + ist) / DAY + 1) * DAY - ist + 3 * 3_600_000;
};

/**
 * Starts the built Worker on the prepared copy with scheduled events reachable over HTTP, runs the
 * DAILY cron at `at` twice (the second run is the same day's rerun), and returns each run's
 * report as the job logged it, with the wall time of the scheduled call.
 */
export async function dailyJobBench({ state, at }, port = 8793) {
  const worker = startScheduledWorker(state, port);
  try {
    await waitFor(`${worker.base}/`);
    return await scheduledRuns(worker, DAILY, at, "daily subscription job", "subscriptions");
  } finally {
    worker.child.kill("SIGTERM");
  }
}

export function printDailyJob(runs, vendors = DAILY_JOB_VENDORS) {
  console.log(`\nDaily subscription job, ${vendors.toLocaleString("en-IN")} vendors with subscriptions (scheduled handler of the built Worker, local D1):`);
  console.log(
    "| run | wall ms (scheduled call) | job ms | abandoned | expired | vendors limited | reminders 7/3/1 | D1 calls | statements | rows read | rows written |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of runs)
    console.log(
      `| ${r.label} | ${r.wallMs.toFixed(0)} | ${r.ms} | ${r.abandoned} | ${r.expired} | ${r.vendorsLimited} | ${r.reminded[7]}/${r.reminded[3]}/${r.reminded[1]} | ${r.queries} | ${r.statements} | ${r.rowsRead} | ${r.rowsWritten} |`,
    );
  for (const r of runs)
    if (r.rowsReadBySteps)
      console.log(
        `rows read by step (${r.label}): ${Object.entries(r.rowsReadBySteps)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`,
      );
  printInvocations("Daily subscription job", runs);
}

/** Each run's invocations (the cron's own and its continuations on the jobs queue) with their D1 calls. */
export function printInvocations(title, runs) {
  if (runs.some((r) => r.invocations.length > 1))
    console.log(
      `${title}: D1 calls and rows read and written are the whole run's, summed over its invocations; what it did, statements and rows by step are its last part's (the part that logs the report).`,
    );
  for (const r of runs) {
    const parts = r.invocations.map((i) => `${i.part === 0 ? "cron" : `part ${i.part}`} ${i.queries}${i.job ? ` (this job ${i.job.queries})` : ""}`);
    const worst = Math.max(0, ...r.invocations.map((i) => i.queries));
    console.log(
      `${title}, ${r.label}: ${r.invocations.length} invocation(s), D1 calls per invocation: ${parts.join(", ")}; at most ${worst} of ${D1_QUERIES_PER_INVOCATION} (Workers Free); finished ${(r.doneMs / 1000).toFixed(1)} s after the cron.`,
    );
  }
}

// Standalone: node tests/bench/daily-job.mjs
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: { state: { type: "string" }, port: { type: "string", default: "8793" }, vendors: { type: "string", default: String(DAILY_JOB_VENDORS) } },
  });
  let source = values.state;
  if (!source) {
    source = ".wrangler/bench-daily-job-source";
    if (!existsSync(`${source}/v3/d1`))
      await mustRun("an empty migrated database", "wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", source], {
        env: { CI: "1" },
        quiet: true,
      });
  }
  const prepared = await prepareDailyJobState(source, { vendors: Number(values.vendors), at: nextDailyRun() });
  printDailyJob(await dailyJobBench(prepared, Number(values.port)), prepared.vendors);
  process.exit(0);
}
