import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, createVendor, sessionCookieFor, snapshot } from "#tests/support/factories.ts";
import { insertCard, insertPurchase, insertTemplate } from "#tests/support/invitations.ts";
import { createEvent } from "#tests/support/planning.ts";

/**
 * Every planning area through the actor's wedding (issue 33, decision 0049): the plan (functions,
 * sub-events, tasks, checklist), the budget and the invitations (cards, e-invites, requests) are
 * the couple's wedding's, read by every member and changed only by the couple, partners and editors
 * of that area. For each area: the couple, an editor of that area, an editor of another area, a
 * viewer, a removed member and another wedding's couple.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });

async function account(userName: string) {
  const user = await createUser({ role: "USER", userName });
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

/** Makes the account a member of the couple's wedding, opened now (so it is their current wedding). */
async function join(coupleId: string, memberId: string, role: "PARTNER" | "EDITOR" | "VIEWER", areas = "") {
  await call("/api/v1/checklist/get", { cookie: await sessionCookieFor(coupleId) });
  const wedding = await env.DB.prepare("SELECT id FROM weddings WHERE couple_user_id = ?").bind(coupleId).first<{ id: string }>();
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO wedding_members (wedding_id, user_id, role, areas, sees_contacts, opened_at, added_by, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)",
  )
    .bind(wedding!.id, memberId, role, areas, now + 1000, coupleId, now, now)
    .run();
  return wedding!.id;
}

const leave = (weddingId: string, memberId: string) =>
  env.DB.prepare("DELETE FROM wedding_members WHERE wedding_id = ? AND user_id = ?").bind(weddingId, memberId).run();

/** Everything a wedding plans, as stored: what a refused request must leave as it was. */
const planningOf = (userId: string) =>
  Promise.all(
    [
      "SELECT * FROM events WHERE user_id = ?1 ORDER BY id",
      "SELECT * FROM tasks WHERE user_id = ?1 ORDER BY id",
      "SELECT * FROM checklists WHERE user_id = ?1",
      "SELECT * FROM budget_lines WHERE user_id = ?1 ORDER BY id",
      "SELECT total_budget FROM users WHERE id = ?1",
      "SELECT * FROM user_templates WHERE user_id = ?1 ORDER BY id",
      "SELECT * FROM invite_requests WHERE user_id = ?1 ORDER BY id",
      "SELECT * FROM households WHERE user_id = ?1 ORDER BY id",
    ].map((sql) => snapshot(sql, userId)),
  );

/** A couple with a plan (the Sangeet with a task), a budget line, a card and a pending e-invite request. */
async function coupleWithPlan() {
  const couple = await account("Asha Verma");
  const sangeet = await createEvent(couple.id, { name: "Sangeet" });
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO tasks (id, event_id, user_id, name, status, priority, created_at, updated_at) VALUES (?, ?, ?, 'Book the DJ', 'TODO', 'HIGH', ?, ?)",
  )
    .bind(`task-${couple.id}`, sangeet.id, couple.id, now, now)
    .run();
  await env.DB.prepare(
    "INSERT INTO budget_lines (id, user_id, category, label, estimated, created_at, updated_at) VALUES (?, ?, 'decor', 'Flowers', 50000, ?, ?)",
  )
    .bind(`line-${couple.id}`, couple.id, now, now)
    .run();
  const card = await insertCard(couple.id, { previewKey: `cards/${couple.id}/preview.jpg` });
  await env.DB.prepare(
    "INSERT INTO invite_requests (id, card_id, user_id, name, phone, email, party_size, answers, status, created_at) VALUES (?, ?, ?, 'Priya Nair', '+91 98765 43210', 'priya@example.com', 2, '{}', 'PENDING', ?)",
  )
    .bind(`req-${couple.id}`, card.id, couple.id, now)
    .run();
  return { couple, sangeet, taskId: `task-${couple.id}`, lineId: `line-${couple.id}`, card, requestId: `req-${couple.id}` };
}
type Plan = Awaited<ReturnType<typeof coupleWithPlan>>;

type Area = "plan" | "budget" | "invitations";
const REFUSAL: Record<Area, string> = {
  plan: "You can see this wedding's plan and checklist but not change it.",
  budget: "You can see this wedding's budget but not change it.",
  invitations: "You can see this wedding's invitations but not change it.",
};

/** Per area: reads a member makes (and what shows it is the couple's), and writes on the couple's records. */
const AREAS: Record<
  Area,
  { reads: (p: Plan) => { path: string; sees: (body: Loose) => unknown }[]; writes: (p: Plan) => { path: string; method: string; body?: unknown }[] }
