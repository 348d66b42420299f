#!/usr/bin/env node
// Checks that a catalogue written straight into the SQLite file (scripts/seed-direct.mjs, what
// `--services N` does) is the same database as the one the platform proxy writes (`--through-d1`):
// two fresh states migrated by wrangler, seeded with the same options, then every table compared
// row by row, the schema (indexes, triggers) compared, and the full-text index asked the same
// words. Exits 1 on the first difference.
//   node scripts/check-direct-seed.mjs [--services 400]
import { cpSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { mustRun } from "./run.mjs";
import { localD1File } from "./seed-direct.mjs";

const { values } = parseArgs({ options: { services: { type: "string", default: "400" } } });
const services = values.services;

// Migrated once, then copied: applying the migrations takes longer than seeding a few hundred services.
const migrated = ".wrangler/seed-check-migrated";
rmSync(migrated, { recursive: true, force: true });
await mustRun("migrations applied", "wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", migrated], { env: { CI: "1" }, quiet: true });

async function seeded(state, extra) {
  rmSync(state, { recursive: true, force: true });
  cpSync(migrated, state, { recursive: true });
  const started = Date.now();
  await mustRun(`${state} seeded`, "node", ["scripts/seed.mjs", "--state", state, "--services", services, "--quiet", ...extra]);
  return { file: localD1File(state), seconds: (Date.now() - started) / 1000 };
}

const direct = await seeded(".wrangler/seed-check-direct", []);
const proxied = await seeded(".wrangler/seed-check-d1", ["--through-d1"]);
const a = new DatabaseSync(direct.file, { readOnly: true });
const b = new DatabaseSync(proxied.file, { readOnly: true });
const problems = [];

// The schema: the direct load drops and rebuilds indexes and triggers; they must all be back as they were.
const schema = (db) =>
  db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name")
    .all()
    .map((r) => JSON.stringify(r));
const schemaA = schema(a);
const schemaB = schema(b);
for (const s of schemaB) if (!schemaA.includes(s)) problems.push(`missing after the direct load: ${s}`);
for (const s of schemaA) if (!schemaB.includes(s)) problems.push(`only after the direct load: ${s}`);

// Every ordinary table's rows (the full-text index's own tables are compared by what they answer below).
// Left out: the page-cache version (bumped per row by the proxy's triggers, once by the direct load)
// and the password hashes (salted, so different on every run; both must be set for the demo accounts).
const tables = a
  .prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE 'services_fts%' AND name <> 'page_cache_version' ORDER BY name",
  )
  .all()
  .map((r) => r.name);
let compared = 0;
for (const table of tables) {
  const columns = a
    .prepare(`PRAGMA table_info("${table}")`)
    .all()
    .map((c) => c.name)
    .filter((c) => !(table === "users" && c === "password_hash"));
  const select = `SELECT ${columns.map((c) => `"${c}"`).join(", ")}${table === "users" ? ", password_hash IS NOT NULL AS has_password" : ""} FROM "${table}" ORDER BY ${columns.map((_, i) => i + 1).join(", ")}`;
  const rowsA = a.prepare(select).all();
  const rowsB = b.prepare(select).all();
  if (rowsA.length !== rowsB.length) problems.push(`${table}: ${rowsA.length} rows direct, ${rowsB.length} through D1`);
  for (let i = 0; i < Math.min(rowsA.length, rowsB.length); i++) {
    const ra = JSON.stringify(rowsA[i]);
    const rb = JSON.stringify(rowsB[i]);
    if (ra !== rb) {
      problems.push(`${table}: row ${i} differs:\n  direct ${ra.slice(0, 400)}\n  D1     ${rb.slice(0, 400)}`);
      break;
    }
  }
  compared += rowsA.length;
}
const passwords = a.prepare("SELECT count(*) AS n FROM users WHERE password_hash IS NOT NULL").get().n;
if (passwords < 4) problems.push(`only ${passwords} demo accounts have a password after the direct load`);

// The full-text index answers the same words with the same rowids in the same rank order.
const words = ["royal", "jaipur", "caterers", "photo*", "mehndi OR mehendi", "udaipur palace", "de*", "wedding"];
for (const word of words) {
  const q = "SELECT rowid, round(rank, 6) AS rank FROM services_fts WHERE services_fts MATCH ? ORDER BY rank, rowid";
  const ra = JSON.stringify(a.prepare(q).all(word));
  const rb = JSON.stringify(b.prepare(q).all(word));
  if (ra !== rb) problems.push(`services_fts MATCH '${word}' answers differently`);
}
const version = a.prepare("SELECT version FROM page_cache_version WHERE id = 1").get()?.version ?? 0;
if (version < 1) problems.push("the page-cache version was not bumped by the direct load");
a.close();
b.close();

console.log(
  `${services} services: direct ${direct.seconds.toFixed(1)} s, through D1 ${proxied.seconds.toFixed(1)} s; ${tables.length} tables, ${compared.toLocaleString("en-IN")} rows, ${schemaA.length} schema objects, ${words.length} full-text queries compared.`,
);
if (problems.length) {
  console.error(`${problems.length} differences:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("The direct load wrote the same database.");
