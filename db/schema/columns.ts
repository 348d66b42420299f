import { customType, integer, text } from "drizzle-orm/sqlite-core";

/** Text ids (UUID v7) sort by creation time and never expose a sequence. */
export const id = () => text("id").primaryKey();
/** UTC epoch milliseconds. (Helpers keep the column name literal so db/rows.ts can key rows by it.) */
export const timestamp = <Name extends string>(name: Name) => integer(name, { mode: "number" });
export const createdAt = () => timestamp("created_at").notNull();
export const updatedAt = () => timestamp("updated_at").notNull();
export const flag = <Name extends string>(name: Name) => integer(name, { mode: "boolean" }).notNull().default(false);
/**
 * Text compared case-insensitively by SQLite itself (COLLATE NOCASE), so plain equality on links in
 * any case still uses the column's indexes (docs/decisions/0003).
 */
export const caseInsensitiveText = customType<{ data: string }>({ dataType: () => "text COLLATE NOCASE" });
