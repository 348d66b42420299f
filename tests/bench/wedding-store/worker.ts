/**
 * The wedding-store bench's Worker (tests/bench/wedding-store.mjs; docs/decisions/0055). It runs in
 * local workerd under wrangler dev with the product's own WeddingStore class and domain functions,
 * on a D1 migrated with the app's migrations, and answers a few bench routes:
 *
 *   POST /seed/d1?from=&count=&day=     weddings [from, from+count) of 300 guests into D1 (SQL, in one call per table)
 *   POST /seed/stores?from=&count=&day= the same weddings, each into its own store through importRows (in batches)
 *   POST /seed/big?day=                 the 800-guest wedding (tests/bench/planning.mjs's shape) into D1 and into its store
 *   GET  /read?from=d1|store&what=headcount|page&runs=&key=   the guest page's data (guestPage) or its head-count
 *                                       (functionHeadCounts), run `runs` times in the Worker: each run's ms, the
 *                                       calls made (D1, store), rows read, and a digest of the answer
 *   POST /remind?after=&limit=&day=&concurrency=   one invocation of the reminder over stores: a page of
 *                                       opted-in weddings from D1, then each one's store for its digest
 *   GET  /export?key=                   one wedding's export: every table as CSV, in a zip
 *   POST /drop?key=                     a closed account: the store dropped (and, to compare, its D1 rows deleted)
 *   GET  /stats?from=&count=            the stores' sizes as they report them
 *   GET  /seeded                        how many of the bench's weddings D1 holds (to resume a seeding)
 *
 * The store path gives the domain functions the product's D1-shaped database of a moved wedding
 * (`storeRouted`, functions/stores/wedding-store/routed.ts) that sends a statement naming only the
 * store's tables to the wedding's store and every other (the member's rights, the couple's names) to
 * D1: what openWedding hands a moved wedding's guest list (decision 0055's step 1, decision 0066).
 */
import type { Env } from "#functions/env.ts";
import { createDomainContext } from "#functions/domain-context.ts";
import { functionHeadCounts, guestPage } from "#domain/guests/index.ts";
import type { Actor } from "#domain/core/index.ts";
import {
  type RoutedCounts,
  STORE_TABLES,
  type StoreResult,
  storeRouted,
  type StoreTable,
  WeddingStore,
  weddingStore,
} from "#functions/stores/wedding-store/index.ts";

export { WeddingStore };

type Rows = Record<string, unknown>[];
type BenchEnv = Env & { WEDDING_STORE: DurableObjectNamespace<WeddingStore> };
type WeddingRows = Record<StoreTable, Rows>;

const SMALL = { functions: 6, households: 100, guests: 300 };
const SMALL_FUNCTIONS = ["Haldi", "Mehndi", "Sangeet", "Wedding", "Reception", "Pooja"];
const BIG_FUNCTIONS = ["Roka", "Tilak", "Haldi", "Mehndi", "Sangeet", "Cocktail", "Wedding", "Reception", "Chooda", "Pooja", "Vidaai", "Griha Pravesh"];
const DIETS = ["VEG", "JAIN", "NON_VEG", "VEGAN"];
const SIDES = ["BRIDE", "GROOM", "BOTH"];
const NOW = 1_767_225_600_000;
/** Rows per importRows call (one call is one transaction in the store). */
const IMPORT_CHUNK = 500;
const BIG_KEY = "bench-wedding";

const pad = (n: number, w: number) => String(n).padStart(w, "0");
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const smallKey = (i: number) => `bw-${pad(i, 5)}`;

