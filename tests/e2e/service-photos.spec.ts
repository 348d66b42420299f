import { PhotonImage } from "@cf-wasm/photon";
import type { Page } from "@playwright/test";
import { vendorPath } from "#shared/links.ts";
import { expect, test, type Account } from "./fixtures.ts";
import { bigPhoto } from "./photos.ts";

/**
 * A vendor's service photos (issue 10, media): upload three photos with a progress bar each,
 * reorder with the keyboard, set a cover (the browse card then shows it), delete one; the same
 * without JavaScript; the page at 390 px.
 */

/** A noisy JPEG (so it is big enough for the progress to show). */
function jpeg(w: number, h: number): Buffer {
  const px = new Uint8Array(w * h * 4);
  for (let i = 0; i < px.length; i++) px[i] = (Math.random() * 255) | 0;
  const image = new PhotonImage(px, w, h);
  try {
    return Buffer.from(image.get_bytes_jpeg(90));
  } finally {
    image.free();
  }
}

type Photo = { id: string; cardKey: string; cardUrl: string; isCover: boolean };

async function signIn(page: Page, baseURL: string, vendor: Account) {
  await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL }]);
  const res = await page.request.post("/api/v1/vendors/login", { headers: { Origin: baseURL }, data: { email: vendor.email, password: vendor.password } });
  expect(res.ok(), await res.text()).toBe(true);
}

