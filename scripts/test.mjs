// npm test: format check, typecheck, lint, unit and integration tests in workerd, then e2e against the
// production build in Chromium, then the deploy check (bundle size and startup against the Workers
// Free plan's limits). Stops at the first failure.
import { mustRun, printTimes } from "./run.mjs";

await mustRun("lock file complete for npm ci", "node", ["scripts/complete-lockfile.mjs", "--check"]);
await mustRun("format (Prettier)", "prettier", ["--check", "--log-level", "warn", "."]);
await mustRun("typecheck", "npm", ["run", "-s", "typecheck"]);
await mustRun("lint", "npm", ["run", "-s", "lint"]);
// Unit tests share one runtime per worker (--no-isolate): a file's own tests take well under a second,
// and starting an isolated runtime and importing the app for each took about 17 s of CI's time a file
// (35 files: 789 s isolated, 70 s shared, on this machine under load). They keep nothing in storage
// or module state between files. Integration tests keep a fresh runtime and storage per file: they
// write D1 and R2, and a shared database leaked rows between files and slowed as it grew.
await mustRun("unit tests (workerd, one runtime per worker)", "vitest", ["run", "--no-isolate", "tests/unit"]);
await mustRun("integration tests (workerd, a fresh runtime per file)", "vitest", ["run", "tests/integration"]);
await mustRun("production build", "react-router", ["build"], { quiet: true });
await mustRun("e2e", "node", ["scripts/e2e.mjs", "--no-build"]);
// Last: it rebuilds build/ for the production environment (npm start and the e2e script build their own).
await mustRun("deploy check (Workers Free plan limits)", "node", ["scripts/deploy-check.mjs"]);
printTimes();
