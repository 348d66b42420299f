import { env } from "cloudflare:workers";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { call, snapshot } from "#tests/support/factories.ts";
import { apiOperations, fillPath } from "#tests/support/openapi.ts";
import { moveWeddingToStore } from "#domain/weddings/index.ts";
import { weddingStore } from "#functions/stores/wedding-store/index.ts";
import { testContext } from "#tests/support/context.ts";
import { buildWeddingWorld, cookieOf, type PlanningArea, type WeddingRoleName, type WeddingWorld, WEDDING_ROLES } from "#tests/support/wedding-roles.ts";

/**
 * The access matrix's role rows (issue 33, docs/decisions/0049-weddings.md "Who may do what"):
 * every planning endpoint x {couple, partner, editor of that area, editor of another area, viewer,
 * removed co-planner, another wedding's couple, vendor, visitor}, each cell in a fresh wedding
 * (tests/support/wedding-roles.ts). What each cell expects:
 * - "yes": 2xx; a read shows the couple's wedding (its secret), a write changes it;
 * - "refused": 403 (401 for a visitor) and the wedding unchanged, nothing of it in the answer;
 * - "own": the caller plans their own wedding there: whatever the status (never a 5xx, 401 or
 *   403), the couple's wedding is unchanged and nothing of it is in the answer.
 * A guest's phone number and e-mail address reach only the couple, partners and guest-list editors.
 *
 * An endpoint not read through openWedding (`viaWedding: false`) answers a co-planner with their
 * own wedding: its members' cells are "own" until it is converted. Every row here is converted.
 */

type Row = {
  area: PlanningArea;
  /** manage: only those who manage the wedding's people (the couple and partners). */
  need: "read" | "edit" | "manage";
  /** Whether the endpoint reads its wedding through openWedding yet (false: expected to change). */
  viaWedding: boolean;
  call: (w: WeddingWorld) => { params?: Record<string, string>; body?: unknown };
  /** A read that lists guests' contacts: the phone and e-mail reach only those allowed. */
  contacts?: boolean;
  /** The answer is a zip: its files' text is what the caller reads. */
  zip?: boolean;
};

const G = (need: Row["need"], call: Row["call"], extra: Partial<Row> = {}): Row => ({ area: "guests", need, viaWedding: true, call, ...extra });
const OWN = (area: PlanningArea, need: Row["need"], call: Row["call"]): Row => ({ area, need, viaWedding: true, call });
const none = () => ({});

