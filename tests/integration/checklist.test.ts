import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeChecklist, getChecklist, mergeVisitorChecklist } from "#domain/planning/index.ts";
import { defaultChecklist, type Checklist } from "#shared/checklist.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { call, signedIn, snapshot } from "#tests/support/factories.ts";

/** The couple's checklist through the real Worker and D1: POST /checklist/save, GET /checklist/get, the merge and the page's actions. */
type Body = { success?: boolean; message?: string; categories?: Checklist; errors?: Record<string, string> };
const json = async (res: Response) => (await res.json()) as Body;
const rowOf = (id: string) => snapshot("SELECT categories FROM checklists WHERE user_id = ?", id);

describe("GET /checklist/get and POST /checklist/save", () => {
  it("gives the defaults until saved, then the couple's own list", async () => {
    const couple = await signedIn("USER");
    const first = await call("/api/v1/checklist/get", { cookie: couple.cookie });
    expect(first.status).toBe(200);
    expect((await json(first)).categories).toEqual(defaultChecklist());

    const list = defaultChecklist();
    list[1]!.items[0]!.done = true;
    list[1]!.items[0]!.scheduleDate = "2027-01-10";
    list.push({ category: "Honeymoon", items: [{ name: "Book flights", done: false, scheduleDate: null }] });
    const saved = await call("/api/v1/checklist/save", { method: "POST", cookie: couple.cookie, body: list });
    expect(saved.status).toBe(200);
    expect((await json(await call("/api/v1/checklist/get", { cookie: couple.cookie }))).categories).toEqual(list);
    // The { categories } shape is the same call.
    const wrapped = await call("/api/v1/checklist/save", { method: "POST", cookie: couple.cookie, body: { categories: list.slice(0, 2) } });
    expect((await json(wrapped)).categories).toHaveLength(2);
  });

  it("refuses a bad list with the field named and changes nothing", async () => {
    const couple = await signedIn("USER");
    await call("/api/v1/checklist/save", { method: "POST", cookie: couple.cookie, body: defaultChecklist() });
    const before = await rowOf(couple.id);
    const list = defaultChecklist();
    list[0]!.items[2]!.scheduleDate = "2027-02-30";
    const res = await call("/api/v1/checklist/save", { method: "POST", cookie: couple.cookie, body: list });
    expect(res.status).toBe(400);
    expect((await json(res)).errors).toMatchObject({ "categories.0.items.2.scheduleDate": "Schedule date: that date does not exist." });
    const blank = await call("/api/v1/checklist/save", { method: "POST", cookie: couple.cookie, body: [{ category: " ", items: [] }] });
    expect((await json(blank)).errors).toMatchObject({ "categories.0.category": "Give the category a title." });
    const tooMany = await call("/api/v1/checklist/save", {
      method: "POST",
      cookie: couple.cookie,
      body: Array.from({ length: 41 }, (_, i) => ({ category: `C${i}`, items: [] })),
    });
    expect(tooMany.status).toBe(400);
    expect(await rowOf(couple.id)).toBe(before);
  });

  it("keeps each couple's list to itself; vendors and visitors are refused", async () => {
    const couple = await signedIn("USER");
    const other = await signedIn("USER");
    await call("/api/v1/checklist/save", { method: "POST", cookie: couple.cookie, body: [{ category: "Secret plans", items: [] }] });
    const theirs = await json(await call("/api/v1/checklist/get", { cookie: other.cookie }));
    expect(JSON.stringify(theirs)).not.toContain("Secret plans");
    const vendor = await signedIn("VENDOR");
    expect((await call("/api/v1/checklist/get", { cookie: vendor.cookie })).status).toBe(403);
    expect((await call("/api/v1/checklist/save", { method: "POST", cookie: vendor.cookie, body: [] })).status).toBe(403);
    expect((await call("/api/v1/checklist/get")).status).toBe(401);
    expect(await rowOf(vendor.id)).toBe("[]");
  });
});