/** One 300-guest wedding's rows (the same as smallWeddingsSql writes into D1). */
function smallWedding(i: number, day: string): WeddingRows {
  const key = smallKey(i);
  const invited = (j: number, k: number) => k >= 3 || (j + k) % 3 !== 0;
  const out: WeddingRows = { events: [], households: [], guests: [], household_invitations: [], guest_rsvps: [] };
  for (let k = 0; k < SMALL.functions; k++)
    out.events.push({ id: `${key}-e${k}`, user_id: key, name: SMALL_FUNCTIONS[k], event_date: plusDays(day, (i % 40) + k), created_at: NOW, updated_at: NOW });
  for (let j = 0; j < SMALL.households; j++) {
    out.households.push({ id: `${key}-h${j}`, user_id: key, name: `Family ${j}`, rsvp_token: `${key}-t${j}`, created_at: NOW, updated_at: NOW });
    for (let k = 0; k < SMALL.functions; k++)
      if (invited(j, k)) out.household_invitations.push({ household_id: `${key}-h${j}`, event_id: `${key}-e${k}`, invited_at: NOW });
  }
  for (let n = 0; n < SMALL.guests; n++) {
    const j = n % SMALL.households;
    out.guests.push({
      id: `${key}-g${n}`,
      user_id: key,
      household_id: `${key}-h${j}`,
      name: `Guest ${n}`,
      side: SIDES[n % 3],
      phone: `98${pad(i, 5)}${pad(n, 3)}`,
      dietary: DIETS[n % 4],
      created_at: NOW,
      updated_at: NOW,
    });
    for (let k = 0; k < SMALL.functions; k++)
      if (invited(j, k) && (n * 7 + k) % 10 < 7)
        out.guest_rsvps.push({
          guest_id: `${key}-g${n}`,
          event_id: `${key}-e${k}`,
          response: (n + k) % 5 === 3 ? "DECLINED" : (n + k) % 5 === 4 ? "MAYBE" : "ATTENDING",
          party_size: n % 4 === 0 ? 2 : 1,
          answered_at: NOW,
        });
  }
  return out;
}

/** The same weddings written by SQLite itself (one statement per table for the whole range): D1 for comparison. */
function smallWeddingsSql(from: number, count: number, day: string): string[] {
  const seq = (name: string, n: number) => `${name}(${name}) AS (SELECT 0 UNION ALL SELECT ${name} + 1 FROM ${name} WHERE ${name} < ${n - 1})`;
  const w = `w(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM w WHERE i < ${from + count - 1})`;
  const key = "printf('bw-%05d', i)";
  const fnName = `CASE k ${SMALL_FUNCTIONS.map((n, x) => `WHEN ${x} THEN '${n}'`).join(" ")} END`;
  const invited = "(k >= 3 OR (j + k) % 3 <> 0)";
  return [
    `WITH RECURSIVE ${w} INSERT INTO users (id, email, user_name, role, is_verified, partner_name, planning_reminders, created_at, updated_at)
       SELECT ${key}, ${key} || '@bench.example', 'Bench couple ' || i, 'USER', 1, 'Partner ' || i, 1, ${NOW}, ${NOW} FROM w`,
    `WITH RECURSIVE ${w}, ${seq("k", SMALL.functions)} INSERT INTO events (id, user_id, name, event_date, created_at, updated_at)
       SELECT ${key} || '-e' || k, ${key}, ${fnName}, date('${day}', printf('%+d days', (i % 40) + k)), ${NOW}, ${NOW} FROM w, k`,
    `WITH RECURSIVE ${w}, ${seq("j", SMALL.households)} INSERT INTO households (id, user_id, name, rsvp_token, created_at, updated_at)
       SELECT ${key} || '-h' || j, ${key}, 'Family ' || j, ${key} || '-t' || j, ${NOW}, ${NOW} FROM w, j`,
    `WITH RECURSIVE ${w}, ${seq("n", SMALL.guests)} INSERT INTO guests (id, user_id, household_id, name, side, phone, dietary, created_at, updated_at)
       SELECT ${key} || '-g' || n, ${key}, ${key} || '-h' || (n % ${SMALL.households}), 'Guest ' || n,
         CASE n % 3 WHEN 0 THEN 'BRIDE' WHEN 1 THEN 'GROOM' ELSE 'BOTH' END, printf('98%05d%03d', i, n),
         CASE n % 4 WHEN 0 THEN 'VEG' WHEN 1 THEN 'JAIN' WHEN 2 THEN 'NON_VEG' ELSE 'VEGAN' END, ${NOW}, ${NOW} FROM w, n`,
    `WITH RECURSIVE ${w}, ${seq("j", SMALL.households)}, ${seq("k", SMALL.functions)} INSERT INTO household_invitations (household_id, event_id, invited_at)
       SELECT ${key} || '-h' || j, ${key} || '-e' || k, ${NOW} FROM w, j, k WHERE ${invited}`,
    `WITH RECURSIVE ${w}, ${seq("n", SMALL.guests)}, ${seq("k", SMALL.functions)} INSERT INTO guest_rsvps (guest_id, event_id, response, party_size, answered_at)
       SELECT ${key} || '-g' || n, ${key} || '-e' || k,
         CASE (n + k) % 5 WHEN 3 THEN 'DECLINED' WHEN 4 THEN 'MAYBE' ELSE 'ATTENDING' END, CASE WHEN n % 4 = 0 THEN 2 ELSE 1 END, ${NOW}
       FROM w, n, k WHERE (k >= 3 OR ((n % ${SMALL.households}) + k) % 3 <> 0) AND (n * 7 + k) % 10 < 7`,
  ];
}

