// Every search shape's results and query plans over a local D1 file, to compare two versions of the
// search (or of the indexes) on the same database (issue 34, docs/decisions/0051-a-million-listings.md):
//   node tests/bench/search-results.mjs <stateDir> > before.json    (then change the code or the indexes)
//   node tests/bench/search-results.mjs <stateDir> > after.json
//   node tests/bench/search-results.mjs --compare before.json after.json
// The searches: storage.mjs's 12 filter sets × 3 texts and 8 more filter sets without text (price
// ranges, a minimum rating, one vendor's listings), then VENDOR_FILTERS' vendor lists (the vendor
// with the most listings and the one with the fewest, 10 a page, a category, the archived list, a
// vendor with none), every sort order (8: each of rating, price, views and newest both ways), pages
// 1, 2 and 40 (of 24 unless the filter set says otherwise). Each answers its ids in order, its total
// and whether it was capped; each statement its EXPLAIN QUERY PLAN. --compare fails (exit 1) when
// any search's answer differs, and lists every plan line that reads a whole table (`SCAN` of a
// table, not of a subquery) or sorts with a temporary B-tree in a statement that has none before.
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { searchServices } from "#domain/catalogue/index.ts";
import { d1File, searchVariants } from "./storage.mjs";

const SORTS = ["rating", "price", "views", "newest"].flatMap((by) => [
  { by, order: "desc" },
  { by, order: "asc" },
]);

/** Filter sets beside storage.mjs's: price ranges with and without a minimum rating, a minimum rating alone, one vendor's listings. */
const MORE_FILTERS = (vendorId) => [
  { minPrice: 500, maxPrice: 5000 },
  { maxPrice: 5000 },
  { minPrice: 100000, rating: 3 },
  { service_type: "Caterers", minPrice: 500, maxPrice: 5000 },
  { service_category: "Wedding Venue", minPrice: 100000 },
  { state: "Rajasthan", city: "Jaipur", minPrice: 100000 },
  { rating: 4.5 },
  { vendorId },
];

/**
 * A vendor's own lists (issue 34, the vendor page's and GET /services?vendorId=): `most` and
 * `fewest` are the vendors with the most and the fewest services, `category` the most common
 * category of `most`'s services. The archived list is asked by that vendor (searchResults signs
 * it in as them).
 */
const VENDOR_FILTERS = ({ most, fewest, category }) => [
  { vendorId: most, limit: 10 },
  { vendorId: fewest, limit: 24 },
  { vendorId: fewest, limit: 10 },
  { vendorId: most, service_category: category, limit: 10 },
  { vendorId: most, status: "archived", limit: 24 },
  { vendorId: "no-such-vendor", limit: 24 },
];

/** storage.mjs's filter sets and texts, MORE_FILTERS without text and VENDOR_FILTERS, with every sort order and three pages. */
export function resultVariants(vendorId, vendors) {
  const seen = new Map();
  const more = [...MORE_FILTERS(vendorId).map((f) => ({ ...f, limit: 24 })), ...(vendors ? VENDOR_FILTERS(vendors) : [])];
  for (const v of [...searchVariants(), ...more]) {
    const rest = { ...v };
    delete rest.sort;
    for (const sort of SORTS) for (const page of [1, 2, 40]) seen.set(JSON.stringify({ ...rest, sort, page }), { ...rest, sort, page });
  }
  return [...seen.values()];
}

function recordingD1(db, seen) {
  const plain = (v) => (typeof v === "boolean" ? Number(v) : v);
  const statement = (sql, args = []) => ({
    bind: (...a) => statement(sql, a),
    async all() {
      seen.push({ sql, args });
      return { results: db.prepare(sql).all(...args.map(plain)), meta: { rows_read: 0 } };
    },
    sql,
    args,
  });
  return { prepare: (sql) => statement(sql), batch: (statements) => Promise.all(statements.map((s) => s.all())) };
}

