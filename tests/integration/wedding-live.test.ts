import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, createUser, createVendor, ORIGIN, sessionCookieFor, worker } from "#tests/support/factories.ts";
import { postPage } from "#tests/support/pages.ts";

/**
 * Changes appear live (issue 33, docs/decisions/0052-plan-together-live.md): the wedding's
 * Durable Object (WeddingLive) holds the WebSockets of its open planning pages. The upgrade route
 * checks who is asking before it upgrades; a write of the guest list, the budget or the checklist
 * is heard by the wedding's other sockets (and only by its own); removing a co-planner closes
 * their socket, and a message from a socket whose member is gone is refused.
 */

type Member = { id: string; cookie: string };
type Heard = { type: string; area?: string; by?: string; mine?: boolean };

async function account(userName: string): Promise<Member> {
  const user = await createUser({ role: "USER", userName });
  return { id: user.id, cookie: await sessionCookieFor(user.id) };
}

/** A couple's wedding with the bride's mother (guest-list editor), a partner and a viewer; their current wedding is this one. */
async function weddingWithFamily() {
  const couple = await account("Asha Verma");
  await call("/api/v1/weddings/current", { cookie: couple.cookie });
  const weddingId = (await env.DB.prepare("SELECT id FROM weddings WHERE couple_user_id = ?").bind(couple.id).first<{ id: string }>())!.id;
  const join = async (name: string, role: "PARTNER" | "EDITOR" | "VIEWER", areas = "") => {
    const member = await account(name);
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO wedding_members (wedding_id, user_id, role, areas, sees_contacts, opened_at, added_by, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)",
    )
      .bind(weddingId, member.id, role, areas, now + 1000, couple.id, now, now)
      .run();
    return member;
  };
  return {
    weddingId,
    couple,
    mother: await join("Meena Verma", "EDITOR", "guests"),
    partner: await join("Rohan Mehta", "PARTNER"),
    viewer: await join("Kavita Planner", "VIEWER"),
  };
}

/** Opens the live socket as a browser page would; answers the response (101 with its socket, or the refusal). */
async function openLive(weddingId: string, cookie?: string) {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (cookie) headers.Cookie = cookie;
  return worker.fetch(`${ORIGIN}/api/v1/weddings/live?wedding=${encodeURIComponent(weddingId)}`, { headers });
}

