import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { COUNTED_HEADCOUNT_SQL, HEADCOUNT_SQL } from "#domain/guests/index.ts";
import { STORE_COUNTER_TABLES, STORE_TABLES, type StoreResult, type StoreTable, weddingStore } from "#functions/stores/wedding-store/index.ts";

type Rows = Record<string, unknown>[];

/**
 * Each wedding's store (decision 0055, a prototype): one Durable Object with SQLite per wedding
 * holds its functions, households, guests, invitations and answers in D1's own tables, so the
 * guest list's queries run there unchanged; a batch is all or nothing; a dropped store is empty.
 */
const ns = () => env.WEDDING_STORE!;
const now = 1_767_225_600_000;

function wedding(key: string) {
  return {
    events: [
      { id: `${key}-e1`, user_id: key, name: "Sangeet", event_date: "2027-02-13", created_at: now, updated_at: now },
      { id: `${key}-e2`, user_id: key, name: "Wedding", event_date: "2027-02-14", created_at: now, updated_at: now },
    ],
    households: [
      { id: `${key}-h1`, user_id: key, name: "Sharma family", rsvp_token: `${key}-t1`, created_at: now, updated_at: now },
      { id: `${key}-h2`, user_id: key, name: "Iyer family", rsvp_token: `${key}-t2`, created_at: now, updated_at: now },
    ],
    guests: [
      { id: `${key}-g1`, user_id: key, household_id: `${key}-h1`, name: "Anil", dietary: "VEG", created_at: now, updated_at: now },
      { id: `${key}-g2`, user_id: key, household_id: `${key}-h1`, name: "Sunita", dietary: "JAIN", created_at: now, updated_at: now },
      { id: `${key}-g3`, user_id: key, household_id: `${key}-h2`, name: "Ravi", created_at: now, updated_at: now },
    ],
    household_invitations: [
      { household_id: `${key}-h1`, event_id: `${key}-e1`, invited_at: now },
      { household_id: `${key}-h1`, event_id: `${key}-e2`, invited_at: now },
      { household_id: `${key}-h2`, event_id: `${key}-e2`, invited_at: now },
    ],
    guest_rsvps: [
      { guest_id: `${key}-g1`, event_id: `${key}-e1`, response: "ATTENDING", party_size: 3, answered_at: now },
      { guest_id: `${key}-g2`, event_id: `${key}-e1`, response: "DECLINED", party_size: 1, answered_at: now },
      { guest_id: `${key}-g3`, event_id: `${key}-e2`, response: "MAYBE", party_size: 2, answered_at: now },
    ],
  };
}

