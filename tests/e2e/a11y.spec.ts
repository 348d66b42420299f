import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, type Factory, type Role } from "./fixtures.ts";
import { workspacePages } from "./vendor-data.ts";

/**
 * axe-core on the main pages and each dashboard: no serious or critical violations (every axe
 * rule runs; moderate and minor findings are not failures). Each dashboard is opened by a fresh
 * account of its role.
 */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}x, e.g. ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")})`,
    );
}

type Found = { id: string; vendor: { slug: string } };

async function aJaipurCaterer(page: Page): Promise<Found> {
  const res = await page.request.get("/api/v1/services?service_type=Caterers&city=Jaipur&sort_by=rating&sort_order=desc&limit=1");
  const found = ((await res.json()) as { ServiceResult: Found[] }).ServiceResult[0];
  if (!found) throw new Error("Expected a caterer in Jaipur in the demo data");
  return found;
}

type Make = { page: Page; factory: Factory };

const pages: { name: string; role?: Role; path: (make: Make) => Promise<string> }[] = [
  { name: "home", path: async () => "/" },
  { name: "browse (caterers in Jaipur)", path: async () => "/all/wedding-vendor/caterers/rajasthan/jaipur" },
  { name: "service page", path: async ({ page }) => `/service/${(await aJaipurCaterer(page)).id}` },
  { name: "vendor page", path: async ({ page }) => `/vendorBussinessProfile/${(await aJaipurCaterer(page)).vendor.slug}` },
  // A new vendor's pages: no photos, reviews or tagline yet (the empty states and fallbacks).
  { name: "a new vendor's service page", path: async ({ factory }) => `/service/${(await factory.vendorService()).service.id}` },
  { name: "a new vendor's page", path: async ({ factory }) => `/vendorBussinessProfile/${(await factory.vendorService()).vendor.slug}` },
  { name: "login", path: async () => "/login" },
  { name: "couple dashboard", role: "couple", path: async () => "/profile" },
  { name: "vendor dashboard", role: "vendor", path: async () => "/VendorDashboard" },
  ...["vendor-profile", "settings", "vendor-setting", "analytics", "calendar"].map((p) => ({
    name: `vendor ${p}`,
    role: "vendor" as const,
    path: async () => `/VendorDashboard/${p}`,
  })),
  { name: "vendor sign-up", path: async () => "/vendorSignup" },
  { name: "admin dashboard", role: "admin", path: async () => "/admin" },
  { name: "admin reported enquiries", role: "admin", path: async () => "/admin/reported-enquiries" },
];

test.describe("accessibility (axe-core)", () => {
  for (const { name, role, path } of pages) {
    test(`${name}: no serious or critical violations`, async ({ page, login, factory, context, baseURL }) => {
      await context.addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
      if (role) await login({ role });
      const target = await path({ page, factory });
      const response = await page.goto(target);
      expect(response?.status(), target).toBe(200);
      expect(page.url(), "the page did not redirect away (e.g. to log in)").toMatch(role ? new RegExp(`${target}$`) : /./);
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page), `${target}`).toEqual([]);
    });
  }
});

/**
 * The workspace pages that only show something with data: a vendor with a service, an answered
 * and quoted enquiry and a confirmed booking, and the two couples' side of them (inbox,
 * conversation, bookings list and detail). One test per side, each page checked in turn.
 */
test.describe("accessibility of the workspace with data (axe-core)", () => {
  test("the vendor's and the couples' pages: no serious or critical violations", async ({ browser, factory, account, baseURL }) => {
    test.setTimeout(180_000);
    const found: Record<string, string[]> = {};
    const pages = await workspacePages(browser, baseURL!, factory, account);
    for (const { side, path, page } of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(new URL(page.url()).pathname, `${side}: ${path} did not redirect away`).toBe(path.split("?")[0]);
      await page.waitForLoadState("networkidle");
      const serious = await seriousViolations(page);
      if (serious.length) found[`${side} ${path}`] = serious;
    }
    await pages.close();
    expect(found).toEqual({});
  });
});
