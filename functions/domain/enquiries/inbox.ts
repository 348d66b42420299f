import { INBOX_STATUSES } from "#shared/lead-rules.ts";
import { type DomainContext, requireRole, requireSignedIn, ACCESS, Invalid } from "../core/index.ts";
import { type LeadStatus, OPEN_STATUSES } from "./lead-pipeline.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The inboxes: the vendor's enquiries with filters and its unread count, the couple's enquiries,
 * the sidebars' unread counts and the weekly summary's awaiting-reply count.
 */

export type InboxLead = {
  id: string;
  status: LeadStatus;
  service_id: string;
  service_name: string;
  /** The other side's name: the couple for the vendor, the vendor's business for the couple. */
  name: string;
  message: string;
  event_date: string | null;
  guest_count: number | null;
  budget: number | null;
  created_at: number;
  updated_at: number;
  unread: boolean;
};

export const INBOX_PAGE_SIZE = 50;

/** Unread for the vendor: never opened, or a message of the couple newer than the last opening. */
const VENDOR_UNREAD = `(l.vendor_read_at IS NULL OR EXISTS (SELECT 1 FROM lead_messages m WHERE m.lead_id = l.id AND m.sender_id = l.user_id AND m.created_at > l.vendor_read_at))`;
/** Unread for the couple: a message of the vendor newer than the couple's last opening. */
const COUPLE_UNREAD = `EXISTS (SELECT 1 FROM lead_messages m WHERE m.lead_id = l.id AND m.sender_id = l.vendor_id AND m.created_at > coalesce(l.couple_read_at, 0))`;

/**
 * The vendor's inbox: its enquiries newest first, filtered by status and service, with the unread
 * count (reported spam is neither listed unless asked for nor counted) and the services to filter by.
 */
export async function vendorInbox(
  ctx: DomainContext,
  filters: { status?: string | null; serviceId?: string | null; page?: number } = {},
): Promise<{ leads: InboxLead[]; unread: number; services: { id: string; name: string }[]; page: number; hasMore: boolean }> {
  const actor = requireRole(requireSignedIn(ctx.actor), ACCESS.vendor, m.api_d_only_vendors_inbox());
  const status = filters.status ? filters.status.toUpperCase() : null;
  if (status && !(INBOX_STATUSES as readonly string[]).includes(status))
    throw new Invalid(m.api_e_status_one_of({ statuses: INBOX_STATUSES.join(", ") }), { status: m.api_e_unknown_status() });
  const page = filters.page ?? 1;
  if (!Number.isInteger(page) || page < 1 || page > 1000) throw new Invalid(m.api_e_page_must_be_between_1_and_1000());
  const where = ["l.vendor_id = ?"];
  const binds: unknown[] = [actor.id];
  if (status) {
    where.push("l.status = ?");
    binds.push(status);
  } else where.push("l.status <> 'SPAM'");
  if (filters.serviceId) {
    where.push("l.service_id = ?");
    binds.push(filters.serviceId);
  }
  const [rows, unread, services] = await ctx.db.batch([
    ctx.db
      .prepare(
        `SELECT l.id, l.status, l.service_id, s.service_name, u.user_name AS name, l.message, l.event_date, l.guest_count, l.budget, l.created_at, l.updated_at,
           ${VENDOR_UNREAD} AS unread
         FROM leads l JOIN services s ON s.id = l.service_id JOIN users u ON u.id = l.user_id
         WHERE ${where.join(" AND ")} ORDER BY l.created_at DESC, l.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(...binds, INBOX_PAGE_SIZE + 1, (page - 1) * INBOX_PAGE_SIZE),
    unreadStatement(ctx.db, actor.id),
    ctx.db.prepare("SELECT id, service_name AS name FROM services WHERE vendor_id = ? ORDER BY service_name, id").bind(actor.id),
  ]);
  const list = (rows!.results as (Omit<InboxLead, "unread"> & { unread: number })[]).map((r) => ({ ...r, unread: Boolean(r.unread) }));
  return {
    leads: list.slice(0, INBOX_PAGE_SIZE),
    hasMore: list.length > INBOX_PAGE_SIZE,
    page,
    unread: Number((unread!.results[0] as { n: number } | undefined)?.n ?? 0),
    services: services!.results as { id: string; name: string }[],
  };
}

function unreadStatement(d1: D1Database, vendorId: string): D1PreparedStatement {
  return d1.prepare(`SELECT count(*) AS n FROM leads l WHERE l.vendor_id = ? AND l.status <> 'SPAM' AND ${VENDOR_UNREAD}`).bind(vendorId);
}

/**
 * How many of the vendor's open enquiries (NEW, CONTACTED, QUOTED; spam and closed ones left out)
 * wait for its answer: never answered, or the couple wrote last. As `n`.
 */
export function awaitingReplyStatement(d1: D1Database, vendorId: string): D1PreparedStatement {
  return d1
    .prepare(
      `SELECT count(*) AS n FROM leads l WHERE l.vendor_id = ? AND l.status IN ${OPEN_STATUSES} AND (l.first_reply_at IS NULL
         OR (SELECT m.sender_id FROM lead_messages m WHERE m.lead_id = l.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) = l.user_id)`,
    )
    .bind(vendorId);
}

/** The couple's enquiries, newest first, unread when the vendor wrote since the couple last looked. */
export async function coupleLeads(ctx: DomainContext): Promise<InboxLead[]> {
  const actor = requireRole(requireSignedIn(ctx.actor), ACCESS.couple, m.api_d_only_couples_send_enquiries());
  const { results } = await ctx.db
    .prepare(
      `SELECT l.id, CASE WHEN l.status = 'SPAM' THEN 'LOST' ELSE l.status END AS status, l.service_id, s.service_name, v.business_name AS name, l.message, l.event_date,
         l.guest_count, l.budget, l.created_at, l.updated_at, ${COUPLE_UNREAD} AS unread
       FROM leads l JOIN services s ON s.id = l.service_id JOIN vendors v ON v.user_id = l.vendor_id
       WHERE l.user_id = ? ORDER BY l.created_at DESC, l.id DESC LIMIT 200`,
    )
    .bind(actor.id)
    .all<Omit<InboxLead, "unread"> & { unread: number }>();
  return results.map((r) => ({ ...r, unread: Boolean(r.unread) }));
}

/**
 * How many enquiries wait for the signed-in vendor (unread, spam excluded), or for a couple (with
 * an unread vendor message); 0 for anyone else. The dashboard sidebars show it.
 */
export async function unreadLeadCount(ctx: DomainContext): Promise<number> {
  const actor = ctx.actor;
  if (!actor) return 0;
  if (actor.role === "VENDOR") return Number((await unreadStatement(ctx.db, actor.id).first<{ n: number }>())?.n ?? 0);
  if (actor.role === "USER")
    return Number(
      (await ctx.db.prepare(`SELECT count(*) AS n FROM leads l WHERE l.user_id = ? AND ${COUPLE_UNREAD}`).bind(actor.id).first<{ n: number }>())?.n ?? 0,
    );
  return 0;
}