/** A socket accepted for the member, with what it hears and how it closes. */
async function listen(weddingId: string, cookie: string) {
  const res = await openLive(weddingId, cookie);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const heard: Heard[] = [];
  const waiters: (() => void)[] = [];
  let closed: { code: number } | null = null;
  ws.addEventListener("message", (e) => {
    heard.push(typeof e.data === "string" && e.data.startsWith("{") ? (JSON.parse(e.data) as Heard) : { type: String(e.data) });
    waiters.splice(0).forEach((w) => w());
  });
  ws.addEventListener("close", (e) => {
    closed = { code: e.code };
    waiters.splice(0).forEach((w) => w());
  });
  ws.accept();
  const until = async (done: () => boolean, what: string) => {
    const deadline = Date.now() + 5000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`the socket did not ${what}; heard ${JSON.stringify(heard)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return {
    ws,
    heard,
    closed: () => closed,
    hear: async (type: string) => {
      await until(() => heard.some((h) => h.type === type), `hear ${type}`);
      return heard.find((h) => h.type === type)!;
    },
    close: async () => until(() => closed !== null, "close"),
  };
}

describe("who may open a wedding's live socket", () => {
  it("the couple, a partner, a viewer and an editor are accepted; a visitor, a vendor, another wedding's couple and a removed co-planner are refused before any upgrade", async () => {
    const w = await weddingWithFamily();
    for (const member of [w.couple, w.partner, w.viewer, w.mother]) {
      const res = await openLive(w.weddingId, member.cookie);
      expect(res.status).toBe(101);
      res.webSocket!.accept();
      res.webSocket!.close(1000, "done");
    }

    expect((await openLive(w.weddingId)).status).toBe(401);
    const vendor = await createVendor();
    expect((await openLive(w.weddingId, await sessionCookieFor(vendor.id))).status).toBe(403);
    const other = await account("Neha Kapoor");
    const otherRes = await openLive(w.weddingId, other.cookie);
    expect(otherRes.status).toBe(404);
    expect(otherRes.webSocket).toBeNull();

    const removed = await call(`/api/v1/weddings/members/${w.mother.id}`, { method: "DELETE", cookie: w.couple.cookie });
    expect(removed.status).toBe(200);
    expect((await openLive(w.weddingId, w.mother.cookie)).status).toBe(404);
  });

  it("a request that is not an upgrade is 426 with a message, and one without the wedding is 400", async () => {
    const w = await weddingWithFamily();
    const plain = await call(`/api/v1/weddings/live?wedding=${w.weddingId}`, { cookie: w.couple.cookie });
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ success: false, message: expect.stringContaining("WebSocket") });
    expect((await openLive("", w.couple.cookie)).status).toBe(400);
  });
});

describe("a change is heard by the wedding's open pages", () => {
  it("the mother adds a guest: the couple's and the viewer's sockets hear 'guests changed by Meena Verma'; another wedding's socket hears nothing of it", async () => {
    const w = await weddingWithFamily();
    const couple = await listen(w.weddingId, w.couple.cookie);
    const viewer = await listen(w.weddingId, w.viewer.cookie);
    const elsewhere = await weddingWithFamily();
    const otherCouple = await listen(elsewhere.weddingId, elsewhere.couple.cookie);

    const added = await call("/api/v1/guests", { method: "POST", cookie: w.mother.cookie, body: { name: "Ravi Sharma", side: "BRIDE" } });
    expect(added.status).toBe(201);
    expect(await couple.hear("changed")).toEqual({ type: "changed", area: "guests", by: "Meena Verma", mine: false });
    expect(await viewer.hear("changed")).toEqual({ type: "changed", area: "guests", by: "Meena Verma", mine: false });

    // The other wedding's own change (its couple's: mine) is the first thing its socket hears.
    await call("/api/v1/budget/lines", { method: "POST", cookie: elsewhere.couple.cookie, body: { category: "music", label: "Dhol", estimated: 1000 } });
    expect(await otherCouple.hear("changed")).toEqual({ type: "changed", area: "budget", by: "Asha Verma", mine: true });
    expect(otherCouple.heard).toHaveLength(1);
  });

  it("a refused write (a viewer's edit) tells nobody; the checklist's change is heard as the plan area", async () => {
    const w = await weddingWithFamily();
    const couple = await listen(w.weddingId, w.couple.cookie);
    expect((await call("/api/v1/guests", { method: "POST", cookie: w.viewer.cookie, body: { name: "Nobody", side: "BRIDE" } })).status).toBe(403);
    const saved = await call("/api/v1/checklist/save", {
      method: "POST",
      cookie: w.partner.cookie,
      body: { categories: [{ category: "Ours", items: [{ name: "Book the ghodi", done: false, scheduleDate: null }] }], version: 0 },
    });
    expect(saved.status).toBe(200);
    expect(await couple.hear("changed")).toEqual({ type: "changed", area: "plan", by: "Rohan Mehta", mine: false });
    expect(couple.heard).toHaveLength(1);
  });
});

describe("the planner's functions and tasks are heard as the plan area", () => {
  it("the partner adds, ticks off and removes a task on a function's page, and adds a function: the couple's socket hears each", async () => {
    const w = await weddingWithFamily();
    const made = await call("/api/v1/event/newevent", { method: "POST", cookie: w.couple.cookie, body: { eventName: "Sangeet", eventDate: "2027-02-13" } });
    const eventId = ((await made.json()) as { event: { id: string } }).event.id;
    const couple = await listen(w.weddingId, w.couple.cookie);
    const form = (fields: Record<string, string>) => postPage(`/profile/weddingplan/${eventId}`, fields, w.partner.cookie);

    // Each form is saved (the page redirects back to itself).
    expect((await form({ intent: "task", name: "Book the dhol", priority: "HIGH" })).status).toBe(302);
    const task = await env.DB.prepare("SELECT id FROM tasks WHERE event_id = ?").bind(eventId).first<{ id: string }>();
    expect((await form({ intent: "task-status", taskId: task!.id, status: "DONE" })).status).toBe(302);
    expect((await form({ intent: "task-delete", taskId: task!.id })).status).toBe(302);
    await call("/api/v1/event/newevent", { method: "POST", cookie: w.partner.cookie, body: { eventName: "Haldi", eventDate: "2027-02-12" } });
    await vi.waitFor(() => expect(couple.heard).toHaveLength(4), { timeout: 5000 });
    expect(couple.heard).toEqual(Array.from({ length: 4 }, () => ({ type: "changed", area: "plan", by: "Rohan Mehta", mine: false })));
  });
});

describe("a removed co-planner stops listening", () => {
  it("removing the mother closes her open socket (4403) and her next edit is refused; the couple's socket stays open", async () => {
    const w = await weddingWithFamily();
    const guest = (await (
      await call("/api/v1/guests", { method: "POST", cookie: w.couple.cookie, body: { name: "Ravi Sharma", side: "BRIDE" } })
    ).json<{
      guest: { id: string };
    }>())!.guest;
    const mother = await listen(w.weddingId, w.mother.cookie);
    const couple = await listen(w.weddingId, w.couple.cookie);

    expect((await call(`/api/v1/weddings/members/${w.mother.id}`, { method: "DELETE", cookie: w.couple.cookie })).status).toBe(200);
    await mother.close();
    expect(mother.closed()).toEqual({ code: 4403 });

    // Back in her own (empty) wedding, the couple's guest is not hers to change.
    const edit = await call(`/api/v1/guests/${guest.id}`, { method: "PUT", cookie: w.mother.cookie, body: { city: "Kota" } });
    expect(edit.status).toBe(404);
    expect(await env.DB.prepare("SELECT city FROM guests WHERE id = ?").bind(guest.id).first("city")).toBeNull();
    couple.ws.send("ping");
    expect(await couple.hear("pong")).toEqual({ type: "pong" });
    expect(couple.closed()).toBeNull();
  });

  it("a message from a socket whose member is no longer in the wedding is refused and the socket closed, even if the removal was not heard", async () => {
    const w = await weddingWithFamily();
    const mother = await listen(w.weddingId, w.mother.cookie);
    mother.ws.send("hello");
    expect(await mother.hear("pong")).toEqual({ type: "pong" });

    // Gone from the wedding without the object being told (as if the notice had failed).
    await env.DB.prepare("DELETE FROM wedding_members WHERE wedding_id = ? AND user_id = ?").bind(w.weddingId, w.mother.id).run();
    mother.ws.send("hello");
    expect(await mother.hear("refused")).toEqual({ type: "refused" });
    await mother.close();
    expect(mother.closed()).toEqual({ code: 4403 });
  });
});
