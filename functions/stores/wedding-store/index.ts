/**
 * Each wedding's store (issue 33, decision 0055): a Durable Object with SQLite storage holding one
 * wedding's guest list. A moved wedding (weddings.stored_at, docs/decisions/0066) is read and written
 * there through `storeRouted`; the others stay in D1. The Worker's entries export the class
 * (functions/worker.ts, functions/test-entry.ts); the domain reaches it through `weddingStoresFor`.
 */
export { WeddingStore, type StoreResult, type StoreStatement } from "./wedding-store.ts";
export { ANSWER_COUNTERS_SCHEMA, STORE_COUNTER_TABLES, STORE_TABLES, WEDDING_STORE_SCHEMA, type StoreTable } from "./schema.ts";
export { sideOf, storeRouted, STORE_OWN_TABLES, type RoutedCounts, type Side } from "./routed.ts";
import type { WeddingStore } from "./wedding-store.ts";
import type { RsvpFigures, WeddingStoresPort } from "#domain/core/index.ts";
import type { Env } from "../../env.ts";
import { storeRouted } from "./routed.ts";

/** The store of one wedding: its object is named by the wedding's id. */
export function weddingStore(ns: DurableObjectNamespace<WeddingStore>, weddingId: string): DurableObjectStub<WeddingStore> {
  return ns.get(ns.idFromName(weddingId));
}

/** The domain's port to the stores (DomainContext.stores), or undefined without the WEDDING_STORE binding. */
export function weddingStoresFor(env: Pick<Env, "WEDDING_STORE">): WeddingStoresPort | undefined {
  const ns = env.WEDDING_STORE;
  if (!ns) return undefined;
  return {
    database: (weddingId, d1) => storeRouted(d1, weddingStore(ns, weddingId)),
    importRows: (weddingId, table, rows, copy) => weddingStore(ns, weddingId).importRows(table, rows as never, copy) as Promise<number>,
    beginCopy: (weddingId, copy) => weddingStore(ns, weddingId).beginCopy(copy),
    rows: async (weddingId) => (await weddingStore(ns, weddingId).stats()).rows,
    holdsCopy: (weddingId) => weddingStore(ns, weddingId).holdsCopy() as Promise<boolean>,
    drop: (weddingId) => weddingStore(ns, weddingId).drop(),
    applyWrites: (weddingId, writes) => weddingStore(ns, weddingId).applyWrites(writes as never) as Promise<number>,
    waitingToAnswer: (weddingId, coupleId, day, until) =>
      weddingStore(ns, weddingId).waitingToAnswer(coupleId, day, until) as Promise<Record<string, unknown>[]>,
    rsvpFigures: (weddingId, coupleId, since) => weddingStore(ns, weddingId).rsvpFigures(coupleId, since) as Promise<RsvpFigures>,
  };
}
