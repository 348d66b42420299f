import { PhotonImage } from "@cf-wasm/photon";
import { expect, test } from "./fixtures.ts";
import { bigPhoto } from "./photos.ts";

/** The couple's profile page in Chromium: the planning fields, the reminder opt-in, the photo in the header, links to enquiries and bookings. */
function jpeg(w: number, h: number): Buffer {
  const image = new PhotonImage(new Uint8Array(w * h * 4).fill(180), w, h);
  try {
    return Buffer.from(image.get_bytes_jpeg(85));
  } finally {
    image.free();
  }
}

test("a couple fills in the planning profile, opts in to reminders and uploads a photo the header shows", async ({ page, login }) => {
  test.setTimeout(90_000);
  const me = await login({ role: "couple" });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: me.name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Your enquiries", exact: true })).toHaveAttribute("href", "/profile/enquiries");
  await expect(page.getByRole("link", { name: "Your bookings", exact: true })).toHaveAttribute("href", "/profile/bookings");
  await expect(page.getByText(/tasks due in the next 7 days, payments and deliverables due with your vendors, and guests who have not answered/)).toBeVisible();

  await page.getByLabel("Partner's name").fill("Arjun Rao");
  await page.getByLabel("Estimated guests").fill("350");
  await page.getByLabel("Total budget (₹)").fill("2500000");
  await page.getByLabel("Wedding city").fill("Jaipur");
  await page.getByLabel("Wedding date").fill("2027-02-14");
  await page.getByRole("checkbox", { name: /daily planning reminder/ }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Now ₹25,00,000")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Partner's name")).toHaveValue("Arjun Rao");
  await expect(page.getByLabel("Estimated guests")).toHaveValue("350");
  await expect(page.getByRole("checkbox", { name: /daily planning reminder/ })).toBeChecked();
  await expect(page.getByText(/With Arjun Rao/)).toBeVisible();

  // Unticking is saved too (the form sends false when the box is clear).
  await page.getByRole("checkbox", { name: /daily planning reminder/ }).uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Now ₹25,00,000")).toBeVisible();
  const user = ((await (await page.request.get("/api/v1/users/me")).json()) as { user: { planning_reminders: boolean; total_budget: number } }).user;
  expect(user).toMatchObject({ planning_reminders: false, total_budget: 2500000 });

  // A bad value names the field and keeps what was typed.
  await page.getByLabel("Estimated guests").fill("-4");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Estimated guests cannot be negative.")).toBeVisible();

  // The photo: a square WebP, shown on the page and in the header.
  await page.getByLabel("Profile photo").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: jpeg(900, 600) });
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByText("Profile photo updated.")).toBeVisible();
  const photo = ((await (await page.request.get("/api/v1/users/me")).json()) as { user: { profile_photo: string } }).user.profile_photo;
  expect(photo).toMatch(/^\/media\/u\/profiles\//);
  await expect(page.getByRole("img", { name: "Your profile photo" })).toHaveAttribute("src", photo);
  await expect(page.getByRole("banner").locator(`img[src="${photo}"]`).first()).toBeVisible();
  const stored = await page.request.get(photo);
  expect(stored.headers()["content-type"]).toContain("image/webp");

  // Not an image: refused with a message, the photo stays.
  await page.getByLabel("Profile photo").setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("just text") });
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByText(/Upload failed for notes\.jpg/)).toBeVisible();
  expect(((await (await page.request.get("/api/v1/users/me")).json()) as { user: { profile_photo: string } }).user.profile_photo).toBe(photo);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/couple-profile-${width}.png`, fullPage: true });
  }
});

test("a 16 MB phone photo chosen as the profile photo is made smaller on the device, then accepted (issue 29)", async ({ page, login }) => {
  test.setTimeout(90_000);
  await login({ role: "couple" });
  await page.goto("/profile");
  const buffer = bigPhoto();
  expect(buffer.length).toBeGreaterThan(5 * 1024 * 1024);
  const input = page.getByLabel("Profile photo");
  await input.setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer });
  // The form posts the smaller copy that replaced the choice.
  await expect.poll(() => input.evaluate((el: HTMLInputElement) => el.files?.[0]?.name)).toBe("IMG_2041.webp");
  expect(await input.evaluate((el: HTMLInputElement) => el.files![0]!.size)).toBeLessThan(5 * 1024 * 1024);
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByText("Profile photo updated.")).toBeVisible();
  const photo = ((await (await page.request.get("/api/v1/users/me")).json()) as { user: { profile_photo: string } }).user.profile_photo;
  await expect(page.getByRole("img", { name: "Your profile photo" })).toHaveAttribute("src", photo);
});

test("the wedding city is chosen with the city picker, which knows Bangalore, and the checklist searches that city", async ({ page, login }) => {
  test.setTimeout(90_000);
  await login({ role: "couple" });
  await page.goto("/profile");
  const city = page.getByLabel("Wedding city");
  await city.fill("Bangalore");
  await page.getByRole("option", { name: /Bengaluru/ }).click();
  await expect(city).toHaveValue("Bengaluru");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/in Bengaluru/)).toBeVisible();
  await page.goto("/profile/checklist");
  await expect(page.getByRole("link", { name: "Book caterer" }).first()).toHaveAttribute("href", "/all/wedding-vendor/caterers/karnataka/bengaluru");
});
