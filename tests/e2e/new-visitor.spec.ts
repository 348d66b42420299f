import type { Locator } from "@playwright/test";
import { expect, seedQuery, test, type Page } from "./fixtures.ts";
import { holdScripts } from "./held-scripts.ts";

/**
 * What a new visitor runs into (issue 15): places typed as people type them, the field's spellings,
 * a guard that says why, the phone's filter panel and the capitalised display kept to names.
 */
test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "mandap_visited", value: "1", url: "http://localhost" }]);
});

const hero = (page: Page) => page.getByRole("search", { name: "Find vendors" });

async function heroSearch(page: Page, vendor: string, place: string) {
  await page.goto("/");
  await hero(page).getByLabel("Vendor category").fill(vendor);
  await hero(page).getByPlaceholder("In Location").fill(place);
  // Typed, not chosen from the list (a click elsewhere closes it; Escape would clear a search box).
  await hero(page).getByLabel("Vendor category").click();
  await hero(page).getByRole("button", { name: "Search" }).click();
}

test.describe("places as people type them", () => {
  test("old and common names are offered in the location box and lead to the city @mobile", async ({ page }) => {
    await page.goto("/");
    const box = hero(page).getByPlaceholder("In Location");
    await box.fill("Bangalore");
    await hero(page).getByRole("option", { name: "Bengaluru (Bangalore)" }).click();
    await expect(box).toHaveValue("Bengaluru");
    await hero(page).getByLabel("Vendor category").fill("Caterers");
    await hero(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/all\/wedding-vendor\/caterers\/karnataka\/bengaluru$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Caterers in Bengaluru");
  });

  test("typing a state offers the whole state and its cities (Delhi, Goa)", async ({ page }) => {
    await page.goto("/");
    const box = hero(page).getByPlaceholder("In Location");
    await box.fill("Delhi");
    await expect(hero(page).getByRole("option", { name: "New Delhi", exact: true })).toBeVisible();
    await hero(page).getByRole("option", { name: "All of Delhi", exact: true }).click();
    await expect(box).toHaveValue("Delhi");
    await hero(page).getByLabel("Vendor category").fill("Wedding DJ");
    await hero(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/all\/wedding-vendor\/wedding-dj\/delhi$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wedding DJ in Delhi");

    await page.goto("/");
    await hero(page).getByPlaceholder("In Location").fill("goa");
    await expect(hero(page).getByRole("option", { name: "All of Goa", exact: true })).toBeVisible();
    await expect(hero(page).getByRole("option", { name: "Panaji", exact: true })).toBeVisible();
  });

  test("a typed alias that was not chosen from the list still searches there (Bombay, Gurgaon, Delhi NCR)", async ({ page }) => {
    await heroSearch(page, "photographer", "Bombay");
    await expect(page).toHaveURL(/\/all\/wedding-vendor\/wedding-photographers\/maharashtra\/mumbai$/);
    await heroSearch(page, "Caterers", "gurgaon");
    await expect(page).toHaveURL(/\/all\/wedding-vendor\/caterers\/haryana\/gurugram$/);
    await heroSearch(page, "Caterers", "Delhi NCR");
    await expect(page).toHaveURL(/\/all\/wedding-vendor\/caterers\/delhi$/);
  });

  test("a place the site does not know is said, with the closest as a link, never dropped in silence", async ({ page }) => {
    await heroSearch(page, "Caterers", "Jaipr");
    const notice = page.getByTestId("unknown-place");
    await expect(notice).toContainText("We could not find a place called “Jaipr”, so these results are from all of India.");
    await notice.getByRole("link", { name: "Jaipur" }).click();
    await expect(page).toHaveURL(/\/all\/wedding-vendor\/caterers\/rajasthan\/jaipur$/);
    await expect(page.getByTestId("unknown-place")).toHaveCount(0);

    await heroSearch(page, "Caterers", "Atlantis");
    await expect(page.getByTestId("unknown-place")).toContainText("Choose a city from the list in the location box.");
  });
});

test.describe("the field's spellings", () => {
  test("the vendor box knows common words for a category", async ({ page }) => {
    // Six searches from a fresh home page each: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    for (const [typed, path] of [
      ["mehendi", "/all/bride/mehndi-artist"],
      ["Lehenga", "/all/bride/bridal-lahenga"],
      ["pundit", "/all/wedding-vendor/pandit"],
      ["banquet hall", "/all/wedding-venue/banquet-halls"],
      ["sherwaani", "/all/groom/sherwani"],
      ["halwai", "/all/wedding-vendor/caterers"],
    ] as const) {
      await page.goto("/");
      await hero(page).getByLabel("Vendor category").fill(typed);
      await hero(page).getByRole("button", { name: "Search" }).click();
      await expect(page, typed).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test("free text finds other spellings: lehenga finds the Bridal Lahenga listings, pundit the pandits", async ({ page }) => {
    for (const [typed, type] of [
      ["lehenga", "bridal-lahenga"],
      ["pundit", "pandit"],
      ["mehendi", "mehndi-artist"],
    ] as const) {
      await page.goto(`/all?q=${typed}`);
      const cards = page.getByRole("region", { name: "Results" }).getByRole("article");
      await expect(cards.first(), typed).toBeVisible();
      // A listing's link names its subcategory in the path: the other spelling's listings are among the first page.
      const hrefs = await cards.locator("a[href^='/all/']").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      expect(
        hrefs.some((h) => h.includes(`/${type}/`)),
        `${typed}: ${hrefs.join(" ")}`,
      ).toBe(true);
    }
  });
});

test.describe("guards say why", () => {
  test("a visitor sent from the wishlist is told to log in and comes back after logging in @mobile", async ({ page, account }) => {
    const couple = await account({ role: "couple" });
    await page.goto("/profile/favoriteList");
    await expect(page).toHaveURL(/\/$/);
    const toast = page.getByRole("alert").filter({ hasText: "Please log in to see your wishlist." });
    await expect(toast).toBeVisible();
    await toast.getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile%2FfavoriteList$/);
    await page.getByLabel("E-mail address").fill(couple.email);
    await page.getByLabel("Password").fill(couple.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/profile\/favoriteList$/);
    await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  });

  test("the vendor dashboard sends a visitor to the vendors' log-in", async ({ page }) => {
    await page.goto("/VendorDashboard");
    await expect(page).toHaveURL(/\/$/);
    const toast = page.getByRole("alert").filter({ hasText: "Please log in as a vendor to open your dashboard." });
    await expect(toast.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/vendorLogin?redirectTo=%2FVendorDashboard");
  });

  test("every guarded door says why before the page's scripts have run, and the toast takes over after @mobile", async ({ page }) => {
    test.setTimeout(90_000);
    // A cheap phone paints the page seconds before its scripts run: the message is in the HTML.
    const scripts = await holdScripts(page);
    const doors: [string, RegExp, string][] = [
      ["/profile/guests", /\/$/, "Please log in to see your guest list."],
      ["/VendorDashboard", /\/$/, "Please log in as a vendor to open your dashboard."],
      ["/admin", /\/$/, "Please log in as an admin to open the admin area."],
      ["/blog_dashboard", /\/$/, "Please log in as an admin to write for the blog."],
      ["/card", /\/login\?redirectTo=%2Fcard$/, "Please log in to continue."],
      ["/editor?template=x", /\/login\?redirectTo=%2Feditor%3Ftemplate%3Dx$/, "Please log in to continue."],
    ];
    for (const [door, landing, message] of doors) {
      await page.goto(door, { waitUntil: "commit" });
      await expect(page, door).toHaveURL(landing);
      await expect(page.getByRole("status").filter({ hasText: message }), door).toBeVisible();
    }
    scripts.release();
    await scripts.hydrated();
    await expect(page.getByRole("alert").filter({ hasText: "Please log in to continue." })).toBeVisible();
    await expect(page.locator("[data-early-toast]")).toHaveCount(0);
  });
});

test.describe("filters on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the panel closes after applying and active filters are chips that remove themselves", async ({ page }) => {
    await page.goto("/all/wedding-vendor/caterers");
    await page.waitForFunction(() => (window as { __mandapReady?: boolean }).__mandapReady === true);
    await page.getByText("Filters and sort").click();
    const filters: Locator = page.getByRole("form", { name: "Filters" }).filter({ visible: true });
    await filters.getByLabel("Minimum price").fill("5000");
    await filters.getByLabel("Rating").selectOption("4");
    await filters.getByRole("button", { name: "Show results" }).click();
    await expect(page).toHaveURL(/minPrice=5000/);
    await expect(page.getByRole("form", { name: "Filters" }).filter({ visible: true })).toHaveCount(0);
    await expect(page.getByText("Filters and sort (2)")).toBeVisible();
    const chips = page.getByRole("list", { name: "Active filters" });
    await expect(chips.getByRole("link", { name: "Remove filter: from ₹5,000" })).toBeVisible();
    await chips.getByRole("link", { name: "Remove filter: 4 ★ and up" }).click();
    await expect(page).toHaveURL(/\/all\/wedding-vendor\/caterers\?minPrice=5000$/);
    await expect(chips.getByRole("link", { name: "Remove filter: 4 ★ and up" })).toHaveCount(0);
    await chips.getByRole("link", { name: "Remove filter: from ₹5,000" }).click();
    await expect(page).toHaveURL(/\/all\/wedding-vendor\/caterers$/);
    await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
  });
});

test.describe("filters on a phone, opened before the page's scripts ran", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the panel still closes after applying", async ({ page }) => {
    // The browse page loads its scripts after the first paint (decision 0037): hold them back to open the panel in that moment.
    const scripts = await holdScripts(page);
    await page.goto("/all/wedding-vendor/caterers", { waitUntil: "domcontentloaded" });
    await page.getByText("Filters and sort").click();
    const filters: Locator = page.getByRole("form", { name: "Filters" }).filter({ visible: true });
    await expect(filters).toHaveCount(1);
    scripts.release();
    await scripts.hydrated();
    await expect(filters).toHaveCount(1);
    await filters.getByLabel("Minimum price").fill("5000");
    await filters.getByRole("button", { name: "Show results" }).click();
    await expect(page).toHaveURL(/minPrice=5000/);
    await expect(page.getByRole("form", { name: "Filters" }).filter({ visible: true })).toHaveCount(0);
    await expect(page.getByText("Filters and sort (1)")).toBeVisible();
  });
});

