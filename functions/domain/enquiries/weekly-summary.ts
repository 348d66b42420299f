import { queueMail } from "#platform/mail.ts";
import { formatCount, formatDate } from "#shared/format.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { awaitingReplyStatement } from "./inbox.ts";
import { daysBefore, vendorFigures } from "./vendor-analytics.ts";

/**
 * The vendors' weekly summary mail (the "weekly summary" notification preference, off by default),
 * run by the Monday-morning cron (functions/cron/index.ts). Each vendor who wants it and has at
 * least one service is mailed the previous week's figures (Monday to Sunday, India days), taken
 * from the analytics page's own figures (vendor-analytics.ts vendorFigures): service views,
 * profile views, enquiries (reported spam is not counted there), bookings, and the open enquiries
 * waiting for its reply, with a link to the analytics page. The mail and its sent-marker
 * (vendor_weekly_summaries, one row per vendor per week) are written in one batch, so a repeated
 * or retried run, or two runs at once, never mail a vendor twice for the same week. The mails are
 * queued; the every-five-minutes cron delivers them.
 */

export const ANALYTICS_PATH = "/VendorDashboard/analytics";
export const NOTIFICATION_SETTINGS_PATH = "/VendorDashboard/vendor-setting";

/** At most this many vendors are mailed per run (each costs a few D1 calls; the rest is for the next run of the week). */
export const WEEKLY_SUMMARY_MAX_PER_RUN = 500;
const PAGE = 50;

/** The India date (yyyy-mm-dd) of the Monday of the week `now` falls in: the week a summary is for. */
export function weekOf(now: number): string {
  const today = todayInIndia(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return daysBefore(today, (weekday + 6) % 7);
}

export type WeeklySummaryRun = { week: string; from: string; to: string; mailed: string[] };

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

type Recipient = { id: string; business_name: string; email: string };

/** Mails this week's summary to every vendor who wants it and has not had it yet. */
export async function sendWeeklySummaries(db: D1Database, origin: string, now: number): Promise<WeeklySummaryRun> {
  const week = weekOf(now);
  // The seven days before the week's Monday: the same whatever day of the week a run happens on.
  const to = daysBefore(week, 1);
  const from = daysBefore(week, 7);
  const mailed: string[] = [];
  while (mailed.length < WEEKLY_SUMMARY_MAX_PER_RUN) {
    const { results } = await db
      .prepare(
        `SELECT v.user_id AS id, v.business_name, coalesce(v.email, u.email) AS email
         FROM vendor_notification_prefs p JOIN vendors v ON v.user_id = p.vendor_id JOIN users u ON u.id = v.user_id
         WHERE p.weekly_summary = 1 AND EXISTS (SELECT 1 FROM services s WHERE s.vendor_id = v.user_id)
           AND NOT EXISTS (SELECT 1 FROM vendor_weekly_summaries w WHERE w.vendor_id = v.user_id AND w.week = ?)
         ORDER BY v.user_id LIMIT ?`,
      )
      .bind(week, PAGE)
      .all<Recipient>();
    if (!results.length) break;
    for (const vendor of results) {
      if (await mailSummary(db, vendor, { week, to, origin, now })) mailed.push(vendor.id);
    }
    if (results.length < PAGE) break;
  }
  return { week, from, to, mailed };
}

/** One vendor's summary: false when another run has already sent it (the marker's key refused the batch). */
async function mailSummary(db: D1Database, vendor: Recipient, at: { week: string; to: string; origin: string; now: number }): Promise<boolean> {
  const [figures, waiting] = await Promise.all([vendorFigures(db, vendor.id, at.to, 7), awaitingReplyStatement(db, vendor.id).first<{ n: number }>()]);
  const t = figures.totals;
  const open = Number(waiting?.n ?? 0);
  const lines = [
    `Hello ${vendor.business_name},`,
    "",
    `Your week on Mandap, ${formatDate(figures.from)} to ${formatDate(figures.to)}:`,
    "",
    `Service views: ${formatCount(t.views)}`,
    `Profile views: ${formatCount(t.profileViews)}`,
    `Enquiries: ${formatCount(t.enquiries)}`,
    `Bookings: ${formatCount(t.bookings)}`,
    `Enquiries waiting for your reply: ${formatCount(open)}`,
    "",
    `See your analytics: ${at.origin}${ANALYTICS_PATH}`,
    open > 0 ? `Answer your enquiries: ${at.origin}/VendorDashboard/enquiries` : null,
    "",
    `You receive this summary because you turned it on. Change your e-mail preferences: ${at.origin}${NOTIFICATION_SETTINGS_PATH}`,
  ].filter((l) => l !== null);
  const mail = queueMail(
    db,
    {
      to: vendor.email,
      subject: `Your week on Mandap: ${count(t.views, "view", "views")}, ${count(t.enquiries, "enquiry", "enquiries")}`,
      text: lines.join("\n"),
    },
    at.now,
  );
  try {
    await db.batch([
      db.prepare("INSERT INTO vendor_weekly_summaries (vendor_id, week, sent_at) VALUES (?, ?, ?)").bind(vendor.id, at.week, at.now),
      mail.statement,
    ]);
    return true;
  } catch (e) {
    if (String(e instanceof Error ? `${e.message} ${String(e.cause ?? "")}` : e).includes("UNIQUE constraint failed")) return false;
    throw e;
  }
}
