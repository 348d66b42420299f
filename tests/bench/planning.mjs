// Couple planning (issue 12): "a wedding with 12 functions, 800 guests in 250 households and 200
// tasks: the planner and guest pages render server-side in one round trip", and the daily planning
// reminder for many opted-in couples. The bench copies its database and adds:
//   - one bench couple (signed in through a session it inserts) with 12 functions, 200 tasks,
//     800 guests in 250 households, every household invited to several functions (the wedding and
//     reception for all), answers from about nine guests in ten, a few bookings and budget lines;
//   - 10,000 opted-in couples with a small plan each (two functions, six tasks, a booking with a
//     payment and a deliverable, two budget lines, six households of three guests invited to a
//     function within two weeks, half of them answered; one couple in ten has nothing due), and
//     2,000 couples who did not opt in.
// Then it starts the built Worker on the copy (wrangler dev --test-scheduled) and
//   (a) times GET /profile/weddingplan and /profile/guests as the bench couple, one request at a
//       time (status, bytes, p50/p95, and D1 rows read when the page reports them in Server-Timing);
//   (b) runs the planning reminder cron at 08:00 India time twice (the second is the same day's
//       rerun) and reads what the job logged ("planning reminders {…}": couples, mails, D1 calls,
//       statements, rows read and written, ms).
//
//   node tests/bench/planning.mjs [--state .wrangler/state] [--port 8789] [--couples 10000] [--rounds 30]
// (needs a production build: react-router build).
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { mustRun } from "../../scripts/run.mjs";
import { scheduledRuns, startScheduledWorker, waitFor } from "./scheduled-worker.mjs";
import { printInvocations } from "./daily-job.mjs";
import { COUNTED_HEADCOUNT_SQL, HEADCOUNT_SQL } from "#domain/guests/index.ts";

export const PLANNING_COUPLES = 10_000;
export const WEDDING = { functions: 12, guests: 800, households: 250, tasks: 200 };
/** The planning reminder's cron expression (functions/cron/index.ts PLANNING_MORNING). */
const PLANNING_MORNING = "30 2 * * *";
// The two pages (the guest page in English and in Hindi, issue 33: both under 200 KB), and the head-counts API as an app would call it.
export const PLANNING_PAGES = ["/profile/weddingplan", "/profile/guests", "/hi/profile/guests", "/api/v1/guests/headcounts"];

const DAY = 86_400_000;
const IST = 330 * 60_000;

/** 08:00 India time of the India day after now: the next planning reminder run. */
export const nextPlanningRun = (now = Date.now()) => Math.floor((now + IST) / DAY + 1) * DAY - IST + 8 * 3_600_000;
const indiaDay = (ms) => new Date(ms + IST).toISOString().slice(0, 10);

const base32 = (bytes) => {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
};

const FUNCTIONS = ["Roka", "Tilak", "Haldi", "Mehndi", "Sangeet", "Cocktail", "Wedding", "Reception", "Chooda", "Pooja", "Vidaai", "Griha Pravesh"];

/**
 * A copy of `sourceState` with the bench wedding and `couples` opted-in couples, dated relative to
 * `at` (the reminder run's moment). Returns the state dir, the bench couple's session token, and `at`.
 */
