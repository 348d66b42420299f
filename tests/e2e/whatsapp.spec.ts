import { LISTING } from "#shared/listing-words.ts";
import { indiaDateInDays } from "#shared/india-time.ts";
import { expect, test } from "./fixtures.ts";
import { browserAs, shots } from "./browsers.ts";

/**
 * Issue 32: a vendor turns WhatsApp messages on (off by default), a couple's enquiry reaches them
 * as a template message shown at /dev/whatsapp (the local default: nothing is sent), and the stop
 * link in the message turns them off with one tap. The forms work without JavaScript.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const origin = `http://localhost:${port}`;
const SHOTS = "test-results/whatsapp";
/** The vendor reads WhatsApp on a phone, without JavaScript: the preferences work as plain forms. */
const PHONE_NO_JS = { javaScriptEnabled: false, viewport: { width: 390, height: 844 } };

test("a couple's enquiry reaches an opted-in vendor as a WhatsApp message at /dev/whatsapp, and its stop link turns them off", async ({
  page,
  browser,
  login,
  factory,
}) => {
  test.setTimeout(180_000);
  const { vendor, service } = await factory.vendorService();
  const v = await browserAs(browser, vendor, PHONE_NO_JS);
  // The number on the business profile, as a vendor types it.
  const digits = `9${String(Date.now()).slice(-9)}`;
  const typed = `${digits.slice(0, 5)} ${digits.slice(5)}`;
  const saved = await v.context.request.patch("/api/v1/vendors/update", { headers: { Origin: origin }, data: { phone_number: typed } });
  expect(saved.ok(), await saved.text()).toBe(true);

  // Off by default; the settings page leads to the opt-in, which names the number and the events.
  await v.page.goto("/VendorDashboard/vendor-setting");
  const card = v.page.getByTestId("whatsapp-card");
  await expect(card).toContainText("Off.");
  await card.getByRole("link", { name: "Get WhatsApp messages about your enquiries and bookings" }).click();
  await expect(v.page).toHaveURL(/\/whatsapp-preferences$/);
  await expect(v.page.getByTestId("whatsapp-state")).toContainText("WhatsApp messages are off");
  await expect(v.page.getByTestId("whatsapp-form")).toContainText(`+91${digits}`);
  await shots(v.page, "preferences-off", { dir: SHOTS });
  await v.page.getByRole("button", { name: "Send me WhatsApp messages" }).click();
  await expect(v.page.getByText("WhatsApp messages are on. We will message you about the events listed here.")).toBeVisible();
  await expect(v.page.getByTestId("whatsapp-state")).toContainText("WhatsApp messages are on");

  // The couple enquires on the service page.
  const couple = await login({ role: "couple" });
  await page.goto(`/service/${service.id}`);
  const form = page.locator("#enquiry");
  await form.getByLabel("Message").fill("We are planning a reception for about 300 guests and would love a vegetarian Rajasthani menu.");
  await form.getByLabel("Event date").fill(indiaDateInDays(60));
  await form.getByRole("button", { name: LISTING.enquirySubmit }).click();
  await expect(page.getByRole("heading", { name: LISTING.whatNextHeading })).toBeVisible();

  // The message is at /dev/whatsapp, to the vendor's number: the template, the couple's name, the conversation's link.
  const message = v.page.getByTestId("whatsapp-message").first();
  await expect(async () => {
    await v.page.goto(`/dev/whatsapp?to=${encodeURIComponent(typed)}`);
    await expect(message).toContainText("STORED", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(message).toContainText(`To +91${digits}`);
  await expect(message.getByTestId("whatsapp-template")).toHaveText("new_enquiry");
  const text = message.getByTestId("whatsapp-text");
  await expect(text).toContainText(`New enquiry on Mandap: ${couple.name} asked about ${service.name}`);
  await expect(text.getByRole("link", { name: /\/VendorDashboard\/enquiries\// })).toBeVisible();
  // The enquiry's words stay on Mandap.
  await expect(text).not.toContainText("vegetarian Rajasthani menu");
  await shots(v.page, "dev-whatsapp", { dir: SHOTS });

  // One tap on the message's stop link turns them off.
  await text.getByRole("link", { name: /\/whatsapp-preferences\/whatsapp-stop\./ }).click();
  await v.page.getByRole("button", { name: "Stop WhatsApp messages" }).click();
  await expect(v.page.getByText("Done: Mandap will not send you WhatsApp messages any more.")).toBeVisible();
  await v.page.goto("/VendorDashboard/vendor-setting");
  await expect(v.page.getByTestId("whatsapp-card")).toContainText("Off.");
  await v.context.close();
});

test("a STOP reply, simulated on /dev/whatsapp as WhatsApp's webhook reports it, turns the vendor's messages off at once", async ({ browser, factory }) => {
  test.setTimeout(120_000);
  const { vendor } = await factory.vendorService();
  const v = await browserAs(browser, vendor, PHONE_NO_JS);
  const digits = `8${String(Date.now()).slice(-9)}`;
  const saved = await v.context.request.patch("/api/v1/vendors/update", { headers: { Origin: origin }, data: { phone_number: digits } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const on = await v.context.request.put("/api/v1/whatsapp/preferences", { headers: { Origin: origin }, data: { whatsapp: true } });
  expect(on.ok(), await on.text()).toBe(true);

  await v.page.goto("/dev/whatsapp");
  await v.page.getByLabel("Simulate a STOP reply from").fill(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`);
  await v.page.getByRole("button", { name: "Send STOP" }).click();
  await expect(v.page.getByTestId("whatsapp-stop-result")).toHaveText(`STOP from +91${digits}: WhatsApp turned off for 1 account.`);
  await shots(v.page, "dev-stop", { dir: SHOTS });
  await v.page.goto("/VendorDashboard/vendor-setting");
  await expect(v.page.getByTestId("whatsapp-card")).toContainText("Off.");
  await v.context.close();
});
