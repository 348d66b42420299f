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
import {
  addFaq,
  deleteFaq,
  deleteServicePhoto,
  moveFaq,
  moveServicePhoto,
  replyToReview,
  setPhotoAlt,
  submitReview,
  searchServices,
  serviceForEdit,
  servicePage,
  servicePhotos,
  topTestimonials,
  updateFaq,
  updateReview,
  vendorPage,
} from "#domain/catalogue/index.ts";
import { reviewPhotoKeys } from "#domain/core/index.ts";
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

/**
 * Like recordingD1, for a read-only file: a statement that writes (INSERT, UPDATE, DELETE) is
 * recorded for its plan and not run (it answers no rows, no changes), so the domain's writes can be
 * followed as far as their first write's answer matters.
 */
function plansOnlyD1(db, seen) {
  const writes = (sql) => /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql);
  const statement = (sql, args = []) => ({
    bind: (...a) => statement(sql, a),
    async all() {
      seen.push({ sql, args });
      return { results: writes(sql) ? [] : db.prepare(sql).all(...args.map(plain)), meta: { rows_read: 0, changes: 0 } };
    },
    async first(column) {
      const { results } = await this.all();
      const row = results[0];
      return column ? (row?.[column] ?? null) : (row ?? null);
    },
    async run() {
      return this.all();
    },
    sql,
    args,
  });
  return { prepare: (sql) => statement(sql), batch: (statements) => Promise.all(statements.map((s) => s.all())) };
}

/** The child tables of the catalogue: a service's reviews, photos' rows and FAQs. */
const CHILD_TABLES = ["reviews", "service_media", "service_faqs"];

/**
 * The plan of every statement that reads or writes a service's reviews, photos' rows or FAQs on the
 * paths that use them: the service page (anonymous), the vendor page (gallery, testimonials), the
 * home page's testimonials, the vendor's photo and FAQ pages, photo and FAQ edits, a couple's review
 * and its edit, a reply to a review, and the photo keys read before an account closes. A statement
 * whose plan has a SCAN without an index is flagged: over one of those tables, at a million
 * services, that is millions of rows.
 */
export async function childTablePlans(db) {
  const pick = db
    .prepare(
      `SELECT s.id, s.vendor_id, v.slug, r.id AS review_id, r.user_id AS couple_id,
         (SELECT f.id FROM service_faqs f WHERE f.service_id = s.id LIMIT 1) AS faq_id, (SELECT m.id FROM service_media m WHERE m.service_id = s.id LIMIT 1) AS photo_id,
         (SELECT u.id FROM users u WHERE u.role = 'USER' AND NOT EXISTS (SELECT 1 FROM reviews o WHERE o.user_id = u.id AND o.service_id = s.id) LIMIT 1) AS new_couple_id
       FROM services s JOIN vendors v ON v.user_id = s.vendor_id JOIN reviews r ON r.service_id = s.id AND r.vendor_reply IS NULL
       WHERE s.status = 'active' AND EXISTS (SELECT 1 FROM service_media m WHERE m.service_id = s.id) AND EXISTS (SELECT 1 FROM service_faqs f WHERE f.service_id = s.id)
       LIMIT 1`,
    )
    .get();
  if (!pick) return [];
  const seen = [];
  const d1 = plansOnlyD1(db, seen);
  const actor = (id, role) => ({ id, role, email: "bench@example.invalid", userName: "Bench", profilePhoto: null, isVerified: true });
  const ctx = (who = null) => ({ db: d1, actor: who, now: Date.now(), events: { record() {} }, env: {}, media: null });
  const vendor = actor(pick.vendor_id, "VENDOR");
  const review = {
    rating: 5,
    quality: 5,
    responsiveness: 5,
    professionalism: 5,
    value: 5,
    flexibility: 5,
    comment: "The food was wonderful, the team was on time for every function and the price was exactly what they had quoted us.",
  };
  const paths = [
    () => servicePage(ctx(), pick.id),
    () => vendorPage(ctx(), pick.slug),
    () => topTestimonials(ctx()),
    () => servicePhotos(ctx(vendor), pick.id),
    () => serviceForEdit(ctx(vendor), pick.id),
    () => addFaq(ctx(vendor), pick.id, { question: "Do you travel?", answer: "Yes, across India." }),
    () => updateFaq(ctx(vendor), pick.id, pick.faq_id, { question: "Do you travel?", answer: "Yes, across India." }),
    () => moveFaq(ctx(vendor), pick.id, pick.faq_id, "down"),
    () => deleteFaq(ctx(vendor), pick.id, pick.faq_id),
    () => deleteServicePhoto(ctx(vendor), pick.id, { publicId: pick.photo_id }),
    () => moveServicePhoto(ctx(vendor), pick.id, pick.photo_id, "down"),
    () => setPhotoAlt(ctx(vendor), pick.id, pick.photo_id, { alt: "The stage at night" }),
    () => submitReview(ctx(actor(pick.new_couple_id, "USER")), pick.id, review),
    () => updateReview(ctx(actor(pick.couple_id, "USER")), pick.id, pick.review_id, review),
    () => replyToReview(ctx(vendor), pick.id, pick.review_id, { reply: "Thank you for your kind words." }),
    () => reviewPhotoKeys(ctx(), "couple", pick.couple_id),
    () => reviewPhotoKeys(ctx(), "vendor", pick.vendor_id),
  ];
  // A path may stop early (a write answered "no change" here): its statements up to there are planned.
  for (const path of paths) await path().catch((e) => process.env.STORAGE_DEBUG && console.error(e));
  const touches = new RegExp(`\\b(${CHILD_TABLES.join("|")})\\b`);
  const statements = [...new Map(seen.filter((s) => touches.test(s.sql)).map((s) => [s.sql.replace(/\s+/g, " ").trim(), s])).entries()];
  return statements.map(([sql, s]) => {
    const { indexes, lines } = planOf(db, s.sql, s.args);
    // A whole-table read: SCAN without an index (an alias hides the table's name, so a scan of a subquery is listed too).
    const scans = lines.filter((l) => /^SCAN (?!CONSTANT ROW)\S+( AS \S+)?$/.test(l));
    return { sql, indexes, lines, scans };
  });
}

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
  const childPlans = await childTablePlans(db);
  db.close();
  return { state, file, fileBytes: statSync(file).size, services, total, objects, indexUse, plans, shapes, childPlans };
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
  console.log(`\n${r.childPlans.length} statements over reviews, service_media and service_faqs (service, vendor, home, photo, FAQ and reply paths):\n`);
  for (const p of r.childPlans)
    console.log(
      `- ${p.scans.length ? `**${p.scans.join(", ")}** ` : ""}${p.sql.slice(0, 160)}${p.sql.length > 160 ? " …" : ""}\n  plan: ${p.lines.join("; ")}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const state = process.argv[2] && !process.argv[2].startsWith("--") ? process.argv[2] : ".wrangler/state";
  const report = await storageReport(state);
  if (process.argv.includes("--json")) console.log(JSON.stringify(report, null, 2));
  else printStorageReport(report);
}
