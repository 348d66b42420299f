import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { bookingFor, inDays } from "./planning-support.ts";
import { browserAs } from "./browsers.ts";

/**
 * The wedding budget (/profile/weddingbudget) in Chromium: a couple with a booking (enquired, then
 * booked by the vendor with an advance and a balance instalment, through the API as the vendor
 * workspace does) sets a total budget and sees the advance as paid and the balance as an upcoming
 * payment, adds a line of their own, and is warned when the committed total passes the budget.
 * The forms work without JavaScript; the page fits 390 px (@mobile) and 1280 px.
 */

async function fitsWidth(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
}

test("a couple sets a budget, sees the booking's advance as paid, adds a line and is warned when over @mobile", async ({ page, login, factory }) => {
  test.setTimeout(120_000);
  const { vendor, service } = await factory.vendorService();
  const couple = await login({ role: "couple" });
  await bookingFor(couple, vendor, service.id);

  await page.goto("/profile/weddingbudget");
  await expect(page.getByRole("heading", { name: "Wedding Budget", level: 1 })).toBeVisible();
  await page.getByLabel("Total budget (₹)").fill("200000");
  await page.getByRole("button", { name: "Save total" }).click();
  await expect(page.getByText("Total budget saved.")).toBeVisible();

  const figures = page.getByTestId("budget-figures");
  await expect(figures).toContainText("₹2,00,000");
  await expect(figures.getByText("Committed (booked)").locator("..")).toContainText("₹1,50,000");
  await expect(figures.getByText("Paid", { exact: true }).locator("..")).toContainText("₹40,000");
  await expect(figures.getByText("Remaining").locator("..")).toContainText("₹50,000");
  // The booking is in catering (its service's subcategory), its advance paid; the balance is the payment to come.
  await expect(page.getByTestId("category-table").locator("tr[data-category=catering]")).toContainText("₹1,50,000");
  await expect(page.getByTestId("category-table").locator("tr[data-category=catering]")).toContainText("₹40,000");
  await expect(page.getByRole("list", { name: "Upcoming payments" })).toContainText("₹1,10,000");
  await expect(page.getByRole("list", { name: "Upcoming payments" })).toContainText("Balance");
  await expect(page.getByTestId("budget-warnings")).toHaveCount(0);

  // A line of their own: the lawn, booked at ₹80,000, takes them over the total.
  await page.getByText("Add a line").click();
  const add = page.getByRole("form", { name: "Add a budget line" });
  await add.getByLabel("Category").selectOption("venue");
  await add.getByLabel("Label").fill("Garden lawn");
  await add.getByLabel("Estimated (₹)").fill("70000");
  await add.getByLabel("Booked (₹)").fill("80000");
  await add.getByLabel("Paid (₹)").fill("10000");
  await add.getByRole("button", { name: "Add line" }).click();
  await expect(page.getByText("Budget line added.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Budget lines" })).toContainText("Garden lawn");
  const warnings = page.getByTestId("budget-warnings");
  await expect(warnings).toContainText("You have committed ₹2,30,000, ₹30,000 more than your total budget of ₹2,00,000.");
  await expect(warnings).toContainText("Venue: booked ₹80,000 is ₹10,000 over the estimate of ₹70,000.");
  await expect(figures.getByText("Remaining").locator("..")).toContainText("-₹30,000");

  // The chart (uPlot, loaded on this page only) draws the same figures as the table.
  await expect(page.getByTestId("budget-chart")).toHaveAttribute("data-chart", "ready");
  await fitsWidth(page);
  await page.screenshot({ path: test.info().outputPath(`budget-${page.viewportSize()!.width}.png`), fullPage: true });
});

