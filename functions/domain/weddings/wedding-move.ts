/**
 * Moving one wedding's guest list from D1 into its own store (issue 33, decision 0055's migration
 * plan, docs/decisions/0066): its functions, households, guests, invitations and answers are copied
 * with importRows, then one D1 batch sets `weddings.stored_at` (from then on openWedding hands the
 * guest list the store: D1 is no longer written for it) and records the wedding's RSVP links in
 * `wedding_rsvp_tokens` (the public link finds the store from its token alone). The switch is a
 * compare-and-set on what was copied: if the guest list changed in D1 while it was being copied, the
 * store is emptied and the copy made again. The D1 rows stay (step 5 deletes them after a week).
 */
import type { DomainContext, WeddingStoreTable } from "../core/index.ts";
import { NotFound } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

/** The tables copied, parents first (a sub-event after its function, a guest after its household). */
const TABLES: readonly WeddingStoreTable[] = ["events", "households", "guests", "household_invitations", "guest_rsvps"];

/** The wedding's rows of each table in D1 (`?1`: its key, the couple's account). */
const ROWS_SQL: Record<WeddingStoreTable, string> = {
  events: "SELECT * FROM events WHERE user_id = ?1 ORDER BY parent_id IS NOT NULL, id",
  households: "SELECT * FROM households WHERE user_id = ?1 ORDER BY id",
  guests: "SELECT * FROM guests WHERE user_id = ?1 ORDER BY id",
  household_invitations: "SELECT * FROM household_invitations WHERE household_id IN (SELECT id FROM households WHERE user_id = ?1)",
  guest_rsvps: "SELECT * FROM guest_rsvps WHERE guest_id IN (SELECT id FROM guests WHERE user_id = ?1)",
};

/**
 * What changes whenever the guest list does (rows added or removed, an edit's new version, an answer,
 * a share or reminder): read with the copy, and again in the switch's compare-and-set.
 */
const FINGERPRINT_SQL = `SELECT json_array(
  (SELECT json_array(COUNT(*), MAX(updated_at)) FROM events WHERE user_id = ?1),
  (SELECT json_array(COUNT(*), MAX(updated_at)) FROM households WHERE user_id = ?1),
  (SELECT json_array(COUNT(*), MAX(updated_at), MAX(reminders_stopped_at)) FROM guests WHERE user_id = ?1),
  (SELECT json_array(COUNT(*), MAX(invited_at), MAX(shared_at), MAX(reminded_at)) FROM household_invitations WHERE household_id IN (SELECT id FROM households WHERE user_id = ?1)),
  (SELECT json_array(COUNT(*), MAX(answered_at), SUM(party_size), SUM(length(response))) FROM guest_rsvps WHERE guest_id IN (SELECT id FROM guests WHERE user_id = ?1))
) AS f`;

/** Rows a call to importRows carries (one call is one transaction in the store). */
const IMPORT_CHUNK = 500;
/** Copies tried while the guest list keeps changing under the copy. */
const ATTEMPTS = 3;

export type WeddingMove = {
  weddingId: string;
  /** When the wedding moved (now, or when an earlier call moved it). */
  storedAt: number;
  /** Whether an earlier call had already moved it (nothing was copied). */
  already: boolean;
  /** The rows the store holds per table after the move. */
  rows: Record<WeddingStoreTable, number>;
};

type WeddingRow = { id: string; couple_user_id: string; stored_at: number | null };

/**
 * Moves one wedding's guest list into its store; run twice, the second call changes nothing. For the
 * dev and admin tooling and tests now; the queue job that moves every wedding is step 2.
 */
export async function moveWeddingToStore(ctx: Pick<DomainContext, "db" | "stores" | "now">, weddingId: string): Promise<WeddingMove> {
  const stores = ctx.stores;
  if (!stores) throw new Error("No WEDDING_STORE binding: a wedding cannot move to its store here.");
  const wedding = await ctx.db.prepare("SELECT id, couple_user_id, stored_at FROM weddings WHERE id = ?").bind(weddingId).first<WeddingRow>();
  if (!wedding) throw new NotFound(m.api_not_found());
  if (wedding.stored_at !== null) return { weddingId, storedAt: wedding.stored_at, already: true, rows: await stores.rows(weddingId) };
  const key = wedding.couple_user_id;

  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    // One D1 batch: the rows and their fingerprint are one snapshot.
    const [fingerprint, ...tables] = await ctx.db.batch([
      ctx.db.prepare(FINGERPRINT_SQL).bind(key),
      ...TABLES.map((t) => ctx.db.prepare(ROWS_SQL[t]).bind(key)),
    ]);
    const seen = (fingerprint!.results[0] as { f: string }).f;
    // A copy an earlier call left unfinished is emptied first: importRows refuses a row already there.
    if (Object.values(await stores.rows(weddingId)).some((n) => n > 0)) await stores.drop(weddingId);
    for (const [i, table] of TABLES.entries()) {
      const rows = tables[i]!.results as Record<string, unknown>[];
      for (let at = 0; at < rows.length; at += IMPORT_CHUNK) await stores.importRows(weddingId, table, rows.slice(at, at + IMPORT_CHUNK));
    }
    // The switch: only while the wedding is unmoved and its guest list is what was copied. The links' map is written only if it switched.
    const [switched] = await ctx.db.batch([
      ctx.db
        .prepare(`UPDATE weddings SET stored_at = ?1, updated_at = ?1 WHERE id = ?2 AND stored_at IS NULL AND (${FINGERPRINT_SQL.replaceAll("?1", "?3")}) = ?4`)
        .bind(ctx.now, weddingId, key, seen),
      ctx.db
        .prepare(
          "INSERT OR IGNORE INTO wedding_rsvp_tokens (token, wedding_id, created_at) SELECT rsvp_token, ?1, ?2 FROM households WHERE user_id = ?3 AND changes() > 0",
        )
        .bind(weddingId, ctx.now, key),
    ]);
    if (switched!.meta.changes > 0) return { weddingId, storedAt: ctx.now, already: false, rows: await stores.rows(weddingId) };
    const now = await ctx.db.prepare("SELECT stored_at FROM weddings WHERE id = ?").bind(weddingId).first<{ stored_at: number | null }>();
    // Another call moved it at the same time (from its own copy): that one stands.
    if (now?.stored_at != null) return { weddingId, storedAt: now.stored_at, already: true, rows: await stores.rows(weddingId) };
  }
  await stores.drop(weddingId);
  throw new Error(`The guest list of wedding ${weddingId} changed during each of ${ATTEMPTS} copies; it stays in D1. Move it again later.`);
}
