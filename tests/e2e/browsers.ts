import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import type { Account } from "./fixtures.ts";

/**
 * A second (third…) person in one test: their own browser context, signed in through the log-in API
 * of their door, past the first-visit splash. For stories with two people at once (a couple and a
 * vendor, an admin and a vendor); a test with one person uses the `login` fixture instead.
 */
export const origin = `http://localhost:${Number(process.env.E2E_PORT ?? 8788)}`;

export async function browserAs(browser: Browser, account: Account, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL: origin, acceptDownloads: true, ...options, viewport: options.viewport ?? { width: 1280, height: 900 } });
  await context.addCookies([{ name: "mandap_visited", value: "1", url: origin }]);
  const door = account.role === "vendor" ? "vendors" : "users";
  const res = await context.request.post(`/api/v1/${door}/login`, {
    headers: { Origin: origin },
    data: { email: account.email, password: account.password },
  });
  expect(res.ok(), `log-in of ${account.email}`).toBe(true);
  return { context, page: await context.newPage() };
}

/**
 * Looks at the page as a person would at 390 and 1280 px: no sideways scrolling at either width, and
 * a full-page screenshot of each (in SHOTS_DIR, else the test's output folder) to open by eye.
 * Puts the viewport back as it was.
 */
export async function shots(page: Page, name: string, options: { dir?: string } = {}) {
  const dir = options.dir ?? process.env.SHOTS_DIR ?? test.info().outputPath();
  const before = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, so a sticky header and sidebar sit where they belong in the full-page image.
    await page.evaluate(() => window.scrollTo(0, 0));
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name}: no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