export async function preparePlanningState(sourceState, { couples = PLANNING_COUPLES, at = nextPlanningRun(), targetState = ".wrangler/bench-planning" } = {}) {
  if (existsSync(targetState)) rmSync(targetState, { recursive: true, force: true });
  cpSync(sourceState, targetState, { recursive: true });
  const now = Date.now();
  const day0 = indiaDay(at);
  const d = (expr) => `date('${day0}', printf('%+d days', ${expr}))`;
  const token = base32(randomBytes(20));
  // The opted-in bench couples with their number and its last digit (D1 allows no temporary tables).
  const PC = "(SELECT id AS u, CAST(substr(id, 10) AS INTEGER) AS i, CAST(substr(id, 10) AS INTEGER) % 10 AS r FROM users WHERE id LIKE 'bench-pc-%') bench_pc";
  const sessionId = createHash("sha256").update(token).digest("hex");
  const fnValues = FUNCTIONS.map(
    (name, e) =>
      `('bpw-e${String(e).padStart(2, "0")}', 'bench-wedding', '${name}', date('${day0}', '+${5 + Math.floor(e / 2)} days'), '${String(10 + (e % 8)).padStart(2, "0")}:00', ${200_000 + e * 50_000}, 'hindu:${name.toLowerCase().replace(/ /g, "-")}', ${now}, ${now})`,
  ).join(",\n  ");
  const sql = `
INSERT INTO users (id, email, user_name, role, is_verified, partner_name, guest_estimate, total_budget, planning_reminders, wedding_date, wedding_city, created_at, updated_at)
  VALUES ('bench-wedding', 'bench-wedding@mandap.example', 'Bench Bride', 'USER', 1, 'Bench Groom', 800, 4000000, 1, date('${day0}', '+9 days'), 'Jaipur', ${now}, ${now});
INSERT INTO sessions (id, user_id, expires_at, created_at, user_agent) VALUES ('${sessionId}', 'bench-wedding', ${now + 7 * DAY}, ${now}, 'bench');
INSERT INTO users (id, email, user_name, role, is_verified, created_at, updated_at) VALUES ('bench-plan-vendor', 'bench-plan-vendor@mandap.example', 'Bench Planner Vendor', 'VENDOR', 1, ${now}, ${now});
INSERT INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at) VALUES ('bench-plan-vendor', 'bench-plan-vendor', 'Bench Wedding Services', 'Rajasthan', 'Jaipur', ${now}, ${now});
INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, status, created_at, updated_at)
  VALUES ('bench-plan-svc', 'bench-plan-vendor', 'Bench Royal Thali', 'A bench service.', 'Wedding Vendor', 'Caterers', 1000, 'Per Plate', 'Rajasthan', 'Jaipur', 'active', ${now}, ${now});
INSERT INTO events (id, user_id, name, event_date, start_time, budget, tradition_key, created_at, updated_at) VALUES
  ${fnValues};
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${WEDDING.tasks - 1})
INSERT INTO tasks (id, event_id, user_id, name, status, priority, due_date, assignee, created_at, updated_at)
  SELECT printf('bpw-t%03d', i), printf('bpw-e%02d', i % ${WEDDING.functions}), 'bench-wedding', 'Bench task ' || i,
    CASE i % 4 WHEN 0 THEN 'TODO' WHEN 1 THEN 'IN_PROGRESS' WHEN 2 THEN 'DONE' ELSE 'TODO' END,
    CASE i % 3 WHEN 0 THEN 'HIGH' WHEN 1 THEN 'MEDIUM' ELSE 'LOW' END,
    CASE WHEN i % 7 = 0 THEN NULL ELSE ${d("(i % 70) - 10")} END,
    CASE i % 3 WHEN 0 THEN 'Bride' WHEN 1 THEN 'Groom' ELSE 'Mother' END, ${now}, ${now}
  FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${WEDDING.households - 1})
INSERT INTO households (id, user_id, name, rsvp_token, created_at, updated_at)
  SELECT printf('bpw-h%03d', i), 'bench-wedding', 'Bench family ' || i, 'bpw-token-' || i || '-${token.slice(0, 8)}', ${now}, ${now} FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${WEDDING.guests - 1})
INSERT INTO guests (id, user_id, household_id, name, side, relation, phone, city, dietary, needs_stay, needs_pickup, created_at, updated_at)
  SELECT printf('bpw-g%03d', i), 'bench-wedding', printf('bpw-h%03d', i % ${WEDDING.households}), 'Bench guest ' || i,
    CASE i % 3 WHEN 0 THEN 'BRIDE' WHEN 1 THEN 'GROOM' ELSE 'BOTH' END, 'Cousin', '98765' || printf('%05d', i), 'Jaipur',
    CASE i % 4 WHEN 0 THEN 'VEG' WHEN 1 THEN 'JAIN' WHEN 2 THEN 'NON_VEG' ELSE 'VEGAN' END, i % 5 = 0, i % 7 = 0, ${now}, ${now}
  FROM n;
INSERT INTO household_invitations (household_id, event_id, invited_at)
  SELECT h.id, e.id, ${now} FROM households h, events e
  WHERE h.user_id = 'bench-wedding' AND e.user_id = 'bench-wedding'
    AND (e.name IN ('Wedding', 'Reception') OR (CAST(substr(h.id, 6) AS INTEGER) + CAST(substr(e.id, 6) AS INTEGER)) % 3 <> 0);
INSERT INTO guest_rsvps (guest_id, event_id, response, party_size, answered_at)
  SELECT g.id, i.event_id,
    CASE (CAST(substr(g.id, 6) AS INTEGER) + CAST(substr(i.event_id, 6) AS INTEGER)) % 5 WHEN 3 THEN 'DECLINED' WHEN 4 THEN 'MAYBE' ELSE 'ATTENDING' END,
    1 + (CAST(substr(g.id, 6) AS INTEGER) % 4 = 0), ${now}
  FROM guests g JOIN household_invitations i ON i.household_id = g.household_id
  WHERE g.user_id = 'bench-wedding' AND (CAST(substr(g.id, 6) AS INTEGER) * 7 + CAST(substr(i.event_id, 6) AS INTEGER)) % 10 <> 0;
INSERT INTO bookings (id, service_id, vendor_id, user_id, event_date, agreed_price, advance_paid, status, created_at, updated_at)
  SELECT 'bpw-b' || k, 'bench-plan-svc', 'bench-plan-vendor', 'bench-wedding', date('${day0}', '+9 days'), 300000, 100000, 'CONFIRMED', ${now}, ${now}
  FROM (SELECT column1 AS k FROM (VALUES (0), (1), (2), (3)));
INSERT INTO booking_milestones (id, booking_id, kind, title, amount, due_date)
  SELECT id || '-p', id, 'PAYMENT', 'Balance', 200000, date('${day0}', '+' || (2 + substr(id, 6)) || ' days') FROM bookings WHERE user_id = 'bench-wedding';
INSERT INTO booking_milestones (id, booking_id, kind, title, amount, due_date)
  SELECT id || '-d', id, 'DELIVERABLE', 'Album', NULL, date('${day0}', '+' || (40 + substr(id, 6)) || ' days') FROM bookings WHERE user_id = 'bench-wedding';
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 29)
INSERT INTO budget_lines (id, user_id, event_id, category, label, estimated, quoted, booked, paid, due_date, created_at, updated_at)
  SELECT printf('bpw-l%02d', i), 'bench-wedding', printf('bpw-e%02d', i % ${WEDDING.functions}), CASE i % 5 WHEN 0 THEN 'Venue' WHEN 1 THEN 'Catering' WHEN 2 THEN 'Decor' WHEN 3 THEN 'Photography' ELSE 'Attire' END,
    'Bench line ' || i, 100000, 90000, 90000, 30000 * (i % 4), ${d("i % 20 - 3")}, ${now}, ${now}
  FROM n;

WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${couples - 1})
INSERT INTO users (id, email, user_name, role, is_verified, partner_name, planning_reminders, created_at, updated_at)
  SELECT printf('bench-pc-%05d', i), printf('bench-pc-%05d@mandap.example', i), 'Bench Couple ' || i, 'USER', 1, 'Partner ' || i, 1, ${now}, ${now} FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${Math.round(couples / 5) - 1})
INSERT INTO users (id, email, user_name, role, is_verified, planning_reminders, created_at, updated_at)
  SELECT printf('bench-pn-%05d', i), printf('bench-pn-%05d@mandap.example', i), 'Bench Quiet Couple ' || i, 'USER', 1, 0, ${now}, ${now} FROM n;
INSERT INTO events (id, user_id, name, event_date, created_at, updated_at)
  SELECT u || '-e' || k, u, CASE k WHEN 0 THEN 'Sangeet' ELSE 'Wedding' END,
    CASE WHEN k = 0 AND r <> 9 THEN ${d("3 + i % 12")} ELSE ${d("30 + k")} END, ${now}, ${now}
  FROM ${PC}, (SELECT column1 AS k FROM (VALUES (0), (1)));
INSERT INTO tasks (id, event_id, user_id, name, status, due_date, created_at, updated_at)
  SELECT u || '-t' || k, u || '-e' || (k / 4), u, 'Task ' || k, CASE k % 3 WHEN 0 THEN 'TODO' WHEN 1 THEN 'IN_PROGRESS' ELSE 'DONE' END,
    CASE WHEN r = 9 THEN ${d("40 + k")} ELSE ${d("k * 3 - 2")} END, ${now}, ${now}
  FROM ${PC}, (SELECT column1 AS k FROM (VALUES (0), (1), (2), (3), (4), (5)));
INSERT INTO bookings (id, service_id, vendor_id, user_id, agreed_price, advance_paid, status, created_at, updated_at)
  SELECT u || '-b', 'bench-plan-svc', 'bench-plan-vendor', u, 100000, 20000, 'CONFIRMED', ${now}, ${now} FROM ${PC} WHERE r <> 9;
INSERT INTO booking_milestones (id, booking_id, kind, title, amount, due_date)
  SELECT u || '-bp', u || '-b', 'PAYMENT', 'Balance', 80000, ${d("i % 10")} FROM ${PC} WHERE r <> 9;
INSERT INTO booking_milestones (id, booking_id, kind, title, amount, due_date)
  SELECT u || '-bd', u || '-b', 'DELIVERABLE', 'Album', NULL, ${d("5 + i % 5")} FROM ${PC} WHERE r <> 9;
INSERT INTO budget_lines (id, user_id, category, label, booked, paid, due_date, created_at, updated_at)
  SELECT u || '-l' || k, u, 'Decor', 'Line ' || k, 50000, 20000 * k, CASE WHEN r = 9 THEN ${d("50")} ELSE ${d("2 + k * 4")} END, ${now}, ${now}
  FROM ${PC}, (SELECT column1 AS k FROM (VALUES (0), (1)));
INSERT INTO households (id, user_id, name, rsvp_token, created_at, updated_at)
  SELECT u || '-h' || k, u, 'Family ' || k, u || '-tok-' || k, ${now}, ${now}
  FROM ${PC}, (SELECT column1 AS k FROM (VALUES (0), (1), (2), (3), (4), (5)));
INSERT INTO guests (id, user_id, household_id, name, created_at, updated_at)
  SELECT h.id || '-g' || j, h.user_id, h.id, 'Guest ' || j, ${now}, ${now}
  FROM households h JOIN ${PC} ON bench_pc.u = h.user_id, (SELECT column1 AS j FROM (VALUES (0), (1), (2)));
INSERT INTO household_invitations (household_id, event_id, invited_at)
  SELECT h.id, h.user_id || '-e0', ${now} FROM households h JOIN ${PC} ON bench_pc.u = h.user_id;
INSERT INTO guest_rsvps (guest_id, event_id, response, answered_at)
  SELECT g.id, g.user_id || '-e0', 'ATTENDING', ${now} FROM guests g JOIN ${PC} ON bench_pc.u = g.user_id WHERE (CAST(substr(g.household_id, -1) AS INTEGER) + CAST(substr(g.id, -1) AS INTEGER)) % 2 = 0;
`;
  const file = `${targetState}/bench-planning.sql`;
  writeFileSync(file, sql);
  await mustRun(
    `bench wedding (${WEDDING.functions} functions, ${WEDDING.guests} guests, ${WEDDING.tasks} tasks) and ${couples} opted-in couples`,
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", targetState, "--file", file],
    { env: { CI: "1" }, quiet: true },
  );
  return { state: targetState, token, at, couples };
}