/** The 800-guest wedding of tests/bench/planning.mjs: 12 functions, 250 households, 800 guests, nine answers in ten. */
function bigWedding(day: string): WeddingRows {
  const key = BIG_KEY;
  const out: WeddingRows = { events: [], households: [], guests: [], household_invitations: [], guest_rsvps: [] };
  BIG_FUNCTIONS.forEach((name, e) =>
    out.events.push({
      id: `bpw-e${pad(e, 2)}`,
      user_id: key,
      name,
      event_date: plusDays(day, 5 + Math.floor(e / 2)),
      start_time: `${pad(10 + (e % 8), 2)}:00`,
      budget: 200_000 + e * 50_000,
      created_at: NOW,
      updated_at: NOW,
    }),
  );
  const invited = (h: number, e: number) => BIG_FUNCTIONS[e] === "Wedding" || BIG_FUNCTIONS[e] === "Reception" || (h + e) % 3 !== 0;
  for (let h = 0; h < 250; h++) {
    out.households.push({ id: `bpw-h${pad(h, 3)}`, user_id: key, name: `Bench family ${h}`, rsvp_token: `bpw-token-${h}`, created_at: NOW, updated_at: NOW });
    for (let e = 0; e < 12; e++)
      if (invited(h, e)) out.household_invitations.push({ household_id: `bpw-h${pad(h, 3)}`, event_id: `bpw-e${pad(e, 2)}`, invited_at: NOW });
  }
  for (let g = 0; g < 800; g++) {
    const h = g % 250;
    out.guests.push({
      id: `bpw-g${pad(g, 3)}`,
      user_id: key,
      household_id: `bpw-h${pad(h, 3)}`,
      name: `Bench guest ${g}`,
      side: ["BRIDE", "GROOM", "BOTH"][g % 3],
      relation: "Cousin",
      phone: `98765${pad(g, 5)}`,
      city: "Jaipur",
      dietary: DIETS[g % 4],
      needs_stay: g % 5 === 0 ? 1 : 0,
      needs_pickup: g % 7 === 0 ? 1 : 0,
      created_at: NOW,
      updated_at: NOW,
    });
    for (let e = 0; e < 12; e++)
      if (invited(h, e) && (g * 7 + e) % 10 !== 0)
        out.guest_rsvps.push({
          guest_id: `bpw-g${pad(g, 3)}`,
          event_id: `bpw-e${pad(e, 2)}`,
          response: (g + e) % 5 === 3 ? "DECLINED" : (g + e) % 5 === 4 ? "MAYBE" : "ATTENDING",
          party_size: g % 4 === 0 ? 2 : 1,
          answered_at: NOW,
        });
  }
  return out;
}

