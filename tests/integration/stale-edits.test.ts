import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { itemVersion } from "#shared/checklist.ts";
import { call, createService, createVendor, sessionCookieFor, snapshot } from "#tests/support/factories.ts";
import { coupleAndMother as coupleWithMother } from "#tests/support/co-planner.ts";
import { postPage, toastOf } from "#tests/support/pages.ts";
import { sampleCanvas } from "#tests/support/invitations.ts";

/**
 * No silent overwrite (issue 33, docs/decisions/0052-plan-together-live.md): the couple and the
 * bride's mother (an editor of every planning area) edit one guest, one budget line or one
 * checklist item from two copies read at the same version. The first edit is saved; the second,
 * made on the now stale copy, is refused (409) with the current value, by the API and by the page's
 * form alike, and changes nothing (the row, and the activity list). An edit that sends the
 * current version is saved.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });

/** A couple and the bride's mother, an editor of guests, budget and plan in the couple's wedding (her current one). */
const coupleAndMother = () => coupleWithMother({ areas: "guests,budget,plan", seesContacts: false });

const activityCount = (weddingId: string, action: string) =>
  env.DB.prepare("SELECT COUNT(*) AS n FROM wedding_activity WHERE wedding_id = ? AND action = ?")
    .bind(weddingId, action)
    .first<{ n: number }>()
    .then((r) => r?.n ?? 0);

describe("one guest edited from two copies", () => {
  async function guestOfCouple(cookie: string) {
    const res = await json(await call("/api/v1/guests", { method: "POST", cookie, body: { name: "Ravi Sharma", side: "BRIDE", city: "Jaipur" } }));
    expect(res.status).toBe(201);
    return res.body.guest as { id: string; version: number };
  }

  it("API: the mother's edit is saved; the couple's, made on the same version, is 409 with the guest as it is now; with the current version it is saved", async () => {
    const { couple, mother, weddingId } = await coupleAndMother();
    const guest = await guestOfCouple(couple.cookie);

    const first = await json(
      await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: mother.cookie, body: { city: "Udaipur", version: guest.version } }),
    );
    expect(first.status).toBe(200);
    expect(first.body.guest).toMatchObject({ city: "Udaipur" });
    expect(first.body.guest.version).toBeGreaterThan(guest.version);

    const before = await snapshot("SELECT * FROM guests WHERE id = ?", guest.id);
    const changes = await activityCount(weddingId, "guest_changed");
    const stale = await json(
      await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: couple.cookie, body: { city: "Kota", version: guest.version } }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, current: { id: guest.id, city: "Udaipur", version: first.body.guest.version } });
    expect(stale.body.message).toBe(
      "Ravi Sharma's details were changed by someone else after you opened them, so your change was not saved. The guest list now shows what they say; make your change again if it is still needed.",
    );
    expect(await snapshot("SELECT * FROM guests WHERE id = ?", guest.id)).toBe(before);
    expect(await activityCount(weddingId, "guest_changed")).toBe(changes);

    const again = await json(
      await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: couple.cookie, body: { city: "Kota", version: stale.body.current.version } }),
    );
    expect(again.status).toBe(200);
    expect(again.body.guest).toMatchObject({ city: "Kota" });
  });

  it("page form: the second save of the edit form drawn at the same version is refused on the page, and the form is not refilled with what was typed", async () => {
    const { couple, mother } = await coupleAndMother();
    const guest = await guestOfCouple(couple.cookie);
    const form = (cookie: string, city: string) =>
      postPage("/profile/guests", { intent: "editGuest", guestId: guest.id, version: String(guest.version), name: "Ravi Sharma", side: "BRIDE", city }, cookie);

    const saved = await form(mother.cookie, "Udaipur");
    expect(saved.status).toBe(303);
    expect(toastOf(saved)).toMatchObject({ type: "success" });

    const refused = await form(couple.cookie, "Kota");
    expect(refused.status).toBe(409);
    const failure = await refused.json<Loose>();
    expect(failure).toMatchObject({ ok: false, intent: "editGuest" });
    expect(failure.message).toContain("Ravi Sharma's details were changed by someone else");
    expect(failure.values).toBeUndefined();
    expect(await env.DB.prepare("SELECT city FROM guests WHERE id = ?").bind(guest.id).first("city")).toBe("Udaipur");
  });
});

describe("removals and households on a stale copy", () => {
  it("API: a guest removed on a copy someone changed since is 409 with the guest as it is now and stays; with the current version it goes", async () => {
    const { couple, mother, weddingId } = await coupleAndMother();
    const res = await json(await call("/api/v1/guests", { method: "POST", cookie: couple.cookie, body: { name: "Ravi Sharma", side: "BRIDE" } }));
    const guest = res.body.guest as { id: string; version: number };
    expect((await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: mother.cookie, body: { city: "Udaipur", version: guest.version } })).status).toBe(
      200,
    );

    const stale = await json(await call(`/api/v1/guests/${guest.id}?version=${guest.version}`, { method: "DELETE", cookie: couple.cookie }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, current: { id: guest.id, city: "Udaipur" } });
    expect(stale.body.message).toBe(
      "Ravi Sharma's details were changed by someone else after you opened them, so Ravi Sharma was not removed. The guest list now shows what they say; remove them again if it is still needed.",
    );
    expect(await env.DB.prepare("SELECT city FROM guests WHERE id = ?").bind(guest.id).first("city")).toBe("Udaipur");
    expect(await activityCount(weddingId, "guest_removed")).toBe(0);

    const hindi = await json(
      await call(`/api/v1/guests/${guest.id}?version=${guest.version}`, { method: "DELETE", cookie: couple.cookie, headers: { "Accept-Language": "hi" } }),
    );
    expect(hindi.body.message).toContain("को हटाया नहीं गया");
    const gone = await call(`/api/v1/guests/${guest.id}?version=${stale.body.current.version}`, { method: "DELETE", cookie: couple.cookie });
    expect(gone.status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM guests WHERE id = ?").bind(guest.id).first("n")).toBe(0);
    expect(await activityCount(weddingId, "guest_removed")).toBe(1);
  });

  it("a household renamed on the page from a stale form is refused, and removed through the API from a stale copy is 409 with its guests kept", async () => {
    const { couple, mother, weddingId } = await coupleAndMother();
    const made = await json(await call("/api/v1/guests/households", { method: "POST", cookie: couple.cookie, body: { name: "Sharma family" } }));
    const household = made.body.household as { id: string; version: number };
    await call("/api/v1/guests", { method: "POST", cookie: couple.cookie, body: { name: "Anil Sharma", householdId: household.id } });
    const renamed = await json(
      await call(`/api/v1/guests/households/${household.id}`, {
        method: "PUT",
        cookie: mother.cookie,
        body: { name: "Sharma parivar", version: household.version },
      }),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.household.version).toBeGreaterThan(household.version);

    const form = await postPage(
      "/profile/guests",
      { intent: "editHousehold", householdId: household.id, version: String(household.version), name: "Sharmas", notes: "" },
      couple.cookie,
    );
    expect(form.status).toBe(409);
    const failure = await form.json<Loose>();
    expect(failure).toMatchObject({ ok: false, intent: "editHousehold" });
    expect(failure.message).toBe(
      "The household “Sharma parivar” was changed by someone else after you opened it, so your change was not saved. It now shows what is stored; make your change again if it is still needed.",
    );
    const removed = await json(
      await call(`/api/v1/guests/households/${household.id}?version=${household.version}`, { method: "DELETE", cookie: couple.cookie }),
    );
    expect(removed.status).toBe(409);
    expect(removed.body.current).toMatchObject({ id: household.id, name: "Sharma parivar", guestCount: 1 });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM guests WHERE household_id = ?").bind(household.id).first("n")).toBe(1);
    expect(await activityCount(weddingId, "household_removed")).toBe(0);

    // From the page's form drawn at the current version it goes, with its guest.
    const current = removed.body.current.version as number;
    const gone = await postPage("/profile/guests", { intent: "deleteHousehold", householdId: household.id, version: String(current) }, couple.cookie);
    expect(gone.status).toBe(303);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM guests WHERE household_id = ?").bind(household.id).first("n")).toBe(0);
    expect(await activityCount(weddingId, "household_removed")).toBe(1);
  });
});

