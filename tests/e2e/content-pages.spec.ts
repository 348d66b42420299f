import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * About and contact (issue 14), in Chromium: /about says what the platform does and links onward;
 * a visitor's message from /contactus reaches the team's mailbox and a confirmation reaches theirs;
 * an admin reads it at /admin/contact-messages and marks it answered.
 */
const TEAM = "team@mandap.example";

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The local mailbox page for one address (every mail written to it, with subject and text). */
async function mailbox(page: Page, to: string): Promise<string> {
  const res = await page.request.get(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  return (await res.text()).replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
}

test.describe("about and contact", () => {
  test("/about says who it is for and how it works, with the way to reach the team", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("wedding marketplace");
    for (const heading of ["For couples", "For vendors", "What our badges mean", "Talk to us"])
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByRole("link", { name: "send us a message" })).toHaveAttribute("href", "/contactus");
    await expect(page.getByRole("link", { name: "List your business" })).toHaveAttribute("href", "/vendorSignup");
    await expectAccessible(page);
  });

  test("a visitor's message reaches the team's mailbox and the sender gets a confirmation; an admin marks it answered", async ({
    page,
    browser,
    baseURL,
    account,
  }) => {
    test.setTimeout(60_000);
    await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
    const email = `visitor-${Date.now().toString(36)}@example.com`;
    await page.goto("/contactus");
    await expect(page.getByTestId("contact-phone")).toHaveAttribute("href", /^tel:\+91/);
    await expectAccessible(page);
    // Bad input is named on its field and nothing is sent.
    await page.getByLabel("Your name").fill("Kavya Menon");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Topic").selectOption("Listing my business");
    await page.getByRole("textbox", { name: "Message" }).fill("short");
    await page.getByRole("textbox", { name: "Message" }).evaluate((el) => el.removeAttribute("minlength"));
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.locator("#c-message-error")).toHaveText("Please write at least 10 characters.");
    expect(await mailbox(page, email)).not.toContain("We have your message");

    const text = `We run a mehendi studio in Kochi and would like to list it. Reference ${email}`;
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByLabel("Phone (optional)").fill("98470 11223");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByTestId("contact-sent")).toContainText(`will reply to ${email}`);

    const team = await mailbox(page, TEAM);
    expect(team).toContain("Contact form: Listing my business from Kavya Menon");
    expect(team).toContain(text);
    expect(team).toContain("Phone: +91 9847011223");
    const confirmation = await mailbox(page, email);
    expect(confirmation).toContain("We have your message");
    expect(confirmation).toContain("Thank you for writing to Mandap.");

    const admin = await account({ role: "admin" });
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await adminPage.request.post("/api/v1/users/login", { headers: { Origin: baseURL! }, data: { email: admin.email, password: admin.password } });
    await adminPage.goto(`/admin/contact-messages?q=${encodeURIComponent(email)}`);
    const item = adminPage.getByTestId("contact-message");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("We run a mehendi studio in Kochi");
    await expect(item.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute("href", new RegExp(`^mailto:${email}`));
    await item.getByLabel("Note (optional)").fill("Sent the vendor sign-up link");
    await item.getByRole("button", { name: "Mark answered" }).click();
    await expect(adminPage.getByRole("status")).toContainText("Marked answered");
    await expect(item.getByTestId("contact-status")).toHaveText("Answered");
    await adminContext.close();
  });

  test("a filled honeypot looks sent but nothing reaches anyone", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
    const email = `bot-${Date.now().toString(36)}@example.com`;
    await page.goto("/contactus");
    await page.getByLabel("Your name").fill("Cheap Followers");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Topic").selectOption("Something else");
    await page.getByRole("textbox", { name: "Message" }).fill("Buy ten thousand followers today for your venue page.");
    await page.locator("#c-website").evaluate((el: HTMLInputElement) => (el.value = "http://spam.example"));
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByTestId("contact-sent")).toBeVisible();
    expect(await mailbox(page, email)).not.toContain("We have your message");
    expect(await mailbox(page, TEAM)).not.toContain(email);
  });
});
