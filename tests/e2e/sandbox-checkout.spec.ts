import { devices } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * Issue 30, how people in India pay, on the local sandbox gateway's checkout: on a computer a UPI QR
 * code that a phone opens to approve (the computer's page then moves on by itself), on a phone the
 * UPI apps (GPay, PhonePe, Paytm, BHIM) where pressing one stands for the app approving; no UPI ID
 * box. Screenshots at 1280 and 390 px (and the phone's approval page).
 */
const TEMPLATE = "tpl-royal-maroon";

test("UPI by QR code on a computer and by app on a phone pays for a design", async ({ login, page, browser }, info) => {
  test.setTimeout(120_000);
  const dir = process.env.SHOTS_DIR ?? info.outputPath();

  // A computer: the QR code, not the app buttons.
  await login({ role: "couple" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/payment?template=${TEMPLATE}`);
  await page.getByRole("button", { name: "Pay ₹499" }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\//, { timeout: 15_000 });
  const qr = page.getByRole("img", { name: "UPI QR code for this payment" });
  await expect(qr).toBeVisible();
  await expect(page.getByRole("button", { name: "PhonePe" })).toBeHidden();
  await expect(page.getByText("Card", { exact: true })).toBeVisible();
  await expect(page.getByText("Netbanking", { exact: true })).toBeVisible();
  await expect(page.getByText(/UPI ID/)).toHaveCount(0);
  await page.screenshot({ path: `${dir}/sandbox-checkout-1280.png`, fullPage: true });

  // The phone scans the code (the same link as "open it here") and approves the payment.
  const link = await page.getByRole("link", { name: "open it here" }).getAttribute("href");
  expect(link).toMatch(/\/sandbox-gateway\/v1\/upi\/order_[A-Za-z0-9]{14}\?o=/);
  const phone = await browser.newContext({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(link!);
  await expect(phonePage.getByText("₹499").first()).toBeVisible();
  await phonePage.screenshot({ path: `${dir}/sandbox-upi-approve-390.png`, fullPage: true });
  await phonePage.getByRole("button", { name: "Pay ₹499" }).click();
  await expect(phonePage.getByText("You can go back to your computer now.")).toBeVisible();
  await phone.close();

  // The computer's page hears it and takes the couple back: paid.
  await page.waitForURL(/\/success\?order=order_[A-Za-z0-9]{14}$/, { timeout: 15_000 });
  await expect(page.getByTestId("payment-outcome")).toContainText("Payment received");

  // A phone: the UPI apps, no QR code, nothing wider than the screen.
  await login({ role: "couple" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/payment?template=${TEMPLATE}`);
  await page.getByRole("button", { name: "Pay ₹499" }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\//, { timeout: 15_000 });
  for (const app of ["Google Pay", "PhonePe", "Paytm", "BHIM"]) await expect(page.getByRole("button", { name: app })).toBeVisible();
  await expect(qr).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${dir}/sandbox-checkout-390.png`, fullPage: true });
  await page.getByRole("button", { name: "PhonePe" }).click();
  await page.waitForURL(/\/success\?order=order_[A-Za-z0-9]{14}$/, { timeout: 15_000 });
  await expect(page.getByTestId("payment-outcome")).toContainText("Payment received");
});
