// What the benches share to run the built Worker locally: waiting for a server to answer, starting
// the Worker on a prepared database copy with scheduled events reachable over HTTP, and running a
// cron twice (the second run is the same day's rerun) to read back what the job logged.
import { spawn } from "node:child_process";
import { delimiter, resolve } from "node:path";

/** Resolves once `url` answers below 500; throws after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Starts `wrangler dev` for `config` on `port`. Each instance gets its own devtools port (port +
 * 1000): two on the default one collide ("Address already in use") and the second never comes up.
 * It prints only its errors, or with `collect` logs everything to its stdout and stderr pipes for
 * the caller to read. `detached` puts it in its own process group, to stop it with everything it
 * started (`process.kill(-child.pid)`).
 */
export function launchWorker(config, port, extra = [], { detached = false, collect = false } = {}) {
  const env = { ...process.env, PATH: `${resolve("node_modules/.bin")}${delimiter}${process.env.PATH}` };
  return spawn(
    "wrangler",
    [
      "dev",
      "-c",
      config,
      "--port",
      String(port),
      "--inspector-port",
      String(port + 1000),
      "--ip",
      "127.0.0.1",
      ...(collect ? [] : ["--log-level", "error"]),
      "--show-interactive-dev-session=false",
      ...extra,
    ],
    { env, stdio: collect ? ["ignore", "pipe", "pipe"] : ["ignore", "ignore", "inherit"], detached },
  );
}

/** The built Worker (wrangler dev --test-scheduled) on `state`; its output is collected in `worker.output`. */
export function startScheduledWorker(state, port) {
  const child = launchWorker("build/server/wrangler.json", port, ["--persist-to", state, "--test-scheduled"], { collect: true });
  const worker = { child, output: "", base: `http://127.0.0.1:${port}` };
  child.stdout.on("data", (b) => (worker.output += b));
  child.stderr.on("data", (b) => (worker.output += b));
  return worker;
}

/** The Worker's JSON log lines (functions/platform/log.ts) in `text`, parsed. */
export function logEvents(text) {
  const out = [];
  for (const line of text.split("\n")) {
    const at = line.indexOf('{"level"');
    if (at < 0) continue;
    try {
      out.push(JSON.parse(line.slice(at)));
    } catch {
      /* not one of ours */
    }
  }
  return out;
}

/**
 * Runs `cron` at `at` twice ("first run", "same day again", a minute apart) and returns each run's
 * report as the job logged it (the `run` of the log event named `logEvent`), with the wall time of
 * the scheduled call. A job larger than one invocation's D1 queries finishes in continuations on
 * the jobs queue (functions/cron/continuations.ts), after the scheduled call has answered: the
 * report is the one its last part logs, `invocations` lists the D1 calls of every invocation it
 * took (the cron's own and each continuation's, from the "cron invocation" events), and `doneMs`
 * is the time from the scheduled call to that report. The report counts only its own part: the
 * run's `queries`, `rowsRead` and `rowsWritten` are the sums over every part's invocation event
 * (`lastPart` keeps the report's own); its other counts (what it did, statements) stay the last part's.
 */
export async function scheduledRuns(worker, cron, at, logEvent, jobName) {
  const runs = [];
  for (const label of ["first run", "same day again"]) {
    const seen = worker.output.length;
    const t = performance.now();
    const res = await fetch(`${worker.base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}&time=${at + runs.length * 60_000}`);
    const body = await res.text();
    const wallMs = performance.now() - t;
    let report = null;
    for (let i = 0; i < 6000 && !report; i++) {
      report = logEvents(worker.output.slice(seen)).find((e) => e.event === logEvent)?.run ?? null;
      if (!report) await new Promise((r) => setTimeout(r, 100));
    }
    const doneMs = performance.now() - t;
    if (res.status !== 200 || !report)
      throw new Error(`the scheduled run answered ${res.status} ${body.slice(0, 200)}; Worker output: ${worker.output.slice(seen).slice(-2000)}`);
    // The invocation lines may arrive just after the report.
    await new Promise((r) => setTimeout(r, 500));
    const invocations = logEvents(worker.output.slice(seen))
      .filter((e) => e.event === "cron invocation" && e.cron === cron)
      .map((e) => ({ part: e.part, queries: e.queries, job: (e.jobs ?? []).find((j) => j.name === jobName) ?? null }))
      .filter((e) => e.job);
    const sum = (key) => invocations.reduce((total, i) => total + i.job[key], 0);
    // A build whose invocation events carry no rows (before cron/continuations.ts counted them) keeps the report's figures.
    const whole =
      invocations.length && invocations.every((i) => typeof i.job.rowsRead === "number")
        ? { queries: sum("queries"), rowsRead: sum("rowsRead"), rowsWritten: sum("rowsWritten") }
        : {};
    runs.push({
      label,
      wallMs,
      doneMs,
      invocations,
      ...report,
      lastPart: { queries: report.queries, rowsRead: report.rowsRead, rowsWritten: report.rowsWritten },
      ...whole,
    });
  }
  return runs;
}