async function photosOf(page: Page, serviceId: string): Promise<Photo[]> {
  const res = await page.request.get(`/api/v1/upload/${serviceId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { photos: Photo[] }).photos;
}

const orderOnPage = (page: Page) => page.locator("ol[aria-label=Photos] > li").evaluateAll((items) => items.map((li) => li.getAttribute("data-photo-id")));

test("a vendor uploads photos with progress, reorders with the keyboard, sets a cover and deletes one; browse shows the cover", async ({
  page,
  baseURL,
  factory,
}) => {
  test.setTimeout(120_000);
  const { vendor, service } = await factory.vendorService();
  await signIn(page, baseURL!, vendor);
  await page.goto(`/VendorDashboard/service-details/${service.id}/photos`);
  await expect(page.getByRole("heading", { level: 1, name: `Photos of ${service.name}` })).toBeVisible();
  const before = await photosOf(page, service.id);

  const files = ["haldi.jpg", "pheras.jpg", "sangeet.jpg"].map((name) => ({ name, mimeType: "image/jpeg", buffer: jpeg(1400, 1000) }));
  await page.getByLabel("Choose photos or drop them here").setInputFiles(files);
  await page.getByRole("button", { name: "Upload photos" }).click();
  const uploads = page.getByRole("list", { name: "Uploads" });
  await expect(uploads.locator("progress")).toHaveCount(3);
  for (const f of files) await expect(uploads.getByRole("progressbar", { name: `Upload of ${f.name}` })).toBeVisible();
  await expect(page.getByRole("status").getByText("3 photos uploaded.")).toBeVisible({ timeout: 60_000 });
  await expect(uploads.locator('progress[data-status="done"]')).toHaveCount(3);
  await expect(page.locator("ol[aria-label=Photos] > li")).toHaveCount(before.length + 3);

  // Keyboard reorder: the last photo one place earlier (Space, arrow, Space on its handle).
  const ids = await orderOnPage(page);
  const last = ids.at(-1)!;
  const handle = page.locator(`li[data-photo-id="${last}"]`).getByRole("button", { name: /^Reorder/ });
  // The list is read again after the uploads; pick the photo up once that has settled (dnd-kit marks
  // the handle pressed while it holds the photo), so a re-render cannot take the focus mid-move.
  await page.waitForLoadState("networkidle");
  await expect(async () => {
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(handle).toHaveAttribute("aria-pressed", "true", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // dnd-kit measures the photos' places in the frames after the pick-up and after each move.
  const frames = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))));
  await frames();
  await page.keyboard.press("ArrowLeft");
  await frames();
  await page.keyboard.press("Space");
  await expect.poll(async () => (await photosOf(page, service.id)).map((p) => p.id).indexOf(last)).toBeLessThan(ids.length - 1);
  await page.reload();
  expect((await orderOnPage(page)).indexOf(last)).toBeLessThan(ids.length - 1);

  // Cover: one of the new photos.
  const uploaded = (await photosOf(page, service.id)).filter((p) => !before.some((b) => b.id === p.id));
  const chosen = uploaded[1]!;
  await page
    .locator(`li[data-photo-id="${chosen.id}"]`)
    .getByRole("button", { name: /^Make .* the cover$/ })
    .click();
  await expect(page.getByText("Cover photo set.")).toBeVisible();
  await expect(page.locator(`li[data-photo-id="${chosen.id}"]`).getByText("Cover", { exact: true })).toBeVisible();

  // Delete one (after its confirmation).
  const doomed = uploaded[0]!;
  const item = page.locator(`li[data-photo-id="${doomed.id}"]`);
  await item.getByText("Delete…").click();
  await item.getByRole("button", { name: /^Yes, delete/ }).click();
  await expect(page.getByText("Photo deleted.")).toBeVisible();
  await expect(page.locator(`li[data-photo-id="${doomed.id}"]`)).toHaveCount(0);
  expect((await photosOf(page, service.id)).length).toBe(before.length + 2);
  await page.screenshot({ path: "test-results/service-photos-1280.png", fullPage: true });

  // Browse: the service's card shows the cover's card-size image.
  const res = await page.request.get(`/api/v1/services?q=${encodeURIComponent(service.name)}&limit=50`);
  const found = ((await res.json()) as { ServiceResult: { id: string; media: { image_urls: { path: string }[] }[] }[] }).ServiceResult.find(
    (s) => s.id === service.id,
  );
  expect(found?.media[0]?.image_urls[0]?.path).toBe(chosen.cardUrl);
  // The vendor's public page lists the service as a card with the cover.
  await page.goto(vendorPath({ slug: vendor.slug!, city: vendor.city ?? null }));
  await expect(page.locator(`img[src="${chosen.cardUrl}"]`).first()).toBeVisible();
});

test("without JavaScript: upload with a plain form, make a cover, move a photo", async ({ browser, baseURL, factory }) => {
  test.setTimeout(90_000);
  const { vendor, service } = await factory.vendorService();
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, baseURL!, vendor);
  await page.goto(`/VendorDashboard/service-details/${service.id}/photos`);
  const before = await photosOf(page, service.id);
  await page.getByLabel("Choose photos or drop them here").setInputFiles([
    { name: "mehendi.jpg", mimeType: "image/jpeg", buffer: jpeg(900, 600) },
    { name: "baraat.jpg", mimeType: "image/jpeg", buffer: jpeg(600, 900) },
    { name: "notes.txt", mimeType: "image/jpeg", buffer: Buffer.from("not a photo") },
  ]);
  await page.getByRole("button", { name: "Upload photos" }).click();
  await expect(page.getByText("2 photos uploaded. Upload failed for notes.txt.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Failed files" })).toContainText("Upload failed for notes.txt");
  const after = await photosOf(page, service.id);
  expect(after.length).toBe(before.length + 2);
  const added = after.filter((p) => !before.some((b) => b.id === p.id)).at(-1)!;
  expect(added.isCover).toBe(false);

  await page
    .locator(`li[data-photo-id="${added.id}"]`)
    .getByRole("button", { name: /^Make .* the cover$/ })
    .click();
  await expect(page.getByText("Cover photo set.")).toBeVisible();
  expect((await photosOf(page, service.id)).find((p) => p.id === added.id)?.isCover).toBe(true);
  await page
    .locator(`li[data-photo-id="${added.id}"]`)
    .getByRole("button", { name: /earlier$/ })
    .click();
  await expect(page.getByText("Photo order saved.")).toBeVisible();
  expect((await photosOf(page, service.id)).map((p) => p.id).indexOf(added.id)).toBe(after.length - 2);
  await page.screenshot({ path: "test-results/service-photos-390.png", fullPage: true });
  await context.close();
});

test("the photos page at 390 px @mobile", async ({ page, baseURL, factory }, testInfo) => {
  const { vendor, service } = await factory.vendorService();
  await signIn(page, baseURL!, vendor);
  await page.goto(`/VendorDashboard/service-details/${service.id}/photos`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/service-photos-empty-${testInfo.project.name}.png` });
});

