import type { MailMessage } from "./mail.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import { BASE_LOCALE, isLocale, LOCALE_TAG, type Locale } from "#shared/locale.ts";

/**
 * The one layout every e-mail is composed through (issue 31): an HTML part and a text part made
 * from the same blocks, with the Mandap wordmark, the team's signature, and a footer that says why
 * the person gets the mail in their context (a couple, a vendor, a guest, an admin). Mail code
 * gives words, never markup: every string is escaped here, so a name or a message typed by
 * somebody cannot add HTML to a mail.
 *
 * Every word of the frame (signature, footer, unsubscribe links) is in the RECIPIENT's language
 * (`locale`: users.locale, a guest's couple's, a visitor's request), read from the mail catalogue
 * (messages/mail/) with that locale, never the locale of the request that caused the mail.
 *
 * The HTML is a single-column table with inline styles (what mail clients render alike); the
 * wordmark is text, not an image, so it shows where remote images are blocked.
 */

/** Who the mail is for: decides the footer's account line. */
export type MailAudience = "couple" | "vendor" | "guest" | "admin" | "visitor" | "member";

/**
 * A block of the mail's body:
 * - a string: a paragraph (its line breaks are kept);
 * - `{ list }`: bullet points;
 * - `{ link }`: a button in HTML, "Label: url" in text;
 * - `{ facts }`: label and value lines ("Event date: 22 Nov 2026");
 * - `{ quote }`: words somebody wrote (a message), set apart;
 * - `{ heading }`: a section's title.
 */
export type MailBlock =
  | string
  | { list: string[] }
  | { link: { label: string; url: string } }
  | { facts: [label: string, value: string][] }
  | { quote: string }
  | { heading: string };

export type MailContent = {
  to: string;
  /** The recipient's language (English when not given). */
  locale?: Locale;
  subject: string;
  audience: MailAudience;
  /** "Hello Asha," (omit for none). */
  greeting?: string;
  body: MailBlock[];
  /** Why this person gets this mail ("You receive this e-mail because you turned on the daily planning reminder."). */
  reason: string;
  /** Where the footer's links point (the site's origin). */
  origin: string;
  /**
   * Optional mail (digests, summaries, reminders): its one-click unsubscribe link and the
   * preferences page (none for a guest, who has no account: the link is their only switch).
   */
  unsubscribe?: { url: string; preferencesUrl?: string; kindLabel: string };
};

/** A stored language (users.locale, which may be NULL or old) as a locale: English unless it names one. */
export const mailLocale = (value: unknown): Locale => (isLocale(value) ? value : BASE_LOCALE);

/** The account line of the footer, by audience. */
const ACCOUNT_LINE: Record<MailAudience, (locale: Locale) => string> = {
  couple: (locale) => messages.mail_account_couple({}, { locale }),
  vendor: (locale) => messages.mail_account_vendor({}, { locale }),
  guest: (locale) => messages.mail_account_guest({}, { locale }),
  admin: (locale) => messages.mail_account_admin({}, { locale }),
  visitor: (locale) => messages.mail_account_visitor({}, { locale }),
  member: (locale) => messages.mail_account_member({}, { locale }),
};

/** HTML-escapes text (the five characters that matter in text and attribute values). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)])/g;

/** Escaped text with its web addresses as links and its line breaks kept. */
function richText(value: string): string {
  return value
    .split(URL_PATTERN)
    .map((part, i) =>
      i % 2 === 1
        ? `<a href="${escapeHtml(part)}" style="color:#7f1d3c;text-decoration:underline;word-break:break-all">${escapeHtml(part)}</a>`
        : escapeHtml(part).replace(/\n/g, "<br>"),
    )
    .join("");
}

const P = 'style="margin:0 0 16px 0;font-size:16px;line-height:1.5;color:#1f1a17"';

