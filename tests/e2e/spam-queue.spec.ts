import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";
import { browserAs, shots } from "./browsers.ts";

/**
 * The admin queue of enquiries reported as spam (issue 10: "spam leads go to the admin queue"), in
 * Chromium: a vendor reports a couple's enquiry as spam from the conversation page, it leaves the
 * vendor's inbox; an admin finds it under "Reported enquiries" (sidebar count), with the couple's
 * name and e-mail, and restores it with "Not spam" (JavaScript off: a plain form); the vendor sees
 * it back in the inbox. Screenshots of the queue at 390 and 1280 px.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const origin = `http://localhost:${port}`;
const SHOTS = "test-results/spam-queue";

/** A browser of its own (its own cookies) signed in as the account through its door. */

test("a vendor reports an enquiry as spam, an admin restores it from the queue, and the vendor has it back", async ({ browser, account, factory }) => {
  test.setTimeout(150_000);
  const { vendor, service } = await factory.vendorService();
  const [couple, admin] = await Promise.all([account({ role: "couple" }), account({ role: "admin" })]);
  const message = `We are planning a mehendi for 120 guests and would love your menu (${Date.now().toString(36)}).`;

  // The couple's enquiry.
  const c = await browserAs(browser, couple);
  const sent = await c.context.request.put(`/api/v1/services/makeLead/${service.id}`, { headers: { Origin: origin }, data: { message } });
  expect(sent.status()).toBe(201);
  const leadId = ((await sent.json()) as { lead: { id: string } }).lead.id;

  // The vendor reports it from the conversation page; it leaves the inbox.
  const v = await browserAs(browser, vendor);
  await v.page.goto(`/VendorDashboard/enquiries/${leadId}`);
  await v.page.getByRole("button", { name: "Report as spam" }).click();
  await expect(v.page.getByText("Enquiry reported as spam.")).toBeVisible();
  await v.page.goto("/VendorDashboard/enquiries");
  await expect(v.page.getByRole("link", { name: new RegExp(couple.name) })).toHaveCount(0);

  // The admin (no JavaScript) sees the count in the sidebar and the report in the queue.
  const a = await browserAs(browser, admin, { javaScriptEnabled: false });
  await a.page.goto("/admin");
  const sidebar = a.page.getByRole("navigation", { name: "Admin" }).last();
  const link = sidebar.getByRole("link", { name: /Reported enquiries/ });
  await expect(link.getByTestId("reported-count")).toHaveText(/^\d+ waiting for review$/);
  const waiting = Number((await link.getByTestId("reported-count").innerText()).match(/^\d+/)![0]);
  expect(waiting).toBeGreaterThanOrEqual(1);
  await a.page.goto("/admin/reported-enquiries");
  await expect(a.page.getByRole("heading", { name: "Reported enquiries", level: 1 })).toBeVisible();
  const item = a.page.getByTestId("report").filter({ hasText: couple.email });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("heading", { name: couple.name })).toBeVisible();
  await expect(item).toContainText(message);
  await expect(item).toContainText(service.name);
  await expect(item).toContainText(vendor.businessName!);
  await expect(item).toContainText("1 report for this couple");
  await expect(item).toContainText("Puts it back as “New”");
  await shots(a.page, "queue", { dir: SHOTS });
  await a.page.setViewportSize({ width: 1280, height: 900 });
  // axe-core with a report on the page (a11y.spec.ts may meet an empty queue); axe needs JavaScript.
  const look = await browserAs(browser, admin);
  await look.page.goto("/admin/reported-enquiries");
  await expect(look.page.getByTestId("report").filter({ hasText: couple.email })).toHaveCount(1);
  const { violations } = await new AxeBuilder({ page: look.page }).analyze();
  expect(violations.filter((x) => x.impact === "serious" || x.impact === "critical").map((x) => `${x.id}: ${x.help}`)).toEqual([]);
  await look.context.close();

  await item.getByRole("button", { name: "Not spam" }).click();
  await expect(a.page.getByRole("status")).toHaveText("Restored: the enquiry is back in the vendor's inbox.");
  await expect(a.page.getByTestId("report").filter({ hasText: couple.email })).toHaveCount(0);
  // Back in the vendor's inbox, as it was (new), and nobody was told: no mail about it to the couple.
  await v.page.goto("/VendorDashboard/enquiries");
  const row = v.page.getByRole("link", { name: new RegExp(couple.name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("New");
  await c.page.goto(`/dev/mailbox?to=${encodeURIComponent(couple.email)}`);
  await expect(c.page.getByTestId("mail").filter({ hasText: /spam|restored/i })).toHaveCount(0);

  await Promise.all([a.context.close(), v.context.close(), c.context.close()]);
});
