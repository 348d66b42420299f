import { expect, test } from "./fixtures.ts";
import { bookingFor, inDays } from "./planning-support.ts";

/**
 * Issue 12's "done means", as one couple would live it in Chromium: start a Hindu wedding from the
 * template, tick checklist items, add a task, link the booked vendor to a function, set a budget and
 * see the booking's advance as paid, import guests, invite a household to the sangeet and the
 * wedding, a guest answers through the household's link without an account, the head-count
 * follows, and the morning reminder e-mail lists the task that is due.
 */
const CSV = ["Household,Name,Side,Relation,Phone,Email,City,Dietary", "Sharma family,Anil Sharma,Bride,Uncle,+91 98765 43210,,Jaipur,Veg"].join("\n");

test("a couple plans the wedding from template to head-count and gets the reminder of a due task", async ({ page, browser, login, factory, baseURL }) => {
  test.setTimeout(240_000);
  const { vendor, service } = await factory.vendorService();
  const couple = await login({ role: "couple" });
  await bookingFor(couple, vendor, service.id);

  // The profile: the daily reminder switched on.
  await page.goto("/profile");
  await page.getByLabel("E-mail me a daily planning reminder").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("E-mail me a daily planning reminder")).toBeChecked();

  // A Hindu wedding from the tradition template.
  await page.goto("/profile/weddingplan");
  await page.getByLabel("Tradition", { exact: true }).selectOption("hindu");
  await page.locator("#f-template-date").fill(inDays(90));
  await page.getByRole("button", { name: "See the functions" }).click();
  await page.getByRole("form", { name: "Hindu (North Indian) functions" }).getByRole("button", { name: "Create the ticked functions" }).click();
  await expect(page.getByText(/\d+ functions added to your plan\./)).toBeVisible();
  const timeline = page.getByTestId("timeline");

  // A task on the sangeet, due tomorrow.
  await timeline.getByRole("link", { name: "Sangeet", exact: true }).click();
  await page.getByText("Add a task").click();
  await page.getByLabel("Task", { exact: true }).fill("Confirm the dhol players");
  await page.getByLabel("Due date").fill(inDays(1));
  await page.getByRole("button", { name: "Add task" }).click();
  await expect(page.getByTestId("task").filter({ hasText: "Confirm the dhol players" })).toBeVisible();

  // The booked vendor, linked to the wedding itself.
  await page.goto("/profile/weddingplan");
  await timeline.getByRole("link", { name: "Wedding (Vivah)", exact: true }).click();
  const candidates = page.getByTestId("vendor-candidates");
  await expect(candidates.getByRole("listitem").filter({ hasText: service.name })).toContainText("Booked");
  await candidates.getByRole("button", { name: `Link ${service.name}` }).click();
  await expect(page.getByTestId("linked-vendors")).toContainText(service.name);

  // Checklist items ticked.
  await page.goto("/profile/checklist");
  // The tick shows at once (optimistic); the reload waits for the save, or it would cancel it.
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/profile/checklist"));
  await page.getByRole("checkbox", { name: "Book the caterer", exact: true }).click();
  await expect(page.getByRole("checkbox", { name: "Book the caterer", exact: true })).toHaveAttribute("aria-checked", "true");
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Book the caterer", exact: true })).toHaveAttribute("aria-checked", "true");

  // The budget: the booking's ₹40,000 advance is paid.
  await page.goto("/profile/weddingbudget");
  await page.getByLabel("Total budget (₹)").fill("2500000");
  await page.getByRole("button", { name: "Save total" }).click();
  const figures = page.getByTestId("budget-figures");
  await expect(figures).toContainText("₹25,00,000");
  await expect(figures.getByText("Paid", { exact: true }).locator("..")).toContainText("₹40,000");

  // Guests imported and the Sharma family invited to the sangeet and the wedding.
  await page.goto("/profile/guests");
  await page.locator('input[name="file"]').setInputFiles({ name: "guests.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await page.getByRole("button", { name: "Import guests" }).click();
  await expect(page.getByText("Imported 1 guest")).toBeVisible();
  await page.getByRole("checkbox", { name: "Invite Sharma family to Sangeet" }).check();
  await page.getByRole("checkbox", { name: "Invite Sharma family to Wedding (Vivah)" }).check();
  await page.getByRole("button", { name: "Save invitations of Sharma family" }).click();
  await expect(page.getByText("Invitations saved.")).toBeVisible();
  const sangeet = page.getByTestId("headcount-Sangeet");
  await expect(sangeet.getByTestId("attending")).toHaveText("0");

  // Anil answers through the household's link, with no account.
  const link = await page
    .getByTestId("household")
    .filter({ has: page.getByRole("heading", { level: 3, name: "Sharma family" }) })
    .getByTestId("rsvp-link")
    .getAttribute("href");
  const guest = await browser.newContext({ baseURL });
  const g = await guest.newPage();
  await g.goto(new URL(link!).pathname);
  await g.getByRole("radiogroup", { name: "Anil Sharma at Sangeet" }).getByLabel("Attending", { exact: true }).check();
  await g.getByLabel("How many people with Anil Sharma at Sangeet").fill("4");
  await g.getByRole("radiogroup", { name: "Anil Sharma at Wedding (Vivah)" }).getByLabel("Attending", { exact: true }).check();
  await g.getByRole("button", { name: "Save our answers" }).click();
  await expect(g.getByText("Thank you! Your answers are saved.")).toBeVisible();
  await guest.close();

  await page.reload();
  await expect(sangeet.getByTestId("attending")).toHaveText("4");
  await expect(page.getByTestId("headcount-Wedding (Vivah)").getByTestId("attending")).toHaveText("1");

  // The morning reminder, run by hand: the due task is in the couple's digest.
  await page.goto("/dev/cron");
  await page.getByLabel("Job").selectOption({ label: 'planning-reminders ("30 2 * * *")' });
  await page.getByRole("button", { name: "Run" }).click();
  await expect(page.getByRole("list", { name: "Results" })).toHaveText("planning-reminders: done");
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(couple.email)}`);
  const digest = page.getByTestId("mail").filter({ hasText: "Your wedding planning for" });
  await expect(digest).toHaveCount(1);
  await expect(digest).toContainText("Confirm the dhol players");
  await expect(digest).toContainText("Sangeet");
});
