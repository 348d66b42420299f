import { PhotonImage } from "@cf-wasm/photon";
import type { Browser, Locator, Page } from "@playwright/test";
import { LISTING } from "#shared/listing-words.ts";
import { expect, test, type Account } from "./fixtures.ts";
import { indiaDateInDays } from "#shared/india-time.ts";
import { browserAs } from "./browsers.ts";

/**
 * Issue 10's "Done means" as one story, through the pages in Chromium: a NEW vendor signs up
 * (category, state and city from the lists), finishes with the e-mailed link, fills the business
 * profile, creates a service with the form, uploads two photos, adds a question, and finds the
 * service in search; a couple opens the service page and sends an enquiry; the vendor is mailed
 * the link (the sidebar's Enquiries count shows it unread until it is opened), replies and
 * quotes; the couple reads the reply and accepts; both see the booking; the couple's review is
 * published (without "Verified booking" until the booked date has passed); the vendor's analytics show the view, the enquiry and the conversion.
 * Only the dev mailbox is read outside the pages (as a person reads their inbox).
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const origin = `http://localhost:${port}`;
const inDays = (n: number) => indiaDateInDays(n);
const word = () => `zj${Math.random().toString(36).slice(2, 10)}`;

/** A noisy JPEG from the same WASM library the Worker resizes with. */
function jpeg(w: number, h: number): Buffer {
  const px = new Uint8Array(w * h * 4);
  for (let i = 0; i < px.length; i++) px[i] = (Math.random() * 255) | 0;
  const image = new PhotonImage(px, w, h);
  try {
    return Buffer.from(image.get_bytes_jpeg(85));
  } finally {
    image.free();
  }
}

/** Mails go out just after the answer: reload the mailbox until the mail is there. */
async function mail(page: Page, to: string, subject: RegExp): Promise<Locator> {
  const found = page.getByTestId("mail").filter({ hasText: subject }).first();
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    await expect(found).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return found;
}

/** A second browser (its own cookies), signed in as the account through its door. */

