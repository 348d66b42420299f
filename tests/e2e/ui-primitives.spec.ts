import { expect, test } from "@playwright/test";

/**
 * The UI primitives on /dev/ui (a development page, enabled for the e2e server): a form's fields
 * checked in the browser by the shared zod schema with the server's words, the same messages from
 * the action without scripts, and the dialog and tabs driven from the keyboard.
 */
test("a field is checked by the shared schema when it loses focus, and the form is not sent while a field is wrong @mobile", async ({ page }) => {
  await page.goto("/dev/ui");
  const form = page.locator("form").filter({ has: page.getByLabel("Your name") });
  const email = form.getByLabel("E-mail address");
  await expect(async () => {
    await email.fill("asha@");
    await email.blur();
    await expect(form.getByText("Please enter a valid e-mail address.")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(email).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await email.getAttribute("aria-describedby"))!;
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Please enter a valid e-mail address.");

  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST") posted = true;
  });
  await form.getByRole("button", { name: "Check" }).click();
  await expect(form.getByText("Please enter your name.")).toBeVisible();
  await expect(form.getByText("Please choose a password.")).toBeVisible();
  expect(posted).toBe(false);

  // Typing a good address clears its message at once.
  await email.fill("asha@example.com");
  await expect(form.getByText("Please enter a valid e-mail address.")).toHaveCount(0);
  await expect(email).not.toHaveAttribute("aria-invalid");

  await form.getByLabel("Your name").fill("Asha Rao");
  await form.getByLabel("Password", { exact: true }).fill("Shaadi2027");
  await form.getByLabel("Repeat the password").fill("Shaadi2027");
  await form.getByRole("button", { name: "Check" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Every field fits the sign-up schema" })).toBeVisible();
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });
  test("the action's answer shows on the same fields, with the typed values kept", async ({ page }) => {
    await page.goto("/dev/ui");
    const form = page.locator("form").filter({ has: page.getByLabel("Your name") });
    await form.getByLabel("Your name").fill("Asha Rao");
    await form.getByLabel("E-mail address").fill("asha@");
    await form.getByLabel("Password", { exact: true }).fill("short");
    await form.getByRole("button", { name: "Check" }).click();
    const after = page.locator("form").filter({ has: page.getByLabel("Your name") });
    await expect(after.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(after.getByText("Use at least 8 characters.")).toBeVisible();
    await expect(after.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
    await expect(after.getByLabel("E-mail address")).toHaveValue("asha@");
    await expect(after.getByLabel("Your name")).toHaveValue("Asha Rao");
    // Passwords are never sent back.
    await expect(after.getByLabel("Password", { exact: true })).toHaveValue("");
  });
});

test("the dialog keeps focus inside, closes with Escape and gives focus back to its button", async ({ page }) => {
  await page.goto("/dev/ui");
  const opener = page.getByRole("button", { name: "Open the dialog" });
  const dialog = page.getByRole("dialog", { name: "Remove this function?" });
  await expect(async () => {
    await opener.click();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("tabs move with the arrow keys, one tab in the Tab order, the chosen one aria-selected", async ({ page }) => {
  await page.goto("/dev/ui");
  const list = page.getByRole("tablist", { name: "Write or preview" });
  const write = list.getByRole("tab", { name: "Write" });
  const preview = list.getByRole("tab", { name: "Preview" });
  await expect(write).toHaveAttribute("aria-selected", "true");
  await expect(preview).toHaveAttribute("tabindex", "-1");
  await expect(async () => {
    await write.focus();
    await page.keyboard.press("ArrowRight");
    await expect(preview).toHaveAttribute("aria-selected", "true", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(preview).toBeFocused();
  await expect(preview).toHaveAttribute("tabindex", "0");
  await expect(page.getByRole("tabpanel", { name: "Preview" })).toHaveText("The rendered post would be here.");
  await page.keyboard.press("End");
  await expect(list.getByRole("tab", { name: "Help" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(write).toBeFocused();
  await expect(write).toHaveAttribute("aria-selected", "true");
});

test("every primitive on one page, as a phone and a desktop show it @mobile", async ({ page }, info) => {
  await page.goto("/dev/ui?page=3");
  await expect(page.getByRole("heading", { name: "UI primitives" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" }).locator('[aria-current="page"]')).toHaveText("3");
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: info.outputPath(`dev-ui-${page.viewportSize()?.width}.png`), fullPage: true });
});
