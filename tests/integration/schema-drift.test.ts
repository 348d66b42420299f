import { env } from "cloudflare:test";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "#db/schema/index.ts";

/**
 * The applied migrations and db/schema must describe the same database (docs/decisions/0014):
 * the domain writes hand-written SQL against the tables the migrations create, and its row types
 * come from db/schema, so a column, type, nullability, collation, key or index that exists on one
 * side only is a bug waiting for the first query that touches it.
 */
const tables: SQLiteTable[] = (Object.values(schema) as unknown[]).filter((v): v is SQLiteTable => is(v, SQLiteTable));

type PragmaColumn = { name: string; type: string; notnull: number; pk: number };
type PragmaIndex = { name: string; unique: number; origin: string; partial: number };
type PragmaForeignKey = { table: string; from: string; to: string; on_delete: string };

/** Tables the migrations create that are not part of the declared schema (search index shadows, wrangler's journal). */
const isInfrastructure = (name: string) => name.startsWith("sqlite_") || name.startsWith("_cf_") || name === "d1_migrations" || name.startsWith("services_fts");

async function all<T>(sql: string): Promise<T[]> {
  return (await env.DB.prepare(sql).all<T>()).results;
}

/** Columns declared COLLATE NOCASE in a CREATE TABLE statement. */
function nocaseColumns(createSql: string): string[] {
  return [...createSql.matchAll(/[`"]?(\w+)[`"]?\s+text[^,\n]*COLLATE NOCASE/gi)].map((m) => m[1]!).sort();
}

describe("the migrated database equals db/schema", () => {
  it("has exactly the declared tables", async () => {
    const migrated = (await all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'"))
      .map((t) => t.name)
      .filter((n) => !isInfrastructure(n));
    expect(migrated.sort()).toEqual(tables.map((t) => getTableConfig(t).name).sort());
  });

  for (const table of tables) {
    const config = getTableConfig(table);
    describe(config.name, () => {
      it("has the declared columns, types, nullability and primary key", async () => {
        const actual = await all<PragmaColumn>(`PRAGMA table_info(\`${config.name}\`)`);
        const compositeKey = config.primaryKeys[0]?.columns.map((c) => c.name) ?? [];
        const declared = config.columns.map((c) => ({
          name: c.name,
          type: c.getSQLType().split(" ")[0]!.toUpperCase(),
          notNull: c.notNull,
          primaryKey: c.primary || compositeKey.includes(c.name),
        }));
        const migrated = actual.map((c) => ({ name: c.name, type: c.type.toUpperCase(), notNull: c.notnull === 1, primaryKey: c.pk > 0 }));
        expect(migrated.sort((a, b) => a.name.localeCompare(b.name))).toEqual(declared.sort((a, b) => a.name.localeCompare(b.name)));
      });

      it("has the declared case-insensitive columns", async () => {
        const row = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").bind(config.name).first<{ sql: string }>();
        const declared = config.columns
          .filter((c) => /COLLATE NOCASE/i.test(c.getSQLType()))
          .map((c) => c.name)
          .sort();
        expect(nocaseColumns(row?.sql ?? "")).toEqual(declared);
      });

      it("has the declared indexes", async () => {
        const list = (await all<PragmaIndex>(`PRAGMA index_list(\`${config.name}\`)`)).filter((i) => i.origin === "c");
        const migrated = await Promise.all(
          list.map(async (i) => ({
            name: i.name,
            unique: i.unique === 1,
            partial: i.partial === 1,
            columns: (await all<{ name: string }>(`PRAGMA index_info(\`${i.name}\`)`)).map((c) => c.name),
          })),
        );
        const declared = config.indexes.map((i) => ({
          name: i.config.name,
          unique: Boolean(i.config.unique),
          partial: Boolean(i.config.where),
          columns: i.config.columns.map((c) => ("name" in c ? (c as { name: string }).name : String(c))),
        }));
        const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
        expect(migrated.sort(byName)).toEqual(declared.sort(byName));
      });

      it("has the declared foreign keys", async () => {
        const migrated = (await all<PragmaForeignKey>(`PRAGMA foreign_key_list(\`${config.name}\`)`)).map((f) => ({
          from: f.from,
          table: f.table,
          to: f.to,
          onDelete: f.on_delete.toLowerCase(),
        }));
        const declared = config.foreignKeys.flatMap((fk) => {
          const ref = fk.reference();
          const target = getTableConfig(ref.foreignTable).name;
          return ref.columns.map((c, i) => ({
            from: c.name,
            table: target,
            to: ref.foreignColumns[i]!.name,
            onDelete: (fk.onDelete ?? "no action").toLowerCase(),
          }));
        });
        const key = (f: { from: string; table: string }) => `${f.table}.${f.from}`;
        expect(migrated.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(declared.sort((a, b) => key(a).localeCompare(key(b))));
      });
    });
  }
});
