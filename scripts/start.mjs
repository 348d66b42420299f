// npm start: migrate the local D1, load the demo data when the database is empty, build, and
// serve the production build on http://localhost:8787 (PORT overrides) with the development
// pages (/dev/mailbox) on. Ctrl-C stops it; running it again reuses the data.
import { spawn } from "node:child_process";
import { networkInterfaces } from "node:os";
import { delimiter } from "node:path";
import { BIN, enableDevPages, mustRun } from "./run.mjs";

const port = process.env.PORT ?? "8787";
await mustRun("migrations applied to the local D1", "wrangler", ["d1", "migrations", "apply", "DB", "--local"], { env: { CI: "1" } });
await mustRun("demo data", "node", ["scripts/seed.mjs"]);
await mustRun("production build", "react-router", ["build"], { quiet: true });
// LAN=1: also listen on this computer's private address, so a phone on the same network can open
// the sandbox checkout's UPI QR code (only its approval pages answer there).
const lan =
  process.env.LAN === "1"
    ? Object.values(networkInterfaces())
        .flat()
        .find((a) => a && a.family === "IPv4" && !a.internal && /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(a.address))?.address
    : undefined;
if (process.env.LAN === "1" && !lan) console.log("LAN=1: no private IPv4 address found; the QR code will point at localhost.");
// Local only: the mailbox at /dev/mailbox (on localhost) shows the e-mails the app sends.
enableDevPages("build/server", port, lan ? `http://${lan}:${port}` : null);

console.log(`\nMandap is starting on http://localhost:${port} (Ctrl-C to stop)…\n`);
if (lan) console.log(`A phone on the same network opens the checkout's UPI QR code at http://${lan}:${port}`);
const server = spawn("vite", ["preview", "--port", port, "--strictPort", ...(lan ? ["--host", "0.0.0.0"] : [])], {
  stdio: "inherit",
  env: { ...process.env, PATH: `${BIN}${delimiter}${process.env.PATH}`, PORT: port },
});
const stop = () => server.kill("SIGINT");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));
