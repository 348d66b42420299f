import { expect, test, type Page } from "./fixtures.ts";

/**
 * The Hindi crawl (issue 32): every public page and the couple's and vendor's dashboards in Hindi,
 * looking for interface text left in English. User content (names, titles, descriptions) is marked
 * `translate="no"` or `lang="en…"` and skipped, as are brand names.
 *
 * The shared shell (header, navigation, footer, language switch) must have no English on any page.
 * A page whose body has been translated is listed in TRANSLATED_BODIES, and its body must have no
 * English either: the test fails on any word left. The other pages' English words are counted and
 * printed as the list still to translate (docs/decisions/0046-languages.md); a page joins the set
 * when its catalogue is done, and the set only grows.
 */
const PUBLIC_PAGES = [
  "/",
  "/all",
  "/all/wedding-vendor",
  "/all/wedding-vendor/caterers",
  "/browse",
  "/blogs",
  "/about",
  "/contactus",
  "/templates",
  "/login",
  "/signup",
  "/vendorLogin",
  "/vendorSignup",
  "/checklist",
  "/phone-login",
  "/vendor-phone-login",
  "/user-forgot-password",
  "/vendor-forgot-password",
];
const COUPLE_PAGES = [
  "/profile",
  "/profile/favoriteList",
  "/profile/enquiries",
  "/profile/checklist",
  "/profile/weddingplan",
  "/profile/weddingbudget",
  "/profile/guests",
  "/profile/invitationCards",
  "/profile/payments",
  "/profile/bookings",
  "/user-change-password",
  "/email-preferences",
  "/whatsapp-preferences",
];
const VENDOR_PAGES = [
  "/VendorDashboard",
  "/VendorDashboard/enquiries",
  "/VendorDashboard/bookings",
  "/VendorDashboard/settings",
  "/VendorDashboard/vendor-profile",
  "/VendorDashboard/analytics",
  "/VendorDashboard/calendar",
  "/VendorDashboard/vendor-setting",
  "/VendorDashboard/Plan",
  "/VendorDashboard/payments",
  "/VendorDashboard/services/new",
];

/** Pages (as crawled, without /hi) whose bodies are translated: any English word in them fails the test. */
const TRANSLATED_BODIES = new Set<string>([
  // The home page and the public pages (messages/public/).
  "/",
  "/all",
  "/all/wedding-vendor",
  "/all/wedding-vendor/caterers",
  "/browse",
  "/blogs",
  "/about",
  "/contactus",
  "/templates",
  "/checklist",
  // The account pages (messages/account/).
  "/login",
  "/signup",
  "/vendorLogin",
  "/vendorSignup",
  "/phone-login",
  "/vendor-phone-login",
  "/user-forgot-password",
  "/vendor-forgot-password",
  "/user-change-password",
  "/email-preferences",
  "/whatsapp-preferences",
  // The couple's dashboard (messages/couple/), with the city box and dates of /profile and the enquiries and bookings both dashboards share.
  "/profile",
  "/profile/enquiries",
  "/profile/bookings",
  "/profile/favoriteList",
  "/profile/checklist",
  "/profile/weddingplan",
  "/profile/weddingbudget",
  "/profile/guests",
  "/profile/invitationCards",
  "/profile/payments",
  // The vendor's dashboard (messages/vendor/).
  "/VendorDashboard",
  "/VendorDashboard/enquiries",
  "/VendorDashboard/bookings",
  "/VendorDashboard/settings",
  "/VendorDashboard/vendor-profile",
  "/VendorDashboard/analytics",
  "/VendorDashboard/calendar",
  "/VendorDashboard/vendor-setting",
  "/VendorDashboard/Plan",
  "/VendorDashboard/payments",
  "/VendorDashboard/services/new",
]);

/** Names that are the same in Hindi text (brands, units). */
const ALLOWED = new Set([
  "Mandap",
  "Facebook",
  "Instagram",
  "YouTube",
  "Pinterest",
  "INR",
  "English",
  "WhatsApp",
  // Written in Latin letters in Hindi interfaces as in English (the SMS sign-in pages say "SMS से आए कोड").
  "SMS",
  "Google",
  "GST",
  "PDF",
  "CSV",
  "PNG",
  "GSTIN",
  "JPEG",
  "WebP",
  "GIF",
]);

/** Latin words of 3+ letters in visible interface text of `selector`, outside user content. */
async function englishWords(page: Page, selector: string): Promise<string[]> {
  const words = await page.evaluate((sel) => {
    const found: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        // User content and the switch's other-language label are marked (the page's own <html lang> is not a mark).
        const marked = parent?.closest('script, style, noscript, [translate="no"], [lang^="en"], [aria-hidden="true"]');
        if (!parent || (marked && marked !== document.documentElement)) continue;
        const style = getComputedStyle(parent);
        if (style.display === "none" || style.visibility === "hidden") continue;
        found.push(...(node.textContent ?? "").split(/[^A-Za-z]+/).filter((w) => w.length >= 3));
      }
      for (const el of root.querySelectorAll("[aria-label], [title], [placeholder]")) {
        const markedAttr = el.closest('[translate="no"], [lang^="en"]');
        if (markedAttr && markedAttr !== document.documentElement) continue;
        for (const attr of ["aria-label", "title", "placeholder"])
          found.push(...(el.getAttribute(attr) ?? "").split(/[^A-Za-z]+/).filter((w) => w.length >= 3));
      }
    }
    return found;
  }, selector);
  return words.filter((w) => !ALLOWED.has(w));
}

/**
 * Pages whose address depends on the data (a service, its vendor, a blog post, a template), found
 * the way a visitor finds them: the first link of their list, as the path without /hi.
 */
