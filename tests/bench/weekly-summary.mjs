// The vendors' weekly summary (issue 31: every scheduled job within the Free plan's 50 D1 queries
// per invocation at 10,000 vendors). The bench copies its database and adds 10,000 bench vendors
// who turned the summary on, each with a service, a week of daily figures and an enquiry, then
// runs the WEEKLY cron (Monday 08:00 India time) through the built Worker's scheduled handler
// (wrangler dev --test-scheduled). The job pages 50 vendors at a time; past one invocation's D1
// budget (45 calls) its rest continues on the jobs queue, one invocation after another
// (functions/cron/continuations.ts). It reports every invocation's D1 calls (the "cron invocation"
// log lines), the time from the cron to the last continuation's report, how many summaries were
// written, and the time until the mail queue's local consumer had delivered them all. A second run
// the same week mails nothing more.
//
//   node tests/bench/weekly-summary.mjs [--state .wrangler/state] [--port 8795] [--vendors 10000]
// (needs a production build: react-router build).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { mustRun } from "../../scripts/run.mjs";
import { scheduledRuns, startScheduledWorker, waitFor } from "./scheduled-worker.mjs";
import { printInvocations } from "./daily-job.mjs";

export const WEEKLY_SUMMARY_VENDORS = 10_000;
/** The WEEKLY cron expression (functions/cron/index.ts). */
const WEEKLY = "30 2 * * 1";
const DAY = 86_400_000;
const IST = 330 * 60_000;

/** 08:00 India time of the next Monday after now: the next WEEKLY run. */
export const nextWeeklyRun = (now = Date.now()) => {
  const today = Math.floor((now + IST) / DAY); // India day number (day 0, 1 Jan 1970, was a Thursday)
  const weekday = (today + 4) % 7; // 0 = Sunday
  const monday = today + ((8 - weekday) % 7 || 7);
  return monday * DAY - IST + 8 * 3_600_000;
};

/** A copy of `sourceState` with `vendors` bench vendors who want the summary. Returns the state dir. */
export async function prepareWeeklySummaryState(sourceState, { vendors = WEEKLY_SUMMARY_VENDORS, at, targetState = ".wrangler/bench-weekly-summary" } = {}) {
  if (existsSync(targetState)) rmSync(targetState, { recursive: true, force: true });
  cpSync(sourceState, targetState, { recursive: true });
  const now = Date.now();
  const day = (ms) => new Date(ms + IST).toISOString().slice(0, 10);
  // Each vendor: a service, daily figures for the seven days before the week's Monday, one enquiry from the bench couple.
  const sql = `
INSERT INTO users (id, email, user_name, role, is_verified, created_at, updated_at) VALUES ('bench-ws-couple', 'bench-ws-couple@mandap.example', 'Bench Couple', 'USER', 1, ${now}, ${now});
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${vendors - 1})
INSERT INTO users (id, email, user_name, role, is_verified, created_at, updated_at)
  SELECT 'bench-ws-' || i, 'bench-ws-' || i || '@mandap.example', 'Bench Vendor ' || i, 'VENDOR', 1, ${now}, ${now} FROM n;
INSERT INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at)
  SELECT id, id, 'Bench Weekly ' || substr(id, 10), 'Rajasthan', 'Jaipur', ${now}, ${now} FROM users WHERE id LIKE 'bench-ws-%' AND role = 'VENDOR';
INSERT INTO vendor_notification_prefs (vendor_id, weekly_summary, updated_at) SELECT user_id, 1, ${now} FROM vendors WHERE user_id LIKE 'bench-ws-%';
INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, status, created_at, updated_at)
  SELECT 'bench-ws-s-' || substr(user_id, 10), user_id, 'Bench Feast', 'A bench service.', 'Wedding Vendor', 'Caterers', 1000, 'Per Plate', 'Rajasthan', 'Jaipur', 'active', ${now}, ${now}
  FROM vendors WHERE user_id LIKE 'bench-ws-%';
WITH RECURSIVE d(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM d WHERE k < 7)
INSERT INTO service_daily_stats (service_id, day, views, leads)
  SELECT s.id, date('${day(at)}', '-' || d.k || ' days'), 10 + d.k, d.k % 2 FROM services s, d WHERE s.id LIKE 'bench-ws-s-%';
INSERT INTO leads (id, service_id, vendor_id, user_id, message, status, created_at, updated_at)
  SELECT 'bench-ws-l-' || substr(vendor_id, 10), id, vendor_id, 'bench-ws-couple', 'We need catering for 300 guests.', 'NEW', ${at} - 3 * ${DAY}, ${at} - 3 * ${DAY}
  FROM services WHERE id LIKE 'bench-ws-s-%';
`;
  const file = `${targetState}/bench-weekly-summary.sql`;
  writeFileSync(file, sql);
  await mustRun(
    `bench vendors for the weekly summary (${vendors})`,
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", targetState, "--file", file],
    {
      env: { CI: "1" },
      quiet: true,
    },
  );
  return { state: targetState, vendors, at };
}

