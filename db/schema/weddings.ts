import { index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
  },
  (t) => [uniqueIndex("weddings_couple_unique").on(t.coupleUserId)],
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
