import type { DomainContext } from "../core/index.ts";
import type { LeadRow } from "./lead-records.ts";

/**
 * A vendor's reply time: the first answer on a lead and the median that the service and vendor
 * pages show as "usually replies within".
 */

/** A vendor's reply time is shown only when at least this many leads were really answered. */
export const REPLY_TIME_MIN_SAMPLES = 3;

/** Only first replies to enquiries made within this many days count toward the reply time. */
export const REPLY_TIME_WINDOW_DAYS = 90;

/**
 * The statement that sets a vendor's "usually replies within" figure from real replies: the
 * median minutes from enquiry to first reply over the vendor's leads of the last
 * REPLY_TIME_WINDOW_DAYS days that were answered (reported spam excluded), or NULL with fewer than
 * REPLY_TIME_MIN_SAMPLES. Whatever records a first reply runs it in the same batch.
 */
export function refreshReplyTime(d1: D1Database, vendorId: string, now = Date.now()): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE vendors SET reply_minutes_median = (
         WITH answered AS (
           SELECT max(0, (first_reply_at - created_at) / 60000) AS minutes FROM leads
           WHERE vendor_id = ?1 AND first_reply_at IS NOT NULL AND created_at >= ?3 AND status <> 'SPAM'
         )
         SELECT CASE WHEN count(*) >= ?2 THEN (SELECT minutes FROM answered ORDER BY minutes LIMIT 1 OFFSET (SELECT count(*) FROM answered) / 2) END FROM answered
       ) WHERE user_id = ?1`,
    )
    .bind(vendorId, REPLY_TIME_MIN_SAMPLES, now - REPLY_TIME_WINDOW_DAYS * 86_400_000);
}

/**
 * The statements that record the vendor's first answer on a lead (first_reply_at, the reply-time
 * median), or none when it had already answered. They run in the batch of the answer itself.
 */
export function firstReplyWrites(ctx: DomainContext, lead: Pick<LeadRow, "id" | "vendor_id" | "first_reply_at">): D1PreparedStatement[] {
  if (lead.first_reply_at !== null) return [];
  return [
    ctx.db.prepare("UPDATE leads SET first_reply_at = ? WHERE id = ? AND first_reply_at IS NULL").bind(ctx.now, lead.id),
    refreshReplyTime(ctx.db, lead.vendor_id, ctx.now),
  ];
}
