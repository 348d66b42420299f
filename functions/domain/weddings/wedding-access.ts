/**
 * Which wedding a request plans and what its actor may do there (docs/decisions/0049-weddings.md).
 * Every planning function starts here: `openWedding(ctx, area, need)` before it reads its input.
 * Rights are read from wedding_members on every call (one indexed row), never kept in a session or
 * a page, so a removed co-planner's next request is refused.
 */
import type { weddingMembers } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { WEDDING_AREAS, type WEDDING_ROLES } from "#shared/stored-values.ts";
import { type Actor, type DomainContext, ACCESS, Conflict, Forbidden, newId, requireRole, requireSignedIn } from "../core/index.ts";
import { finishStoreWrites, storeUnavailable } from "./store-writes.ts";
import { m } from "#shared/paraglide/messages.js";

export type WeddingRole = (typeof WEDDING_ROLES)[number];
/** guests, budget, plan (functions, tasks, checklist), invitations (cards, e-invites, sending links). */
export type WeddingArea = (typeof WEDDING_AREAS)[number];

export type WeddingAccess = {
  weddingId: string;
  /** The user_id of the wedding's planning rows in D1 (and in its store): its couple's account. */
  key: string;
  /**
   * The wedding's database for its guest list (docs/decisions/0066): D1 (ctx.db) while the wedding is
   * in D1, and once it has moved (`storedAt`) its store behind D1's surface, where statements on the
   * guest list's tables run in the store and the rest in D1. Other areas keep ctx.db.
   */
  db: D1Database;
  /** When the wedding's guest list moved to its own store, or null while it is in D1. */
  storedAt: number | null;
  actor: Actor;
  role: WeddingRole;
  /** The areas this member may change (every area for the couple and partners). */
  areas: readonly WeddingArea[];
  /** May read guests' phone numbers and e-mail addresses. */
  seesContacts: boolean;
  /** May invite co-planners, change their roles and remove them. */
  managesPeople: boolean;
};

export const WEDDING_MESSAGES = {
  get logIn() {
    return m.api_wedding_log_in();
  },
  get couplesOnly() {
    return m.api_only_couples_plan();
  },
};

/** What a member without the right to change an area is told (403), each sentence whole in the catalogue. */
const READ_ONLY: Record<WeddingArea, () => string> = {
  guests: m.api_wedding_read_only_guests,
  budget: m.api_wedding_read_only_budget,
  plan: m.api_wedding_read_only_plan,
  invitations: m.api_wedding_read_only_invitations,
};
export const readOnlyMessage = (area: WeddingArea) => READ_ONLY[area]();

type MemberRow = Row<typeof weddingMembers, "wedding_id" | "role" | "areas" | "sees_contacts"> & {
  couple_user_id: string;
  stored_at: number | null;
  /** A moved wedding's store still owes writes D1 recorded (store-writes.ts). */
  store_owes: number;
};

const CURRENT_SQL = `SELECT m.wedding_id, m.role, m.areas, m.sees_contacts, w.couple_user_id, w.stored_at,
    w.stored_at IS NOT NULL AND EXISTS (SELECT 1 FROM wedding_store_writes s WHERE s.wedding_id = w.id) AS store_owes
  FROM wedding_members m JOIN weddings w ON w.id = m.wedding_id
  WHERE m.user_id = ?1 ORDER BY m.opened_at DESC, m.wedding_id LIMIT 1`;

/** Parses a stored comma list of areas, keeping only known ones. */
export function parseAreas(stored: string): WeddingArea[] {
  const known = new Set<string>(WEDDING_AREAS);
  return stored.split(",").filter((a): a is WeddingArea => known.has(a));
}

function accessOf(ctx: DomainContext, actor: Actor, row: MemberRow): WeddingAccess {
  const everything = row.role === "COUPLE" || row.role === "PARTNER";
  const areas = everything ? [...WEDDING_AREAS] : row.role === "EDITOR" ? parseAreas(row.areas) : [];
  return {
    weddingId: row.wedding_id,
    key: row.couple_user_id,
    db: weddingDatabase(ctx, { weddingId: row.wedding_id, key: row.couple_user_id, storedAt: row.stored_at }),
    storedAt: row.stored_at,
    actor,
    role: row.role,
    areas,
    seesContacts: everything || areas.includes("guests") || Boolean(row.sees_contacts),
    managesPeople: everything,
  };
}

/**
 * D1 for a wedding in D1; its store behind D1's surface once it has moved. A wedding in D1 gets D1
 * with its write batches guarded (`guardedWhileInD1`), so a write that read the wedding as unmoved
 * cannot land in D1 after a move switched it to its store.
 */
export function weddingDatabase(ctx: Pick<DomainContext, "db" | "stores">, wedding: { weddingId: string; key: string; storedAt: number | null }): D1Database {
  if (wedding.storedAt === null) return guardedWhileInD1(ctx.db, wedding.key);
  if (!ctx.stores) return storeUnreachable();
  return ctx.stores.database(wedding.weddingId, ctx.db);
}

/**
 * A moved wedding's database on a Worker without the WEDDING_STORE binding (a misconfigured deploy):
 * its first statement is refused with 503 (storeUnavailable), so the reader is told the wedding's
 * planning is unavailable for a moment (never a 500) and nothing is written. The areas that stay in
 * D1 (ctx.db) are unaffected.
 */
function storeUnreachable(): D1Database {
  const refuse = () => {
    throw storeUnavailable();
  };
  return { prepare: refuse, batch: async () => refuse(), exec: async () => refuse(), dump: async () => refuse(), withSession: refuse } as unknown as D1Database;
}

