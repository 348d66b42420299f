import type { Page } from "@playwright/test";
import { formatDate } from "#shared/format.ts";
import { LISTING } from "#shared/listing-words.ts";
import { expect, test } from "./fixtures.ts";
import { indiaDateInDays } from "#shared/india-time.ts";
import { browserAs } from "./browsers.ts";

/**
 * The enquiry becomes a conversation and then a booking, in Chromium: a couple enquires about a
 * pool vendor's service, the vendor sees it unread in the inbox (and gets the mail with the link),
 * replies and quotes, the couple accepts, and both see the same booking. The forms work without
 * JavaScript, and the pages fit a 390 px screen (@mobile).
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const origin = `http://localhost:${port}`;
const inDays = (n: number) => indiaDateInDays(n);

/** A second browser (its own cookies) signed in as the account through its door. */

async function mailbox(page: Page, to: string, text: RegExp) {
  const mail = page.getByTestId("mail").filter({ hasText: text });
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    await expect(mail.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return mail.first();
}

async function fitsWidth(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
}

test("a couple's enquiry is answered, quoted, accepted and booked, and both sides see the booking @mobile", async ({ page, browser, login, factory }) => {
  test.setTimeout(180_000);
  const { vendor, service } = await factory.vendorService();
  const couple = await login({ role: "couple" });

  // The couple enquires on the service page.
  await page.goto(`/service/${service.id}`);
  const form = page.locator("#enquiry");
  await form.getByLabel("Message").fill("We are planning a reception for about 300 guests and would love a vegetarian Rajasthani menu.");
  await form.getByLabel("Event date").fill(inDays(60));
  await form.getByRole("button", { name: LISTING.enquirySubmit }).click();
  await expect(page.getByRole("heading", { name: LISTING.whatNextHeading })).toBeVisible();
  await page.reload();
  await page.getByRole("link", { name: "Open the conversation" }).click();
  await expect(page).toHaveURL(/\/profile\/enquiries\/[^/]+$/);
  const leadId = page.url().split("/").pop()!;
  await expect(page.getByText("Contact details are shared once the vendor replies.")).toBeVisible();

  // The vendor is mailed the link, without the couple's e-mail address.
  const { context: vendorContext, page: v } = await browserAs(browser, vendor, { viewport: page.viewportSize() });
  const notice = await mailbox(v, vendor.email, /New enquiry for/);
  await expect(notice).toContainText(`/VendorDashboard/enquiries/${leadId}`);
  await expect(notice).not.toContainText(couple.email);

  // The inbox shows it unread (bold); opening it marks it read.
  await v.goto("/VendorDashboard/enquiries");
  const row = v.getByRole("link", { name: new RegExp(couple.name) });
  await expect(row.locator("[data-unread=true]")).toBeVisible();
  await fitsWidth(v);
  await row.click();
  await expect(v).toHaveURL(`${origin}/VendorDashboard/enquiries/${leadId}`);
  await expect(v.getByText("Contact details are shared once you reply.")).toBeVisible();
  await v.getByLabel("Your reply").fill("Namaste! We would love to cook for you. Is the venue in Jaipur?");
  await v.getByRole("button", { name: "Send", exact: true }).click();
  await expect(v.getByRole("list", { name: "Messages" })).toContainText("Is the venue in Jaipur?");
  await expect(v.getByTestId("contact")).toContainText(couple.email);
  await v.goto("/VendorDashboard/enquiries");
  await expect(v.getByRole("link", { name: new RegExp(couple.name) }).locator("[data-unread=true]")).toHaveCount(0);

  // The quote.
  await v.goto(`/VendorDashboard/enquiries/${leadId}`);
  await v.getByLabel("Amount (₹, whole rupees)").fill("185000");
  await v.getByLabel("Valid until").fill(inDays(14));
  await v.getByLabel("What it includes").fill("Dinner for 300 guests, live counters, service staff");
  await v.getByRole("button", { name: "Send quote" }).click();
  await expect(v.getByRole("list", { name: "Messages" })).toContainText("₹1,85,000");
  await fitsWidth(v);

  // The couple is mailed, reads the reply and the quote, and accepts.
  const reply = await mailbox(page, couple.email, /sent you a quote/);
  await expect(reply).toContainText(`/profile/enquiries/${leadId}`);
  await page.goto(`/profile/enquiries/${leadId}`);
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("Is the venue in Jaipur?");
  await expect(page.getByTestId("contact")).toBeVisible();
  await fitsWidth(page);
  await page.screenshot({ path: test.info().outputPath("couple-conversation.png"), fullPage: true });
  await page.getByRole("button", { name: "Accept quote and book" }).click();
  await expect(page).toHaveURL(/\/profile\/bookings\/[^/]+$/);
  const bookingId = page.url().split("/").pop()!;
  await expect(page.getByText("Confirmed")).toBeVisible();
  await expect(page.getByText("₹1,85,000").first()).toBeVisible();
  await page.goto("/profile/bookings");
  await expect(page.getByRole("list", { name: "Upcoming bookings" })).toContainText(service.name);

  // The vendor sees the same booking.
  await v.goto("/VendorDashboard/bookings");
  await v
    .getByRole("list", { name: "Upcoming bookings" })
    .getByRole("link", { name: new RegExp(couple.name) })
    .click();
  await expect(v).toHaveURL(`${origin}/VendorDashboard/bookings/${bookingId}`);
  await expect(v.getByText("₹1,85,000").first()).toBeVisible();
  await expect(v.getByText(formatDate(inDays(60))).first()).toBeVisible();
  await fitsWidth(v);
  await v.screenshot({ path: test.info().outputPath("vendor-booking.png"), fullPage: true });
  await vendorContext.close();
});

test("the conversation and the booking work without JavaScript", async ({ browser, account, factory }) => {
  test.setTimeout(120_000);
  const { vendor, service } = await factory.vendorService();
  const couple = await account({ role: "couple" });
  const c = await browserAs(browser, couple, { javaScriptEnabled: false });
  const sent = await c.context.request.put(`/api/v1/services/makeLead/${service.id}`, {
    headers: { Origin: origin },
    data: { message: "Do you cater for a mehendi lunch for 80 guests in the garden?", eventDate: inDays(40) },
  });
  expect(sent.status()).toBe(201);
  const leadId = ((await sent.json()) as { lead: { id: string } }).lead.id;

  await c.page.goto(`/profile/enquiries/${leadId}`);
  await c.page.getByLabel("Your reply").fill("Also, can you bring a tandoor?");
  await c.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(c.page.getByRole("status").filter({ hasText: "Message sent." })).toBeVisible();
  await expect(c.page.getByRole("list", { name: "Messages" })).toContainText("can you bring a tandoor?");

  const v = await browserAs(browser, vendor, { javaScriptEnabled: false });
  await v.page.goto(`/VendorDashboard/enquiries/${leadId}`);
  await expect(v.page.getByRole("list", { name: "Messages" })).toContainText("can you bring a tandoor?");
  await v.page.getByText("Enter the agreed price, dates and deliverables").click();
  await v.page.getByLabel("Agreed price (₹)").fill("64000");
  await v.page.getByLabel("Advance paid (₹)").fill("20000");
  await v.page.getByLabel("Album due").fill(inDays(70));
  await v.page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(v.page).toHaveURL(/\/VendorDashboard\/bookings\/[^/]+$/);
  await expect(v.page.getByText("₹44,000")).toBeVisible(); // balance due
  await v.page.getByRole("button", { name: /Mark delivered/ }).click();
  await expect(v.page.getByText(/delivered/)).toBeVisible();

  await c.page.goto("/profile/bookings");
  await c.page.getByRole("list", { name: "Upcoming bookings" }).getByRole("link").first().click();
  await c.page.getByLabel("Reason").fill("We moved the mehendi to my aunt's home");
  await c.page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(c.page.getByText("Cancelled by the couple: We moved the mehendi to my aunt's home")).toBeVisible();
  await Promise.all([c.context.close(), v.context.close()]);
});
