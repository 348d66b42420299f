import { expect, type Page } from "./fixtures.ts";
import { answerSandboxCheckout } from "./sandbox-support.ts";

/** A signed-in vendor buys the Silver plan (₹4,999) through the local sandbox gateway's checkout, paying or declining. */
export async function buySilver(page: Page, decision: "Pay" | "Decline payment") {
  await page.goto("/VendorDashboard/Plan");
  const silver = page.getByTestId("plan").filter({ has: page.getByRole("heading", { name: "Silver" }) });
  await silver.getByRole("button", { name: /^Buy / }).click();
  const checkout = page.getByTestId("checkout");
  await expect(checkout).toContainText("Pay ₹4,999 to Mandap");
  await checkout.getByRole("button", { name: /^Pay / }).click();
  // The sandbox gateway's checkout page (this Worker stands in for Razorpay's Hosted Checkout).
  await answerSandboxCheckout(page, decision);
  // Its answer posts back to the callback, which lands on the Plan page with the order's outcome.
  await page.waitForURL(/\/VendorDashboard\/Plan\?order=order_[A-Za-z0-9]{14}$/, { timeout: 15_000 });
}