> = {
  plan: {
    reads: (p) => [
      { path: "/api/v1/event/getevents", sees: (b) => b.events.map((e: Loose) => e.name) },
      { path: `/api/v1/event/tasks/${p.sangeet.id}`, sees: (b) => b.tasks.map((t: Loose) => t.name) },
      { path: "/api/v1/checklist/get", sees: (b) => b.categories.length > 0 },
    ],
    writes: (p) => [
      { path: "/api/v1/event/newevent", method: "POST", body: { eventName: "Mehendi", eventDate: "2027-02-12" } },
      { path: `/api/v1/event/${p.sangeet.id}`, method: "PUT", body: { venue: "City Palace" } },
      { path: `/api/v1/event/${p.sangeet.id}/subevent`, method: "POST", body: { subEventName: "Dance practice", subEventDate: "2027-02-13" } },
      { path: `/api/v1/event/task/${p.sangeet.id}`, method: "POST", body: { name: "Order sweets" } },
      { path: `/api/v1/event/task/${p.taskId}`, method: "PUT", body: { status: "DONE" } },
      { path: `/api/v1/event/task/${p.sangeet.id}/${p.taskId}`, method: "DELETE" },
      { path: "/api/v1/checklist/save", method: "POST", body: { categories: [] } },
    ],
  },
  budget: {
    reads: () => [{ path: "/api/v1/budget", sees: (b) => b.budget.items.map((i: Loose) => i.label) }],
    writes: (p) => [
      { path: "/api/v1/budget/total", method: "PUT", body: { totalBudget: 2500000 } },
      { path: "/api/v1/budget/lines", method: "POST", body: { category: "catering", label: "Dinner", estimated: 300000 } },
      { path: `/api/v1/budget/lines/${p.lineId}`, method: "PUT", body: { estimated: 60000 } },
      { path: `/api/v1/budget/lines/${p.lineId}`, method: "DELETE" },
    ],
  },
  invitations: {
    reads: (p) => [
      { path: "/api/v1/userDataTemplate", sees: (b) => b.cards.map((c: Loose) => c.id) },
      { path: `/api/v1/userDataTemplate/${p.card.id}`, sees: (b) => b.card.title },
      { path: "/api/v1/invitation/requests", sees: (b) => b.requests.map((r: Loose) => r.name) },
    ],
    writes: (p) => [
      { path: `/api/v1/userDataTemplate/${p.card.id}`, method: "PATCH", body: { title: "Our Sangeet" } },
      { path: `/api/v1/userDataTemplate/${p.card.id}/duplicate`, method: "POST" },
      { path: `/api/v1/invitation/${p.card.id}/publish`, method: "POST", body: {} },
      { path: `/api/v1/invitation/requests/${p.requestId}/decline`, method: "POST" },
    ],
  },
};

const send = (w: { path: string; method: string; body?: unknown }, cookie: string) => call(w.path, { method: w.method, body: w.body, cookie });

