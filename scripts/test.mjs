// npm test: format check, typecheck, lint, unit and integration tests in workerd, then e2e against the
// production build in Chromium, then the deploy check (bundle size and startup against the Workers
// Free plan's limits). Stops at the first failure.
import { mustRun } from "./run.mjs";

await mustRun("lock file complete for npm ci", "node", ["scripts/complete-lockfile.mjs", "--check"]);
await mustRun("format (Prettier)", "prettier", ["--check", "--log-level", "warn", "."]);
await mustRun("typecheck", "npm", ["run", "-s", "typecheck"]);
await mustRun("lint", "npm", ["run", "-s", "lint"]);
await mustRun("unit and integration tests (workerd)", "vitest", ["run"]);
await mustRun("production build", "react-router", ["build"], { quiet: true });
await mustRun("e2e", "node", ["scripts/e2e.mjs", "--no-build"]);
// Last: it rebuilds build/ for the production environment (npm start and the e2e script build their own).
await mustRun("deploy check (Workers Free plan limits)", "node", ["scripts/deploy-check.mjs"]);
