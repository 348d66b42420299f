// An experiment, not a migration (issue 34, docs/decisions/0051-a-million-listings.md, "2026-12-01: what
// compact ids would give, measured"): what the catalogue would weigh per service with compact ids,
// with the demo photos' alt text gone, and what the text the product shows weighs alone. It builds
// THROWAWAY COPIES of a local D1 file (never writes to the original), rebuilds the id-keyed tables in
// each copy, VACUUMs it and measures it the way tests/bench/storage.mjs does (dbstat, every table
// and index, bytes per service), then deletes the copies (unless --keep):
//   node tests/bench/storage-experiment.mjs [stateDir] [--out DIR] [--keep] [--json]
//   e.g. nice -n 10 node tests/bench/storage-experiment.mjs .wrangler/bench-100000 --out .wrangler/exp
// Variants:
//   a  as is (a VACUUMed copy);
//   b  integer keys: users, vendors, services, reviews, service_media, service_faqs and
//      service_search_keys rebuilt with the same columns, keys and indexes, every 36-character id
//      and every column holding one (vendor_id, service_id, user_id, reply_user_id, moderated_by)
//      INTEGER, mapped through temporary tables (numbered in id order); a single-column text primary
//      key becomes INTEGER PRIMARY KEY, so the rowid is the id and its key index goes;
//   c  16-byte ids: the same tables, every id the 16 bytes of its UUID (ids that are not UUIDs, the
//      bench's load users, get 16 bytes numbered in order), the same keys (so the public ids stay,
//      lossless);
//   c2 integer keys with a public 16-byte id: as b, plus a `public_id` 16-byte BLOB with a unique index
//      on users, services and reviews; photos' rows and FAQs keep 16-byte ids inside their
//      (service_id, id) key (every statement over them names the service);
//   d  b with the demo photos' alt text emptied (NULL, as photo-uploads.ts stores a real upload);
//   d2 c2 with the demo photos' alt text emptied;
//   e  the shown text alone: reviews' comments, FAQs' questions and answers, photos' keys, each in a
//      table of its own (bytes in pages after VACUUM, and the raw bytes of the values).
// Checks on each rebuilt copy: row counts equal the original's, every mapped column holds the new
// type (or NULL), PRAGMA foreign_key_check finds nothing, and each child joined to its service (a
// review also to its couple and its replier, a service to its vendor, a vendor to its user) gives
// the same sums as before.
import { copyFileSync, mkdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1File, storageByObject } from "./storage.mjs";

/** The tables rebuilt, and which entity's id each of their id columns holds. */
const ID_COLUMNS = {
  users: { id: "users" },
  vendors: { user_id: "users" },
  services: { id: "services", vendor_id: "users", moderated_by: "users" },
  reviews: { id: "reviews", service_id: "services", user_id: "users", reply_user_id: "users" },
  service_media: { id: "service_media", service_id: "services" },
  service_faqs: { id: "service_faqs", service_id: "services" },
  service_search_keys: { service_id: "services" },
};
/** Each entity: the table and column its ids come from. */
const ENTITIES = { users: "id", services: "id", reviews: "id", service_media: "id", service_faqs: "id" };

const VARIANTS = {
  b: { title: "integer keys", kinds: { users: "int", services: "int", reviews: "int", service_media: "int", service_faqs: "int" } },
  c: { title: "16-byte ids", kinds: { users: "blob", services: "blob", reviews: "blob", service_media: "blob", service_faqs: "blob" } },
  c2: {
    title: "integer keys, public 16-byte ids",
    kinds: { users: "int", services: "int", reviews: "int", service_media: "blob", service_faqs: "blob" },
    publicIds: ["users", "services", "reviews"],
  },
  d: { title: "integer keys, no demo alt text" },
  d2: { title: "integer keys, public 16-byte ids, no demo alt text" },
};
/** The variants that are another with the demo photos' alt text emptied. */
const NO_ALT = { d: { from: "b" }, d2: { from: "c2" } };

/**
 * Pairings that a wrong mapping would change: each child joined to its parent through the ids, summed
 * over lengths of columns that are not ids. Equal before and after.
 */
