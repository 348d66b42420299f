import { expect, test, type Page } from "./fixtures.ts";
import { VISITOR_CHECKLIST_KEY } from "#shared/checklist.ts";

/** The wedding checklist in Chromium: the couple's saved list, the visitor's list in the browser, and its move into a new account. */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const item = (page: Page, name: string) => page.getByRole("checkbox", { name, exact: true });
const category = (page: Page, title: string) => page.getByTestId("checklist-category").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("a couple ticks, dates, adds and removes items and categories; the list is saved and the vendor searches open in their city", async ({
  page,
  login,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await login({ role: "couple" });
  const city = await page.request.patch("/api/v1/users", { data: { wedding_city: "Udaipur" }, headers: { Origin: baseURL! } });
  expect(city.status()).toBe(200);
  await page.goto("/profile/checklist");
  await expect(page.getByRole("heading", { level: 1, name: "Checklist" })).toBeVisible();
  await expect(page.getByTestId("checklist-category")).toHaveCount(9);
  await expect(page.getByTestId("checklist-item")).toHaveCount(39);
  await expect(page.getByRole("progressbar", { name: "Overall progress" })).toHaveAttribute("aria-valuenow", "0");

  await item(page, "Book the caterer").click();
  await expect(item(page, "Book the caterer")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("progressbar", { name: "Catering & Cakes progress" })).toHaveAttribute("aria-valuenow", "20");
  await item(page, "Book the DJ").click();
  await expect(page.getByRole("progressbar", { name: "Overall progress" })).toHaveAttribute("aria-valuenow", "5");

  const catering = category(page, "Catering & Cakes");
  await catering.getByLabel("New item for Catering & Cakes").fill("Book a chaat counter");
  await catering.getByRole("button", { name: "Add", exact: true }).click();
  await expect(item(page, "Book a chaat counter")).toBeVisible();
  await catering.getByLabel("Date for Book the caterer", { exact: true }).fill("2027-01-20");
  await page.getByLabel("Category title").fill("Honeymoon");
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByRole("heading", { name: "Honeymoon", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Remove Order the wedding album" }).click();
  await expect(item(page, "Order the wedding album")).toHaveCount(0);
  await page.getByRole("button", { name: "Remove the category Miscellaneous" }).click();
  await expect(page.getByRole("heading", { name: "Miscellaneous", exact: true })).toHaveCount(0);

  await expect(catering.getByTestId("checklist-item").filter({ hasText: "Book the caterer" }).getByRole("link", { name: "Book caterer" })).toHaveAttribute(
    "href",
    "/all/wedding-vendor/caterers/rajasthan/udaipur",
  );

  // Saved on the server: a reload (and the API) shows the same list.
  await expect(async () => {
    const saved = (await (await page.request.get("/api/v1/checklist/get")).json()) as {
      categories: { category: string; items: { name: string; done: boolean; scheduleDate: string | null }[] }[];
    };
    const food = saved.categories.find((c) => c.category === "Catering & Cakes")!;
    expect(food.items.find((i) => i.name === "Book the caterer")).toEqual({ name: "Book the caterer", done: true, scheduleDate: "2027-01-20" });
    expect(saved.categories.map((c) => c.category)).toContain("Honeymoon");
    expect(saved.categories.map((c) => c.category)).not.toContain("Miscellaneous");
  }).toPass({ timeout: 10_000 });
  await page.reload();
  await expect(item(page, "Book the caterer")).toHaveAttribute("aria-checked", "true");
  await expect(item(page, "Book a chaat counter")).toBeVisible();
  await expect(page.getByTestId("checklist-category")).toHaveCount(9);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/checklist-${width}.png`, fullPage: false });
  }
});

test('every search link of the checklist lands on results in the wedding city, typed as "Bangalore"', async ({ page, login, baseURL }) => {
  test.setTimeout(60_000);
  await login({ role: "couple" });
  const city = await page.request.patch("/api/v1/users", { data: { wedding_city: "Bangalore" }, headers: { Origin: baseURL! } });
  expect(city.status()).toBe(200);
  await page.goto("/profile/checklist");
  const links = page.getByTestId("checklist-item").getByRole("link");
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(10);
  // Issue 28: "Book venue" went nationwide (a group's results could not hold a city).
  for (const href of hrefs) expect(href, href).toMatch(/^\/all\/[a-z-]+(\/[a-z-]+)?\/karnataka\/bengaluru$/);

  await page.getByTestId("checklist-item").filter({ hasText: "Book the wedding venue" }).getByRole("link", { name: "Book venue" }).click();
  await expect(page).toHaveURL(/\/all\/wedding-venue\/karnataka\/bengaluru$/);
  await expect(page.getByRole("heading", { level: 1, name: "Wedding Venue in Bengaluru" })).toBeVisible();
  const cards = page.getByRole("region", { name: "Results" }).getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allInnerTexts()) expect(text).toContain("Bengaluru");
  // The venue kinds keep the city.
  await page.getByRole("link", { name: "Banquet Halls", exact: true }).first().click();
  await expect(page).toHaveURL(/\/all\/wedding-venue\/banquet-halls\/karnataka\/bengaluru$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("every action is a plain form post that comes back to the page", async ({ page, login }) => {
    await login({ role: "couple" });
    await page.goto("/profile/checklist");
    await item(page, "Book the pandit").click();
    await expect(page).toHaveURL(/\/profile\/checklist$/);
    await expect(item(page, "Book the pandit")).toHaveAttribute("aria-checked", "true");
    const religious = category(page, "Religious & Cultural Services");
    await religious.getByLabel("Date for Book the pandit", { exact: true }).fill("2027-02-14");
    await religious.getByRole("button", { name: "Set the date for Book the pandit" }).click();
    await expect(religious.getByLabel("Date for Book the pandit", { exact: true })).toHaveValue("2027-02-14");
    await religious.getByLabel("New item for Religious & Cultural Services").fill("Book the nadaswaram players");
    await religious.getByRole("button", { name: "Add", exact: true }).click();
    await expect(item(page, "Book the nadaswaram players")).toBeVisible();
  });
});

test("a visitor's checklist is kept in the browser and moves into the account at sign-up, nothing lost and nothing twice", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
  await page.goto("/checklist");
  await expect(page.getByRole("heading", { level: 1, name: "Wedding checklist" })).toBeVisible();
  await expect(page.getByTestId("keep-it")).toContainText("Log in or sign up to keep it");
  await expect(page.getByTestId("checklist-category")).toHaveCount(9);
  await item(page, "Book the photographer").click();
  await expect(item(page, "Book the photographer")).toHaveAttribute("aria-checked", "true");
  const photo = category(page, "Photography & Videography");
  await photo.getByLabel("New item for Photography & Videography").fill("Book a drone shoot");
  await photo.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByLabel("Category title").fill("Honeymoon");
  await page.getByRole("button", { name: "Add category" }).click();
  await page.reload();
  await expect(item(page, "Book the photographer")).toHaveAttribute("aria-checked", "true");
  await expect(item(page, "Book a drone shoot")).toBeVisible();

  // Sign up in the same browser, finish with the mailed link.
  const email = `visitor.${stamp()}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("Your name").fill("Kavya Menon");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Shaadi2027");
  await page.getByLabel("Repeat the password").fill("Shaadi2027");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const mail = page
    .getByTestId("mail")
    .filter({ hasText: /Confirm your e-mail/ })
    .first();
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(mail).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await mail.getByRole("link").first().click();
  await page.getByLabel("Your password").fill("Shaadi2027");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // The first signed-in page moved the list into the account and forgot the local copy.
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), VISITOR_CHECKLIST_KEY)).toBeNull();
  await page.goto("/checklist");
  await expect(page).toHaveURL(/\/profile\/checklist$/);
  await expect(item(page, "Book the photographer")).toHaveAttribute("aria-checked", "true");
  await expect(item(page, "Book a drone shoot")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Honeymoon", exact: true })).toHaveCount(1);
  await expect(page.getByTestId("checklist-category")).toHaveCount(10);
  await expect(page.getByTestId("checklist-item")).toHaveCount(40);
});
