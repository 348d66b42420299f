// The catalogue written straight into the local D1's SQLite file (issue 34): a bench catalogue of a
// million services went through wrangler's platform proxy as multi-row INSERTs and took hours (the
// 100,000 took 25 minutes on a loaded machine). Here the same generated rows go in with Node's own
// SQLite, prepared statements and large transactions, the secondary indexes and the catalogue
// tables' triggers are set aside during the load and put back after, and the full-text index is
// built in one statement from the loaded rows (as migration 0138 builds it).
//
// Only while no Worker has the file open (wrangler dev, vite preview): workerd keeps its own lock
// on the file, so the seed uses this for `--services N` (a bench catalogue, which the bench seeds
// before it starts its servers) and keeps the demo's `npm run db:seed` on the platform proxy.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/** The SQLite file of the local D1 under a state directory (wrangler's --persist-to), or null before migrations made it. */
export function localD1File(state) {
  const dir = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  let files;
  try {
    files = readdirSync(dir);
  } catch {
    return null;
  }
  const file = files.find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  return file ? join(dir, file) : null;
}

/** Services per transaction: a transaction's pages wait in the WAL file until it commits. */
const SERVICES_PER_TRANSACTION = 25_000;

/**
 * The same value the platform proxy path writes: its SQL literals flatten new lines to spaces, and a
 * whole number is an INTEGER (a JS number binds as REAL in node:sqlite).
 */
function bindable(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value) : value;
  return String(value).replace(/\n/g, " ");
}

/**
 * Loads `chunks` ({ table, rows } in insert order, as db/seed/generator.ts yields them) into the D1
 * file, replacing what `tables` (children first) held. Returns the rows inserted.
 *   clear:     tables emptied first, children first (foreign keys on, so their cascades run as in D1)
 *   passwords: [{ email, hash }] set on the loaded users
 */
export function loadCatalogueDirect(file, chunks, { tables, passwords = [], log = () => {} }) {
  const db = new DatabaseSync(file);
  try {
    // No fsync per commit (a bench catalogue is rebuilt, not recovered), a large page cache for the
    // index builds, sorts in memory.
    db.exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY; PRAGMA foreign_keys = ON;");
    const placeholders = tables.map(() => "?").join(",");
    // Emptying: the full-text index and its keys first in two statements (the delete trigger then
    // finds nothing to remove per row), then each table as the proxy path does.
    db.exec("BEGIN");
    db.exec("INSERT INTO services_fts (services_fts) VALUES ('delete-all'); DELETE FROM service_search_keys;");
    for (const t of tables) db.exec(`DELETE FROM ${t};`);
    // What the search-term triggers left of the deleted listings (none when all were deleted).
    db.exec("DELETE FROM search_terms;");
    db.exec("DELETE FROM outbox;");
    db.exec("COMMIT");

    // Set aside: the secondary indexes (built again once over sorted data instead of a random
    // insert per row per index) and the triggers (the search trigger's work is done below in one
    // statement; the page-cache triggers bump the version once at the end instead of per row).
    const indexes = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${placeholders})`).all(...tables);
    const triggers = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (${placeholders})`).all(...tables);
    db.exec("BEGIN");
    for (const i of indexes) db.exec(`DROP INDEX "${i.name}";`);
    for (const t of triggers) db.exec(`DROP TRIGGER "${t.name}";`);
    db.exec("COMMIT");

    // The generated rows are consistent; the checks of every foreign key per row are what D1's
    // own load would skip too on an import.
    db.exec("PRAGMA foreign_keys = OFF");
    const statements = new Map();
    const insertInto = (table, columns) => {
      const key = `${table}(${columns.join(",")})`;
      let stmt = statements.get(key);
      if (!stmt) {
        stmt = db.prepare(`INSERT INTO ${table} (${columns.join(",")}) VALUES (${columns.map(() => "?").join(",")})`);
        statements.set(key, stmt);
      }
      return stmt;
    };
    let rows = 0;
    let servicesInTransaction = 0;
    let services = 0;
    db.exec("BEGIN");
    for (const chunk of chunks) {
      if (!chunk.rows.length) continue;
      const columns = Object.keys(chunk.rows[0]);
      const stmt = insertInto(chunk.table, columns);
      for (const row of chunk.rows) {
        stmt.run(...columns.map((c) => bindable(row[c])));
      }
      rows += chunk.rows.length;
      if (chunk.table === "services") {
        services += chunk.rows.length;
        servicesInTransaction += chunk.rows.length;
        if (servicesInTransaction >= SERVICES_PER_TRANSACTION) {
          db.exec("COMMIT");
          log(`  ${services.toLocaleString("en-IN")} services, ${rows.toLocaleString("en-IN")} rows`);
          db.exec("BEGIN");
          servicesInTransaction = 0;
        }
      }
    }
    for (const { email, hash } of passwords) db.prepare("UPDATE users SET password_hash = ? WHERE email = ?").run(hash, email);
    // What the search trigger writes per row (migrations/0163): each service's integer key (the
    // full-text rowid) in insert order, with the columns a search filters and sorts on.
    db.exec(`INSERT INTO service_search_keys (service_id, status, featured, rating, review_count, min_price, view_count, created_at, service_category, service_type, state, city, vendor_reply_minutes)
      SELECT s.id, s.status, s.featured, s.rating, s.review_count, s.min_price, s.view_count, s.created_at, s.service_category, s.service_type, s.state, s.city, v.reply_minutes_median
      FROM services s LEFT JOIN vendors v ON v.user_id = s.vendor_id ORDER BY s.rowid;`);
    db.exec("COMMIT");

    log(`Building ${indexes.length} indexes and the full-text index…`);
    db.exec("BEGIN");
    for (const i of indexes) db.exec(i.sql);
    db.exec("COMMIT");
    // The same statement migration 0138 fills the contentless index with.
    db.exec(`INSERT INTO services_fts (rowid, service_name, description, service_type, service_category, city, state, vendor_name)
      SELECT k.id, s.service_name, s.description, s.service_type, s.service_category, s.city, s.state, v.business_name
      FROM service_search_keys k
      JOIN services s ON s.id = k.service_id
      LEFT JOIN vendors v ON v.user_id = s.vendor_id;`);
    // The index's terms, as the search-term triggers count them: the statement migration 0167 fills them with.
    db.exec("INSERT INTO search_terms (term, uses) SELECT term, sum(doc) FROM services_fts_vocab GROUP BY term;");
    db.exec("BEGIN");
    for (const t of triggers) db.exec(t.sql);
    // The hero's counts, as the public-count triggers would have kept them: the statement migration 0184 fills them with.
    db.exec(`INSERT OR REPLACE INTO public_counts (name, n) VALUES
      ('active_services', (SELECT count(*) FROM services WHERE status = 'active')),
      ('verified_vendors', (SELECT count(*) FROM vendors WHERE is_verified = 1)),
      ('verified_couples', (SELECT count(*) FROM users WHERE role = 'USER' AND is_verified = 1));`);
    // Cached pages of the data before are stale now (what the page-cache triggers said per row).
    db.exec("UPDATE page_cache_version SET version = version + 1 WHERE id = 1;");
    db.exec("COMMIT");
    db.exec("PRAGMA wal_checkpoint(TRUNCATE);");
    return rows;
  } finally {
    db.close();
  }
}
