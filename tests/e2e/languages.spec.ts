import { expect, test, type Page } from "./fixtures.ts";

/**
 * Issue 32: Hindi pages under /hi from the same route modules, the language switch, and a person's
 * saved choice for their own pages (docs/decisions/0046-languages.md).
 */
const visited = async (page: Page, baseURL: string | undefined) => page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);

test.describe("languages", () => {
  test("/hi is the home page in Hindi, with its language, alternates and Hindi links @mobile", async ({ page, baseURL }) => {
    await visited(page, baseURL);
    const response = await page.goto("/hi");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.locator('link[rel="alternate"][hreflang="en-IN"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('link[rel="alternate"][hreflang="hi-IN"]')).toHaveAttribute("href", `${baseURL}/hi`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/hi`);
    await expect(page.locator("footer")).toContainText("गोपनीयता नीति");
    // Links of a Hindi page stay in Hindi (the router's basename).
    await expect(page.locator("footer").getByRole("link", { name: "हमारे बारे में" })).toHaveAttribute("href", "/hi/about");
    // The English page is as it was.
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(page.locator("footer")).toContainText("Privacy policy");
  });

  test("the language switch keeps the page and its query, both ways @mobile", async ({ page, baseURL }) => {
    await visited(page, baseURL);
    await page.goto("/all/wedding-vendor/caterers?sort=rating");
    await page.locator("footer").getByRole("button", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(`${baseURL}/hi/all/wedding-vendor/caterers?sort=rating`);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await page.locator("footer").getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(`${baseURL}/all/wedding-vendor/caterers?sort=rating`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  });

  test("a language prefix that does not exist is a 404, never a 500", async ({ page }) => {
    for (const path of ["/xx", "/xx/all/wedding-vendor", "/xx/all/wedding-vendor/caterers/rajasthan/jaipur", "/xx/service/abc", "/hi/xx/yy/zz"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });

  test("a signed-in couple's choice is saved: their own pages open in it, public pages keep their URL's language", async ({ page, login, baseURL }) => {
    await login({ role: "couple" });
    await page.goto("/profile");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await page.locator("footer").getByRole("button", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(`${baseURL}/hi/profile`);
    // Opening the English address of their own page brings the Hindi one.
    await page.goto("/profile/favoriteList");
    await expect(page).toHaveURL(`${baseURL}/hi/profile/favoriteList`);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    // A public page stays in its URL's language.
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    const saved = await page.request.put("/api/v1/users/language", { data: { locale: "en" }, headers: { Origin: baseURL! } });
    expect(saved.status()).toBe(200);
    await page.goto("/hi/profile");
    await expect(page).toHaveURL(`${baseURL}/profile`);
  });
});
