import { expect, test } from "@playwright/test";
import { COMING_SOON } from "#shared/strings.ts";

/** The pages promise only what exists: unbuilt planning tools are marked as coming, never linked as if usable. */
const COUPLE = { email: "couple@mandap.example", password: "Couple@Mandap1" };

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "mandap_visited", value: "1", url: "http://localhost" }]);
});

test("the home page links only to planning tools that exist and marks the rest as coming soon", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");

  const benefits = page.getByTestId("benefits-list");
  await expect(benefits.getByRole("listitem")).toHaveCount(6);
  await expect(benefits.getByText(COMING_SOON, { exact: true })).toHaveCount(0);
  await expect(benefits.getByRole("link")).toHaveCount(6);
  await expect(benefits.getByRole("link", { name: "Design your cards" })).toHaveAttribute("href", "/profile/invitationCards");
  await expect(benefits.getByRole("link", { name: "Plan your functions" })).toHaveAttribute("href", "/profile/weddingplan");
  await expect(benefits.getByRole("link", { name: "Track your budget" })).toHaveAttribute("href", "/profile/weddingbudget");
  await expect(benefits.getByRole("link", { name: "Open your wishlist" })).toHaveAttribute("href", "/profile/favoriteList");
  await expect(benefits.getByRole("link", { name: "Start your checklist" })).toHaveAttribute("href", "/checklist");

  await expect(main.getByText(/being built/)).toHaveCount(0);
  await expect(main.getByText(/manage bookings|how quickly they reply|our planners arrange/)).toHaveCount(0);
});

test("a couple's invitation cards page is built: no coming-soon badge, and the way to the gallery", async ({ page }) => {
  await page.goto("/login?redirectTo=%2Fprofile%2FinvitationCards");
  await page.getByLabel(/e-?mail/i).fill(COUPLE.email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(COUPLE.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/profile\/invitationCards$/);
  await expect(page.getByRole("heading", { level: 1, name: "Invitation Cards" })).toBeVisible();
  await expect(page.getByRole("main").getByText(COMING_SOON, { exact: true })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "Choose a template" })).toHaveAttribute("href", "/templates");
});
