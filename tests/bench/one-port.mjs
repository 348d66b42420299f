#!/usr/bin/env node
// The catalogue's headline figures on ONE port, one server at a time (for a shared machine where
// each engineer has a single port): the bare hello Worker's rate, then the production build's
// cached home and browse pages as a share of it and of a bare Worker sending as many bytes, then search one client at a time and ten at once.
// Needs a build (`npx react-router build`) and a migrated database.
//   node tests/bench/one-port.mjs --port 8803 --state .wrangler/bench-100000 [--duration 10] [--connections 10] [--rounds 30]
//   --search-only: only the searches (one client, then ten), with the load average before and after
//   --build DIR: serve another copy of a build (default build), e.g. to compare two versions in turn
// `npm run bench` measures the same and more, with the two Workers side by side on three ports.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { delimiter, resolve } from "node:path";
import { parseArgs } from "node:util";
import { waitFor } from "./scheduled-worker.mjs";
import { printSearchConcurrent, printSearchLatency, searchLatency, searchLatencyConcurrent } from "./search.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8797" },
    state: { type: "string", default: ".wrangler/state" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "30" },
    "no-search": { type: "boolean", default: false },
    "search-only": { type: "boolean", default: false },
    build: { type: "string", default: "build" },
  },
});
const port = Number(values.port);
const duration = Number(values.duration);
const connections = Number(values.connections);
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env, PATH: `${resolve("node_modules/.bin")}${delimiter}${process.env.PATH}` };

function launch(config, extra = []) {
  const args = ["dev", "-c", config, "--port", String(port), "--inspector-port", String(port + 1000), "--ip", "127.0.0.1"];
  const child = spawn("wrangler", [...args, "--log-level", "error", "--show-interactive-dev-session=false", ...extra], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  return child;
}

/** Stops a launched server and everything it started (its process group), and waits for it to go. */
async function stop(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  await new Promise((done) => child.once("exit", done));
}

async function rate(url) {
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

let server = launch(`${values.build}/server/wrangler.json`, ["--persist-to", values.state]);
process.on("exit", () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already stopped
  }
});
await waitFor(`${base}/`);
if (values["search-only"]) {
  const before = loadavg();
  const one = await searchLatency(base, Number(values.rounds));
  const ten = await searchLatencyConcurrent(base, 10, 3);
  await stop(server);
  console.log(
    `\ndata: ${values.state}; load average ${before.map((l) => l.toFixed(1)).join(" ")} before, ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} after\n`,
  );
  printSearchLatency(one);
  printSearchConcurrent(ten);
  process.exit(0);
}
const pages = [];
for (const [name, path] of [
  ["home page (cached)", "/"],
  ["browse page (cached)", "/all/wedding-vendor/caterers"],
]) {
  const bytes = (await (await fetch(`${base}${path}`)).arrayBuffer()).byteLength;
  pages.push({ name, bytes, ...(await rate(`${base}${path}`)) });
}
let search = null;
if (!values["no-search"]) search = { one: await searchLatency(base, Number(values.rounds)), ten: await searchLatencyConcurrent(base, 10, 3) };
await stop(server);

// The bare Worker: its smallest answer, and as many bytes as each page (moving the bytes is the launcher's and the client's work, not the app's).
server = launch("tests/bench/hello/wrangler.jsonc");
await waitFor(`${base}/`);
const hello = await rate(`${base}/`);
for (const page of pages) page.sameBytes = await rate(`${base}/?bytes=${page.bytes}`);
await stop(server);

console.log(`\n${connections} connections, ${duration} s each, data: ${values.state}\n`);
console.log("| target | bytes | req/s | vs hello | vs a bare Worker sending the same bytes | p50 ms | p99 ms | not 200 |");
console.log("|---|---|---|---|---|---|---|---|");
const row = (name, bytes, r, same) =>
  console.log(
    `| ${name} | ${bytes} | ${r.rps.toFixed(0)} | ${((r.rps / hello.rps) * 100).toFixed(0)} % | ${same ? `${((r.rps / same.rps) * 100).toFixed(0)} % (${same.rps.toFixed(0)} req/s)` : ""} | ${r.p50} | ${r.p99} | ${r.non2xx} |`,
  );
row("hello (ceiling)", 5, hello);
for (const p of pages) row(p.name, p.bytes, p, p.sameBytes);
if (search) {
  console.log("");
  printSearchLatency(search.one);
  printSearchConcurrent(search.ten);
}
