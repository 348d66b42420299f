import { describe, expect, it } from "vitest";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, signedIn } from "#tests/support/factories.ts";
import { postPage, toastOf } from "#tests/support/pages.ts";
import { createEvent, createGuest, createHousehold } from "#tests/support/planning.ts";
import { addGuest, createHousehold as addHousehold, deleteGuest, deleteHousehold, setInvitations, updateGuest, updateHousehold } from "#domain/guests/index.ts";
import {
  applySuggestedSplit,
  createBudgetLine,
  deleteBudgetLine,
  deleteEvent,
  deleteTask,
  setTotalBudget,
  updateBudgetLine,
  updateEvent,
  updateTask,
} from "#domain/planning/index.ts";
import { eventUpdateInput, taskUpdateInput } from "#shared/planner-schemas.ts";

/**
 * Issue 29: a write's success words are the domain's own ({ message }), so the page's toast and the
 * API's message are one string from one place. For each write: what the domain function answers,
 * what the API answers and what the page's redirect shows are the same words.
 */
type Couple = Awaited<ReturnType<typeof signedIn>>;

const api = async (couple: Couple, method: string, path: string, body?: unknown) => {
  const res = await call(`/api/v1${path}`, { method, body, cookie: couple.cookie });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json<{ message?: string }>()).message;
};

const toast = async (couple: Couple, path: string, fields: Record<string, string>) => {
  const res = await postPage(path, fields, couple.cookie);
  expect(toastOf(res), `${fields.intent} on ${path}: ${res.status} ${await res.clone().text()}`).not.toBeNull();
  return toastOf(res)?.message;
};

/** The three answers to one write, which must be one defined string. */
function sameWords(domain: { message?: string }, apiWords: string | undefined, pageWords: string | undefined) {
  expect(domain.message).toEqual(expect.any(String));
  expect({ api: apiWords, page: pageWords }).toEqual({ api: domain.message, page: domain.message });
}

async function couple() {
  const c = await signedIn("USER");
  return { c, ctx: testContext({ actor: actorOf(c.id, "USER") }) };
}

describe("the guest list's words come from the domain", () => {
  it("adding, saving, inviting and removing a guest or a household", async () => {
    const { c, ctx } = await couple();
    const fn = await createEvent(c.id);
    const [h1, h2, h3] = [await createHousehold(c.id, "Iyer family"), await createHousehold(c.id, "Rao family"), await createHousehold(c.id, "Sen family")];
    const [g1, g2, g3] = [await createGuest(c.id, h1.id), await createGuest(c.id, h1.id), await createGuest(c.id, h1.id)];

    sameWords(
      await addHousehold(ctx, { name: "Kapoor family" }),
      await api(c, "POST", "/guests/households", { name: "Mehta family" }),
      await toast(c, "/profile/guests", { intent: "addHousehold", name: "Bose family" }),
    );
    sameWords(
      await addGuest(ctx, { name: "Neha Kapoor", side: "BOTH" }),
      await api(c, "POST", "/guests", { name: "Ravi Mehta", side: "BOTH" }),
      await toast(c, "/profile/guests", { intent: "addGuest", name: "Asha Bose", side: "BOTH" }),
    );
    sameWords(
      await updateGuest(ctx, g1.id, { name: "Anil S." }),
      await api(c, "PUT", `/guests/${g1.id}`, { name: "Anil Sh." }),
      await toast(c, "/profile/guests", { intent: "editGuest", guestId: g1.id, name: "Anil Sharma", side: "BRIDE" }),
    );
    sameWords(
      await updateHousehold(ctx, h1.id, { name: "Iyers" }),
      await api(c, "PUT", `/guests/households/${h1.id}`, { name: "The Iyers" }),
      await toast(c, "/profile/guests", { intent: "editHousehold", householdId: h1.id, name: "Iyer family" }),
    );
    sameWords(
      await setInvitations(ctx, h1.id, { eventIds: [fn.id] }),
      await api(c, "PUT", `/guests/households/${h2.id}/invitations`, { eventIds: [fn.id] }),
      await toast(c, "/profile/guests", { intent: "invite", householdId: h3.id, [`event:${fn.id}`]: "on" }),
    );
    sameWords(
      await deleteGuest(ctx, g1.id),
      await api(c, "DELETE", `/guests/${g2.id}`),
      await toast(c, "/profile/guests", { intent: "deleteGuest", guestId: g3.id }),
    );
    sameWords(
      await deleteHousehold(ctx, h1.id),
      await api(c, "DELETE", `/guests/households/${h2.id}`),
      await toast(c, "/profile/guests", { intent: "deleteHousehold", householdId: h3.id }),
    );
  });
});

