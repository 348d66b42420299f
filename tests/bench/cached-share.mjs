#!/usr/bin/env node
// The cached pages' share of a bare Worker's rate (issue 34: at least 75 %), measured in turns: each
// round runs every target once, so a change in the machine's load falls on all of them alike. The
// targets: the app's cached home and browse pages, and a bare Worker (tests/bench/hello) answering as
// many bytes, run twice: alone, and with the app's static assets in front, as the app is deployed
// (with `assets` set, the asset router sees every request first and hands the Worker what is not a
// file: wrangler dev does this locally and Cloudflare does it in production). What separates the app
// from the second is the app's own work; what separates the two bare Workers is the router's.
// `npm run bench` prints it with its other figures; alone, with its own three Workers:
//   node tests/bench/cached-share.mjs --state .wrangler/bench-100000 [--build build] [--port 8830] [--rounds 5] [--duration 4]
// (it applies the migrations to the state first, as npm run bench does)
import autocannon from "autocannon";
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { launchWorker, waitFor } from "./scheduled-worker.mjs";
import { mustRun } from "../../scripts/run.mjs";

export const CACHED_SHARE_TARGET = 0.75;

/** The cached pages measured: a returning visitor's home page (no first-visit splash) and a browse page. */
export const CACHED_PAGES = [
  { name: "home page (cached)", path: "/" },
  { name: "browse page (cached)", path: "/all/wedding-vendor/caterers" },
];

/** A wrangler config for the bare hello Worker with `buildDir`'s client files as its static assets, as the app's own config has them. */
export function helloWithAssetsConfig(buildDir) {
  const dir = mkdtempSync(join(tmpdir(), "bench-hello-assets-"));
  const file = join(dir, "wrangler.json");
  writeFileSync(
    file,
    JSON.stringify({
      name: "bench-hello-assets",
      main: resolve("tests/bench/hello/worker.js"),
      compatibility_date: "2026-10-01",
      compatibility_flags: ["nodejs_compat"],
      assets: { directory: resolve(buildDir, "client"), binding: "ASSETS" },
    }),
  );
  return file;
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function rate(url, connections, duration) {
  const result = await autocannon({ url, connections, duration });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * Each page's rate (req/s) from `app`, and from the bare Worker alone (`hello`) and behind the
 * assets router (`helloAssets`) answering as many bytes: `rounds` turns of `duration` seconds each.
 */
export async function cachedShare({ app, hello, helloAssets, rounds = 5, duration = 4, connections = 10 }) {
  const load = [loadavg()[0]];
  const pages = [];
  for (const { name, path } of CACHED_PAGES) {
    // The first request renders and keeps the page; the second must come from the cache.
    await (await fetch(`${app}${path}`)).arrayBuffer();
    const second = await fetch(`${app}${path}`);
    const bytes = (await second.arrayBuffer()).byteLength;
    if (second.headers.get("x-page-cache") !== "HIT")
      throw new Error(`${path} is not answered from the page cache (X-Page-Cache: ${second.headers.get("x-page-cache")})`);
    pages.push({ name, path, bytes, app: [], bare: [], bareAssets: [] });
  }
  for (const page of pages) {
    for (const url of [`${app}${page.path}`, `${hello}/?bytes=${page.bytes}`, `${helloAssets}/?bytes=${page.bytes}`]) await rate(url, connections, 1);
  }
  for (let round = 0; round < rounds; round++) {
    for (const page of pages) {
      page.app.push(await rate(`${app}${page.path}`, connections, duration));
      page.bare.push(await rate(`${hello}/?bytes=${page.bytes}`, connections, duration));
      page.bareAssets.push(await rate(`${helloAssets}/?bytes=${page.bytes}`, connections, duration));
    }
  }
  load.push(loadavg()[0]);
  return { rounds, duration, connections, load, pages };
}

export function printCachedShare(r) {
  const pct = (a, b) => `${((mean(a) / mean(b)) * 100).toFixed(0)} %`;
  const list = (xs) => xs.map((x) => x.toFixed(0)).join(", ");
  console.log(
    `\nCached pages against a bare Worker sending the same bytes (issue 34: at least ${CACHED_SHARE_TARGET * 100} %): ${r.rounds} rounds of ${r.duration} s per target, taken in turns, ${r.connections} connections; load average ${r.load.map((l) => l.toFixed(1)).join(" -> ")}\n`,
  );
  console.log("| page | bytes | app req/s (each round) | bare Worker req/s | share | bare Worker behind the assets router req/s | share |");
  console.log("|---|---|---|---|---|---|---|");
  for (const p of r.pages) {
    console.log(
      `| ${p.name} | ${p.bytes} | ${mean(p.app).toFixed(0)} (${list(p.app)}) | ${mean(p.bare).toFixed(0)} (${list(p.bare)}) | ${pct(p.app, p.bare)} | ${mean(p.bareAssets).toFixed(0)} (${list(p.bareAssets)}) | ${pct(p.app, p.bareAssets)} |`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      state: { type: "string", default: ".wrangler/state" },
      build: { type: "string", default: "build" },
      port: { type: "string", default: "8830" },
      rounds: { type: "string", default: "5" },
      duration: { type: "string", default: "4" },
      connections: { type: "string", default: "10" },
    },
  });
  const port = Number(values.port);
  // Migrations added since the database was seeded apply to it too, as npm run bench does.
  await mustRun("bench database migrated", "wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", values.state], {
    env: { CI: "1" },
    quiet: true,
  });
  const children = [
    launchWorker(`${values.build}/server/wrangler.json`, port, ["--persist-to", values.state], { detached: true }),
    launchWorker("tests/bench/hello/wrangler.jsonc", port + 1, [], { detached: true }),
    launchWorker(helloWithAssetsConfig(values.build), port + 2, [], { detached: true }),
  ];
  const stopAll = () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already stopped
      }
    }
  };
  process.on("exit", stopAll);
  const [app, hello, helloAssets] = [0, 1, 2].map((i) => `http://127.0.0.1:${port + i}`);
  for (const base of [app, hello, helloAssets]) await waitFor(`${base}/`);
  const result = await cachedShare({
    app,
    hello,
    helloAssets,
    rounds: Number(values.rounds),
    duration: Number(values.duration),
    connections: Number(values.connections),
  });
  console.log(`data: ${values.state}, build: ${values.build}`);
  printCachedShare(result);
  process.exit(0);
}