const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/** D1 rows read as the page reports them (Server-Timing "…;desc=rows_read=N" or "rows_read=N"), when it does. */
const rowsReadOf = (res) => {
  const m = (res.headers.get("server-timing") ?? "").match(/rows_read=(\d+)/);
  return m ? Number(m[1]) : null;
};

/** Sequential GETs of each planning page as the bench couple: status, HTML size, p50/p95. */
export async function planningPageLatency(base, token, rounds = 30) {
  const headers = { cookie: `mandap_session=${token}` };
  const out = [];
  for (const path of PLANNING_PAGES) {
    const first = await fetch(`${base}${path}`, { headers, redirect: "manual" });
    const html = await first.text();
    const times = [];
    const statuses = new Map();
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      const res = await fetch(`${base}${path}`, { headers, redirect: "manual" });
      await res.arrayBuffer();
      times.push(performance.now() - t);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    out.push({
      path,
      status: first.status,
      statuses: Object.fromEntries(statuses),
      htmlKB: Buffer.byteLength(html) / 1024,
      // How much of the wedding the first HTML shows: guests and tasks named in it.
      guestsNamed: new Set(html.match(/Bench guest \d+/g) ?? []).size,
      tasksNamed: new Set(html.match(/Bench task \d+/g) ?? []).size,
      rowsRead: rowsReadOf(first),
      p50: pct(times, 50),
      p95: pct(times, 95),
    });
  }
  return out;
}