async function fitsWidth(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px on ${page.url()}`).toBeLessThanOrEqual(width);
}

/** The vendor sidebar's Enquiries link (inside the "Dashboard menu" on a phone). */
async function enquiriesLink(page: Page, label = "Enquiries", nav = "Vendor dashboard"): Promise<Locator> {
  const name = new RegExp(`^${label}`);
  const menu = page.locator("#dashboard-menu");
  if (await menu.isVisible()) {
    if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) await menu.locator("summary").click();
    return menu.getByRole("navigation").getByRole("link", { name });
  }
  return page.getByRole("navigation", { name: nav }).getByRole("link", { name });
}

async function journey(page: Page, browser: Browser, couple: Account, shots: string) {
  const viewport = page.viewportSize()!;
  const mobile = viewport.width < 768;
  const tag = word();
  const email = `journey.${tag}@example.com`;
  const password = "Thali2027";
  const business = `Kesar ${tag} Caterers`;

  // 1. A new vendor signs up: category, state and city are picked from lists.
  await page.context().addCookies([{ name: "mandap_visited", value: "1", url: origin }]);
  await page.goto("/vendorSignup");
  await page.getByLabel("Business name").fill(business);
  await page.getByLabel("Your name").fill("Rohit Jain");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Mobile number").fill("98290 12345");
  await page.getByLabel("Business category").selectOption("Caterers");
  await page.getByLabel("State").selectOption("Rajasthan");
  await page.getByLabel("City").selectOption("Jaipur");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Create vendor account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The e-mailed link; the password finishes the account and signs in.
  await (await mail(page, email, /Confirm your e-mail/)).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Finish creating your account" })).toBeVisible();
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/VendorDashboard$/);
  await expect(page.getByText("You have not added a service yet.")).toBeVisible();

  // 2. The business profile.
  await page.goto("/VendorDashboard/vendor-profile");
  await page.getByLabel("Tagline").fill("Rajasthani thalis for every shaadi");
  await page.getByLabel("About us").fill("Three generations of Marwari cooks, serving weddings across Jaipur since 1998.");
  await page.getByLabel("Phone").fill("98290 12345");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status")).toHaveText("Your business profile has been updated.");
  await expect(page.getByLabel("City")).toHaveValue("Jaipur");

  // 3. A service, with the form.
  await page.goto("/VendorDashboard");
  await page.getByRole("link", { name: "Add a service" }).click();
  await expect(page).toHaveURL(/\/VendorDashboard\/services\/new$/);
  const name = `Kesar ${tag} Thali`;
  await page.getByLabel("Service name").fill(name);
  await page.getByLabel("Group").selectOption("Wedding Vendor");
  await page.getByLabel("Subcategory").selectOption("Caterers");
  await page.getByLabel("Starting price (₹, whole rupees)").fill("850");
  await page.getByLabel("Price unit").selectOption("Per Plate");
  // Not Jaipur: other specs take "the top-rated caterer in Jaipur" of the demo data, and this one
  // gets a five-star review.
  await page.getByLabel("State").selectOption("Rajasthan");
  await page.getByLabel("City").selectOption("Jaisalmer");
  await page.getByLabel("Description").fill("Dal baati churma, gatte ki sabzi and ker sangri, cooked fresh at your venue by our own team.");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page).toHaveURL(/\/VendorDashboard\/service-details\/[\w-]+$/);
  await expect(page.getByText("Your service is live")).toBeVisible();
  const serviceId = page.url().split("/").pop()!;
  if (!mobile) await page.screenshot({ path: `${process.env.SHOTS_DIR ?? test.info().outputPath()}/${shots}-service-details.png`, fullPage: true });

  // A question and its answer, inline.
  const faqs = page.locator("#faqs");
  await faqs.getByLabel("Question").last().fill("Do you cook without onion and garlic?");
  await faqs.getByLabel("Answer").last().fill("Yes, a Jain menu is cooked in a separate kitchen.");
  await faqs.getByRole("button", { name: "Add question" }).click();
  await expect(page.getByText("The question was added.")).toBeVisible();

  // Two photos.
  await page.getByRole("link", { name: "Photos (0)" }).click();
  await expect(page).toHaveURL(`${origin}/VendorDashboard/service-details/${serviceId}/photos`);
  await page.getByLabel("Choose photos or drop them here").setInputFiles([
    { name: "thali.jpg", mimeType: "image/jpeg", buffer: jpeg(1200, 800) },
    { name: "counter.jpg", mimeType: "image/jpeg", buffer: jpeg(800, 1000) },
  ]);
  await page.getByRole("button", { name: "Upload photos" }).click();
  await expect(page.getByRole("status").getByText("2 photos uploaded.")).toBeVisible({ timeout: 60_000 });
  await expect(page.locator("ol[aria-label=Photos] > li")).toHaveCount(2);
  await fitsWidth(page);

  // It is found by searching.
  await page.goto(`/all?q=${tag}`);
  const cards = page.getByRole("region", { name: "Results" }).getByRole("article");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(name);

  // The sidebar shows no unread count yet.
  await page.goto("/VendorDashboard");
  await expect(await enquiriesLink(page)).toHaveAccessibleName("Enquiries");

  // 4. A couple opens the service page (a view), sees the photos and the question, and enquires.
  const c = await browserAs(browser, couple, { viewport });
  const cp = c.page;
  await cp.goto(`/service/${serviceId}`);
  await expect(cp.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(cp.getByText("Do you cook without onion and garlic?")).toBeVisible();
  const form = cp.locator("#enquiry");
  await form.getByLabel("Message").fill("We are planning a sangeet for about 200 guests and would love a Rajasthani thali dinner.");
  await form.getByLabel("Event date").fill(inDays(75));
  await form.getByRole("button", { name: LISTING.enquirySubmit }).click();
  await expect(cp.getByRole("heading", { name: LISTING.whatNextHeading })).toBeVisible();

  // 5. The vendor is mailed with a link; the sidebar counts it unread.
  await page.goto("/VendorDashboard");
  await expect(await enquiriesLink(page)).toHaveAccessibleName(/^Enquiries\s*1 unread$/);
  const notice = await mail(page, email, /New enquiry for/);
  await expect(notice).not.toContainText(couple.email);
  await notice
    .getByRole("link", { name: /\/VendorDashboard\/enquiries\// })
    .first()
    .click();
  await expect(page).toHaveURL(/\/VendorDashboard\/enquiries\/[\w-]+$/);
  const leadId = page.url().split("/").pop()!;
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("Rajasthani thali dinner");
  // Read now: the count goes.
  await expect(await enquiriesLink(page)).toHaveAccessibleName("Enquiries");

  await page.getByLabel("Your reply").fill("Namaste! We would be glad to cook for your sangeet. Is the venue in Jaisalmer?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("Is the venue in Jaisalmer?");
  await page.getByLabel("Amount (₹, whole rupees)").fill("170000");
  await page.getByLabel("Valid until").fill(inDays(20));
  await page.getByLabel("What it includes").fill("Thali dinner for 200 guests, two live counters, service staff");
  await page.getByRole("button", { name: "Send quote" }).click();
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("₹1,70,000");
  await fitsWidth(page);

  // 6. The couple sees the reply in "My enquiries" and accepts the quote.
  await cp.goto("/profile/enquiries");
  await expect(await enquiriesLink(cp, "My enquiries", "Dashboard")).toHaveAccessibleName(/^My enquiries\s*1 unread$/);
  const row = cp.getByRole("link", { name: new RegExp(business) });
  await expect(row).toBeVisible();
  await fitsWidth(cp);
  // Once the page is hydrated, the row opens the conversation without a reload (the marker survives).
  await cp.waitForFunction(
    () => (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized,
  );
  await cp.waitForLoadState("networkidle");
  await cp.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await row.click();
  await expect(cp).toHaveURL(`${origin}/profile/enquiries/${leadId}`);
  expect(await cp.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // The sidebar's count is read again and goes.
  await expect(await enquiriesLink(cp, "My enquiries", "Dashboard")).toHaveAccessibleName("My enquiries");
  await expect(cp.getByRole("list", { name: "Messages" })).toContainText("Is the venue in Jaisalmer?");
  await fitsWidth(cp);
  await cp.getByRole("button", { name: "Accept quote and book" }).click();
  await expect(cp).toHaveURL(/\/profile\/bookings\/[\w-]+$/);
  const bookingId = cp.url().split("/").pop()!;
  await expect(cp.getByText("₹1,70,000").first()).toBeVisible();

  // 7. Both see the booking.
  await cp.goto("/profile/bookings");
  await expect(cp.getByRole("list", { name: "Upcoming bookings" })).toContainText(name);
  await fitsWidth(cp);
  await page.goto("/VendorDashboard/bookings");
  await page
    .getByRole("list", { name: "Upcoming bookings" })
    .getByRole("link", { name: new RegExp(couple.name) })
    .click();
  await expect(page).toHaveURL(`${origin}/VendorDashboard/bookings/${bookingId}`);
  await expect(page.getByText("₹1,70,000").first()).toBeVisible();
  await fitsWidth(page);

  // 8. The couple's review is published, without "Verified booking" yet: the wedding is 75 days away, and the
  // badge comes once the booked date has passed or the booking is completed (tests/integration/listing-api.test.ts).
  await cp.goto(`/service/${serviceId}`);
  const review = cp.locator("#review-form");
  await review.getByLabel("5 stars").check();
  for (const label of ["Quality", "Responsiveness", "Professionalism", "Value for money", "Flexibility"]) await review.getByLabel(label).selectOption("5");
  const comment = `The thali was the talk of our sangeet (${tag}); the team was on time and kind to every elder.`;
  await review.getByLabel("Your review").fill(comment);
  await review.getByRole("button", { name: LISTING.reviewSubmit }).click();
  await expect(cp.locator("#reviews").getByRole("status")).toHaveText("Thank you! Your review is published.");
  const published = cp.locator("#reviews li").filter({ hasText: comment });
  await expect(published).toBeVisible();
  await expect(published).not.toContainText(LISTING.verifiedBooking);

  // 9. The vendor's analytics: the view, the enquiry and the conversion.
  await page.goto("/VendorDashboard/analytics?days=7");
  const figure = (label: string) =>
    page
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
      .locator("dd")
      .first();
  await expect(figure("Service views")).not.toHaveText("0");
  await expect(figure("Enquiries")).toHaveText("1");
  await expect(figure("Bookings")).toHaveText("1");
  await expect(figure("Conversion")).toHaveText("100%");
  await fitsWidth(page);
  await c.context.close();
}

test("a new vendor's first service becomes a booking: sign-up, profile, service, photos, FAQ, search, enquiry, quote, booking, review, analytics @mobile", async ({
  page,
  browser,
  account,
}) => {
  test.setTimeout(240_000);
  const couple = await account({ role: "couple" });
  await journey(page, browser, couple, `journey-${page.viewportSize()!.width}`);
});
