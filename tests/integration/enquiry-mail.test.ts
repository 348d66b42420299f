import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LISTING } from "#shared/strings.ts";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";

/**
 * The couple is told (LISTING.whatNext) that the vendor gets the enquiry by e-mail with their name
 * and e-mail address and can reply directly. The e-mail the vendor receives must make that true,
 * and must not send the vendor to a dashboard that does not list enquiries.
 */
describe("the enquiry e-mail to the vendor", () => {
  it("carries the couple's name and e-mail address to reply to, and no dashboard", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    const couple = await createUser({ role: "USER", userName: "Aarti Sharma" });
    const res = await call(`/api/v1/services/makeLead/${service.id}`, {
      method: "PUT",
      body: { message: "We are looking for a caterer for 300 guests for our reception in Jaipur." },
      cookie: await sessionCookieFor(couple.id),
    });
    expect(res.status).toBe(201);
    const mail = await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ?").bind(vendor.email).first<{ subject: string; text: string }>();
    expect(mail?.subject).toMatch(/^New enquiry for /);
    expect(mail?.text).toContain("Aarti Sharma");
    expect(mail?.text).toContain(`Reply to Aarti Sharma directly at ${couple.email}.`);
    expect(mail?.text.toLowerCase()).not.toContain("dashboard");
    // What the couple is told matches: the vendor has their e-mail address and replies directly.
    expect(LISTING.whatNext("Vendor", null).join(" ")).toContain("with your name and e-mail address");
  });
});
