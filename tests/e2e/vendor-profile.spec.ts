import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, type Account } from "./fixtures.ts";
import { shots } from "./browsers.ts";

/**
 * The vendor's own workspace pages (issue 10): the business profile shown on the public page,
 * the availability calendar and the analytics page (chart with JavaScript, table without).
 */
const SHOTS = "test-results/vendor-profile";

async function signInPage(page: Page, baseURL: string, account: Account) {
  await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL }]);
  const res = await page.request.post("/api/v1/vendors/login", { headers: { Origin: baseURL }, data: { email: account.email, password: account.password } });
  expect(res.ok()).toBe(true);
}

/** The 15th of next month, as yyyy-mm-dd. */
function nextMonthDay(): string {
  const now = new Date(Date.now() + 330 * 60_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15)).toISOString().slice(0, 10);
}

test.describe("the vendor workspace", () => {
  test("a new vendor fills the business profile and sees it on their public page", async ({ page, login }) => {
    test.setTimeout(90_000);
    const vendor = await login({ role: "vendor" });
    await page.goto("/VendorDashboard/vendor-profile");
    await expect(page.getByRole("heading", { name: "Business profile" })).toBeVisible();
    // No logo yet: the first two letters stand in; the logo form posts a file named "file".
    await expect(page.locator('form[action="/VendorDashboard/vendor-profile/logo"] input[type="file"][name="file"]')).toHaveCount(1);
    await page.getByLabel("Business name").fill(`${vendor.businessName} Royal`);
    await page.getByLabel("Business category").selectOption("Wedding Photographers");
    await page.getByLabel("Tagline").fill("Candid stories of your big day");
    await page.getByLabel("About us").fill("We have photographed weddings across Maharashtra since 2009.");
    await page.getByLabel("Phone").fill("98220 12345");
    await page.getByLabel("E-mail for couples").fill("studio@example.com");
    await page.getByLabel("State").selectOption("Maharashtra");
    // With JavaScript the city list narrows to the chosen state.
    await expect(page.getByLabel("City").locator("option", { hasText: "Jaipur" })).toHaveCount(0);
    await page.getByLabel("City").selectOption("Pune");
    await page.getByLabel("Instagram").fill("@candid.pune");
    await page.getByLabel("Facebook").fill("https://facebook.com/candidpune");
    await page.getByLabel("Website").fill("https://candid.example");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("status")).toHaveText("Your business profile has been updated.");
    await shots(page, "profile", { dir: SHOTS });

    await page.getByRole("link", { name: "your public page" }).click();
    await expect(page).toHaveURL(new RegExp(`/pune/${vendor.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${vendor.businessName} Royal`);
    const header = page.locator("article header");
    await expect(header).toContainText("Candid stories of your big day");
    await expect(header).toContainText("Pune, Maharashtra");
    await expect(header).toContainText("9822012345");
    await expect(header.getByRole("link", { name: "studio@example.com" })).toHaveAttribute("href", "mailto:studio@example.com");
    await expect(header.getByRole("link", { name: "instagram.com/candid.pune" })).toHaveAttribute("href", "https://www.instagram.com/candid.pune");
    await expect(header.getByRole("link", { name: "candid.example" })).toBeVisible();
    await expect(page.locator("#about")).toContainText("since 2009");
  });

  test("a city of another state is refused with the field named, without JavaScript", async ({ browser, account, baseURL }) => {
    const vendor = await account({ role: "vendor" });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInPage(page, baseURL!, vendor);
    await page.goto("/VendorDashboard/vendor-profile");
    await page.getByLabel("State").selectOption("Goa");
    await page.getByLabel("City").selectOption("Pune"); // every state's cities are listed without JS
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Choose a city of the chosen state from the list.").first()).toBeVisible();
    await context.close();
  });

  test("the vendor blocks a date; browse's available-on filter then leaves the service out", async ({ page, factory, baseURL }) => {
    const { vendor, service } = await factory.vendorService();
    await signInPage(page, baseURL!, vendor);
    const day = nextMonthDay();
    await page.goto(`/VendorDashboard/calendar?service=${service.id}&month=${day.slice(0, 7)}`);
    const button = page.getByRole("button", { name: /15 .*: free, press to block/ });
    await button.click();
    await expect(page.getByRole("button", { name: /15 .*: blocked, press to free/ })).toHaveAttribute("aria-pressed", "true");
    await shots(page, "calendar", { dir: SHOTS });
    const list = async (api: APIRequestContext, on: string) =>
      ((await (await api.get(`/api/v1/services?vendorId=${vendor.id}&available_on=${on}`)).json()) as { ServiceResult: { id: string }[] }).ServiceResult.map(
        (s) => s.id,
      );
    expect(await list(page.request, day)).not.toContain(service.id);
    expect((await (await page.request.get(`/api/v1/services/${service.id}/availability?month=${day.slice(0, 7)}`)).json()).blocked).toEqual([day]);
    await page.getByRole("button", { name: /15 .*: blocked, press to free/ }).click();
    await expect(page.getByRole("button", { name: /15 .*: free, press to block/ })).toBeVisible();
    expect(await list(page.request, day)).toContain(service.id);
  });

  test("analytics show the view, the profile view and the enquiry, as a chart and (without JavaScript) a table", async ({
    page,
    browser,
    factory,
    account,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { vendor, service } = await factory.vendorService();
    // A visitor views the service and the vendor's page; a couple sends an enquiry.
    const visitor = await browser.newContext();
    const servicePage = await visitor.request.get(`/service/${service.id}`);
    expect(servicePage.ok()).toBe(true);
    expect((await visitor.request.get(`/api/v1/services/${service.id}`)).ok()).toBe(true);
    await visitor.request.patch(`/api/v1/vendors/viewUpdate/${vendor.id}`, { headers: { Origin: baseURL! } });
    const couple = await account({ role: "couple" });
    const coupleApi = await browser.newContext();
    await coupleApi.request.post("/api/v1/users/login", { headers: { Origin: baseURL! }, data: { email: couple.email, password: couple.password } });
    const lead = await coupleApi.request.put(`/api/v1/services/makeLead/${service.id}`, {
      headers: { Origin: baseURL! },
      data: { message: "We would love to know your rates for a two-day wedding in February, please." },
    });
    expect(lead.status()).toBeLessThan(300);

    await signInPage(page, baseURL!, vendor);
    await page.goto("/VendorDashboard/analytics?days=7");
    await expect(page.getByRole("heading", { name: "Analytics" })).toBeVisible();
    const figure = (label: string) =>
      page
        .locator("dl > div")
        .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
        .locator("dd")
        .first();
    await expect(figure("Service views")).not.toHaveText("0");
    await expect(figure("Profile views")).not.toHaveText("0");
    await expect(figure("Enquiries")).toHaveText("1");
    await expect(page.getByTestId("analytics-chart")).toHaveAttribute("data-chart", "ready");
    await expect(page.getByTestId("analytics-chart").locator("canvas")).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Recent enquiries" })).toBeVisible();
    await expect(page.locator("section", { has: page.getByRole("heading", { name: "Recent enquiries" }) })).toContainText(couple.name.split(" ")[0]!);
    await shots(page, "analytics", { dir: SHOTS });

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await signInPage(plain, baseURL!, vendor);
    await plain.goto("/VendorDashboard/analytics?days=7");
    await expect(plain.getByRole("table", { name: "Views, enquiries and bookings by day" })).toBeVisible();
    await expect(plain.getByTestId("analytics-chart").locator("canvas")).toHaveCount(0);
    await Promise.all([visitor.close(), coupleApi.close(), noJs.close()]);
  });

  test("notification settings are saved from the form", async ({ page, login }) => {
    await login({ role: "vendor" });
    await page.goto("/VendorDashboard/vendor-setting");
    const box = page.getByLabel("A couple sends a new enquiry");
    await expect(box).toBeChecked();
    await box.uncheck();
    await page.getByLabel("A weekly summary of views and enquiries").check();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByRole("status")).toHaveText("Your notification preferences have been saved.");
    const prefs = (await (await page.request.get("/api/v1/vendors/notifications")).json()).preferences;
    expect(prefs).toEqual({ new_enquiry: false, couple_reply: true, booking_changes: true, weekly_summary: true });
    await page.goto("/VendorDashboard/settings");
    await expect(page.getByText("You cannot delete the account while you have a confirmed booking")).toBeVisible();
    await shots(page, "settings", { dir: SHOTS });
  });
});
