import { leadInputAt, todayInIndia } from "#shared/listing-rules.ts";
import { leadMessageInput, leadStatusInput, quoteInput, WITHDRAWN_REASON, INBOX_STATUSES } from "#shared/lead-rules.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { queueMail } from "#platform/mail.ts";
import { type DomainContext, Conflict, Invalid, NotFound, newId, ACCESS, can, requireRole, requireSignedIn, parseInput } from "../core/index.ts";
import { vendorNotificationPrefs, type NotificationPrefs } from "../accounts/index.ts";

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

const OPEN_STATUSES = "('NEW', 'CONTACTED', 'QUOTED')";

const OPEN_LEAD_EXISTS = "You have already sent an enquiry for this service. The vendor will reply to it; you can follow it in your dashboard.";

/** True for D1's error when an insert breaks the open-lead unique index. */
function isOpenLeadConflict(e: unknown): boolean {
  const text = String(e instanceof Error ? `${e.message} ${String(e.cause ?? "")}` : e);
  return text.includes("UNIQUE constraint failed") && text.includes("leads.");
}

export async function makeLead(ctx: DomainContext, serviceId: string, input: unknown): Promise<CreatedLead> {
  const { db: d1, now } = ctx;
  requireSignedIn(ctx.actor, "Please log in to send an enquiry.");
  const actor = requireRole(ctx.actor, ACCESS.couple, "Only couples can send enquiries to vendors.");
  const fields = parseInput(leadInputAt(now), input, "Please correct your enquiry.");
  const service = await d1
    .prepare(
      `SELECT s.id, s.service_name, s.vendor_id, v.business_name, v.email AS vendor_email, v.reply_minutes_median, u.email AS login_email
       FROM services s JOIN vendors v ON v.user_id = s.vendor_id JOIN users u ON u.id = v.user_id WHERE s.id = ? AND s.status = 'active'`,
    )
    .bind(serviceId)
    .first<{
      id: string;
      service_name: string;
      vendor_id: string;
      business_name: string;
      vendor_email: string | null;
      reply_minutes_median: number | null;
      login_email: string;
    }>();
  if (!service) throw new NotFound("We could not find that service.");
  const open = await d1
    .prepare(`SELECT id FROM leads WHERE user_id = ? AND service_id = ? AND status IN ${OPEN_STATUSES} LIMIT 1`)
    .bind(actor.id, serviceId)
    .first();
  if (open) throw new Conflict(OPEN_LEAD_EXISTS);

  const id = newId(now);
  const day = todayInIndia(now);
  // No personal e-mail or phone of either side before the vendor's first reply: the vendor answers
  // in the conversation, and contact details are shown to both once it has replied.
  const lines = [
    `${actor.userName} sent an enquiry about "${service.service_name}".`,
    fields.eventDate ? `Event date: ${formatDate(fields.eventDate)}` : null,
    fields.guestCount ? `Guests: ${fields.guestCount}` : null,
    fields.budget !== undefined ? `Budget: ${formatRupees(fields.budget)}` : null,
    "",
    fields.message,
    "",
    `Reply in your dashboard: ${conversationLink(ctx, "vendor", id)}`,
  ].filter((l) => l !== null);
  // The vendor's notice only when it wants new-enquiry mails (settings); the lead is made either way.
  const notice = (await vendorWants(ctx, service.vendor_id, "new_enquiry"))
    ? queueMail(d1, { to: service.vendor_email ?? service.login_email, subject: `New enquiry for ${service.service_name}`, text: lines.join("\n") }, now)
    : null;
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
  ];
  try {
    await d1.batch(writes);
  } catch (e) {
    if (isOpenLeadConflict(e)) throw new Conflict(OPEN_LEAD_EXISTS);
    throw e;
  }
  if (notice) await ctx.mail.deliver(notice.id);
  return { id, status: "NEW", vendorName: service.business_name, replyMinutesMedian: service.reply_minutes_median };
}

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

// ---------------------------------------------------------------------------------------------
// The conversation: inbox, messages both ways, quotes, the pipeline's status changes.
// ---------------------------------------------------------------------------------------------

export type LeadStatus = "NEW" | "CONTACTED" | "QUOTED" | "BOOKED" | "LOST" | "SPAM";
export type Side = "vendor" | "couple";