const ROWS: Record<string, Row> = {
  // The guest list (functions/domain/guests/, through openWedding).
  "GET /api/v1/guests": G("read", none, { contacts: true }),
  "POST /api/v1/guests": G("edit", (w) => ({ body: { name: "Kiran Rao", householdId: w.household } })),
  "PUT /api/v1/guests/{guestId}": G("edit", (w) => ({ params: { guestId: w.guest }, body: { city: "Udaipur" } })),
  "DELETE /api/v1/guests/{guestId}": G("edit", (w) => ({ params: { guestId: w.guest } })),
  "GET /api/v1/guests/households": G("read", none),
  "POST /api/v1/guests/households": G("edit", () => ({ body: { name: "Rao family" } })),
  "PUT /api/v1/guests/households/{id}": G("edit", (w) => ({ params: { id: w.household }, body: { name: "Renamed" } })),
  "DELETE /api/v1/guests/households/{id}": G("edit", (w) => ({ params: { id: w.household } })),
  "POST /api/v1/guests/households/{id}/reset-link": G("edit", (w) => ({ params: { id: w.household } })),
  "PUT /api/v1/guests/households/{id}/invitations": G("edit", (w) => ({ params: { id: w.household }, body: { eventIds: [] } })),
  "POST /api/v1/guests/import": G("edit", () => ({ body: { csv: "Name,City\nKiran Rao,Pune\n" } })),
  "GET /api/v1/guests/export": G("read", none, { contacts: true }),
  "GET /api/v1/guests/headcounts": G("read", none),
  // Sending the household its link is the invitations area's (through openWedding).
  "POST /api/v1/guests/households/{id}/remind": { area: "invitations", need: "edit", viaWedding: true, call: (w) => ({ params: { id: w.household } }) },
  "POST /api/v1/guests/households/{id}/share": {
    area: "invitations",
    need: "edit",
    viaWedding: true,
    call: (w) => ({ params: { id: w.household }, body: { channel: "whatsapp", lang: "hi" } }),
  },
  // Budget.
  "GET /api/v1/budget": OWN("budget", "read", none),
  "PUT /api/v1/budget/total": OWN("budget", "edit", () => ({ body: { totalBudget: 1500000 } })),
  "POST /api/v1/budget/lines": OWN("budget", "edit", () => ({ body: { category: "decor", label: "Marigold garlands", estimated: 12000 } })),
  "PUT /api/v1/budget/lines/{id}": OWN("budget", "edit", (w) => ({ params: { id: w.budgetLine }, body: { estimated: 450000 } })),
  "DELETE /api/v1/budget/lines/{id}": OWN("budget", "edit", (w) => ({ params: { id: w.budgetLine } })),
  "POST /api/v1/budget/suggest": OWN("budget", "edit", none),
  // The plan: functions, tasks, the checklist.
  "GET /api/v1/event/getevents": OWN("plan", "read", none),
  "POST /api/v1/event/newevent": OWN("plan", "edit", () => ({
    body: { eventName: "Haldi", eventDate: "2027-02-13", eventStartTime: "10:00", eventEndTime: "13:00" },
  })),
  "POST /api/v1/event/from-template": OWN("plan", "edit", () => ({
    body: { tradition: "hindu", weddingDate: "2027-02-14", functions: [{ key: "hindu:haldi" }] },
  })),
  "PUT /api/v1/event/{eventId}": OWN("plan", "edit", (w) => ({ params: { eventId: w.event }, body: { eventName: "Sangeet night" } })),
  "DELETE /api/v1/event/{eventId}": OWN("plan", "edit", (w) => ({ params: { eventId: w.event } })),
  "POST /api/v1/event/{eventId}/subevent": OWN("plan", "edit", (w) => ({
    params: { eventId: w.event },
    body: { subEventName: "Dholki", subEventDate: "2027-02-13" },
  })),
  "GET /api/v1/event/tasks/{eventId}": OWN("plan", "read", (w) => ({ params: { eventId: w.event } })),
  "POST /api/v1/event/task/{eventId}": OWN("plan", "edit", (w) => ({ params: { eventId: w.event }, body: { name: "Book the choreographer" } })),
  "PUT /api/v1/event/task/{taskId}": OWN("plan", "edit", (w) => ({ params: { taskId: w.task }, body: { assignee: "Groom" } })),
  "PATCH /api/v1/event/task/status/{taskId}": OWN("plan", "edit", (w) => ({ params: { taskId: w.task }, body: { status: "DONE" } })),
  "DELETE /api/v1/event/task/{eventId}/{taskId}": OWN("plan", "edit", (w) => ({ params: { eventId: w.event, taskId: w.task } })),
  "GET /api/v1/checklist/get": OWN("plan", "read", none),
  "POST /api/v1/checklist/save": OWN("plan", "edit", () => ({
    body: [{ category: "Honeymoon", items: [{ name: "Book flights", done: false, scheduleDate: null }] }],
  })),
  "POST /api/v1/checklist/merge": OWN("plan", "edit", () => ({
    body: { categories: [{ category: "Honeymoon", items: [{ name: "Book flights", done: true, scheduleDate: null }] }] },
  })),
  // Invitation cards.
  "GET /api/v1/userDataTemplate": OWN("invitations", "read", none),
  "GET /api/v1/userDataTemplate/{id}": OWN("invitations", "read", (w) => ({ params: { id: w.card } })),
  "POST /api/v1/userDataTemplate": OWN("invitations", "edit", () => ({
    body: { title: "Mehendi card", canvas: { version: "7.4.0", width: 600, height: 840, objects: [] } },
  })),
  "PATCH /api/v1/userDataTemplate/{id}": OWN("invitations", "edit", (w) => ({ params: { id: w.card }, body: { title: "Renamed card" } })),
  "DELETE /api/v1/userDataTemplate/{id}": OWN("invitations", "edit", (w) => ({ params: { id: w.card } })),
  "POST /api/v1/userDataTemplate/{id}/duplicate": OWN("invitations", "edit", (w) => ({ params: { id: w.card } })),
  // The wedding's records as a zip of CSVs: the couple and partners only (functions/domain/exports/).
  "GET /api/v1/weddings/export": { area: "guests", need: "manage", viaWedding: true, call: none, contacts: true, zip: true },
};