const PAIRINGS = [
  "SELECT count(*) AS n, total(length(s.service_name) * length(r.comment)) AS x FROM reviews r JOIN services s ON s.id = r.service_id",
  "SELECT count(*) AS n, total(length(u.user_name) * length(r.comment)) AS x FROM reviews r JOIN users u ON u.id = r.user_id",
  "SELECT count(*) AS n, total(length(u.user_name) * length(r.vendor_reply)) AS x FROM reviews r JOIN users u ON u.id = r.reply_user_id",
  "SELECT count(*) AS n, total(length(s.service_name) * length(m.key) * (m.position + 1)) AS x FROM service_media m JOIN services s ON s.id = m.service_id",
  "SELECT count(*) AS n, total(length(s.service_name) * length(f.answer) * (f.position + 1)) AS x FROM service_faqs f JOIN services s ON s.id = f.service_id",
  "SELECT count(*) AS n, total(k.min_price = s.min_price AND k.city = s.city) AS x FROM service_search_keys k JOIN services s ON s.id = k.service_id",
  "SELECT count(*) AS n, total(length(v.business_name) * length(s.service_name)) AS x FROM services s JOIN vendors v ON v.user_id = s.vendor_id",
  "SELECT count(*) AS n, total(length(v.business_name) * length(u.email)) AS x FROM vendors v JOIN users u ON u.id = v.user_id",
];
const pairings = (db) => PAIRINGS.map((sql) => JSON.stringify(db.prepare(sql).get()));

const q = (name) => `"${name.replace(/"/g, '""')}"`;
const count = (db, table) => db.prepare(`SELECT count(*) AS n FROM ${q(table)}`).get().n;

function open(file) {
  // The rebuild drops and creates parents and children in turn: foreign keys are checked after, by PRAGMA.
  return new DatabaseSync(file, { enableForeignKeyConstraints: false });
}

