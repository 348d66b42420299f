import { browserAs, origin, shots } from "./browsers.ts";
import { expect, test, type Page } from "./fixtures.ts";

/**
 * Planning together, the story of issue 33 in three browsers: the couple invites the bride's mother
 * as editor of the guest list and a planner as viewer (links from /dev/mailbox); both accept; the
 * mother adds a household; the planner sees the head-counts but no phone numbers and no form to
 * change anything; the couple removes the mother and her next change is refused; the activity list
 * says who did what.
 */

async function invitationLink(page: Page, to: string): Promise<string> {
  let href = "";
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    const link = page.getByTestId("mail").first().locator('a[href*="/plan-together/"]').first();
    href = (await link.getAttribute("href", { timeout: 1000 })) ?? "";
    expect(href).toContain("/plan-together/");
  }).toPass({ timeout: 15_000 });
  return new URL(href, origin).pathname;
}

async function invite(page: Page, email: string, name: string, role: "EDITOR" | "VIEWER", areas: string[] = []) {
  await page.goto("/profile/family");
  await page.getByLabel("E-mail address or mobile number").fill(email);
  await page.getByLabel("Their name (optional)").fill(name);
  await page.locator(`#invite-role-${role}`).check();
  for (const a of areas) await page.locator(`#invite-area-${a}`).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(email).first()).toBeVisible();
}

test("a couple plans with the bride's mother and a planner", async ({ browser, account }) => {
  test.setTimeout(180_000);
  const [coupleAccount, motherAccount, plannerAccount] = await Promise.all([
    account({ role: "couple" }),
    account({ role: "couple" }),
    account({ role: "couple" }),
  ]);
  const couple = await browserAs(browser, coupleAccount);
  const mother = await browserAs(browser, motherAccount);
  const planner = await browserAs(browser, plannerAccount, { viewport: { width: 390, height: 900 } });

  // The couple's Sangeet, with a household invited whose guest has a phone number.
  const headers = { Origin: origin };
  expect(
    (
      await couple.page.request.post("/api/v1/event/newevent", { headers, data: { eventName: "Sangeet", eventDate: "2027-02-13", eventStartTime: "19:00" } })
    ).ok(),
  ).toBe(true);
  const guest = await couple.page.request.post("/api/v1/guests", { headers, data: { name: "Anil Sharma", phone: "+91 98111 22334" } });
  expect(guest.ok(), await guest.text()).toBe(true);

  await invite(couple.page, motherAccount.email, "Meena ji", "EDITOR", ["guests"]);
  await invite(couple.page, plannerAccount.email, "Priya", "VIEWER");

  // Both accept from the mailed link.
  for (const [who, acct] of [
    [mother, motherAccount],
    [planner, plannerAccount],
  ] as const) {
    await who.page.goto(await invitationLink(who.page, acct.email));
    await who.page.getByRole("button", { name: "Accept" }).click();
    await expect(who.page).toHaveURL(/\/profile\/family$/);
  }

  // The mother adds a household.
  await mother.page.goto("/profile/guests");
  await mother.page.getByLabel("New household").fill("Kapoor family");
  await mother.page.getByRole("button", { name: "Add household" }).click();
  await expect(mother.page.getByText("Kapoor family").first()).toBeVisible();

  // The planner reads the guest list: head-counts and guests, no phone number, no form.
  await planner.page.goto("/profile/guests");
  await expect(planner.page.getByTestId("read-only-note")).toContainText("You can view this guest list.");
  await expect(planner.page.getByRole("heading", { name: "Head-count per function" }).first()).toBeVisible();
  await expect(planner.page.getByText("Anil Sharma").first()).toBeVisible();
  await expect(planner.page.getByText("Kapoor family").first()).toBeVisible();
  expect(await planner.page.content()).not.toContain("98111");
  await expect(planner.page.getByRole("button", { name: /^(Add household|Add guest|Import|Remove|Save|Remind by e-mail)/ })).toHaveCount(0);
  await shots(planner.page, "plan-together-viewer-guests");
  // And a change of hers is refused all the same.
  expect((await planner.page.request.post("/api/v1/guests/households", { headers, data: { name: "Gatecrasher" } })).status()).toBe(403);

  // The couple removes the mother; her next change is refused.
  await couple.page.goto("/profile/family");
  await couple.page
    .getByText(/Change role/)
    .filter({ hasText: motherAccount.name })
    .click();
  await couple.page.getByRole("button", { name: `Remove ${motherAccount.name}` }).click();
  await expect(couple.page.getByText(motherAccount.email)).toHaveCount(0);
  await mother.page.getByLabel("New household").fill("Too late family");
  await mother.page.getByRole("button", { name: "Add household" }).click();
  expect((await couple.page.request.get("/api/v1/guests/households")).ok()).toBe(true);
  const households = JSON.stringify(await (await couple.page.request.get("/api/v1/guests/households")).json());
  expect(households).toContain("Kapoor family");
  expect(households).not.toContain("Too late family");

  // Who did what.
  await couple.page.goto("/profile/activity");
  const list = couple.page.getByTestId("activity-list");
  await expect(list).toContainText(`${coupleAccount.name} removed ${motherAccount.name} from the wedding’s planning`);
  await expect(list).toContainText(`${motherAccount.name} added the household Kapoor family`);
  await expect(list).toContainText(`${plannerAccount.name} joined the wedding’s planning`);
  await expect(list).toContainText(`${motherAccount.name} joined the wedding’s planning`);
  await expect(list).toContainText(`${coupleAccount.name} invited Meena ji to plan the wedding`);
  await shots(couple.page, "plan-together-activity");

  for (const who of [couple, mother, planner]) await who.context.close();
});
