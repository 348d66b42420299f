/** The digest mail (planning reminders): in the couple's language, dates and rupees in its locale, links to the planning pages. */
import { composeMail, mailLocale, type MailBlock } from "#platform/mail-layout.ts";
import type { MailMessage } from "#platform/mail.ts";
import { withLocale } from "#platform/locale.ts";
import { formatCount, formatDate, formatRupees } from "#shared/format.ts";
import type { Locale } from "#shared/locale.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import {
  BUDGET_PATH,
  DUE_WITHIN_DAYS,
  GUESTS_PATH,
  PLANNER_PATH,
  PROFILE_PATH,
  RSVP_WITHIN_DAYS,
  daysAfter,
  type Couple,
  type Digest,
  type Section,
} from "./reminder-records.ts";

type Counted = (inputs: { count: number; shown: string }, options: { locale: Locale }) => string;

function section<T>(title: string, list: Section<T>, line: (item: T) => string, more: { label: string; url: string }, locale: Locale): MailBlock[] {
  if (!list.total) return [];
  const rest = list.total - list.shown.length;
  return [
    { heading: title },
    { list: [...list.shown.map(line), ...(rest > 0 ? [messages.mail_digest_and_more({ count: formatCount(rest) }, { locale })] : [])] },
    { link: more },
  ];
}

/**
 * The digest mail in the mail layout, in the couple's language (users.locale) with dates and
 * rupees in its locale, links to the planning pages, and its one-click unsubscribe link
 * (List-Unsubscribe) and preferences link for this couple.
 */
export function digestMail(
  couple: Couple,
  digest: Digest,
  { day, origin, unsubscribe }: { day: string; origin: string; unsubscribe: { url: string; preferencesUrl: string; kindLabel: string } },
): MailMessage {
  const locale = mailLocale(couple.locale);
  return withLocale(locale, () => digestIn(locale, couple, digest, { day, origin, unsubscribe }));
}

function digestIn(
  locale: Locale,
  couple: Couple,
  digest: Digest,
  { day, origin, unsubscribe }: { day: string; origin: string; unsubscribe: { url: string; preferencesUrl: string; kindLabel: string } },
): MailMessage {
  const n = (message: Counted, count: number) => message({ count, shown: formatCount(count) }, { locale });
  const when = (due: string) =>
    due < day
      ? messages.mail_digest_overdue_since({ date: formatDate(due) }, { locale })
      : due === day
        ? messages.mail_digest_today({ date: formatDate(due) }, { locale })
        : formatDate(due);
  const { tasks, payments, deliverables, functions } = digest;
  const overdue = tasks.overdue + payments.overdue + deliverables.overdue;
  const guests = functions.reduce((s, f) => s + f.guests, 0);
  const parts = [
    tasks.total ? n(messages.mail_digest_tasks, tasks.total) : null,
    payments.total ? n(messages.mail_digest_payments, payments.total) : null,
    deliverables.total ? n(messages.mail_digest_deliverables, deliverables.total) : null,
    guests ? n(messages.mail_digest_guests_to_hear, guests) : null,
  ].filter((p) => p !== null);
  const name = couple.partner_name ? messages.mail_digest_couple_names({ name: couple.user_name, partner: couple.partner_name }, { locale }) : couple.user_name;
  const inProgress = messages.mail_digest_in_progress({}, { locale });
  return composeMail({
    to: couple.email,
    locale,
    subject: messages.mail_digest_subject({ date: formatDate(day), parts: parts.join(", ") }, { locale }),
    audience: "couple",
    origin,
    greeting: messages.mail_greeting({ name }, { locale }),
    body: [
      messages.mail_digest_intro(
        { date: formatDate(day), due: formatDate(daysAfter(day, DUE_WITHIN_DAYS)), rsvp: formatDate(daysAfter(day, RSVP_WITHIN_DAYS)) },
        { locale },
      ) + (overdue ? n(messages.mail_digest_overdue, overdue) : ""),
      ...section(
        messages.mail_digest_tasks_heading({ count: formatCount(tasks.total) }, { locale }),
        tasks,
        (t) => `${when(t.due_date)}: ${t.name} (${t.event_name})${t.status === "IN_PROGRESS" ? inProgress : ""}`,
        { label: messages.mail_digest_your_planner({}, { locale }), url: `${origin}${PLANNER_PATH}` },
        locale,
      ),
      ...section(
        messages.mail_digest_payments_heading({ count: formatCount(payments.total) }, { locale }),
        payments,
        (p) =>
          `${when(p.due_date)}: ${p.amount !== null ? `${formatRupees(p.amount)} ` : ""}${p.to ? messages.mail_digest_payment_to(p.to, { locale }) : p.text}`,
        { label: messages.mail_digest_your_budget({}, { locale }), url: `${origin}${BUDGET_PATH}` },
        locale,
      ),
      ...section(
        messages.mail_digest_deliverables_heading({ count: formatCount(deliverables.total) }, { locale }),
        deliverables,
        (m) => messages.mail_digest_deliverable_line({ when: when(m.due_date), title: m.title, vendor: m.business_name, service: m.service_name }, { locale }),
        { label: messages.mail_digest_your_planner({}, { locale }), url: `${origin}${PLANNER_PATH}` },
        locale,
      ),
      ...section(
        messages.mail_digest_guests_heading(
          { guests: n(messages.mail_digest_guest_count, guests), functions: n(messages.mail_digest_function_count, functions.length) },
          { locale },
        ),
        { shown: functions, total: functions.length, overdue: 0 },
        (f) => {
          const names = f.named.map((h) => `${h.name} (${formatCount(h.waiting)})`).join(", ");
          const rest = f.households - f.named.length;
          return messages.mail_digest_function_line(
            {
              function: f.name,
              date: formatDate(f.date),
              guests: n(messages.mail_digest_guest_count, f.guests),
              households: n(messages.mail_digest_household_count, f.households),
              names: rest > 0 ? messages.mail_digest_names_more({ names, count: formatCount(rest) }, { locale }) : names,
            },
            { locale },
          );
        },
        { label: messages.mail_digest_your_guests({}, { locale }), url: `${origin}${GUESTS_PATH}` },
        locale,
      ),
    ],
    reason: messages.mail_digest_reason({ url: `${origin}${PROFILE_PATH}` }, { locale }),
    unsubscribe,
  });
}
