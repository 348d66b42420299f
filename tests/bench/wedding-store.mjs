// Each wedding's store (issue 33, docs/decisions/0055): the figures that decide between a Durable
// Object with SQLite per wedding and D1. Runs tests/bench/wedding-store/worker.ts (the product's
// WeddingStore class and guest-list domain functions) under wrangler dev in local workerd, on its
// own state directory, and measures:
//   - seeding 10,000 weddings of 300 guests, each into its own store through importRows (500 rows a
//     call), and the same weddings into one D1 (SQL); bytes on disk per store, in all, and of the D1;
//   - the 800-guest wedding's guest page data (guestPage) and head-count (functionHeadCounts) read
//     from its store and from the D1 that holds every wedding (p50/p95 in the Worker, same functions);
//   - one store's memory: its SQLite size, and how much workerd's resident memory grows when the
//     800-guest store and then 100 300-guest stores are opened;
//   - the morning reminder over the opted-in weddings: a page of them from D1 and one store call
//     each, split into invocations of at most 1,000 subrequests;
//   - one wedding's export (every table as CSV, zipped) and its deletion (the store dropped; the
//     same account deleted from the shared D1, for comparison).
//
//   node tests/bench/wedding-store.mjs [--weddings 10000] [--port 9802] [--rounds 30] [--keep-state]
//   npm run bench -- --wedding-stores [--weddings N]
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { mustRun } from "../../scripts/run.mjs";
import { launchWorker, waitFor } from "./scheduled-worker.mjs";
import { d1File } from "./storage.mjs";

const CONFIG = "tests/bench/wedding-store/wrangler.jsonc";
const STATE = ".wrangler/bench-wedding-store";
/** The bench's D1 with the app's migrations and nothing else, kept between runs (applying 140 migrations takes a minute or two). */
const EMPTY_STATE = ".wrangler/bench-wedding-store-empty";
/** The subrequests one invocation may make on Workers Paid (the figure this bench plans with; each store call and D1 call is one). */
export const SUBREQUESTS_PER_INVOCATION = 1000;
/** Weddings per reminder invocation: one D1 read of the page, one store call each, and room for the outbox batch and the queue sends. */
export const REMINDER_PAGE = 900;

const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const nextDay = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

function startDriver(port) {
  const child = launchWorker(CONFIG, port, ["--persist-to", STATE]);
  return { child, base: `http://127.0.0.1:${port}` };
}

async function stopDriver(driver) {
  const gone = new Promise((r) => driver.child.once("exit", r));
  driver.child.kill("SIGTERM");
  await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
}

