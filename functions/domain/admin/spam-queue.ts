import { z } from "zod";
import { todayInIndia } from "#shared/listing-rules.ts";
import { type DomainContext, Conflict, Invalid, NotFound, ACCESS, requireRole, requireSignedIn, parseInput, auditEntry } from "../core/index.ts";
import { refreshReplyTime, type LeadStatus } from "../enquiries/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The admin queue of enquiries vendors reported as spam (issue 10: "spam leads go to the admin
 * queue"). A vendor's report (enquiries/closing-leads.ts setLeadStatus) makes the lead SPAM, records the status it
 * had (status_before_spam) and takes it out of the vendor's lead counters. An admin decides once
 * per report, in one batch:
 * - "Confirm spam": the lead stays SPAM and is marked reviewed (reviewed_at, reviewed_by). The
 *   vendor's figures do not change (the report already took the lead out of them). Optionally the
 *   couple's account is flagged (account_flags; shown in the queue, it restricts nothing).
 * - "Not spam": the lead goes back to the status it had, its reason is cleared, and it counts again
 *   in services.lead_count and in service_daily_stats for the day it was sent (and in the vendor's
 *   reply time). Nobody is mailed.
 * A second decision on the same report is 409 and changes nothing. Admins see the couple's name
 * and e-mail, and how many of the couple's enquiries were reported (to any vendor).
 */

export const SPAM_QUEUE_PAGE_SIZE = 20;

export type ReportedLead = {
  id: string;
  message: string;
  service_id: string;
  service_name: string;
  vendor_id: string;
  business_name: string;
  couple_id: string;
  couple_name: string;
  couple_email: string;
  /** When the couple sent the enquiry and when the vendor reported it (epoch ms). */
  created_at: number;
  reported_at: number;
  /** The vendor's reason, when it gave one. */
  reason: string | null;
  /** Where "Not spam" puts the lead back. */
  status_before_spam: LeadStatus;
  /** The couple's enquiries reported as spam by any vendor (this one included), and how many of them an admin confirmed. */
  couple_reports: number;
  couple_confirmed: number;
  /** Whether an admin has flagged the couple's account. */
  couple_flagged: boolean;
};

export type SpamQueue = { leads: ReportedLead[]; page: number; hasMore: boolean; pending: number };

/** Reported and waiting for an admin (the queue and the sidebar's count). */
const PENDING = "l.status = 'SPAM' AND l.reported_at IS NOT NULL AND l.reviewed_at IS NULL";

const requireAdmin = (ctx: DomainContext) => requireRole(requireSignedIn(ctx.actor), ACCESS.admin, "Only admins review reported enquiries.");

