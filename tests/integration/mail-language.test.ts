import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";
import { indiaDateInDays } from "#shared/india-time.ts";
import { formatDate } from "#shared/format.ts";
import { withLocale } from "#platform/locale.ts";
import { makeLead } from "#domain/enquiries/index.ts";
import { actorOf, testContext } from "#tests/support/context.ts";

/**
 * Issue 32: mail and WhatsApp are written in the RECIPIENT's language (users.locale, saved by the
 * language switch or PUT /api/v1/users/language), never in the language of the page that caused
 * them: a Hindi vendor gets a Hindi new-enquiry mail and WhatsApp message from a couple using the
 * English site, and the English couple gets the vendor's answer in English. The spec's English
 * strings stay exactly as they were.
 */

type Mail = { subject: string; text: string; html: string };
const mailTo = (address: string) =>
  env.DB.prepare("SELECT subject, text, html FROM outbox WHERE channel = 'email' AND to_address = ? ORDER BY created_at, id").bind(address).all<Mail>();
const whatsAppTo = (userId: string) =>
  env.DB.prepare("SELECT text, payload FROM outbox WHERE channel = 'whatsapp' AND user_id = ?").bind(userId).first<{ text: string; payload: string }>();

async function chooseLanguage(cookie: string, locale: "en" | "hi") {
  const res = await call("/api/v1/users/language", { method: "PUT", body: { locale }, cookie });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function optInToWhatsApp(userId: string, cookie: string, phone: string) {
  await env.DB.prepare("UPDATE users SET phone = ? WHERE id = ?").bind(phone, userId).run();
  const res = await call("/api/v1/whatsapp/preferences", { method: "PUT", body: { whatsapp: true }, cookie });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("mail in the recipient's language", () => {
  it("a Hindi vendor's new-enquiry mail and WhatsApp are Hindi; the English couple's answer mail is English", async () => {
    const vendor = await createVendor({ businessName: `Shubh Caterers ${Date.now()}` });
    const vendorCookie = await sessionCookieFor(vendor.id);
    await chooseLanguage(vendorCookie, "hi");
    await optInToWhatsApp(vendor.id, vendorCookie, "98290 11111");
    const service = await createService({ vendorId: vendor.id, serviceName: "Rajasthani thali" });
    const couple = await createUser({ userName: "Aarti Sharma" });
    const coupleCookie = await sessionCookieFor(couple.id);

    const eventDate = indiaDateInDays(60);
    const res = await call(`/api/v1/services/makeLead/${service.id}`, {
      method: "PUT",
      body: { message: "We need a caterer for 300 guests.", eventDate, guestCount: 300 },
      cookie: coupleCookie,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { lead } = (await res.json()) as { lead: { id: string } };

    const [toVendor] = (await mailTo(vendor.email)).results;
    expect(toVendor!.subject).toBe("Rajasthani thali के लिए नई पूछताछ");
    expect(toVendor!.text).toContain('Aarti Sharma ने "Rajasthani thali" के बारे में पूछताछ भेजी है।');
    expect(toVendor!.text).toContain("मेहमान: 300");
    const hindiDate = withLocale("hi", () => formatDate(eventDate));
    expect(hindiDate).toMatch(/[\u0900-\u097F]/);
    expect(toVendor!.text).toContain(`समारोह की तारीख: ${hindiDate}`);
    expect(toVendor!.text).toMatch(new RegExp(`अपने डैशबोर्ड में जवाब दें: https?://[^/\\s]+/VendorDashboard/enquiries/${lead.id}`));
    expect(toVendor!.text).toContain("Mandap टीम");
    expect(toVendor!.text).toContain("Mandap पर आपका वेंडर खाता है।");
    expect(toVendor!.text).not.toContain("The Mandap team");
    expect(toVendor!.html).toContain('<html lang="hi-IN">');
    expect(toVendor!.html).toContain("अपने डैशबोर्ड में जवाब दें</a>");
    // What the couple typed stays as typed.
    expect(toVendor!.text).toContain("We need a caterer for 300 guests.");

    const wa = await whatsAppTo(vendor.id);
    expect(JSON.parse(wa!.payload)).toMatchObject({ name: "new_enquiry", language: "hi" });
    expect(wa!.text).toContain(`Mandap पर नई पूछताछ: Aarti Sharma ने Rajasthani thali के बारे में पूछा है (समारोह की तारीख: ${hindiDate})`);

    // The vendor answers from the Hindi dashboard; the couple chose nothing, so English.
    const reply = await call(`/api/v1/leads/${lead.id}/messages`, { method: "POST", body: { body: "Namaste! Hum free hain." }, cookie: vendorCookie });
    expect(reply.status, await reply.clone().text()).toBe(201);
    const [toCouple] = (await mailTo(couple.email)).results;
    expect(toCouple!.subject).toBe(`New message from ${vendor.businessName} about Rajasthani thali`);
    expect(toCouple!.text).toMatch(/^Hello Aarti Sharma,\n/);
    expect(toCouple!.text).toContain(`${vendor.businessName} wrote:`);
    expect(toCouple!.text).toContain("The Mandap team");
    expect(toCouple!.text).toContain(`You receive this e-mail because you sent ${vendor.businessName} an enquiry about Rajasthani thali.`);
    expect(toCouple!.html).toContain('<html lang="en-IN">');
    expect(toCouple!.text).not.toMatch(/[\u0900-\u097F]/);

    // The couple switches to Hindi: the vendor's next message reaches them in Hindi, the vendor's mails stay Hindi.
    await chooseLanguage(coupleCookie, "hi");
    await call(`/api/v1/leads/${lead.id}/messages`, { method: "POST", body: { body: "Menu attached." }, cookie: vendorCookie });
    const second = (await mailTo(couple.email)).results[1];
    expect(second!.subject).toBe(`Rajasthani thali के बारे में ${vendor.businessName} का नया संदेश`);
    expect(second!.text).toMatch(/^नमस्ते Aarti Sharma,\n/);
  });

  it("an English vendor's new-enquiry mail keeps the spec's English words", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id, serviceName: "Mehndi for the bride" });
    const couple = await createUser({ userName: "Neha Gupta" });
    const res = await call(`/api/v1/services/makeLead/${service.id}`, {
      method: "PUT",
      body: { message: "Is 14 February free?", budget: 25000 },
      cookie: await sessionCookieFor(couple.id),
    });
    expect(res.status).toBe(201);
    const [mail] = (await mailTo(vendor.email)).results;
    expect(mail!.subject).toBe("New enquiry for Mehndi for the bride");
    expect(mail!.text).toContain('Neha Gupta sent an enquiry about "Mehndi for the bride".');
    expect(mail!.text).toContain("Budget: ₹25,000");
    expect(mail!.text).toContain("Reply in your dashboard: ");
    expect(mail!.text).toContain("You receive this e-mail because you turned on new-enquiry e-mails.");
    expect(mail!.text).toContain("The Mandap team");
    expect(mail!.text).toContain("You have a vendor account on Mandap, the wedding planning marketplace.");
    expect(mail!.html).toContain('<html lang="en-IN">');
  });

  it("an enquiry made while the request is in Hindi reaches an English vendor in English, its date too", async () => {
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id, serviceName: "Tent and lights" });
    const couple = await createUser({ userName: "Ravi Verma" });
    const eventDate = indiaDateInDays(90);
    // As a Hindi page's action runs (functions/app.ts): every message and format of the request is Hindi.
    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    await withLocale("hi", () => makeLead(ctx, service.id, { message: "Do you have a tent for 500 guests?", eventDate }));
    await ctx.settle();
    const [mail] = (await mailTo(vendor.email)).results;
    expect(mail!.subject).toBe("New enquiry for Tent and lights");
    expect(mail!.text).toContain(`Event date: ${formatDate(eventDate)}`);
    expect(mail!.text).not.toMatch(/[\u0900-\u097F]/);
  });
});
