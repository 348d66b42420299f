// npm run deploy:check: builds the Worker for production and checks it against the Workers Free
// plan's limits before anything is uploaded (docs/deploy.md, "Before you deploy"):
//   - `wrangler deploy --dry-run` bundles exactly what `wrangler deploy` would upload;
//   - the upload, gzipped, is at most 3 MiB (the Free plan's compressed size) and at most 64 MiB
//     uncompressed;
//   - no browser-only code is in it (the canvas editor's fabric, the budget chart's uPlot, font files):
//     vite.config.ts gives the server build stand-ins for them;
//   - startup (compiling the modules and running their global scope) is measured in workerd, the
//     runtime Cloudflare runs: the CPU time a fresh local runtime has spent when it is ready with this
//     Worker, less what it spends with an empty Worker, median of 5 (the wall clock where /proc is
//     missing). It fails past 600 ms: Cloudflare's limit is 1 second, and this machine measured about
//     440 ms with other builds running at once (docs/deploy.md), so a slower runner still has room.
// `--no-build` checks the production build already in build/ (npm test builds it just before).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
// The local runtime wrangler itself runs on (its own dependency, pinned by the lock file).
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { mustRun } from "./run.mjs";

const MIB = 1024 * 1024;
export const LIMITS = { gzipBytes: 3 * MIB, rawBytes: 64 * MIB, startupMs: 600 };
/** Packages that run in the browser only; their code in the upload is a mistake (vite.config.ts CLIENT_ONLY_PACKAGES). */
const BROWSER_ONLY = [/node_modules\/fabric\//, /node_modules\/uplot\//, /node_modules\/@fontsource\//];
const FONT_FILE = /\.(woff2?|ttf|otf)$/i;
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const CLOCK_TICKS = 100;

const build = !process.argv.includes("--no-build");
if (build) await mustRun("production build (CLOUDFLARE_ENV=production)", "react-router", ["build"], { quiet: true, env: { CLOUDFLARE_ENV: "production" } });
const config = resolve("build/server/wrangler.json");
if (!existsSync(config)) {
  console.error("✗ No production build in build/: run `npm run deploy:check` (it builds) or `CLOUDFLARE_ENV=production npm run build`.");
  process.exit(1);
}

const out = mkdtempSync(join(tmpdir(), "mandap-deploy-check-"));
try {
  await mustRun("wrangler deploy --dry-run", "wrangler", ["deploy", "--dry-run", "--config", config, "--outdir", out], { quiet: true });
  const problems = [];

  // What would be uploaded: every file wrangler wrote to the out dir but its README.
  const files = walk(out).filter((f) => !/README\.md$/.test(f) && !f.endsWith(".map"));
  let raw = 0;
  let gzip = 0;
  const sizes = files.map((file) => {
    const bytes = readFileSync(file);
    const zipped = gzipSync(bytes, { level: 9 }).byteLength;
    raw += bytes.byteLength;
    gzip += zipped;
    return { name: relative(out, file), raw: bytes.byteLength, gzip: zipped };
  });
  console.log(`\nWorker upload (${files.length} modules):`);
  for (const s of sizes.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kib(s.gzip).padStart(11)} gzip  ${kib(s.raw).padStart(11)}  ${s.name}`);
  console.log(
    `  ${kib(gzip).padStart(11)} gzip  ${kib(raw).padStart(11)}  in all (limits: ${kib(LIMITS.gzipBytes)} gzip, ${kib(LIMITS.rawBytes)} uncompressed)`,
  );
  if (gzip > LIMITS.gzipBytes) problems.push(`the upload is ${kib(gzip)} gzipped, over the Workers Free plan's ${kib(LIMITS.gzipBytes)}`);
  if (raw > LIMITS.rawBytes) problems.push(`the upload is ${kib(raw)} uncompressed, over ${kib(LIMITS.rawBytes)}`);

  // Browser-only code: font files uploaded as modules, or a module built from a browser-only package.
  for (const s of sizes) if (FONT_FILE.test(s.name)) problems.push(`a font file is uploaded with the Worker: ${s.name}`);
  for (const s of sizes.filter((s) => s.name.endsWith(".js"))) {
    const map = resolve("build/server", `${s.name}.map`);
    if (!existsSync(map)) continue;
    const sources = JSON.parse(readFileSync(map, "utf8")).sources ?? [];
    for (const pattern of BROWSER_ONLY) {
      // A font's `?url` import is its address only (a string); the font itself is served as a static asset.
      const hit = sources.find((source) => pattern.test(source) && !source.endsWith("?url"));
      if (hit) problems.push(`browser-only code in the Worker: ${hit.replace(/^.*node_modules\//, "")} (in ${s.name})`);
    }
  }

  // Startup in workerd.
  const compatibility = JSON.parse(readFileSync(config, "utf8"));
  const entry = join(out, "index.js");
  const empty = join(out, "empty-worker.mjs");
  writeFileSync(empty, "export default { fetch() { return new Response('ok'); } };\n");
  // The entry first, then every module it may import (wrangler's out dir holds exactly those).
  const modulesOf = (scriptPath) => [
    { type: "ESModule", path: scriptPath },
    ...(scriptPath === entry ? files.filter((f) => f !== entry) : []).map((path) => ({ type: path.endsWith(".wasm") ? "CompiledWasm" : "ESModule", path })),
  ];
  const worker = (scriptPath) => ({
    modules: modulesOf(scriptPath),
    modulesRoot: out,
    compatibilityDate: compatibility.compatibility_date,
    compatibilityFlags: compatibility.compatibility_flags ?? [],
    d1Databases: ["DB"],
    r2Buckets: ["MEDIA"],
  });
  // The CPU time workerd has spent once it is ready (its process is this script's child): unlike the
  // wall clock, it hardly moves when other work shares the machine.
  const workerdCpuMs = () => {
    let ms = 0;
    for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (stat.includes("(workerd)") && Number(fields[1]) === process.pid) ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
      } catch {
        // The process ended while it was read.
      }
    }
    return ms;
  };
  const ready = async (scriptPath) => {
    const started = performance.now();
    const mf = new Miniflare(convertV4MiniflareOptions(worker(scriptPath)));
    try {
      await mf.ready;
      return { wall: performance.now() - started, cpu: workerdCpuMs() };
    } finally {
      await mf.dispose();
    }
  };
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  await ready(empty); // the first start also warms workerd's own caches
  const base = [];
  const ours = [];
  for (let i = 0; i < 5; i++) {
    base.push(await ready(empty));
    ours.push(await ready(entry));
  }
  const cpu = Math.max(0, median(ours.map((r) => r.cpu)) - median(base.map((r) => r.cpu)));
  const wall = Math.max(0, median(ours.map((r) => r.wall)) - median(base.map((r) => r.wall)));
  const measured = existsSync("/proc/self/stat");
  const startup = measured ? cpu : wall;
  console.log(
    `\nStartup in workerd: ${startup.toFixed(0)} ms of ${measured ? "CPU" : "wall-clock time"} beyond an empty Worker's` +
      (measured ? ` (wall clock: ${wall.toFixed(0)} ms beyond, ready in ${median(ours.map((r) => r.wall)).toFixed(0)} ms on this machine now)` : "") +
      `; limit ${LIMITS.startupMs} ms here, 1 s at Cloudflare`,
  );
  if (startup > LIMITS.startupMs) problems.push(`startup takes ${startup.toFixed(0)} ms in workerd, over ${LIMITS.startupMs} ms`);

  if (problems.length) {
    console.error(`\n✗ The Worker breaks the Workers Free plan's limits:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log("✓ within the Workers Free plan's limits");
} finally {
  rmSync(out, { recursive: true, force: true });
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function kib(bytes) {
  return bytes >= MIB ? `${(bytes / MIB).toFixed(2)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`;
}