test("the budget forms work without JavaScript: refusals name the field, a line is edited and deleted", async ({ browser, account }) => {
  test.setTimeout(90_000);
  const couple = await account({ role: "couple" });
  const { context, page } = await browserAs(browser, couple, { javaScriptEnabled: false });
  await page.goto("/profile/weddingbudget");
  await page.getByLabel("Total budget (₹)").fill("1000000000000");
  await page.getByRole("button", { name: "Save total" }).click();
  await expect(page.getByText("Total budget is too large.")).toBeVisible();

  const add = page.getByRole("form", { name: "Add a budget line" });
  await add.getByLabel("Category").selectOption("music");
  await add.getByLabel("Label").fill("Dhol players");
  // Paid with Booked left blank asks for the agreed amount (it said "Paid cannot be more than booked").
  await add.getByLabel("Paid (₹)").fill("5000");
  await add.getByRole("button", { name: "Add line" }).click();
  await expect(page.getByText("Enter the booked (agreed) amount first.")).toBeVisible();
  await expect(page.getByText("Paid cannot be more than booked.")).toHaveCount(0);
  await add.getByLabel("Booked (₹)").fill("20000");
  await add.getByLabel("Paid (₹)").fill("25000");
  await add.getByRole("button", { name: "Add line" }).click();
  await expect(page.getByText("Paid cannot be more than booked.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Add a budget line" }).getByLabel("Label")).toHaveValue("Dhol players");

  await page.getByRole("form", { name: "Add a budget line" }).getByLabel("Paid (₹)").fill("5000");
  await page.getByRole("form", { name: "Add a budget line" }).getByLabel("Payment due").fill(inDays(20));
  await page.getByRole("form", { name: "Add a budget line" }).getByRole("button", { name: "Add line" }).click();
  // Post, redirect, get: the page shows the new line and its payment to come.
  await expect(page.getByRole("list", { name: "Budget lines" })).toContainText("Dhol players");
  await expect(page.getByRole("list", { name: "Upcoming payments" })).toContainText("₹15,000");

  await page.getByText("Edit Dhol players").click();
  const edit = page.getByRole("form", { name: "Edit Dhol players" });
  await edit.getByLabel("Paid (₹)").fill("20000");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("No payments with a due date are waiting.")).toBeVisible();

  await page.getByText("Edit Dhol players").click();
  await page.getByRole("button", { name: "Delete line Dhol players" }).click();
  await expect(page.getByRole("list", { name: "Budget lines" })).toHaveCount(0);

  // The split: fixed shares of the total, written as estimates the couple can change (never random).
  await page.getByLabel("Total budget (₹)").fill("1000000");
  await page.getByRole("button", { name: "Save total" }).click();
  await page.getByRole("button", { name: "Suggest a split" }).click();
  const table = page.getByTestId("category-table");
  await expect(table.locator("tr[data-category=catering] td").first()).toHaveText("₹2,50,000");
  await expect(table.locator("tr[data-category=venue] td").first()).toHaveText("₹2,00,000");
  await expect(table.locator("tfoot td").first()).toHaveText("₹10,00,000");
  // Their own venue estimate replaces the suggested one: the estimates still add up to the total (they added up to ₹12,00,000).
  await page.getByText("Add a line").click();
  const own = page.getByRole("form", { name: "Add a budget line" });
  await own.getByLabel("Category").selectOption("venue");
  await own.getByLabel("Label").fill("Garden lawn");
  await own.getByLabel("Estimated (₹)").fill("200000");
  await own.getByRole("button", { name: "Add line" }).click();
  await expect(page.getByRole("list", { name: "Budget lines" })).toContainText("Garden lawn");
  await expect(table.locator("tr[data-category=venue] td").first()).toHaveText("₹2,00,000");
  await expect(table.locator("tfoot td").first()).toHaveText("₹10,00,000");
  await expect(page.getByTestId("budget-warnings")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Budget lines" })).toContainText("replaced by your own estimate");
  // One "Remaining" on the page: the total budget less what is committed; per category it is what is left of the estimate.
  await expect(page.getByText("Remaining", { exact: true })).toHaveCount(1);
  await context.close();
});