test("another vendor's photos page is not found, and the logo form updates the vendor's own logo", async ({ page, baseURL, factory }) => {
  const { vendor } = await factory.vendorService();
  const { service: theirs } = await factory.vendorService();
  await signIn(page, baseURL!, vendor);
  const res = await page.goto(`/VendorDashboard/service-details/${theirs.id}/photos`);
  expect(res?.status()).toBe(404);

  const logo = await page.request.post("/VendorDashboard/vendor-profile/logo", {
    headers: { Origin: baseURL! },
    multipart: { file: { name: "logo.jpg", mimeType: "image/jpeg", buffer: jpeg(300, 200) } },
    maxRedirects: 0,
  });
  expect(logo.status()).toBe(302);
  expect(logo.headers()["location"]).toBe("/VendorDashboard/vendor-profile");
  const bad = await page.request.post("/VendorDashboard/vendor-profile/logo", {
    headers: { Origin: baseURL! },
    multipart: { file: { name: "logo.txt", mimeType: "image/jpeg", buffer: Buffer.from("nope") } },
    maxRedirects: 0,
  });
  expect(bad.status()).toBe(302);
  expect(bad.headers()["set-cookie"] ?? "").toMatch(/flash|toast/i);
});

test("a phone photo over the 5 MB cap is made smaller on the device, uploaded and shown @mobile", async ({ page, baseURL, factory }, testInfo) => {
  test.setTimeout(120_000);
  const { vendor, service } = await factory.vendorService();
  await signIn(page, baseURL!, vendor);
  await page.goto(`/VendorDashboard/service-details/${service.id}/photos`);
  await expect(page.getByRole("heading", { level: 1, name: `Photos of ${service.name}` })).toBeVisible();
  const before = await photosOf(page, service.id);
  const buffer = bigPhoto();
  expect(buffer.length).toBeGreaterThan(5 * 1024 * 1024);
  // A slow phone connection, so the progress can be seen (and photographed) on the way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: 1_000_000, uploadThroughput: 250_000 });

  await page.getByLabel("Choose photos or drop them here").setInputFiles([{ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer }]);
  await page.getByRole("button", { name: "Upload photos" }).click();
  const uploads = page.getByRole("list", { name: "Uploads" });
  const sent = uploads.getByText(/^Made smaller to send: 1\d\.\d MB → \d\.\d MB$/);
  await expect(sent).toBeVisible({ timeout: 60_000 });
  const sentMb = Number(/→ (\d\.\d) MB/.exec((await sent.textContent()) ?? "")?.[1]);
  expect(sentMb).toBeLessThan(5);
  await expect(uploads.getByText(/^\d+% of \d\.\d MB$/)).toBeVisible();
  await page.screenshot({ path: `test-results/service-photos-shrunk-progress-${testInfo.project.name}.png` });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await expect(page.getByRole("status").getByText("1 photo uploaded.")).toBeVisible({ timeout: 60_000 });
  const after = await photosOf(page, service.id);
  expect(after.length).toBe(before.length + 1);
  const added = after.find((p) => !before.some((b) => b.id === p.id))!;
  const shown = page.locator(`li[data-photo-id="${added.id}"] img`);
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: `test-results/service-photos-shrunk-done-${testInfo.project.name}.png` });
});
