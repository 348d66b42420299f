// Search API latency, one request at a time, per query shape: p50/p95 and the D1 rows each read
// (from the API's Server-Timing), against the budget (p95 <= 50 ms with 100,000 services).
// `npm run bench` runs it; alone, against a running server:
//   node tests/bench/search.mjs [baseUrl] [rounds]
export const SEARCH_P95_BUDGET_MS = 50;

export const SEARCH_SHAPES = [
  "limit=24",
  "service_type=Caterers&limit=24",
  "service_type=Caterers&state=Rajasthan&city=Jaipur&limit=24",
  "service_category=Wedding%20Venue&sort_by=price&sort_order=asc&limit=24",
  "sort_by=views&limit=24",
  "sort_by=newest&page=40&limit=24",
  "q=royal&limit=24",
  "q=jaipur%20caterers&minPrice=500&maxPrice=5000&rating=3&limit=24",
  "service_type=Wedding%20Photographers&available_on=2026-12-05&limit=24",
  "minPrice=100000&sort_by=price&sort_order=desc&limit=24",
];

const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/** { shapes: [{ query, p50, p95, rowsRead }], p95 } over `rounds` sequential requests per shape. */
export async function searchLatency(base, rounds = 40) {
  const shapes = [];
  const all = [];
  for (const query of SEARCH_SHAPES) {
    const warm = await fetch(`${base}/api/v1/services?${query}`);
    await warm.arrayBuffer();
    const rowsRead = Number((warm.headers.get("server-timing") ?? "").match(/rows_read=(\d+)/)?.[1] ?? NaN);
    const times = [];
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      const res = await fetch(`${base}/api/v1/services?${query}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${query}: HTTP ${res.status}`);
      times.push(performance.now() - t);
    }
    all.push(...times);
    shapes.push({ query, p50: pct(times, 50), p95: pct(times, 95), rowsRead });
  }
  return { shapes, p95: pct(all, 95) };
}

export function printSearchLatency({ shapes, p95 }) {
  console.log("| search (one at a time) | p50 ms | p95 ms | D1 rows read |");
  console.log("|---|---|---|---|");
  for (const s of shapes) console.log(`| ${s.query} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${Number.isNaN(s.rowsRead) ? "n/a" : s.rowsRead} |`);
  console.log(
    `\nSearch p95 over all shapes: ${p95.toFixed(1)} ms (budget ${SEARCH_P95_BUDGET_MS} ms): ${p95 <= SEARCH_P95_BUDGET_MS ? "within budget" : "OVER BUDGET"}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await searchLatency(process.argv[2] ?? "http://localhost:8787", Number(process.argv[3] ?? 40));
  printSearchLatency(result);
  process.exitCode = result.p95 <= SEARCH_P95_BUDGET_MS ? 0 : 1;
}