/** Planning operations without role rows here, and why (their access per account is in tests/integration/access-matrix.test.ts). */
const NOT_HERE: Record<string, string> = {
  "GET /api/v1/event/traditions": "the catalogue of traditions: no wedding's data",
  "POST /api/v1/event/{eventId}/vendors": "needs a booked service of a vendor (the per-account matrix has one)",
  "DELETE /api/v1/event/vendor/{eventId}/{serviceId}": "needs a booked service of a vendor (the per-account matrix has one)",
  "PUT /api/v1/budget/bookings/{id}": "needs a booking with a vendor (the per-account matrix has one)",
  "POST /api/v1/userDataTemplate/{id}/export": "a multipart image body (tests/integration/user-cards.test.ts)",
  "PUT /api/v1/userDataTemplate/{id}/preview": "a multipart image body (tests/integration/user-cards.test.ts)",
  "POST /api/v1/invitation/{cardId}/publish": "needs a paid design (tests/integration/e-invites.test.ts)",
  "DELETE /api/v1/invitation/{cardId}/publish": "needs a published card (tests/integration/e-invites.test.ts)",
  "GET /api/v1/invitation/requests": "lists guests' requests of a published card (tests/integration/e-invites.test.ts)",
  "POST /api/v1/invitation/requests/{id}/approve": "needs a published card and a guest's request (tests/integration/e-invites.test.ts)",
  "POST /api/v1/invitation/requests/{id}/decline": "needs a published card and a guest's request (tests/integration/e-invites.test.ts)",
  "GET /api/v1/invitation/view/{slug}": "public: the share link is the authority",
  "POST /api/v1/invitation/view/{slug}/requests": "public: the share link is the authority",
};
const PLANNING = /^\/api\/v1\/((guests|budget|event|checklist|userDataTemplate|invitation)(\/|$)|weddings\/export$)/;

type Outcome = "yes" | "refused" | "own";

/** What the rule of decision 0049 gives the role for the row. */
function expected(role: WeddingRoleName, row: Row): Outcome {
  if (role === "anonymous" || role === "vendor") return "refused";
  if (role === "removed" || role === "otherCouple") return "own";
  if (role === "couple") return "yes";
  if (!row.viaWedding) return "own"; // expected to change
  if (row.need === "manage") return role === "partner" ? "yes" : "refused";
  if (role === "partner" || role === "editorOfArea") return "yes";
  return row.need === "read" ? "yes" : "refused";
}

const seesContacts = (role: WeddingRoleName, row: Row) =>
  expected(role, row) === "yes" && (role === "couple" || role === "partner" || (role === "editorOfArea" && row.area === "guests"));

/** The couple's wedding in D1: everything a call could change. */
const weddingState = (w: WeddingWorld) =>
  Promise.all([
    snapshot("SELECT * FROM events WHERE user_id = ? ORDER BY id", w.couple),
    snapshot("SELECT * FROM tasks WHERE user_id = ? ORDER BY id", w.couple),
    snapshot(
      "SELECT h.*, (SELECT json_group_array(json_array(event_id, shared_at, reminded_at)) FROM household_invitations WHERE household_id = h.id) AS inv FROM households h WHERE user_id = ? ORDER BY id",
      w.couple,
    ),
    snapshot("SELECT * FROM guests WHERE user_id = ? ORDER BY id", w.couple),
    snapshot("SELECT * FROM budget_lines WHERE user_id = ? ORDER BY id", w.couple),
    snapshot("SELECT total_budget FROM users WHERE id = ?", w.couple),
    snapshot("SELECT categories FROM checklists WHERE user_id = ?", w.couple),
    snapshot("SELECT * FROM user_templates WHERE user_id = ? ORDER BY id", w.couple),
    snapshot("SELECT user_id, role, areas, sees_contacts FROM wedding_members WHERE wedding_id = ? ORDER BY user_id", w.wedding),
  ]).then((parts) => parts.join("\n"));

const ops = await apiOperations();

describe("access matrix: role rows of every planning endpoint (issue 33)", () => {
  it("has a row, or a reason, for every planning operation of the API", () => {
    const planning = ops.filter((o) => PLANNING.test(o.path)).map((o) => o.key);
    expect(
      planning.filter((k) => !ROWS[k] && !NOT_HERE[k]),
      "add the operation to ROWS in tests/integration/access-matrix-roles.test.ts",
    ).toEqual([]);
    expect(
      Object.keys(ROWS).filter((k) => !planning.includes(k)),
      "rows for operations the API no longer has",
    ).toEqual([]);
  });

  for (const op of ops.filter((o) => ROWS[o.key])) {
    const row = ROWS[op.key]!;
    describe(op.key, () => {
      for (const role of WEDDING_ROLES) {
        const outcome = expected(role, row);
        it(`${role}: ${outcome}${!row.viaWedding && outcome === "own" && !["removed", "otherCouple", "anonymous", "vendor"].includes(role) ? " (expected to change)" : ""}`, async () => {
          await cell(op, row, role, outcome, await buildWeddingWorld());
        }, 20_000);
      }
    });
  }
});

