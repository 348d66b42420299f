import type { Browser, Page } from "@playwright/test";
import { indiaDateInDays } from "#shared/india-time.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Issue 32's "Done means", as one story in Hindi pages (/hi), on a desktop and on a phone: a new
 * vendor signs up with only a mobile number (the code read at /dev/sms), lists a mehndi service and
 * turns WhatsApp messages on; a couple browses /hi, finds "मेहंदी" artists in "जयपुर", shortlists
 * the new listing and enquires; the enquiry reaches the vendor at /dev/whatsapp, the vendor answers
 * it in the Hindi dashboard, and the couple reads the answer. The same story runs in English pages
 * too (no prefix; "Mehndi" in "Jaipur"), so both languages hold it.
 *
 * Other areas are translated by others: the steps find fields by their names and forms by their
 * actions, so the story holds whatever words a page uses; the Hindi it asserts is the vendor
 * dashboard's own (messages/vendor/hi.json).
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const origin = `http://localhost:${port}`;
const SHOTS = "test-results/hindi-story";

async function freshContext(browser: Browser, isMobile: boolean) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: isMobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    isMobile,
    hasTouch: isMobile,
  });
  await context.addCookies([{ name: "mandap_visited", value: "1", url: origin }]);
  return context;
}

const shot = (page: Page, name: string, project: string) => page.screenshot({ path: `${SHOTS}/${project}-${name}.png`, fullPage: true });

/** What each language's run types and reads: its pages' prefix, <html lang>, the searches and the vendor dashboard's own words. */
const LANGUAGES = {
  hi: {
    prefix: "/hi",
    tag: "hi-IN",
    mehndiArtist: "मेहंदी आर्टिस्ट",
    yourServices: "आपकी सेवाएँ",
    addService: "सेवा जोड़ें",
    whatsAppOff: "बंद।",
    whatsAppOn: "चालू",
    what: "मेहंदी",
    where: "जयपुर",
    conversation: "बातचीत",
    yourReply: "आपका जवाब",
    send: "भेजें",
    answer: "नमस्ते! हम उस तारीख को खाली हैं। दुल्हन की मेहंदी ₹5,100 से शुरू होती है।",
  },
  en: {
    prefix: "",
    tag: "en-IN",
    mehndiArtist: "Mehndi Artist",
    yourServices: "Your services",
    addService: "Add a service",
    whatsAppOff: "Off.",
    whatsAppOn: "On:",
    what: "Mehndi",
    where: "Jaipur",
    conversation: "Conversation",
    yourReply: "Your reply",
    send: "Send",
    answer: "Namaste! We are free on that date. Bridal mehndi starts at ₹5,100.",
  },
} as const;

/** The newest message's text at a development outbox (/dev/sms, /dev/whatsapp) for a number, once it is there. */
async function outboxText(page: Page, path: string, national: string, testId: string, pattern: RegExp) {
  let text = "";
  await expect(async () => {
    await page.goto(`${path}?to=${national}`);
    text = (await page.getByTestId(testId).first().textContent({ timeout: 1000 })) ?? "";
    expect(text).toMatch(pattern);
  }).toPass({ timeout: 30_000 });
  return text;
}

