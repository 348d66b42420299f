import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LISTING } from "#shared/listing-words.ts";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";

/**
 * The vendor is e-mailed each new enquiry with a link to the conversation in the dashboard, and
 * without the couple's personal e-mail address or phone: those are shared only once the vendor has
 * replied (functions/domain/enquiries/make-lead.ts). What the couple is told (LISTING.whatNext) says the same.
 */
describe("the enquiry e-mail to the vendor", () => {
  it("carries the couple's name and the conversation link, and no e-mail address", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    const couple = await createUser({ role: "USER", userName: "Aarti Sharma" });
    const res = await call(`/api/v1/services/makeLead/${service.id}`, {
      method: "PUT",
      body: { message: "We are looking for a caterer for 300 guests for our reception in Jaipur." },
      cookie: await sessionCookieFor(couple.id),
    });
    expect(res.status).toBe(201);
    const { lead } = (await res.json()) as { lead: { id: string } };
    const mail = await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ?").bind(vendor.email).first<{ subject: string; text: string }>();
    expect(mail?.subject).toMatch(/^New enquiry for /);
    expect(mail?.text).toContain("Aarti Sharma");
    expect(mail?.text).toContain(`/VendorDashboard/enquiries/${lead.id}`);
    expect(mail?.text).not.toContain(couple.email);
    expect(mail?.text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(LISTING.whatNext("Vendor", null).join(" ")).toContain("stay private until they reply");
  });
});
