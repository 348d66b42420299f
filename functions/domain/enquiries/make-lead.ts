import { composeMail, mailLocale } from "#platform/mail-layout.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import { withLocale } from "#platform/locale.ts";
import { leadInputAt, todayInIndia } from "#shared/listing-rules.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { queueMail } from "#platform/mail.ts";
import { whatsAppNotice } from "../accounts/index.ts";
import { type DomainContext, requireSignedIn, requireRole, ACCESS, parseInput, NotFound, Conflict, newId, can } from "../core/index.ts";
import { OPEN_STATUSES } from "./lead-pipeline.ts";
import { conversationLink, vendorWants } from "./lead-records.ts";
import { withReplyTo } from "./reply-addresses.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Leads: the record a couple's enquiry about a service creates (the user-facing word stays
 * "enquiry"; the spec's API calls it makeLead). A couple's enquiry about a service becomes a lead in the vendor's pipeline (status NEW). The
 * lead, the service's lead counter, the day's lead statistic and the vendor's e-mail notice are
 * written in one batch. One open enquiry per couple per service: the conversation continues in
 * the dashboards. The database keeps that rule (the partial unique index leads_open_unique), so
 * requests that race past the check below cannot both succeed: the loser's batch fails as a whole
 * (no lead, no counters, no e-mail) and it is answered 409 like the check.
 */
export type CreatedLead = { id: string; status: "NEW"; vendorName: string; replyMinutesMedian: number | null };

const OPEN_LEAD_EXISTS = m.api_e_you_have_already_sent_an_enquiry_for;

/** True for D1's error when an insert breaks the open-lead unique index. */
function isOpenLeadConflict(e: unknown): boolean {
  const text = String(e instanceof Error ? `${e.message} ${String(e.cause ?? "")}` : e);
  return text.includes("UNIQUE constraint failed") && text.includes("leads.");
}