/**
 * The pipeline, explicitly: which status each action may start from and where it leads. Anything
 * else is refused with 409 and the message of LEAD_REFUSALS (nothing is written).
 *   vendor reply:   NEW -> CONTACTED (first reply); CONTACTED, QUOTED, BOOKED stay
 *   vendor quote:   NEW, CONTACTED, QUOTED -> QUOTED
 *   vendor booking: NEW, CONTACTED, QUOTED -> BOOKED (bookings.ts)
 *   vendor lost:    NEW, CONTACTED, QUOTED -> LOST (reason)
 *   vendor spam:    NEW, CONTACTED, QUOTED -> SPAM (reported_at; uncounted)
 *   couple reply:   NEW, CONTACTED, QUOTED, BOOKED stay
 *   couple accept:  QUOTED (latest quote, not expired) -> BOOKED (bookings.ts)
 *   couple withdraw: NEW, CONTACTED, QUOTED -> LOST ("Withdrawn by couple")
 */
export const LEAD_TRANSITIONS = {
  reply: ["NEW", "CONTACTED", "QUOTED", "BOOKED"],
  quote: ["NEW", "CONTACTED", "QUOTED"],
  book: ["NEW", "CONTACTED", "QUOTED"],
  lost: ["NEW", "CONTACTED", "QUOTED"],
  spam: ["NEW", "CONTACTED", "QUOTED"],
  accept: ["QUOTED"],
  withdraw: ["NEW", "CONTACTED", "QUOTED"],
} as const satisfies Record<string, readonly LeadStatus[]>;
export type LeadAction = keyof typeof LEAD_TRANSITIONS;

const STATUS_WORDS: Record<LeadStatus, string> = {
  NEW: "new",
  CONTACTED: "answered",
  QUOTED: "quoted",
  BOOKED: "booked",
  LOST: "closed",
  SPAM: "reported as spam",
};

export const LEAD_REFUSALS: Record<LeadAction, string> = {
  reply: "This enquiry is closed: no more messages can be sent.",
  quote: "A quote can only be sent on an open enquiry.",
  book: "Only an open enquiry can be marked booked.",
  lost: "Only an open enquiry can be marked lost.",
  spam: "Only an open enquiry can be reported as spam.",
  accept: "There is no quote to accept on this enquiry.",
  withdraw: "Only an open enquiry can be withdrawn.",
};

/** The statuses `action` may start from, as an SQL list: status changes are guarded in SQL too, so a concurrent change is never overwritten. */
function fromStatuses(action: LeadAction): string {
  return `(${LEAD_TRANSITIONS[action].map((st) => `'${st}'`).join(", ")})`;
}

/** Throws 409 when `action` may not start from `status`. */
export function requireTransition(action: LeadAction, status: string): void {
  if (!(LEAD_TRANSITIONS[action] as readonly string[]).includes(status))
    throw new Conflict(`${LEAD_REFUSALS[action]} (The enquiry is ${STATUS_WORDS[status as LeadStatus] ?? status.toLowerCase()}.)`);
}

/** The page where each side follows a conversation (also the link in every mail). */
export function conversationPath(side: Side, leadId: string): string {
  return side === "vendor" ? `/VendorDashboard/enquiries/${leadId}` : `/profile/enquiries/${leadId}`;
}

export function conversationLink(ctx: Pick<DomainContext, "request">, side: Side, leadId: string): string {
  return `${ctx.request.origin}${conversationPath(side, leadId)}`;
}

/** A lead with the names, addresses and facts the conversation needs. */
export type LeadRow = {
  id: string;
  service_id: string;
  vendor_id: string;
  user_id: string;
  message: string;
  event_date: string | null;
  guest_count: number | null;
  budget: number | null;
  status: LeadStatus;
  first_reply_at: number | null;
  created_at: number;
  updated_at: number;
  vendor_read_at: number | null;
  couple_read_at: number | null;
  reported_at: number | null;
  lost_reason: string | null;
  service_name: string;
  business_name: string;
  vendor_slug: string;
  vendor_email: string;
  vendor_phone: string | null;
  couple_name: string;
  couple_email: string;
  couple_phone: string | null;
};

