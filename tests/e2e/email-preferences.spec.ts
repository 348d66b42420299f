import { expect, test } from "./fixtures.ts";
import { browserAs, shots } from "./browsers.ts";

/**
 * Issue 31: a vendor chooses its e-mails on /email-preferences (the same switches as its settings
 * page), turns on the weekly summary, gets it (the Monday job run by hand at /dev/cron) with its
 * HTML part in the mailbox, and stops it from the mail's unsubscribe link: the link's page asks
 * first, the button turns off the weekly summary only. Screens at 390 and 1280 px go to SHOTS_DIR.
 */

test("a vendor turns the weekly summary on, gets it, and stops it from the mail's one-click link", async ({ browser, factory }) => {
  test.setTimeout(120_000);
  const { vendor } = await factory.vendorService();
  const { context, page } = await browserAs(browser, vendor);

  await page.goto("/email-preferences");
  await expect(page.getByRole("heading", { name: "Your e-mails" })).toBeVisible();
  await page.getByLabel("A weekly summary of views and enquiries").check();
  await page.getByRole("button", { name: "Save my choices" }).click();
  await expect(page.getByRole("status")).toHaveText("Your e-mail choices are saved.");
  await shots(page, "preferences");
  // The same switch as the settings page's.
  await page.goto("/VendorDashboard/vendor-setting");
  await expect(page.getByLabel("A weekly summary of views and enquiries")).toBeChecked();

  await page.goto("/dev/cron");
  await page.getByLabel("Job").selectOption({ label: 'weekly-vendor-summaries ("30 2 * * 1")' });
  await page.getByRole("button", { name: "Run" }).click();
  await expect(page.getByRole("list", { name: "Results" })).toHaveText("weekly-vendor-summaries: done");
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(vendor.email)}`);
  const summary = page.getByTestId("mail").filter({ hasText: "Your week on Mandap" });
  await expect(summary).toHaveCount(1);
  await expect(summary.getByTestId("mail-headers")).toContainText("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  await expect(summary.getByTestId("mail-html")).toBeVisible();
  const html = page.frameLocator('[data-testid="mail-html"]').first();
  await expect(html.getByRole("link", { name: "See your analytics" })).toBeVisible();
  await expect(html.getByText("The Mandap team")).toBeVisible();
  await shots(page, "mailbox");
  const stop = (await summary.getByTestId("mail-text").innerText()).match(/Stop the weekly summary: (\S+)/)?.[1];
  expect(stop).toBeTruthy();

  // Opening the link turns nothing off: it asks.
  await page.goto(new URL(stop!).pathname);
  await expect(page.getByRole("heading", { name: "Stop these e-mails?" })).toBeVisible();
  await shots(page, "unsubscribe");
  await page.goto("/VendorDashboard/vendor-setting");
  await expect(page.getByLabel("A weekly summary of views and enquiries")).toBeChecked();
  await page.goto(new URL(stop!).pathname);
  await page.getByRole("button", { name: "Stop the weekly summary" }).click();
  await expect(page.getByTestId("unsubscribe-done")).toHaveText("Done: you will not get the weekly summary any more.");
  await page.goto("/VendorDashboard/vendor-setting");
  await expect(page.getByLabel("A weekly summary of views and enquiries")).not.toBeChecked();
  await expect(page.getByLabel("A couple sends a new enquiry")).toBeChecked();

  // A forged link is refused and says what to do.
  await page.goto(`${new URL(stop!).pathname.slice(0, -4)}AAAA`);
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("not valid");
  await context.close();
});