test("the capitalised display is for names, not e-mail, passwords or free text", async ({ page, login, factory }) => {
  const transform = (l: Locator) => l.evaluate((el) => getComputedStyle(el).textTransform);
  await page.goto("/signup");
  await expect.poll(() => transform(page.getByLabel("Your name"))).toBe("capitalize");
  await expect.poll(() => transform(page.getByLabel("E-mail address"))).toBe("none");
  await expect.poll(() => transform(page.getByLabel("Password", { exact: true }))).toBe("none");
  const { service } = await factory.vendorService();
  await login({ role: "couple" });
  await page.goto(`/service/${service.id}`);
  await expect.poll(() => transform(page.locator("#enquiry").getByLabel("Message"))).toBe("none");
});

test.describe("the vendor page on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("is not a 15,000 px scroll: services scroll sideways, testimonials fold, empty social links are one line", async ({ page }) => {
    // The demo vendor with the most active services and no social links at all.
    const [vendor] = seedQuery<{ slug: string; services: number }>(
      `SELECT v.slug, count(*) AS services FROM vendors v JOIN services s ON s.vendor_id = v.user_id AND s.status = 'active'
       WHERE v.facebook IS NULL AND v.instagram IS NULL AND v.website IS NULL GROUP BY v.user_id ORDER BY services DESC, v.slug LIMIT 1`,
    );
    if (!vendor || vendor.services < 12) throw new Error("Expected a demo vendor with a dozen services and no social links");
    await page.goto(`/vendorBussinessProfile/${vendor.slug}`);
    await expect(page.getByRole("heading", { level: 2, name: "Services" })).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight); // before unfolding the testimonials
    expect(height, "page height at 390 px").toBeLessThan(7000);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "no sideways page scroll").toBeLessThanOrEqual(390);
    const more = page.getByText(/^Show all \d+ testimonials$/);
    await expect(more).toBeVisible();
    await more.click();
    await expect(more).toBeHidden();
    const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(header.getByText("Social links:")).toBeVisible();
    for (const network of ["Facebook:", "Instagram:", "Website:"]) await expect(header.getByText(network)).toHaveCount(0);
  });
});
