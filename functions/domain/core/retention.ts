import { todayInIndia } from "#shared/listing-rules.ts";

/**
 * How long records that only serve a short purpose are kept (the privacy policy, section 7, says
 * the same): copies of delivered or given-up e-mails, the payment gateway's messages, and the
 * blog's per-browser read marks. The daily job removes what is older, at most PURGE_BATCH rows of
 * each per run, so a backlog is cleared over several nights within the per-invocation limits.
 */
export const RETENTION_DAYS = { mailCopies: 90, gatewayMessages: 90, blogReadMarks: 30 } as const;
export const PURGE_BATCH = 5000;

const DAY = 86_400_000;

export type PurgeRun = { mailCopies: number; gatewayMessages: number; blogReadMarks: number };

/** One statement per kind (3 D1 queries); a message still to be delivered or retried is never removed. */
export async function purgeOldRecords(db: D1Database, now: number): Promise<PurgeRun> {
  const [mail, gateway, reads] = await db.batch([
    db
      .prepare(
        `DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE created_at < ? AND status IN ('SENT', 'STORED', 'FAILED') ORDER BY created_at LIMIT ${PURGE_BATCH})`,
      )
      .bind(now - RETENTION_DAYS.mailCopies * DAY),
    db
      .prepare(
        `DELETE FROM webhook_events WHERE id IN (SELECT id FROM webhook_events WHERE received_at < ? AND processed_at IS NOT NULL ORDER BY received_at LIMIT ${PURGE_BATCH})`,
      )
      .bind(now - RETENTION_DAYS.gatewayMessages * DAY),
    db
      .prepare(`DELETE FROM blog_post_views WHERE rowid IN (SELECT rowid FROM blog_post_views WHERE day < ? ORDER BY day LIMIT ${PURGE_BATCH})`)
      .bind(todayInIndia(now - RETENTION_DAYS.blogReadMarks * DAY)),
  ]);
  return { mailCopies: mail?.meta.changes ?? 0, gatewayMessages: gateway?.meta.changes ?? 0, blogReadMarks: reads?.meta.changes ?? 0 };
}
