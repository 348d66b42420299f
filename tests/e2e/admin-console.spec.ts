import { expect, test } from "./fixtures.ts";

/**
 * The admin console (issue 14), in Chromium: /admin shows the counters and the activity charts;
 * the searches find a vendor by name, a service by name and a user by e-mail and open the records;
 * a couple is refused.
 */
test.describe("the admin console", () => {
  test("an admin sees the analytics and finds a vendor, a service and a user", async ({ page, login, factory, account }) => {
    test.setTimeout(60_000);
    const { vendor, service } = await factory.vendorService();
    const couple = await account({ role: "couple" });
    await login({ role: "admin" });
    await page.goto("/admin");
    await expect(page.getByTestId("admin-counter")).toHaveCount(3);
    for (const metric of ["signups", "enquiries", "bookings", "revenue"]) await expect(page.getByTestId(`chart-${metric}`).locator("svg")).toBeVisible();
    await page.getByRole("link", { name: "12 months" }).click();
    await expect(page).toHaveURL(/range=12m/);
    await expect(page.getByRole("heading", { name: "Active services by subcategory" })).toBeVisible();

    await page.getByRole("link", { name: "Vendors", exact: true }).click();
    await page.getByLabel("Name, e-mail or phone").fill(vendor.businessName!);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByTestId("search-results").getByRole("link", { name: vendor.businessName!, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: vendor.businessName! })).toBeVisible();

    await page.goto(`/admin/serviceSearch?q=${encodeURIComponent(service.name)}`);
    await page.getByTestId("search-results").getByRole("link", { name: service.name, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/services\//);

    await page.goto("/admin/userSearch");
    await page.getByLabel("Name, e-mail or phone").fill(couple.email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("search-results")).toContainText(couple.email);
  });

  test("a couple gets the admin area's denial", async ({ page, login }) => {
    await login({ role: "couple" });
    await page.goto("/admin/userSearch");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("You do not have permission to access this page.")).toBeVisible();
  });
});
