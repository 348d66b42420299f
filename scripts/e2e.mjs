// The e2e suite: a fresh local D1/R2 of its own (the demo data you browse is untouched), the
// production build, and Playwright in system Chromium.
import { rmSync } from "node:fs";
import { ensureChromium } from "./chromium.mjs";
import { enableDevPages, mustRun } from "./run.mjs";

// One state folder per port, so two runs on different ports (E2E_PORT) in one checkout don't delete
// each other's database (a run starts from an empty one).
const port = process.env.E2E_PORT ?? "8788";
const state = port === "8788" ? ".wrangler/e2e-state" : `.wrangler/e2e-state-${port}`;
const chromium = ensureChromium();
rmSync(state, { recursive: true, force: true });
const env = { MANDAP_STATE: state, CHROMIUM_PATH: chromium, CI: process.env.CI ?? "" };
await mustRun("e2e database migrated", "wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
  env: { ...env, CI: "1" },
  quiet: true,
});
await mustRun("e2e demo data", "node", ["scripts/seed.mjs", "--state", state, "--quiet"], { env });
// Vendors with services, and a copy of the data for tests to query: no test touches the live
// database while the server holds it (SQLITE_BUSY would be a 500 in another test).
await mustRun("e2e vendor pool and seed copy", "node", ["tests/e2e/prepare.mjs", "--state", state], { env });
if (!process.argv.includes("--no-build")) await mustRun("production build", "react-router", ["build"], { quiet: true });
// The tests read mail at /dev/mailbox.
enableDevPages("build/server", port);
await mustRun("e2e tests (Playwright, Chromium)", "playwright", ["test", ...process.argv.slice(2).filter((a) => a !== "--no-build")], { env });
