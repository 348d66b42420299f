import { chromium } from "playwright-core";
const base = "http://localhost:8791";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
for (const width of [390, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  await ctx.addCookies([{ name: "mandap_visited", value: "1", url: base }]);
  const page = await ctx.newPage();
  for (const path of ["/login", "/vendorSignup"]) {
    await page.goto(base + path);
    await page.screenshot({ path: `/tmp/acc-shots/${path.slice(1)}-${width}.png`, fullPage: true });
  }
  await page.goto(base + "/signup");
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `/tmp/acc-shots/signup-errors-${width}.png`, fullPage: true });
  await page.goto(base + "/login");
  await page.getByLabel("E-mail address").fill("couple@mandap.example");
  await page.getByLabel("Password").fill("Couple@Mandap1");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/profile");
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/acc-shots/profile-${width}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
