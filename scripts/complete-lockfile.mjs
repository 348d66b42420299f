#!/usr/bin/env node
// Puts back the lock-file entries npm leaves out when the registry it installs from lacks a
// platform package (this machine's mirror has no macOS/Windows builds of some workerd and
// tailwind versions). Without them `npm ci` refuses the lock as "out of sync" even on Linux.
// Each missing optional dependency gets an entry with its version and the os/cpu npm needs to
// skip it on other platforms; on the platform it belongs to, npm fetches it by version.
//
// Run after any `npm install` that changes package-lock.json:  node scripts/complete-lockfile.mjs
// `--check` changes nothing and fails if entries are missing (npm test runs it first).
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OS_WORDS = ["darwin", "linux", "win32", "android", "freebsd", "openbsd", "sunos", "aix"];
const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
const CPU_WORDS = ["arm64", "x64", "ia32", "arm", "wasm32", "riscv64", "ppc64", "s390x"];

/** os/cpu of a platform package: copied from another version in the lock, else read from its name. */
function platformOf(name) {
  for (const [path, entry] of Object.entries(packages)) {
    if (path.endsWith(`node_modules/${name}`) && (entry.os || entry.cpu)) {
      return { os: entry.os, cpu: entry.cpu };
    }
  }
  const words = name.split("/").pop().split("-");
  const os = words.includes("windows") ? "win32" : OS_WORDS.find((w) => words.includes(w));
  const cpu = words.includes("64") ? "x64" : CPU_WORDS.find((w) => words.includes(w));
  return { os: os ? [os] : undefined, cpu: cpu ? [cpu] : undefined };
}

/** Where npm's resolution finds `name` from the package at `from` (walking up node_modules). */
function resolve(from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

let added = 0;
for (const [path, entry] of Object.entries({ ...packages })) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const found = resolve(path, name);
    // A range (fsevents "~2.3.3") is satisfied by whatever npm placed; only exact pins can be missing.
    if (!EXACT.test(version) || (found && packages[found].version === version)) continue;
    const target = `${path ? `${path}/` : ""}node_modules/${name}`;
    if (packages[target]) continue;
    const { os, cpu } = platformOf(name);
    if (!os && !cpu) {
      console.warn(`complete-lockfile: ${name}@${version} under ${path} is missing and is not a platform package; run npm install`);
      continue;
    }
    packages[target] = {
      version,
      ...(cpu ? { cpu } : {}),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os } : {}),
    };
    added += 1;
  }
}

if (process.argv.includes("--check")) {
  if (added > 0) {
    console.error(`package-lock.json lacks ${added} platform entries, so \`npm ci\` would refuse it: run node scripts/complete-lockfile.mjs`);
    process.exit(1);
  }
  process.exit(0);
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} platform entr${added === 1 ? "y" : "ies"} added`);
