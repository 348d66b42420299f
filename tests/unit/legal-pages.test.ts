import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "#db/schema/index.ts";
import privacy from "../../public/privacypolicy.html?raw";
import terms from "../../public/terms.html?raw";

/**
 * The privacy policy and the terms describe what the code does today. Read from the source:
 * - every table that holds anything about a person is named in the privacy policy's list of
 *   records (`<code>table</code>`); a table that holds nothing about anyone is listed below with
 *   the reason, and may not have a column that points at a person;
 * - every cookie and browser-storage name the code uses is listed in the privacy policy;
 * - a payment processor the documents name is one the code talks to.
 * A new table or cookie fails here until the policy says what it keeps and why.
 */
const sources = import.meta.glob(["../../app/**/*.{ts,tsx}", "../../functions/**/*.ts", "../../shared/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const code = Object.values(sources).join("\n");

const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => value instanceof SQLiteTable).map((table) => getTableConfig(table));

/** Tables with nothing about a person in them, and why. */
const HOLDS_NO_PERSONAL_DATA: Record<string, string> = {
  plans: "the vendor plans on sale",
  blog_tags: "the blog's tags",
  blog_post_tags: "which post has which tag",
  page_cache_version: "a number that retires cached pages",
  public_counts: "three totals the home page shows (active services, verified vendors, verified couples)",
  service_daily_stats: "per-day totals of a listing's views and enquiries",
  subscription_reminders: "which reminder run handled which subscription",
  payment_refund_locks: "a lock held while one refund is asked of the gateway",
  payment_reconciliation_flags:
    "what the daily reconciliation found about a payment: gateway ids, a status and a message of ours, and when it was resolved with the admin's note about the payment",
  payment_automatic_refunds: "a refund owed by itself: the payment's id, our reason, attempts and the gateway's last error",
  invite_templates: "the catalogue of invitation designs",
  analytics_events: "counts of key events by category, city and outcome, never by person (functions/platform/analytics.ts)",
};
/**
 * The local sandbox payment gateway's own records. It stands in for Razorpay in development and
 * tests and refuses to run in production (functions/platform/sandbox-gateway.ts), so no real
 * person's data is ever in them.
 */
const SANDBOX_GATEWAY = /^sandbox_gateway_/;

/** A column that points at a person or holds something about one. */
const PERSONAL_COLUMN = /(^|_)(user|users|email|phone|contact|vpa|agent|visitor|author|actor|sender|guest|couple|vendor|address|ip)(_|$)|_name$/;

const PROCESSORS = ["Razorpay", "Stripe", "PayU", "Cashfree", "Paytm", "PhonePe", "CCAvenue", "PayPal"];

describe("the legal pages", () => {
  it("read the source tree and the schema (so the checks below cannot pass on nothing)", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(code).toContain("mandap_session");
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["users", "guests", "payments", "invite_requests"]));
  });

  it("name every table that holds personal data in the privacy policy", () => {
    const unnamed = tables
      .map((t) => t.name)
      .filter((name) => !(name in HOLDS_NO_PERSONAL_DATA) && !SANDBOX_GATEWAY.test(name))
      .filter((name) => !privacy.includes(`<code>${name}</code>`));
    expect(unnamed, "Add each table to public/privacypolicy.html (what it keeps, why, how long), or to HOLDS_NO_PERSONAL_DATA with the reason").toEqual([]);
  });

  it("holds nothing about a person in a table said to hold no personal data", () => {
    const names = new Set(tables.map((t) => t.name));
    for (const name of Object.keys(HOLDS_NO_PERSONAL_DATA)) expect(names.has(name), `${name} is a table`).toBe(true);
    for (const table of tables.filter((t) => t.name in HOLDS_NO_PERSONAL_DATA)) {
      const personal = table.columns.map((c) => c.name).filter((c) => PERSONAL_COLUMN.test(c));
      expect(personal, `${table.name} has columns about a person`).toEqual([]);
    }
  });

  it("name no payment processor the code does not use", () => {
    for (const [name, text] of [
      ["privacy policy", privacy],
      ["terms", terms],
    ] as const) {
      for (const processor of PROCESSORS) {
        if (new RegExp(processor, "i").test(text))
          expect(new RegExp(processor, "i").test(code), `the ${name} names ${processor}, which the code does not use`).toBe(true);
      }
    }
  });

  it("list every cookie and browser-storage name the code uses in the privacy policy", () => {
    const names = new Set([...code.matchAll(/["'`](?:__Host-)?(mandap[_.][a-z_]+)/g)].map((m) => m[1]!));
    expect([...names].sort()).toEqual(
      expect.arrayContaining(["mandap.checklist", "mandap_favorites", "mandap_flash", "mandap_pv", "mandap_session", "mandap_sv", "mandap_visited"]),
    );
    for (const name of names) expect(privacy, `privacy policy lists ${name}`).toContain(`<code>${name}</code>`);
  });

  it("name a grievance officer who answers within a stated time, as the IT Rules 2021 ask", () => {
    expect(privacy).toMatch(/Grievance Officer/);
    expect(privacy).toMatch(/within \d+ (hours|days)/);
    expect(terms).toMatch(/Grievance Officer/);
  });
});
