import { queueMail } from "#platform/mail.ts";
import { newId } from "../core/index.ts";
import { composeMail, mailLocale } from "#platform/mail-layout.ts";
import { withLocale } from "#platform/locale.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import { optionalMailLinks } from "../accounts/index.ts";
import { formatCount, formatDate } from "#shared/format.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { awaitingReplyStatement } from "./inbox.ts";
import { daysBefore, FIGURE_STATEMENTS, figuresFrom, vendorFigureStatements } from "./vendor-analytics.ts";

/**
 * The vendors' weekly summary mail (the "weekly summary" notification preference, off by default),
 * run by the Monday-morning cron (functions/cron/index.ts). Each vendor who wants it and has at
 * least one service is mailed the previous week's figures (Monday to Sunday, India days), taken
 * from the analytics page's own figures (vendor-analytics.ts vendorFigures): service views,
 * profile views, enquiries (reported spam is not counted there), bookings, and the open enquiries
 * waiting for its reply, with a link to the analytics page.
 *
 * A page of vendors (PAGE) costs three D1 calls: the page, every vendor's figures in one batch, and
 * one batch writing the page's sent-markers (vendor_weekly_summaries, one row per vendor per week,
 * INSERT OR IGNORE with this run's run_id) and a mail for each marker this run inserted. So a
 * repeated or retried run, or two runs at once, never mail a vendor twice for the same week, and a
 * run stopped at its invocation's D1 budget is continued by the next invocation from the vendors
 * still without a marker (functions/cron/continuations.ts). The mails' ids are handed to the mail
 * queue (`handOff`); without one the 5-minute cron delivers them.
 */

export const ANALYTICS_PATH = "/VendorDashboard/analytics";
export const NOTIFICATION_SETTINGS_PATH = "/VendorDashboard/vendor-setting";

/** Vendors per page: one read batch of FIGURE_STATEMENTS + 1 statements each, and one write batch. */
export const WEEKLY_SUMMARY_PAGE = 50;