/** The queue, newest report first, SPAM_QUEUE_PAGE_SIZE a page, with the number of reports waiting. */
export async function spamQueue(ctx: DomainContext, options: { page?: number } = {}): Promise<SpamQueue> {
  requireAdmin(ctx);
  const page = options.page ?? 1;
  if (!Number.isInteger(page) || page < 1 || page > 1000)
    throw new Invalid(m.api_e_page_must_be_between_1_and_1000(), { page: m.api_e_page_must_be_between_1_and_1000() });
  const [rows, pending] = await ctx.db.batch([
    ctx.db
      .prepare(
        `SELECT l.id, l.message, l.service_id, s.service_name, l.vendor_id, v.business_name, l.user_id AS couple_id, u.user_name AS couple_name,
           u.email AS couple_email, l.created_at, l.reported_at, l.lost_reason AS reason, coalesce(l.status_before_spam, 'NEW') AS status_before_spam,
           (SELECT count(*) FROM leads r WHERE r.user_id = l.user_id AND r.reported_at IS NOT NULL) AS couple_reports,
           (SELECT count(*) FROM leads r WHERE r.user_id = l.user_id AND r.status = 'SPAM' AND r.reviewed_at IS NOT NULL) AS couple_confirmed,
           EXISTS (SELECT 1 FROM account_flags f WHERE f.user_id = l.user_id) AS couple_flagged
         FROM leads l JOIN services s ON s.id = l.service_id JOIN vendors v ON v.user_id = l.vendor_id JOIN users u ON u.id = l.user_id
         WHERE ${PENDING} ORDER BY l.reported_at DESC, l.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(SPAM_QUEUE_PAGE_SIZE + 1, (page - 1) * SPAM_QUEUE_PAGE_SIZE),
    pendingStatement(ctx.db),
  ]);
  const list = (rows!.results as (Omit<ReportedLead, "couple_flagged"> & { couple_flagged: number })[]).map((r) => ({
    ...r,
    couple_flagged: Boolean(r.couple_flagged),
  }));
  return {
    leads: list.slice(0, SPAM_QUEUE_PAGE_SIZE),
    page,
    hasMore: list.length > SPAM_QUEUE_PAGE_SIZE,
    pending: Number((pending!.results[0] as { n: number } | undefined)?.n ?? 0),
  };
}

const pendingStatement = (d1: D1Database) => d1.prepare(`SELECT count(*) AS n FROM leads l WHERE ${PENDING}`);

/** How many reports wait for an admin (the admin sidebar's count); 0 for anyone else. */
export async function pendingSpamReports(ctx: DomainContext): Promise<number> {
  if (!ctx.actor || !(ACCESS.admin as readonly string[]).includes(ctx.actor.role)) return 0;
  return Number((await pendingStatement(ctx.db).first<{ n: number }>())?.n ?? 0);
}

export type SpamDecision = "confirm" | "restore";

/** What "Confirm spam" may also do: flag the couple's account. */
export const confirmOptions = z.object({ flagCouple: z.boolean({ error: () => m.api_v_flag_couple_must_be_true_or_false() }).optional() });

export const SPAM_FLAG_REASON = "Sent enquiries confirmed as spam";

type Reported = {
  id: string;
  service_id: string;
  vendor_id: string;
  user_id: string;
  status: LeadStatus;
  status_before_spam: LeadStatus | null;
  reported_at: number | null;
  reviewed_at: number | null;
  created_at: number;
};

const ALREADY: Record<string, () => string> = {
  confirmed: m.api_spam_already_confirmed,
  restored: m.api_spam_already_restored,
};

/** A reported lead an admin may decide on, or the reason it may not (404 when it was never reported, 409 when already decided). */
async function reportedLead(ctx: DomainContext, leadId: string): Promise<Reported> {
  const lead = await ctx.db
    .prepare("SELECT id, service_id, vendor_id, user_id, status, status_before_spam, reported_at, reviewed_at, created_at FROM leads WHERE id = ?")
    .bind(leadId)
    .first<Reported>();
  if (!lead || lead.reported_at === null) throw new NotFound(m.api_e_we_could_not_find_that_reported_enquiry());
  if (lead.reviewed_at !== null || lead.status !== "SPAM") throw new Conflict(ALREADY[lead.status === "SPAM" ? "confirmed" : "restored"]!());
  return lead;
}

/** The 409 for a decision another request wrote first (read back to say which), or 404 when the lead went meanwhile. */
async function decidedMeanwhile(ctx: DomainContext, leadId: string): Promise<Conflict | NotFound> {
  try {
    await reportedLead(ctx, leadId);
  } catch (e) {
    if (e instanceof Conflict || e instanceof NotFound) return e;
    throw e;
  }
  return new Conflict(m.api_e_this_report_was_already_reviewed());
}

const OPEN_STATUSES: readonly string[] = ["NEW", "CONTACTED", "QUOTED"];

const REOPEN_BLOCKED =
  "This enquiry cannot be restored: the couple has since sent a new enquiry about the same service that is still open. Confirm it as spam or leave it.";

/**
 * "Confirm spam": the lead stays SPAM, reviewed by this admin now. Nothing the vendor sees changes.
 * "Not spam": the lead returns to its status before the report and counts again (service lead
 * count, the day it was sent, the reply time); nobody is mailed.
 */
export async function decideSpamReport(
  ctx: DomainContext,
  leadId: string,
  decision: SpamDecision,
  input: unknown = {},
): Promise<{ id: string; status: LeadStatus; reviewed_at: number; couple_flagged?: boolean; message: string }> {
  const admin = requireAdmin(ctx);
  const { flagCouple = false } = parseInput(confirmOptions, input ?? {});
  if (flagCouple && decision !== "confirm")
    throw new Invalid(m.api_e_only_confirm_spam_can_flag_the_couples(), { flagCouple: m.api_e_only_with_confirm_spam() });
  const lead = await reportedLead(ctx, leadId);
  // Written only while the report is still undecided, so two admins at once decide it once.
  const undecided = "id = ? AND status = 'SPAM' AND reported_at IS NOT NULL AND reviewed_at IS NULL";
  if (decision === "confirm") {
    const writes = [
      ctx.db.prepare(`UPDATE leads SET reviewed_at = ?, reviewed_by = ? WHERE ${undecided}`).bind(ctx.now, admin.id, leadId),
      auditEntry(
        ctx,
        {
          action: "lead.spam-confirm",
          subject: { type: "lead", id: leadId },
          summary: `Confirmed a reported enquiry as spam${flagCouple ? " and flagged the couple" : ""}`,
          after: { status: "SPAM", flagCouple },
        },
        { ifChanged: true },
      ),
    ];
    if (flagCouple)
      // Only with this request's decision; a couple flagged before keeps its first flag.
      writes.push(
        ctx.db
          .prepare(
            `INSERT INTO account_flags (user_id, reason, flagged_at, flagged_by) SELECT ?, ?, ?, ?
             WHERE EXISTS (SELECT 1 FROM leads WHERE id = ? AND status = 'SPAM' AND reviewed_at = ? AND reviewed_by = ?)
             ON CONFLICT (user_id) DO NOTHING`,
          )
          .bind(lead.user_id, SPAM_FLAG_REASON, ctx.now, admin.id, leadId, ctx.now, admin.id),
      );
    const [result] = await ctx.db.batch(writes);
    if (!result!.meta.changes) throw await decidedMeanwhile(ctx, leadId);
    return {
      id: leadId,
      status: "SPAM",
      reviewed_at: ctx.now,
      couple_flagged: flagCouple,
      message: flagCouple ? "Confirmed as spam; the couple's account is flagged." : "Confirmed as spam.",
    };
  }

  const restored = (lead.status_before_spam ?? "NEW") as LeadStatus;
  if (OPEN_STATUSES.includes(restored)) {
    const open = await ctx.db
      .prepare("SELECT 1 FROM leads WHERE user_id = ? AND service_id = ? AND id <> ? AND status IN ('NEW', 'CONTACTED', 'QUOTED') LIMIT 1")
      .bind(lead.user_id, lead.service_id, leadId)
      .first();
    if (open) throw new Conflict(REOPEN_BLOCKED);
  }
  // The counters move only when this request's decision is the one written.
  const decidedNow = "EXISTS (SELECT 1 FROM leads WHERE id = ? AND status <> 'SPAM' AND reviewed_at = ? AND reviewed_by = ?)";
  const writes = [
    ctx.db
      .prepare(`UPDATE leads SET status = ?, lost_reason = NULL, reviewed_at = ?, reviewed_by = ?, updated_at = ? WHERE ${undecided}`)
      .bind(restored, ctx.now, admin.id, ctx.now, leadId),
    auditEntry(
      ctx,
      {
        action: "lead.spam-restore",
        subject: { type: "lead", id: leadId },
        summary: "Restored a reported enquiry: not spam",
        before: { status: "SPAM" },
        after: { status: restored },
      },
      { ifChanged: true },
    ),
    ctx.db.prepare(`UPDATE services SET lead_count = lead_count + 1 WHERE id = ? AND ${decidedNow}`).bind(lead.service_id, leadId, ctx.now, admin.id),
    ctx.db
      .prepare(
        `INSERT INTO service_daily_stats (service_id, day, views, leads) SELECT ?, ?, 0, 1 WHERE ${decidedNow}
         ON CONFLICT (service_id, day) DO UPDATE SET leads = leads + 1`,
      )
      .bind(lead.service_id, todayInIndia(lead.created_at), leadId, ctx.now, admin.id),
    refreshReplyTime(ctx.db, lead.vendor_id, ctx.now),
  ];
  const results = await ctx.db.batch(writes).catch((e: unknown) => {
    // The couple's new open enquiry arrived between the check and the write (the open-lead unique index).
    if (String(e instanceof Error ? `${e.message} ${String(e.cause ?? "")}` : e).includes("UNIQUE constraint failed")) throw new Conflict(REOPEN_BLOCKED);
    throw e;
  });
  const changes = results[0]!.meta.changes;
  if (!changes) throw await decidedMeanwhile(ctx, leadId);
  return { id: leadId, status: restored, reviewed_at: ctx.now, message: m.api_e_restored_the_enquiry_is_back_in_the() };
}
