import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { buySilver } from "./plan-support.ts";
import { answerSandboxCheckout } from "./sandbox-support.ts";
import { pdfPageText } from "../support/pdf-text.ts";
import { browserAs, shots } from "./browsers.ts";

/**
 * Issue 30's "done" story as one test, in Chromium with the local sandbox gateway:
 * 1. a vendor's Silver plan bought in the sandbox is refunded in part and then in full from
 *    /admin/transactions: the subscription and its limits (full analytics) stay after the part and
 *    end with the rest, and the credit note's PDF prints ₹ and the original invoice's number;
 * 2. a couple pays twice for one design from two open checkout tabs (two orders: the admin changed
 *    the design's price between them, so "Pay" opened a new order), the second payment is refunded
 *    by itself, and the couple's Payments page shows both purchases, the invoice and the refund;
 * 3. a sandbox payment whose webhook and callback are lost (the checkout's test option) is credited
 *    by the next reconciliation, run at /dev/cron;
 * 4. the checkout shows UPI by app at 390 px and by QR code at 1280 px.
 * Screenshots at 390 and 1280 px (SHOTS_DIR, else the test's folder).
 */
/** A seeded paid design no other e2e test buys or reprices (₹399). */
const DESIGN = { id: "tpl-bengali-alpona", name: "Alpona Red", price: 399, newPrice: 449 };

async function refund(row: ReturnType<Page["getByTestId"]>, amount: string, reason: string) {
  await row.getByText("Refund…").click();
  await row.getByLabel("Amount (₹)").fill(amount);
  await row.getByLabel("Reason").fill(reason);
  await row.getByRole("button", { name: "Refund", exact: true }).click();
}

async function setDesignPrice(page: Page, price: number) {
  await page.goto("/admin/templates");
  const card = page.getByTestId("admin-template").filter({ has: page.getByRole("heading", { name: DESIGN.name }) });
  await card.getByText("Edit details").click();
  await card.getByLabel("Price (₹, 0 for free)").fill(String(price));
  await card.getByRole("button", { name: `Save details of ${DESIGN.name}` }).click();
  await expect(card).toContainText(`₹${price}`);
}

