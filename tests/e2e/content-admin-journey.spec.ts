import { PhotonImage } from "@cf-wasm/photon";
import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { expect, test, type Account } from "./fixtures.ts";

/**
 * Issue 14's "done means", in Chromium: an admin writes and publishes a post with a cover and tags;
 * a couple reads, likes and comments on it and the home page shows it; a visitor's contact message
 * reaches the team's mailbox; a super admin verifies a vendor, archives a service and hides a
 * review its vendor disputed, and sees all three in the audit log.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const origin = `http://localhost:${port}`;

function pngFile(w: number, h: number): Buffer {
  const image = new PhotonImage(new Uint8Array(w * h * 4).fill(120), w, h);
  try {
    return Buffer.from(image.get_bytes());
  } finally {
    image.free();
  }
}

async function pageAs(browser: Browser, who: Account | null): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  await context.addCookies([{ name: "mandap_visited", value: "1", url: origin }]);
  const page = await context.newPage();
  if (who) {
    const door = who.role === "vendor" ? "vendors" : "users";
    const res = await page.request.post(`/api/v1/${door}/login`, { headers: { Origin: origin }, data: { email: who.email, password: who.password } });
    expect(res.ok()).toBe(true);
  }
  return page;
}

test("issue 14: the blog, the contact form and moderation, end to end", async ({ browser, account, factory }) => {
  test.setTimeout(180_000);
  const [superAdmin, couple] = await Promise.all([account({ role: "superAdmin" }), account({ role: "couple" })]);
  const { vendor, service } = await factory.vendorService();
  const word = `Shekhawati${Date.now().toString(36)}`;

  // 1. The admin writes and publishes a post with a cover and two tags.
  const admin = await pageAs(browser, superAdmin);
  await admin.goto("/blog_dashboard");
  await admin.getByRole("link", { name: "New post" }).click();
  await admin.getByLabel("Title", { exact: true }).fill(`${word} havelis for an intimate wedding`);
  await admin.getByLabel("Tags").fill(`${word}, Venues`);
  await admin.getByLabel("Content (Markdown)").fill(`## Painted walls\n\nThe havelis of ${word} seat 80 guests in their courtyards.\n\n- Mandawa\n- Nawalgarh`);
  await admin.getByLabel("Cover image").setInputFiles({ name: "haveli.png", mimeType: "image/png", buffer: pngFile(1200, 700) });
  await admin.getByLabel("Status").selectOption("PUBLISHED");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("Post published.")).toBeVisible();
  const urlTitle = new URL(admin.url()).pathname.split("/").pop()!;

  // 2. A couple reads it from the home page, likes it and comments.
  const reader = await pageAs(browser, couple);
  await reader.goto("/");
  const blog = reader.locator('section[aria-labelledby="blog-title"]');
  await blog.scrollIntoViewIfNeeded();
  await blog.getByRole("link", { name: `${word} havelis for an intimate wedding` }).click();
  await expect(reader).toHaveURL(`/blogs/${urlTitle}`);
  await expect(reader.getByRole("heading", { name: "Painted walls" })).toBeVisible();
  await expect(reader.getByTestId("blog-cover").first()).toHaveAttribute("src", /^\/media\/u\/blog\//);
  await reader.getByTestId("like-button").click();
  await expect(reader.getByTestId("like-count")).toHaveText("1 like");
  await reader.getByLabel("Add a comment").fill("Booked Mandawa for our Mehendi after this!");
  await reader.getByRole("button", { name: "Post comment" }).click();
  await expect(reader.getByTestId("comment")).toContainText("Booked Mandawa for our Mehendi after this!");

  // 3. A visitor's message reaches the team's mailbox.
  const visitor = await pageAs(browser, null);
  const email = `asks-${Date.now().toString(36)}@example.com`;
  await visitor.goto("/contactus");
  await visitor.getByLabel("Your name").fill("Ritika Das");
  await visitor.getByLabel("E-mail").fill(email);
  await visitor.getByLabel("Topic").selectOption("Planning my wedding");
  await visitor.getByRole("textbox", { name: "Message" }).fill(`Do you list havelis in ${word}? We are 60 guests.`);
  await visitor.getByRole("button", { name: "Send message" }).click();
  await expect(visitor.getByTestId("contact-sent")).toBeVisible();
  const mailbox = await (await visitor.request.get("/dev/mailbox?to=team@mandap.example")).text();
  expect(mailbox).toContain(`Do you list havelis in ${word}? We are 60 guests.`);

  // 4. A couple reviews the vendor's service; the vendor reports the review from their service page.
  const reviewer = await playwrightRequest.newContext({ baseURL: origin });
  await reviewer.post("/api/v1/users/login", { headers: { Origin: origin }, data: { email: couple.email, password: couple.password } });
  const servicePath = new URL((await reviewer.get(`/service/${service.id}`, { maxRedirects: 0 })).headers()["location"]!, origin).pathname;
  const reviewed = await reviewer.post(servicePath, {
    headers: { Origin: origin },
    form: {
      intent: "review",
      rating: "1",
      quality: "1",
      responsiveness: "1",
      professionalism: "1",
      value: "1",
      flexibility: "1",
      comment: `${word}: a fake review written by a rival business.`,
    },
  });
  expect(reviewed.status()).toBe(200);
  await reviewer.dispose();
  const owner = await pageAs(browser, vendor);
  await owner.goto(servicePath);
  const review = owner.getByRole("listitem").filter({ hasText: `${word}: a fake review` });
  await review.getByText("Report this review").click();
  await review.getByLabel("Why should the Mandap team look at it?").fill("This person never enquired or booked; the text matches a rival's.");
  await review.getByRole("button", { name: "Send to the Mandap team" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "The Mandap team will look at this review" })).toBeVisible();

  // 5. The admin verifies the vendor, archives the service and hides the review.
  await admin.goto(servicePath);
  await admin.getByTestId("moderate-service").click();
  await expect(admin).toHaveURL(`/admin/services/${service.id}`);
  await expect(admin.getByRole("heading", { level: 1, name: service.name })).toBeVisible();
  await admin.getByRole("link", { name: vendor.businessName!, exact: true }).click();
  await expect(admin).toHaveURL(`/admin/vendors/${vendor.id}`);
  await admin.getByRole("button", { name: "Verify this vendor" }).click();
  await expect(admin.getByTestId("vendor-verified")).toHaveText("✓ Verified vendor");

  await admin.goto("/admin/review-disputes");
  const dispute = admin.getByTestId("dispute").filter({ hasText: `${word}: a fake review` });
  await dispute.getByLabel("Your reason").fill("No enquiry or booking from this account.");
  await dispute.getByRole("button", { name: "Hide the review" }).click();
  await expect(admin.getByRole("status")).toContainText("The review is hidden");

  await admin.goto(`/admin/services/${service.id}`);
  await admin.getByLabel("Reason (the vendor sees it)").fill("The photos belong to another venue.");
  await admin.getByRole("button", { name: "Archive the service" }).click();
  await expect(admin.getByTestId("service-status")).toHaveText("Archived by an admin");

  // The vendor sees the reason and the review is gone from the public page.
  await owner.goto(`/VendorDashboard/service-details/${service.id}`);
  await expect(owner.getByTestId("moderation-reason")).toContainText("The photos belong to another venue.");
  const anyone = await playwrightRequest.newContext({ baseURL: origin });
  expect(JSON.stringify(await (await anyone.get(`/api/v1/services/feedback/${service.id}`)).json())).not.toContain(`${word}: a fake review`);
  expect((await anyone.get(servicePath)).status()).toBe(404);
  await anyone.dispose();

  // 6. The super admin sees all three in the audit log.
  await admin.goto("/admin/audit-log");
  const entries = admin.getByTestId("audit-entry");
  await expect(entries.filter({ hasText: "vendor.verify" }).filter({ hasText: vendor.businessName! })).toHaveCount(1);
  await expect(entries.filter({ hasText: "service.archive" }).filter({ hasText: service.name })).toHaveCount(1);
  await expect(entries.filter({ hasText: "review.hide" }).filter({ hasText: word })).toHaveCount(1);
  await expect(entries.filter({ hasText: "blog.publish" }).filter({ hasText: word })).toHaveCount(1);
});

test("a Save tapped while the chosen cover is still being made smaller is held, then sends the post with the smaller cover", async ({ browser, account }) => {
  test.setTimeout(120_000);
  const admin = await pageAs(browser, await account({ role: "superAdmin" }));
  // A slow phone: reading the chosen photo takes a while, so the tap on Save comes first.
  await admin.addInitScript(() => {
    const read = window.createImageBitmap.bind(window) as (image: ImageBitmapSource, options?: ImageBitmapOptions) => Promise<ImageBitmap>;
    window.createImageBitmap = ((image: ImageBitmapSource, options?: ImageBitmapOptions) =>
      new Promise((done) => setTimeout(done, 1500)).then(() => read(image, options))) as typeof window.createImageBitmap;
  });
  const word = `Held${Date.now().toString(36)}`;
  await admin.goto("/new-blog-post");
  await admin.getByLabel("Title", { exact: true }).fill(`${word} courtyards`);
  await admin.getByLabel("Content (Markdown)").fill(`The courtyards of ${word}.`);
  // Over the cap's longest side, so it is redrawn before it is sent.
  await admin.getByLabel("Cover image").setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: pngFile(3200, 1800) });
  await admin.getByRole("button", { name: "Save" }).click();
  // The server decodes the photo and makes its 1200 px WebP before it answers: seconds on a busy machine.
  await expect(admin.getByText("Draft saved.")).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByTestId("blog-cover").first()).toHaveAttribute("src", /^\/media\/u\/blog\//);
});
