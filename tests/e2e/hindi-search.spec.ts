import { expect, test, type Page } from "./fixtures.ts";

/**
 * Search in Hindi (issue 32): a couple types Hindi in the hero's boxes or the free text and lands
 * on the same browse pages, with results from the demo data.
 */
test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "mandap_visited", value: "1", url: "http://localhost" }]);
});

const hero = (page: Page) => page.getByRole("search", { name: "Find vendors" });

test("मेहंदी in जयपुर from the hero finds mehndi artists in Jaipur @mobile", async ({ page }, info) => {
  await page.goto("/");
  await hero(page).getByLabel("Vendor category").fill("मेहंदी");
  const box = hero(page).getByPlaceholder("In Location");
  await box.fill("जय");
  await hero(page).getByRole("option", { name: "Jaipur", exact: true }).click();
  await hero(page).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/all\/bride\/mehndi-artist\/rajasthan\/jaipur$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mehndi Artist in Jaipur");
  await expect(
    page
      .locator("main")
      .getByRole("link", { name: /mehndi/i })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: `test-results/hindi-search-hero-${info.project.name}.png`, fullPage: true });
});

test("free text mixing Hindi and English lists the matching listings @mobile", async ({ page }, info) => {
  await page.goto(`/all?q=${encodeURIComponent("जयपुर caterers")}`);
  await expect(
    page
      .locator("main")
      .getByRole("link", { name: /caterer/i })
      .first(),
  ).toBeVisible();
  await expect(page.locator("main")).toContainText("Jaipur");
  await page.screenshot({ path: `test-results/hindi-search-text-${info.project.name}.png`, fullPage: true });
});

test("a Hindi path goes to the canonical English one", async ({ page }) => {
  await page.goto(`/all/${encodeURIComponent("दुल्हन")}/${encodeURIComponent("मेहंदी-आर्टिस्ट")}/${encodeURIComponent("राजस्थान")}/${encodeURIComponent("जयपुर")}`);
  await expect(page).toHaveURL(/\/all\/bride\/mehndi-artist\/rajasthan\/jaipur$/);
});