async function pagesFromLinks(page: Page): Promise<string[]> {
  const firstLink = async (list: string, selector: string) => {
    await page.goto(list);
    const href = await page.locator(selector).first().getAttribute("href");
    expect(href, `a link to follow on ${list}`).toMatch(/^\/hi\//);
    return href!.replace(/^\/hi/, "");
  };
  const service = await firstLink("/hi/all/wedding-vendor/caterers", "main article h3 a");
  const vendor = await firstLink(`/hi${service}`, 'main section[aria-labelledby="vendor-heading"] h2 a');
  const post = await firstLink("/hi/blogs", 'main [data-testid="blog-card"] h2 a');
  const template = await firstLink("/hi/templates", 'main [data-testid="template-card"] h3 a');
  return [service, vendor, post, template];
}

async function crawl(page: Page, paths: string[], untranslated: Map<string, number>, translated: Set<string> = TRANSLATED_BODIES) {
  for (const path of paths) {
    const url = path === "/" ? "/hi" : `/hi${path}`;
    const response = await page.goto(url);
    expect(response?.status(), url).toBeLessThan(400);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    expect(await englishWords(page, "body > header, body > footer"), `English in the shell of ${url}`).toEqual([]);
    const body = await englishWords(page, "main");
    if (translated.has(path)) expect(body, `English in the body of ${url}`).toEqual([]);
    else if (body.length) untranslated.set(url, body.length);
  }
}

test.describe("the Hindi crawl", () => {
  test.setTimeout(240_000);

  test("finds English interface text, so it can fail", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
    await page.goto("/");
    expect((await englishWords(page, "footer")).length).toBeGreaterThan(3);
  });

  test("public pages and both dashboards in Hindi: no English in the shell; untranslated page bodies listed", async ({
    page,
    login,
    account,
    baseURL,
    browser,
  }) => {
    await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
    const untranslated = new Map<string, number>();
    await crawl(page, PUBLIC_PAGES, untranslated);
    // A service page, its vendor's page, a blog post's chrome (the post's own words are content) and a template's page.
    const [servicePage, vendorOfService, postPage, templatePage] = await pagesFromLinks(page);
    await crawl(page, [servicePage!, vendorOfService!, postPage!, templatePage!], untranslated, new Set([vendorOfService!, postPage!, templatePage!]));
    await login({ role: "couple" });
    await crawl(page, COUPLE_PAGES, untranslated);
    const vendor = await account({ role: "vendor" });
    const context = await browser.newContext({ baseURL });
    const vendorPage = await context.newPage();
    const res = await vendorPage.request.post("/api/v1/vendors/login", {
      data: { email: vendor.email, password: vendor.password },
      headers: { Origin: baseURL! },
    });
    expect(res.ok()).toBe(true);
    await context.addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
    await crawl(vendorPage, VENDOR_PAGES, untranslated);
    await context.close();
    console.log(
      `Hindi crawl: ${PUBLIC_PAGES.length + 4 + COUPLE_PAGES.length + VENDOR_PAGES.length} pages, shell translated on all; page bodies with English words (${untranslated.size}):\n` +
        [...untranslated].map(([url, count]) => `  ${url}: ${count}`).join("\n"),
    );
  });
});

test.describe("the RSVP page in Hindi", () => {
  test("the couple's Hindi WhatsApp invitation opens the household's RSVP page in Hindi, with no English interface text, and saves the answer", async ({
    page,
    browser,
    login,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const couple = await login({ role: "couple" });
    const headers = { Origin: baseURL! };
    const fn = await page.request.post("/api/v1/event/newevent", { headers, data: { eventName: "Sangeet", eventDate: "2027-02-13", eventStartTime: "18:30" } });
    expect(fn.status(), await fn.text()).toBe(201);
    const eventId = ((await fn.json()) as { event: { id: string } }).event.id;
    const added = await page.request.post("/api/v1/guests", { headers, data: { name: "Anil Sharma", phone: "9876543210" } });
    expect(added.status(), await added.text()).toBe(201);
    const householdId = ((await added.json()) as { guest: { householdId: string } }).guest.householdId;
    const invited = await page.request.put(`/api/v1/guests/households/${householdId}/invitations`, { headers, data: { eventIds: [eventId] } });
    expect(invited.status(), await invited.text()).toBe(200);
    const shared = await page.request.post(`/api/v1/guests/households/${householdId}/share`, { headers, data: { channel: "whatsapp", lang: "hi" } });
    const text = new URL(((await shared.json()) as { url: string }).url).searchParams.get("text")!;
    const link = text.match(/https?:\/\/\S+\/hi\/rsvp\/[A-Za-z0-9_-]+/)?.[0];
    expect(link, text).toBeTruthy();

    // The guest: a fresh browser, no account.
    const context = await browser.newContext({ baseURL });
    await context.addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
    const guest = await context.newPage();
    await guest.goto(new URL(link!).pathname);
    await expect(guest.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(guest.getByRole("heading", { level: 1 })).toBeVisible();
    // The names are the couple's and the guest's own (the answers' accessible names carry them).
    const names = new Set(`${couple.name} Anil Sharma`.split(/[^A-Za-z]+/));
    expect(
      (await englishWords(guest, "main")).filter((w) => !names.has(w)),
      "English in the body of the Hindi RSVP page",
    ).toEqual([]);
    await guest.getByRole("radio", { name: "आ रहे हैं" }).check();
    await guest.getByRole("button", { name: "हमारे जवाब सहेजिए" }).click();
    await expect(guest).toHaveURL(/\/hi\/rsvp\//);
    await guest.reload();
    await expect(guest.getByRole("radio", { name: "आ रहे हैं" })).toBeChecked();
    await context.close();
  });
});
