import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * What the e-invite specs share: publishing a card at /card with the functions a test made, a guest
 * asking to come on the public page, and the couple approving the request.
 */

/**
 * On /card: ticks the functions whose label holds `tag`, unticks the other functions, and publishes
 * (or saves, when the card is already live: the specs share the demo couple's card in any order).
 * Returns the share link.
 */
export async function publishWithFunctions(page: Page, tag: string): Promise<string> {
  for (const box of await page.getByRole("checkbox").all()) {
    if ((await box.getAttribute("name")) !== "eventIds") continue;
    const label = await box.evaluate((el) => el.closest("label")?.textContent ?? "");
    if (label.includes(tag)) await box.check();
    else await box.uncheck();
  }
  await page.getByRole("button", { name: /^(Publish|Save)/ }).click();
  await expect(page.getByText("Your invitation is live.")).toBeVisible();
  return page.getByRole("textbox", { name: "Share link" }).inputValue();
}

export type AskToCome = {
  name: string;
  phone: string;
  people: number;
  /** Each function's name and the answer picked for it. */
  answers: [functionName: string, answer: "Attending" | "Maybe" | "Not attending"][];
  email?: string;
  food?: string;
  message?: string;
};

/** On the public e-invite page: a guest with no account fills the request form and sends it. */
export async function askToCome(g: Page, ask: AskToCome) {
  await g.getByLabel("Your name").fill(ask.name);
  await g.getByLabel("Mobile number").fill(ask.phone);
  if (ask.email) await g.getByLabel("E-mail (optional)").fill(ask.email);
  await g.getByLabel("How many people (with you)").fill(String(ask.people));
  if (ask.food) await g.getByLabel("Food preference").selectOption(ask.food);
  for (const [fn, answer] of ask.answers)
    await g
      .getByRole("radiogroup", { name: `Your answer for ${fn}` })
      .getByLabel(answer, { exact: true })
      .check();
  if (ask.message) await g.getByLabel("Message for the couple (optional)").fill(ask.message);
  await g.getByRole("button", { name: "Send my answers" }).click();
  await expect(g.getByText("Thank you! The couple will confirm your invitation soon.")).toBeVisible();
}

/** On /card: the couple finds the guest's request (by phone) and approves it; `said` is the confirmation shown. */
export async function approveRequest(page: Page, guest: { name: string; phone: string; shows?: string }, said: string | RegExp) {
  await page.goto("/card");
  const request = page.getByTestId(`request-${guest.phone}`);
  await expect(request).toContainText(guest.name);
  if (guest.shows) await expect(request).toContainText(guest.shows);
  await request.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(said)).toBeVisible();
  await expect(page.getByTestId(`request-${guest.phone}`)).toHaveCount(0);
}