export async function searchResults(state) {
  const db = new DatabaseSync(d1File(state), { readOnly: true });
  // The vendor with the most listings (ties by id), the same in both databases.
  const vendorId = db.prepare("SELECT vendor_id FROM services GROUP BY vendor_id ORDER BY count(*) DESC, vendor_id LIMIT 1").get().vendor_id;
  const fewest = db.prepare("SELECT vendor_id FROM services GROUP BY vendor_id ORDER BY count(*), vendor_id LIMIT 1").get().vendor_id;
  const category = db
    .prepare("SELECT service_category FROM services WHERE vendor_id = ? GROUP BY service_category ORDER BY count(*) DESC, service_category LIMIT 1")
    .get(vendorId).service_category;
  const out = [];
  for (const search of resultVariants(vendorId, { most: vendorId, fewest, category })) {
    const seen = [];
    // Only the vendor lists their archived services.
    const actor = search.status === "archived" ? { id: search.vendorId, role: "vendor" } : null;
    const ctx = { db: recordingD1(db, seen), actor, now: Date.now(), events: { record() {} } };
    const page = await searchServices(ctx, search);
    out.push({
      search,
      ids: page.services.map((s) => s.id),
      total: page.total,
      capped: page.totalIsCapped,
      statements: seen.map((s) => ({ sql: s.sql.replace(/\s+/g, " "), lines: planTree(db, s.sql, s.args) })),
    });
  }
  db.close();
  return out;
}

/** The plan's lines, each indented by its depth (EXPLAIN QUERY PLAN's parent links). */
function planTree(db, sql, args) {
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args.map((v) => (typeof v === "boolean" ? Number(v) : v)));
  const depth = new Map([[0, -1]]);
  return plan.map((p) => {
    const d = (depth.get(p.parent) ?? -1) + 1;
    depth.set(p.id, d);
    return `${"  ".repeat(d)}${p.detail}`;
  });
}

/**
 * The plan lines of a statement that read a whole table or sort: `SCAN <table>` (not a subquery,
 * `SCAN p`/`SCAN f`, or a constant row) or a temp B-tree, except the sort of a page's own rows (a
 * temp B-tree at the top of a statement whose top level reads the page's ids, `SCAN p`: at most
 * `limit` rows).
 */
function costlyLines(lines) {
  const pageSort = lines.some((l) => l === "SCAN p");
  return lines.filter((l) => (/USE TEMP B-TREE/.test(l) && !(pageSort && /^USE TEMP B-TREE/.test(l))) || /^\s*SCAN (?!CONSTANT ROW)(?!p$)(?!f$)\S+/.test(l));
}

function compare(beforeFile, afterFile) {
  const before = JSON.parse(readFileSync(beforeFile, "utf8"));
  const after = JSON.parse(readFileSync(afterFile, "utf8"));
  let differ = 0;
  const statements = new Set();
  const newCostly = [];
  for (let i = 0; i < before.length; i++) {
    const b = before[i];
    const a = after[i];
    if (JSON.stringify(b.search) !== JSON.stringify(a?.search)) throw new Error(`search ${i} is not the same search in both files`);
    if (JSON.stringify([b.ids, b.total, b.capped]) !== JSON.stringify([a.ids, a.total, a.capped])) {
      differ++;
      console.log(
        `DIFFERS: ${JSON.stringify(b.search)}\n  before ${b.total} ${b.ids.slice(0, 5).join(",")}…\n  after  ${a.total} ${a.ids.slice(0, 5).join(",")}…`,
      );
    }
    // A costly line counts once per occurrence: a sort in each half of a merge is two sorts.
    const beforeCostly = b.statements.flatMap((s) => costlyLines(s.lines).map((l) => l.trim()));
    for (const s of a.statements) {
      statements.add(s.sql);
      for (const line of costlyLines(s.lines)) {
        const at = beforeCostly.indexOf(line.trim());
        if (at >= 0) beforeCostly.splice(at, 1);
        else newCostly.push({ search: a.search, sql: s.sql, line: line.trim(), plan: s.lines });
      }
    }
  }
  const withResults = before.filter((b) => b.ids.length > 0).length;
  console.log(
    `${before.length} searches (${withResults} with results), ${statements.size} distinct statements after; answers that differ: ${differ}; plan lines that scan a table or sort and did not before: ${newCostly.length}`,
  );
  const byLine = new Map();
  for (const c of newCostly) byLine.set(`${c.line} | ${c.sql}`, c);
  for (const c of byLine.values()) console.log(`\nNEW: ${c.line}\n  in: ${c.sql.slice(0, 400)}\n  plan:\n    ${c.plan.join("\n    ")}`);
  return differ === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === "--compare") process.exit(compare(process.argv[3], process.argv[4]) ? 0 : 1);
  console.log(JSON.stringify(await searchResults(process.argv[2] ?? ".wrangler/state")));
}