export async function makeLead(ctx: DomainContext, serviceId: string, input: unknown): Promise<CreatedLead> {
  const { db: d1, now } = ctx;
  requireSignedIn(ctx.actor, m.api_d_log_in_to_enquire());
  const actor = requireRole(ctx.actor, ACCESS.couple, m.api_d_only_couples_enquire_vendors());
  const fields = parseInput(leadInputAt(now), input, m.api_d_correct_enquiry());
  const service = await d1
    .prepare(
      `SELECT s.id, s.service_name, s.service_category, s.city, s.vendor_id, v.business_name, v.email AS vendor_email, v.reply_minutes_median, u.email AS login_email, u.locale
       FROM services s JOIN vendors v ON v.user_id = s.vendor_id JOIN users u ON u.id = v.user_id WHERE s.id = ? AND s.status = 'active'`,
    )
    .bind(serviceId)
    .first<{
      id: string;
      service_name: string;
      service_category: string;
      city: string;
      vendor_id: string;
      business_name: string;
      vendor_email: string | null;
      reply_minutes_median: number | null;
      login_email: string;
      locale: string | null;
    }>();
  if (!service) throw new NotFound(m.api_e_we_could_not_find_that_service());
  const open = await d1
    .prepare(`SELECT id FROM leads WHERE user_id = ? AND service_id = ? AND status IN ${OPEN_STATUSES} LIMIT 1`)
    .bind(actor.id, serviceId)
    .first();
  if (open) throw new Conflict(OPEN_LEAD_EXISTS());

  const id = newId(now);
  const day = todayInIndia(now);
  // No personal e-mail or phone of either side before the vendor's first reply: the vendor answers
  // in the conversation, and contact details are shown to both once it has replied.
  // In the vendor's language (users.locale), whatever the couple's page was in.
  const locale = mailLocale(service.locale);
  // Dates and amounts too: the formatters follow the locale of the work they run in.
  const eventDate = fields.eventDate ? withLocale(locale, () => formatDate(fields.eventDate!)) : null;
  const facts: [string, string][] = [];
  if (eventDate) facts.push([messages.mail_fact_event_date({}, { locale }), eventDate]);
  if (fields.guestCount) facts.push([messages.mail_fact_guests({}, { locale }), String(fields.guestCount)]);
  if (fields.budget !== undefined) facts.push([messages.mail_fact_budget({}, { locale }), formatRupees(fields.budget)]);
  // The vendor's notice only when it wants new-enquiry mails (settings); the lead is made either way.
  const notice = (await vendorWants(ctx, service.vendor_id, "new_enquiry"))
    ? queueMail(
        d1,
        // The vendor may answer by pressing Reply (email-replies.ts).
        withReplyTo(
          ctx,
          composeMail({
            to: service.vendor_email || service.login_email,
            locale,
            subject: messages.mail_new_enquiry_subject({ service: service.service_name }, { locale }),
            audience: "vendor",
            origin: ctx.request.origin,
            body: [
              messages.mail_new_enquiry_intro({ couple: actor.userName, service: service.service_name }, { locale }),
              ...(facts.length ? [{ facts }] : []),
              { quote: fields.message },
              { link: { label: messages.mail_reply_in_dashboard({}, { locale }), url: conversationLink(ctx, "vendor", id) } },
            ],
            reason: messages.mail_new_enquiry_reason({ url: `${ctx.request.origin}/VendorDashboard/vendor-setting` }, { locale }),
          }),
          id,
          "vendor",
        ),
        now,
      )
    : null;
  // And on WhatsApp when the vendor opted in (issue 32); its own switch, not the mail's.
  const whatsApp = await whatsAppNotice(ctx, service.vendor_id, "new-enquiry", [
    actor.userName,
    service.service_name,
    eventDate ?? messages.mail_whatsapp_date_not_given({}, { locale }),
    conversationLink(ctx, "vendor", id),
  ]);
  const writes = [
    // The lead first: when the unique index refuses it, nothing after it in the batch is written.
    d1
      .prepare(
        "INSERT INTO leads (id, service_id, vendor_id, user_id, message, event_date, guest_count, budget, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'NEW', ?, ?)",
      )
      .bind(id, serviceId, service.vendor_id, actor.id, fields.message, fields.eventDate ?? null, fields.guestCount ?? null, fields.budget ?? null, now, now),
    d1.prepare("UPDATE services SET lead_count = lead_count + 1 WHERE id = ?").bind(serviceId),
    d1
      .prepare(
        "INSERT INTO service_daily_stats (service_id, day, views, leads) VALUES (?, ?, 0, 1) ON CONFLICT (service_id, day) DO UPDATE SET leads = leads + 1",
      )
      .bind(serviceId, day),
    ...(notice ? [notice.statement] : []),
    ...(whatsApp ? [whatsApp.statement] : []),
  ];
  try {
    await d1.batch(writes);
  } catch (e) {
    if (isOpenLeadConflict(e)) throw new Conflict(OPEN_LEAD_EXISTS());
    throw e;
  }
  ctx.events.record({ event: "enquiry", labels: [service.service_category, service.city], values: [fields.budget ?? 0, fields.guestCount ?? 0] });
  const delivered = [notice, whatsApp].flatMap((m) => (m ? [m.id] : []));
  if (delivered.length) await ctx.mail.deliver(delivered);
  return { id, status: "NEW", vendorName: service.business_name, replyMinutesMedian: service.reply_minutes_median };
}

export type OpenLead = { id: string; status: string; created_at: number; event_date: string | null };

/** The couple's open lead for a service, if any (the page shows it instead of a second enquiry form). */
export async function openLead(ctx: DomainContext, serviceId: string): Promise<OpenLead | null> {
  const { actor } = ctx;
  if (!actor || !can.sendEnquiry(actor)) return null;
  return ctx.db
    .prepare(
      `SELECT id, status, created_at, event_date FROM leads WHERE user_id = ? AND service_id = ? AND status IN ${OPEN_STATUSES} ORDER BY created_at DESC LIMIT 1`,
    )
    .bind(actor.id, serviceId)
    .first();
}