test("issue 30's money story: refunds with credit notes, a duplicate design refunded by itself, a lost confirmation reconciled, UPI at 390 px", async ({
  browser,
  account,
  login,
  page,
}) => {
  test.setTimeout(300_000);
  const admin = await browserAs(browser, await account({ role: "admin" }));

  // 1. A vendor buys Silver in the sandbox: the plan and its full analytics are theirs.
  const vendor = await login({ role: "vendor" });
  await buySilver(page, "Pay");
  await expect(page.getByTestId("order-outcome")).toContainText("Payment received");
  const current = page.locator('[aria-labelledby="current-heading"]');
  await expect(current).toContainText("Silver");
  await page.goto("/VendorDashboard/analytics");
  await expect(page.getByRole("heading", { name: "Over time" })).toBeVisible();

  await admin.page.goto("/admin/transactions");
  const row = admin.page.getByTestId("transaction").filter({ hasText: vendor.email });
  await expect(row.getByTestId("status")).toHaveText("Success");
  await refund(row, "1000", "Goodwill: the listing was down for a week");
  await expect(row.getByRole("status")).toHaveText("Refunded ₹1,000.");
  await expect(row.getByTestId("status")).toHaveText("Partly refunded");
  // A part refunded: the vendor keeps the plan and its limits (decision 0043).
  await page.goto("/VendorDashboard/Plan");
  await expect(current).toContainText("Silver");
  await page.goto("/VendorDashboard/analytics");
  await expect(page.getByRole("heading", { name: "Over time" })).toBeVisible();

  await refund(row, "", "The vendor closed the business");
  await expect(row.getByRole("status")).toHaveText("Refunded ₹3,999.");
  await expect(row.getByTestId("status")).toHaveText("Refunded");
  await expect(row.getByTestId("credit-notes").getByRole("link")).toHaveCount(2);
  await shots(admin.page, "transactions");
  // The rest refunded: the plan ends and its limits go with it.
  await page.goto("/VendorDashboard/Plan");
  await expect(current).not.toContainText("Silver");
  await page.goto("/VendorDashboard/analytics");
  await expect(page.getByText("Your plan shows totals only.")).toBeVisible();

  // The vendor's second credit note, as a page and a PDF: ₹ and the invoice it corrects.
  await page.goto("/VendorDashboard/payments");
  const invoiceNumber = (
    await page
      .getByRole("link", { name: /^Invoice MDP\// })
      .first()
      .innerText()
  ).replace(/^Invoice /, "");
  const note = page.getByRole("link", { name: /^Credit note CN\/\d{4}\/\d{6} \(₹3,999\.00\)$/ }).first();
  const noteNumber = (await note.innerText()).replace(/^Credit note (\S+) .*$/, "$1");
  await note.click();
  await expect(page.getByTestId("credit-note-number")).toHaveText(noteNumber);
  await expect(page.getByTestId("against-invoice")).toContainText(invoiceNumber);
  await shots(page, "credit-note");
  const pdf = await page.request.get(`${new URL(page.url()).pathname}/pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const { text } = await pdfPageText(await pdf.body());
  expect(text).toContain(`Credit note no. ${noteNumber}`);
  expect(text).toContain(`Against tax invoice ${invoiceNumber}`);
  expect(text).toContain("₹3,999.00");

  // 2. A couple opens the design's checkout in one tab...
  const couple = await browserAs(browser, await account({ role: "couple" }));
  const first = couple.page;
  await first.goto(`/payment?template=${DESIGN.id}`);
  await first.getByRole("button", { name: `Pay ₹${DESIGN.price}` }).click();
  await expect(first).toHaveURL(/\/sandbox-gateway\//, { timeout: 15_000 });

  // 4. ...where a phone (390 px) pays by UPI app and a computer by QR code.
  await first.setViewportSize({ width: 390, height: 844 });
  for (const app of ["Google Pay", "PhonePe", "Paytm", "BHIM"]) await expect(first.getByRole("button", { name: app })).toBeVisible();
  await expect(first.getByRole("img", { name: "UPI QR code for this payment" })).toBeHidden();
  await expect(first.getByText(/UPI ID/)).toHaveCount(0);
  await shots(first, "checkout");
  await first.setViewportSize({ width: 1280, height: 900 });
  await expect(first.getByRole("img", { name: "UPI QR code for this payment" })).toBeVisible();
  await expect(first.getByRole("button", { name: "PhonePe" })).toBeHidden();

  // ...the design's price changes, and "Pay" in a second tab opens a new order at the new price.
  await setDesignPrice(admin.page, DESIGN.newPrice);
  const second = await couple.context.newPage();
  try {
    await second.goto(`/payment?template=${DESIGN.id}`);
    await second.getByRole("button", { name: `Pay ₹${DESIGN.newPrice}` }).click();
    await expect(second).toHaveURL(/\/sandbox-gateway\//, { timeout: 15_000 });

    // Both tabs pay: the first buys the design, the second is refunded by itself.
    await answerSandboxCheckout(first, "Pay");
    await first.waitForURL(/\/success\?order=order_[A-Za-z0-9]{14}$/, { timeout: 15_000 });
    await expect(first.getByTestId("payment-outcome")).toContainText("Payment received");
    await answerSandboxCheckout(second, "Pay");
    await second.waitForURL(/\/success\?order=order_[A-Za-z0-9]{14}$/, { timeout: 15_000 });
    await expect(second.getByTestId("payment-outcome")).toContainText("the payment has been refunded");
  } finally {
    await setDesignPrice(admin.page, DESIGN.price);
  }

  await first.goto("/profile/payments");
  const purchases = first.getByTestId("couple-payment");
  await expect(purchases).toHaveCount(2);
  const duplicate = purchases.filter({ hasText: `₹${DESIGN.newPrice}` });
  await expect(duplicate.getByTestId("payment-status")).toHaveText("Refunded");
  await expect(duplicate.getByTestId("refunds")).toContainText(`₹${DESIGN.newPrice} refunded on`);
  const bought = purchases.filter({ hasText: `₹${DESIGN.price}` });
  await expect(bought.getByTestId("payment-status")).toHaveText("Paid");
  await expect(bought.getByTestId("invoice-link")).toHaveText(/^Tax invoice MDP\/\d{4}\/\d{6}$/);
  await shots(first, "couple-payments");

  // 3. Another vendor pays, and the gateway's confirmation is lost on the way (webhook and callback).
  const other = await account({ role: "vendor" });
  const lost = await browserAs(browser, other);
  await lost.page.goto("/VendorDashboard/Plan");
  const silver = lost.page.getByTestId("plan").filter({ has: lost.page.getByRole("heading", { name: "Silver" }) });
  await silver.getByRole("button", { name: /^Buy / }).click();
  await lost.page.getByTestId("checkout").getByRole("button", { name: /^Pay / }).click();
  await expect(lost.page).toHaveURL(/\/sandbox-gateway\//, { timeout: 15_000 });
  await lost.page.getByText("Card", { exact: true }).click();
  await lost.page.getByLabel(/Test: lose the confirmation/).check();
  await lost.page.getByRole("button", { name: /^Pay ₹[\d,]+ by card$/ }).click();
  await expect(lost.page.getByRole("heading", { name: "Payment taken; confirmation lost" })).toBeVisible();
  await lost.page.getByRole("link", { name: "Back to the shop" }).click();
  await expect(lost.page.locator('[aria-labelledby="current-heading"]')).not.toContainText("Silver: ");
  await admin.page.goto("/admin/transactions");
  const lostRow = admin.page.getByTestId("transaction").filter({ hasText: other.email });
  await expect(lostRow.getByTestId("status")).toHaveText("Pending");

  // The next reconciliation (the daily job, run by hand) credits it.
  await admin.page.goto("/dev/cron");
  await admin.page.getByLabel("Job").selectOption({ label: 'payment-reconciliation ("30 21 * * *")' });
  await admin.page.getByRole("button", { name: "Run" }).click();
  await expect(admin.page.getByRole("list", { name: "Results" })).toHaveText("payment-reconciliation: done");
  await lost.page.reload();
  await expect(lost.page.locator('[aria-labelledby="current-heading"]')).toContainText("Silver: ");
  await admin.page.goto("/admin/transactions");
  await expect(lostRow.getByTestId("status")).toHaveText("Success");

  await Promise.all([admin.context.close(), couple.context.close(), lost.context.close()]);
});
