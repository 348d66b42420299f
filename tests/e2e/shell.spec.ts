import { expect, test } from "@playwright/test";
import { ERROR_SCREEN } from "#shared/strings.ts";
import { holdScripts } from "./held-scripts.ts";

test.describe("the page shell", () => {
  test("the home page renders seeded data with the titled prefix @mobile", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/^Mandap \| /);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.locator("footer")).toContainText("Privacy policy");
  });

  test("an unknown URL shows the not-found page with a 404", async ({ page }) => {
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("couldn’t find");
    await expect(page).toHaveTitle("Mandap | Page not found");
  });

  test("a rendering failure shows the error screen and Retry reloads", async ({ page }) => {
    await page.goto("/dev/error-screen");
    await expect(page.getByRole("heading", { name: ERROR_SCREEN.heading })).toBeVisible();
    await expect(page.getByText(ERROR_SCREEN.text)).toBeVisible();
    await expect(page.getByText("Deliberate failure")).toHaveCount(0);
    await expect(page.getByRole("link", { name: ERROR_SCREEN.home })).toHaveAttribute("href", "/");
    const reload = page.waitForEvent("load");
    await page.getByRole("button", { name: ERROR_SCREEN.retry }).click();
    await reload;
    await expect(page.getByRole("heading", { name: ERROR_SCREEN.heading })).toBeVisible();
  });

  test("the welcome splash shows for 3 s on the first visit only, never on a deep link, never to crawlers", async ({ page, browser }) => {
    // A visitor arriving on a deep link sees the page at once, and is still a first visitor for the home page.
    await page.goto("/all/wedding-vendor/caterers");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("splash")).toBeHidden();
    await page.goto("/");
    const splash = page.getByTestId("splash");
    await expect(splash).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeAttached(); // the page is there beneath it
    // It lasts 3 s: fading, then gone at 3,000 ms (read from the running animations, not a clock).
    const ends = await splash.evaluate((el) => el.getAnimations().map((a) => a.effect?.getComputedTiming().endTime));
    expect(ends).toEqual([3000, 3000]);
    await expect(splash).toBeHidden({ timeout: 4000 });
    await page.reload();
    await expect(page.getByTestId("splash")).toBeHidden();
    const crawler = await browser.newContext({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    const crawlerPage = await crawler.newPage();
    await crawlerPage.goto("/");
    await expect(crawlerPage.getByTestId("splash")).toBeHidden();
    await crawler.close();
  });

  test("a menu opened before the page's scripts ran stays open when they run, and a new page closes it", async ({ page, context }) => {
    await context.addCookies([{ name: "mandap_visited", value: "1", url: "http://localhost" }]);
    // The browse page loads its scripts after the first paint (decision 0037): hold them back to open a menu in that moment.
    const scripts = await holdScripts(page);
    await page.goto("/all/wedding-vendor/caterers", { waitUntil: "domcontentloaded" });
    const menu = page.locator('details[data-menu="Vendor"]').filter({ visible: true });
    await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", "");
    scripts.release();
    await scripts.hydrated();
    await expect(menu).toHaveAttribute("open", "");
    await menu.getByRole("link", { name: "Wedding Photographers" }).click();
    await expect(page).toHaveURL(/wedding-photographers/);
    await expect(menu).not.toHaveAttribute("open");
  });
});
