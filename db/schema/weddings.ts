import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { WEDDING_ROLES } from "#shared/stored-values.ts";

/**
 * Weddings and who plans them (migration 0125, docs/decisions/0049-weddings.md). A wedding is made
 * by its couple's account; in D1 its planning rows are those whose user_id is couple_user_id.
 */
export const weddings = sqliteTable(
  "weddings",
  {
    id: id(),
    coupleUserId: text("couple_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Since when its guest list is in its own store (migration 0170, docs/decisions/0066); null: in D1. */
    storedAt: timestamp("stored_at"),
    /** Who is moving it to its store now, and until when (migration 0177, docs/decisions/0066 "Moving every wedding"). */
    moveLease: text("move_lease"),
    moveLeaseUntil: timestamp("move_lease_until"),
    /** When D1's copy of its guest list, frozen at the move, was deleted, a week after it (migration 0182, docs/decisions/0066). */
    copyDroppedAt: timestamp("copy_dropped_at"),
    /** When the job last found the copy could not go yet (its store did not hold the move's copy): tried again a day later. */
    copyDropTriedAt: timestamp("copy_drop_tried_at"),
  },
  (t) => [
    uniqueIndex("weddings_couple_unique").on(t.coupleUserId),
    // The weddings still to move, oldest first (the moving job's read).
    index("weddings_unmoved_idx")
      .on(t.createdAt)
      .where(sql`${t.storedAt} IS NULL`),
    // The moved weddings whose D1 copy is still there, by when they moved (the job that drops the copies).
    index("weddings_copy_kept_idx")
      .on(t.storedAt)
      .where(sql`${t.storedAt} IS NOT NULL AND ${t.copyDroppedAt} IS NULL`),
  ],
);

/**
 * Which moved wedding a household's RSVP link belongs to (migration 0171, docs/decisions/0066): the link's token alone finds its store.
 * Also `stop:<guest id>` for a reminder's stop link to a guest a moved wedding has only in its store.
 */
export const weddingRsvpTokens = sqliteTable(
  "wedding_rsvp_tokens",
  {
    token: text("token").primaryKey().notNull(),
    weddingId: text("wedding_id")
      .notNull()
      .references(() => weddings.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("wedding_rsvp_tokens_wedding_idx").on(t.weddingId)],
);

/**
 * The store's half of a moved wedding's write that changes D1 and its store (migration 0174,
 * docs/decisions/0066): recorded in the same D1 batch as D1's half, run in the store in `seq` order
 * (each once), then deleted. One left here is run by the wedding's next request.
 */
export const weddingStoreWrites = sqliteTable(
  "wedding_store_writes",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    weddingId: text("wedding_id")
      .notNull()
      .references(() => weddings.id, { onDelete: "cascade" }),
    /** JSON: the store statements, [{ sql, params }], run in one store transaction. */
    statements: text("statements").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("wedding_store_writes_wedding_idx").on(t.weddingId, t.seq)],
);

/**
 * Where a run of a daily job that reads weddings' stores got to (migration 0178, docs/decisions/0066):
 * the last couple done, under the job's name and the run's scheduled moment; the run's next part starts after it.
 */
export const jobCursors = sqliteTable(
  "job_cursors",
  {
    job: text("job").notNull(),
    runAt: integer("run_at").notNull(),
    cursor: text("cursor").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.runAt] })],
);

/** A person's place in a wedding: role, the areas an editor edits (comma list), whether they see guests' contact details. */
export const weddingMembers = sqliteTable(
  "wedding_members",
  {
    weddingId: text("wedding_id")
      .notNull()
      .references(() => weddings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: WEDDING_ROLES }).notNull(),
    areas: text("areas").notNull().default(""),
    seesContacts: flag("sees_contacts"),
    /** When the account last chose this wedding: the latest is its current wedding. */
    openedAt: timestamp("opened_at").notNull(),
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.weddingId, t.userId] }), index("wedding_members_user_idx").on(t.userId, t.openedAt)],
);

/**
 * An invitation to plan a wedding (migration 0135): to an e-mail address or a mobile number (E.164),
 * with the role, areas and contacts right the member will get. Only the token's SHA-256 is stored;
 * it is used once (accepted or declined), expires, and may be revoked.
 */
export const weddingInvitations = sqliteTable(
  "wedding_invitations",
  {
    id: id(),
    weddingId: text("wedding_id")
      .notNull()
      .references(() => weddings.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    email: text("email"),
    phone: text("phone"),
    name: text("name"),
    role: text("role", { enum: WEDDING_ROLES }).notNull(),
    areas: text("areas").notNull().default(""),
    seesContacts: flag("sees_contacts"),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at").notNull(),
    acceptedAt: timestamp("accepted_at"),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    declinedAt: timestamp("declined_at"),
    revokedAt: timestamp("revoked_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("wedding_invitations_token_unique").on(t.tokenHash), index("wedding_invitations_wedding_idx").on(t.weddingId, t.createdAt)],
);
