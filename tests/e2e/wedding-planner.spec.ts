import { expect, test } from "./fixtures.ts";
import { indiaDateInDays } from "#shared/india-time.ts";
import { holdScripts } from "./held-scripts.ts";

/**
 * The wedding planner in Chromium (issue 12): a couple starts a Hindu wedding from the tradition
 * template (unticking and renaming proposed functions), adds a task to a function, changes its
 * status inline, and links a vendor from the wishlist; the plan's timeline shows all of it.
 */

const inDays = (n: number) => indiaDateInDays(n);

test("a couple starts a Hindu wedding from the template, adds a task, changes its status and links a vendor @mobile", async ({
  page,
  login,
  factory,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { service } = await factory.vendorService();
  await login({ role: "couple" });
  // The couple shortlisted the vendor earlier: it is offered as a candidate for each function.
  const wished = await page.request.post(`/api/v1/favorites/${service.id}`, { headers: { Origin: baseURL! } });
  expect(wished.status()).toBe(200);

  await page.goto("/profile/weddingplan");
  await expect(page.getByRole("heading", { level: 1, name: "Wedding Planner" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Start from a tradition" })).toBeVisible();

  const weddingDay = inDays(120);
  await page.getByLabel("Tradition", { exact: true }).selectOption("hindu");
  await page.locator("#f-template-date").fill(weddingDay);
  await page.getByRole("button", { name: "See the functions" }).click();
  const proposal = page.getByRole("form", { name: "Hindu (North Indian) functions" });
  await expect(proposal.getByLabel("Keep Sangeet")).toBeChecked();
  await proposal.getByLabel("Keep Roka").uncheck();
  await proposal.getByLabel("Name of Sangeet").fill("Sangeet night");
  await expect(proposal.getByLabel("Date of Sangeet")).toHaveValue(inDays(119));
  await proposal.getByRole("button", { name: "Create the ticked functions" }).click();

  await expect(page.getByText("6 functions added to your plan.")).toBeVisible();
  const timeline = page.getByTestId("timeline");
  await expect(timeline.getByRole("link", { name: "Sangeet night", exact: true })).toBeVisible();
  await expect(timeline.getByRole("link", { name: "Wedding (Vivah)", exact: true })).toBeVisible();
  await expect(timeline.getByRole("list", { name: "Sub-events of Wedding (Vivah)" })).toContainText("Kanyadaan");
  await expect(timeline.getByRole("link", { name: "Roka", exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("plan.png"), fullPage: true });

  await timeline.getByRole("link", { name: "Sangeet night", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sangeet night" })).toBeVisible();
  await page.getByText("Add a task").click();
  await page.getByLabel("Task", { exact: true }).fill("Book the choreographer");
  await page.getByLabel("Assigned to").fill("Bride's sister");
  await page.getByLabel("Priority").selectOption("HIGH");
  await page.getByRole("button", { name: "Add task" }).click();
  await expect(page.getByText("Task “Book the choreographer” added.")).toBeVisible();
  const task = page.getByTestId("task").filter({ hasText: "Book the choreographer" });
  await expect(task).toContainText("assigned to Bride's sister");

  await task.getByLabel("Status of Book the choreographer").selectOption("DONE");
  await expect(page.getByText("“Book the choreographer” is now done.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Status of Book the choreographer")).toHaveValue("DONE");
  await expect(page.getByText("1 of 1 tasks done")).toBeVisible();

  const candidates = page.getByTestId("vendor-candidates");
  await expect(candidates).toContainText(service.name);
  await expect(candidates).toContainText("Wishlist");
  await candidates.getByRole("button", { name: `Link ${service.name}` }).click();
  await expect(page.getByTestId("linked-vendors")).toContainText(service.name);
  await page.screenshot({ path: test.info().outputPath("function.png"), fullPage: true });

  await page.getByRole("link", { name: "← Wedding Planner" }).click();
  const sangeet = page.getByTestId("timeline-event").filter({ hasText: "Sangeet night" });
  await expect(sangeet.getByLabel("Vendors for Sangeet night")).toContainText(service.name);
  await expect(sangeet).toContainText("1 of 1 tasks done");
});

test("a bad time on a new function is refused with the field named, and nothing is added", async ({ page, login }) => {
  await login({ role: "couple" });
  await page.goto("/profile/weddingplan");
  await page.getByLabel("Function name").fill("Cocktail night");
  await page.locator("#f-eventDate").fill(inDays(60));
  await page.getByLabel("Starts at").fill("21:00");
  await page.getByLabel("Ends at").fill("20:00");
  await page.getByRole("button", { name: "Add function" }).click();
  await expect(page.getByText("The end time must be after the start time.")).toBeVisible();
  await expect(page.getByLabel("Function name")).toHaveValue("Cocktail night");
  const plan = (await (await page.request.get("/api/v1/event/getevents")).json()) as { events: unknown[] };
  expect(plan.events).toEqual([]);
});

test("a task's status changed before the page's scripts ran is saved once they have, not put back", async ({ page, login, baseURL }) => {
  await login({ role: "couple" });
  const headers = { Origin: baseURL! };
  const made = await page.request.post("/api/v1/event/newevent", { headers, data: { eventName: "Haldi", eventDate: inDays(90), eventStartTime: "10:00" } });
  expect(made.status(), await made.text()).toBe(201);
  const eventId = ((await made.json()) as { event: { id: string } }).event.id;
  const task = await page.request.post(`/api/v1/event/task/${eventId}`, { headers, data: { name: "Order the turmeric" } });
  expect(task.status(), await task.text()).toBe(201);

  // A slow phone: the page is on screen and its select usable before the scripts arrive.
  const scripts = await holdScripts(page);
  await page.goto(`/profile/weddingplan/${eventId}`, { waitUntil: "domcontentloaded" });
  await page.getByLabel("Status of Order the turmeric").selectOption("IN_PROGRESS");
  scripts.release();
  await scripts.hydrated();
  await expect(page.getByText("“Order the turmeric” is now in progress.")).toBeVisible();
  await expect(page.getByLabel("Status of Order the turmeric")).toHaveValue("IN_PROGRESS");
  const tasks = (await (await page.request.get(`/api/v1/event/tasks/${eventId}`)).json()) as { tasks: { name: string; status: string }[] };
  expect(tasks.tasks).toEqual([expect.objectContaining({ name: "Order the turmeric", status: "IN_PROGRESS" })]);
});