const LEAD_SELECT = `SELECT l.*, s.service_name, v.business_name, v.slug AS vendor_slug, coalesce(v.email, vu.email) AS vendor_email, v.phone AS vendor_phone,
  u.user_name AS couple_name, u.email AS couple_email, u.phone AS couple_phone
  FROM leads l JOIN services s ON s.id = l.service_id JOIN vendors v ON v.user_id = l.vendor_id JOIN users vu ON vu.id = l.vendor_id JOIN users u ON u.id = l.user_id`;

/**
 * The lead as `side` may see it: the vendor's own lead, or the couple's own. Anyone else (another
 * vendor or couple, an admin through these doors) is told it does not exist.
 */
export async function leadFor(ctx: DomainContext, leadId: string): Promise<{ lead: LeadRow; side: Side }> {
  const actor = requireSignedIn(ctx.actor, "Please log in to see your enquiries.");
  const lead = await ctx.db.prepare(`${LEAD_SELECT} WHERE l.id = ?`).bind(leadId).first<LeadRow>();
  if (lead && actor.role === "VENDOR" && lead.vendor_id === actor.id) return { lead, side: "vendor" };
  if (lead && actor.role === "USER" && lead.user_id === actor.id) return { lead, side: "couple" };
  throw new NotFound("We could not find that enquiry.");
}

async function leadAs(ctx: DomainContext, leadId: string, side: Side): Promise<LeadRow> {
  const found = await leadFor(ctx, leadId);
  if (found.side !== side) throw new NotFound("We could not find that enquiry.");
  return found.lead;
}

export type LeadMessage = { id: string; from: Side; body: string; created_at: number };
export type LeadQuote = { id: string; amount: number; includes: string; valid_until: string; created_at: number; expired: boolean };

export type LeadConversation = {
  id: string;
  side: Side;
  status: LeadStatus;
  service: { id: string; name: string };
  vendor: { id: string; name: string; slug: string };
  couple: { name: string };
  message: string;
  event_date: string | null;
  guest_count: number | null;
  budget: number | null;
  created_at: number;
  first_reply_at: number | null;
  lost_reason: string | null;
  messages: LeadMessage[];
  quotes: LeadQuote[];
  /** The latest quote while it can still be accepted (QUOTED, not expired). */
  acceptableQuote: LeadQuote | null;
  bookingId: string | null;
  /** The other side's phone and e-mail: only once the vendor has replied. */
  contact: { email: string; phone: string | null } | null;
  /** What the viewer may do now (the pages show exactly these actions). */
  can: { reply: boolean; quote: boolean; book: boolean; lost: boolean; spam: boolean; accept: boolean; withdraw: boolean };
};

const allowed = (action: LeadAction, status: LeadStatus) => (LEAD_TRANSITIONS[action] as readonly string[]).includes(status);

/**
 * Marks the enquiry read for the signed-in vendor or couple it belongs to; anyone else changes
 * nothing (and learns nothing: no error, no answer). The conversation page calls it before any
 * loader runs, so the dashboard's unread count drawn on the same request already leaves it out.
 */
export async function markLeadRead(ctx: DomainContext, leadId: string): Promise<void> {
  const actor = ctx.actor;
  if (!actor || (actor.role !== "VENDOR" && actor.role !== "USER")) return;
  const [column, owner] = actor.role === "VENDOR" ? ["vendor_read_at", "vendor_id"] : ["couple_read_at", "user_id"];
  await ctx.db.prepare(`UPDATE leads SET ${column} = ? WHERE id = ? AND ${owner} = ?`).bind(ctx.now, leadId, actor.id).run();
}

/**
 * One conversation for its vendor or its couple, marked read for the one reading it (the unread
 * marker of the inbox and the sidebar count).
 */
