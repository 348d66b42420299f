import { expect, test, type Page } from "./fixtures.ts";
import { daysRemaining } from "../../shared/subscription-status.ts";
import { PAYING_VENDOR } from "./pool-paths.ts";

/**
 * What a vendor sees of their subscription (issue 11): a vendor who just signed up (the e-mailed
 * link verifies the address) has the free trial, shown in the dashboard's sidebar box; the Plan
 * page lists the plans with what each includes and a Buy form per paid plan; the payments page
 * renders its empty state. The plans come from the seed, or from tests/e2e/prepare.mjs when the
 * seed has none (a 14-day "Free trial", "Silver" and "Gold"). Screenshots at 390 and 1280 px go
 * to SHOTS_DIR (else the test's output folder).
 */

/** The subscription box that is on screen: the sidebar's on a wide screen, the one in the "Dashboard menu" on a phone. */
async function visibleBox(page: Page) {
  const menu = page.locator("#dashboard-menu");
  if (await menu.isVisible()) {
    if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) await menu.locator("summary").click();
  }
  return page.getByTestId("subscription-box").locator("visible=true");
}

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test("a new vendor has the free trial in the sidebar box, sees the plans and an empty payment history @mobile", async ({ login, page }, info) => {
  test.setTimeout(90_000);
  const dir = process.env.SHOTS_DIR ?? info.outputPath();
  const width = page.viewportSize()!.width;
  await login({ role: "vendor" });

  // The box streams in: the page's own HTML (no JavaScript needed) already carries the status.
  const html = await (await page.request.get("/VendorDashboard")).text();
  expect(html).toContain("Trial ends in 14 days");

  await page.goto("/VendorDashboard");
  const box = await visibleBox(page);
  await expect(box).toContainText("Subscription");
  await expect(box.getByTestId("subscription-status")).toHaveText("Trial ends in 14 days");
  await expect(box.getByRole("link", { name: "Your plan" })).toHaveAttribute("href", "/VendorDashboard/Plan");
  await page.screenshot({ path: `${dir}/subscription-box-${width}.png`, fullPage: true });

  await page.goto("/VendorDashboard/Plan");
  await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
  await expect(page.getByTestId("plan-status")).toHaveText("Trial ends in 14 days");
  await expect(
    page.getByText("A plan bought during your free trial starts when the trial ends: you keep every trial day; its limits apply at once."),
  ).toBeVisible();
  await expect(page.getByText("Plans cannot be bought online yet")).toHaveCount(0);
  const plans = page.getByTestId("plan");
  expect(await plans.count()).toBeGreaterThanOrEqual(2);
  const trialCard = plans.filter({ hasText: "Trial: 14 days" });
  await expect(trialCard).toHaveCount(1);
  await expect(trialCard).toContainText("Free / 14 days");
  await expect(trialCard).toContainText("Your plan");
  await expect(trialCard.getByRole("button")).toHaveCount(0);
  // Each paid plan shows its price per duration in en-IN rupees, what it includes, and a Buy button.
  const paid = plans.filter({ has: page.getByRole("button", { name: /^Buy / }) });
  expect(await paid.count()).toBeGreaterThanOrEqual(1);
  for (const card of await paid.all()) {
    await expect(card).toContainText(/₹[\d,]+ \/ \d+ days?/);
    await expect(card).toContainText(/active services/);
    await expect(card).toContainText(/analytics/i);
  }
  await noSidewaysScroll(page, width);
  await page.screenshot({ path: `${dir}/plan-${width}.png`, fullPage: true });

  await page.goto("/VendorDashboard/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await expect(page.getByText("You have not made any payments to Mandap.")).toBeVisible();
  await noSidewaysScroll(page, width);
  await page.screenshot({ path: `${dir}/payments-${width}.png`, fullPage: true });

  // Buying answers with the gateway's checkout form (the sandbox gateway's here); the order waits as a pending payment.
  await page.goto("/VendorDashboard/Plan");
  await paid.first().getByRole("button", { name: /^Buy / }).click();
  const checkout = page.getByTestId("checkout");
  await expect(checkout).toContainText(/Pay ₹[\d,]+ to Mandap/);
  await expect(checkout.getByRole("button", { name: /^Pay ₹/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
  await noSidewaysScroll(page, width);
  await page.screenshot({ path: `${dir}/plan-buy-${width}.png`, fullPage: true });
  await page.goto("/VendorDashboard/payments");
  await expect(page.getByText("Pending", { exact: true }).locator("visible=true")).toHaveCount(1);
});

test("an order id that is not the vendor's shows no outcome on the Plan page", async ({ login, page }) => {
  await login({ role: "vendor" });
  const res = await page.goto("/VendorDashboard/Plan?order=order_NotMine123456");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
  await expect(page.getByTestId("order-outcome")).toHaveCount(0);
});

test("a vendor who has paid sees the history: paid with its invoice link, declined with the reason; the Plan page shows the paid plan @mobile", async ({
  page,
  baseURL,
}, info) => {
  const dir = process.env.SHOTS_DIR ?? info.outputPath();
  const width = page.viewportSize()!.width;
  await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
  const signedIn = await page.request.post("/api/v1/vendors/login", { data: PAYING_VENDOR, headers: { Origin: baseURL! } });
  expect(signedIn.status()).toBe(200);

  await page.goto("/VendorDashboard/payments");
  const history = page.locator(width < 768 ? "ul[aria-label=Payments] > li" : "table tbody tr");
  await expect(history).toHaveCount(2);
  const [declined, paid] = [history.nth(0), history.nth(1)];
  await expect(declined).toContainText("₹14,999");
  await expect(declined).toContainText("Failed");
  await expect(declined).toContainText("Payment declined by the bank");
  await expect(declined).toContainText("pay_E2EDeclined00001");
  await expect(paid).toContainText("₹4,999");
  await expect(paid).toContainText("Paid");
  await expect(paid).toContainText("pay_E2EPaid000000001");
  await expect(paid.getByRole("link", { name: /Invoice/ })).toHaveAttribute("href", "/invoices/e2e-invoice-paid");
  await expect(declined.getByRole("link", { name: /Invoice/ })).toHaveCount(0);
  await noSidewaysScroll(page, width);
  await page.screenshot({ path: `${dir}/payments-history-${width}.png`, fullPage: true });

  // prepare.mjs seeds a 90-day plan that started 10 days before it ran: 80 days, or 79 once midnight
  // in India has passed since (CI has crossed it). The count is the rule's on the record's end date.
  const own = await page.request.get("/api/v1/subscribe/subscription");
  const paidPlan = ((await own.json()) as { subscriptions: { id: string; end_date: number }[] }).subscriptions.find((s) => s.id === "e2e-sub-paid");
  const days = daysRemaining(paidPlan!.end_date, Date.now());
  expect([79, 80]).toContain(days);
  await page.goto("/VendorDashboard/Plan");
  await expect(page.getByTestId("plan-status")).toHaveText(`${days} days remaining`);
  const box = await visibleBox(page);
  await expect(box.getByTestId("subscription-status")).toHaveText(`${days} days remaining`);

  // Back from the gateway (its callback ends at ?order=): the order's outcome.
  await page.goto("/VendorDashboard/Plan?order=order_E2EPaid00000001");
  await expect(page.getByTestId("order-outcome")).toContainText("Payment received: your Silver plan runs from");
  await noSidewaysScroll(page, width);
  await page.screenshot({ path: `${dir}/plan-paid-${width}.png`, fullPage: true });
  await page.goto("/VendorDashboard/Plan?order=order_E2EDeclined0001");
  await expect(page.getByTestId("order-outcome")).toContainText("did not go through: Payment declined by the bank");
  await expect(page.getByTestId("order-outcome")).toHaveAttribute("role", "alert");
});