async function call(base, path, method = "POST") {
  const res = await fetch(`${base}${path}`, { method });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 2000)}`);
  return res;
}
const callJson = async (base, path, method) => (await call(base, path, method)).json();

/** Resident memory (KB) of the workerd processes under `pid`. */
function workerdRssKb(pid) {
  const ps = spawnSync("ps", ["-A", "-o", "pid=,ppid=,rss=,comm="], { encoding: "utf8" }).stdout.trim().split("\n");
  const rows = ps.map((l) => l.trim().split(/\s+/)).map(([p, pp, rss, comm]) => ({ pid: Number(p), ppid: Number(pp), rss: Number(rss), comm }));
  const mine = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows)
      if (!mine.has(r.pid) && mine.has(r.ppid)) {
        mine.add(r.pid);
        grew = true;
      }
  }
  return rows.filter((r) => mine.has(r.pid) && /workerd/.test(r.comm)).reduce((n, r) => n + r.rss, 0);
}

/** Every store's files on disk (local workerd keeps one SQLite file per object). */
function storeFiles() {
  const root = join(STATE, "v3", "do");
  const dir = existsSync(root) ? readdirSync(root).find((d) => d.includes("WeddingStore")) : null;
  if (!dir) return [];
  const byObject = new Map();
  for (const f of readdirSync(join(root, dir))) {
    const id = f.replace(/\.sqlite(-wal|-shm)?$/, "");
    byObject.set(id, (byObject.get(id) ?? 0) + statSync(join(root, dir, f)).size);
  }
  return [...byObject.values()];
}

const ms = (x) => x.toFixed(1);

export async function weddingStoreBench({ weddings = 10_000, port = 9802, rounds = 30, keepState = false, log = console.log } = {}) {
  const day = nextDay();
  const out = { weddings, guestsPerWedding: 300, day, subrequestsPerInvocation: SUBREQUESTS_PER_INVOCATION };
  if (!keepState && existsSync(STATE)) rmSync(STATE, { recursive: true, force: true });
  // --keep-state resumes an interrupted seeding: D1 is seeded once, and stores already holding their wedding are skipped.
  const resume = keepState && existsSync(join(STATE, "v3", "d1"));
  await mustRun("the bench D1 migrated", "wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", EMPTY_STATE, "-c", CONFIG], {
    env: { CI: "1" },
    quiet: true,
  });
  const emptyD1 = statSync(d1File(EMPTY_STATE)).size;
  if (!resume) cpSync(EMPTY_STATE, STATE, { recursive: true });
  // The Worker bundles the domain, which imports the compiled message catalogues.
  if (!existsSync("shared/paraglide/messages.js")) await mustRun("message catalogues compiled", "node", ["scripts/messages.mjs"], { quiet: true });
  let driver = startDriver(port);
  try {
    await waitFor(`${driver.base}/`);
    const before = await callJson(driver.base, "/seeded", "GET");
    if (before.d1Weddings !== 0 && before.d1Weddings !== weddings)
      throw new Error(`${STATE} holds ${before.d1Weddings} weddings, not ${weddings}: run without --keep-state`);
    if (!before.big) {
      out.big = await callJson(driver.base, `/seed/big?day=${day}`);
      log(`800-guest wedding: ${JSON.stringify(out.big.rows)} rows, into its store in ${ms(out.big.storeMs)} ms (${out.big.storeCalls} importRows calls)`);
    }
    // D1: every wedding in one database (what one regional database would hold, ×4).
    let t = performance.now();
    if (before.d1Weddings === 0) {
      for (let from = 0; from < weddings; from += 500) await callJson(driver.base, `/seed/d1?from=${from}&count=${Math.min(500, weddings - from)}&day=${day}`);
      out.d1SeedMs = performance.now() - t;
      log(`D1 seeded with ${weddings} weddings in ${(out.d1SeedMs / 1000).toFixed(1)} s`);
    }
    // The stores: 50 weddings a request, two requests at a time, 8 stores at a time in each.
    let calls = 0;
    let rowsPerWedding = 0;
    const chunks = [];
    for (let from = 0; from < weddings; from += 50) {
      if (resume) {
        const { stats } = await callJson(driver.base, `/stats?from=${from}&count=${Math.min(50, weddings - from)}`, "GET");
        if (stats.every((s) => s.rows.guests === 300)) continue;
      }
      chunks.push(from);
    }
    const skipped = Math.ceil(weddings / 50) - chunks.length;
    if (skipped) log(`  stores: ${skipped * 50} weddings already seeded (--keep-state)`);
    t = performance.now();
    let done = 0;
    await Promise.all(
      [0, 1].map(async () => {
        while (chunks.length) {
          const from = chunks.shift();
          const r = await callJson(driver.base, `/seed/stores?from=${from}&count=${Math.min(50, weddings - from)}&day=${day}${resume ? "&resume=1" : ""}`);
          calls += r.calls;
          rowsPerWedding = r.rowsPerWedding;
          done += r.weddings;
          if (done % 1000 === 0) log(`  stores: ${done} weddings, ${((performance.now() - t) / 1000).toFixed(0)} s`);
        }
      }),
    );
    out.storeSeed = { ms: performance.now() - t, importCalls: calls, rowsPerWedding, weddingsSeeded: (Math.ceil(weddings / 50) - skipped) * 50 };
    log(`stores seeded: ${out.storeSeed.weddingsSeeded} weddings in ${(out.storeSeed.ms / 1000).toFixed(1)} s (${calls} importRows calls)`);
    // Sizes as the stores report them (a sample) and on disk (all).
    const sample = await callJson(driver.base, `/stats?from=0&count=${Math.min(100, weddings)}`, "GET");
    const bigStats = await callJson(driver.base, "/stats?key=bench-wedding", "GET");
    out.storeStats = {
      sampleMeanBytes: sample.stats.reduce((n, s) => n + s.bytes, 0) / sample.stats.length,
      rows: sample.stats[0].rows,
      big: bigStats.stats[0],
    };
    await stopDriver(driver);
    const files = storeFiles();
    out.disk = {
      stores: files.length,
      storeBytesTotal: files.reduce((a, b) => a + b, 0),
      storeBytesMedian: pct(files, 50),
      storeBytesMax: Math.max(...files),
      d1Bytes: statSync(d1File(STATE)).size - emptyD1,
    };

    // A fresh workerd: the first answers are cold; memory before and after opening stores.
    driver = startDriver(port);
    await waitFor(`${driver.base}/`);
    const rssIdle = workerdRssKb(driver.child.pid);
    const reads = {};
    for (const what of ["headcount", "page"])
      for (const from of ["store", "d1"]) reads[`${what}/${from}`] = await callJson(driver.base, `/read?from=${from}&what=${what}&runs=${rounds}`, "GET");
    const rssBig = workerdRssKb(driver.child.pid);
    await callJson(driver.base, `/stats?from=100&count=${Math.min(100, weddings - 100)}`, "GET");
    const rssHundred = workerdRssKb(driver.child.pid);
    out.reads = Object.fromEntries(
      Object.entries(reads).map(([k, r]) => [
        k,
        { first: r.first, p50: pct(r.times, 50), p95: pct(r.times, 95), counts: r.counts, digest: r.digest, answerBytes: r.bytes },
      ]),
    );
    out.memory = { rssIdleKb: rssIdle, rssAfterBigKb: rssBig, rssAfter100SmallKb: rssHundred, bigStoreBytes: bigStats.stats[0].bytes };

    // The morning reminder: pages of REMINDER_PAGE opted-in weddings, each page one invocation.
    const invocations = [];
    let after = "";
    const remindStart = performance.now();
    for (;;) {
      const r = await callJson(driver.base, `/remind?after=${encodeURIComponent(after)}&limit=${REMINDER_PAGE}&day=${day}`);
      invocations.push(r);
      if (!r.next) break;
      after = r.next;
    }
    out.reminder = {
      ms: performance.now() - remindStart,
      invocations: invocations.length,
      weddings: invocations.reduce((n, r) => n + r.weddings, 0),
      withGuestsWaiting: invocations.reduce((n, r) => n + r.withGuestsWaiting, 0),
      maxSubrequests: Math.max(...invocations.map((r) => r.d1Calls + r.storeCalls)),
      invocationMs: {
        p50: pct(
          invocations.map((r) => r.ms),
          50,
        ),
        max: Math.max(...invocations.map((r) => r.ms)),
      },
    };

    // Export and deletion.
    out.exports = {};
    for (const key of ["bench-wedding", "bw-00001"]) {
      const res = await call(driver.base, `/export?key=${key}`, "GET");
      const body = Buffer.from(await res.arrayBuffer());
      const file = join(STATE, `export-${key}.zip`);
      writeFileSync(file, body);
      const check = spawnSync("unzip", ["-t", file], { encoding: "utf8" });
      out.exports[key] = {
        ms: Number(res.headers.get("x-bench-ms")),
        rows: Number(res.headers.get("x-bench-rows")),
        csvBytes: Number(res.headers.get("x-bench-csv-bytes")),
        zipBytes: body.length,
        zipOk: check.error ? "unzip not found" : check.status === 0,
      };
    }
    out.drop = await callJson(driver.base, "/drop?key=bw-00002");
  } finally {
    await stopDriver(driver);
  }
  return out;
}

export function printWeddingStoreBench(r) {
  const kb = (b) => (b / 1024).toFixed(0);
  const mb = (b) => (b / 1024 / 1024).toFixed(1);
  const rd = (k) => r.reads[k];
  console.log(`\nEach wedding's store (decision 0055): ${r.weddings.toLocaleString("en-IN")} weddings of ${r.guestsPerWedding} guests, one 800-guest wedding`);
  console.log("| what | store (Durable Object, SQLite) | one D1 with every wedding |");
  console.log("|---|---|---|");
  if (r.storeSeed?.weddingsSeeded)
    console.log(
      `| seeding ${r.storeSeed.weddingsSeeded} weddings (${r.storeSeed.rowsPerWedding} rows each) | ${(r.storeSeed.ms / 1000).toFixed(0)} s, ${r.storeSeed.importCalls} importRows calls, ${ms(r.storeSeed.ms / r.storeSeed.weddingsSeeded)} ms a wedding | ${r.d1SeedMs ? `${r.weddings} weddings in ${(r.d1SeedMs / 1000).toFixed(0)} s (SQL, 6 statements per 500 weddings)` : "seeded before (--keep-state)"} |`,
    );
  console.log(
    `| bytes on disk | ${mb(r.disk.storeBytesTotal)} MB in ${r.disk.stores} stores; a 300-guest store ${kb(r.disk.storeBytesMedian)} KB (max ${kb(r.disk.storeBytesMax)} KB) | ${mb(r.disk.d1Bytes)} MB |`,
  );
  for (const [label, what] of [
    ["head-count (functionHeadCounts)", "headcount"],
    ["guest page data (guestPage)", "page"],
  ]) {
    const s = rd(`${what}/store`);
    const d = rd(`${what}/d1`);
    console.log(
      `| 800-guest ${label}: p50 / p95 ms (first, cold) | ${ms(s.p50)} / ${ms(s.p95)} (${ms(s.first)}); ${s.counts.storeCalls} store + ${s.counts.d1Calls} D1 calls, ${s.counts.storeRowsRead} rows read in the store | ${ms(d.p50)} / ${ms(d.p95)} (${ms(d.first)}); ${d.counts.d1Calls} D1 calls, ${d.counts.d1RowsRead} rows read |`,
    );
    console.log(`| same answer (${label}) | ${s.digest === d.digest ? "yes" : "NO"} (${s.digest}) | ${d.digest} |`);
  }
  const m = r.memory;
  console.log(
    `| one 800-guest store's memory | SQLite ${kb(m.bigStoreBytes)} KB; workerd RSS ${mb(m.rssIdleKb * 1024)} MB idle, +${mb((m.rssAfterBigKb - m.rssIdleKb) * 1024)} MB after its reads, +${mb((m.rssAfter100SmallKb - m.rssAfterBigKb) * 1024)} MB for 100 more 300-guest stores | n/a |`,
  );
  const rem = r.reminder;
  console.log(
    `| morning reminder, ${rem.weddings} opted-in weddings | ${rem.invocations} invocations of ≤ ${REMINDER_PAGE} weddings, at most ${rem.maxSubrequests} subrequests each (limit used: ${r.subrequestsPerInvocation}); ${(rem.ms / 1000).toFixed(1)} s in all, ${ms(rem.invocationMs.p50)} ms per invocation (max ${ms(rem.invocationMs.max)}); ${rem.withGuestsWaiting} weddings with guests waiting | today: 1 invocation, 9 D1 calls (decision 0049) |`,
  );
  for (const [key, e] of Object.entries(r.exports))
    console.log(
      `| export of ${key} (zip of CSVs) | ${ms(e.ms)} ms, ${e.rows} rows, ${kb(e.csvBytes)} KB CSV, ${kb(e.zipBytes)} KB zip (unzip -t: ${e.zipOk}) | |`,
    );
  const d = r.drop;
  console.log(
    `| account deletion of a 300-guest wedding | drop ${ms(d.storeMs)} ms (${Object.values(d.before.rows).reduce((a, b) => a + b, 0)} rows, after: ${Object.values(d.after.rows).reduce((a, b) => a + b, 0)}) | DELETE cascading from users ${ms(d.d1Ms)} ms (${d.d1RowsWritten} rows written) |`,
  );
}

// Standalone: node tests/bench/wedding-store.mjs
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      weddings: { type: "string", default: "10000" },
      port: { type: "string", default: process.env.BENCH_PORT ?? "8784" },
      rounds: { type: "string", default: "30" },
      "keep-state": { type: "boolean", default: false },
    },
  });
  const result = await weddingStoreBench({
    weddings: Number(values.weddings),
    port: Number(values.port),
    rounds: Number(values.rounds),
    keepState: values["keep-state"],
  });
  printWeddingStoreBench(result);
  mkdirSync("tests/bench/results", { recursive: true });
  writeFileSync("tests/bench/results/wedding-store.json", `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`);
  process.exit(0);
}
