// Search API latency against a running server (e.g. `npm run db:seed -- --services 100000` then
// `npm start`): p50/p95 per query shape and overall, against the budget (p95 <= 50 ms).
//   node tests/bench/search.mjs [baseUrl] [rounds]
const base = process.argv[2] ?? "http://localhost:8787";
const rounds = Number(process.argv[3] ?? 40);
export const SEARCH_P95_BUDGET_MS = 50;

const QUERIES = [
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

const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const all = [];
for (const q of QUERIES) {
  await fetch(`${base}/api/v1/services?${q}`); // warm
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/v1/services?${q}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${q}: HTTP ${res.status}`);
    times.push(performance.now() - t);
  }
  all.push(...times);
  console.log(`${pct(times, 50).toFixed(1).padStart(6)} ms p50 ${pct(times, 95).toFixed(1).padStart(6)} ms p95  ${q}`);
}
const p95 = pct(all, 95);
console.log(`overall p95 ${p95.toFixed(1)} ms (budget ${SEARCH_P95_BUDGET_MS} ms): ${p95 <= SEARCH_P95_BUDGET_MS ? "OK" : "OVER BUDGET"}`);
process.exitCode = p95 <= SEARCH_P95_BUDGET_MS ? 0 : 1;
