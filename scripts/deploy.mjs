// npm run deploy: builds the Worker for production and checks it against the Workers Free plan's
// limits (scripts/deploy-check.mjs), applies the D1 migrations to the production database, then
// uploads the Worker, its static assets and its cron triggers. Needs `wrangler login` (or
// CLOUDFLARE_API_TOKEN) and the first-time steps of docs/deploy.md.
import { mustRun } from "./run.mjs";

await mustRun("deploy check (production build, Workers Free plan limits)", "node", ["scripts/deploy-check.mjs"]);
await mustRun("D1 migrations (remote, production)", "wrangler", ["d1", "migrations", "apply", "DB", "--remote", "--env", "production"]);
// The build above wrote build/server/wrangler.json for the production environment, and
// .wrangler/deploy/config.json points `wrangler deploy` at it.
await mustRun("wrangler deploy", "wrangler", ["deploy"]);
