import { expect, seedQuery, test, type Page } from "./fixtures.ts";

/**
 * Issue 32: "Share on WhatsApp" on service and vendor pages and on blog posts is a wa.me link with a
 * prepared text ending in the page's link, and the page's Open Graph tags describe the listing
 * (title, description, its photo, its URL) so WhatsApp's preview shows it. Without JavaScript, at
 * 390 px (the link is the whole feature: no script draws it).
 */
const SHOTS = "test-results/whatsapp-share";

test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
// Pages with photos on a shared, busy machine: room for a slow first answer.
test.describe.configure({ timeout: 90_000 });

async function og(page: Page, property: string): Promise<string | null> {
  return page.locator(`meta[property="${property}"]`).getAttribute("content");
}

/** The text a wa.me link carries, and that the link opens the chat picker (no number). */
async function sharedText(page: Page): Promise<string> {
  const link = page.getByRole("link", { name: "Share on WhatsApp" });
  await expect(link).toBeVisible();
  const href = new URL((await link.getAttribute("href")) ?? "");
  expect(href.origin + href.pathname).toBe("https://wa.me/");
  return href.searchParams.get("text") ?? "";
}

test("a service page shares its link with a prepared text, and its preview shows the listing's photo", async ({ page, baseURL }) => {
  const [s] = seedQuery<{ id: string; service_name: string; service_type: string; city: string; key: string }>(
    `SELECT s.id, s.service_name, s.service_type, s.city, m.key FROM services s JOIN service_media m ON m.service_id = s.id AND m.kind = 'image'
     WHERE s.status = 'active' ORDER BY s.id, m.position LIMIT 1`,
  );
  if (!s) throw new Error("Expected a demo service with a photo");
  await page.goto(`/service/${s.id}`);
  const url = page.url();
  const text = await sharedText(page);
  expect(text.startsWith(`${s.service_name}: ${s.service_type} in ${s.city}, from ₹`)).toBe(true);
  expect(text.endsWith(`\n${url}`)).toBe(true);
  expect(await og(page, "og:title")).toBe(s.service_name);
  expect(await og(page, "og:url")).toBe(url);
  expect(await og(page, "og:description")).toContain(`${s.service_type} in ${s.city}`);
  const image = (await og(page, "og:image")) ?? "";
  expect(image).toMatch(new RegExp(`^${baseURL}/media/`));
  // The preview's picture is the listing's first photo, and it is there to fetch.
  expect((await page.request.get(image)).status()).toBe(200);
  await page.screenshot({ path: `${SHOTS}/service-390.png` });
});

test("a vendor page shares its link, and its preview has the vendor's photo", async ({ page, baseURL }) => {
  const [v] = seedQuery<{ slug: string; business_name: string; city: string }>(
    `SELECT v.slug, v.business_name, v.city FROM vendors v WHERE v.city IS NOT NULL AND EXISTS (
       SELECT 1 FROM services s JOIN service_media m ON m.service_id = s.id WHERE s.vendor_id = v.user_id AND s.status = 'active') ORDER BY v.slug LIMIT 1`,
  );
  if (!v) throw new Error("Expected a demo vendor with a photo");
  await page.goto(`/vendorBussinessProfile/${v.slug}`);
  const url = page.url();
  const text = await sharedText(page);
  expect(text).toBe(`${v.business_name} in ${v.city}: photos, prices and reviews on Mandap:\n${url}`);
  expect(await og(page, "og:title")).toBe(v.business_name);
  expect(await og(page, "og:url")).toBe(url);
  const image = (await og(page, "og:image")) ?? "";
  expect(image).toMatch(new RegExp(`^${baseURL}/media/`));
  expect((await page.request.get(image)).status()).toBe(200);
  await page.screenshot({ path: `${SHOTS}/vendor-390.png` });
});

test("a blog post shares its link with its title", async ({ page }) => {
  const [p] = seedQuery<{ url_title: string; title: string }>(
    `SELECT url_title, title FROM blog_posts WHERE status = 'PUBLISHED' AND published_at <= ${Date.now()} ORDER BY published_at DESC LIMIT 1`,
  );
  if (!p) throw new Error("Expected a published demo post");
  await page.goto(`/blogs/${p.url_title}`);
  const text = await sharedText(page);
  expect(text).toBe(`${p.title}. Read it on Mandap:\n${page.url()}`);
  expect(await og(page, "og:title")).toBe(p.title);
  expect(await og(page, "og:url")).toBe(page.url());
  await page.screenshot({ path: `${SHOTS}/blog-390.png` });
});
