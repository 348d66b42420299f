import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { purgeOldActivity } from "#domain/weddings/index.ts";
import { call, createUser, sessionCookieFor, snapshot } from "#tests/support/factories.ts";
import { createEvent, createHousehold } from "#tests/support/planning.ts";

/**
 * The wedding's activity list (issue 33): each write of a planning area leaves one entry (who, what,
 * how many, about what, when) in the same batch as the change, none when the change is refused;
 * every member reads the list (GET /api/v1/weddings/activity, /profile/activity), newest first, in
 * their language; entries go with the wedding and after a year.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });

async function account(userName: string) {
  const user = await createUser({ role: "USER", userName });
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

async function join(coupleId: string, memberId: string, role: "EDITOR" | "VIEWER", areas = "") {
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

const entries = (weddingId: string) =>
  env.DB.prepare("SELECT actor_name, area, action, count, subject, function_name FROM wedding_activity WHERE wedding_id = ? ORDER BY created_at, id")
    .bind(weddingId)
    .all()
    .then((r) => r.results);

describe("the wedding's activity list", () => {
  it("writes one entry per change with who did it, and none for a refused change", async () => {
    const couple = await account("Asha Verma");
    const sangeet = await createEvent(couple.id, { name: "Sangeet" });
    const household = await createHousehold(couple.id, "Sharma family");
    const mother = await account("Meena Verma");
    const viewer = await account("Priya Planner");
    const weddingId = await join(couple.id, mother.id, "EDITOR", "guests,plan");
    await join(couple.id, viewer.id, "VIEWER");

    const csv = "Name,Household\nAnil Sharma,Sharma family\nNeha Sharma,Sharma family\nRavi Gupta,Gupta family\n";
    expect((await call("/api/v1/guests/import", { method: "POST", cookie: mother.cookie, body: { csv } })).status).toBe(200);
    expect((await call(`/api/v1/event/task/${sangeet.id}`, { method: "POST", cookie: mother.cookie, body: { name: "Book the DJ" } })).status).toBe(201);
    expect((await call("/api/v1/budget/total", { method: "PUT", cookie: couple.cookie, body: { totalBudget: 2500000 } })).status).toBe(200);
    // Refused: a viewer's change, an editor outside their areas, bad input, another wedding's record.
    expect((await call("/api/v1/guests", { method: "POST", cookie: viewer.cookie, body: { name: "Gatecrasher" } })).status).toBe(403);
    expect((await call("/api/v1/budget/total", { method: "PUT", cookie: mother.cookie, body: { totalBudget: 1 } })).status).toBe(403);
    expect((await call("/api/v1/guests", { method: "POST", cookie: mother.cookie, body: { name: "" } })).status).toBe(400);
    expect((await call(`/api/v1/guests/households/${household.id}`, { method: "DELETE", cookie: (await account("Other Couple")).cookie })).status).toBe(404);

    expect(await entries(weddingId)).toEqual([
      { actor_name: "Meena Verma", area: "guests", action: "guests_imported", count: 3, subject: null, function_name: null },
      { actor_name: "Meena Verma", area: "plan", action: "task_added", count: 1, subject: "Book the DJ", function_name: "Sangeet" },
      { actor_name: "Asha Verma", area: "budget", action: "budget_total_set", count: 1, subject: null, function_name: null },
    ]);

    // Every member reads it, newest first, worded in their language.
    for (const who of [couple, mother, viewer]) {
      const list = await json(await call("/api/v1/weddings/activity", { cookie: who.cookie }));
      expect(list.status).toBe(200);
      expect(list.body.items.map((i: Loose) => i.text)).toEqual([
        "Asha Verma set the total budget",
        "Meena Verma added the task “Book the DJ” to the Sangeet",
        "Meena Verma imported 3 guests from a file",
      ]);
      expect(list.body.items[0].time).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)$/);
      expect(list.body.hasMore).toBe(false);
    }
    const hindi = await json(await call("/api/v1/weddings/activity", { cookie: viewer.cookie, headers: { "Accept-Language": "hi" } }));
    expect(hindi.body.items[2].text).toBe("Meena Verma ने फ़ाइल से 3 मेहमान जोड़े");
  });

  it("keeps a year and goes with the wedding; a visitor and a vendor cannot read it", async () => {
    const couple = await account("Asha Verma");
    expect((await call("/api/v1/budget/total", { method: "PUT", cookie: couple.cookie, body: { totalBudget: 100000 } })).status).toBe(200);
    const weddingId = (await env.DB.prepare("SELECT id FROM weddings WHERE couple_user_id = ?").bind(couple.id).first<{ id: string }>())!.id;
    const now = Date.now();
    await env.DB.prepare("UPDATE wedding_activity SET created_at = ? WHERE wedding_id = ?")
      .bind(now - 366 * 86_400_000, weddingId)
      .run();
    expect((await json(await call("/api/v1/weddings/activity", { cookie: couple.cookie }))).body.items).toEqual([]);
    expect(await purgeOldActivity({ db: env.DB, now })).toBeGreaterThanOrEqual(1);
    expect(await snapshot("SELECT id FROM wedding_activity WHERE wedding_id = ?", weddingId)).toBe("[]");

    expect((await call("/api/v1/budget/total", { method: "PUT", cookie: couple.cookie, body: { totalBudget: 200000 } })).status).toBe(200);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(couple.id).run();
    expect(await snapshot("SELECT id FROM wedding_activity WHERE wedding_id = ?", weddingId)).toBe("[]");
    expect((await call("/api/v1/weddings/activity")).status).toBe(401);
  });
});
