import { leadInput, todayInIndia } from "../../app/lib/listing-rules.ts";
import { formatDate, formatRupees } from "../../app/lib/format.ts";
import { Conflict, Forbidden, NotFound, Unauthorized } from "./errors.ts";
import { newId } from "./ids.ts";
import { queueMail, type MailService } from "../platform/mail.ts";
import type { Actor } from "./sessions.ts";
import { parseInput } from "./validation.ts";

/**
 * A couple's enquiry about a service becomes a lead in the vendor's pipeline (status NEW). The
 * lead, the service's lead counter, the day's lead statistic and the vendor's e-mail notice are
 * written in one batch. One open enquiry per couple per service: the conversation continues in
 * the dashboards.
 */
export type CreatedLead = { id: string; status: "NEW"; vendorName: string; replyMinutesMedian: number | null };

const OPEN_STATUSES = "('NEW', 'CONTACTED', 'QUOTED')";

export async function makeLead(d1: D1Database, actor: Actor | null, serviceId: string, input: unknown, now = Date.now(), mail?: Pick<MailService, "deliver">): Promise<CreatedLead> {
  if (!actor) throw new Unauthorized("Please log in to send an enquiry.");
  if (actor.role !== "USER") throw new Forbidden("Only couples can send enquiries to vendors.");
  const fields = parseInput(leadInput, input, "Please correct your enquiry.");
  const service = await d1
    .prepare(
      `SELECT s.id, s.service_name, s.vendor_id, v.business_name, v.email AS vendor_email, v.reply_minutes_median, u.email AS login_email
       FROM services s JOIN vendors v ON v.user_id = s.vendor_id JOIN users u ON u.id = v.user_id WHERE s.id = ? AND s.status = 'active'`,
    )
    .bind(serviceId)
    .first<{ id: string; service_name: string; vendor_id: string; business_name: string; vendor_email: string | null; reply_minutes_median: number | null; login_email: string }>();
  if (!service) throw new NotFound("We could not find that service.");
  const open = await d1.prepare(`SELECT id FROM leads WHERE user_id = ? AND service_id = ? AND status IN ${OPEN_STATUSES} LIMIT 1`).bind(actor.id, serviceId).first();
  if (open) throw new Conflict("You have already sent an enquiry for this service. The vendor will reply to it; you can follow it in your dashboard.");

  const id = newId(now);
  const day = todayInIndia(now);
  const lines = [
    `${actor.userName} (${actor.email}) sent an enquiry about "${service.service_name}".`,
    fields.eventDate ? `Event date: ${formatDate(fields.eventDate)}` : null,
    fields.guestCount ? `Guests: ${fields.guestCount}` : null,
    fields.budget !== undefined ? `Budget: ${formatRupees(fields.budget)}` : null,
    "",
    fields.message,
    "",
    `Reply to ${actor.userName} directly at ${actor.email}.`,
  ].filter((l) => l !== null);
  const notice = queueMail(d1, { to: service.vendor_email ?? service.login_email, subject: `New enquiry for ${service.service_name}`, text: lines.join("\n") }, now);
  await d1.batch([
    d1
      .prepare("INSERT INTO leads (id, service_id, vendor_id, user_id, message, event_date, guest_count, budget, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'NEW', ?, ?)")
      .bind(id, serviceId, service.vendor_id, actor.id, fields.message, fields.eventDate ?? null, fields.guestCount ?? null, fields.budget ?? null, now, now),
    d1.prepare("UPDATE services SET lead_count = lead_count + 1 WHERE id = ?").bind(serviceId),
    d1.prepare("INSERT INTO service_daily_stats (service_id, day, views, leads) VALUES (?, ?, 0, 1) ON CONFLICT (service_id, day) DO UPDATE SET leads = leads + 1").bind(serviceId, day),
    notice.statement,
  ]);
  await mail?.deliver(notice.id);
  return { id, status: "NEW", vendorName: service.business_name, replyMinutesMedian: service.reply_minutes_median };
}

/** The couple's open enquiry for a service, if any (the page shows it instead of a second form). */
export async function openEnquiry(d1: D1Database, actor: Actor | null, serviceId: string): Promise<{ id: string; status: string; created_at: number; event_date: string | null } | null> {
  if (!actor || actor.role !== "USER") return null;
  return d1
    .prepare(`SELECT id, status, created_at, event_date FROM leads WHERE user_id = ? AND service_id = ? AND status IN ${OPEN_STATUSES} ORDER BY created_at DESC LIMIT 1`)
    .bind(actor.id, serviceId)
    .first();
}
