import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { PDFDocument } from "@cantoo/pdf-lib";
import { pdfPageText } from "../support/pdf-text.ts";
import { expect, test, type Account } from "./fixtures.ts";

/**
 * GST invoices in the browser: the vendor's printable invoice at 390 and 1280 px, its PDF, who may
 * open them, and the GSTIN in settings. The invoices were issued before the server started by the
 * real domain code (tests/e2e/invoice-fixtures.mjs): one in the supplier's state, one in another.
 */
const STATE = process.env.MANDAP_STATE ?? ".wrangler/e2e-state";
const port = Number(process.env.E2E_PORT ?? 8788);
const origin = `http://localhost:${port}`;
type Issued = { key: "intra" | "inter"; vendor: Account; invoiceId: string; number: string };
/** tests/e2e/invoice-fixtures.mjs INVOICES_FILE. */
const issued = (key: Issued["key"]) => (JSON.parse(readFileSync(`${STATE}/invoices.json`, "utf8")) as Issued[]).find((i) => i.key === key)!;

async function signInPage(page: Page, account: Account) {
  await page.context().addCookies([{ name: "mandap_visited", value: "1", url: origin }]);
  const door = account.role === "vendor" ? "vendors" : "users";
  const res = await page.request.post(`/api/v1/${door}/login`, { headers: { Origin: origin }, data: { email: account.email, password: account.password } });
  expect(res.ok(), `log-in of ${account.email}`).toBe(true);
}

const contexts: APIRequestContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.dispose()));
});

async function as(account: Account | null): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: origin });
  contexts.push(api);
  if (account) {
    const door = account.role === "vendor" ? "vendors" : "users";
    const res = await api.post(`/api/v1/${door}/login`, { headers: { Origin: origin }, data: { email: account.email, password: account.password } });
    expect(res.ok(), `log-in of ${account.email}`).toBe(true);
  }
  return api;
}