describe("a wedding's store", () => {
  it("holds a wedding's guest list in D1's tables: the head-count query answers there as it does in D1", async () => {
    const store = weddingStore(ns(), "store-headcount");
    const rows = wedding("couple-a");
    for (const [table, list] of Object.entries(rows)) expect(await store.importRows(table as keyof typeof rows, list)).toBe(list.length);
    // RPC types cannot carry `unknown` column values: the answers are typed as the store declares them.
    const [counts] = (await store.batch([{ sql: HEADCOUNT_SQL, params: ["couple-a"] }])) as unknown as StoreResult[];
    expect(counts!.results.map((r) => [r.name, r.guests, r.attending, r.maybe, r.declined, r.not_answered, r.veg, r.jain])).toEqual([
      ["Sangeet", 2, 3, 0, 1, 0, 3, 0],
      ["Wedding", 3, 0, 2, 0, 2, 0, 0],
    ]);
    expect(counts!.rowsRead).toBeGreaterThan(0);
    // The counters kept on write (migration 0154) are kept in the store too: the counted query the page reads says the same,
    // and an answer written there moves them in the same transaction.
    const kept = async () =>
      ((await store.batch([{ sql: COUNTED_HEADCOUNT_SQL, params: ["couple-a"] }])) as unknown as StoreResult[])[0]!.results.map((r) => [
        r.name,
        r.guests,
        r.attending,
        r.maybe,
        r.declined,
        r.not_answered,
        r.veg,
        r.jain,
      ]);
    expect(await kept()).toEqual([
      ["Sangeet", 2, 3, 0, 1, 0, 3, 0],
      ["Wedding", 3, 0, 2, 0, 2, 0, 0],
    ]);
    await store.batch([
      {
        sql: "INSERT INTO guest_rsvps (guest_id, event_id, response, party_size, answered_at) VALUES (?, ?, 'ATTENDING', 2, ?)",
        params: ["couple-a-g1", "couple-a-e2", now],
      },
    ]);
    expect(await kept()).toEqual([
      ["Sangeet", 2, 3, 0, 1, 0, 3, 0],
      ["Wedding", 3, 2, 2, 0, 1, 2, 0],
    ]);
    const stats = await store.stats();
    // The three answers copied in and the one written above.
    expect(stats.rows).toEqual({ events: 2, households: 2, guests: 3, household_invitations: 3, guest_rsvps: 4 });
    expect(stats.bytes).toBeGreaterThan(0);
    // Its export is every row, as stored.
    const exported = (await store.exportRows()) as unknown as Record<StoreTable, Rows>;
    expect(exported.guests.map((g) => g.name).sort()).toEqual(["Anil", "Ravi", "Sunita"]);
  });

  it("copies in a wedding of 800 guests in one call per table: every row arrives, whatever the rows per statement", async () => {
    const store = weddingStore(ns(), "store-large");
    const key = "couple-large";
    const households = Array.from({ length: 250 }, (_, h) => ({
      id: `${key}-h${h}`,
      user_id: key,
      name: `Family ${h}`,
      rsvp_token: `${key}-t${h}`,
      created_at: now,
      updated_at: now,
    }));
    // 14 columns a guest: 7 rows fit a statement's 100 bound values, so 800 rows end with a shorter statement.
    const guests = Array.from({ length: 800 }, (_, g) => ({
      id: `${key}-g${g}`,
      user_id: key,
      household_id: `${key}-h${g % 250}`,
      name: `Guest ${g}`,
      side: "BRIDE",
      relation: null,
      phone: `98765${String(g).padStart(5, "0")}`,
      email: null,
      city: "Jaipur",
      dietary: g % 2 ? "VEG" : "JAIN",
      needs_stay: 0,
      needs_pickup: 0,
      created_at: now,
      updated_at: now,
    }));
    const events = [{ id: `${key}-e1`, user_id: key, name: "Wedding", event_date: "2027-02-14", created_at: now, updated_at: now }];
    const invitations = households.map((h) => ({ household_id: h.id, event_id: `${key}-e1`, invited_at: now }));
    const answers = guests
      .filter((_, g) => g % 3 === 0)
      .map((g) => ({ guest_id: g.id, event_id: `${key}-e1`, response: "ATTENDING", party_size: 1, answered_at: now }));
    expect(await store.importRows("events", events)).toBe(1);
    expect(await store.importRows("households", households)).toBe(250);
    expect(await store.importRows("guests", guests)).toBe(800);
    expect(await store.importRows("household_invitations", invitations)).toBe(250);
    expect(await store.importRows("guest_rsvps", answers)).toBe(267);
    expect((await store.stats()).rows).toEqual({ events: 1, households: 250, guests: 800, household_invitations: 250, guest_rsvps: 267 });
    const [counts] = (await store.batch([{ sql: HEADCOUNT_SQL, params: [key] }])) as unknown as StoreResult[];
    expect(counts!.results.map((r) => [r.guests, r.attending, r.not_answered, r.veg, r.jain])).toEqual([[800, 267, 533, 133, 134]]);
    // The last guest came in the last, shorter statement with its own values.
    const exported = (await store.exportRows()) as unknown as Record<StoreTable, Rows>;
    expect(exported.guests.find((g) => g.id === `${key}-g799`)).toMatchObject({ name: "Guest 799", phone: "9876500799", household_id: `${key}-h49` });
  });

  it("has D1's indexes on the tables it holds, so the planning queries find the same paths there", async () => {
    const INDEXES = `SELECT name, lower(replace(replace(sql, '\`', ''), ' ', '')) AS sql FROM sqlite_master
       WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ${`('${[...STORE_TABLES, ...STORE_COUNTER_TABLES].join("', '")}')`} ORDER BY name`;
    const [inStore] = (await weddingStore(ns(), "store-indexes").batch([{ sql: INDEXES, params: [] }])) as unknown as StoreResult[];
    const inD1 = await env.DB.prepare(INDEXES).all();
    expect(inStore!.results).toEqual(inD1.results);
  });

  it("writes a batch all or nothing, and another wedding's store is another database", async () => {
    const store = weddingStore(ns(), "store-atomic");
    const rows = wedding("couple-b");
    await store.importRows("events", rows.events);
    await store.importRows("households", rows.households);
    const refused = await Promise.resolve(
      store.batch([
        {
          sql: "INSERT INTO guests (id, user_id, household_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
          params: ["g-new", "couple-b", "couple-b-h1", "Meena", now, now],
        },
        {
          sql: "INSERT INTO guests (id, user_id, household_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
          params: ["g-new", "couple-b", "couple-b-h1", "Twice", now, now],
        },
      ]),
    ).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(refused).toMatch(/UNIQUE/);
    expect((await store.stats()).rows.guests).toBe(0);
    expect((await weddingStore(ns(), "store-other").stats()).rows.households).toBe(0);
  });

  it("is empty once dropped (the couple closed their account)", async () => {
    const store = weddingStore(ns(), "store-drop");
    const rows = wedding("couple-c");
    for (const [table, list] of Object.entries(rows)) await store.importRows(table as keyof typeof rows, list);
    await store.drop();
    const fresh = weddingStore(ns(), "store-drop");
    expect((await fresh.stats()).rows).toEqual({ events: 0, households: 0, guests: 0, household_invitations: 0, guest_rsvps: 0 });
  });
});
