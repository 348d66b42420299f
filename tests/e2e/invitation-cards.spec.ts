import { expect, test } from "./fixtures.ts";

/**
 * /profile/invitationCards (issue 13): a couple sees their cards (made through the API here),
 * duplicates one and deletes one through the page's forms, the delete confirmed in a second step
 * that needs no JavaScript.
 */
const canvas = { version: "7.4.0", width: 600, height: 840, objects: [{ type: "Textbox", text: "Ananya & Rohan", fontFamily: "Great Vibes" }] };

test("a couple sees their cards, duplicates one and deletes one", async ({ page, login, baseURL }) => {
  await login({ role: "couple" });
  for (const title of ["Sangeet card", "Wedding card"]) {
    const res = await page.request.post("/api/v1/userDataTemplate", { headers: { Origin: baseURL! }, data: { title, canvas } });
    expect(res.status()).toBe(201);
  }
  await page.goto("/profile/invitationCards");
  await expect(page.getByRole("heading", { level: 1, name: "Invitation Cards" })).toBeVisible();
  const items = page.getByTestId("card-item");
  await expect(items).toHaveCount(2);
  await expect(items.first().getByRole("heading", { name: "Wedding card" })).toBeVisible();
  await expect(items.first().getByText("Your own design")).toBeVisible();
  const open = items.first().getByRole("link", { name: "Open Wedding card" });
  await expect(open).toHaveAttribute("href", /^\/update_editor\?card=/);

  await items.filter({ hasText: "Sangeet card" }).getByRole("button", { name: "Duplicate Sangeet card" }).click();
  await expect(page.getByRole("heading", { name: "Copy of Sangeet card" })).toBeVisible();
  await expect(items).toHaveCount(3);

  const wedding = items.filter({ has: page.getByRole("heading", { name: "Wedding card", exact: true }) });
  await wedding.locator("summary", { hasText: "Delete" }).click();
  await expect(wedding.getByText("This cannot be undone.")).toBeVisible();
  await wedding.getByRole("button", { name: "Yes, delete Wedding card" }).click();
  await expect(page.getByRole("heading", { name: "Wedding card", exact: true })).toHaveCount(0);
  await expect(items).toHaveCount(2);
  const list = (await (await page.request.get("/api/v1/userDataTemplate")).json()) as { cards: { title: string }[] };
  expect(list.cards.map((c) => c.title).sort()).toEqual(["Copy of Sangeet card", "Sangeet card"]);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/invitation-cards-${width}.png`, fullPage: true });
  }
});

test("a couple without cards is told what cards are and sent to the gallery", async ({ page, login }) => {
  await login({ role: "couple" });
  await page.goto("/profile/invitationCards");
  const empty = page.getByTestId("cards-empty");
  await expect(empty).toContainText("You have no cards yet.");
  await expect(empty.getByRole("link", { name: "Browse the template gallery" })).toHaveAttribute("href", "/templates");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/invitation-cards-empty-390.png", fullPage: true });
});