/** A wedding's rows into its store, IMPORT_CHUNK rows a call (each call one transaction). Returns the calls made. */
async function importWedding(store: DurableObjectStub<WeddingStore>, rows: WeddingRows): Promise<number> {
  let calls = 0;
  for (const table of STORE_TABLES)
    for (let at = 0; at < rows[table].length; at += IMPORT_CHUNK) {
      await store.importRows(table, rows[table].slice(at, at + IMPORT_CHUNK));
      calls += 1;
    }
  return calls;
}

/** `work` over `items`, `concurrency` at a time. */
async function pool<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const at = next++;
        out[at] = await work(items[at]!);
      }
    }),
  );
  return out;
}

// ---- The store behind D1's surface: the product's own (functions/stores/wedding-store/routed.ts) ----------

type Counts = RoutedCounts;

/** D1 itself, counting its calls and rows read the same way. */
function countedD1(db: D1Database, counts: Counts): D1Database {
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...p: unknown[]) => wrap(target.bind(...p));
        if (prop === "all" || prop === "run" || prop === "first" || prop === "raw")
          return async (...args: unknown[]) => {
            counts.d1Calls += 1;
            if (prop === "first") return target.first(...(args as [string]));
            const r = await (target[prop] as (...a: unknown[]) => Promise<D1Result>)(...args);
            counts.d1RowsRead += r?.meta?.rows_read ?? 0;
            return r;
          };
        const v = Reflect.get(target, prop, target);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql));
      if (prop === "batch")
        return async (stmts: D1PreparedStatement[]) => {
          counts.d1Calls += 1;
          const out = await target.batch(stmts);
          for (const r of out) counts.d1RowsRead += r.meta?.rows_read ?? 0;
          return out;
        };
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

const coupleActor = (id: string): Actor => ({ id, role: "USER", email: `${id}@bench.example`, userName: "Bench Bride", profilePhoto: null, isVerified: true });