/** The summaries written for the bench vendors, and their mails not yet delivered (the local mailbox's STORED is delivered). */
function summariesState(state) {
  const env = { ...process.env, PATH: `${resolve("node_modules/.bin")}${delimiter}${process.env.PATH}` };
  const sql =
    "SELECT (SELECT count(*) FROM vendor_weekly_summaries WHERE vendor_id LIKE 'bench-ws-%') AS written, " +
    "(SELECT count(*) FROM outbox WHERE to_address LIKE 'bench-ws-%' AND status IN ('STORED', 'SENT')) AS delivered, " +
    "(SELECT count(*) FROM outbox WHERE to_address LIKE 'bench-ws-%' AND status NOT IN ('STORED', 'SENT', 'FAILED')) AS pending";
  const res = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql], { env, encoding: "utf8" });
  // The running Worker holds the database while it writes: a busy read is simply made again.
  if (res.status !== 0 && /SQLITE_BUSY/.test(`${res.stderr}${res.stdout}`)) return null;
  if (res.status !== 0) throw new Error(`weekly summary query failed: ${res.stderr || res.stdout}`);
  return JSON.parse(res.stdout)[0].results[0];
}

/**
 * Runs the WEEKLY cron at `at` twice (the second a minute later, the same week) on the built
 * Worker, then polls the outbox until the mail queue has delivered every summary.
 */
export async function weeklySummaryBench({ state, at, vendors }, port = 8795, timeoutMs = 20 * 60_000) {
  const worker = startScheduledWorker(state, port);
  try {
    await waitFor(`${worker.base}/`);
    const t = performance.now();
    const runs = await scheduledRuns(worker, WEEKLY, at, "weekly vendor summaries", "weekly-vendor-summaries");
    let last = null;
    while (performance.now() - t < timeoutMs) {
      last = summariesState(state) ?? last;
      if (last && last.pending === 0 && last.written >= vendors) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    return { vendors, runs, written: last?.written ?? 0, delivered: last?.delivered ?? 0, pending: last?.pending ?? null, deliveredMs: performance.now() - t };
  } finally {
    worker.child.kill("SIGTERM");
  }
}

export function printWeeklySummary(r) {
  console.log(
    `\nWeekly vendor summaries, ${r.vendors.toLocaleString("en-IN")} vendors who turned them on (scheduled handler of the built Worker, local D1, jobs and mail queues):`,
  );
  printInvocations("Weekly summary", r.runs);
  console.log(
    `Summaries written: ${r.written.toLocaleString("en-IN")}; delivered by the mail queue's local consumer: ${r.delivered.toLocaleString("en-IN")} (${r.pending} pending), ${(r.deliveredMs / 1000).toFixed(1)} s after the first cron.`,
  );
}

// Standalone: node tests/bench/weekly-summary.mjs
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: { state: { type: "string" }, port: { type: "string", default: "8795" }, vendors: { type: "string", default: String(WEEKLY_SUMMARY_VENDORS) } },
  });
  let source = values.state;
  if (!source) {
    source = ".wrangler/bench-weekly-summary-source";
    if (!existsSync(`${source}/v3/d1`))
      await mustRun("an empty migrated database", "wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", source], {
        env: { CI: "1" },
        quiet: true,
      });
  }
  const prepared = await prepareWeeklySummaryState(source, { vendors: Number(values.vendors), at: nextWeeklyRun() });
  printWeeklySummary(await weeklySummaryBench(prepared, Number(values.port)));
  process.exit(0);
}
