import { expect, test } from "@playwright/test";

/** The development mailbox shows what happened to each message: kept locally (STORED), never "sent". */
test("a sign-up e-mail is listed as STORED, kept here and not sent", async ({ page }) => {
  test.setTimeout(60_000);
  const email = `mailbox.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("Your name").fill("Meera Iyer");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Shaadi2027");
  await page.getByLabel("Repeat the password").fill("Shaadi2027");
  await page.getByRole("button", { name: "Sign up" }).click();
  // Sign-up sends the link that finishes the account (docs/decisions/0013); nothing is signed in yet.
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The mail is written with the answer and delivered by the local mail queue's consumer just after:
  // reload the mailbox until it is there and the consumer has kept it.
  const mail = page.getByTestId("mail").filter({ hasText: /Confirm your e-mail address/ });
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(mail).toHaveCount(1, { timeout: 1000 });
    await expect(mail.getByTestId("mail-status")).toHaveText("STORED", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(mail).toContainText("kept here only, not sent");
  await expect(mail.getByText("SENT", { exact: true })).toHaveCount(0);
});