function blockHtml(block: MailBlock): string {
  if (typeof block === "string") return `<p ${P}>${richText(block)}</p>`;
  if ("list" in block)
    return `<ul style="margin:0 0 16px 0;padding-left:22px;font-size:16px;line-height:1.5;color:#1f1a17">${block.list.map((i) => `<li style="margin:0 0 6px 0">${richText(i)}</li>`).join("")}</ul>`;
  if ("link" in block)
    return `<p style="margin:4px 0 20px 0"><a href="${escapeHtml(block.link.url)}" style="display:inline-block;background:#7f1d3c;color:#ffffff;text-decoration:none;font-weight:bold;font-size:16px;padding:10px 18px;border-radius:8px">${escapeHtml(block.link.label)}</a></p>`;
  if ("facts" in block)
    return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px 0;font-size:16px;line-height:1.5;color:#1f1a17">${block.facts
      .map(
        ([label, value]) =>
          `<tr><td style="padding:2px 16px 2px 0;color:#6b625c;vertical-align:top">${escapeHtml(label)}</td><td style="padding:2px 0">${richText(value)}</td></tr>`,
      )
      .join("")}</table>`;
  if ("quote" in block)
    return `<blockquote style="margin:0 0 16px 0;padding:8px 16px;border-left:4px solid #fbe4ea;background:#fdf2f5;font-size:16px;line-height:1.5;color:#1f1a17">${richText(block.quote)}</blockquote>`;
  return `<h2 style="margin:20px 0 8px 0;font-size:18px;line-height:1.3;color:#661731">${escapeHtml(block.heading)}</h2>`;
}

function blockText(block: MailBlock): string {
  if (typeof block === "string") return block;
  if ("list" in block) return block.list.map((i) => `- ${i}`).join("\n");
  if ("link" in block) return `${block.link.label}: ${block.link.url}`;
  if ("facts" in block) return block.facts.map(([label, value]) => `${label}: ${value}`).join("\n");
  if ("quote" in block) return block.quote;
  return block.heading;
}

/** The footer's sentences, the same in both parts. */
function footerLines(m: MailContent): string[] {
  return [m.reason, ACCOUNT_LINE[m.audience](localeOf(m))];
}

const localeOf = (m: MailContent): Locale => m.locale ?? BASE_LOCALE;

/** The text part: greeting, blocks, signature, then the footer under a rule. */
function textPart(m: MailContent): string {
  const locale = localeOf(m);
  const lines = [
    ...(m.greeting ? [m.greeting, ""] : []),
    m.body.map(blockText).join("\n\n"),
    "",
    messages.mail_signature({}, { locale }),
    "",
    "--",
    ...footerLines(m),
  ];
  if (m.unsubscribe) {
    lines.push(`${messages.mail_stop({ kind: m.unsubscribe.kindLabel }, { locale })}: ${m.unsubscribe.url}`);
    if (m.unsubscribe.preferencesUrl) lines.push(`${messages.mail_choose_emails({}, { locale })}: ${m.unsubscribe.preferencesUrl}`);
  }
  lines.push(`Mandap: ${m.origin}`);
  return lines.join("\n");
}

/** The HTML part: the same words in the layout's table. */
function htmlPart(m: MailContent): string {
  const locale = localeOf(m);
  const small = 'style="margin:0 0 8px 0;font-size:13px;line-height:1.5;color:#6b625c"';
  const footerLink = 'style="color:#6b625c;text-decoration:underline"';
  const footer = [
    ...footerLines(m).map((l) => `<p ${small}>${escapeHtml(l)}</p>`),
    m.unsubscribe
      ? `<p ${small}><a href="${escapeHtml(m.unsubscribe.url)}" ${footerLink}>${escapeHtml(messages.mail_stop({ kind: m.unsubscribe.kindLabel }, { locale }))}</a>${
          m.unsubscribe.preferencesUrl
            ? ` · <a href="${escapeHtml(m.unsubscribe.preferencesUrl)}" ${footerLink}>${escapeHtml(messages.mail_choose_emails({}, { locale }))}</a>`
            : ""
        }</p>`
      : "",
    `<p ${small}><a href="${escapeHtml(m.origin)}" ${footerLink}>Mandap</a></p>`,
  ].join("");
  return [
    "<!doctype html>",
    `<html lang="${LOCALE_TAG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(m.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f7f2ee">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f2ee"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;font-family:Arial,Helvetica,sans-serif">',
    `<tr><td style="background:#7f1d3c;border-radius:12px 12px 0 0;padding:18px 28px"><a href="${escapeHtml(m.origin)}" style="color:#ffffff;text-decoration:none;font-family:Georgia,'Times New Roman',serif;font-size:26px;font-weight:bold;letter-spacing:0.5px">Mandap</a></td></tr>`,
    '<tr><td style="padding:28px 28px 8px 28px">',
    m.greeting ? `<p ${P}>${escapeHtml(m.greeting)}</p>` : "",
    ...m.body.map(blockHtml),
    `<p style="margin:24px 0 0 0;font-size:16px;line-height:1.5;color:#1f1a17">${escapeHtml(messages.mail_signature({}, { locale }))}</p>`,
    "</td></tr>",
    `<tr><td style="padding:20px 28px 24px 28px;border-top:1px solid #efe6e0">${footer}</td></tr>`,
    "</table></td></tr></table></body></html>",
  ].join("");
}

/**
 * One mail in the layout: its text and HTML parts and, for optional mail, the one-click
 * unsubscribe headers (RFC 2369 List-Unsubscribe with RFC 8058 List-Unsubscribe-Post: the mail
 * service POSTs "List-Unsubscribe=One-Click" to the link, which turns that kind of mail off).
 */
export function composeMail(m: MailContent): MailMessage {
  const headers = m.unsubscribe ? { "List-Unsubscribe": `<${m.unsubscribe.url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined;
  return { to: m.to, subject: m.subject, text: textPart(m), html: htmlPart(m), ...(headers ? { headers } : {}) };
}

/** The audience of a mail to an account of this role. */
export const audienceOf = (role: string): MailAudience =>
  role === "VENDOR" ? "vendor" : role === "USER" ? "couple" : role === "ADMIN" || role === "SUPER_ADMIN" ? "admin" : "member";