/**
 * The guest page's head-count (functions/domain/guests/headcount-sql.ts: COUNTED_HEADCOUNT_SQL, the
 * query functionHeadCounts runs, or the recount HEADCOUNT_SQL it must equal) for the bench wedding,
 * run `runs` times on the prepared copy through local D1: its SQL time as D1 reports it
 * (meta.duration; wrangler's local D1 reports no rows_read, so the rows it reads are measured in
 * workerd by tests/integration/guests-scale.test.ts). Run before the Worker starts on the copy.
 */
export function headCountQuery(state, runs = 5, query = COUNTED_HEADCOUNT_SQL) {
  const sql = query.replaceAll("?1", "'bench-wedding'").replace(/\s+/g, " ");
  const env = { ...process.env, PATH: `${resolve("node_modules/.bin")}${delimiter}${process.env.PATH}` };
  const out = [];
  for (let i = 0; i < runs; i++) {
    const res = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql], { env, encoding: "utf8" });
    if (res.status !== 0) throw new Error(`head-count query failed: ${res.stderr || res.stdout}`);
    const [first] = JSON.parse(res.stdout);
    out.push({
      functions: first.results.length,
      attending: first.results.reduce((n, r) => n + r.attending, 0),
      rowsRead: first.meta.rows_read,
      ms: first.meta.duration,
    });
  }
  const ms = out.map((r) => r.ms).sort((a, b) => a - b);
  return { ...out[0], statements: 1, runs, medianMs: ms[Math.floor(ms.length / 2)], maxMs: ms.at(-1) };
}