function timed(label, fn) {
  const t = performance.now();
  const out = fn();
  console.error(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return out;
}

/** Rebuilds the id-keyed tables of the copy at `file` with the variant's id kinds (see the header). */
function rebuildIds(file, { kinds, publicIds = [] }) {
  const db = open(file);
  const tables = Object.keys(ID_COLUMNS);
  const schema = db
    .prepare(`SELECT type, name, tbl_name AS tbl, sql FROM sqlite_master WHERE tbl_name IN (${tables.map(() => "?").join(",")}) AND sql IS NOT NULL`)
    .all(...tables);
  const before = Object.fromEntries(tables.map((t) => [t, count(db, t)]));
  const pairedBefore = pairings(db);
  db.exec("PRAGMA legacy_alter_table = ON"); // renaming a table rewrites no other table's references
  db.exec("BEGIN");
  // One mapping per entity: old text id -> new id (numbered in id order; UUIDv7 ids are in time order).
  for (const [entity, column] of Object.entries(ENTITIES)) {
    const blob16 = `CASE WHEN length(old) = 36 THEN unhex(replace(old, '-', '')) ELSE unhex(printf('%032x', n)) END`;
    const fresh = kinds[entity] === "int" ? "n" : blob16;
    db.exec(`CREATE TEMP TABLE ${q(`map_${entity}`)} (old TEXT PRIMARY KEY, new NOT NULL, pub NOT NULL) WITHOUT ROWID`);
    db.exec(
      `INSERT INTO temp.${q(`map_${entity}`)} (old, new, pub)
       SELECT old, ${fresh}, ${blob16} FROM (SELECT ${q(column)} AS old, row_number() OVER (ORDER BY ${q(column)}) AS n FROM ${q(entity)})`,
    );
  }
  for (const t of tables) db.exec(`ALTER TABLE ${q(t)} RENAME TO ${q(`old_${t}`)}`);
  for (const t of tables) {
    let sql = schema.find((o) => o.type === "table" && o.name === t).sql;
    for (const [column, entity] of Object.entries(ID_COLUMNS[t])) {
      const definition = new RegExp("`" + column + "` text\\b", "gi");
      const hits = sql.match(definition)?.length ?? 0;
      if (hits !== 1) throw new Error(`${t}.${column}: ${hits} definitions found in ${sql}`);
      sql = sql.replace(definition, "`" + column + "` " + (kinds[entity] === "int" ? "integer" : "blob"));
    }
    db.exec(sql);
    const entity = Object.entries(ID_COLUMNS[t]).find(([column]) => column === ENTITIES[t])?.[1];
    const withPublic = entity && publicIds.includes(entity);
    if (withPublic) db.exec(`ALTER TABLE ${q(t)} ADD COLUMN public_id blob`);
    const columns = db
      .prepare(`PRAGMA table_info(${q(`old_${t}`)})`)
      .all()
      .map((c) => c.name);
    const values = columns.map((c) => {
      const e = ID_COLUMNS[t][c];
      return e ? `(SELECT new FROM temp.${q(`map_${e}`)} WHERE old = o.${q(c)})` : `o.${q(c)}`;
    });
    const names = [...columns.map(q), ...(withPublic ? ["public_id"] : [])];
    if (withPublic) values.push(`(SELECT pub FROM temp.${q(`map_${entity}`)} WHERE old = o.${q(ENTITIES[t])})`);
    timed(`copy ${t}`, () => db.exec(`INSERT INTO ${q(t)} (${names.join(", ")}) SELECT ${values.join(", ")} FROM ${q(`old_${t}`)} o`));
  }
  for (const t of tables) db.exec(`DROP TABLE ${q(`old_${t}`)}`); // its indexes and triggers with it
  for (const o of schema.filter((o) => o.type === "index")) timed(`index ${o.name}`, () => db.exec(o.sql));
  for (const t of publicIds) db.exec(`CREATE UNIQUE INDEX ${q(`${t}_public_id_unique`)} ON ${q(t)} (public_id)`);
  for (const o of schema.filter((o) => o.type === "trigger")) db.exec(o.sql);
  db.exec("COMMIT");
  // Checks: the same rows, the new types, every reference resolves.
  for (const t of tables) {
    const n = count(db, t);
    if (n !== before[t]) throw new Error(`${t}: ${n} rows after, ${before[t]} before`);
    for (const [column, entity] of Object.entries(ID_COLUMNS[t])) {
      const want = kinds[entity] === "int" ? "integer" : "blob";
      const wrong = db.prepare(`SELECT count(*) AS n FROM ${q(t)} WHERE ${q(column)} IS NOT NULL AND typeof(${q(column)}) <> ?`).get(want).n;
      if (wrong) throw new Error(`${t}.${column}: ${wrong} values not ${want}`);
    }
    const broken = db.prepare(`PRAGMA foreign_key_check(${q(t)})`).all();
    if (broken.length) throw new Error(`${t}: ${broken.length} foreign keys do not resolve, e.g. ${JSON.stringify(broken[0])}`);
  }
  const pairedAfter = pairings(db);
  PAIRINGS.forEach((sql, i) => {
    if (pairedAfter[i] !== pairedBefore[i]) throw new Error(`${sql}: ${pairedBefore[i]} before, ${pairedAfter[i]} after`);
  });
  db.close();
  return before;
}

function vacuum(file) {
  const db = open(file);
  timed("VACUUM", () => db.exec("VACUUM"));
  db.close();
}

/** storage.mjs's figures for a file: bytes per table (its data and its indexes), the services count. */
function measure(file) {
  const db = new DatabaseSync(file, { readOnly: true });
  const services = count(db, "services");
  const objects = storageByObject(db);
  db.close();
  const byTable = {};
  for (const o of objects) byTable[o.table] = (byTable[o.table] ?? 0) + o.bytes;
  return {
    services,
    total: objects.reduce((s, o) => s + o.bytes, 0),
    byTable,
    objects: objects.map((o) => ({ name: o.name, table: o.table, bytes: o.bytes })),
    fileBytes: statSync(file).size,
  };
}

/** (e): the shown text alone, each in a table of its own in a fresh file, and the raw bytes of its values. */
function shownText(source, file) {
  rmSync(file, { force: true });
  const db = open(file);
  db.exec(`ATTACH ${`'${source.replace(/'/g, "''")}'`} AS src`);
  const parts = [
    { name: "reviews' comments", table: "review_comments", columns: "comment", from: "src.reviews" },
    { name: "FAQs' questions and answers", table: "faq_text", columns: "question, answer", from: "src.service_faqs" },
    { name: "photos' keys", table: "photo_keys", columns: "key", from: "src.service_media" },
  ];
  const raw = {};
  for (const p of parts) {
    db.exec(`CREATE TABLE ${p.table} AS SELECT ${p.columns} FROM ${p.from}`);
    raw[p.table] = db
      .prepare(
        `SELECT ${p.columns
          .split(", ")
          .map((c) => `coalesce(sum(length(CAST(${c} AS BLOB))), 0)`)
          .join(" + ")} AS n FROM ${p.table}`,
      )
      .get().n;
  }
  const services = db.prepare("SELECT count(*) AS n FROM src.services").get().n;
  db.exec("DETACH src");
  db.exec("VACUUM");
  const pages = Object.fromEntries(
    db
      .prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name")
      .all()
      .map((r) => [r.name, r.bytes]),
  );
  db.close();
  rmSync(file, { force: true });
  return { services, parts: parts.map((p) => ({ name: p.name, rawBytes: raw[p.table], pageBytes: pages[p.table] ?? 0 })) };
}

