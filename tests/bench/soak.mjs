// Load and soak (issue 15): `npm run bench -- --soak` runs the production build on loopback only and
// holds --soak-connections (default 50) connections for --soak-minutes (default 10) over a mix of
// visitors' pages and API reads. Reports errors, latency percentiles per interval and the Worker
// process's resident memory over time (read from /proc), and writes tests/bench/results/soak.json.
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** The mix: what visitors do most (home, browse, search, a listing's API), all cacheable or read-only. */
export const SOAK_PATHS = [
  "/",
  "/all/wedding-vendor/caterers",
  "/all/wedding-venue/banquet-halls/rajasthan/jaipur",
  "/api/v1/services?service_type=Caterers&limit=24",
  "/api/v1/services?q=jaipur%20caterer&minPrice=100&limit=24",
  "/api/v1/services?q=lehenga&limit=24",
  "/blogs",
];

const INTERVAL_MS = 30_000;

/** Every descendant pid of `pid` (the launcher starts workerd as a child of a child). */
function descendants(pid) {
  let out;
  try {
    out = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  } catch {
    return []; // ps exits 1 when the process has no children
  }
  const kids = out
    .split("\n")
    .map((s) => Number(s.trim()))
    .filter(Boolean);
  return kids.flatMap((k) => [k, ...descendants(k)]);
}

function rssKB(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** Resident memory (MB) of the launcher's workerd processes together. */
export function workerMemoryMB(launcherPid) {
  const pids = descendants(launcherPid).filter((p) => {
    try {
      return readFileSync(`/proc/${p}/comm`, "utf8").trim() === "workerd";
    } catch {
      return false;
    }
  });
  const kb = pids.map(rssKB).filter((n) => !Number.isNaN(n));
  return kb.length ? kb.reduce((a, b) => a + b, 0) / 1024 : NaN;
}

/** The p-th percentile, in whole milliseconds. */
const pct = (xs, p) => (xs.length ? Math.round(xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]) : NaN);

export async function soak(base, launcherPid, { minutes = 10, connections = 50 } = {}) {
  const url = new URL(base);
  if (!["127.0.0.1", "localhost", "::1"].includes(url.hostname)) throw new Error(`The soak runs against loopback only, not ${url.hostname}.`);
  const started = Date.now();
  const intervals = [];
  let current = { times: [], errors: 0, statuses: {} };
  const memory = [{ at: 0, mb: workerMemoryMB(launcherPid) }];
  const tick = setInterval(() => {
    intervals.push({ at: Math.round((Date.now() - started) / 1000), ...current });
    current = { times: [], errors: 0, statuses: {} };
    memory.push({ at: Math.round((Date.now() - started) / 1000), mb: workerMemoryMB(launcherPid) });
    const last = intervals.at(-1);
    console.log(
      `  ${String(last.at).padStart(4)} s: ${last.times.length} answers, p50 ${pct(last.times, 50)} ms, p95 ${pct(last.times, 95)} ms, p99 ${pct(last.times, 99)} ms, errors ${last.errors}, workerd ${memory.at(-1).mb.toFixed(0)} MB`,
    );
  }, INTERVAL_MS);
  const instance = autocannon({
    url: base,
    connections,
    duration: minutes * 60,
    requests: SOAK_PATHS.map((path) => ({ method: "GET", path })),
  });
  instance.on("response", (_client, status, _bytes, ms) => {
    current.times.push(ms);
    current.statuses[status] = (current.statuses[status] ?? 0) + 1;
    if (status >= 500) current.errors++;
  });
  instance.on("reqError", () => current.errors++);
  const result = await instance;
  clearInterval(tick);
  if (current.times.length) intervals.push({ at: Math.round((Date.now() - started) / 1000), ...current });
  memory.push({ at: Math.round((Date.now() - started) / 1000), mb: workerMemoryMB(launcherPid) });
  const all = intervals.flatMap((i) => i.times);
  const statuses = {};
  for (const i of intervals) for (const [s, n] of Object.entries(i.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  const fiveHundreds = Object.entries(statuses)
    .filter(([s]) => Number(s) >= 500)
    .reduce((n, [, c]) => n + c, 0);
  return {
    minutes,
    connections,
    requests: all.length,
    rps: result.requests.average,
    errors: result.errors + result.timeouts + fiveHundreds,
    statuses,
    p50: pct(all, 50),
    p95: pct(all, 95),
    p99: pct(all, 99),
    intervals: intervals.map((i) => ({
      at: i.at,
      answers: i.times.length,
      p50: pct(i.times, 50),
      p95: pct(i.times, 95),
      p99: pct(i.times, 99),
      errors: i.errors,
    })),
    memory,
  };
}

export function printSoak(r) {
  const mem = r.memory.filter((m) => !Number.isNaN(m.mb));
  const first = mem[1] ?? mem[0];
  const last = mem.at(-1);
  console.log(`\nSoak: ${r.connections} connections for ${r.minutes} min on loopback, ${SOAK_PATHS.length} paths in turn`);
  console.log(
    `${r.requests.toLocaleString("en-IN")} answers, ${r.rps.toFixed(0)} req/s, errors ${r.errors}, statuses ${JSON.stringify(r.statuses)}; p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms`,
  );
  if (first && last)
    console.log(
      `workerd memory: ${mem.map((m) => `${m.at}s ${m.mb.toFixed(0)}MB`).join(", ")} (after warm-up ${first.mb.toFixed(0)} MB, at the end ${last.mb.toFixed(0)} MB)`,
    );
}
