import { expect, test, type Page } from "./fixtures.ts";

/**
 * The Devanagari web font (issue 32, docs/decisions/0046-languages.md): Hindi pages draw their text
 * with the self-hosted Noto Sans Devanagari subset; English pages never download it, even though
 * they show the language switch's "हिन्दी" and prices with ₹.
 */
async function fontsFetched(page: Page, path: string): Promise<string[]> {
  const fonts: string[] = [];
  page.on("response", (response) => {
    if (/\.woff2?$/.test(new URL(response.url()).pathname)) fonts.push(new URL(response.url()).pathname);
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
  return fonts;
}

test.describe("the Devanagari font", () => {
  test("a Hindi page draws Devanagari with the self-hosted font; an English page downloads no font", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
    expect(await fontsFetched(page, "/all/wedding-vendor/caterers")).toEqual([]);

    const hindi = await fontsFetched(page, "/hi");
    expect(hindi.some((p) => /noto-sans-devanagari-devanagari-400-normal/.test(p))).toBe(true);
    // The font is loaded and is the one the body's text asks for first.
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari Web"', "हिन्दी"))).toBe(true);
    expect(await page.locator("body").evaluate((b) => getComputedStyle(b).fontFamily)).toMatch(/^"Noto Sans Devanagari Web"/);
  });
});
