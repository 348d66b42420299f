import { todayInIndia } from "#shared/listing-rules.ts";
import { leadStatusInput, WITHDRAWN_REASON } from "#shared/lead-rules.ts";
import { type DomainContext, parseInput } from "../core/index.ts";
import { type LeadStatus, requireTransition, fromStatuses } from "./lead-pipeline.ts";
import { type LeadRow, leadAs, leadNotice, writeAndNotify } from "./lead-records.ts";
import { refreshReplyTime } from "./reply-time.ts";
import { m as messages } from "#shared/paraglide/messages.js";

/**
 * Closing an enquiry: the vendor marks it lost or reports it as spam, the couple withdraws it.
 */

/** The statements that take a lead out of the vendor's counts (reported spam): service counter and the day's statistic. */
function uncountLead(ctx: DomainContext, lead: LeadRow): D1PreparedStatement[] {
  // Only when this request's report was the one written (reported_at = its clock): a lead reported
  // twice at once is uncounted once.
  const reportedNow = "EXISTS (SELECT 1 FROM leads WHERE id = ? AND status = 'SPAM' AND reported_at = ?)";
  return [
    ctx.db.prepare(`UPDATE services SET lead_count = max(0, lead_count - 1) WHERE id = ? AND ${reportedNow}`).bind(lead.service_id, lead.id, ctx.now),
    ctx.db
      .prepare(`UPDATE service_daily_stats SET leads = max(0, leads - 1) WHERE service_id = ? AND day = ? AND ${reportedNow}`)
      .bind(lead.service_id, todayInIndia(lead.created_at), lead.id, ctx.now),
  ];
}

/**
 * The vendor closes an open enquiry: LOST with its reason (the couple is told), or SPAM (reported:
 * the admin queue, reported_at set, the lead no longer counted in the vendor's lead figures and
 * reply time; the couple is not mailed).
 */
export async function setLeadStatus(ctx: DomainContext, leadId: string, input: unknown): Promise<{ id: string; status: LeadStatus }> {
  const lead = await leadAs(ctx, leadId, "vendor");
  const fields = parseInput(leadStatusInput, input, messages.api_d_choose_valid_status());
  if (fields.status === "LOST") {
    requireTransition("lost", lead.status);
    const reason = fields.reason;
    const notice = leadNotice(
      ctx,
      lead,
      "couple",
      (locale) => messages.mail_lead_closed_subject({ vendor: lead.business_name, service: lead.service_name }, { locale }),
      (locale) => [messages.mail_lead_closed_body({ vendor: lead.business_name }, { locale }), messages.mail_reason_label({ reason }, { locale })],
    );
    await writeAndNotify(
      ctx,
      [
        ctx.db
          .prepare(`UPDATE leads SET status = 'LOST', lost_reason = ?, updated_at = ? WHERE id = ? AND status IN ${fromStatuses("lost")}`)
          .bind(fields.reason, ctx.now, leadId),
      ],
      [notice],
    );
    return { id: leadId, status: "LOST" };
  }
  requireTransition("spam", lead.status);
  await ctx.db.batch([
    ctx.db
      // status_before_spam: where an admin's "Not spam" puts it back; a new report needs a new review (spam-queue.ts).
      .prepare(
        `UPDATE leads SET status_before_spam = status, status = 'SPAM', reported_at = ?1, lost_reason = ?2, updated_at = ?1, reviewed_at = NULL, reviewed_by = NULL
         WHERE id = ?3 AND status IN ${fromStatuses("spam")}`,
      )
      .bind(ctx.now, fields.reason ?? "Reported as spam", leadId),
    ...uncountLead(ctx, lead),
    refreshReplyTime(ctx.db, lead.vendor_id, ctx.now),
  ]);
  return { id: leadId, status: "SPAM" };
}

/** The couple withdraws an open enquiry: LOST with the reason "Withdrawn by couple"; the vendor is told. */
export async function withdrawLead(ctx: DomainContext, leadId: string): Promise<{ id: string; status: LeadStatus }> {
  const lead = await leadAs(ctx, leadId, "couple");
  requireTransition("withdraw", lead.status);
  const notice = leadNotice(
    ctx,
    lead,
    "vendor",
    (locale) => messages.mail_lead_withdrawn_subject({ couple: lead.couple_name, service: lead.service_name }, { locale }),
    (locale) => [messages.mail_lead_withdrawn_body({ couple: lead.couple_name, service: lead.service_name }, { locale })],
  );
  await writeAndNotify(
    ctx,
    [
      ctx.db
        .prepare(`UPDATE leads SET status = 'LOST', lost_reason = ?, updated_at = ? WHERE id = ? AND status IN ${fromStatuses("withdraw")}`)
        .bind(WITHDRAWN_REASON, ctx.now, leadId),
    ],
    [notice],
  );
  return { id: leadId, status: "LOST" };
}