for (const [lang, w] of Object.entries(LANGUAGES)) {
  test(`a vendor signs up by mobile in ${lang === "hi" ? "Hindi" : "English"}, lists a mehndi service and answers a couple's enquiry from WhatsApp @mobile`, async ({
    browser,
    login,
    page,
  }, info) => {
    test.setTimeout(300_000);
    const isMobile = info.project.name === "mobile";
    const project = `${info.project.name}-${lang}`;
    const national = `9${String(Date.now()).slice(-9)}`;
    const business = `Sakhi Mehndi ${national.slice(-5)}`;
    const serviceName = `${business} Bridal Mehndi`;

    // 1. A new vendor, with only a mobile number, in Hindi.
    const vendorContext = await freshContext(browser, isMobile);
    const v = await vendorContext.newPage();
    await v.goto(`${w.prefix}/vendor-phone-login`);
    await expect(v.locator("html")).toHaveAttribute("lang", w.tag);
    await v.locator('input[name="phone"]').fill(national);
    await v.locator('form:has(input[name="phone"]) button[type="submit"]').click();
    await expect(v.locator('input[name="code"]')).toBeVisible();

    const sms = await vendorContext.newPage();
    const code = /(\d{6})/.exec(await outboxText(sms, "/dev/sms", national, "sms-text", /\d{6}/))![1]!;
    await sms.close();

    await v.locator('input[name="code"]').fill(code);
    await v.locator('form:has(input[name="code"]) button[type="submit"]').first().click();
    await expect(v.locator('input[name="user_name"]')).toBeVisible();
    await v.locator('input[name="user_name"]').fill("Sakhi Sharma");
    await v.locator('input[name="name"]').fill(business);
    // The category and places are offered in Hindi; their values stay the catalogue's.
    await expect(v.locator('select[name="business_category"] option[value="Mehndi Artist"]')).toHaveText(w.mehndiArtist);
    await v.locator('select[name="business_category"]').selectOption("Mehndi Artist");
    await v.locator('select[name="state"]').selectOption("Rajasthan");
    await v.locator('select[name="city"]').selectOption("Jaipur");
    await v.locator('form:has(input[name="code"]) button[type="submit"]').first().click();
    await expect(v).toHaveURL(new RegExp(`${w.prefix}/VendorDashboard$`));
    await expect(v.getByRole("heading", { level: 2, name: w.yourServices })).toBeVisible();
    await shot(v, "vendor-dashboard", project);

    // 2. The vendor lists a service on the Hindi form.
    await v.getByRole("link", { name: w.addService }).click();
    await expect(v).toHaveURL(new RegExp(`${w.prefix}/VendorDashboard/services/new$`));
    const form = v.locator('form:has([name="service_name"])');
    await form.locator('[name="service_name"]').fill(serviceName);
    await form.locator('[name="service_category"]').selectOption("Bride");
    await form.locator('[name="service_type"]').selectOption("Mehndi Artist");
    await form.locator('[name="min_price"]').fill("5100");
    await form.locator('[name="service_unit"]').selectOption("Per Function");
    await form
      .locator('[name="description"]')
      .fill("Bridal mehndi in Jaipur with Rajasthani and Arabic designs, natural henna, and a team for the family's hands on the mehndi night.");
    await form.locator('[name="state"]').selectOption("Rajasthan");
    await form.locator('[name="city"]').selectOption("Jaipur");
    await shot(v, "service-form", project);
    await form.locator('button[name="intent"][value="save"]').click();
    await expect(v).toHaveURL(new RegExp(`${w.prefix}/VendorDashboard/service-details/[^/]+(/photos)?$`));
    const serviceId = /service-details\/([^/?#]+)/.exec(v.url())![1]!;

    // 3. WhatsApp messages on, from the Hindi notification settings.
    await v.goto(`${w.prefix}/VendorDashboard/vendor-setting`);
    const card = v.getByTestId("whatsapp-card");
    await expect(card).toContainText(w.whatsAppOff);
    await card.locator('a[href$="/whatsapp-preferences"]').click();
    await expect(v).toHaveURL(/\/whatsapp-preferences$/);
    // The choice is saved before the settings page is read again (going there at once could cancel the post).
    await Promise.all([
      v.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/whatsapp-preferences") && r.status() < 400),
      v.locator('form:has(input[name="whatsapp"][value="on"]) button[type="submit"]').click(),
    ]);
    await v.goto(`${w.prefix}/VendorDashboard/vendor-setting`);
    await expect(card).toContainText(w.whatsAppOn);
    await shot(v, "whatsapp-on", project);

    // 4. A couple browses the home page in the language and finds mehndi artists in Jaipur (मेहंदी in जयपुर on /hi).
    const couple = await login({ role: "couple" });
    await page.goto(w.prefix || "/");
    const search = page.locator('form[role="search"]').first();
    await search.locator('input[name="vendor"]').fill(w.what);
    await search.locator('input[name="where"]').fill(w.where);
    // The place is picked from the list it offers, as a person does (on a phone the list covers the button).
    await search.getByRole("option").first().click();
    await search.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`${w.prefix}/all/bride/mehndi-artist/rajasthan/jaipur`));
    const listing = page.locator("main").getByRole("link", { name: serviceName }).first();
    await expect(listing).toBeVisible();
    await shot(page, "browse", project);

    // 5. Shortlists the new listing and enquires on its page.
    const heart = page.locator(`form[action$="/favorites/${serviceId}"] button`).first();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await listing.click();
    await expect(page).toHaveURL(new RegExp(`^${origin}${w.prefix}/.*${serviceId}$`));
    const enquiry = page.locator("#enquiry");
    await enquiry.locator('[name="message"]').fill("We would like bridal mehndi for the bride and 20 guests on the mehndi night in Jaipur.");
    await enquiry.locator('[name="eventDate"]').fill(indiaDateInDays(75));
    await enquiry.locator('button[type="submit"]').click();
    await expect(enquiry.locator('[name="message"]')).toHaveCount(0);
    await shot(page, "enquiry-sent", project);

    // 6. The enquiry reaches the vendor as a WhatsApp message at /dev/whatsapp, with the conversation's link.
    const text = await outboxText(v, "/dev/whatsapp", national, "whatsapp-text", new RegExp(`/VendorDashboard/enquiries/`));
    expect(text).toContain(couple.name);
    const leadId = /\/VendorDashboard\/enquiries\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
    await shot(v, "dev-whatsapp", project);

    // 7. The vendor answers in the Hindi dashboard.
    await v.goto(`${w.prefix}/VendorDashboard/enquiries/${leadId}`);
    await expect(v.getByRole("heading", { name: w.conversation })).toBeVisible();
    await expect(v.getByText(/bridal mehndi for the bride/)).toBeVisible();
    const answer = w.answer;
    await v.getByLabel(w.yourReply).fill(answer);
    await v.getByRole("button", { name: w.send, exact: true }).click();
    await expect(v.getByText(answer)).toBeVisible();
    await shot(v, "vendor-answers", project);

    // 8. The couple reads the answer, and the listing is on their shortlist.
    await page.goto(`${w.prefix}/profile/enquiries/${leadId}`);
    await expect(page.getByText(answer)).toBeVisible();
    await shot(page, "couple-reads", project);
    await page.goto(`${w.prefix}/profile/favoriteList`);
    await expect(page.locator("main").getByRole("link", { name: serviceName }).first()).toBeVisible();
    await vendorContext.close();
  });
}