/** Runs the planning reminder cron at `at` twice (the second is the same day's rerun); each run's report as the job logged it. */
export const planningReminderRuns = (worker, at) => scheduledRuns(worker, PLANNING_MORNING, at, "planning reminders", "planning-reminders");

/** Outbox rows of the bench couples' digests not yet delivered (the local mailbox's STORED is delivered), read beside the running Worker. */
function digestsPending(state) {
  const env = { ...process.env, PATH: `${resolve("node_modules/.bin")}${delimiter}${process.env.PATH}` };
  const sql =
    "SELECT count(*) AS pending, (SELECT count(*) FROM outbox WHERE to_address LIKE 'bench-pc-%' AND status IN ('STORED', 'SENT')) AS delivered FROM outbox WHERE to_address LIKE 'bench-pc-%' AND status NOT IN ('STORED', 'SENT', 'FAILED')";
  const res = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql], { env, encoding: "utf8" });
  // The running Worker holds the database while it writes: a busy read is simply made again.
  if (res.status !== 0 && /SQLITE_BUSY/.test(`${res.stderr}${res.stdout}`)) return null;
  if (res.status !== 0) throw new Error(`outbox query failed: ${res.stderr || res.stdout}`);
  return JSON.parse(res.stdout)[0].results[0];
}

/**
 * The morning's digests from the cron to the last delivery: runs the reminder cron at `at` and
 * polls the outbox until none of the digests it queued is still waiting (the mail queue's local
 * consumer delivers them to the local mailbox, STORED). The time is the scheduled call's start to
 * the poll that saw none pending (polls about every two seconds).
 */
