import { composeMail, mailLocale } from "#platform/mail-layout.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import { getLocale } from "#shared/locale.ts";
import { z } from "zod";
import type { contactMessages } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { CONTACT_STATUSES } from "#shared/stored-values.ts";
import { email, phone } from "#shared/account-schemas.ts";
import { CONTACT_LIMITS, CONTACT_TOPICS } from "#shared/contact.ts";
import { formatDate } from "#shared/format.ts";
import { queueMail } from "#platform/mail.ts";
import {
  auditEntry,
  type DomainContext,
  NotFound,
  newId,
  ACCESS,
  requireRole,
  takeOrThrow,
  type AllowanceRule,
  sha256Hex,
  pageQuery,
  parseInput,
} from "../core/index.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The contact form (/contactus and POST /contact) and the admins' inbox of its messages. A message
 * is stored, mailed to the team's mailbox and confirmed to the sender in ONE batch (the mails are
 * queued in the outbox with the row), then delivered. Spam: a hidden field people never fill
 * (`website`), and allowances per network address and per e-mail.
 */

export type ContactStatus = (typeof CONTACT_STATUSES)[number];

const MINUTE = 60_000;
export const CONTACT_PER_ADDRESS: AllowanceRule = {
  max: 5,
  windowMs: 60 * MINUTE,
  message: (wait: string) => m.api_limit_too_many_messages_from_your_network_please({ wait }),
};
export const CONTACT_PER_EMAIL: AllowanceRule = {
  max: 3,
  windowMs: 60 * MINUTE,
  message: (wait: string) => m.api_limit_you_have_sent_us_several_messages_this({ wait }),
};

export const contactInput = z
  .object({
    name: z
      .string({ error: () => m.api_v_name_required() })
      .trim()
      .min(2, { error: () => m.api_v_name_required() })
      .max(CONTACT_LIMITS.nameMax, { error: () => m.api_v_use_at_most_characters({ nameMax: CONTACT_LIMITS.nameMax }) }),
    email,
    // Blank (or null: the API's parsed body passes through here again) means none.
    phone: z.preprocess((v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v), phone.optional()).transform((v) => v ?? null),
    topic: z.enum(CONTACT_TOPICS, { error: () => m.api_v_choose_what_your_message_is_about() }),
    message: z
      .string({ error: () => m.api_v_please_write_your_message() })
      .trim()
      .min(CONTACT_LIMITS.messageMin, { error: () => m.api_v_please_write_at_least_characters({ messageMin: CONTACT_LIMITS.messageMin }) })
      .max(CONTACT_LIMITS.messageMax, {
        error: () => m.api_v_please_keep_it_under_characters({ messageMax: CONTACT_LIMITS.messageMax.toLocaleString("en-IN") }),
      }),
    /** The honeypot: hidden from people, filled by bots. */
    website: z.string().max(500).optional(),
  })
  .strict();

export const CONTACT_MESSAGES = {
  sent: (to: string) => m.api_contact_sent({ to }),
  get notFound() {
    return m.api_contact_not_found();
  },
};

/** Sends a message to the team. A filled honeypot is answered the same way and stores and sends nothing. */
export async function sendContactMessage(ctx: DomainContext, raw: unknown): Promise<{ message: string }> {
  const input = parseInput(contactInput, raw);
  const answer = { message: CONTACT_MESSAGES.sent(input.email) };
  if (input.website?.trim()) return answer;
  if (ctx.request.ip) await takeOrThrow(ctx, `contact:ip:${await sha256Hex(ctx.request.ip)}`, CONTACT_PER_ADDRESS);
  await takeOrThrow(ctx, `contact:email:${input.email}`, CONTACT_PER_EMAIL);
  const id = newId(ctx.now);
  const team = ctx.config.contactEmail;
  const facts: [string, string][] = [
    ["From", `${input.name} <${input.email}>`],
    ...(input.phone ? [["Phone", `+91 ${input.phone}`] as [string, string]] : []),
    ["Topic", input.topic],
    ["Sent", formatDate(ctx.now)],
    ["Account", ctx.actor ? `${ctx.actor.email} (${ctx.actor.role.toLowerCase()})` : "not signed in"],
  ];
  const toTeam = queueMail(
    ctx.db,
    composeMail({
      to: team,
      subject: `Contact form: ${input.topic} from ${input.name}`,
      audience: "admin",
      origin: ctx.request.origin,
      body: [
        { facts },
        { quote: input.message },
        `Reply to ${input.email}.`,
        { link: { label: "The message is in the admin area", url: `${ctx.request.origin}/admin/contact-messages` } },
      ],
      reason: "You receive this e-mail because messages from the contact page go to the team's mailbox.",
    }),
    ctx.now,
  );
  // In the language of the contact page the visitor wrote from.
  const locale = mailLocale(getLocale());
  const toSender = queueMail(
    ctx.db,
    composeMail({
      to: input.email,
      locale,
      subject: messages.mail_contact_ack_subject({}, { locale }),
      audience: "visitor",
      origin: ctx.request.origin,
      greeting: messages.mail_dear({ name: input.name }, { locale }),
      body: [
        messages.mail_contact_ack_intro({}, { locale }),
        { facts: [[messages.mail_contact_topic({}, { locale }), input.topic]] },
        messages.mail_contact_your_message({}, { locale }),
        { quote: input.message },
      ],
      reason: messages.mail_contact_ack_reason({}, { locale }),
    }),
    ctx.now,
  );
  await ctx.db.batch([
    ctx.db
      .prepare(
        "INSERT INTO contact_messages (id, name, email, phone, topic, message, status, user_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'NEW', ?, ?, ?)",
      )
      .bind(id, input.name, input.email, input.phone, input.topic, input.message, ctx.actor?.id ?? null, ctx.now, ctx.now),
    toTeam.statement,
    toSender.statement,
  ]);
  ctx.defer(ctx.mail.deliver([toTeam.id, toSender.id]).catch((e: unknown) => log.error("contact mail delivery failed", {}, e)));
  return answer;
}

