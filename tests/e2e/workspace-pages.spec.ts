import { expect, test } from "./fixtures.ts";
import { workspacePages } from "./vendor-data.ts";

/**
 * Every vendor workspace page and the couples' enquiry and booking pages, with data (a service
 * with a photo, an answered and quoted enquiry, a confirmed booking), at 1280 px and 390 px: no
 * sideways scrolling, and a full-page screenshot of each to look at (SHOTS_DIR, else the test's
 * output folder).
 */
test("the workspace pages fit 1280 px and 390 px with data", async ({ browser, factory, account, baseURL }) => {
  test.setTimeout(240_000);
  const dir = process.env.SHOTS_DIR ?? test.info().outputPath();
  const pages = await workspacePages(browser, baseURL!, factory, account);
  const overflowing: string[] = [];
  for (const width of [1280, 390]) {
    for (const { side, path, page } of pages) {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.waitForLoadState("networkidle");
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) overflowing.push(`${side} ${path} at ${width} px is ${scrollWidth} px wide`);
      const { service, leadId, bookedLeadId, bookingId } = pages.data;
      const named = path.replace(service.id, "service").replace(bookedLeadId, "booked-lead").replace(leadId, "lead").replace(bookingId, "booking");
      const name = `${side.replace(" ", "-")}-${named.replace(/^\//, "").replace(/[/?=]/g, "_")}`;
      await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    }
  }
  await pages.close();
  expect(overflowing).toEqual([]);
});