/** Fails (malformed JSON) when the wedding of key ?1 has moved to its store: the first statement of a guarded write batch. */
const STILL_IN_D1_SQL =
  "SELECT json(CASE WHEN EXISTS (SELECT 1 FROM weddings WHERE couple_user_id = ?1 AND stored_at IS NOT NULL) THEN 'moved' ELSE '0' END) AS still_in_d1";
const WRITES = /^\s*(?:with\b[\s\S]*?\)\s*)?(?:insert|update|delete|replace)\b/i;
/** Whether a prepared statement writes (a statement whose SQL cannot be read counts as a write). */
const writes = (statement: D1PreparedStatement) => {
  const sql = (statement as { statement?: unknown }).statement;
  return typeof sql !== "string" || WRITES.test(sql);
};

/**
 * D1 for a wedding read as unmoved (decision 0066, "the race the move closes"): a batch that writes
 * starts with a statement that fails once the wedding has moved, so the whole batch (one D1
 * transaction) writes nothing, and the writer is told to make the change again (409); the move's
 * compare-and-set catches the writes that commit before its switch. Reads are untouched.
 */
export function guardedWhileInD1(d1: D1Database, key: string): D1Database {
  return new Proxy(d1, {
    get(target, prop) {
      if (prop !== "batch") {
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return async (statements: D1PreparedStatement[]) => {
        if (!statements.some(writes)) return target.batch(statements);
        try {
          return (await target.batch([target.prepare(STILL_IN_D1_SQL).bind(key), ...statements])).slice(1);
        } catch (error) {
          const moved = await target.prepare("SELECT stored_at FROM weddings WHERE couple_user_id = ?").bind(key).first<{ stored_at: number | null }>();
          if (moved?.stored_at != null) throw new Conflict(m.api_wedding_moved_just_now());
          throw error;
        }
      };
    },
  });
}

/**
 * The request's context with the wedding's database in place of D1 (`wedding.db`): what the guest
 * list's functions read and write through after openWedding, so their queries and the helpers they
 * call keep their SQL and reach the wedding's rows wherever they are.
 */
export const inWedding = (ctx: DomainContext, wedding: Pick<WeddingAccess, "db">): DomainContext => ({ ...ctx, db: wedding.db });

/**
 * The account's own wedding, made the first time it plans (one INSERT OR IGNORE on the unique
 * couple index: two first requests at once make one wedding).
 */
function ownWeddingStatements(ctx: DomainContext, userId: string): D1PreparedStatement[] {
  return [
    ctx.db.prepare("INSERT OR IGNORE INTO weddings (id, couple_user_id, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)").bind(newId(ctx.now), userId, ctx.now),
    ctx.db
      .prepare(
        `INSERT OR IGNORE INTO wedding_members (wedding_id, user_id, role, areas, sees_contacts, opened_at, added_by, created_at, updated_at)
         SELECT id, couple_user_id, 'COUPLE', '', 1, ?2, NULL, ?2, ?2 FROM weddings WHERE couple_user_id = ?1`,
      )
      .bind(userId, ctx.now),
  ];
}

/** The signed-in planner's current wedding and their rights in it (made on first use for a couple). */
export async function currentWedding(ctx: DomainContext): Promise<WeddingAccess> {
  requireSignedIn(ctx.actor, WEDDING_MESSAGES.logIn);
  const actor = requireRole(ctx.actor, ACCESS.planner, WEDDING_MESSAGES.couplesOnly);
  let row = await ctx.db.prepare(CURRENT_SQL).bind(actor.id).first<MemberRow>();
  if (!row) {
    const [, , current] = await ctx.db.batch([...ownWeddingStatements(ctx, actor.id), ctx.db.prepare(CURRENT_SQL).bind(actor.id)]);
    row = (current!.results[0] as MemberRow | undefined) ?? null;
  }
  if (!row) throw new Error("the planner's wedding could not be made");
  // A write an earlier request left half done (D1's half written, the store's recorded): the store gets it before this request reads it.
  if (row.store_owes) await finishStoreWrites(ctx, row.wedding_id);
  return accessOf(ctx, actor, row);
}

/**
 * The actor's current wedding, refused unless they may `need` the `area` in it: any member reads;
 * the couple, partners and editors of the area change it. Call it before reading the input.
 */
export async function openWedding(ctx: DomainContext, area: WeddingArea, need: "read" | "edit"): Promise<WeddingAccess> {
  const wedding = await currentWedding(ctx);
  if (need === "edit" && !wedding.areas.includes(area)) throw new Forbidden(readOnlyMessage(area));
  return wedding;
}

/** Whether the member may change the area (for loaders that hand the page booleans). */
export const mayEdit = (wedding: WeddingAccess, area: WeddingArea) => wedding.areas.includes(area);

/**
 * What a planning page may offer its reader: per area, whether they may change it (a page without
 * the right draws no form that would only be refused, and says the reader can view it), and whether
 * they may read guests' phone numbers and e-mail addresses. Booleans, never the role.
 */
export type WeddingRights = { edits: Record<WeddingArea, boolean>; seesContacts: boolean };

export const rightsOf = (wedding: WeddingAccess): WeddingRights => ({
  edits: {
    guests: mayEdit(wedding, "guests"),
    budget: mayEdit(wedding, "budget"),
    plan: mayEdit(wedding, "plan"),
    invitations: mayEdit(wedding, "invitations"),
  },
  seesContacts: wedding.seesContacts,
});
