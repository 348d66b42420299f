import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createService, createUser, createVendor, sessionCookieFor } from "#tests/support/factories.ts";
import { indiaDateInDays } from "#shared/india-time.ts";
import { formatDate } from "#shared/format.ts";
import { withLocale } from "#platform/locale.ts";
import { makeLead, sendWeeklySummaries } from "#domain/enquiries/index.ts";
import { sendPlanningReminders } from "#domain/planning/index.ts";
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

/** The newest mail to an address whose subject matches, waiting for mails sent after the answer. */
async function latestMailTo(address: string, subject: RegExp, timeoutMs = 3000): Promise<Mail> {
  for (const start = Date.now(); ;) {
    const { results } = await env.DB.prepare(
      "SELECT subject, text, html FROM outbox WHERE channel = 'email' AND to_address = ? ORDER BY created_at DESC, id DESC",
    )
      .bind(address)
      .all<Mail>();
    const mail = results.find((m) => subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${address} matching ${subject}; got ${results.map((m) => m.subject).join(" | ")}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A mail wholly in Hindi: Hindi words, html lang, the Hindi frame, none of the English frame. */
function expectHindi(mail: Mail) {
  expect(mail.subject).toMatch(/[\u0900-\u097F]/);
  expect(mail.html).toContain('<html lang="hi-IN">');
  expect(mail.text).toContain("Mandap टीम");
  expect(mail.text).not.toContain("The Mandap team");
  expect(mail.text).not.toMatch(/You receive this|Hello |Namaste /);
}

describe("each kind of mail in Hindi for a Hindi recipient", () => {
  async function hindiPair() {
    const vendor = await createVendor({ businessName: `Jaipur Tent House ${Date.now()}` });
    const service = await createService({ vendorId: vendor.id, serviceName: "Shamiana for 500" });
    const couple = await createUser({ userName: "Pooja Meena" });
    const v = await sessionCookieFor(vendor.id);
    const c = await sessionCookieFor(couple.id);
    await chooseLanguage(v, "hi");
    await chooseLanguage(c, "hi");
    const lead = async () => {
      const res = await call(`/api/v1/services/makeLead/${service.id}`, {
        method: "PUT",
        body: { message: "Tent for 500 guests?", eventDate: indiaDateInDays(50) },
        cookie: c,
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { lead: { id: string } }).lead.id;
    };
    return { vendor, couple, v, c, lead };
  }

  it("quote, booking confirmed, booking changed and cancelled, enquiry closed and withdrawn", async () => {
    const { vendor, couple, v, c, lead } = await hindiPair();
    const first = await lead();
    const validUntil = indiaDateInDays(7);
    const quote = await call(`/api/v1/leads/${first}/quote`, {
      method: "POST",
      body: { amount: 150000, includes: "Tent, lights, 500 chairs", validUntil },
      cookie: v,
    });
    expect(quote.status, await quote.clone().text()).toBe(201);
    const quoteMail = await latestMailTo(couple.email, /कोटेशन/);
    expect(quoteMail.subject).toBe(`${vendor.businessName} ने आपको Shamiana for 500 का कोटेशन भेजा है`);
    expect(quoteMail.text).toContain(`कोटेशन: ₹1,50,000, ${withLocale("hi", () => formatDate(validUntil))} तक मान्य।\nइसमें शामिल: Tent, lights, 500 chairs`);
    expect(quoteMail.text).toContain("आप इसे अपने डैशबोर्ड में स्वीकार कर सकते हैं या जवाब दे सकते हैं।");
    expectHindi(quoteMail);

    const accepted = await call(`/api/v1/leads/${first}/accept-quote`, { method: "POST", body: {}, cookie: c });
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    const booking = ((await accepted.json()) as { booking: { id: string } }).booking;
    const acceptedMail = await latestMailTo(vendor.email, /कोटेशन स्वीकार/);
    expect(acceptedMail.text).toContain("Pooja Meena ने ₹1,50,000 का आपका कोटेशन स्वीकार कर लिया है। बुकिंग");
    expect(acceptedMail.text).toMatch(/बुकिंग देखें: https?:\/\/\S+\/VendorDashboard\/bookings\//);
    expectHindi(acceptedMail);

    const newDate = indiaDateInDays(55);
    const changed = await call(`/api/v1/bookings/${booking.id}`, { method: "PATCH", body: { eventDate: newDate }, cookie: v });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const changedMail = await latestMailTo(couple.email, /बदलाव/);
    expect(changedMail.text).toContain(`समारोह की तारीख अब ${withLocale("hi", () => formatDate(newDate))} है।`);
    expectHindi(changedMail);

    const cancelled = await call(`/api/v1/bookings/${booking.id}/cancel`, { method: "POST", body: { reason: "Shaadi ki taarikh badal gayi" }, cookie: c });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const cancelMail = await latestMailTo(vendor.email, /रद्द/);
    expect(cancelMail.subject).toBe("Pooja Meena ने Shamiana for 500 की बुकिंग रद्द कर दी है");
    expect(cancelMail.text).toContain("कारण: Shaadi ki taarikh badal gayi");
    expectHindi(cancelMail);

    const second = await lead();
    const closed = await call(`/api/v1/leads/${second}/status`, { method: "PATCH", body: { status: "LOST", reason: "Us din booked hain" }, cookie: v });
    expect(closed.status, await closed.clone().text()).toBe(200);
    const closedMail = await latestMailTo(couple.email, /पूछताछ बंद/);
    expect(closedMail.text).toContain(`${vendor.businessName} ने आपकी पूछताछ बंद कर दी है।\n\nकारण: Us din booked hain`);
    expectHindi(closedMail);

    const third = await lead();
    expect((await call(`/api/v1/leads/${third}/withdraw`, { method: "POST", body: {}, cookie: c })).status).toBe(200);
    const withdrawn = await latestMailTo(vendor.email, /वापस ले ली/);
    expect(withdrawn.text).toContain('Pooja Meena ने "Shamiana for 500" के बारे में अपनी पूछताछ वापस ले ली है।');
    expectHindi(withdrawn);
  });

  it("password reset, the sign-up mails and the contact acknowledgement", async () => {
    const hindi = await createUser({ userName: "Sunita Devi" });
    await chooseLanguage(await sessionCookieFor(hindi.id), "hi");
    // Asked from an English page: the mail follows the account's language.
    expect((await call("/api/v1/users/request-password-reset", { method: "POST", body: { email: hindi.email } })).status).toBe(200);
    const reset = await latestMailTo(hindi.email, /पासवर्ड/);
    expect(reset.subject).toBe("अपना Mandap पासवर्ड नए सिरे से बनाएँ");
    expect(reset.text).toMatch(/^नमस्ते Sunita Devi,\n/);
    expect(reset.text).toMatch(/नया पासवर्ड चुनें: https?:\/\/\S+\/user-change-password\?token=/);
    expectHindi(reset);

    // Somebody signs up again with the address (from an English page): its owner is told in Hindi.
    const again = await call("/api/v1/users/register", {
      method: "POST",
      body: { user_name: "Sunita", email: hindi.email, password: "Mandap2026pass", confirmPassword: "Mandap2026pass" },
    });
    expect(again.status).toBe(202);
    expectHindi(await latestMailTo(hindi.email, /खाता बनाने की कोशिश/));

    // No account yet: the sign-up page's language.
    const newcomer = `naya-${Date.now()}@example.com`;
    const signUp = await call("/api/v1/users/register", {
      method: "POST",
      body: { user_name: "Kamla", email: newcomer, password: "Mandap2026pass", confirmPassword: "Mandap2026pass" },
      headers: { "Accept-Language": "hi-IN,hi;q=0.9" },
    });
    expect(signUp.status).toBe(202);
    const confirm = await latestMailTo(newcomer, /पुष्टि/);
    expect(confirm.text).toMatch(/अपने ईमेल पते की पुष्टि करें: https?:\/\/\S+\/verify-email\?token=/);
    expectHindi(confirm);

    const writer = `likhne-wale-${Date.now()}@example.com`;
    const contact = await call("/api/v1/contact", {
      method: "POST",
      body: { name: "Ramesh", email: writer, topic: "Planning my wedding", message: "Udaipur mein venue chahiye, February mein." },
      headers: { "Accept-Language": "hi" },
    });
    expect(contact.status, await contact.clone().text()).toBeLessThan(300);
    const ack = await latestMailTo(writer, /संदेश/);
    expect(ack.subject).toBe("हमें आपका संदेश मिल गया है");
    expect(ack.text).toMatch(/^प्रिय Ramesh,\n/);
    expect(ack.text).toContain("Udaipur mein venue chahiye, February mein.");
    expectHindi(ack);
  });

  it("the daily planning digest and the vendor's weekly summary, their unsubscribe line too", async () => {
    const now = Date.parse("2033-05-10T02:30:00Z");
    const today = "2033-05-10";
    const couple = await createUser({ userName: "Pooja" });
    await chooseLanguage(await sessionCookieFor(couple.id), "hi");
    const run = (sql: string, ...binds: unknown[]) =>
      env.DB.prepare(sql)
        .bind(...binds)
        .run();
    await run("UPDATE users SET planning_reminders = 1, partner_name = 'Rahul' WHERE id = ?", couple.id);
    const event = `evt-${couple.id}`;
    await run("INSERT INTO events (id, user_id, name, event_date, created_at, updated_at) VALUES (?, ?, 'Haldi', '2033-05-16', 0, 0)", event, couple.id);
    await run(
      "INSERT INTO tasks (id, event_id, user_id, name, status, due_date, created_at, updated_at) VALUES (?, ?, ?, 'Book the dhol', 'TODO', '2033-05-08', 0, 0)",
      `task-${couple.id}`,
      event,
      couple.id,
    );
    await sendPlanningReminders(env.DB, { origin: "https://mandap.example", now, linkSecret: "test-mail-link-secret" });
    const digest = await latestMailTo(couple.email, /शादी की तैयारी/);
    const date = (day: string) => withLocale("hi", () => formatDate(day));
    expect(digest.subject).toBe(`${date(today)} के लिए आपकी शादी की तैयारी: 1 काम`);
    expect(digest.text).toMatch(/^नमस्ते Pooja और Rahul,\n/);
    expect(digest.text).toContain("1 काम की तारीख निकल चुकी है।");
    expect(digest.text).toContain(`- ${date("2033-05-08")} से बकाया: Book the dhol (Haldi)`);
    expect(digest.text).toContain("आपका प्लानर: https://mandap.example/profile/weddingplan");
    expect(digest.text).toMatch(/शादी की तैयारी का रोज़ का रिमाइंडर बंद करें: https:\/\/mandap\.example\/unsubscribe\//);
    expect(digest.html).toContain("शादी की तैयारी का रोज़ का रिमाइंडर बंद करें</a>");
    expectHindi(digest);

    const vendor = await createVendor({ businessName: `Dholak Wale ${Date.now()}` });
    await createService({ vendorId: vendor.id, serviceName: "Dhol" });
    const v = await sessionCookieFor(vendor.id);
    await chooseLanguage(v, "hi");
    expect((await call("/api/v1/vendors/notifications", { method: "PATCH", cookie: v, body: { weekly_summary: true } })).status).toBe(200);
    await sendWeeklySummaries(env.DB, "https://mandap.example", now, undefined, "test-mail-link-secret");
    const summary = await latestMailTo(vendor.email, /हफ़्ता/);
    expect(summary.subject).toBe("Mandap पर आपका हफ़्ता: 0 बार देखा गया, 0 पूछताछ");
    expect(summary.text).toContain(`Mandap पर आपका हफ़्ता, ${date("2033-05-02")} से ${date("2033-05-08")} तक:`);
    expect(summary.text).toContain("आपके जवाब का इंतज़ार कर रही पूछताछ: 0");
    expect(summary.text).toMatch(/हफ़्ते का सारांश बंद करें: https:\/\/mandap\.example\/unsubscribe\//);
    expectHindi(summary);
  });
});
