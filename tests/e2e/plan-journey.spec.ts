import { expect, test, type Page } from "./fixtures.ts";
import { buySilver } from "./plan-support.ts";

/**
 * Issue 11's "done means", in the browser with the local sandbox gateway: a new vendor has the free
 * trial; a declined payment leaves the trial in force and says why; paying for Silver during the
 * trial stacks its 90 days after the trial's 14; the invoice is on the payments page as HTML and
 * PDF and in the mailbox; the daily job, run by hand as of a day after the end (/dev/cron: vite
 * preview has no scheduled trigger), expires the plan; buying again renews it from today.
 *
 * It moves the subscription job's clock for the whole e2e database, so its project runs after
 * every other (playwright.config.ts "moves the clock"). Playwright runs a project's dependencies in
 * full, so to run this file alone add --no-deps: `node scripts/e2e.mjs tests/e2e/plan-journey.spec.ts --no-deps`.
 */
const DAY = 86_400_000;

async function statusBox(page: Page) {
  await page.goto("/VendorDashboard");
  return page.getByTestId("subscription-box").locator("visible=true");
}

test("a vendor goes from trial to paid to expired to renewed in the browser, with the invoices to show @moves-clock", async ({ login, page }, info) => {
  test.setTimeout(180_000);
  const dir = process.env.SHOTS_DIR ?? info.outputPath();
  const vendor = await login({ role: "vendor" });

  // Trial on verification.
  await expect((await statusBox(page)).getByTestId("subscription-status")).toHaveText("Trial ends in 14 days");

  // Declined: nothing charged, the reason shown, the trial still in force.
  await buySilver(page, "Decline payment");
  await expect(page.getByTestId("order-outcome")).toContainText("did not go through");
  await expect(page.getByTestId("plan-status")).toHaveText("Trial ends in 14 days");

  // Paid during the trial: Silver's 90 days start when the 14 trial days end.
  await buySilver(page, "Pay");
  await expect(page.getByTestId("order-outcome")).toContainText("Payment received: your Silver plan runs from");
  await expect(page.getByTestId("plan-status")).toHaveText("104 days remaining");
  await page.screenshot({ path: `${dir}/journey-paid-1280.png`, fullPage: true });
  await expect((await statusBox(page)).getByTestId("subscription-status")).toHaveText("104 days remaining");

  // The invoice: listed with the payment, readable as HTML and PDF, and mailed.
  await page.goto("/VendorDashboard/payments");
  const invoiceLinks = page.locator("a[href^='/invoices/']").locator("visible=true");
  await expect(invoiceLinks).toHaveCount(1);
  await expect(page.getByText("Payment declined by the payer").locator("visible=true")).toHaveCount(1);
  await invoiceLinks.first().click();
  await expect(page).toHaveURL(/\/invoices\/[^/]+$/);
  await expect(page.getByText(/MDP\/\d{4}\/\d{6}/).first()).toBeVisible();
  await expect(page.getByText("Four Thousand Nine Hundred Ninety-Nine", { exact: false }).first()).toBeVisible();
  const pdf = await page.request.get(`${new URL(page.url()).pathname}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(vendor.email)}`);
  await expect(page.getByText(/invoice/i).first()).toBeVisible();

  // The daily job, a day after the paid period ends: the plan has expired and the box offers plans again.
  await page.goto("/dev/cron");
  await page.getByLabel("Job").selectOption({ label: 'subscriptions ("30 21 * * *")' });
  await page.getByLabel("As of (empty: now)").fill(new Date(Date.now() + 105 * DAY).toISOString());
  await page.getByRole("button", { name: "Run" }).click();
  await expect(page.getByRole("list", { name: "Results" })).toHaveText("subscriptions: done");
  const box = await statusBox(page);
  await expect(box.getByRole("link", { name: "Get Plan" })).toHaveAttribute("href", "/VendorDashboard/Plan");

  // Renewed: a new period from today, a second invoice.
  await buySilver(page, "Pay");
  await expect(page.getByTestId("order-outcome")).toContainText("Payment received: your Silver plan runs from");
  await expect(page.getByTestId("plan-status")).toHaveText("90 days remaining");
  await page.goto("/VendorDashboard/payments");
  await expect(page.locator("a[href^='/invoices/']").locator("visible=true")).toHaveCount(2);
  await page.screenshot({ path: `${dir}/journey-payments-1280.png`, fullPage: true });
});
