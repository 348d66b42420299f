// The vendor dashboard's services page for a vendor with 200 services (issue 10's budget: it
// renders server-side in one round trip). The bench copies its database, adds a bench vendor who
// owns 200 services (copies of demo services) and a session for them, and times GET /VendorDashboard
// one request at a time. The copy keeps the bench vendor out of the demo data you browse.
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { mustRun } from "../../scripts/run.mjs";

export const DASHBOARD_SERVICES = 200;

const base32 = (bytes) => {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
};

/** A copy of `sourceState` with a bench vendor owning DASHBOARD_SERVICES services; returns its state dir and session token. */
export async function prepareDashboardState(sourceState, targetState = ".wrangler/bench-dashboard") {
  if (existsSync(targetState)) rmSync(targetState, { recursive: true, force: true });
  cpSync(sourceState, targetState, { recursive: true });
  const token = base32(randomBytes(20));
  const sessionId = createHash("sha256").update(token).digest("hex");
  const now = Date.now();
  const sql = `
INSERT INTO users (id, email, user_name, role, is_verified, created_at, updated_at) VALUES ('bench-vendor', 'bench-vendor@mandap.example', 'Bench Vendor', 'VENDOR', 1, ${now}, ${now});
INSERT INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at) VALUES ('bench-vendor', 'bench-vendor', 'Bench Vendor Events', 'Rajasthan', 'Jaipur', ${now}, ${now});
INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, max_price, service_unit, state, city, status, rating, review_count, view_count, lead_count, wishlist_count, cover_key, created_at, updated_at)
  SELECT 'bench-' || id, 'bench-vendor', service_name, description, service_category, service_type, min_price, max_price, service_unit, state, city, 'active', rating, review_count, view_count, lead_count, wishlist_count, cover_key, created_at, updated_at
  FROM services ORDER BY id LIMIT ${DASHBOARD_SERVICES};
INSERT INTO sessions (id, user_id, expires_at, created_at, user_agent) VALUES ('${sessionId}', 'bench-vendor', ${now + 7 * 86_400_000}, ${now}, 'bench');
`;
  const file = `${targetState}/bench-vendor.sql`;
  writeFileSync(file, sql);
  await mustRun(
    `bench vendor with ${DASHBOARD_SERVICES} services`,
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", targetState, "--file", file],
    {
      env: { CI: "1" },
      quiet: true,
    },
  );
  return { state: targetState, token };
}

const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/** Sequential GET /VendorDashboard as the bench vendor: latency, HTML size and how many service rows it shows. */
export async function dashboardLatency(base, token, rounds = 30) {
  const headers = { cookie: `mandap_session=${token}` };
  const first = await fetch(`${base}/VendorDashboard`, { headers, redirect: "manual" });
  const html = await first.text();
  if (first.status !== 200) throw new Error(`/VendorDashboard answered ${first.status} for the bench vendor`);
  const rows = new Set([...html.matchAll(/\/VendorDashboard\/service-details\/(bench-[^"/?#]+)/g)].map((m) => m[1])).size;
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/VendorDashboard`, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  return { rows, htmlKB: Buffer.byteLength(html) / 1024, p50: pct(times, 50), p95: pct(times, 95) };
}

export function printDashboardLatency(r) {
  console.log(
    `\nVendor dashboard with ${DASHBOARD_SERVICES} services (one request at a time): p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${r.rows} services linked in the first HTML, ${r.htmlKB.toFixed(0)} KB HTML`,
  );
}