export async function storageExperiment(state, { out = ".wrangler/exp", keep = false } = {}) {
  const original = resolve(d1File(state));
  mkdirSync(out, { recursive: true });
  const path = (v) => resolve(join(out, `${v}.sqlite`));
  const made = [];
  const copy = (from, to) => {
    rmSync(to, { force: true });
    copyFileSync(from, to);
    made.push(to);
  };
  const results = {};
  try {
    // (a) A consistent, VACUUMed copy of the original (read-only; VACUUM INTO also takes its WAL's pages).
    rmSync(path("a"), { force: true });
    const src = new DatabaseSync(original, { readOnly: true });
    console.error("a: as is");
    timed("VACUUM INTO the copy", () => src.exec(`VACUUM INTO '${path("a").replace(/'/g, "''")}'`));
    src.close();
    made.push(path("a"));
    results.a = { title: "as is", ...measure(path("a")) };
    for (const [v, spec] of Object.entries(VARIANTS)) {
      console.error(`${v}: ${spec.title}`);
      copy(path(v in NO_ALT ? NO_ALT[v].from : "a"), path(v));
      if (v in NO_ALT) {
        const db = open(path(v));
        results[v] = { altsEmptied: db.prepare("UPDATE service_media SET alt = NULL WHERE alt IS NOT NULL").run().changes };
        db.close();
      } else rebuildIds(path(v), spec);
      vacuum(path(v));
      results[v] = { title: spec.title, ...results[v], ...measure(path(v)) };
    }
    console.error("e: the shown text alone");
    results.e = shownText(path("a"), path("e"));
  } finally {
    if (!keep) for (const f of made) rmSync(f, { force: true });
  }
  return results;
}

const TABLES = ["reviews", "services", "service_media", "service_faqs", "services_fts", "users", "service_search_keys", "vendors"];

export function printExperiment(r) {
  const variants = ["a", "b", "c", "c2", "d", "d2"].filter((v) => r[v]);
  const per = (v, bytes) => Math.round(bytes / r[v].services).toLocaleString("en-US");
  console.log(`\nBytes per service (storage.mjs's dbstat pages after VACUUM), ${r.a.services.toLocaleString("en-US")} services:\n`);
  console.log(`| table | ${variants.map((v) => `${v}: ${r[v].title}`).join(" | ")} |`);
  console.log(`| --- | ${variants.map(() => "---").join(" | ")} |`);
  for (const t of TABLES) console.log(`| ${t} | ${variants.map((v) => per(v, r[v].byTable[t] ?? 0)).join(" | ")} |`);
  const others = (v) => Object.entries(r[v].byTable).reduce((s, [t, b]) => s + (TABLES.includes(t) ? 0 : b), 0);
  console.log(`| others | ${variants.map((v) => per(v, others(v))).join(" | ")} |`);
  console.log(`| **total** | ${variants.map((v) => `**${per(v, r[v].total)}**`).join(" | ")} |`);
  console.log(`| a million (bytes × 10⁶), GB | ${variants.map((v) => (((r[v].total / r[v].services) * 1e6) / 1e9).toFixed(2)).join(" | ")} |`);
  console.log(`| file, MB (10⁶ bytes) | ${variants.map((v) => (r[v].fileBytes / 1e6).toFixed(1)).join(" | ")} |`);
  for (const v of Object.keys(NO_ALT)) if (r[v]) console.log(`\n(${v}) emptied ${r[v].altsEmptied.toLocaleString("en-US")} photos' alt text.`);
  if (r.d) {
    console.log(`\nWhat is left in d, per table and index (at least 20 bytes per service):\n`);
    console.log("| table or index | table | bytes per service |");
    console.log("| --- | --- | --- |");
    for (const o of r.d.objects.filter((o) => o.bytes / r.d.services >= 20)) console.log(`| ${o.name} | ${o.table} | ${per("d", o.bytes)} |`);
  }
  if (r.e) {
    console.log(`\n(e) The shown text alone, bytes per service:\n`);
    console.log("| data | raw bytes of the values | in pages (a table of its own, VACUUMed) |");
    console.log("| --- | --- | --- |");
    for (const p of r.e.parts)
      console.log(
        `| ${p.name} | ${Math.round(p.rawBytes / r.e.services).toLocaleString("en-US")} | ${Math.round(p.pageBytes / r.e.services).toLocaleString("en-US")} |`,
      );
    const sum = (k) => Math.round(r.e.parts.reduce((s, p) => s + p[k], 0) / r.e.services).toLocaleString("en-US");
    console.log(`| **together** | **${sum("rawBytes")}** | **${sum("pageBytes")}** |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const state = args[0] && !args[0].startsWith("--") ? args[0] : ".wrangler/bench-100000";
  const at = args.indexOf("--out");
  const r = await storageExperiment(state, { out: at >= 0 ? args[at + 1] : ".wrangler/exp", keep: args.includes("--keep") });
  if (args.includes("--json")) console.log(JSON.stringify(r, null, 2));
  else printExperiment(r);
}
