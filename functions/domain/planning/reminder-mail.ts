/** The digest mail (planning reminders): en-IN dates and rupees, links to the planning pages. */
import { composeMail, type MailBlock } from "#platform/mail-layout.ts";
import type { MailMessage } from "#platform/mail.ts";
import { formatCount, formatDate, formatRupees } from "#shared/format.ts";
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

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

const when = (due: string, today: string) => (due < today ? `OVERDUE since ${formatDate(due)}` : due === today ? `today, ${formatDate(due)}` : formatDate(due));

function section<T>(title: string, list: Section<T>, line: (item: T) => string, more: { label: string; url: string }): MailBlock[] {
  if (!list.total) return [];
  const rest = list.total - list.shown.length;
  return [{ heading: title }, { list: [...list.shown.map(line), ...(rest > 0 ? [`and ${formatCount(rest)} more`] : [])] }, { link: more }];
}

/**
 * The digest mail in the mail layout, en-IN dates and rupees, links to the planning pages, and
 * its one-click unsubscribe link (List-Unsubscribe) and preferences link for this couple.
 */
export function digestMail(
  couple: Couple,
  digest: Digest,
  { day, origin, unsubscribe }: { day: string; origin: string; unsubscribe: { url: string; preferencesUrl: string; kindLabel: string } },
): MailMessage {
  const { tasks, payments, deliverables, functions } = digest;
  const overdue = tasks.overdue + payments.overdue + deliverables.overdue;
  const guests = functions.reduce((s, f) => s + f.guests, 0);
  const parts = [
    tasks.total ? plural(tasks.total, "task", "tasks") : null,
    payments.total ? plural(payments.total, "payment", "payments") : null,
    deliverables.total ? plural(deliverables.total, "deliverable", "deliverables") : null,
    guests ? `${plural(guests, "guest", "guests")} to hear from` : null,
  ].filter((p) => p !== null);
  const name = couple.partner_name ? `${couple.user_name} and ${couple.partner_name}` : couple.user_name;
  return composeMail({
    to: couple.email,
    subject: `Your wedding planning for ${formatDate(day)}: ${parts.join(", ")}`,
    audience: "couple",
    origin,
    greeting: `Hello ${name},`,
    body: [
      `Your wedding planning for ${formatDate(day)}: what is due by ${formatDate(daysAfter(day, DUE_WITHIN_DAYS))}, and the guests still to answer for functions up to ${formatDate(daysAfter(day, RSVP_WITHIN_DAYS))}.${overdue ? ` ${plural(overdue, "item is", "items are")} overdue.` : ""}`,
      ...section(
        `Tasks due (${formatCount(tasks.total)})`,
        tasks,
        (t) => `${when(t.due_date, day)}: ${t.name} (${t.event_name})${t.status === "IN_PROGRESS" ? ", in progress" : ""}`,
        { label: "Your planner", url: `${origin}${PLANNER_PATH}` },
      ),
      ...section(
        `Payments due to vendors (${formatCount(payments.total)})`,
        payments,
        (p) => `${when(p.due_date, day)}: ${p.amount !== null ? `${formatRupees(p.amount)} ` : ""}${p.text}`,
        { label: "Your budget", url: `${origin}${BUDGET_PATH}` },
      ),
      ...section(
        `Deliverables due from vendors (${formatCount(deliverables.total)})`,
        deliverables,
        (m) => `${when(m.due_date, day)}: ${m.title} from ${m.business_name} (${m.service_name})`,
        { label: "Your planner", url: `${origin}${PLANNER_PATH}` },
      ),
      ...section(
        `Guests who have not answered (${plural(guests, "guest", "guests")}, ${plural(functions.length, "function", "functions")})`,
        { shown: functions, total: functions.length, overdue: 0 },
        (f) => {
          const names = f.named.map((h) => `${h.name} (${formatCount(h.waiting)})`).join(", ");
          const rest = f.households - f.named.length;
          return `${f.name}, ${formatDate(f.date)}: ${plural(f.guests, "guest", "guests")} in ${plural(f.households, "household", "households")}: ${names}${rest > 0 ? ` and ${formatCount(rest)} more` : ""}`;
        },
        { label: "Your guest list", url: `${origin}${GUESTS_PATH}` },
      ),
    ],
    reason: `You receive this e-mail because you turned on the daily planning reminder. You can also switch it off on your profile: ${origin}${PROFILE_PATH}`,
    unsubscribe,
  });
}
