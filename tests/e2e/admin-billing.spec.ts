import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { BILLING } from "./pool-paths.ts";
import { buySilver } from "./plan-support.ts";
import { pdfPageText } from "../support/pdf-text.ts";
import { browserAs, shots } from "./browsers.ts";

/**
 * The admin's billing pages (issue 11), in Chromium: an admin creates a plan (a refused form
 * first, with messages beside the fields), a vendor sees it on the Plan page, the admin edits its
 * price, retires it (the vendor no longer sees it) and restores it with JavaScript off; the
 * transactions page filters by days and status through the URL, shows the totals, and downloads
 * the CSV of the same filter; an admin refunds a plan in part and then in full, and the vendor
 * reads the two GST credit notes beside the invoice, as a page and a PDF. Screenshots at 390 and
 * 1280 px (SHOTS_DIR, else the test's folder).
 */

async function noSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((x) => x.impact === "serious" || x.impact === "critical").map((x) => `${x.id}: ${x.help}`)).toEqual([]);
}

test("an admin creates, edits, retires and restores a plan; vendors see only active plans", async ({ browser, account }) => {
  test.setTimeout(180_000);
  const [admin, vendor] = await Promise.all([account({ role: "admin" }), account({ role: "vendor" })]);
  const name = `Platinum ${Date.now().toString(36)}`;
  const a = await browserAs(browser, admin);
  const v = await browserAs(browser, vendor);
  const { page } = a;

  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).last().getByRole("link", { name: "Plans" }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expect(page.getByRole("heading", { name: "Plans", level: 1 })).toBeVisible();
  // The demo's plans, with their price per duration in rupees.
  for (const [plan, price] of [
    ["Free trial", "Free / 14 days"],
    ["Silver", "₹4,999 / 90 days"],
    ["Gold", "₹14,999 / 365 days"],
  ] as const)
    await expect(
      page
        .getByTestId("plan")
        .filter({ has: page.getByRole("heading", { name: plan, exact: true }) })
        .getByTestId("price"),
    ).toHaveText(price);

  // A refused form: messages beside the fields, what was typed kept.
  const form = page.getByRole("form", { name: "Create plan" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Price (whole rupees)").fill("0");
  await form.getByLabel("Duration (days)").fill("2000");
  await form.getByRole("button", { name: "Create plan" }).click();
  await expect(form.getByText("A paid plan costs at least ₹1 (only the trial plan is free).")).toBeVisible();
  await expect(form.getByText("A plan lasts at most 1095 days (3 years).")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByTestId("plan").filter({ hasText: name })).toHaveCount(0);

  await form.getByLabel("Price (whole rupees)").fill("24,999");
  await form.getByLabel("Duration (days)").fill("180");
  await form.getByLabel("What it includes").fill("Unlimited services\nFeatured placement\nFull analytics per service");
  await form.getByLabel("Active services").fill("25");
  await form.getByLabel("Featured placement").check();
  await form.getByLabel("Analytics").selectOption("FULL");
  await form.getByRole("button", { name: "Create plan" }).click();
  await expect(page.getByRole("status")).toContainText("Plan created.");
  const card = page.getByTestId("plan").filter({ has: page.getByRole("heading", { name }) });
  await expect(card.getByTestId("price")).toHaveText("₹24,999 / 180 days");
  await expect(card.getByTestId("status")).toHaveText("Active");
  await expect(card).toContainText("Active services: 25");
  await expect(form.getByLabel("Name")).toHaveValue("");
  await shots(page, "plans");
  await noSeriousViolations(page);

  await v.page.goto("/VendorDashboard/Plan");
  await expect(v.page.getByRole("heading", { name })).toBeVisible();

  // Edit: the page says price changes apply to new purchases only.
  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: `Edit ${name}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("edit-note")).toContainText("applies to new purchases only");
  const edit = page.getByRole("form", { name: "Save plan" });
  await expect(edit.getByLabel("What it includes")).toHaveValue("Unlimited services\nFeatured placement\nFull analytics per service");
  await edit.getByLabel("Price (whole rupees)").fill("19999");
  await edit.getByRole("button", { name: "Save plan" }).click();
  await expect(page.getByRole("status")).toHaveText("Plan saved.");
  await expect(page.getByTestId("summary")).toContainText("₹19,999 / 180 days");
  await shots(page, "plan-edit");
  await noSeriousViolations(page);

  // Retire: listed as retired, gone from the vendor's Plan page.
  await page.getByRole("link", { name: "← All plans" }).click();
  await card.getByRole("button", { name: `Retire ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("Plan retired");
  await expect(page.getByRole("region", { name: /Retired plans/ }).getByRole("heading", { name })).toBeVisible();
  await expect(card.getByTestId("status")).toHaveText("Retired");
  await v.page.reload();
  await expect(v.page.getByRole("heading", { name: "Silver", exact: true })).toBeVisible();
  await expect(v.page.getByRole("heading", { name })).toHaveCount(0);

  // Restore without JavaScript: a plain form post.
  const nojs = await browserAs(browser, admin, { javaScriptEnabled: false });
  await nojs.page.goto("/admin/plans");
  await nojs.page
    .getByTestId("plan")
    .filter({ has: nojs.page.getByRole("heading", { name }) })
    .getByRole("button", { name: `Restore ${name}` })
    .click();
  await expect(nojs.page.getByRole("status")).toContainText("Plan restored");
  await expect(
    nojs.page
      .getByTestId("plan")
      .filter({ has: nojs.page.getByRole("heading", { name }) })
      .getByTestId("status"),
  ).toHaveText("Active");
  await v.page.reload();
  await expect(v.page.getByRole("heading", { name })).toBeVisible();

  await Promise.all([a.context.close(), v.context.close(), nojs.context.close()]);
});

test("the transactions page filters by days and status in the URL, totals them, and downloads the CSV", async ({ browser, account }) => {
  test.setTimeout(150_000);
  const admin = await account({ role: "admin" });
  const { context, page } = await browserAs(browser, admin);

  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).last().getByRole("link", { name: "Transactions" }).click();
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();

  const filters = page.getByRole("form", { name: "Filter transactions" });
  await filters.getByLabel("From").fill(BILLING.from);
  await filters.getByLabel("To").fill(BILLING.to);
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${BILLING.from}&to=${BILLING.to}`));
  const rows = page.getByTestId("transaction");
  // 10 Jan 00:00 and 12 Jan 23:59 India time are in; 13 Jan 00:00 is not.
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(BILLING.businessName);
  await expect(rows.first()).toContainText(BILLING.email);
  await expect(rows.first()).toContainText("Silver");
  await expect(rows.first()).toContainText("₹14,999");
  await expect(rows.filter({ hasText: "Failed" })).toContainText("Payment declined by the bank");
  await expect(page.getByTestId("totals")).toHaveText("3 payments, ₹19,998 received");
  await expect(page.getByTestId("by-status")).toContainText("Failed: 1 · ₹4,999");
  await shots(page, "transactions");
  await noSeriousViolations(page);

  await filters.getByLabel("Status").selectOption("SUCCESS");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=SUCCESS/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("totals")).toHaveText("2 payments (Success), ₹19,998 received");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("csv").click()]);
  expect(download.suggestedFilename()).toBe(`mandap-transactions-${BILLING.from}-to-${BILLING.to}-success.csv`);
  const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "Date (IST),Vendor,E-mail,Plan,Amount (INR),Status,Gateway order id,Gateway payment id,Failure reason,Invoice number,Payment id,Kind,Design,Refunded (INR),Credit note numbers,Mobile",
  );
  expect(lines).toHaveLength(3);
  // The formula-like business name starts with an apostrophe and is quoted for its comma.
  expect(lines[1]).toBe(
    `2025-01-12 23:59,"'${BILLING.businessName}",${BILLING.email},Silver,14999,SUCCESS,order_e2ebillingpay3,pay_e2ebillingpay3,,,e2e-billing-pay-3,Plan,,0,,`,
  );
  expect(lines[2]).toContain("2025-01-10 00:00,");

  // A filter that does not fit: the form says why, nothing is listed.
  await page.goto(`/admin/transactions?from=${BILLING.to}&to=${BILLING.from}`);
  await expect(page.getByText("“To” must be on or after “From”.")).toBeVisible();
  await expect(rows).toHaveCount(0);
  await context.close();
});

test("an admin refunds part of a plan's payment from the transactions page, then the rest; the gateway is asked each time, and the vendor reads both credit notes", async ({
  browser,
  account,
  login,
  page,
}) => {
  test.setTimeout(150_000);
  // A vendor pays for Silver through the sandbox gateway.
  const vendor = await login({ role: "vendor" });
  await buySilver(page, "Pay");
  await expect(page.getByTestId("order-outcome")).toContainText("Payment received");

  const admin = await browserAs(browser, await account({ role: "admin" }));
  // Newest first: the payment just made is on the first page.
  await admin.page.goto("/admin/transactions");
  const row = admin.page.getByTestId("transaction").filter({ hasText: vendor.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("status")).toHaveText("Success");

  // Part of it, with a reason.
  await row.getByText("Refund…").click();
  await row.getByLabel("Amount (₹)").fill("1000");
  await row.getByLabel("Reason").fill("Goodwill: the listing was down for a week");
  await row.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(row.getByRole("status")).toHaveText("Refunded ₹1,000.");
  await expect(row.getByTestId("refunded")).toHaveText("₹1,000 refunded");
  await expect(row.getByTestId("status")).toHaveText("Partly refunded");
  await noSeriousViolations(admin.page);

  // More than is left is refused with the reason, nothing changes.
  await row.getByText("Refund…").click();
  await row.getByLabel("Amount (₹)").fill("5000");
  await row.getByLabel("Reason").fill("Too much");
  await row.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(row.getByLabel("Amount (₹)")).toHaveAttribute("aria-invalid", "true");
  await expect(row.getByTestId("refunded")).toHaveText("₹1,000 refunded");

  // The rest: an empty amount refunds all that is left, and the form goes away.
  await row.getByLabel("Amount (₹)").fill("");
  await row.getByLabel("Reason").fill("The vendor closed the business");
  await row.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(row.getByRole("status")).toHaveText("Refunded ₹3,999.");
  await expect(row.getByTestId("status")).toHaveText("Refunded");
  await expect(row.getByText("Refund…")).toHaveCount(0);
  // Each refund issued a GST credit note in its own series; the admin sees both on the row.
  const notes = row.getByTestId("credit-notes").getByRole("link");
  await expect(notes).toHaveCount(2);
  const [first, second] = await notes.allInnerTexts();
  expect(first).toMatch(/^CN\/\d{4}\/\d{6}$/);
  expect(Number(second!.slice(-6))).toBe(Number(first!.slice(-6)) + 1);
  await admin.context.close();

  // The vendor sees them beside the invoice, opens the first: it names the invoice and the ₹1,000 refunded.
  await page.goto("/VendorDashboard/payments");
  const invoiceLink = page.getByRole("link", { name: /^Invoice MDP\// }).first();
  const invoiceNumber = (await invoiceLink.innerText()).replace(/^Invoice /, "");
  await expect(page.getByRole("link", { name: `Credit note ${first} (₹1,000.00)` }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: `Credit note ${second} (₹3,999.00)` }).first()).toBeVisible();
  await page
    .getByRole("link", { name: `Credit note ${first} (₹1,000.00)` })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Credit note" })).toBeVisible();
  await expect(page.getByTestId("credit-note-number")).toHaveText(first!);
  await expect(page.getByTestId("against-invoice")).toContainText(invoiceNumber);
  await expect(page.locator("#credit-note dl").last()).toContainText("Total refunded₹1,000.00");
  await expect(page.locator("#credit-note")).toContainText("Reason: Goodwill: the listing was down for a week");
  await noSeriousViolations(page);
  const dir = process.env.SHOTS_DIR ?? test.info().outputPath();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `credit note: no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${dir}/vendor-credit-note-${width}.png`, fullPage: true });
  }
  // Its PDF prints ₹ and the original invoice's number.
  const pdf = await page.request.get(`${new URL(page.url()).pathname}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const { text } = await pdfPageText(await pdf.body());
  expect(text).toContain(`Credit note no. ${first}`);
  expect(text).toContain(`Against tax invoice ${invoiceNumber}`);
  expect(text).toContain("₹1,000.00");
});