/** The India date (yyyy-mm-dd) of the Monday of the week `now` falls in: the week a summary is for. */
export function weekOf(now: number): string {
  const today = todayInIndia(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return daysBefore(today, (weekday + 6) % 7);
}

export type WeeklySummaryRun = { week: string; from: string; to: string; mailed: string[] };

type Recipient = { id: string; business_name: string; email: string; locale: string | null };

/** Mails this week's summary to every vendor who wants it and has not had it yet. */
export async function sendWeeklySummaries(
  db: D1Database,
  origin: string,
  now: number,
  /** Hands the ids of the mails a page queued to delivery (the mail queue); undefined: the 5-minute cron delivers them. */
  handOff: ((ids: readonly string[]) => Promise<void>) | undefined,
  /** The key of the mails' unsubscribe links (DomainConfig.mailLinkSecret). */
  linkSecret: string | null,
): Promise<WeeklySummaryRun> {
  const week = weekOf(now);
  // The seven days before the week's Monday: the same whatever day of the week a run happens on.
  const to = daysBefore(week, 1);
  const from = daysBefore(week, 7);
  const runId = newId(now);
  const mailed: string[] = [];
  for (;;) {
    const { results: page } = await db
      .prepare(
        `SELECT v.user_id AS id, v.business_name, coalesce(nullif(v.email, ''), u.email) AS email, u.locale
         FROM vendor_notification_prefs p JOIN vendors v ON v.user_id = p.vendor_id JOIN users u ON u.id = v.user_id
         WHERE p.weekly_summary = 1 AND EXISTS (SELECT 1 FROM services s WHERE s.vendor_id = v.user_id)
           AND NOT EXISTS (SELECT 1 FROM vendor_weekly_summaries w WHERE w.vendor_id = v.user_id AND w.week = ?)
         ORDER BY v.user_id LIMIT ?`,
      )
      .bind(week, WEEKLY_SUMMARY_PAGE)
      .all<Recipient>();
    if (!page.length) break;
    const per = FIGURE_STATEMENTS + 1;
    const read = await db.batch(page.flatMap((vendor) => [...vendorFigureStatements(db, vendor.id, to, 7), awaitingReplyStatement(db, vendor.id)]));
    const links = await Promise.all(
      page.map((vendor) =>
        optionalMailLinks({ mailLinkSecret: linkSecret }, { origin, userId: vendor.id, kind: "weekly-summary", now, locale: mailLocale(vendor.locale) }),
      ),
    );
    const mails = page.map((vendor, i) => {
      const figures = figuresFrom(read.slice(i * per, i * per + FIGURE_STATEMENTS), to, 7);
      const open = Number((read[i * per + FIGURE_STATEMENTS]?.results[0] as { n?: number } | undefined)?.n ?? 0);
      return queueMail(db, summaryMail(vendor, figures, open, origin, links[i]!), now, {
        sql: "EXISTS (SELECT 1 FROM vendor_weekly_summaries WHERE vendor_id = ? AND week = ? AND run_id = ?)",
        binds: [vendor.id, week, runId],
      });
    });
    const written = await db.batch([
      db
        .prepare("INSERT OR IGNORE INTO vendor_weekly_summaries (vendor_id, week, sent_at, run_id) SELECT value, ?2, ?3, ?4 FROM json_each(?1)")
        .bind(JSON.stringify(page.map((v) => v.id)), week, now, runId),
      ...mails.map((m) => m.statement),
    ]);
    const queued = mails.filter((_, i) => (written[i + 1]?.meta.changes ?? 0) > 0);
    page.forEach((vendor, i) => {
      if ((written[i + 1]?.meta.changes ?? 0) > 0) mailed.push(vendor.id);
    });
    await handOff?.(queued.map((m) => m.id));
    if (page.length < WEEKLY_SUMMARY_PAGE) break;
  }
  return { week, from, to, mailed };
}

/** One vendor's summary mail, in the mail layout, with its one-click unsubscribe link. */
function summaryMail(
  vendor: Recipient,
  figures: ReturnType<typeof figuresFrom>,
  open: number,
  origin: string,
  unsubscribe: { url: string; preferencesUrl: string; kindLabel: string },
) {
  const t = figures.totals;
  // In the vendor's language (users.locale), its dates too.
  const locale = mailLocale(vendor.locale);
  return withLocale(locale, () =>
    composeMail({
      to: vendor.email,
      locale,
      subject: messages.mail_weekly_subject(
        {
          views: messages.mail_weekly_views({ count: t.views, shown: formatCount(t.views) }, { locale }),
          enquiries: messages.mail_weekly_enquiries({ count: t.enquiries, shown: formatCount(t.enquiries) }, { locale }),
        },
        { locale },
      ),
      audience: "vendor",
      origin,
      greeting: messages.mail_greeting({ name: vendor.business_name }, { locale }),
      body: [
        messages.mail_weekly_intro({ from: formatDate(figures.from), to: formatDate(figures.to) }, { locale }),
        {
          facts: [
            [messages.mail_weekly_service_views({}, { locale }), formatCount(t.views)],
            [messages.mail_weekly_profile_views({}, { locale }), formatCount(t.profileViews)],
            [messages.mail_weekly_enquiries_label({}, { locale }), formatCount(t.enquiries)],
            [messages.mail_weekly_bookings({}, { locale }), formatCount(t.bookings)],
            [messages.mail_weekly_waiting({}, { locale }), formatCount(open)],
          ],
        },
        { link: { label: messages.mail_weekly_analytics({}, { locale }), url: `${origin}${ANALYTICS_PATH}` } },
        ...(open > 0 ? [{ link: { label: messages.mail_weekly_answer({}, { locale }), url: `${origin}/VendorDashboard/enquiries` } }] : []),
      ],
      reason: messages.mail_weekly_reason({ url: `${origin}${NOTIFICATION_SETTINGS_PATH}` }, { locale }),
      unsubscribe,
    }),
  );
}
