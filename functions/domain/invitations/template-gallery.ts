/** The gallery: published templates (admins may ask for any status), filtered, sorted, one page; the tags in use. */
import { TEMPLATE_PAGE_SIZE, templateQuery } from "#shared/template-schemas.ts";
import { type DomainContext, Invalid, textMatch, parseInput } from "../core/index.ts";
import { COLUMNS, OWNED, TEMPLATE_MESSAGES, isAdmin, summaryOf, type TemplateRow, type TemplateSummary } from "./template-records.ts";
import { m } from "#shared/paraglide/messages.js";

export type TemplateList = { templates: TemplateSummary[]; total: number; page: number; pageSize: number };

/** GET /inviteTemplate/get and /templates: published templates (admins may ask for any status), filtered, sorted, one page. */
export async function listTemplates(ctx: DomainContext, rawQuery: unknown): Promise<TemplateList> {
  const query = parseInput(templateQuery, rawQuery ?? {}, m.api_query_invalid());
  const status = query.status ?? "PUBLISHED";
  if (status !== "PUBLISHED" && !isAdmin(ctx)) throw new Invalid(TEMPLATE_MESSAGES.statusAdminsOnly, { status: TEMPLATE_MESSAGES.statusAdminsOnly });
  const where: string[] = [];
  const binds: unknown[] = [];
  if (status !== "ALL") {
    where.push("t.status = ?");
    binds.push(status);
  }
  if (query.mood?.length) {
    where.push(`t.mood IN (${query.mood.map(() => "?").join(", ")})`);
    binds.push(...query.mood);
  }
  if (query.amount) {
    where.push("t.amount_category = ?");
    binds.push(query.amount);
  }
  if (query.requirement?.length) {
    where.push(`t.requirement IN (${query.requirement.map(() => "?").join(", ")})`);
    binds.push(...query.requirement);
  }
  if (query.tags?.length) {
    where.push(`EXISTS (SELECT 1 FROM json_each(t.tags) j WHERE j.value IN (${query.tags.map(() => "?").join(", ")}))`);
    binds.push(...query.tags);
  }
  const words = textMatch(["t.name"], query.q);
  if (words) {
    where.push(words.sql);
    binds.push(...words.binds);
  }
  const order = {
    newest: "t.created_at DESC, t.id",
    popular: "(t.view_count + t.use_count) DESC, t.created_at DESC, t.id",
    price_asc: "t.price ASC, t.created_at DESC, t.id",
    price_desc: "t.price DESC, t.created_at DESC, t.id",
    rating: "t.rating DESC, t.created_at DESC, t.id",
  }[query.sort];
  const pageSize = query.limit ?? TEMPLATE_PAGE_SIZE;
  const page = query.page ?? 1;
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [count, rows] = await ctx.db.batch<{ total: number } | TemplateRow>([
    ctx.db.prepare(`SELECT COUNT(*) AS total FROM invite_templates t ${whereSql}`).bind(...binds),
    ctx.db
      .prepare(`SELECT ${COLUMNS}, ${OWNED} FROM invite_templates t ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .bind(ctx.actor?.id ?? "", ...binds, pageSize, (page - 1) * pageSize),
  ]);
  const total = (count?.results[0] as { total: number } | undefined)?.total ?? 0;
  return { templates: ((rows?.results ?? []) as TemplateRow[]).map(summaryOf), total, page, pageSize };
}

/** Tags in use on published templates, most used first: the gallery's tag chips. */
export async function galleryTags(ctx: DomainContext, limit = 16): Promise<string[]> {
  const { results } = await ctx.db
    .prepare(
      "SELECT j.value AS tag, COUNT(*) AS n FROM invite_templates t, json_each(t.tags) j WHERE t.status = 'PUBLISHED' AND j.type = 'text' GROUP BY j.value ORDER BY n DESC, j.value LIMIT ?",
    )
    .bind(limit)
    .all<{ tag: string }>();
  return results.map((r) => r.tag);
}
