import { expect, test, type Page } from "./fixtures.ts";
import { answerSandboxCheckout } from "./sandbox-support.ts";

/**
 * Issue 13, paid templates, in the browser with the local sandbox gateway: a visitor is sent to log
 * in and back; a couple opens /payment?template=tpl-royal-maroon (seeded, ₹499), a declined payment
 * lands on /success with the reason and "Try again", paying lands on /success with "Payment
 * received" and the editor link, the API says the design is owned, /payment says so, and another
 * couple cannot see the order (404). Issue 30: the couple's Payments page (from the profile's
 * navigation) lists the purchase, its GST invoice opens (HTML and PDF) and leads back; another
 * couple gets 404 for it and an empty Payments page. Screenshots at 390 and 1280 px.
 */
const TEMPLATE = "tpl-royal-maroon";

async function payAndReturn(page: Page, decision: "Pay" | "Decline payment") {
  await page.goto(`/payment?template=${TEMPLATE}`);
  await page.getByRole("button", { name: "Pay ₹499" }).click();
  // With JavaScript the checkout form goes to the gateway at once (the sandbox stands in for Razorpay's Hosted Checkout).
  await expect(page).toHaveURL(/\/sandbox-gateway\//, { timeout: 15_000 });
  await expect(page.getByText("₹499").first()).toBeVisible();
  await answerSandboxCheckout(page, decision);
  await page.waitForURL(/\/success\?order=order_[A-Za-z0-9]{14}$/, { timeout: 15_000 });
  return new URL(page.url()).searchParams.get("order")!;
}

test("a couple buys a paid template in the sandbox: declined, then paid, owned, invoiced on their Payments page, and private", async ({
  login,
  account,
  browser,
  baseURL,
  page,
}, info) => {
  test.setTimeout(120_000);
  const dir = process.env.SHOTS_DIR ?? info.outputPath();

  // A visitor goes to log in and comes back.
  await page.goto(`/payment?template=${TEMPLATE}`);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpayment%3Ftemplate%3Dtpl-royal-maroon/);

  await login({ role: "couple" });
  await page.goto(`/payment?template=${TEMPLATE}`);
  await expect(page.getByRole("heading", { level: 1, name: "Buy Royal Maroon" })).toBeVisible();
  await expect(page.getByTestId("template-price")).toHaveText("₹499");
  await expect(page.getByText("What you get")).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/template-payment-${width}.png`, fullPage: true });
  }

  // Declined: the reason and "Try again".
  const declined = await payAndReturn(page, "Decline payment");
  const failed = page.getByTestId("payment-outcome");
  await expect(failed).toContainText("The payment did not go through");
  await expect(failed.getByRole("link", { name: "Try again" })).toHaveAttribute("href", `/payment?template=${TEMPLATE}`);
  await page.screenshot({ path: `${dir}/template-success-failed-1280.png`, fullPage: true });
  const before = await page.request.get(`/api/v1/template/payment-status/${TEMPLATE}`);
  expect(await before.json()).toMatchObject({ owned: false, orderStatus: "failed", paymentStatus: "failed", orderId: declined });

  // Paid: "Payment received" and the editor.
  const orderId = await payAndReturn(page, "Pay");
  const paid = page.getByTestId("payment-outcome");
  await expect(paid).toContainText("Payment received");
  await expect(paid).toContainText("Royal Maroon");
  await expect(paid.getByRole("link", { name: "Open in the editor" })).toHaveAttribute("href", `/editor?template=${TEMPLATE}`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/template-success-${width}.png`, fullPage: true });
  }
  const status = await page.request.get(`/api/v1/template/payment-status/${TEMPLATE}`);
  expect(status.status()).toBe(200);
  expect(await status.json()).toEqual({
    success: true,
    owned: true,
    canUse: true,
    orderStatus: "completed",
    paymentStatus: "successful",
    amount: 499,
    orderId,
  });

  // Owned: /payment says so and links the editor, no Pay button.
  await page.goto(`/payment?template=${TEMPLATE}`);
  await expect(page.getByTestId("owned")).toContainText("You own this design.");
  await expect(page.getByRole("link", { name: "Open in the editor" })).toHaveAttribute("href", `/editor?template=${TEMPLATE}`);
  await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);

  // Issue 30: the couple's Payments (the profile's navigation) lists the purchase with its GST invoice (the declined
  // attempt was on the same order, which the payment then paid: one payment).
  await page.goto("/profile");
  await page.getByRole("link", { name: "Payments", exact: true }).first().click();
  await expect(page).toHaveURL(/\/profile\/payments$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  const purchases = page.getByTestId("couple-payment");
  await expect(purchases).toHaveCount(1);
  const bought = purchases.first();
  await expect(bought).toContainText("Royal Maroon");
  await expect(bought).toContainText("₹499");
  await expect(bought.getByTestId("payment-status")).toHaveText("Paid");
  const invoiceLink = bought.getByTestId("invoice-link");
  await expect(invoiceLink).toHaveText(/^Tax invoice MDP\/\d{4}\/\d{6}$/);
  const invoiceNumber = (await invoiceLink.textContent())!.replace("Tax invoice ", "");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/profile-payments-${width}.png`, fullPage: true });
  }
  await invoiceLink.click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  const invoiceUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId("invoice-number")).toHaveText(invoiceNumber);
  await expect(page.locator("#invoice")).toContainText('Mandap invitation design "Royal Maroon"');
  await expect(page.locator("#invoice")).toContainText("SAC 998439");
  await expect(page.locator("#invoice")).toContainText("GSTIN: not registered");
  await expect(page.locator("#invoice")).toContainText("The design's price includes GST.");
  await expect(page.locator("#invoice")).toContainText("₹499.00");
  await page.screenshot({ path: `${dir}/design-invoice-1280.png`, fullPage: true });
  const pdf = await page.request.get(`${invoiceUrl}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await page.getByRole("link", { name: "Payment history" }).click();
  await expect(page).toHaveURL(/\/profile\/payments$/);

  // Another couple: the order is not theirs (404), and the design is not theirs either.
  const other = await account({ role: "couple" });
  const context = await browser.newContext({ baseURL });
  try {
    const login = await context.request.post("/api/v1/users/login", { headers: { Origin: baseURL! }, data: { email: other.email, password: other.password } });
    expect(login.ok()).toBe(true);
    const otherPage = await context.newPage();
    const res = await otherPage.goto(`/success?order=${orderId}`);
    expect(res?.status()).toBe(404);
    const theirs = await context.request.get(`/api/v1/template/payment-status/${TEMPLATE}`);
    expect(await theirs.json()).toMatchObject({ owned: false, canUse: false, orderId: null });
    // Nor the invoice (404, page and PDF), nor anything on their Payments page.
    expect((await otherPage.goto(invoiceUrl))?.status()).toBe(404);
    expect((await context.request.get(`${invoiceUrl}/pdf`)).status()).toBe(404);
    await otherPage.goto("/profile/payments");
    await expect(otherPage.getByText("You have not paid for any designs.")).toBeVisible();
  } finally {
    await context.close();
  }
});

test("without JavaScript the Pay button shows the gateway's form, and a pending order's page refreshes itself", async ({ browser, account, baseURL }) => {
  test.setTimeout(60_000);
  const couple = await account({ role: "couple" });
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const login = await context.request.post("/api/v1/users/login", {
      headers: { Origin: baseURL! },
      data: { email: couple.email, password: couple.password },
    });
    expect(login.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto(`/payment?template=${TEMPLATE}`);
    await page.getByRole("button", { name: "Pay ₹499" }).click();
    const checkout = page.getByTestId("checkout");
    await expect(checkout).toContainText("Pay ₹499 to Mandap");
    const status = await context.request.get(`/api/v1/template/payment-status/${TEMPLATE}`);
    const { orderId } = (await status.json()) as { orderId: string };
    expect(orderId).toMatch(/^order_/);
    await page.goto(`/success?order=${orderId}`);
    await expect(page.getByTestId("payment-outcome")).toContainText("Waiting for the payment gateway");
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "3");
  } finally {
    await context.close();
  }
});