describe("merging a visitor's list at sign-in", () => {
  it("adds what the visitor had to the account's list without duplicates, and again changes nothing", async () => {
    const couple = await signedIn("USER");
    const account = defaultChecklist();
    account[0]!.items[0]!.scheduleDate = "2027-01-01";
    await call("/api/v1/checklist/save", { method: "POST", cookie: couple.cookie, body: account });

    const visitor = defaultChecklist();
    visitor[0]!.items[0]!.done = true;
    visitor[0]!.items[0]!.scheduleDate = "2027-05-05";
    visitor[2]!.items.push({ name: "Book a drone shoot", done: false, scheduleDate: "2027-02-02" });
    visitor.push({ category: "Honeymoon", items: [{ name: "Book flights", done: true, scheduleDate: null }] });

    const res = await call("/api/v1/checklist/merge", { method: "POST", cookie: couple.cookie, body: { categories: visitor } });
    expect(res.status).toBe(200);
    const merged = (await json(res)).categories!;
    expect(merged).toHaveLength(10);
    expect(merged[0]!.items[0]).toEqual({ name: account[0]!.items[0]!.name, done: true, scheduleDate: "2027-01-01" });
    expect(merged[2]!.items.at(-1)).toEqual({ name: "Book a drone shoot", done: false, scheduleDate: "2027-02-02" });
    expect(merged.flatMap((c) => c.items)).toHaveLength(39 + 2);

    const again = await json(await call("/api/v1/checklist/merge", { method: "POST", cookie: couple.cookie, body: visitor }));
    expect(again.categories).toEqual(merged);
  });

  it("merges into the defaults for an account that never saved a list", async () => {
    const couple = await signedIn("USER");
    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    const visitor = defaultChecklist();
    visitor[8]!.items[0]!.done = true;
    const merged = await mergeVisitorChecklist(ctx, { categories: visitor });
    expect(merged.flatMap((c) => c.items)).toHaveLength(39);
    expect(await getChecklist(ctx)).toEqual(merged);
  });
});

describe("the page's actions", () => {
  it("applies each action to the stored list and rejects bad input without changing it", async () => {
    const couple = await signedIn("USER");
    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    await changeChecklist(ctx, { intent: "toggle", category: "1", item: "0", done: "true" });
    await changeChecklist(ctx, { intent: "add-item", category: "1", name: "Book a chaat counter" });
    await changeChecklist(ctx, { intent: "schedule", category: "1", item: "5", scheduleDate: "2027-01-20" });
    await changeChecklist(ctx, { intent: "add-category", title: "Honeymoon" });
    await changeChecklist(ctx, { intent: "add-category", title: "HONEYMOON" });
    await changeChecklist(ctx, { intent: "remove-item", category: "0", item: "6" });
    await changeChecklist(ctx, { intent: "remove-category", category: "8", title: "Miscellaneous" });
    const list = await getChecklist(ctx);
    expect(list.map((c) => c.category)).toEqual([
      ...defaultChecklist()
        .map((c) => c.category)
        .filter((c) => c !== "Miscellaneous"),
      "Honeymoon",
    ]);
    expect(list[0]!.items).toHaveLength(6);
    expect(list[1]!.items[0]!.done).toBe(true);
    expect(list[1]!.items[5]).toEqual({ name: "Book a chaat counter", done: false, scheduleDate: "2027-01-20" });

    const before = await rowOf(couple.id);
    await expect(changeChecklist(ctx, { intent: "schedule", category: "1", item: "0", scheduleDate: "20-01-2027" })).rejects.toMatchObject({
      fields: { scheduleDate: "Schedule date: use a date like 2027-02-14." },
    });
    await expect(changeChecklist(ctx, { intent: "add-item", category: "1", name: "" })).rejects.toMatchObject({ fields: { name: "Give the item a name." } });
    expect(await rowOf(couple.id)).toBe(before);
  });

  it("shows the defaults for a stored row it cannot read, and the next action writes a valid list over it", async () => {
    const couple = await signedIn("USER");
    await env.DB.prepare("INSERT INTO checklists (user_id, categories, updated_at) VALUES (?, '{not json', 0)").bind(couple.id).run();
    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    expect(await getChecklist(ctx)).toEqual(defaultChecklist());
    await changeChecklist(ctx, { intent: "toggle", category: "0", item: "0", done: "true" });
    expect((await getChecklist(ctx))[0]!.items[0]!.done).toBe(true);
  });

  it("counts every one of many quick ticks at once (none lost to another)", async () => {
    const couple = await signedIn("USER");
    const ctx = testContext({ actor: actorOf(couple.id, "USER") });
    await Promise.all([0, 1, 2, 3].map((item) => changeChecklist(ctx, { intent: "toggle", category: "0", item: String(item), done: "true" })));
    const list = await getChecklist(ctx);
    expect(list[0]!.items.slice(0, 4).every((it) => it.done)).toBe(true);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM checklists WHERE user_id = ?").bind(couple.id).first("n")).toBe(1);
  });
});
