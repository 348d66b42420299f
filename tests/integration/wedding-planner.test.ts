import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { weddingPlan } from "#domain/planning/index.ts";
import { actorOf, testContext } from "#tests/support/context.ts";
import { addShortlist, call, createService, createUser, createVendor, sessionCookieFor, signedIn, snapshot } from "#tests/support/factories.ts";

/**
 * The wedding planner through /api/v1/event (functions/domain/planning/ wedding-plan.ts, event-*.ts, tradition-functions.ts, tasks.ts): the
 * spec's event, sub-event, vendor-link and task calls, tradition templates, and the rules: field
 * messages, end after start, whole rupees, another couple's records 404 with nothing changed.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Loose });

async function couple() {
  const user = await createUser({ role: "USER", userName: "Ananya Sharma" });
  return { id: user.id, cookie: await sessionCookieFor(user.id) };
}

const plan = async (userId: string) => snapshot("SELECT * FROM events WHERE user_id = ? ORDER BY id", userId);
const taskRows = async (userId: string) => snapshot("SELECT * FROM tasks WHERE user_id = ? ORDER BY id", userId);

async function newEvent(cookie: string, body: Loose = {}) {
  return json(
    await call("/api/v1/event/newevent", {
      method: "POST",
      cookie,
      body: { eventName: "Sangeet", eventDate: "2027-02-13", eventBudget: 150000, eventStartTime: "19:00", eventEndTime: "23:30", ...body },
    }),
  );
}

describe("functions (events)", () => {
  it("takes the spec's ISO payload, stores India's day and time, and answers in the spec's names", async () => {
    const c = await couple();
    const res = await newEvent(c.cookie, {
      eventName: "Mehendi",
      // Midnight of 13 Feb in India, as a browser in India sends it; 16:00 to 21:00 India.
      eventDate: "2027-02-12T18:30:00.000Z",
      eventStartTime: "2027-02-13T10:30:00.000Z",
      eventEndTime: "2027-02-13T15:30:00.000Z",
      eventDescription: "Henna on the terrace",
      venue: "Rambagh Palace lawns",
    });
    expect(res.status).toBe(201);
    expect(res.body.event).toMatchObject({
      eventName: "Mehendi",
      eventDate: "2027-02-13",
      eventStartTime: "2027-02-13T16:00:00+05:30",
      eventEndTime: "2027-02-13T21:00:00+05:30",
      eventBudget: 150000,
      eventDescription: "Henna on the terrace",
      venue: "Rambagh Palace lawns",
    });
    const row = await env.DB.prepare("SELECT event_date, start_time, end_time, budget FROM events WHERE id = ?").bind(res.body.event.id).first();
    expect(row).toEqual({ event_date: "2027-02-13", start_time: "16:00", end_time: "21:00", budget: 150000 });
    const list = await json(await call("/api/v1/event/getevents", { cookie: c.cookie }));
    expect(list.body.events.map((e: Loose) => e.eventName)).toEqual(["Mehendi"]);
  });

  it("refuses an end before the start, a date that does not exist and part-rupees, naming each field, and adds nothing", async () => {
    const c = await couple();
    const bad = await newEvent(c.cookie, { eventStartTime: "22:00", eventEndTime: "18:00" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.eventEndTime).toBe("The end time must be after the start time.");
    const worse = await newEvent(c.cookie, { eventName: " ", eventDate: "2027-02-30", eventBudget: 999.5, eventStartTime: "25:00" });
    expect(worse.status).toBe(400);
    expect(worse.body.errors).toMatchObject({
      eventName: "Please give the function name.",
      eventDate: "Function date: that date does not exist.",
      eventBudget: "Function budget must be in whole rupees.",
      eventStartTime: "Start time: use a time like 18:30.",
    });
    expect(await plan(c.id)).toBe("[]");
  });

  it("updates a function, checks a new end against the start it keeps, and clears a time", async () => {
    const c = await couple();
    const { body } = await newEvent(c.cookie);
    const id = body.event.id;
    const early = await json(await call(`/api/v1/event/${id}`, { method: "PUT", cookie: c.cookie, body: { eventEndTime: "18:00" } }));
    expect(early.status).toBe(400);
    expect(early.body.errors.eventEndTime).toBe("The end time must be after the start time.");
    const ok = await json(
      await call(`/api/v1/event/${id}`, { method: "PUT", cookie: c.cookie, body: { eventName: "Sangeet night", venue: "Jai Mahal", eventBudget: "200000" } }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.event).toMatchObject({ eventName: "Sangeet night", venue: "Jai Mahal", eventBudget: 200000, startTime: "19:00", endTime: "23:30" });
    const cleared = await json(await call(`/api/v1/event/${id}`, { method: "PUT", cookie: c.cookie, body: { eventStartTime: "", eventEndTime: "" } }));
    expect(cleared.body.event).toMatchObject({ startTime: null, endTime: null, eventStartTime: null });
    const nothing = await json(await call(`/api/v1/event/${id}`, { method: "PUT", cookie: c.cookie, body: {} }));
    expect(nothing.status).toBe(400);
  });

  it("adds sub-events under a function only, and lists them nested", async () => {
    const c = await couple();
    const { body } = await newEvent(c.cookie, { eventName: "Wedding", eventDate: "2027-02-14", eventStartTime: "17:00", eventEndTime: "23:59" });
    const sub = await json(
      await call(`/api/v1/event/${body.event.id}/subevent`, {
        method: "POST",
        cookie: c.cookie,
        body: {
          subEventName: "Pheras",
          subEventDate: "2027-02-14T00:00:00+05:30",
          subEventStartTime: "22:15",
          subEventEndTime: "23:30",
          subEventBudget: 21000,
        },
      }),
    );
    expect(sub.status).toBe(201);
    expect(sub.body.subEvent).toMatchObject({
      subEventName: "Pheras",
      subEventDate: "2027-02-14",
      subEventStartTime: "2027-02-14T22:15:00+05:30",
      subEventBudget: 21000,
    });
    const nested = await json(
      await call(`/api/v1/event/${sub.body.subEvent.id}/subevent`, {
        method: "POST",
        cookie: c.cookie,
        body: { subEventName: "X", subEventDate: "2027-02-14" },
      }),
    );
    expect(nested.status).toBe(409);
    const badSub = await json(
      await call(`/api/v1/event/${body.event.id}/subevent`, {
        method: "POST",
        cookie: c.cookie,
        body: { subEventName: "Vidaai", subEventDate: "tomorrow", subEventStartTime: "07:00", subEventEndTime: "06:00" },
      }),
    );
    expect(badSub.status).toBe(400);
    expect(Object.keys(badSub.body.errors).sort()).toEqual(["subEventDate", "subEventEndTime"]);
    const list = await json(await call("/api/v1/event/getevents", { cookie: c.cookie }));
    expect(list.body.events).toHaveLength(1);
    expect(list.body.events[0].subEvents.map((s: Loose) => s.subEventName)).toEqual(["Pheras"]);
  });

  it("deletes a function with its sub-events, their tasks and vendor links", async () => {
    const c = await couple();
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    const { body } = await newEvent(c.cookie);
    const id = body.event.id;
    const sub = await json(
      await call(`/api/v1/event/${id}/subevent`, { method: "POST", cookie: c.cookie, body: { subEventName: "Ladies' sangeet", subEventDate: "2027-02-13" } }),
    );
    await call(`/api/v1/event/task/${id}`, { method: "POST", cookie: c.cookie, body: { name: "Choreographer" } });
    await call(`/api/v1/event/task/${sub.body.subEvent.id}`, { method: "POST", cookie: c.cookie, body: { name: "Dholki" } });
    await call(`/api/v1/event/${id}/vendors`, { method: "POST", cookie: c.cookie, body: { serviceId: service.id } });
    const keep = await newEvent(c.cookie, { eventName: "Haldi" });
    const res = await json(await call(`/api/v1/event/${id}`, { method: "DELETE", cookie: c.cookie }));
    expect(res.status).toBe(200);
    expect(res.body.removedTasks).toBe(2);
    const left = await env.DB.prepare("SELECT id FROM events WHERE user_id = ?").bind(c.id).all();
    expect(left.results).toEqual([{ id: keep.body.event.id }]);
    expect(await taskRows(c.id)).toBe("[]");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM event_services WHERE event_id = ?").bind(id).first())?.n).toBe(0);
  });
});

describe("tradition templates", () => {
  it("lists every tradition with dated functions and sub-events for a wedding day", async () => {
    const c = await couple();
    const res = await json(await call("/api/v1/event/traditions?weddingDate=2027-02-14", { cookie: c.cookie }));
    expect(res.status).toBe(200);
    const ids = res.body.traditions.map((t: Loose) => t.id);
    for (const t of ["hindu", "punjabi", "gujarati", "marathi", "bengali", "tamil", "telugu", "muslim", "christian", "sikh", "jain", "buddhist"])
      expect(ids).toContain(t);
    const hindu = res.body.traditions.find((t: Loose) => t.id === "hindu");
    const sangeet = hindu.functions.find((f: Loose) => f.key === "hindu:sangeet");
    expect(sangeet).toMatchObject({ eventDate: "2027-02-13", dayOffset: -1 });
    const wedding = hindu.functions.find((f: Loose) => f.key === "hindu:wedding");
    expect(wedding.subEvents.map((s: Loose) => s.name)).toEqual(expect.arrayContaining(["Kanyadaan", "Pheras (Saat Phere)", "Vidaai"]));
    for (const t of res.body.traditions)
      for (const f of t.functions) {
        expect(f.endTime > f.startTime, `${f.key} ends after it starts`).toBe(true);
        for (const s of f.subEvents) expect(s.endTime > s.startTime, `${s.key} ends after it starts`).toBe(true);
      }
    const sikh = res.body.traditions.find((t: Loose) => t.id === "sikh");
    expect(sikh.functions.map((f: Loose) => f.name)).toContain("Anand Karaj");
    const muslim = res.body.traditions.find((t: Loose) => t.id === "muslim");
    expect(muslim.functions.map((f: Loose) => f.name)).toEqual(expect.arrayContaining(["Nikah", "Walima"]));
  });

  it("dates the proposal for the profile's wedding date by default, and refuses a date that does not exist", async () => {
    const c = await couple();
    await env.DB.prepare("UPDATE users SET wedding_date = '2027-11-20' WHERE id = ?").bind(c.id).run();
    const res = await json(await call("/api/v1/event/traditions", { cookie: c.cookie }));
    expect(res.body.weddingDate).toBe("2027-11-20");
    expect(res.body.traditions[0].functions.find((f: Loose) => f.key === "hindu:sangeet").eventDate).toBe("2027-11-19");
    const bad = await json(await call("/api/v1/event/traditions?weddingDate=2027-02-30", { cookie: c.cookie }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.weddingDate).toBe("Wedding date: that date does not exist.");
  });

  it("creates the whole Hindu plan for the wedding day, sub-events included, with the template keys", async () => {
    const c = await couple();
    const res = await json(
      await call("/api/v1/event/from-template", { method: "POST", cookie: c.cookie, body: { tradition: "hindu", weddingDate: "2027-02-14" } }),
    );
    expect(res.status).toBe(201);
    const names = res.body.events.map((e: Loose) => e.eventName);
    expect(names).toEqual(["Roka", "Sagai (Engagement)", "Mehendi", "Haldi", "Sangeet", "Wedding (Vivah)", "Reception"]);
    const wedding = res.body.events.find((e: Loose) => e.traditionKey === "hindu:wedding");
    expect(wedding.eventDate).toBe("2027-02-14");
    const vidaai = wedding.subEvents.find((s: Loose) => s.traditionKey === "hindu:wedding:vidaai");
    expect(vidaai).toMatchObject({ subEventDate: "2027-02-15", startTime: "06:00" });
    expect(res.body.events.find((e: Loose) => e.traditionKey === "hindu:roka").eventDate).toBe("2026-11-16");
  });

  it("keeps only the functions chosen, renamed or moved (sub-events move along), and refuses a key of another tradition", async () => {
    const c = await couple();
    const bad = await json(
      await call("/api/v1/event/from-template", {
        method: "POST",
        cookie: c.cookie,
        body: { tradition: "hindu", weddingDate: "2027-02-14", functions: [{ key: "hindu:sangeet" }, { key: "sikh:anand-karaj" }] },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors["functions.1.key"]).toContain("not a function of the Hindu (North Indian) template");
    expect(await plan(c.id)).toBe("[]");
    const badDate = await json(
      await call("/api/v1/event/from-template", { method: "POST", cookie: c.cookie, body: { tradition: "hindu", weddingDate: "14/02/2027" } }),
    );
    expect(badDate.body.errors.weddingDate).toBe("Wedding date: use a date like 2027-02-14.");
    const ok = await json(
      await call("/api/v1/event/from-template", {
        method: "POST",
        cookie: c.cookie,
        body: {
          tradition: "hindu",
          weddingDate: "2027-02-14",
          functions: [
            { key: "hindu:sangeet", name: "Sangeet & Cocktails" },
            { key: "hindu:wedding", eventDate: "2027-02-15" },
          ],
        },
      }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.events.map((e: Loose) => [e.eventName, e.eventDate])).toEqual([
      ["Sangeet & Cocktails", "2027-02-13"],
      ["Wedding (Vivah)", "2027-02-15"],
    ]);
    const subs = ok.body.events[1].subEvents;
    expect(subs.find((s: Loose) => s.subEventName === "Pheras (Saat Phere)").subEventDate).toBe("2027-02-15");
    expect(subs.find((s: Loose) => s.subEventName === "Vidaai").subEventDate).toBe("2027-02-16");
  });

  it("is for couples: a vendor is refused and a visitor asked to log in", async () => {
    const vendor = await signedIn("VENDOR");
    expect(
      (await call("/api/v1/event/from-template", { method: "POST", cookie: vendor.cookie, body: { tradition: "hindu", weddingDate: "2027-02-14" } })).status,
    ).toBe(403);
    expect((await call("/api/v1/event/getevents")).status).toBe(401);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM events WHERE user_id = ?").bind(vendor.id).first())?.n).toBe(0);
  });
});

describe("vendors linked per function", () => {
  it("offers wishlist, enquiries and bookings, links with the strongest source, shows a booked vendor as booked, and unlinks", async () => {
    const c = await couple();
    const vendor = await createVendor({ businessName: "Jaipur Caterers" });
    const wished = await createService({ vendorId: vendor.id, serviceName: "Royal Thali", serviceType: "Caterers" });
    const booked = await createService({ vendorId: vendor.id, serviceName: "Mehendi by Shalini", serviceType: "Mehendi Artists" });
    const other = await createService({ vendorId: vendor.id, serviceName: "DJ Nights" });
    await addShortlist("wishlist_items", c.id, wished.id);
    await addShortlist("wishlist_items", c.id, booked.id);
    await env.DB.prepare(
      "INSERT INTO bookings (id, lead_id, service_id, vendor_id, user_id, event_date, agreed_price, advance_paid, status, created_at, updated_at) VALUES (?, NULL, ?, ?, ?, '2027-02-13', 60000, 10000, 'CONFIRMED', ?, ?)",
    )
      .bind(`bk-${crypto.randomUUID()}`, booked.id, vendor.id, c.id, Date.now(), Date.now())
      .run();
    const { body } = await newEvent(c.cookie, { eventName: "Mehendi" });
    const id = body.event.id;
    const list = await json(await call("/api/v1/event/getevents", { cookie: c.cookie }));
    expect(list.body.candidates.map((v: Loose) => [v.serviceName, v.source, v.booked])).toEqual([
      ["Mehendi by Shalini", "BOOKING", true],
      ["Royal Thali", "WISHLIST", false],
    ]);
    const link = await json(await call(`/api/v1/event/${id}/vendors`, { method: "POST", cookie: c.cookie, body: { serviceId: booked.id } }));
    expect(link.status).toBe(201);
    expect(link.body.vendor).toMatchObject({ serviceName: "Mehendi by Shalini", vendorName: "Jaipur Caterers", source: "BOOKING", booked: true });
    await call(`/api/v1/event/${id}/vendors`, { method: "POST", cookie: c.cookie, body: { serviceId: wished.id } });
    const searched = await json(await call(`/api/v1/event/${id}/vendors`, { method: "POST", cookie: c.cookie, body: { serviceId: other.id } }));
    expect(searched.body.vendor.source).toBe("SEARCH");
    const missing = await json(await call(`/api/v1/event/${id}/vendors`, { method: "POST", cookie: c.cookie, body: { serviceId: "svc-nope" } }));
    expect(missing.status).toBe(404);
    const after = await json(await call("/api/v1/event/getevents", { cookie: c.cookie }));
    expect(after.body.events[0].vendors.map((v: Loose) => [v.serviceName, v.source, v.booked])).toEqual([
      ["Mehendi by Shalini", "BOOKING", true],
      ["Royal Thali", "WISHLIST", false],
      ["DJ Nights", "SEARCH", false],
    ]);
    expect((await call(`/api/v1/event/vendor/${id}/${other.id}`, { method: "DELETE", cookie: c.cookie })).status).toBe(200);
    expect((await call(`/api/v1/event/vendor/${id}/${other.id}`, { method: "DELETE", cookie: c.cookie })).status).toBe(404);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM event_services WHERE event_id = ?").bind(id).first();
    expect(n?.n).toBe(2);
  });
});

describe("tasks", () => {
  it("adds, lists, changes, sets status alone, and deletes a function's tasks", async () => {
    const c = await couple();
    const { body } = await newEvent(c.cookie);
    const id = body.event.id;
    const made = await json(
      await call(`/api/v1/event/task/${id}`, {
        method: "POST",
        cookie: c.cookie,
        body: { name: "Book the choreographer", priority: "HIGH", dueDate: "2027-01-10", assignee: "Bride's cousin Riya", notes: "Two songs per family" },
      }),
    );
    expect(made.status).toBe(201);
    expect(made.body.task).toMatchObject({
      name: "Book the choreographer",
      status: "TODO",
      priority: "HIGH",
      dueDate: "2027-01-10",
      assignee: "Bride's cousin Riya",
    });
    const second = await json(await call(`/api/v1/event/task/${id}`, { method: "POST", cookie: c.cookie, body: { taskName: "Order sweets" } }));
    expect(second.body.task).toMatchObject({ name: "Order sweets", priority: "MEDIUM", status: "TODO", dueDate: null });
    const list = await json(await call(`/api/v1/event/tasks/${id}`, { cookie: c.cookie }));
    expect(list.body.tasks.map((t: Loose) => t.name)).toEqual(["Book the choreographer", "Order sweets"]);
    const upd = await json(
      await call(`/api/v1/event/task/${made.body.task.id}`, { method: "PUT", cookie: c.cookie, body: { assignee: "Groom", dueDate: "" } }),
    );
    expect(upd.body.task).toMatchObject({ assignee: "Groom", dueDate: null, name: "Book the choreographer" });
    const st = await json(await call(`/api/v1/event/task/status/${made.body.task.id}`, { method: "PATCH", cookie: c.cookie, body: { status: "DONE" } }));
    expect(st.body.task.status).toBe("DONE");
    const plan = await json(await call("/api/v1/event/getevents", { cookie: c.cookie }));
    expect(plan.body.events[0].tasks).toEqual({ total: 2, done: 1, open: 1 });
    const again = await json(await call(`/api/v1/event/tasks/${id}`, { cookie: c.cookie }));
    expect(again.body.tasks.map((t: Loose) => t.name)).toEqual(["Order sweets", "Book the choreographer"]);
    const del = await call(`/api/v1/event/task/${id}/${second.body.task.id}`, { method: "DELETE", cookie: c.cookie });
    expect(del.status).toBe(200);
    expect((await json(await call(`/api/v1/event/tasks/${id}`, { cookie: c.cookie }))).body.tasks).toHaveLength(1);
  });

  it("refuses a bad status, priority or due date with the field named, and changes nothing", async () => {
    const c = await couple();
    const { body } = await newEvent(c.cookie);
    const t = await json(await call(`/api/v1/event/task/${body.event.id}`, { method: "POST", cookie: c.cookie, body: { name: "Hire dhol players" } }));
    const before = await taskRows(c.id);
    const status = await json(await call(`/api/v1/event/task/status/${t.body.task.id}`, { method: "PATCH", cookie: c.cookie, body: { status: "FINISHED" } }));
    expect(status.status).toBe(400);
    expect(status.body.errors.status).toBe("Status must be TODO, IN_PROGRESS, DONE or CANCELLED.");
    const upd = await json(
      await call(`/api/v1/event/task/${t.body.task.id}`, { method: "PUT", cookie: c.cookie, body: { priority: "URGENT", dueDate: "2027-13-01" } }),
    );
    expect(upd.body.errors).toMatchObject({ priority: "Priority must be LOW, MEDIUM or HIGH.", dueDate: "Due date: that date does not exist." });
    const noName = await json(await call(`/api/v1/event/task/${body.event.id}`, { method: "POST", cookie: c.cookie, body: { name: "" } }));
    expect(noName.body.errors.name).toBe("Please give the task name.");
    expect(await taskRows(c.id)).toBe(before);
  });

  it("deletes a task only through its own function", async () => {
    const c = await couple();
    const a = await newEvent(c.cookie);
    const b = await newEvent(c.cookie, { eventName: "Haldi" });
    const t = await json(await call(`/api/v1/event/task/${a.body.event.id}`, { method: "POST", cookie: c.cookie, body: { name: "Turmeric and flowers" } }));
    expect((await call(`/api/v1/event/task/${b.body.event.id}/${t.body.task.id}`, { method: "DELETE", cookie: c.cookie })).status).toBe(404);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM tasks WHERE id = ?").bind(t.body.task.id).first())?.n).toBe(1);
  });
});

describe("another couple", () => {
  it("gets 404 for every call on someone else's function, sub-event, task or link, and changes nothing", async () => {
    const owner = await couple();
    const intruder = await couple();
    const vendor = await createVendor();
    const service = await createService({ vendorId: vendor.id });
    const { body } = await newEvent(owner.cookie);
    const id = body.event.id;
    const t = await json(await call(`/api/v1/event/task/${id}`, { method: "POST", cookie: owner.cookie, body: { name: "Invitations" } }));
    const taskId = t.body.task.id;
    await call(`/api/v1/event/${id}/vendors`, { method: "POST", cookie: owner.cookie, body: { serviceId: service.id } });
    const before = [await plan(owner.id), await taskRows(owner.id), await snapshot("SELECT * FROM event_services WHERE event_id = ?", id)];
    const attempts: [string, string, unknown?][] = [
      ["PUT", `/api/v1/event/${id}`, { eventName: "Mine now" }],
      ["DELETE", `/api/v1/event/${id}`],
      ["POST", `/api/v1/event/${id}/subevent`, { subEventName: "Extra", subEventDate: "2027-02-13" }],
      ["POST", `/api/v1/event/${id}/vendors`, { serviceId: service.id }],
      ["DELETE", `/api/v1/event/vendor/${id}/${service.id}`],
      ["POST", `/api/v1/event/task/${id}`, { name: "Sneaky" }],
      ["GET", `/api/v1/event/tasks/${id}`],
      ["PUT", `/api/v1/event/task/${taskId}`, { name: "Renamed" }],
      ["DELETE", `/api/v1/event/task/${id}/${taskId}`],
      ["PATCH", `/api/v1/event/task/status/${taskId}`, { status: "DONE" }],
    ];
    for (const [method, path, payload] of attempts) {
      const res = await call(path, { method, cookie: intruder.cookie, body: payload });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect([await plan(owner.id), await taskRows(owner.id), await snapshot("SELECT * FROM event_services WHERE event_id = ?", id)]).toEqual(before);
    const theirs = await json(await call("/api/v1/event/getevents", { cookie: intruder.cookie }));
    expect(theirs.body.events).toEqual([]);
  });
});

describe("the plan page's read", () => {
  it("reads a wedding of 12 functions and 200 tasks in one D1 round trip after the member's row", async () => {
    const c = await couple();
    const now = Date.now();
    const statements: D1PreparedStatement[] = [];
    for (let f = 0; f < 12; f++) {
      const eventId = `ev-${c.id}-${f}`;
      statements.push(
        env.DB.prepare(
          "INSERT INTO events (id, user_id, name, event_date, start_time, end_time, created_at, updated_at) VALUES (?, ?, ?, ?, '10:00', '12:00', ?, ?)",
        ).bind(eventId, c.id, `Function ${f}`, `2027-02-${String(f + 1).padStart(2, "0")}`, now, now),
      );
      for (let t = 0; t < (f < 8 ? 17 : 16); t++)
        statements.push(
          env.DB.prepare("INSERT INTO tasks (id, event_id, user_id, name, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)").bind(
            `tk-${c.id}-${f}-${t}`,
            eventId,
            c.id,
            `Task ${t}`,
            t % 4 === 0 ? "DONE" : "TODO",
            now,
            now,
          ),
        );
    }
    await env.DB.batch(statements);
    const calls: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (key === "batch") return (s: D1PreparedStatement[]) => (calls.push("batch"), target.batch(s));
        if (key === "exec") return (q: string) => (calls.push("exec"), target.exec(q));
        if (key === "prepare")
          return (q: string) => {
            const stmt = target.prepare(q);
            return new Proxy(stmt, {
              get(st, k) {
                if (k === "bind") return (...a: unknown[]) => new Proxy(st.bind(...a), this);
                if (k === "first" || k === "all" || k === "run" || k === "raw") calls.push(String(k));
                const v = Reflect.get(st, k) as unknown;
                return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(st) : v;
              },
            });
          };
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    // The couple's wedding as their first planning request makes it (decision 0049).
    await weddingPlan(testContext({ actor: actorOf(c.id, "USER") }));
    const ctx = { ...testContext({ actor: actorOf(c.id, "USER") }), db };
    const plan = await weddingPlan(ctx);
    // One indexed read of the actor's member row (their wedding and rights), then the plan in one batch.
    expect(calls).toEqual(["first", "batch"]);
    expect(plan.events).toHaveLength(12);
    expect(plan.taskTotals).toEqual({ total: 200, done: 56, open: 144 });
  });
});