/** A short digest of an answer, to show that D1 and the store gave the same page. */
async function digest(value: unknown): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(value)));
  return [...new Uint8Array(bytes).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// ---- The reminder's per-wedding read ----------------------------------------------------------------

/**
 * The guests part of the morning digest for ONE wedding (functions/domain/planning/reminder-reads.ts's
 * statement without its page of couples): households with a guest who has not answered for a
 * function in the next two weeks, five names per function, with the totals. Like the product's, it
 * reads the head-count counters the store keeps (function_counts, invitation_counts), not the guests;
 * decision 0055's figures were measured with the earlier form that read every invited guest.
 */
const DIGEST_SQL = `SELECT event_id, event_name, event_date, household, waiting, households, guests FROM (
   SELECT w.*, row_number() OVER (PARTITION BY event_id ORDER BY waiting DESC, household) AS rn,
     count(*) OVER (PARTITION BY event_id) AS households, sum(waiting) OVER (PARTITION BY event_id) AS guests
   FROM (
     SELECT e.id AS event_id, e.name AS event_name, e.event_date, e.start_time, h.name AS household, c.unanswered AS waiting
     FROM events e CROSS JOIN function_counts f ON f.event_id = e.id AND f.not_answered > 0
       CROSS JOIN household_invitations i ON i.event_id = e.id
       CROSS JOIN invitation_counts c ON c.household_id = i.household_id AND c.event_id = e.id AND c.unanswered > 0
       CROSS JOIN households h ON h.id = i.household_id
     WHERE e.event_date >= ?1 AND e.event_date <= ?2) w)
 WHERE rn <= 5 ORDER BY event_date, start_time, event_name, event_id, rn`;

// ---- The export: CSV files in a zip ------------------------------------------------------------------

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
function toCsv(rows: Rows): string {
  if (rows.length === 0) return "";
  const columns = Object.keys(rows[0]!);
  return [columns.join(","), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(","))].join("\r\n") + "\r\n";
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A zip (deflated entries) of named files. */
async function zip(files: { name: string; text: string }[]): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const f of files) {
    const name = new TextEncoder().encode(f.name);
    const raw = new TextEncoder().encode(f.text);
    const data = await deflateRaw(raw);
    const crc = crc32(raw);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, 8, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, raw.length, true);
    local.setUint16(26, name.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(10, 8, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, data.length, true);
    entry.setUint32(24, raw.length, true);
    entry.setUint16(28, name.length, true);
    entry.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, data);
    central.push(new Uint8Array(entry.buffer), name);
    offset += 30 + name.length + data.length;
  }
  const size = central.reduce((n, p) => n + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// ---- Routes ------------------------------------------------------------------------------------------

const json = (body: unknown) => Response.json(body);
const int = (u: URL, name: string, fallback: number) => Number(u.searchParams.get(name) ?? fallback);

async function insertRows(db: D1Database, rows: WeddingRows): Promise<number> {
  const statements: D1PreparedStatement[] = [];
  for (const table of STORE_TABLES)
    for (const row of rows[table]) {
      const columns = Object.keys(row);
      statements.push(
        db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).bind(...columns.map((c) => row[c])),
      );
    }
  for (let i = 0; i < statements.length; i += 500) await db.batch(statements.slice(i, i + 500));
  return statements.length;
}

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    const ns = env.WEDDING_STORE;
    const day = url.searchParams.get("day") ?? "2027-01-01";
    try {
      switch (url.pathname) {
        case "/seed/d1": {
          const t = performance.now();
          for (const sql of smallWeddingsSql(int(url, "from", 0), int(url, "count", 100), day)) await env.DB.prepare(sql).run();
          return json({ ms: performance.now() - t });
        }
        case "/seed/stores": {
          const from = int(url, "from", 0);
          const ids = Array.from({ length: int(url, "count", 10) }, (_, i) => from + i);
          const t = performance.now();
          // Resuming (?resume=1), a store an interrupted run left half-copied is dropped first: importRows refuses rows already there.
          const resume = url.searchParams.get("resume") === "1";
          const calls = await pool(ids, int(url, "concurrency", 8), async (i) => {
            const store = weddingStore(ns, smallKey(i));
            if (resume && Object.values((await store.stats()).rows).some((n) => n > 0)) await store.drop();
            return importWedding(store, smallWedding(i, day));
          });
          const rows = Object.values(smallWedding(from, day)).reduce((n, t) => n + t.length, 0);
          return json({ ms: performance.now() - t, weddings: ids.length, calls: calls.reduce((a, b) => a + b, 0), rowsPerWedding: rows });
        }
        case "/seed/big": {
          const rows = bigWedding(day);
          await env.DB.prepare(
            "INSERT INTO users (id, email, user_name, role, is_verified, partner_name, guest_estimate, planning_reminders, created_at, updated_at) VALUES (?, ?, 'Bench Bride', 'USER', 1, 'Bench Groom', 800, 1, ?, ?)",
          )
            .bind(BIG_KEY, `${BIG_KEY}@bench.example`, NOW, NOW)
            .run();
          const d1Statements = await insertRows(env.DB, rows);
          const t = performance.now();
          const calls = await importWedding(weddingStore(ns, BIG_KEY), rows);
          return json({
            storeMs: performance.now() - t,
            storeCalls: calls,
            d1Statements,
            rows: Object.fromEntries(STORE_TABLES.map((t) => [t, rows[t].length])),
          });
        }
        case "/read": {
          const key = url.searchParams.get("key") ?? BIG_KEY;
          const onStore = url.searchParams.get("from") === "store";
          const what = url.searchParams.get("what") === "page" ? "page" : "headcount";
          const runs = int(url, "runs", 30);
          // The first call is apart: it makes the couple's wedding row (decision 0049) and, for a store not yet in memory, starts its object.
          const times: number[] = [];
          let first = 0;
          let counts: Counts = { d1Calls: 0, storeCalls: 0, d1RowsRead: 0, storeRowsRead: 0 };
          let answer: unknown = null;
          for (let r = 0; r <= runs; r++) {
            counts = { d1Calls: 0, storeCalls: 0, d1RowsRead: 0, storeRowsRead: 0 };
            const db = onStore ? storeRouted(env.DB, weddingStore(ns, key), counts) : countedD1(env.DB, counts);
            const ctx = { ...createDomainContext(env, null, new Request("http://localhost/profile/guests"), null, NOW, db), actor: coupleActor(key) };
            const t = performance.now();
            answer = what === "page" ? await guestPage(ctx, {}) : await functionHeadCounts(ctx);
            if (r === 0) first = performance.now() - t;
            else times.push(performance.now() - t);
          }
          return json({ first, times, counts, digest: await digest(answer), bytes: JSON.stringify(answer).length });
        }
        case "/remind": {
          const limit = int(url, "limit", 900);
          const t = performance.now();
          const page = await env.DB.prepare("SELECT id FROM users WHERE planning_reminders = 1 AND id > ? ORDER BY id LIMIT ?")
            .bind(url.searchParams.get("after") ?? "", limit)
            .all<{ id: string }>();
          const ids = page.results.map((r) => r.id);
          const digests = await pool(ids, int(url, "concurrency", 50), async (id) => {
            const [res] = (await weddingStore(ns, id).batch([{ sql: DIGEST_SQL, params: [day, plusDays(day, 14)] }])) as unknown as StoreResult[];
            return res!.results.length;
          });
          return json({
            ms: performance.now() - t,
            weddings: ids.length,
            d1Calls: 1,
            storeCalls: ids.length,
            withGuestsWaiting: digests.filter((n) => n > 0).length,
            next: ids.length === limit ? ids.at(-1) : null,
          });
        }
        case "/export": {
          const key = url.searchParams.get("key") ?? BIG_KEY;
          const t = performance.now();
          const rows = (await weddingStore(ns, key).exportRows()) as unknown as WeddingRows;
          const files = STORE_TABLES.map((table) => ({ name: `${table}.csv`, text: toCsv(rows[table]) }));
          const body = await zip(files);
          const ms = performance.now() - t;
          return new Response(body, {
            headers: {
              "Content-Type": "application/zip",
              "X-Bench-Ms": String(ms),
              "X-Bench-Rows": String(STORE_TABLES.reduce((n, table) => n + rows[table].length, 0)),
              "X-Bench-Csv-Bytes": String(files.reduce((n, f) => n + new TextEncoder().encode(f.text).length, 0)),
            },
          });
        }
        case "/drop": {
          const key = url.searchParams.get("key") ?? smallKey(0);
          const store = weddingStore(ns, key);
          const before = await store.stats();
          const t = performance.now();
          await store.drop();
          const storeMs = performance.now() - t;
          const after = await store.stats();
          // The same account closed in one D1 among every wedding: the foreign keys cascade from users.
          const t2 = performance.now();
          const deleted = await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(key).run();
          const d1Ms = performance.now() - t2;
          return json({ before, after, storeMs, d1Ms, d1RowsWritten: deleted.meta.rows_written });
        }
        case "/seeded": {
          // What an interrupted seeding already wrote (npm run bench -- --wedding-stores --keep-state resumes from it).
          const row = await env.DB.prepare(
            "SELECT (SELECT COUNT(*) FROM users WHERE id LIKE 'bw-%') AS weddings, (SELECT COUNT(*) FROM users WHERE id = ?) AS big",
          )
            .bind(BIG_KEY)
            .first<{ weddings: number; big: number }>();
          return json({ d1Weddings: row?.weddings ?? 0, big: Boolean(row?.big) });
        }
        case "/stats": {
          const from = int(url, "from", 0);
          const keys = url.searchParams.get("key")
            ? [url.searchParams.get("key")!]
            : Array.from({ length: int(url, "count", 1) }, (_, i) => smallKey(from + i));
          const stats = await pool(keys, 50, (k) => weddingStore(ns, k).stats());
          return json({ stats: stats.map((s, i) => ({ key: keys[i], bytes: s.bytes, rows: s.rows })) });
        }
        default:
          return new Response("bench-wedding-store", { status: url.pathname === "/" ? 200 : 404 });
      }
    } catch (e) {
      return new Response(String((e as Error)?.stack ?? e), { status: 500 });
    }
  },
};
