// npm start: migrate the local D1, load the demo data when the database is empty, build, and
// serve the production build on http://localhost:8787 (PORT overrides) with the development
// pages (/dev/mailbox) on. Ctrl-C stops it; running it again reuses the data.
import { spawn } from "node:child_process";
import { delimiter } from "node:path";
import { BIN, enableDevPages, mustRun } from "./run.mjs";

const port = process.env.PORT ?? "8787";
await mustRun("migrations applied to the local D1", "wrangler", ["d1", "migrations", "apply", "DB", "--local"], { env: { CI: "1" } });
await mustRun("demo data", "node", ["scripts/seed.mjs"]);
await mustRun("production build", "react-router", ["build"], { quiet: true });
// Local only: the mailbox at /dev/mailbox (on localhost) shows the e-mails the app sends.
enableDevPages("build/server", port);

console.log(`\nMandap is starting on http://localhost:${port} (Ctrl-C to stop)…\n`);
const server = spawn("vite", ["preview", "--port", port, "--strictPort"], {
  stdio: "inherit",
  env: { ...process.env, PATH: `${BIN}${delimiter}${process.env.PATH}`, PORT: port },
});
const stop = () => server.kill("SIGINT");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));
