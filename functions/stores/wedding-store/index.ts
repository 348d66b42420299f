/**
 * Each wedding's store (issue 33, decision 0055): a Durable Object with SQLite storage holding one
 * wedding's guest list. A prototype measured by tests/bench/wedding-store.mjs; the product still
 * reads D1. The Worker's entries export the class (functions/worker.ts, functions/test-entry.ts).
 */
export { WeddingStore, type StoreResult, type StoreStatement } from "./wedding-store.ts";
export { ANSWER_COUNTERS_SCHEMA, STORE_COUNTER_TABLES, STORE_TABLES, WEDDING_STORE_SCHEMA, type StoreTable } from "./schema.ts";
import type { WeddingStore } from "./wedding-store.ts";

/** The store of one wedding: its object is named by the wedding's id. */
export function weddingStore(ns: DurableObjectNamespace<WeddingStore>, weddingId: string): DurableObjectStub<WeddingStore> {
  return ns.get(ns.idFromName(weddingId));
}
