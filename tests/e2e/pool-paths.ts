/** Shared by tests/e2e/prepare.mjs (writes them before the server starts) and fixtures.ts (reads them). */
export const POOL_FILE = "vendor-pool.json";
export const POOL_CLAIMS = "vendor-pool-claims";
export const POOL_SIZE = 60;
export const POOL_PASSWORD = "Shaadi2027";
/** The copy of the seeded e2e database that tests may query (never the live one the server holds). */
export const SEED_COPY = ".wrangler/e2e-seed-copy";
/** The pooled services' city: not one of the demo data's, so what tests do to them stays out of the demo lists. */
export const POOL_CITY = "Kota";
/** A vendor with a paid plan, payments (paid with an invoice, failed, pending) made by prepare.mjs, for the payments page (tests/e2e/subscription.spec.ts). */
export const PAYING_VENDOR = { email: "e2e.paying.vendor@example.com", password: POOL_PASSWORD };
