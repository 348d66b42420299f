import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./identity.ts";
import { weddings } from "./weddings.ts";
import { ACTIVITY_AREAS } from "#shared/stored-values.ts";

/**
 * Who did what, when, in which area of a wedding (migration 0132, issue 33): one row per action,
 * written in the same batch as the change; the actor's name as it was; kept a year.
 */
export const weddingActivity = sqliteTable(
  "wedding_activity",
  {
    id: id(),
    weddingId: text("wedding_id")
      .notNull()
      .references(() => weddings.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    area: text("area", { enum: ACTIVITY_AREAS }).notNull(),
    /** What was done (functions/domain/weddings/activity.ts ACTIVITY_ACTIONS). */
    action: text("action").notNull(),
    count: integer("count").notNull().default(1),
    subject: text("subject"),
    functionName: text("function_name"),
    createdAt: createdAt(),
  },
  (t) => [index("wedding_activity_wedding_idx").on(t.weddingId, t.createdAt), index("wedding_activity_created_idx").on(t.createdAt)],
);