for (const area of Object.keys(AREAS) as Area[]) {
  const { reads, writes } = AREAS[area];
  const other: Area = area === "budget" ? "plan" : "budget";

  describe(`the ${area} area through the wedding`, () => {
    // Two worlds and some twenty requests: on a loaded machine more than the default 5 s.
    it(`lets the couple and an editor of ${area} change the couple's records (not the editor's own)`, { timeout: 30_000 }, async () => {
      for (const who of ["couple", "editor"] as const) {
        const p = await coupleWithPlan();
        const editor = await account("Meena Verma");
        await join(p.couple.id, editor.id, "EDITOR", area);
        const cookie = who === "couple" ? p.couple.cookie : editor.cookie;
        for (const r of reads(p)) {
          const [mine, couples] = [await json(await call(r.path, { cookie })), await json(await call(r.path, { cookie: p.couple.cookie }))];
          expect(mine.status, `${who} GET ${r.path}`).toBe(200);
          expect(r.sees(mine.body)).toEqual(r.sees(couples.body));
        }
        const before = await planningOf(p.couple.id);
        for (const w of writes(p)) {
          const res = await send(w, cookie);
          expect(res.status, `${who} ${w.method} ${w.path}: ${await res.clone().text()}`).toBeLessThan(300);
        }
        expect(await planningOf(p.couple.id)).not.toEqual(before);
        for (const t of ["events", "tasks", "budget_lines", "user_templates"])
          expect(await snapshot(`SELECT id FROM ${t} WHERE user_id = ?`, editor.id), `${t} of the editor's own`).toBe("[]");
      }
    });

    it(
      `gives an editor of another area and a viewer the ${area} to read, and refuses each change (403 naming the area, nothing changed)`,
      { timeout: 30_000 },
      async () => {
        const p = await coupleWithPlan();
        const aunt = await account("Sunita Aunty");
        const planner = await account("Priya Planner");
        await join(p.couple.id, aunt.id, "EDITOR", other);
        await join(p.couple.id, planner.id, "VIEWER");
        const before = await planningOf(p.couple.id);
        for (const member of [aunt, planner]) {
          for (const r of reads(p)) {
            const [mine, couples] = [await json(await call(r.path, { cookie: member.cookie })), await json(await call(r.path, { cookie: p.couple.cookie }))];
            expect(mine.status, `GET ${r.path}`).toBe(200);
            expect(r.sees(mine.body)).toEqual(r.sees(couples.body));
          }
          for (const w of writes(p)) {
            const res = await json(await send(w, member.cookie));
            expect(res.status, `${w.method} ${w.path}`).toBe(403);
            expect(res.body).toMatchObject({ success: false, message: REFUSAL[area] });
          }
        }
        expect(await planningOf(p.couple.id)).toEqual(before);
      },
    );

    it(`refuses a removed member and another wedding's couple the couple's ${area} records (404, nothing changed)`, { timeout: 30_000 }, async () => {
      const p = await coupleWithPlan();
      const removed = await account("Meena Verma");
      const weddingId = await join(p.couple.id, removed.id, "EDITOR", area);
      expect((await send(writes(p)[0]!, removed.cookie)).status).toBeLessThan(300);
      await leave(weddingId, removed.id);
      const stranger = await account("Other Couple");
      const before = await planningOf(p.couple.id);
      for (const who of [removed, stranger]) {
        // Their reads are their own (empty) wedding's; a write on one of the couple's records is 404.
        const onRecords = writes(p).filter((w) => [p.sangeet.id, p.taskId, p.lineId, p.card.id, p.requestId].some((id) => w.path.includes(id)));
        expect(onRecords.length).toBeGreaterThan(0);
        for (const w of onRecords) {
          const res = await send(w, who.cookie);
          expect(res.status, `${w.method} ${w.path}`).toBe(404);
        }
      }
      expect(await planningOf(p.couple.id)).toEqual(before);
    });
  });
}

describe("the wedding's paid designs and the refusals outside a wedding", () => {
  it("lets an invitations editor use a paid design the couple bought, and refuses it where nobody in the wedding bought it", async () => {
    const p = await coupleWithPlan();
    const paid = await insertTemplate({ price: 499 });
    const editor = await account("Meena Verma");
    await join(p.couple.id, editor.id, "EDITOR", "invitations");
    const refused = await json(await call("/api/v1/userDataTemplate", { method: "POST", cookie: editor.cookie, body: { templateId: paid.id } }));
    expect(refused.status).toBe(403);
    await insertPurchase(p.couple.id, paid.id);
    const made = await json(await call("/api/v1/userDataTemplate", { method: "POST", cookie: editor.cookie, body: { templateId: paid.id } }));
    expect(made.status).toBe(201);
    expect(await snapshot("SELECT user_id FROM user_templates WHERE id = ?", made.body.card.id)).toBe(JSON.stringify([{ user_id: p.couple.id }]));
    // Outside the wedding the couple's purchase is not the editor's: their own wedding cannot use it.
    await env.DB.prepare("DELETE FROM wedding_members WHERE user_id = ? AND role <> 'COUPLE'").bind(editor.id).run();
    expect((await call("/api/v1/userDataTemplate", { method: "POST", cookie: editor.cookie, body: { templateId: paid.id } })).status).toBe(403);
  });

  it("hides e-invite requesters' phone numbers and e-mail addresses from a viewer", async () => {
    const p = await coupleWithPlan();
    const viewer = await account("Priya Planner");
    await join(p.couple.id, viewer.id, "VIEWER");
    const list = await json(await call("/api/v1/invitation/requests", { cookie: viewer.cookie }));
    expect(list.body.requests).toEqual([expect.objectContaining({ name: "Priya Nair", phone: null, email: null, whatsappUrl: null })]);
    const couples = await json(await call("/api/v1/invitation/requests", { cookie: p.couple.cookie }));
    expect(couples.body.requests[0]).toMatchObject({ phone: "+91 98765 43210", email: "priya@example.com" });
  });

  it("keeps a vendor and a visitor out of every planning area", async () => {
    const vendor = await createVendor();
    const cookie = await sessionCookieFor(vendor.id);
    for (const path of ["/api/v1/event/getevents", "/api/v1/budget", "/api/v1/checklist/get", "/api/v1/userDataTemplate", "/api/v1/invitation/requests"]) {
      expect((await call(path, { cookie })).status, path).toBe(403);
      expect((await call(path)).status, path).toBe(401);
    }
  });
});