describe("the budget's words come from the domain", () => {
  it("the total, adding, saving and deleting a line, and the suggested split", async () => {
    const { c, ctx } = await couple();
    const line = { category: "decor", label: "Marigold garlands", estimated: "40000" };
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await (await call("/api/v1/budget/lines", { method: "POST", body: line, cookie: c.cookie })).json<{ line: { id: string } }>()).line.id);

    sameWords(
      await setTotalBudget(ctx, { totalBudget: 2500000 }),
      await api(c, "PUT", "/budget/total", { totalBudget: 2600000 }),
      await toast(c, "/profile/weddingbudget", { intent: "total", totalBudget: "2700000" }),
    );
    sameWords(
      await createBudgetLine(ctx, line),
      await api(c, "POST", "/budget/lines", line),
      await toast(c, "/profile/weddingbudget", { intent: "add-line", ...line }),
    );
    sameWords(
      await updateBudgetLine(ctx, ids[0]!, { label: "Garlands" }),
      await api(c, "PUT", `/budget/lines/${ids[0]}`, { label: "Garlands and lights" }),
      await toast(c, "/profile/weddingbudget", { intent: "edit-line", lineId: ids[0]!, ...line }),
    );
    // The split fills the categories without an estimate once; the same state answers the same words.
    expect(await applySuggestedSplit(ctx)).toMatchObject({ message: expect.stringMatching(/^Suggested estimates added to \d+ categories\.$/) });
    sameWords(await applySuggestedSplit(ctx), await api(c, "POST", "/budget/suggest", {}), await toast(c, "/profile/weddingbudget", { intent: "suggest" }));
    sameWords(
      await deleteBudgetLine(ctx, ids[0]!),
      await api(c, "DELETE", `/budget/lines/${ids[1]}`),
      await toast(c, "/profile/weddingbudget", { intent: "delete-line", lineId: ids[2]! }),
    );
  });
});

describe("the wedding plan's words come from the domain", () => {
  it("saving and deleting a function or a task", async () => {
    const { c, ctx } = await couple();
    const [f1, f2, f3, f4] = [await createEvent(c.id), await createEvent(c.id), await createEvent(c.id), await createEvent(c.id)];
    const tasks: string[] = [];
    for (let i = 0; i < 3; i++)
      tasks.push(
        (
          await (
            await call(`/api/v1/event/task/${f1.id}`, { method: "POST", body: { name: `Book the dhol ${i}` }, cookie: c.cookie })
          ).json<{ task: { id: string } }>()
        ).task.id,
      );

    sameWords(
      await updateEvent(ctx, f1.id, eventUpdateInput.parse({ eventName: "Mehndi" })),
      await api(c, "PUT", `/event/${f1.id}`, { eventName: "Mehendi" }),
      await toast(c, `/profile/weddingplan/${f1.id}`, { intent: "update", eventName: "Mehndi", eventDate: "2027-02-12" }),
    );
    sameWords(
      await updateTask(ctx, tasks[0]!, taskUpdateInput.parse({ name: "Book the band" })),
      await api(c, "PUT", `/event/task/${tasks[0]}`, { name: "Book the brass band" }),
      await toast(c, `/profile/weddingplan/${f1.id}`, { intent: "task-update", taskId: tasks[0]!, name: "Book the dhol" }),
    );
    sameWords(
      await deleteTask(ctx, f1.id, tasks[0]!),
      await api(c, "DELETE", `/event/task/${f1.id}/${tasks[1]}`),
      await toast(c, `/profile/weddingplan/${f1.id}`, { intent: "task-delete", taskId: tasks[2]! }),
    );
    const deleted = await deleteEvent(ctx, f1.id);
    sameWords(deleted, await api(c, "DELETE", `/event/${f2.id}`), await toast(c, `/profile/weddingplan/${f3.id}`, { intent: "delete-event" }));
    // The plan page's own delete form says the same.
    expect(await toast(c, "/profile/weddingplan", { intent: "delete", eventId: f4.id })).toBe(deleted.message);
  });
});