/**
 * The guest list's rows again, in a wedding moved to its store (docs/decisions/0066): the same
 * rights, read from the same membership; what a call changes is looked for in the store too (an
 * e-mail reminder's reminded_at is the store's, its mails D1's outbox: docs/decisions/0066).
 */
describe("access matrix: the guest list's role rows in a wedding moved to its store (issue 33)", () => {
  for (const op of ops.filter((o) => ROWS[o.key] && /^\/api\/v1\/guests(\/|$)/.test(o.path))) {
    const row = ROWS[op.key]!;
    describe(op.key, () => {
      for (const role of WEDDING_ROLES) {
        const outcome = expected(role, row);
        it(`${role}: ${outcome}`, async () => {
          const w = await buildWeddingWorld();
          await moveWeddingToStore(testContext(), w.wedding);
          await cell(op, row, role, outcome, w, true);
        }, 20_000);
      }
    });
  }
});

async function cell(op: (typeof ops)[number], row: Row, role: WeddingRoleName, outcome: Outcome, w: WeddingWorld, moved = false) {
  const extraState = async () => (moved ? JSON.stringify(await weddingStore(env.WEDDING_STORE!, w.wedding).exportRows()) : "");
  const state = async () => `${await weddingState(w)}\n${await extraState()}`;
  const before = await state();
  const d1Before = await weddingState(w);
  const { params = {}, body } = row.call(w);
  const method = op.method.toUpperCase();
  const res = await call(fillPath(op.path, params), {
    method,
    cookie: await cookieOf(w, role, row.area),
    body: body ?? (method === "GET" ? undefined : {}),
  });
  const zipped = row.zip && res.headers.get("Content-Type") === "application/zip";
  const text = zipped
    ? Object.values(unzipSync(new Uint8Array(await res.arrayBuffer())))
        .map((f) => strFromU8(f))
        .join("\n")
    : await res.text();
  const what = `${op.key} as ${role} answered ${res.status}: ${text.slice(0, 300)}`;
  const after = await state();
  expect(res.status, what).toBeLessThan(500);
  if (outcome === "yes") {
    expect(res.status, what).toBeGreaterThanOrEqual(200);
    expect(res.status, what).toBeLessThan(300);
    if (row.need === "edit") expect(after, `${what}: the call should change the couple's wedding`).not.toBe(before);
    else expect(text, `${what}: the reader should see the couple's wedding`).toContain(w.secret);
    // A moved wedding's guest list is written in its store, never in D1.
    if (moved) expect(await weddingState(w), `${what}: D1 changed for a moved wedding`).toBe(d1Before);
  } else {
    if (outcome === "refused") expect(res.status, what).toBe(role === "anonymous" ? 401 : 403);
    else expect([401, 403], what).not.toContain(res.status);
    expect(after, `${what}: the couple's wedding changed`).toBe(before);
    expect(text, `${what}: the answer shows the couple's wedding`).not.toContain(w.secret);
  }
  if (row.contacts) {
    const shown = text.includes(w.guestEmail) || text.includes(w.guestPhone.slice(3));
    expect(shown, `${what}: guests' contacts ${seesContacts(role, row) ? "missing" : "shown"}`).toBe(seesContacts(role, row));
  }
}

// The fixture's own check: the roles are who they say (a member's rights come from wedding_members).
it("the fixture makes each role's membership", async () => {
  const w = await buildWeddingWorld();
  const rows = await env.DB.prepare("SELECT user_id, role, areas FROM wedding_members WHERE wedding_id = ?")
    .bind(w.wedding)
    .all<{ user_id: string; role: string; areas: string }>();
  const of = (id: string) => rows.results.find((r) => r.user_id === id);
  expect(of(w.couple)?.role).toBe("COUPLE");
  expect(of(w.partner)?.role).toBe("PARTNER");
  expect(of(w.editors.budget)).toMatchObject({ role: "EDITOR", areas: "budget" });
  expect(of(w.viewer)?.role).toBe("VIEWER");
  expect(of(w.removed)).toBeUndefined();
  expect(of(w.otherCouple)).toBeUndefined();
});