export async function digestDelivery(worker, state, at, timeoutMs = 20 * 60_000) {
  const t = performance.now();
  const runs = await scheduledRuns(worker, PLANNING_MORNING, at, "planning reminders", "planning-reminders");
  let last = null;
  while (performance.now() - t < timeoutMs) {
    last = digestsPending(state) ?? last;
    if (last?.pending === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { run: runs[0], delivered: last?.delivered ?? 0, pending: last?.pending ?? null, ms: performance.now() - t };
}

/** Both parts of the bench on one prepared copy: pages first, then the reminder runs. */
export async function planningBench(prepared, { port = 8789, rounds = 30 } = {}) {
  const headCount = headCountQuery(prepared.state);
  const recount = headCountQuery(prepared.state, 5, HEADCOUNT_SQL);
  const worker = startScheduledWorker(prepared.state, port);
  try {
    await waitFor(`${worker.base}/`);
    const pages = await planningPageLatency(worker.base, prepared.token, rounds);
    const delivery = await digestDelivery(worker, prepared.state, prepared.at);
    // The same day again, a minute later: nothing more is mailed.
    const [, again] = await planningReminderRuns(worker, prepared.at);
    const reminders = [delivery.run, again];
    return { couples: prepared.couples, wedding: WEDDING, headCount, recount, pages, reminders, delivery };
  } finally {
    worker.child.kill("SIGTERM");
  }
}

export function printPlanningBench(r) {
  const w = r.wedding;
  console.log(
    `\nCouple planning: a wedding of ${w.functions} functions, ${w.guests} guests in ${w.households} households, ${w.tasks} tasks (signed in as the couple, one request at a time):`,
  );
  console.log("| page | status | p50 ms | p95 ms | HTML KB | guests named | tasks named | D1 rows read |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const p of r.pages)
    console.log(
      `| ${p.path} | ${Object.entries(p.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")} | ${p.p50.toFixed(1)} | ${p.p95.toFixed(1)} | ${p.htmlKB.toFixed(0)} | ${p.guestsNamed} | ${p.tasksNamed} | ${p.rowsRead ?? "n/a"} |`,
    );
  const h = r.headCount;
  console.log(
    `\nHead-count per function and dietary preference (one query, local D1, ${h.runs} runs): ${h.functions} functions, ${h.attending} attending in all, SQL ${h.medianMs.toFixed(2)} ms median (${h.maxMs.toFixed(2)} ms max); its D1 rows read are printed by tests/integration/guests-scale.test.ts.`,
  );
  if (r.recount)
    console.log(
      `The same from a recount of every invitation x guest x answer (HEADCOUNT_SQL, what the counters must equal): ${r.recount.attending} attending, SQL ${r.recount.medianMs.toFixed(2)} ms median (${r.recount.maxMs.toFixed(2)} ms max).`,
    );
  console.log(
    `\nDaily planning reminder, ${r.couples.toLocaleString("en-IN")} opted-in couples plus the bench wedding (scheduled handler of the built Worker, local D1):`,
  );
  console.log("| run | wall ms (scheduled call) | job ms | couples read | mails queued | items | D1 calls | statements | rows read | rows written |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const x of r.reminders)
    console.log(
      `| ${x.label} | ${x.wallMs.toFixed(0)} | ${x.ms} | ${x.couples} | ${x.mailed} | ${x.items} | ${x.queries} | ${x.statements} | ${x.rowsRead} | ${x.rowsWritten} |`,
    );
  for (const x of r.reminders)
    if (x.rowsReadBy)
      console.log(
        `rows read by query (${x.label}): ${Object.entries(x.rowsReadBy)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`,
      );
  printInvocations("Daily planning reminder", r.reminders);
  const d = r.delivery;
  console.log(
    `Digests from the cron to the last delivery (mail queue, local mailbox transport): ${d.delivered.toLocaleString("en-IN")} delivered, ${d.pending} pending, ${(d.ms / 1000).toFixed(1)} s (target: 10,000 within 10 minutes).`,
  );
}

// Standalone: node tests/bench/planning.mjs
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      state: { type: "string" },
      port: { type: "string", default: "8789" },
      couples: { type: "string", default: String(PLANNING_COUPLES) },
      rounds: { type: "string", default: "30" },
    },
  });
  let source = values.state;
  if (!source) {
    source = ".wrangler/bench-planning-source";
    // Applied each time: only migrations added since the copy was made run.
    await mustRun("an empty migrated database", "wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", source], {
      env: { CI: "1" },
      quiet: true,
    });
  }
  const prepared = await preparePlanningState(source, { couples: Number(values.couples) });
  printPlanningBench(await planningBench(prepared, { port: Number(values.port), rounds: Number(values.rounds) }));
  process.exit(0);
}
