/**
 * Row types derived from db/schema, for the domain's raw SQL reads (docs/decisions/0014).
 *
 * The domain reads D1 with prepared statements, so a row arrives keyed by the column's SQL name
 * (`vendor_id`, not drizzle's `vendorId`) and holds what SQLite stores: a boolean-mode column is the
 * number 0 or 1, a JSON-mode column its text. `Row<typeof services>` is that shape for every column of the table;
 * `Row<typeof services, "id" | "status">` picks the columns a query selects, so a renamed or
 * retyped column breaks the read at compile time instead of at run time.
 *
 * Types only: nothing here reaches the Worker bundle, and drizzle-orm stays a development
 * dependency (the schema is read by drizzle-kit and the tests, never at run time).
 */
import type { Table } from "drizzle-orm";

type ColumnsOf<T extends Table> = T["_"]["columns"];

/** What D1 hands back for one column: booleans are stored as integers, JSON as its text. */
type Stored<C> = C extends { _: { data: infer D; notNull: infer N; columnType: infer K } }
  ? (K extends "SQLiteBoolean" ? 0 | 1 : K extends "SQLiteTextJson" ? string : D) | (N extends true ? never : null)
  : never;

/** Every column of a table, keyed by SQL name. */
export type FullRow<T extends Table> = {
  [K in keyof ColumnsOf<T> as ColumnsOf<T>[K]["_"]["name"]]: Stored<ColumnsOf<T>[K]>;
};

/** The SQL column names of a table. */
export type ColumnName<T extends Table> = keyof FullRow<T> & string;

/**
 * A row as a query reads it: the named columns of a table (all of them when none are named).
 * Join or computed columns are added with `&`, e.g. `Row<typeof leads, "id"> & { service_name: string }`.
 */
export type Row<T extends Table, K extends ColumnName<T> = ColumnName<T>> = Pick<FullRow<T>, K>;

/** The columns of a LEFT JOIN's right side: null when no row matched. */
export type LeftJoined<R> = { [K in keyof R]: R[K] | null };
