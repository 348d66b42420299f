// The admin console's searches (issue 14): "admin searches over 100,000 services and 50,000 users
// answer with p95 <= 100 ms on the local stack". Signs in as the demo super admin, then times each
// search shape one request at a time (p50/p95) and says how many services and accounts the data has.
// `npm run bench` runs it (`-- --services 100000` for the big catalogue); alone, against a server:
//   node tests/bench/admin-search.mjs [baseUrl] [rounds]
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";

export const ADMIN_SEARCH_P95_BUDGET_MS = 100;

const SHAPES = [
  ["vendor-search", { q: "caterers" }],
  ["vendor-search", { city: "Jaipur", verified: "no", page: 3 }],
  ["service-search", { q: "royal" }],
  ["service-search", { status: "active", serviceType: "Caterers", city: "Jaipur" }],
  ["service-search", { q: "lawn", status: "archived", page: 2 }],
  ["user-search", { q: "sharma" }],
  ["user-search", { role: "USER", verified: "yes", page: 10 }],
  ["user-search", { q: "@mandap.example" }],
];

/** How many accounts the bench database holds (read from the local D1 file, not through the app). */
export function accountCount(state) {
  const out = execFileSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", "SELECT count(*) AS n FROM users"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return JSON.parse(out)[0].results[0].n;
}

const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

export async function adminSearchLatency(base, rounds = 30, accounts = null) {
  const login = await fetch(`${base}/api/v1/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "superadmin@mandap.example", password: "Super@Mandap1" }),
  });
  if (!login.ok) throw new Error(`admin log-in answered ${login.status}`);
  const cookie = (login.headers.getSetCookie?.() ?? [login.headers.get("set-cookie") ?? ""]).map((c) => c.split(";")[0]).join("; ");
  const headers = { "content-type": "application/json", origin: base, cookie };
  const analytics = await (await fetch(`${base}/api/v1/admin/general-analytics`, { headers })).json();
  const shapes = [];
  const all = [];
  for (const [path, body] of SHAPES) {
    const call = async () => {
      const t = performance.now();
      const res = await fetch(`${base}/api/v1/admin/${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} ${JSON.stringify(body)}: HTTP ${res.status}`);
      return performance.now() - t;
    };
    await call();
    const times = [];
    for (let i = 0; i < rounds; i++) times.push(await call());
    all.push(...times);
    shapes.push({ search: `${path} ${JSON.stringify(body)}`, p50: pct(times, 50), p95: pct(times, 95) });
  }
  return { shapes, p95: pct(all, 95), activeServices: analytics.activeServices, accounts };
}

export function printAdminSearchLatency(r) {
  console.log(
    `\nAdmin searches (${r.activeServices.toLocaleString("en-IN")} active services${r.accounts === null ? "" : `, ${r.accounts.toLocaleString("en-IN")} accounts`} in the data), one request at a time; budget p95 ≤ ${ADMIN_SEARCH_P95_BUDGET_MS} ms\n`,
  );
  console.log("| search | p50 ms | p95 ms |");
  console.log("|---|---|---|");
  for (const s of r.shapes) console.log(`| ${s.search} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} |`);
  console.log(`\nAll admin searches: p95 ${r.p95.toFixed(1)} ms (${r.p95 <= ADMIN_SEARCH_P95_BUDGET_MS ? "within" : "OVER"} budget)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.argv[2] ?? "http://127.0.0.1:8787";
  printAdminSearchLatency(await adminSearchLatency(base, Number(process.argv[3] ?? 30)));
}