export async function leadConversation(ctx: DomainContext, leadId: string): Promise<LeadConversation> {
  const { lead, side } = await leadFor(ctx, leadId);
  const today = todayInIndia(ctx.now);
  const [messages, quotes, booking] = await ctx.db.batch([
    ctx.db.prepare("SELECT id, sender_id, body, created_at FROM lead_messages WHERE lead_id = ? ORDER BY created_at, id").bind(leadId),
    ctx.db.prepare("SELECT id, amount, includes, valid_until, created_at FROM lead_quotes WHERE lead_id = ? ORDER BY created_at DESC, id DESC").bind(leadId),
    ctx.db.prepare("SELECT id FROM bookings WHERE lead_id = ?").bind(leadId),
    ctx.db.prepare(`UPDATE leads SET ${side === "vendor" ? "vendor_read_at" : "couple_read_at"} = ? WHERE id = ?`).bind(ctx.now, leadId),
  ]);
  const quoteList = (quotes!.results as Omit<LeadQuote, "expired">[]).map((q) => ({ ...q, expired: q.valid_until < today }));
  const latest = quoteList[0] ?? null;
  const acceptableQuote = lead.status === "QUOTED" && latest && !latest.expired ? latest : null;
  const replied = lead.first_reply_at !== null;
  const isVendor = side === "vendor";
  return {
    id: lead.id,
    side,
    status: lead.status,
    service: { id: lead.service_id, name: lead.service_name },
    vendor: { id: lead.vendor_id, name: lead.business_name, slug: lead.vendor_slug },
    couple: { name: lead.couple_name },
    message: lead.message,
    event_date: lead.event_date,
    guest_count: lead.guest_count,
    budget: lead.budget,
    created_at: lead.created_at,
    first_reply_at: lead.first_reply_at,
    lost_reason: lead.lost_reason,
    messages: (messages!.results as { id: string; sender_id: string; body: string; created_at: number }[]).map((m) => ({
      id: m.id,
      from: m.sender_id === lead.vendor_id ? "vendor" : "couple",
      body: m.body,
      created_at: m.created_at,
    })),
    quotes: quoteList,
    acceptableQuote,
    bookingId: (booking!.results[0] as { id: string } | undefined)?.id ?? null,
    contact: !replied ? null : isVendor ? { email: lead.couple_email, phone: lead.couple_phone } : { email: lead.vendor_email, phone: lead.vendor_phone },
    can: {
      reply: allowed("reply", lead.status),
      quote: isVendor && allowed("quote", lead.status),
      book: isVendor && allowed("book", lead.status),
      lost: isVendor && allowed("lost", lead.status),
      spam: isVendor && allowed("spam", lead.status),
      accept: !isVendor && acceptableQuote !== null,
      withdraw: !isVendor && allowed("withdraw", lead.status),
    },
  };
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

/**
 * Whether the vendor wants mails of this kind (its notification preferences on the settings page):
 * new enquiries, couples' replies, booking changes. Mails to couples are not governed by them.
 */
export async function vendorWants(ctx: Pick<DomainContext, "db">, vendorId: string, kind: keyof NotificationPrefs): Promise<boolean> {
  return (await vendorNotificationPrefs(ctx, vendorId))[kind];
}

/** A mail to the other side of a lead, queued (its statement joins the caller's batch) and delivered after it. */
export function leadNotice(ctx: DomainContext, lead: LeadRow, to: Side, subject: string, body: string[]): { id: string; statement: D1PreparedStatement } {
  const address = to === "vendor" ? lead.vendor_email : lead.couple_email;
  const greeting = to === "vendor" ? `Hello ${lead.business_name},` : `Hello ${lead.couple_name},`;
  const text = [greeting, "", ...body, "", `Open the conversation: ${conversationLink(ctx, to, lead.id)}`].join("\n");
  return queueMail(ctx.db, { to: address, subject, text }, ctx.now);
}

/** Runs the batch, then delivers its mails (as makeLead does). A concurrent change that broke a guard is a 409. */
export async function writeAndNotify(
  ctx: DomainContext,
  writes: D1PreparedStatement[],
  mails: { id: string; statement: D1PreparedStatement }[],
): Promise<void> {
  await ctx.db.batch([...writes, ...mails.map((m) => m.statement)]);
  for (const m of mails) await ctx.mail.deliver(m.id);
}

/**
 * A message on the conversation, from whichever side the actor is. The vendor's first message
 * moves NEW to CONTACTED and records the first reply (and the reply-time median) in the same batch.
 */
export async function sendLeadMessage(ctx: DomainContext, leadId: string, input: unknown): Promise<LeadMessage> {
  const { lead, side } = await leadFor(ctx, leadId);
  const { body } = parseInput(leadMessageInput, input, "Please write a message.");
  requireTransition("reply", lead.status);
  const id = newId(ctx.now);
  const senderId = side === "vendor" ? lead.vendor_id : lead.user_id;
  const writes = [
    ctx.db.prepare("INSERT INTO lead_messages (id, lead_id, sender_id, body, created_at) VALUES (?, ?, ?, ?, ?)").bind(id, leadId, senderId, body, ctx.now),
    ctx.db
      .prepare(
        `UPDATE leads SET updated_at = ?1, ${side === "vendor" ? "vendor_read_at = ?1, status = CASE WHEN status = 'NEW' THEN 'CONTACTED' ELSE status END" : "couple_read_at = ?1"} WHERE id = ?2`,
      )
      .bind(ctx.now, leadId),
    ...(side === "vendor" ? firstReplyWrites(ctx, lead) : []),
  ];
  const to: Side = side === "vendor" ? "couple" : "vendor";
  const from = side === "vendor" ? lead.business_name : lead.couple_name;
  // The couple is always told; the vendor only when it wants couples' replies by mail.
  const wanted = to === "couple" || (await vendorWants(ctx, lead.vendor_id, "couple_reply"));
  const notice = leadNotice(ctx, lead, to, `New message from ${from} about ${lead.service_name}`, [`${from} wrote:`, "", body]);
  await writeAndNotify(ctx, writes, wanted ? [notice] : []);
  return { id, from: side, body, created_at: ctx.now };
}

/** The vendor's quote: stored, shown in the conversation, the lead QUOTED; a newer quote replaces the older as the one to accept. */
export async function sendQuote(ctx: DomainContext, leadId: string, input: unknown): Promise<LeadQuote> {
  const lead = await leadAs(ctx, leadId, "vendor");
  const fields = parseInput(quoteInput, input, "Please correct the quote.");
  if (fields.validUntil < todayInIndia(ctx.now)) throw new Invalid("Please correct the quote.", { validUntil: "Valid until cannot be in the past." });
  requireTransition("quote", lead.status);
  const id = newId(ctx.now);
  const summary = `Quote: ${formatRupees(fields.amount)}, valid until ${formatDate(fields.validUntil)}.\nIncludes: ${fields.includes}`;
  const writes = [
    ctx.db
      .prepare("INSERT INTO lead_quotes (id, lead_id, amount, includes, valid_until, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(id, leadId, fields.amount, fields.includes, fields.validUntil, ctx.now),
    ctx.db
      .prepare("INSERT INTO lead_messages (id, lead_id, sender_id, body, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(newId(ctx.now), leadId, lead.vendor_id, summary, ctx.now),
    ctx.db
      .prepare(`UPDATE leads SET status = 'QUOTED', updated_at = ?1, vendor_read_at = ?1 WHERE id = ?2 AND status IN ${fromStatuses("quote")}`)
      .bind(ctx.now, leadId),
    ...firstReplyWrites(ctx, lead),
  ];
  const notice = leadNotice(ctx, lead, "couple", `${lead.business_name} sent you a quote for ${lead.service_name}`, [
    summary,
    "",
    "You can accept it or reply in your dashboard.",
  ]);
  await writeAndNotify(ctx, writes, [notice]);
  return { id, amount: fields.amount, includes: fields.includes, valid_until: fields.validUntil, created_at: ctx.now, expired: false };
}

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
  const fields = parseInput(leadStatusInput, input, "Please choose a valid status.");
  if (fields.status === "LOST") {
    requireTransition("lost", lead.status);
    const notice = leadNotice(ctx, lead, "couple", `${lead.business_name} closed your enquiry about ${lead.service_name}`, [
      `${lead.business_name} closed your enquiry.`,
      `Reason: ${fields.reason}`,
    ]);
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
  const notice = leadNotice(ctx, lead, "vendor", `${lead.couple_name} withdrew their enquiry about ${lead.service_name}`, [
    `${lead.couple_name} withdrew their enquiry about "${lead.service_name}".`,
  ]);
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
  const actor = requireRole(requireSignedIn(ctx.actor), ACCESS.vendor, "Only vendors have an enquiry inbox.");
  const status = filters.status ? filters.status.toUpperCase() : null;
  if (status && !(INBOX_STATUSES as readonly string[]).includes(status))
    throw new Invalid(`Status must be one of ${INBOX_STATUSES.join(", ")}.`, { status: "Unknown status." });
  const page = filters.page ?? 1;
  if (!Number.isInteger(page) || page < 1 || page > 1000) throw new Invalid("Page must be between 1 and 1000.");
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
  const actor = requireRole(requireSignedIn(ctx.actor), ACCESS.couple, "Only couples send enquiries.");
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
