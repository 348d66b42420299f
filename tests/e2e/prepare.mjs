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
import { BILLING, PAYING_VENDOR, POOL_CITY, POOL_FILE, POOL_PASSWORD, POOL_SIZE, SEED_COPY } from "./pool-paths.ts";
import { prepareInvoices } from "./invoice-fixtures.mjs";
import { prepareEInvite } from "./einvite-fixtures.mjs";

const { values } = parseArgs({ options: { state: { type: "string" } } });
const state = values.state ?? ".wrangler/e2e-state";

const proxy = await getPlatformProxy({ persist: { path: `${state}/v3` } });
const pool = [];
try {
  const { DB } = proxy.env;
  const hash = await hashPassword(POOL_PASSWORD);
  const now = Date.now();
  const statements = [];
  // Pool vendors stand for established vendors on a paid plan (functions/domain/billing/plan-limits.ts): a
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
  // Payments for the admin transactions test (the gateway is not needed to have them).
  const b = BILLING;
  statements.push(
    DB.prepare("INSERT INTO users (id, email, user_name, role, is_verified, created_at, updated_at) VALUES (?, ?, 'Billing Vendor', 'VENDOR', 1, ?, ?)").bind(
      b.vendorId,
      b.email,
      now,
      now,
    ),
    DB.prepare(
      "INSERT INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at) VALUES (?, 'e2e-billing-vendor', ?, 'Rajasthan', ?, ?, ?)",
    ).bind(b.vendorId, b.businessName, POOL_CITY, now, now),
  );
  for (const p of b.payments) {
    const at = Date.parse(p.at);
    const order = `order_${p.id.replace(/-/g, "")}`;
    statements.push(
      DB.prepare(
        "INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, start_date, end_date, failure_reason, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(`sub-${p.id}`, b.vendorId, b.planId, p.status === "SUCCESS" ? "EXPIRED" : "CANCELLED", order, at, at + 90 * 86_400_000, p.reason, at, at),
      DB.prepare(
        "INSERT INTO payments (id, user_id, purpose, subscription_id, amount, status, gateway_order_id, gateway_payment_id, failure_reason, created_at, updated_at) VALUES (?, ?, 'SUBSCRIPTION', ?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(p.id, b.vendorId, `sub-${p.id}`, p.amount, p.status, order, `pay_${p.id.replace(/-/g, "")}`, p.reason, at, at),
    );
  }
  // Plans, for the subscription pages (tests/e2e/subscription.spec.ts): the demo plans of the
  // common notes, each only when the seed has no plan of its kind yet (the demo data brings its own).
  const plan = (id, name, price, days, isTrial, maxServices, featured, depth, features, when) =>
    DB.prepare(
      `INSERT INTO plans (id, name, description, price, duration_days, is_trial, features, max_active_services, featured_placement, analytics_depth, is_active, created_at, updated_at)
       SELECT ?, ?, '', ?, ?, ?, ?, ?, ?, ?, 1, ?, ? WHERE NOT EXISTS (SELECT 1 FROM plans WHERE is_active = 1 AND ${when})`,
    ).bind(id, name, price, days, isTrial, JSON.stringify(features), maxServices, featured, depth, now, now);
  statements.push(
    plan("e2e-plan-trial", "Free trial", 0, 14, 1, 3, 0, "BASIC", [], "is_trial = 1"),
    plan("e2e-plan-silver", "Silver", 4999, 90, 0, 10, 0, "FULL", ["Priority support"], "is_trial = 0"),
    plan("e2e-plan-gold", "Gold", 14999, 365, 0, null, 1, "FULL", ["Priority support"], "is_trial = 0 AND id <> 'e2e-plan-silver'"),
  );
  // A vendor who has paid (read-only for tests): an ACTIVE paid plan, its payment with an invoice,
  // a declined payment and one still pending, for the payment history page.
  const paying = "e2e-paying-vendor";
  const cheapestPaid = "(SELECT id FROM plans WHERE is_trial = 0 AND is_active = 1 ORDER BY price, id LIMIT 1)";
  statements.push(
    DB.prepare(
      "INSERT INTO users (id, email, password_hash, user_name, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, 'Paying Vendor', 'VENDOR', 1, ?, ?)",
    ).bind(paying, PAYING_VENDOR.email, await hashPassword(PAYING_VENDOR.password), now, now),
    DB.prepare(
      "INSERT INTO vendors (user_id, slug, business_name, phone, email, state, city, created_at, updated_at) VALUES (?, 'e2e-paying-decor', 'E2E Paying Decor', '9876543210', ?, 'Rajasthan', ?, ?, ?)",
    ).bind(paying, PAYING_VENDOR.email, POOL_CITY, now, now),
    DB.prepare(
      `INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, start_date, end_date, created_at, updated_at)
       VALUES ('e2e-sub-paid', ?1, ${cheapestPaid}, 'ACTIVE', 'order_E2EPaid00000001', ?2, ?2 + 90 * 86400000, ?2, ?2),
              ('e2e-sub-declined', ?1, ${cheapestPaid.replace("ORDER BY price", "ORDER BY price DESC")}, 'PENDING', 'order_E2EDeclined0001', NULL, NULL, ?2, ?2)`,
    ).bind(paying, now - 10 * 86_400_000),
    DB.prepare(
      `INSERT INTO payments (id, user_id, purpose, subscription_id, amount, status, method, gateway_order_id, gateway_payment_id, failure_reason, created_at, updated_at)
       VALUES ('e2e-pay-paid', ?1, 'SUBSCRIPTION', 'e2e-sub-paid', 4999, 'SUCCESS', 'upi', 'order_E2EPaid00000001', 'pay_E2EPaid000000001', NULL, ?2, ?2),
              ('e2e-pay-declined', ?1, 'SUBSCRIPTION', 'e2e-sub-declined', 14999, 'FAILED', 'card', 'order_E2EDeclined0001', 'pay_E2EDeclined00001', 'Payment declined by the bank', ?3, ?3)`,
    ).bind(paying, now - 10 * 86_400_000, now - 86_400_000),
    DB.prepare(
      `INSERT INTO invoices (id, payment_id, user_id, number, financial_year, sequence, description, sac, taxable_value, cgst_rate, cgst_amount, sgst_rate, sgst_amount,
         igst_rate, igst_amount, total, prices_include_gst, place_of_supply, supplier, billed_to, issued_at)
       VALUES ('e2e-invoice-paid', 'e2e-pay-paid', ?, 'E2E/2026/0001', 'e2e', 1, 'Mandap Silver plan', '998365', 423644, 0, 0, 0, 0, 1800, 76256, 499900, 1, 'Rajasthan (08)', '{}', '{}', ?)`,
    ).bind(paying, now - 10 * 86_400_000),
  );
  await DB.batch(statements);
  await prepareInvoices(DB, state, hash, POOL_PASSWORD, now);
  await prepareEInvite(DB, proxy.env.MEDIA, hash, now);
} finally {
  await proxy.dispose();
}
writeFileSync(`${state}/${POOL_FILE}`, JSON.stringify(pool));
rmSync(SEED_COPY, { recursive: true, force: true });
cpSync(state, SEED_COPY, { recursive: true });
