// Where the catalogue database's bytes go, and which indexes the searches' query plans use
// (issue 34, docs/decisions/0051-a-million-listings.md). Reads the local D1 file of a state directory directly with
// Node's own SQLite (node:sqlite has the dbstat table), so run it while no Worker writes to it:
//   node tests/bench/storage.mjs [stateDir]          e.g. .wrangler/bench-100000 (default .wrangler/state)
//   node tests/bench/storage.mjs [stateDir] --json   the same figures as JSON
// Prints: bytes per table and per index (and per service), the FTS tables' share, the plan of every
// search shape the search domain can build (filters × sort orders × text) with the indexes each
// uses, the indexes of the catalogue tables no search plan uses, and each bench shape's time in
// SQLite alone (no Worker, no HTTP: the floor under the API's latency).
import { readdirSync, statSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { searchServices } from "#domain/catalogue/index.ts";
import { serviceListQuery, sortFromQuery } from "#shared/service-filters.ts";
import { SEARCH_SHAPES } from "./search.mjs";

const CATALOGUE = ["services", "service_media", "service_faqs", "reviews", "service_search_keys", "vendors", "service_blocked_dates"];

/** The D1 file of a local state directory (wrangler's --persist-to). */
export function d1File(state) {
  const dir = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${dir}`);
  return join(dir, file);
}

/** A D1Database stand-in over node:sqlite that runs statements and remembers every one (for EXPLAIN). */
function recordingD1(db, seen) {
  const statement = (sql, args = []) => ({
    bind: (...a) => statement(sql, a),
    async all() {
      seen?.push({ sql, args });
      return { results: db.prepare(sql).all(...args.map(plain)), meta: { rows_read: 0 } };
    },
    async first(column) {
      const row = db.prepare(sql).get(...args.map(plain));
      return column ? (row?.[column] ?? null) : (row ?? null);
    },
    sql,
    args,
  });
  return {
    prepare: (sql) => statement(sql),
    batch: (statements) => Promise.all(statements.map((s) => s.all())),
  };
}
const plain = (v) => (typeof v === "boolean" ? Number(v) : v);

function searchContext(d1) {
  return { db: d1, actor: null, now: Date.now(), events: { record() {} } };
}

/** Bytes per table and index ({ name, table, kind, bytes, pages }), largest first. */
export function storageByObject(db) {
  const objects = new Map(
    db
      .prepare("SELECT name, type, tbl_name FROM sqlite_master")
      .all()
      .map((o) => [o.name, o]),
  );
  const rows = db.prepare("SELECT name, sum(pgsize) AS bytes, count(*) AS pages FROM dbstat GROUP BY name").all();
  return rows
    .map((r) => {
      const o = objects.get(r.name);
      const fts = /^services_fts(_|$)/.test(r.name);
      const kind = fts ? "fts" : r.name.startsWith("sqlite_autoindex") ? "index (key)" : (o?.type ?? "internal");
      return { name: r.name, table: fts ? "services_fts" : (o?.tbl_name ?? r.name), kind, bytes: r.bytes, pages: r.pages };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/** Every search the domain builds for these filter sets, sort orders and texts. */
export function searchVariants() {
  const filters = [
    {},
    { service_type: "Caterers" },
    { service_category: "Wedding Venue" },
    { service_category: "Wedding Vendor", state: "Rajasthan" },
    { state: "Rajasthan", city: "Jaipur" },
    { city: "Jaipur" },
    { service_type: "Caterers", state: "Rajasthan", city: "Jaipur" },
    { service_type: "Caterers", minPrice: 500, maxPrice: 5000, rating: 3 },
    { minPrice: 100000 },
    { service_type: "Wedding Photographers", available_on: "2026-12-05" },
    { vendor_name: "royal" },
    {
      service_category: "Wedding Vendor",
      service_type: "Caterers",
      state: "Rajasthan",
      city: "Jaipur",
      minPrice: 100,
      maxPrice: 900000,
      rating: 1,
      available_on: "2026-12-05",
      vendor_name: "heritage",
    },
  ];
  const sorts = [
    { by: "rating", order: "desc" },
    { by: "rating", order: "asc" },
    { by: "price", order: "asc" },
    { by: "price", order: "desc" },
    { by: "views", order: "desc" },
    { by: "newest", order: "desc" },
  ];
  const out = [];
  for (const f of filters)
    for (const sort of sorts) for (const q of [undefined, "royal", "jaipur caterers"]) out.push({ ...f, ...(q ? { q } : {}), sort, limit: 24 });
  return out;
}

/** The indexes a statement's plan uses (names), and the plan's lines. */
export function planOf(db, sql, args) {
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args.map(plain));
  const indexes = new Set();
  for (const step of plan) for (const m of step.detail.matchAll(/(?:COVERING )?INDEX (\w+)/g)) indexes.add(m[1]);
  return { indexes: [...indexes], lines: plan.map((p) => p.detail) };
}

export async function storageReport(state, { timeRounds = 20 } = {}) {
  const file = d1File(state);
  const db = new DatabaseSync(file, { readOnly: true });
  const services = db.prepare("SELECT count(*) AS n FROM services").get().n;
  const objects = storageByObject(db);
  const total = objects.reduce((s, o) => s + o.bytes, 0);
  // Plans of every search variant.
  const seen = [];
  const d1 = recordingD1(db, seen);
  for (const search of searchVariants()) await searchServices(searchContext(d1), search);
  const statements = [...new Map(seen.map((s) => [`${s.sql}\u0000${JSON.stringify(s.args)}`, s])).values()];
  const usedBy = new Map();
  const plans = [];
  for (const s of statements) {
    const { indexes, lines } = planOf(db, s.sql, s.args);
    plans.push({ sql: s.sql.replace(/\s+/g, " "), args: s.args, indexes, lines });
    for (const i of indexes) usedBy.set(i, (usedBy.get(i) ?? 0) + 1);
  }
  const catalogueIndexes = db
    .prepare(`SELECT name, tbl_name AS "table", sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN (${CATALOGUE.map(() => "?").join(",")})`)
    .all(...CATALOGUE);
  const indexUse = catalogueIndexes.map((i) => ({
    name: i.name,
    table: i.table,
    bytes: objects.find((o) => o.name === i.name)?.bytes ?? 0,
    searchPlans: usedBy.get(i.name) ?? 0,
    columns: db
      .prepare(`PRAGMA index_info("${i.name}")`)
      .all()
      .map((c) => c.name),
  }));
  // Each bench shape through SQLite alone.
  const shapes = [];
  for (const query of SEARCH_SHAPES) {
    const parsed = serviceListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
    const { sort_by, sort_order, ...filters } = parsed;
    const search = { ...filters, sort: sortFromQuery(sort_by, sort_order) };
    const times = [];
    for (let i = 0; i < timeRounds; i++) {
      const t = performance.now();
      await searchServices(searchContext(recordingD1(db)), search);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    shapes.push({ query, medianMs: times[Math.floor(times.length / 2)], maxMs: times[times.length - 1] });
  }
  db.close();
  return { state, file, fileBytes: statSync(file).size, services, total, objects, indexUse, plans, shapes };
}

const mb = (b) => (b / 1024 / 1024).toFixed(1);

export function printStorageReport(r) {
  const per = (b) => (b / r.services).toFixed(0);
  console.log(
    `\nStorage: ${r.services.toLocaleString("en-IN")} services, ${mb(r.total)} MB in pages (file ${mb(r.fileBytes)} MB): ${per(r.total)} bytes per service\n`,
  );
  const byTable = new Map();
  for (const o of r.objects) {
    const t = byTable.get(o.table) ?? { table: o.table, data: 0, indexes: 0 };
    if (o.kind === "index" || o.kind === "index (key)") t.indexes += o.bytes;
    else t.data += o.bytes;
    byTable.set(o.table, t);
  }
  console.log("| table | data MB | indexes MB | bytes per service (data + indexes) | share |");
  console.log("|---|---|---|---|---|");
  for (const t of [...byTable.values()].sort((a, b) => b.data + b.indexes - (a.data + a.indexes)).filter((t) => t.data + t.indexes > r.total / 1000))
    console.log(`| ${t.table} | ${mb(t.data)} | ${mb(t.indexes)} | ${per(t.data + t.indexes)} | ${(((t.data + t.indexes) / r.total) * 100).toFixed(1)} % |`);
  const fts = r.objects.filter((o) => o.kind === "fts");
  console.log(`\nFull-text search: ${fts.map((o) => `${o.name} ${mb(o.bytes)} MB`).join(", ")}\n`);
  console.log("| index | table | columns | MB | bytes per service | search plans using it |");
  console.log("|---|---|---|---|---|---|");
  for (const i of r.indexUse.sort((a, b) => b.bytes - a.bytes))
    console.log(`| ${i.name} | ${i.table} | ${i.columns.join(", ")} | ${mb(i.bytes)} | ${per(i.bytes)} | ${i.searchPlans} |`);
  console.log(`\n${r.plans.length} distinct search statements planned; indexes of the catalogue tables no search plan uses:`);
  console.log(
    r.indexUse
      .filter((i) => i.searchPlans === 0)
      .map((i) => i.name)
      .join(", ") || "none",
  );
  console.log("\n| bench search shape | SQLite alone median ms | max ms |");
  console.log("|---|---|---|");
  for (const s of r.shapes) console.log(`| ${s.query} | ${s.medianMs.toFixed(2)} | ${s.maxMs.toFixed(2)} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const state = process.argv[2] && !process.argv[2].startsWith("--") ? process.argv[2] : ".wrangler/state";
  const report = await storageReport(state);
  if (process.argv.includes("--json")) console.log(JSON.stringify(report, null, 2));
  else printStorageReport(report);
}
