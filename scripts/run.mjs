// Runs a command with the project's node_modules/.bin first on PATH (so tools run on the pinned
// Node 24) and resolves with its exit code.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, resolve } from "node:path";

export const BIN = resolve("node_modules/.bin");

export function run(command, args, { env = {}, quiet = false } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, {
      stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
      env: { ...process.env, PATH: `${BIN}${delimiter}${process.env.PATH}`, ...env },
    });
    child.on("exit", (code, signal) => resolvePromise(signal ? 1 : (code ?? 1)));
  });
}

/** Each step mustRun ran, with its seconds: printed together at the end (CI shows only a run's last lines). */
const steps = [];

/** One line with every step's time so far, e.g. "Times: typecheck 41 s · e2e 2,580 s (failed)". */
export function printTimes() {
  if (steps.length === 0) return;
  const total = steps.reduce((sum, s) => sum + s.seconds, 0);
  const list = steps.map((s) => `${s.label} ${Math.round(s.seconds).toLocaleString("en")} s${s.failed ? " (failed)" : ""}`);
  console.log(`\nTimes: ${list.join(" · ")} · total ${Math.round(total).toLocaleString("en")} s`);
}

export async function mustRun(label, command, args, options) {
  const started = Date.now();
  const code = await run(command, args, options);
  const seconds = (Date.now() - started) / 1000;
  steps.push({ label, seconds, failed: code !== 0 });
  if (code !== 0) {
    console.error(`\n✗ ${label} failed (exit ${code}).`);
    printTimes();
    process.exit(code);
  }
  console.log(`✓ ${label} (${seconds.toFixed(1)} s)`);
}

/**
 * Opts the local preview of the production build into the development pages (/dev/mailbox,
 * /dev/error-screen) and the sandbox payment gateway: DEV_PAGES=on and SANDBOX_GATEWAY=on in
 * build/server/.dev.vars, which `vite preview` reads and `wrangler deploy` never uploads. The
 * Worker also requires a loopback host for both (functions/platform/dev-pages.ts, payments.ts). Keeps the other lines (the build copies your .dev.vars there).
 * `port` sets SITE_ORIGIN, the address the cron's mails link to (they have no request to read it from).
 * `phoneOrigin` sets SANDBOX_PHONE_ORIGIN, where a phone on the same network opens the sandbox checkout's UPI QR code.
 */
export function enableDevPages(dir = "build/server", port = null, phoneOrigin = null) {
  const file = resolve(dir, ".dev.vars");
  const kept = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line.trim() && !/^\s*(DEV_PAGES|SANDBOX_GATEWAY|SANDBOX_PHONE_ORIGIN|SITE_ORIGIN)\s*=/.test(line))
    : [];
  const origin = port ? [`SITE_ORIGIN='http://localhost:${port}'`] : [];
  const phone = phoneOrigin ? [`SANDBOX_PHONE_ORIGIN='${phoneOrigin}'`] : [];
  writeFileSync(file, [...kept, "DEV_PAGES='on'", "SANDBOX_GATEWAY='on'", ...origin, ...phone].join("\n") + "\n");
}
