import { expect, test, type Page } from "@playwright/test";

/**
 * Parts of a page the browser keeps as the server drew them (app/components/KeptFromServer.tsx,
 * docs/decisions/0053): the home page's words-and-links sections and the footer's columns and
 * links. Their code is not among the scripts a page loads, yet what a visitor does with them works
 * as before: a link in one is a client-side navigation, a page reached that way draws them, and
 * hydration reports no error.
 */
async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as { __mandapReady?: boolean }).__mandapReady === true);
}

/** A mark on the window: gone after a whole document loads, kept through a client-side navigation. */
async function markWindow(page: Page) {
  await page.evaluate(() => ((window as { __keptMark?: number }).__keptMark = 1));
}
const marked = (page: Page) => page.evaluate(() => (window as { __keptMark?: number }).__keptMark === 1);

/** Opens the home page's first category card and follows its first link: a client-side navigation to the venues. */
async function followFirstCategoryLink(page: Page, to: RegExp) {
  const card = page.getByTestId("category-card").first();
  await card.locator("summary").click();
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(to);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await marked(page)).toBe(true);
}

test.describe("parts kept from the server", () => {
  test("the home page hydrates without errors and its kept links navigate without reloading", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/");
    await hydrated(page);
    await markWindow(page);

    // A subcategory inside a category card's <details> (a kept section).
    await followFirstCategoryLink(page, /\/all\/wedding-venue\//);

    // The footer's links (kept) on the next page too.
    await page.locator("footer").getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect(await marked(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  test("the home page reached by a client-side navigation draws its kept sections", async ({ page }) => {
    await page.goto("/about");
    await hydrated(page);
    await markWindow(page);
    await page.locator("footer").getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await marked(page)).toBe(true);
    await expect(page.getByTestId("category-card")).toHaveCount(4);
    await expect(page.getByTestId("destination-phone")).toBeVisible();
    await expect(page.getByRole("region", { name: "Popular searches" }).getByRole("link").first()).toBeVisible();

    // A link in a part drawn in the browser (not kept) is a client-side navigation too.
    await followFirstCategoryLink(page, /\/all\/wedding-venue\//);
  });

  test("a Hindi page drawn in the browser keeps its kept parts' links under /hi", async ({ page }) => {
    await page.goto("/hi/about");
    await hydrated(page);
    await markWindow(page);
    await page.locator("footer").getByRole("link", { name: "होम" }).click();
    await expect(page).toHaveURL(/\/hi$/);
    await expect(page.getByTestId("category-card").first().getByRole("link").first()).toHaveAttribute("href", /^\/hi\/all\/wedding-venue/);
    await followFirstCategoryLink(page, /\/hi\/all\/wedding-venue/);
  });

  test("a Hindi page's kept links stay under /hi", async ({ page }) => {
    await page.goto("/hi");
    await hydrated(page);
    await markWindow(page);
    await page.locator("footer").getByRole("link", { name: "हमारे बारे में" }).click();
    await expect(page).toHaveURL(/\/hi\/about$/);
    expect(await marked(page)).toBe(true);
  });

  test("a kept catalogue menu in the header navigates without reloading and closes on the new page @mobile", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await markWindow(page);
    // A phone opens the menu button first; the catalogue menus are drawn in both bars, one of them shown.
    const phoneMenu = page.locator('details[data-menu="mobile"] > summary');
    if (await phoneMenu.isVisible()) await phoneMenu.click();
    const venue = page.locator('details[data-menu="Venue"]').locator("visible=true");
    await venue.locator("summary").click();
    await venue.getByRole("link", { name: "Hotel", exact: true }).click();
    await expect(page).toHaveURL(/\/all\/wedding-venue\/hotel$/);
    expect(await marked(page)).toBe(true);
    await expect(page.getByRole("navigation", { name: "Main" }).locator("details[open]")).toHaveCount(0);
  });
});