export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  topic: string;
  message: string;
  status: ContactStatus;
  note: string | null;
  handledBy: string | null;
  createdAt: number;
  updatedAt: number;
};

/** A message as COLUMNS reads it, with the name of the admin who handled it (LEFT JOIN). */
type MessageRow = Row<typeof contactMessages, "id" | "name" | "email" | "phone" | "topic" | "message" | "status" | "note" | "created_at" | "updated_at"> & {
  handler: string | null;
};

const COLUMNS = "m.id, m.name, m.email, m.phone, m.topic, m.message, m.status, m.note, u.user_name AS handler, m.created_at, m.updated_at";
const FROM = "contact_messages m LEFT JOIN users u ON u.id = m.handled_by";
const toMessage = (r: MessageRow): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  topic: r.topic,
  message: r.message,
  status: r.status,
  note: r.note,
  handledBy: r.handler,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const contactListInput = z.object({
  status: z.enum(CONTACT_STATUSES, { error: () => m.api_v_choose_new_answered_or_closed() }).optional(),
  q: z
    .string()
    .trim()
    .max(100, { error: () => m.api_v_keep_the_search_under_100_characters() })
    .optional(),
  page: pageQuery(),
});

export const CONTACT_PAGE_SIZE = 20;

/** Admins: the messages, newest first; by status and a search over name, e-mail, topic and text. */
export async function listContactMessages(
  ctx: DomainContext,
  raw: unknown,
): Promise<{ messages: ContactMessage[]; total: number; page: number; pages: number; counts: Record<ContactStatus, number> }> {
  requireRole(ctx.actor, ACCESS.admin);
  const query = parseInput(contactListInput, raw ?? {}, m.api_query_invalid());
  const where: string[] = [];
  const binds: unknown[] = [];
  if (query.status) {
    where.push("m.status = ?");
    binds.push(query.status);
  }
  if (query.q) {
    // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes.
    const text = query.q.toLowerCase();
    where.push("(instr(lower(m.name), ?) > 0 OR instr(lower(m.email), ?) > 0 OR instr(lower(m.topic), ?) > 0 OR instr(lower(m.message), ?) > 0)");
    binds.push(text, text, text, text);
  }
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const page = query.page ?? 1;
  const [rows, total, counts] = await ctx.db.batch<MessageRow | { n: number } | { status: ContactStatus; n: number }>([
    ctx.db
      .prepare(`SELECT ${COLUMNS} FROM ${FROM} ${whereSql} ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`)
      .bind(...binds, CONTACT_PAGE_SIZE, (page - 1) * CONTACT_PAGE_SIZE),
    ctx.db.prepare(`SELECT count(*) AS n FROM contact_messages m ${whereSql}`).bind(...binds),
    ctx.db.prepare("SELECT status, count(*) AS n FROM contact_messages GROUP BY status"),
  ]);
  const n = (total?.results[0] as { n: number } | undefined)?.n ?? 0;
  const byStatus = { NEW: 0, ANSWERED: 0, CLOSED: 0 } as Record<ContactStatus, number>;
  for (const c of (counts?.results ?? []) as { status: ContactStatus; n: number }[]) byStatus[c.status] = c.n;
  return { messages: (rows?.results as MessageRow[]).map(toMessage), total: n, page, pages: Math.max(1, Math.ceil(n / CONTACT_PAGE_SIZE)), counts: byStatus };
}

/** The number of messages nobody has handled yet (the admin sidebar). */
export async function newContactMessages(ctx: DomainContext): Promise<number> {
  const row = await ctx.db.prepare("SELECT count(*) AS n FROM contact_messages WHERE status = 'NEW'").first<{ n: number }>();
  return row?.n ?? 0;
}

export async function contactMessageById(ctx: DomainContext, id: string): Promise<ContactMessage> {
  requireRole(ctx.actor, ACCESS.admin);
  const row = await ctx.db.prepare(`SELECT ${COLUMNS} FROM ${FROM} WHERE m.id = ?`).bind(id).first<MessageRow>();
  if (!row) throw new NotFound(CONTACT_MESSAGES.notFound);
  return toMessage(row);
}

export const contactStatusInput = z
  .object({
    status: z.enum(CONTACT_STATUSES, { error: () => m.api_v_choose_new_answered_or_closed() }),
    note: z
      .string()
      .trim()
      .max(1000, { error: () => m.api_v_keep_the_note_under_1_000_characters() })
      .optional(),
  })
  .strict();

/** Admins: New, Answered or Closed, with an optional note; written to the audit log in the same batch. */
export async function setContactStatus(ctx: DomainContext, id: string, raw: unknown): Promise<ContactMessage> {
  const actor = requireRole(ctx.actor, ACCESS.admin);
  const input = parseInput(contactStatusInput, raw);
  const before = await contactMessageById(ctx, id);
  const note = input.note === undefined ? before.note : input.note || null;
  await ctx.db.batch([
    ctx.db
      .prepare("UPDATE contact_messages SET status = ?, note = ?, handled_by = ?, updated_at = ? WHERE id = ?")
      .bind(input.status, note, actor.id, ctx.now, id),
    auditEntry(ctx, {
      action: "contact.status",
      subject: { type: "contact_message", id },
      summary: `Marked the message from ${before.name} ${input.status.toLowerCase()}`,
      reason: input.note || null,
      before: { status: before.status },
      after: { status: input.status },
    }),
  ]);
  return contactMessageById(ctx, id);
}
