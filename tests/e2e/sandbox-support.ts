import { expect, type Page } from "./fixtures.ts";

/**
 * Answers the local sandbox gateway's checkout (it stands in for Razorpay's Hosted Checkout): pays
 * by card, which both its phone and its computer view offer (tests/e2e/sandbox-checkout.spec.ts
 * walks UPI by app and by QR code), or declines.
 */
export async function answerSandboxCheckout(page: Page, decision: "Pay" | "Decline payment") {
  await expect(page).toHaveURL(/\/sandbox-gateway\//, { timeout: 15_000 });
  if (decision === "Decline payment") {
    await page.getByRole("button", { name: "Decline payment" }).click();
    return;
  }
  await page.getByText("Card", { exact: true }).click();
  await page.getByRole("button", { name: /^Pay ₹[\d,]+ by card$/ }).click();
}
