/** Shared by tests/e2e/prepare.mjs (writes them before the server starts) and fixtures.ts (reads them). */
export const POOL_FILE = "vendor-pool.json";
export const POOL_CLAIMS = "vendor-pool-claims";
export const POOL_SIZE = 60;
export const POOL_PASSWORD = "Shaadi2027";
/** The copy of the seeded e2e database that tests may query (never the live one the server holds). */
export const SEED_COPY = ".wrangler/e2e-seed-copy";
/** The pooled services' city: not one of the demo data's, so what tests do to them stays out of the demo lists. */
export const POOL_CITY = "Kota";

/**
 * Payments written before the server starts for the admin transactions test (admin-billing.spec.ts):
 * a vendor of its own with payments on three days of January 2025 (India time), on the demo's
 * Silver plan. No other test pays on those days.
 */
export const BILLING = {
  vendorId: "e2e-billing-vendor",
  /** A name a spreadsheet would run as a formula, with a comma: the CSV must neutralise and quote it. */
  businessName: "=Sharma Tent House, Kota",
  email: "e2e.billing.vendor@example.com",
  from: "2025-01-10",
  to: "2025-01-12",
  planId: "plan-demo-silver",
  payments: [
    { id: "e2e-billing-pay-1", at: "2025-01-10T00:00:00+05:30", amount: 4999, status: "SUCCESS", reason: null },
    { id: "e2e-billing-pay-2", at: "2025-01-11T12:30:00+05:30", amount: 4999, status: "FAILED", reason: "Payment declined by the bank" },
    { id: "e2e-billing-pay-3", at: "2025-01-12T23:59:00+05:30", amount: 14999, status: "SUCCESS", reason: null },
    // Just after the range (13 Jan in India, still 12 Jan in UTC): never listed for 10 to 12 Jan.
    { id: "e2e-billing-pay-4", at: "2025-01-13T00:00:00+05:30", amount: 999, status: "SUCCESS", reason: null },
  ],
} as const;
/** A vendor with a paid plan, payments (paid with an invoice, failed, pending) made by prepare.mjs, for the payments page (tests/e2e/subscription.spec.ts). */
export const PAYING_VENDOR = { email: "e2e.paying.vendor@example.com", password: POOL_PASSWORD };
