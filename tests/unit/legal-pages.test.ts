import { describe, expect, it } from "vitest";
import privacy from "../../public/privacypolicy.html?raw";
import terms from "../../public/terms.html?raw";

/**
 * The privacy policy and the terms describe what the code does today. Read from the source: a
 * payment processor the documents name must be one the code talks to, and every cookie or
 * local-storage name the code uses (all are "mandap_…") must be listed in the privacy policy.
 */
const sources = import.meta.glob(["../../app/**/*.{ts,tsx}", "../../functions/**/*.ts", "../../shared/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const code = Object.values(sources).join("\n");

const PROCESSORS = ["Razorpay", "Stripe", "PayU", "Cashfree", "Paytm", "PhonePe", "CCAvenue", "PayPal"];

describe("the legal pages", () => {
  it("read the source tree (so the checks below cannot pass on nothing)", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(code).toContain("mandap_session");
  });

  it("name no payment processor the code does not use, and promise no invoices or paid plans", () => {
    for (const [name, text] of [
      ["privacy policy", privacy],
      ["terms", terms],
    ] as const) {
      for (const processor of PROCESSORS) {
        if (new RegExp(processor, "i").test(text))
          expect(new RegExp(processor, "i").test(code), `the ${name} names ${processor}, which the code does not use`).toBe(true);
      }
      expect(text, name).not.toMatch(/invoice|GST|subscription|refund/i);
    }
  });

  it("list every cookie and local-storage name the code uses in the privacy policy", () => {
    const names = new Set([...code.matchAll(/["'`](?:__Host-)?(mandap_[a-z_]+)/g)].map((m) => m[1]!));
    expect([...names].sort()).toEqual(
      expect.arrayContaining(["mandap_favorites", "mandap_flash", "mandap_pv", "mandap_session", "mandap_sv", "mandap_visited"]),
    );
    for (const name of names) expect(privacy, `privacy policy lists ${name}`).toContain(`<code>${name}</code>`);
  });
});