test("the vendor reads their tax invoice, prints it and downloads the PDF @mobile", async ({ page }, info) => {
  const { vendor, invoiceId, number } = issued("intra");
  await signInPage(page, vendor);
  await page.goto(`/invoices/${invoiceId}`);
  const invoice = page.locator("#invoice");
  await expect(invoice.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
  await expect(page.getByTestId("invoice-number")).toHaveText(number);
  for (const text of [
    "Mandap Marketplace Private Limited",
    "GSTIN: 29AAJCM1234K1ZA",
    vendor.businessName!,
    "14 MG Road",
    "Bengaluru, Karnataka (state code 29)",
    "GSTIN: not registered",
    "Karnataka (29)",
    "SAC 998365: Sale of Internet advertising space",
    "This is a computer-generated invoice",
  ])
    await expect(invoice).toContainText(text);
  await expect(invoice.locator("dl").last()).toContainText("Taxable value₹12,711.02");
  await expect(invoice.locator("dl").last()).toContainText("CGST @ 9 %₹1,143.99");
  await expect(invoice.locator("dl").last()).toContainText("SGST @ 9 %₹1,143.99");
  await expect(invoice.locator("dl").last()).toContainText("Total₹14,999.00");
  await expect(page.getByTestId("amount-in-words")).toHaveText("Rupees Fourteen Thousand Nine Hundred Ninety-Nine Only");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scrolling").toBe(true);
  const { violations } = await new AxeBuilder({ page }).include("#invoice").analyze();
  expect(
    violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(" | ")})`),
  ).toEqual([]);
  await expect(page.getByRole("link", { name: "Payment history" })).toHaveAttribute("href", "/VendorDashboard/payments");
  await page.screenshot({ path: `test-results/invoice-${info.project.name}.png`, fullPage: true });

  // Printing shows the invoice alone: no site header, no buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(
    page
      .locator("header")
      .filter({ hasNot: page.locator("#invoice-title") })
      .first(),
  ).not.toBeVisible();
  await expect(invoice.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
  await page.screenshot({ path: `test-results/invoice-${info.project.name}-print.png`, fullPage: true });
  await page.emulateMedia({ media: "screen" });

  const res = await page.request.get(`/invoices/${invoiceId}/pdf`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  const bytes = await res.body();
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBe(1);
  expect(doc.getTitle()).toBe(`Tax invoice ${number}`);
  const { text } = await pdfPageText(bytes);
  expect(text).toContain(`Invoice no. ${number}`);
  expect(text).toContain("CGST @ 9 %");
  expect(text).toContain("₹14,999.00");
  expect(text).toContain("Amount in words: Rupees Fourteen Thousand Nine Hundred Ninety-Nine Only");

  // The page's own link downloads the same PDF.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  expect((await download).suggestedFilename()).toBe(`${number.replaceAll("/", "-")}.pdf`);
});

test("a vendor in another state with a GSTIN is charged IGST, the place of supply is their GSTIN's state", async ({ page }) => {
  const { vendor, invoiceId } = issued("inter");
  await signInPage(page, vendor);
  await page.goto(`/invoices/${invoiceId}`);
  const invoice = page.locator("#invoice");
  await expect(invoice).toContainText("GSTIN: 08AABCS1429B1ZU");
  await expect(invoice).toContainText("Rajasthan (08)");
  await expect(invoice.locator("dl").last()).toContainText("IGST @ 18 %₹762.56");
  await expect(invoice.locator("dl").last()).not.toContainText("CGST");
  await expect(page.getByTestId("amount-in-words")).toHaveText("Rupees Four Thousand Nine Hundred Ninety-Nine Only");
});

test("only the vendor and admins open an invoice: another vendor and a couple get not found, a visitor logs in first", async ({ account }) => {
  const { vendor, invoiceId } = issued("intra");
  const [otherVendor, couple, admin] = await Promise.all([account({ role: "vendor" }), account({ role: "couple" }), account({ role: "admin" })]);
  const paths = [`/invoices/${invoiceId}`, `/invoices/${invoiceId}/pdf`];
  const get = async (who: Account | null, path: string) => (await as(who)).get(path, { maxRedirects: 0, failOnStatusCode: false });
  for (const path of paths) {
    expect((await get(vendor, path)).status(), `vendor ${path}`).toBe(200);
    expect((await get(admin, path)).status(), `admin ${path}`).toBe(200);
    const other = await get(otherVendor, path);
    expect(other.status(), `other vendor ${path}`).toBe(404);
    expect(await other.text()).not.toContain(vendor.businessName!);
    expect((await get(couple, path)).status(), `couple ${path}`).toBe(404);
    const visitor = await get(null, path);
    expect(visitor.status(), `visitor ${path}`).toBe(302);
    expect(visitor.headers().location).toContain("/login");
  }
  expect((await get(otherVendor, `/api/v1/subscribe/invoice/${invoiceId}`)).status()).toBe(404);
  expect((await get(admin, `/api/v1/subscribe/invoice/${invoiceId}`)).status()).toBe(200);
  // The admin reads the vendor's invoice, without the vendor's own way back.
  const adminPage = await (await get(admin, `/invoices/${invoiceId}`)).text();
  expect(adminPage).toContain(vendor.businessName!);
  expect(adminPage).not.toContain("Payment history");
});

test("a vendor adds their GSTIN in settings; a mistyped one is refused with what is wrong @mobile", async ({ page, login }, info) => {
  await login({ role: "vendor" });
  await page.goto("/VendorDashboard/settings");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Billing details for tax invoices" }) });
  await section.getByLabel("GSTIN (optional)").fill("27AAPFU0939F1ZW");
  await section.getByLabel("Address line (optional)").fill("5 Linking Road");
  await section.getByRole("button", { name: "Save billing details" }).click();
  await expect(section.getByText("This GSTIN's last character does not match the rest").first()).toBeVisible();
  await expect(section.getByLabel("GSTIN (optional)")).toHaveValue("27AAPFU0939F1ZW");
  await page.screenshot({ path: `test-results/invoice-settings-${info.project.name}.png`, fullPage: true });

  await section.getByLabel("GSTIN (optional)").fill("27aapfu0939f1zv");
  await section.getByRole("button", { name: "Save billing details" }).click();
  await expect(section.getByText("Your billing details have been saved.")).toBeVisible();
  await page.reload();
  await expect(section.getByLabel("GSTIN (optional)")).toHaveValue("27AAPFU0939F1ZV");
  await expect(section.getByLabel("Address line (optional)")).toHaveValue("5 Linking Road");
});