describe("one budget line edited from two copies", () => {
  async function lineOfCouple(cookie: string) {
    const res = await json(
      await call("/api/v1/budget/lines", { method: "POST", cookie, body: { category: "music", label: "Dhol players", estimated: 25000 } }),
    );
    expect(res.status).toBe(201);
    return res.body.line as { id: string; version: number };
  }

  it("API: the second edit on the same version is 409 naming the line's current amounts, and changes nothing", async () => {
    const { couple, mother, weddingId } = await coupleAndMother();
    const line = await lineOfCouple(couple.cookie);

    const first = await json(
      await call(`/api/v1/budget/lines/${line.id}`, { method: "PUT", cookie: couple.cookie, body: { estimated: 30000, version: line.version } }),
    );
    expect(first.status).toBe(200);

    const before = await snapshot("SELECT * FROM budget_lines WHERE id = ?", line.id);
    const changes = await activityCount(weddingId, "budget_line_changed");
    const stale = await json(
      await call(`/api/v1/budget/lines/${line.id}`, { method: "PUT", cookie: mother.cookie, body: { estimated: 18000, version: line.version } }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: line.id, estimated: 30000, version: first.body.line.version });
    expect(stale.body.message).toBe(
      "The budget line “Dhol players” was changed by someone else after you opened it, so your change was not saved. It now reads: estimated ₹30,000, quoted ₹0, booked ₹0, paid ₹0.",
    );
    expect(await snapshot("SELECT * FROM budget_lines WHERE id = ?", line.id)).toBe(before);
    expect(await activityCount(weddingId, "budget_line_changed")).toBe(changes);
  });

  it("a version that is not a number is a 400 naming the field, not a refusal of the edit", async () => {
    const { couple } = await coupleAndMother();
    const line = await lineOfCouple(couple.cookie);
    const bad = await json(
      await call(`/api/v1/budget/lines/${line.id}`, { method: "PUT", cookie: couple.cookie, body: { estimated: 1, version: "yesterday" } }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["version"]);
  });

  it("page form: the edit-line form sent twice from the same drawn page saves once; the second is refused on the page with the line's amounts", async () => {
    const { couple, mother } = await coupleAndMother();
    const line = await lineOfCouple(couple.cookie);
    const form = (cookie: string, estimated: string) =>
      postPage(
        "/profile/weddingbudget",
        {
          intent: "edit-line",
          lineId: line.id,
          version: String(line.version),
          category: "music",
          label: "Dhol players",
          estimated,
          quoted: "0",
          booked: "0",
          paid: "0",
        },
        cookie,
      );
    expect((await form(mother.cookie, "40000")).status).toBe(302);
    const refused = await form(couple.cookie, "20000");
    expect(refused.status).toBe(409);
    const failure = await refused.json<Loose>();
    expect(failure).toMatchObject({ ok: false, intent: "edit-line" });
    expect(failure.message).toContain("It now reads: estimated ₹40,000");
    expect(await env.DB.prepare("SELECT estimated FROM budget_lines WHERE id = ?").bind(line.id).first("estimated")).toBe(40000);
  });
});

describe("one checklist item changed from two copies", () => {
  const BOOK_DJ = { category: "3", item: "0", name: "Book the DJ" };

  it("page form (with JavaScript): a toggle drawn before the mother scheduled the item is refused with the item as it is now", async () => {
    const { couple, mother } = await coupleAndMother();
    const drawn = itemVersion({ name: "Book the DJ", done: false, scheduleDate: null });

    const scheduled = await postPage(
      "/profile/checklist",
      { intent: "schedule", ...BOOK_DJ, scheduleDate: "2027-02-10", version: drawn, js: "1" },
      mother.cookie,
    );
    expect(scheduled.status).toBe(200);
    expect(await scheduled.json()).toMatchObject({ ok: true });

    const stale = await postPage("/profile/checklist", { intent: "toggle", ...BOOK_DJ, done: "true", version: drawn, js: "1" }, couple.cookie);
    expect(stale.status).toBe(409);
    expect((await stale.json<Loose>()).message).toBe(
      "“Book the DJ” was changed by someone else after you opened the checklist, so your change was not saved. It is now: not done, scheduled for 10 Feb 2027.",
    );
    const list = (await json(await call("/api/v1/checklist/get", { cookie: couple.cookie }))).body.categories;
    expect(list[3].items[0]).toEqual({ name: "Book the DJ", done: false, scheduleDate: "2027-02-10" });

    const current = itemVersion(list[3].items[0]);
    const toggled = await postPage("/profile/checklist", { intent: "toggle", ...BOOK_DJ, done: "true", version: current, js: "1" }, couple.cookie);
    expect(toggled.status).toBe(200);
  });

  it("page form (without JavaScript): the refusal comes back to the page as an error toast and the item keeps the other edit", async () => {
    const { couple, mother } = await coupleAndMother();
    const drawn = itemVersion({ name: "Book the DJ", done: false, scheduleDate: null });
    expect((await postPage("/profile/checklist", { intent: "toggle", ...BOOK_DJ, done: "true", version: drawn }, mother.cookie)).status).toBe(303);
    const stale = await postPage("/profile/checklist", { intent: "schedule", ...BOOK_DJ, scheduleDate: "2027-03-01", version: drawn }, couple.cookie);
    expect(stale.status).toBe(302);
    expect(toastOf(stale)).toEqual({
      type: "error",
      message: "“Book the DJ” was changed by someone else after you opened the checklist, so your change was not saved. It is now: done.",
    });
    const list = (await json(await call("/api/v1/checklist/get", { cookie: couple.cookie }))).body.categories;
    expect(list[3].items[0]).toEqual({ name: "Book the DJ", done: true, scheduleDate: null });
  });

  it("API: a whole list saved over the version it was read at is refused once another save moved it on, with the list as it is now", async () => {
    const { couple, mother } = await coupleAndMother();
    const read = (await json(await call("/api/v1/checklist/get", { cookie: couple.cookie }))).body as { categories: Loose[]; version: number };
    expect(read.version).toBe(0);
    const mine = [{ category: "Ours", items: [{ name: "Book the ghodi", done: false, scheduleDate: null }] }];
    const hers = [{ category: "Family", items: [{ name: "Call the pandit", done: true, scheduleDate: null }] }];

    const first = await json(
      await call("/api/v1/checklist/save", { method: "POST", cookie: mother.cookie, body: { categories: hers, version: read.version } }),
    );
    expect(first.status).toBe(200);
    expect(first.body.version).toBeGreaterThan(0);
    const stale = await json(
      await call("/api/v1/checklist/save", { method: "POST", cookie: couple.cookie, body: { categories: mine, version: read.version } }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual({ categories: hers, version: first.body.version });
    expect(stale.body.message).toBe(
      "The checklist was changed by someone else after you opened it, so your list was not saved. Here is the list as it is now.",
    );
    expect((await json(await call("/api/v1/checklist/get", { cookie: couple.cookie }))).body).toMatchObject({ categories: hers, version: first.body.version });

    const again = await json(
      await call("/api/v1/checklist/save", { method: "POST", cookie: couple.cookie, body: { categories: mine, version: first.body.version } }),
    );
    expect(again.status).toBe(200);
  });
});

describe("a budget line deleted from a stale copy", () => {
  it("API: the delete sent with the version read before the mother's edit is 409 with the line's amounts now, and the line stays; with the current version it goes", async () => {
    const { couple, mother, weddingId } = await coupleAndMother();
    const made = await json(
      await call("/api/v1/budget/lines", { method: "POST", cookie: couple.cookie, body: { category: "music", label: "Dhol players", estimated: 25000 } }),
    );
    const line = made.body.line as { id: string; version: number };
    const edited = await json(
      await call(`/api/v1/budget/lines/${line.id}`, { method: "PUT", cookie: mother.cookie, body: { estimated: 32000, version: line.version } }),
    );
    expect(edited.status).toBe(200);

    const before = await snapshot("SELECT * FROM budget_lines WHERE id = ?", line.id);
    const stale = await json(await call(`/api/v1/budget/lines/${line.id}?version=${line.version}`, { method: "DELETE", cookie: couple.cookie }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, current: { id: line.id, estimated: 32000, version: edited.body.line.version } });
    expect(stale.body.message).toBe(
      "The budget line “Dhol players” was changed by someone else after you opened it, so it was not deleted. It now reads: estimated ₹32,000, quoted ₹0, booked ₹0, paid ₹0. Delete it again if it is still not needed.",
    );
    expect(await snapshot("SELECT * FROM budget_lines WHERE id = ?", line.id)).toBe(before);
    expect(await activityCount(weddingId, "budget_line_removed")).toBe(0);
    const hindi = await json(
      await call(`/api/v1/budget/lines/${line.id}?version=${line.version}`, { method: "DELETE", cookie: couple.cookie, headers: { "Accept-Language": "hi" } }),
    );
    expect(hindi.body.message).toContain("इसलिए उसे हटाया नहीं गया");

    const gone = await call(`/api/v1/budget/lines/${line.id}?version=${stale.body.current.version}`, { method: "DELETE", cookie: couple.cookie });
    expect(gone.status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM budget_lines WHERE id = ?").bind(line.id).first("n")).toBe(0);
    expect(await activityCount(weddingId, "budget_line_removed")).toBe(1);
  });

  it("page form: the delete button drawn before the mother's edit is refused on the page; the same button drawn now deletes; the API without a version deletes as before", async () => {
    const { couple, mother } = await coupleAndMother();
    const add = async (label: string) =>
      (await json(await call("/api/v1/budget/lines", { method: "POST", cookie: couple.cookie, body: { category: "decor", label, estimated: 60000 } }))).body
        .line as { id: string; version: number };
    const line = await add("Mandap flowers");
    const edited = await json(
      await call(`/api/v1/budget/lines/${line.id}`, { method: "PUT", cookie: mother.cookie, body: { quoted: 75000, version: line.version } }),
    );
    const remove = (version: number) => postPage("/profile/weddingbudget", { intent: "delete-line", lineId: line.id, version: String(version) }, couple.cookie);

    const refused = await remove(line.version);
    expect(refused.status).toBe(409);
    const failure = await refused.json<Loose>();
    expect(failure).toMatchObject({ ok: false, intent: "delete-line" });
    expect(failure.message).toContain("It now reads: estimated ₹60,000, quoted ₹75,000");
    expect(await env.DB.prepare("SELECT quoted FROM budget_lines WHERE id = ?").bind(line.id).first("quoted")).toBe(75000);

    expect((await remove(edited.body.line.version)).status).toBe(302);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM budget_lines WHERE id = ?").bind(line.id).first("n")).toBe(0);

    const other = await add("Entrance arch");
    expect((await call(`/api/v1/budget/lines/${other.id}`, { method: "DELETE", cookie: mother.cookie })).status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM budget_lines WHERE id = ?").bind(other.id).first("n")).toBe(0);
  });
});

describe("one task changed from two copies", () => {
  async function taskOfCouple(cookie: string) {
    const fn = await json(
      await call("/api/v1/event/newevent", { method: "POST", cookie, body: { eventName: "Mehendi", eventDate: "2027-02-12", eventBudget: 80000 } }),
    );
    expect(fn.status).toBe(201);
    const eventId = fn.body.event.id as string;
    const made = await json(await call(`/api/v1/event/task/${eventId}`, { method: "POST", cookie, body: { name: "Book the mehendi artist" } }));
    expect(made.status).toBe(201);
    return { eventId, task: made.body.task as { id: string; version: number } };
  }

  it("API: an edit, a status and a delete sent with the version read before the mother's edit are each 409 with the task now and change nothing; with the current version they are saved", async () => {
    const { couple, mother, weddingId } = await coupleAndMother();
    const { eventId, task } = await taskOfCouple(couple.cookie);
    const first = await json(
      await call(`/api/v1/event/task/${task.id}`, {
        method: "PUT",
        cookie: mother.cookie,
        body: { dueDate: "2027-01-20", status: "IN_PROGRESS", version: task.version },
      }),
    );
    expect(first.status).toBe(200);
    expect(first.body.task.version).toBeGreaterThan(task.version);

    const before = await snapshot("SELECT * FROM tasks WHERE id = ?", task.id);
    const changes = await activityCount(weddingId, "task_changed");
    const said =
      "The task “Book the mehendi artist” was changed by someone else after you opened it, so your change was not saved. It is now: in progress, due 20 Jan 2027.";
    const edit = await json(
      await call(`/api/v1/event/task/${task.id}`, { method: "PUT", cookie: couple.cookie, body: { assignee: "Asha", version: task.version } }),
    );
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({
      success: false,
      current: { id: task.id, status: "IN_PROGRESS", dueDate: "2027-01-20", version: first.body.task.version },
    });
    expect(edit.body.message).toBe(said);
    const status = await json(
      await call(`/api/v1/event/task/status/${task.id}`, { method: "PATCH", cookie: couple.cookie, body: { status: "DONE", version: task.version } }),
    );
    expect(status.status).toBe(409);
    expect(status.body.message).toBe(said);
    const removed = await json(await call(`/api/v1/event/task/${eventId}/${task.id}?version=${task.version}`, { method: "DELETE", cookie: couple.cookie }));
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe(
      "The task “Book the mehendi artist” was changed by someone else after you opened it, so it was not deleted. It is now: in progress, due 20 Jan 2027. Delete it again if it is still not needed.",
    );
    const hindi = await json(
      await call(`/api/v1/event/task/status/${task.id}`, {
        method: "PATCH",
        cookie: couple.cookie,
        headers: { "Accept-Language": "hi" },
        body: { status: "DONE", version: task.version },
      }),
    );
    expect(hindi.body.message).toContain("अब यह है: चल रहा है, 20 जनवरी 2027 तक।");
    expect(await snapshot("SELECT * FROM tasks WHERE id = ?", task.id)).toBe(before);
    expect(await activityCount(weddingId, "task_changed")).toBe(changes);
    expect(await activityCount(weddingId, "task_removed")).toBe(0);

    const current = first.body.task.version as number;
    const done = await json(
      await call(`/api/v1/event/task/status/${task.id}`, { method: "PATCH", cookie: couple.cookie, body: { status: "DONE", version: current } }),
    );
    expect(done.status).toBe(200);
    expect(done.body.task).toMatchObject({ status: "DONE" });
    // Without a version the API changes the task as before (guarded only against a change between its own read and write).
    const unversioned = await json(await call(`/api/v1/event/task/${task.id}`, { method: "PUT", cookie: mother.cookie, body: { assignee: "Meena" } }));
    expect(unversioned.status).toBe(200);
    const gone = await call(`/api/v1/event/task/${eventId}/${task.id}?version=${unversioned.body.task.version}`, { method: "DELETE", cookie: couple.cookie });
    expect(gone.status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM tasks WHERE id = ?").bind(task.id).first("n")).toBe(0);
  });

  it("page forms: the edit, status and delete forms drawn before the mother's edit are refused on the function's page, and the task keeps her change", async () => {
    const { couple, mother } = await coupleAndMother();
    const { eventId, task } = await taskOfCouple(couple.cookie);
    const path = `/profile/weddingplan/${eventId}`;
    const drawn = String(task.version);
    const saved = await postPage(
      path,
      { intent: "task-update", taskId: task.id, version: drawn, name: "Book the mehendi artist", assignee: "Meena" },
      mother.cookie,
    );
    expect(saved.status).toBe(302);

    const edit = await postPage(
      path,
      { intent: "task-update", taskId: task.id, version: drawn, name: "Book Asha's mehendi artist", assignee: "" },
      couple.cookie,
    );
    expect(edit.status).toBe(409);
    const failure = await edit.json<Loose>();
    expect(failure).toMatchObject({ ok: false, intent: "task-update" });
    expect(failure.message).toContain("The task “Book the mehendi artist” was changed by someone else");
    expect(failure.values).toBeUndefined();
    const status = await postPage(path, { intent: "task-status", taskId: task.id, version: drawn, status: "DONE" }, couple.cookie);
    expect(status.status).toBe(409);
    expect(await status.json<Loose>()).toMatchObject({ ok: false, intent: "task-status" });
    const remove = await postPage(path, { intent: "task-delete", taskId: task.id, taskEventId: eventId, version: drawn }, couple.cookie);
    expect(remove.status).toBe(409);
    expect(await env.DB.prepare("SELECT name, assignee, status FROM tasks WHERE id = ?").bind(task.id).first()).toEqual({
      name: "Book the mehendi artist",
      assignee: "Meena",
      status: "TODO",
    });

    const now = String(await env.DB.prepare("SELECT updated_at FROM tasks WHERE id = ?").bind(task.id).first("updated_at"));
    expect((await postPage(path, { intent: "task-status", taskId: task.id, version: now, status: "DONE" }, couple.cookie)).status).toBe(302);
    const after = String(await env.DB.prepare("SELECT updated_at FROM tasks WHERE id = ?").bind(task.id).first("updated_at"));
    expect((await postPage(path, { intent: "task-delete", taskId: task.id, taskEventId: eventId, version: after }, couple.cookie)).status).toBe(302);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM tasks WHERE id = ?").bind(task.id).first("n")).toBe(0);
  });
});

describe("the total budget changed from two copies", () => {
  it("API: a total sent with the total the copy showed is refused once the mother set another, with the total now; with it, or without a version, it is saved", async () => {
    const { couple, mother, weddingId } = await coupleAndMother();
    const total = () => env.DB.prepare("SELECT total_budget FROM users WHERE id = ?").bind(couple.id).first("total_budget");
    const set = (cookie: string, body: Loose, headers: Record<string, string> = {}) =>
      call("/api/v1/budget/total", { method: "PUT", cookie, body, headers }).then(json);

    // Neither had a total: the version of "none set" is 0.
    expect((await set(mother.cookie, { totalBudget: 2000000, version: 0 })).status).toBe(200);
    const stale = await set(couple.cookie, { totalBudget: 1500000, version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, current: { totalBudget: 2000000, version: 2000000 } });
    expect(stale.body.message).toBe(
      "The total budget was changed by someone else after you opened the budget, so your change was not saved. It is now ₹20,00,000.",
    );
    expect((await set(couple.cookie, { totalBudget: 1500000, version: 0 }, { "Accept-Language": "hi" })).body.message).toContain("₹20,00,000");
    expect(await total()).toBe(2000000);
    expect(await activityCount(weddingId, "budget_total_set")).toBe(1);

    expect((await set(couple.cookie, { totalBudget: 1500000, version: stale.body.current.version })).status).toBe(200);
    expect(await total()).toBe(1500000);
    expect((await set(mother.cookie, { totalBudget: 1800000 })).status).toBe(200);
    expect(await total()).toBe(1800000);
    expect(await activityCount(weddingId, "budget_total_set")).toBe(3);
  });

  it("page form: the total form drawn before the mother's change is refused on the page and not refilled; drawn now, it saves", async () => {
    const { couple, mother } = await coupleAndMother();
    expect((await postPage("/profile/weddingbudget", { intent: "total", totalBudget: "2500000", version: "0" }, mother.cookie)).status).toBe(302);
    const refused = await postPage("/profile/weddingbudget", { intent: "total", totalBudget: "3000000", version: "0" }, couple.cookie);
    expect(refused.status).toBe(409);
    const failure = await refused.json<Loose>();
    expect(failure).toMatchObject({ ok: false, intent: "total" });
    expect(failure.message).toContain("It is now ₹25,00,000.");
    expect(failure.values).toBeUndefined();
    expect(await env.DB.prepare("SELECT total_budget FROM users WHERE id = ?").bind(couple.id).first("total_budget")).toBe(2500000);
    expect((await postPage("/profile/weddingbudget", { intent: "total", totalBudget: "3000000", version: "2500000" }, couple.cookie)).status).toBe(302);
    expect(await env.DB.prepare("SELECT total_budget FROM users WHERE id = ?").bind(couple.id).first("total_budget")).toBe(3000000);
  });
});

describe("one function changed from two copies", () => {
  /** The couple's Mehendi (12 Feb 2027) with a sub-event and a task. */
  async function functionOfCouple(cookie: string) {
    const fn = await json(
      await call("/api/v1/event/newevent", { method: "POST", cookie, body: { eventName: "Mehendi", eventDate: "2027-02-12", eventBudget: 80000 } }),
    );
    expect(fn.status).toBe(201);
    const event = fn.body.event as { id: string; version: number };
    const sub = await json(
      await call(`/api/v1/event/${event.id}/subevent`, { method: "POST", cookie, body: { subEventName: "Haldi", subEventDate: "2027-02-12" } }),
    );
    expect(sub.status).toBe(201);
    expect((await call(`/api/v1/event/task/${event.id}`, { method: "POST", cookie, body: { name: "Book the mehendi artist" } })).status).toBe(201);
    return { event, subEvent: sub.body.subEvent as { id: string; version: number } };
  }
  const familyOf = (eventId: string) =>
    snapshot(
      "SELECT e.*, (SELECT COUNT(*) FROM tasks t WHERE t.event_id = e.id) AS tasks FROM events e WHERE e.id = ? OR e.parent_id = ? ORDER BY e.id",
      eventId,
      eventId,
    );

  it("API: a change and a delete sent with the version read before the mother moved the function are 409 with its day and times now, and change nothing; with the current version they are saved", async () => {
    const { couple, mother, weddingId } = await coupleAndMother();
    const { event } = await functionOfCouple(couple.cookie);
    const first = await json(
      await call(`/api/v1/event/${event.id}`, {
        method: "PUT",
        cookie: mother.cookie,
        body: { eventStartTime: "16:00", eventEndTime: "20:00", version: event.version },
      }),
    );
    expect(first.status).toBe(200);
    expect(first.body.event.version).toBeGreaterThan(event.version);

    const before = await familyOf(event.id);
    const changes = await activityCount(weddingId, "function_changed");
    const renamed = await json(
      await call(`/api/v1/event/${event.id}`, { method: "PUT", cookie: couple.cookie, body: { eventName: "Mehndi night", version: event.version } }),
    );
    expect(renamed.status).toBe(409);
    expect(renamed.body).toMatchObject({
      success: false,
      current: { id: event.id, eventName: "Mehendi", startTime: "16:00", endTime: "20:00", version: first.body.event.version },
    });
    expect(renamed.body.message).toBe(
      "The function “Mehendi” was changed by someone else after you opened it, so your change was not saved. It is now on 12 Feb 2027, 16:00 to 20:00.",
    );
    const hindi = await json(
      await call(`/api/v1/event/${event.id}`, {
        method: "PUT",
        cookie: couple.cookie,
        headers: { "Accept-Language": "hi" },
        body: { eventName: "Mehndi night", version: event.version },
      }),
    );
    expect(hindi.body.message).toContain("अब यह 12 फ़रवरी 2027 को 16:00 से 20:00 बजे तक है।");
    const removed = await json(await call(`/api/v1/event/${event.id}?version=${event.version}`, { method: "DELETE", cookie: couple.cookie }));
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe(
      "The function “Mehendi” was changed by someone else after you opened it, so it was not deleted. It is now on 12 Feb 2027, 16:00 to 20:00. Delete it again if it is still not needed.",
    );
    expect(await familyOf(event.id)).toBe(before);
    expect(await activityCount(weddingId, "function_changed")).toBe(changes);
    expect(await activityCount(weddingId, "function_removed")).toBe(0);

    const current = first.body.event.version as number;
    const again = await json(
      await call(`/api/v1/event/${event.id}`, { method: "PUT", cookie: couple.cookie, body: { eventName: "Mehndi night", version: current } }),
    );
    expect(again.status).toBe(200);
    expect(again.body.event).toMatchObject({ eventName: "Mehndi night" });
    // The rename moved the version on: a delete decided before it is refused; one sent with it removes the function and all under it.
    expect((await call(`/api/v1/event/${event.id}?version=${current}`, { method: "DELETE", cookie: mother.cookie })).status).toBe(409);
    const gone = await json(await call(`/api/v1/event/${event.id}?version=${again.body.event.version}`, { method: "DELETE", cookie: mother.cookie }));
    expect(gone.status).toBe(200);
    expect(gone.body.removedTasks).toBe(1);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE id = ? OR parent_id = ?").bind(event.id, event.id).first("n")).toBe(0);
    expect(await activityCount(weddingId, "function_removed")).toBe(1);
  });

  it("page forms: a sub-event's edit and the function's delete drawn before the mother's change are refused on the page; the plan's delete drawn now removes it", async () => {
    const { couple, mother } = await coupleAndMother();
    const { event, subEvent } = await functionOfCouple(couple.cookie);
    const edit = (cookie: string, subEventName: string) =>
      postPage(
        `/profile/weddingplan/${subEvent.id}`,
        { intent: "update", version: String(subEvent.version), subEventName, subEventDate: "2027-02-12" },
        cookie,
      );
    expect((await edit(mother.cookie, "Haldi and chooda")).status).toBe(302);

    const refused = await edit(couple.cookie, "Haldi ceremony");
    expect(refused.status).toBe(409);
    const failure = await refused.json<Loose>();
    expect(failure).toMatchObject({ ok: false, intent: "update" });
    expect(failure.message).toBe(
      "The function “Haldi and chooda” was changed by someone else after you opened it, so your change was not saved. It is now on 12 Feb 2027.",
    );
    expect(failure.values).toBeUndefined();
    expect(await env.DB.prepare("SELECT name FROM events WHERE id = ?").bind(subEvent.id).first("name")).toBe("Haldi and chooda");

    // The mother renames the function itself; the couple's delete button was drawn before.
    const renamed = await json(
      await call(`/api/v1/event/${event.id}`, { method: "PUT", cookie: mother.cookie, body: { eventName: "Mehendi raat", version: event.version } }),
    );
    expect(renamed.status).toBe(200);
    const before = await snapshot("SELECT id FROM events WHERE id = ? OR parent_id = ?", event.id, event.id);
    const onEventPage = await postPage(`/profile/weddingplan/${event.id}`, { intent: "delete-event", version: String(event.version) }, couple.cookie);
    expect(onEventPage.status).toBe(409);
    expect(await onEventPage.json<Loose>()).toMatchObject({ ok: false, intent: "delete-event" });
    const onPlanPage = await postPage("/profile/weddingplan", { intent: "delete", eventId: event.id, version: String(event.version) }, couple.cookie);
    expect(onPlanPage.status).toBe(409);
    expect((await onPlanPage.json<Loose>()).message).toContain("The function “Mehendi raat” was changed by someone else");
    expect(await snapshot("SELECT id FROM events WHERE id = ? OR parent_id = ?", event.id, event.id)).toBe(before);

    const now = String(renamed.body.event.version);
    expect((await postPage("/profile/weddingplan", { intent: "delete", eventId: event.id, version: now }, couple.cookie)).status).toBe(302);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE id = ? OR parent_id = ?").bind(event.id, event.id).first("n")).toBe(0);
  });
});

describe("a booking placed in the budget from two copies", () => {
  /** A booking of the couple's, made the way the product makes one: they enquire, the vendor books it. */
  async function bookingOfCouple(cookie: string) {
    const vendor = await createVendor({ businessName: `Shubh ${crypto.randomUUID().slice(0, 6)}` });
    const service = await createService({ vendorId: vendor.id, serviceName: "Shubh Caterers", serviceType: "Caterers" });
    const eventDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const lead = await json(
      await call(`/api/v1/services/makeLead/${service.id}`, {
        method: "PUT",
        cookie,
        body: { message: "We would love you for our wedding in Jaipur next spring.", eventDate },
      }),
    );
    expect(lead.status).toBe(201);
    const booking = await json(
      await call(`/api/v1/leads/${lead.body.lead.id}/booking`, {
        method: "POST",
        cookie: await sessionCookieFor(vendor.id),
        body: { agreedPrice: 150000, eventDate, advancePaid: 20000, payments: [], deliverables: [] },
      }),
    );
    expect(booking.status).toBe(201);
    return booking.body.booking.id as string;
  }

  it("API: a placement sent with the line's version read before the mother's is 409 with the line now and changes nothing; with the current version it is saved", async () => {
    const { couple, mother, weddingId } = await coupleAndMother();
    const bookingId = await bookingOfCouple(couple.cookie);
    const place = (cookie: string, body: Loose, headers: Record<string, string> = {}) =>
      call(`/api/v1/budget/bookings/${bookingId}`, { method: "PUT", cookie, body, headers }).then(json);

    const first = await place(couple.cookie, { category: "catering", estimated: 140000, version: 0 });
    expect(first.status).toBe(200);
    const read = first.body.line as { id: string; version: number };
    const hers = await place(mother.cookie, { category: "venue", estimated: 160000, version: read.version });
    expect(hers.status).toBe(200);
    expect(hers.body.line.version).toBeGreaterThan(read.version);

    const before = await snapshot("SELECT * FROM budget_lines WHERE booking_id = ?", bookingId);
    const placed = await activityCount(weddingId, "booking_placed");
    const stale = await place(couple.cookie, { category: "decor", estimated: 120000, version: read.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, current: { id: read.id, category: "venue", estimated: 160000, version: hers.body.line.version } });
    expect(stale.body.message).toBe(
      "The budget line “Shubh Caterers” was changed by someone else after you opened it, so your change was not saved. It now reads: estimated ₹1,60,000, quoted ₹0, booked ₹0, paid ₹0.",
    );
    expect((await place(couple.cookie, { category: "decor", version: read.version }, { "Accept-Language": "hi" })).body.message).toContain("₹1,60,000");
    expect(await snapshot("SELECT * FROM budget_lines WHERE booking_id = ?", bookingId)).toBe(before);
    expect(await activityCount(weddingId, "booking_placed")).toBe(placed);

    const again = await place(couple.cookie, { category: "decor", version: hers.body.line.version });
    expect(again.status).toBe(200);
    expect(again.body.line).toMatchObject({ id: read.id, category: "decor", estimated: 160000 });
  });

  it("page form: the placing form drawn while the booking had no line is refused once the mother placed it, and her line stays as she placed it", async () => {
    const { couple, mother } = await coupleAndMother();
    const bookingId = await bookingOfCouple(couple.cookie);
    const form = (cookie: string, category: string) =>
      postPage("/profile/weddingbudget", { intent: "link-booking", bookingId, category, eventId: "", version: "0" }, cookie);
    expect((await form(mother.cookie, "venue")).status).toBe(302);

    const refused = await form(couple.cookie, "catering");
    expect(refused.status).toBe(409);
    const failure = await refused.json<Loose>();
    expect(failure).toMatchObject({ ok: false, intent: "link-booking" });
    expect(failure.message).toContain("The budget line “Shubh Caterers” was changed by someone else");
    expect(await env.DB.prepare("SELECT category FROM budget_lines WHERE booking_id = ?").bind(bookingId).all()).toMatchObject({
      results: [{ category: "venue" }],
    });
  });
});

describe("one invitation card saved from two copies", () => {
  it("API (the card editor's save): a canvas or a title saved on the revision read before the mother's save is 409 with the card now and changes nothing; on the current revision it is saved", async () => {
    const { couple, mother, weddingId } = await coupleWithMother({ areas: "invitations", seesContacts: false });
    const made = await json(
      await call("/api/v1/userDataTemplate", { method: "POST", cookie: couple.cookie, body: { canvas: sampleCanvas(), title: "Sangeet card" } }),
    );
    expect(made.status).toBe(201);
    const card = made.body.card as { id: string; revision: number };
    const save = (cookie: string, body: Loose, headers: Record<string, string> = {}) =>
      call(`/api/v1/userDataTemplate/${card.id}`, { method: "PATCH", cookie, body, headers }).then(json);

    const hers = sampleCanvas();
    hers.objects[0]!.text = "Meena's draft";
    const first = await save(mother.cookie, { revision: card.revision, canvas: hers, brideName: "Ananya" });
    expect(first.status).toBe(200);
    expect(first.body.card.revision).toBe(card.revision + 1);

    const before = await snapshot("SELECT * FROM user_templates WHERE id = ?", card.id);
    const changes = await activityCount(weddingId, "card_changed");
    const mine = sampleCanvas();
    mine.objects[0]!.text = "Asha's draft";
    const stale = await save(couple.cookie, { revision: card.revision, canvas: mine });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      success: false,
      revision: card.revision + 1,
      current: { id: card.id, title: "Sangeet card", brideName: "Ananya", revision: card.revision + 1 },
    });
    expect(stale.body.current.canvas.objects[0].text).toBe("Meena's draft");
    expect(stale.body.message).toBe(
      "The card “Sangeet card” was changed by someone else (or in another tab) after you opened it, so your last change was not saved. Reload the editor to see the card as it is now, then make your change again.",
    );
    const title = await save(couple.cookie, { revision: card.revision, title: "Haldi card" }, { "Accept-Language": "hi" });
    expect(title.status).toBe(409);
    expect(title.body.message).toContain("इसलिए आपका पिछला बदलाव सेव नहीं हुआ");
    expect(await snapshot("SELECT * FROM user_templates WHERE id = ?", card.id)).toBe(before);
    expect(await activityCount(weddingId, "card_changed")).toBe(changes);

    const again = await save(couple.cookie, { revision: stale.body.revision, canvas: mine, title: "Haldi card" });
    expect(again.status).toBe(200);
    expect(again.body.card.revision).toBe(card.revision + 2);
    // A title saved without a revision (an API client's rename) is a save too: the editor's copy read before it is now stale.
    expect((await save(mother.cookie, { title: "Mehendi card" })).body.card.revision).toBe(card.revision + 3);
    expect((await save(couple.cookie, { revision: card.revision + 2, canvas: mine })).status).toBe(409);
    expect(await env.DB.prepare("SELECT title FROM user_templates WHERE id = ?").bind(card.id).first("title")).toBe("Mehendi card");
  });
});

describe("a function's vendors linked from two copies", () => {
  it("API: a link and an unlink sent with the function's version read before the mother linked a vendor are 409 with its vendors now and change nothing; with the current version they are saved", async () => {
    const { couple, mother, weddingId } = await coupleAndMother();
    const vendor = await createVendor({ businessName: `Shubh Events ${crypto.randomUUID().slice(0, 6)}` });
    const dhol = await createService({ vendorId: vendor.id, serviceName: "Dhol Wale", serviceType: "Wedding DJ" });
    const lights = await createService({ vendorId: vendor.id, serviceName: "Roshni Lights", serviceType: "Decorators" });
    const fn = await json(
      await call("/api/v1/event/newevent", { method: "POST", cookie: couple.cookie, body: { eventName: "Sangeet", eventDate: "2027-02-13" } }),
    );
    const event = fn.body.event as { id: string; version: number };
    const link = (cookie: string, serviceId: string, version: number) =>
      call(`/api/v1/event/${event.id}/vendors`, { method: "POST", cookie, body: { serviceId, version } }).then(json);

    expect((await link(mother.cookie, dhol.id, event.version)).status).toBe(201);
    const links = () => snapshot("SELECT service_id, source FROM event_services WHERE event_id = ? ORDER BY service_id", event.id);
    const before = await links();
    const linked = await activityCount(weddingId, "vendor_linked");

    const stale = await link(couple.cookie, lights.id, event.version);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, current: { id: event.id, vendors: [{ serviceId: dhol.id, serviceName: "Dhol Wale" }] } });
    expect(stale.body.current.version).toBeGreaterThan(event.version);
    expect(stale.body.message).toBe(
      "“Sangeet” was changed by someone else after you opened it, so your change to its vendors was not saved. Its vendors now: Dhol Wale.",
    );
    const unlink = await json(
      await call(`/api/v1/event/vendor/${event.id}/${dhol.id}?version=${event.version}`, {
        method: "DELETE",
        cookie: couple.cookie,
        headers: { "Accept-Language": "hi" },
      }),
    );
    expect(unlink.status).toBe(409);
    expect(unlink.body.message).toContain("अभी जुड़े वेंडर: Dhol Wale।");
    expect(await links()).toBe(before);
    expect(await activityCount(weddingId, "vendor_linked")).toBe(linked);
    expect(await activityCount(weddingId, "vendor_unlinked")).toBe(0);

    const current = stale.body.current.version as number;
    expect((await link(couple.cookie, lights.id, current)).status).toBe(201);
    // That link moved the function's version on again: an edit of the function made on the copy before it is refused too.
    expect(
      (await call(`/api/v1/event/${event.id}`, { method: "PUT", cookie: mother.cookie, body: { eventName: "Sangeet night", version: current } })).status,
    ).toBe(409);
    const now = (await env.DB.prepare("SELECT updated_at FROM events WHERE id = ?").bind(event.id).first("updated_at")) as number;
    expect((await call(`/api/v1/event/vendor/${event.id}/${dhol.id}?version=${now}`, { method: "DELETE", cookie: couple.cookie })).status).toBe(200);
    expect(await snapshot("SELECT service_id FROM event_services WHERE event_id = ?", event.id)).toBe(JSON.stringify([{ service_id: lights.id }]));
  });

  it("page form: the link button drawn before the mother's link is refused on the function's page; drawn now, it links", async () => {
    const { couple, mother } = await coupleAndMother();
    const vendor = await createVendor({ businessName: `Shubh Events ${crypto.randomUUID().slice(0, 6)}` });
    const dhol = await createService({ vendorId: vendor.id, serviceName: "Dhol Wale", serviceType: "Wedding DJ" });
    const lights = await createService({ vendorId: vendor.id, serviceName: "Roshni Lights", serviceType: "Decorators" });
    const fn = await json(
      await call("/api/v1/event/newevent", { method: "POST", cookie: couple.cookie, body: { eventName: "Sangeet", eventDate: "2027-02-13" } }),
    );
    const event = fn.body.event as { id: string; version: number };
    const path = `/profile/weddingplan/${event.id}`;
    expect((await postPage(path, { intent: "link", serviceId: dhol.id, version: String(event.version) }, mother.cookie)).status).toBe(302);

    const refused = await postPage(path, { intent: "link", serviceId: lights.id, version: String(event.version) }, couple.cookie);
    expect(refused.status).toBe(409);
    const failure = await refused.json<Loose>();
    expect(failure).toMatchObject({ ok: false, intent: "link" });
    expect(failure.message).toContain("Its vendors now: Dhol Wale.");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM event_services WHERE event_id = ?").bind(event.id).first("n")).toBe(1);

    const now = String(await env.DB.prepare("SELECT updated_at FROM events WHERE id = ?").bind(event.id).first("updated_at"));
    expect((await postPage(path, { intent: "link", serviceId: lights.id, version: now }, couple.cookie)).status).toBe(302);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM event_services WHERE event_id = ?").bind(event.id).first("n")).toBe(2);
  });
});

describe("the suggested split asked for from a stale copy of the budget", () => {
  it("API and page: a split asked for on the budget read before the mother estimated a category is refused with the budget now and adds nothing; asked for on the current budget it adds the other categories", async () => {
    const { couple, mother, weddingId } = await coupleAndMother();
    expect((await call("/api/v1/budget/total", { method: "PUT", cookie: couple.cookie, body: { totalBudget: 2000000 } })).status).toBe(200);
    const read = async () => (await json(await call("/api/v1/budget", { cookie: couple.cookie }))).body.budget as Loose;
    const seen = (await read()).splitVersion as number;

    // The mother estimates the venue while the couple's page shows it without an estimate.
    expect(
      (await call("/api/v1/budget/lines", { method: "POST", cookie: mother.cookie, body: { category: "venue", label: "Rambagh lawns", estimated: 900000 } }))
        .status,
    ).toBe(201);
    const lines = () => snapshot("SELECT category, label, estimated FROM budget_lines WHERE user_id = ? ORDER BY category, label", couple.id);
    const before = await lines();

    const stale = await json(await call(`/api/v1/budget/suggest?version=${seen}`, { method: "POST", cookie: couple.cookie }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, current: { totalBudget: 2000000, estimated: { venue: 900000 } } });
    expect(stale.body.message).toBe(
      "The budget was changed by someone else after you opened it, so the split was not applied. The total is now ₹20,00,000, and the page now shows each category's estimates as they are; suggest the split again if it is still wanted.",
    );
    const hindi = await json(
      await call(`/api/v1/budget/suggest?version=${seen}`, { method: "POST", cookie: couple.cookie, headers: { "Accept-Language": "hi" } }),
    );
    expect(hindi.body.message).toContain("इसलिए बँटवारा लागू नहीं हुआ। कुल बजट अब ₹20,00,000 है");
    const page = await postPage("/profile/weddingbudget", { intent: "suggest", version: String(seen) }, couple.cookie);
    expect(page.status).toBe(409);
    const failure = await page.json<Loose>();
    expect(failure).toMatchObject({ ok: false, intent: "suggest" });
    expect(failure.message).toContain("so the split was not applied");
    expect(await lines()).toBe(before);
    expect(await activityCount(weddingId, "budget_split_suggested")).toBe(0);

    const current = (await read()).splitVersion as number;
    expect(current).toBe(stale.body.current.version);
    expect((await postPage("/profile/weddingbudget", { intent: "suggest", version: String(current) }, couple.cookie)).status).toBe(302);
    const after = JSON.parse(await lines()) as Loose[];
    expect(after.filter((l) => l.category === "venue")).toEqual([{ category: "venue", label: "Rambagh lawns", estimated: 900000 }]);
    expect(after.length).toBeGreaterThan(2);
    expect(await activityCount(weddingId, "budget_split_suggested")).toBe(1);
  });
});
