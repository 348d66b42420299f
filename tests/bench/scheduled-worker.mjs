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

/** The built Worker (wrangler dev --test-scheduled) on `state`; its output is collected in `worker.output`. */
export function startScheduledWorker(state, port) {
  const env = { ...process.env, PATH: `${resolve("node_modules/.bin")}${delimiter}${process.env.PATH}` };
  const child = spawn(
    "wrangler",
    [
      "dev",
      "-c",
      "build/server/wrangler.json",
      "--port",
      String(port),
      "--inspector-port",
      String(port + 1000),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      state,
      "--test-scheduled",
      "--show-interactive-dev-session=false",
    ],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const worker = { child, output: "", base: `http://127.0.0.1:${port}` };
  child.stdout.on("data", (b) => (worker.output += b));
  child.stderr.on("data", (b) => (worker.output += b));
  return worker;
}

/**
 * Runs `cron` at `at` twice ("first run", "same day again", a minute apart) and returns each run's
 * report as the job logged it (the JSON after `logPrefix`), with the wall time of the scheduled call.
 */
export async function scheduledRuns(worker, cron, at, logPrefix) {
  const pattern = new RegExp(`${logPrefix} (\\{.*\\})`);
  const runs = [];
  for (const label of ["first run", "same day again"]) {
    const seen = worker.output.length;
    const t = performance.now();
    const res = await fetch(`${worker.base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}&time=${at + runs.length * 60_000}`);
    const body = await res.text();
    const wallMs = performance.now() - t;
    // The log line may arrive just after the answer.
    let line = null;
    for (let i = 0; i < 50 && !line; i++) {
      line = worker.output.slice(seen).match(pattern)?.[1] ?? null;
      if (!line) await new Promise((r) => setTimeout(r, 100));
    }
    if (res.status !== 200 || !line)
      throw new Error(`the scheduled run answered ${res.status} ${body.slice(0, 200)}; Worker output: ${worker.output.slice(seen).slice(-2000)}`);
    runs.push({ label, wallMs, ...JSON.parse(line) });
  }
  return runs;
}
