/** The couple's watch history: the templates they viewed last, a view counted once per account and India day. */
import { type DomainContext, ACCESS, requireRole } from "../core/index.ts";
import { startOfIndiaDay } from "#shared/india-time.ts";
import { COLUMNS, OWNED, summaryOf, type TemplateRow, type TemplateSummary, visibleRow } from "./template-records.ts";
import { m } from "#shared/paraglide/messages.js";

export const WATCH_HISTORY_SIZE = 20;

/**
 * POST /templateWatchHistory/{id} and opening a template's page as a couple: remembers when the
 * account last viewed it, and counts a view at most once per account, template and India day.
 * One atomic batch: the count reads the previous view before the upsert moves it.
 */
export async function recordTemplateView(ctx: DomainContext, id: string): Promise<{ viewedAt: number }> {
  const actor = requireRole(ctx.actor, ACCESS.planner, m.api_d_watch_history_couples());
  const row = await visibleRow(ctx, id);
  await ctx.db.batch([
    ctx.db
      .prepare(
        "UPDATE invite_templates SET view_count = view_count + 1 WHERE id = ? AND NOT EXISTS (SELECT 1 FROM template_views WHERE user_id = ? AND template_id = ? AND viewed_at >= ?)",
      )
      .bind(row.id, actor.id, row.id, startOfIndiaDay(ctx.now)),
    ctx.db
      .prepare(
        "INSERT INTO template_views (user_id, template_id, viewed_at) VALUES (?, ?, ?) ON CONFLICT (user_id, template_id) DO UPDATE SET viewed_at = excluded.viewed_at",
      )
      .bind(actor.id, row.id, ctx.now),
  ]);
  return { viewedAt: ctx.now };
}

export type WatchedTemplate = TemplateSummary & { viewedAt: number };

/** GET /templateWatchHistory: the couple's most recently viewed templates still in the gallery. */
export async function watchHistory(ctx: DomainContext, limit = WATCH_HISTORY_SIZE): Promise<WatchedTemplate[]> {
  const actor = requireRole(ctx.actor, ACCESS.planner, m.api_d_watch_history_couples());
  const { results } = await ctx.db
    .prepare(
      `SELECT ${COLUMNS}, ${OWNED}, v.viewed_at AS viewedAt FROM template_views v JOIN invite_templates t ON t.id = v.template_id
       WHERE v.user_id = ? AND t.status = 'PUBLISHED' ORDER BY v.viewed_at DESC, t.id LIMIT ?`,
    )
    .bind(actor.id, actor.id, Math.min(Math.max(1, limit), WATCH_HISTORY_SIZE))
    .all<TemplateRow & { viewedAt: number }>();
  return results.map((r) => ({ ...summaryOf(r), viewedAt: r.viewedAt }));
}
