// Before the e2e server starts (scripts/e2e.mjs): writes what tests cannot make through the product
// while it runs, then keeps a read-only copy of the seeded database for tests to query.
//
// Why: the server and `wrangler d1 execute` open the same SQLite file from two processes, and the
// server answers a write (or even a read that records a commit token) that meets the other
// process's lock with SQLITE_BUSY, a 500 in some other test. So no test touches the live file:
//  - vendors with an active service (vendors cannot add services yet) are made here, a pool that
//    factory.vendorService() hands out one by one (tests/e2e/fixtures.ts). They are in a city of
//    their own, so the reviews tests give them never reorder the demo lists other tests read;
//  - questions about the demo data are asked of a copy taken here (seedQuery()).
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { hashPassword } from "#platform/password.ts";
import { POOL_CITY, POOL_FILE, POOL_PASSWORD, POOL_SIZE, SEED_COPY } from "./pool-paths.ts";

const { values } = parseArgs({ options: { state: { type: "string" } } });
const state = values.state ?? ".wrangler/e2e-state";

const proxy = await getPlatformProxy({ persist: { path: `${state}/v3` } });
const pool = [];
try {
  const { DB } = proxy.env;
  const hash = await hashPassword(POOL_PASSWORD);
  const now = Date.now();
  const statements = [];
  // Pool vendors stand for established vendors on a paid plan (functions/domain/plan-limits.ts): a
  // retired plan (not offered on the Plan page) with full analytics and room for 10 services.
  const poolPlan = `e2e-pool-plan-${now.toString(36)}`;
  statements.push(
    DB.prepare(
      "INSERT INTO plans (id, name, description, price, duration_days, is_trial, features, max_active_services, featured_placement, analytics_depth, is_active, created_at, updated_at) VALUES (?, 'E2E pool plan', '', 4999, 365, 0, '[]', 10, 0, 'FULL', 0, ?, ?)",
    ).bind(poolPlan, now, now),
  );
  for (let i = 0; i < POOL_SIZE; i++) {
    const tag = `${now.toString(36)}p${i}`;
    const vendor = {
      id: `e2e-pool-${tag}`,
      role: "vendor",
      email: `e2e.pool.${tag}@example.com`,
      password: POOL_PASSWORD,
      name: `Pool Vendor ${i}`,
      businessName: `E2E Caterers ${tag}`,
      slug: `e2e-caterers-${tag}`,
      city: POOL_CITY,
    };
    const service = {
      id: `e2e-svc-${tag}`,
      name: `${vendor.businessName} Feast`,
      category: "Wedding Vendor",
      type: "Caterers",
      state: "Rajasthan",
      city: POOL_CITY,
    };
    statements.push(
      DB.prepare(
        "INSERT INTO users (id, email, password_hash, user_name, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, 'VENDOR', 1, ?, ?)",
      ).bind(vendor.id, vendor.email, hash, vendor.name, now, now),
      DB.prepare(
        "INSERT INTO vendors (user_id, slug, business_name, phone, email, state, city, created_at, updated_at) VALUES (?, ?, ?, '9876543210', ?, 'Rajasthan', ?, ?, ?)",
      ).bind(vendor.id, vendor.slug, vendor.businessName, vendor.email, POOL_CITY, now, now),
      DB.prepare(
        "INSERT INTO services (id, vendor_id, service_name, description, service_category, service_type, min_price, service_unit, state, city, status, created_at, updated_at) VALUES (?, ?, ?, 'Vegetarian Rajasthani thalis for weddings, made fresh on site.', ?, ?, 1200, 'Per Plate', ?, ?, 'active', ?, ?)",
      ).bind(service.id, vendor.id, service.name, service.category, service.type, service.state, service.city, now, now),
    );
    statements.push(
      DB.prepare(
        "INSERT INTO subscriptions (id, vendor_id, plan_id, status, start_date, end_date, is_trial, created_at, updated_at) VALUES (?, ?, ?, 'ACTIVE', ?, ?, 0, ?, ?)",
      ).bind(`e2e-pool-sub-${tag}`, vendor.id, poolPlan, now, now + 365 * 86_400_000, now, now),
    );
    pool.push({ vendor, service });
  }
  await DB.batch(statements);
} finally {
  await proxy.dispose();
}
writeFileSync(`${state}/${POOL_FILE}`, JSON.stringify(pool));
rmSync(SEED_COPY, { recursive: true, force: true });
cpSync(state, SEED_COPY, { recursive: true });
