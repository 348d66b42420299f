import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACTIVITY_KEPT_MS } from "#domain/weddings/index.ts";
import { weddingStore, type StoreResult } from "#functions/stores/wedding-store/index.ts";

/**
 * A moved wedding's activity entries (its guest list's, written in its store: docs/decisions/0066)
 * are kept a year, as D1's are (the privacy policy's promise): the store's own alarm deletes them,
 * so no daily job visits every wedding's store.
 */

const entry = (id: string, createdAt: number) => ({
  sql: "INSERT INTO wedding_activity (id, wedding_id, actor_name, area, action, created_at) VALUES (?, 'w', 'Meena', 'guests', 'guest_added', ?)",
  params: [id, createdAt],
});

describe("a wedding store's activity entries", () => {
  it("are deleted by the store's alarm once a year old; the next alarm waits for the oldest left", async () => {
    const stub = weddingStore(env.WEDDING_STORE!, crypto.randomUUID());
    const now = Date.now();
    await stub.batch([entry("recent", now - 86_400_000)]);
    // The first entry sets the alarm for when it turns a year old.
    const alarm = () => runInDurableObject(stub, (_, state) => state.storage.getAlarm());
    expect(await alarm()).toBe(now - 86_400_000 + ACTIVITY_KEPT_MS);

    // An entry past its year (an alarm that had not run yet): the alarm, run now, deletes it and only it.
    await stub.batch([entry("old", now - ACTIVITY_KEPT_MS - 1_000)]);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const left = (await stub.batch([{ sql: "SELECT id FROM wedding_activity ORDER BY id", params: [] }])) as unknown as StoreResult[];
    expect(left[0]!.results).toEqual([{ id: "recent" }]);
    expect(await alarm()).toBe(now - 86_400_000 + ACTIVITY_KEPT_MS);

    // An emptied store (its couple closed the account) has no alarm left.
    await stub.drop();
    expect(await alarm()).toBeNull();
  });
});
