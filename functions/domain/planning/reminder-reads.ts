/**
 * One page of couples read in one D1 batch: their tasks, payment and deliverable milestones, dated budget lines, and functions waiting for
 * answers (for a couple whose wedding moved to its store, read there: planning-reminders.ts).
 */
import { DUE_WITHIN_DAYS, HOUSEHOLD_NAMES_MAX, PAGE, RSVP_WITHIN_DAYS, SECTION_MAX_LINES, daysAfter } from "./reminder-records.ts";

/** The couples of a page: opted in, after the cursor, not mailed today. Repeated in every statement of the page's read batch. */
const PAGE_CTE = `WITH page AS (
  SELECT u.id FROM users u
  WHERE u.planning_reminders = 1 AND u.id > ?2 AND NOT EXISTS (SELECT 1 FROM planning_digests d WHERE d.user_id = u.id AND d.day = ?1)
  ORDER BY u.id LIMIT ?3)`;

/** The balance still to pay on a booking: price less the advance and the payment milestones marked done. */
const BOOKING_BALANCE = `max(0, b.agreed_price - b.advance_paid
  - coalesce((SELECT sum(pm.amount) FROM booking_milestones pm WHERE pm.booking_id = b.id AND pm.kind = 'PAYMENT' AND pm.done_at IS NOT NULL), 0))`;

/** The first SECTION_MAX_LINES rows per partition of `inner` in `order`, each with its partition's total and how many are overdue (due before ?1). */
const firstOf = (inner: string, partition: string, order: string) =>
  `SELECT * FROM (SELECT x.*, row_number() OVER (PARTITION BY ${partition} ORDER BY ${order}) AS rn,
       count(*) OVER (PARTITION BY ${partition}) AS total, sum(x.due_date < ?1) OVER (PARTITION BY ${partition}) AS overdue
     FROM (${inner}) x) WHERE rn <= ${SECTION_MAX_LINES} ORDER BY ${partition}, rn`;

/** Whether the couple `user` has a wedding moved to its store (weddings.stored_at, decision 0066): its guest list is read there, not in D1's frozen copy. */
const MOVED = (user: string) => `EXISTS (SELECT 1 FROM weddings w WHERE w.couple_user_id = ${user} AND w.stored_at IS NOT NULL)`;

/**
 * Households waiting to answer, per function from `today` to `until`, of the couples in `couples` (a
 * table of their ids): a function with someone waiting (function_counts), then each invitation's
 * count of guests without an answer (invitation_counts), never the guests or their answers
 * themselves (the head-count counters kept on write: migration 0154, decision 0060); at most
 * HOUSEHOLD_NAMES_MAX households named a function, with its totals. The one rule for D1's page read
 * and a moved wedding's store (WAITING_TO_ANSWER_IN_STORE_SQL, WeddingStore.waitingToAnswer).
 */
export const waitingToAnswerSql = ({ couples, today, until }: { couples: string; today: string; until: string }) =>
  `SELECT user_id, event_id, event_name, event_date, household, waiting, households, guests FROM (
     SELECT w.*, row_number() OVER (PARTITION BY event_id ORDER BY waiting DESC, household) AS rn,
       count(*) OVER (PARTITION BY event_id) AS households, sum(waiting) OVER (PARTITION BY event_id) AS guests
     FROM (
       SELECT e.user_id, e.id AS event_id, e.name AS event_name, e.event_date, e.start_time, h.name AS household, c.unanswered AS waiting
       FROM ${couples} couple CROSS JOIN events e ON e.user_id = couple.id AND e.event_date >= ${today} AND e.event_date <= ${until}
         CROSS JOIN function_counts f ON f.event_id = e.id AND f.not_answered > 0
         CROSS JOIN household_invitations i ON i.event_id = e.id
         CROSS JOIN invitation_counts c ON c.household_id = i.household_id AND c.event_id = e.id AND c.unanswered > 0
         CROSS JOIN households h ON h.id = i.household_id AND h.user_id = e.user_id) w)
   WHERE rn <= ${HOUSEHOLD_NAMES_MAX}
   ORDER BY user_id, event_date, start_time, event_name, event_id, rn`;

/** The same for one moved couple, in its wedding's store (it holds that wedding only). ?1 today, ?2 the couple's id, ?3 the last day for answers. */
export const WAITING_TO_ANSWER_IN_STORE_SQL = waitingToAnswerSql({ couples: "(SELECT ?2 AS id)", today: "?1", until: "?3" });

/**
 * The read batch of one page. CROSS JOIN keeps SQLite's join order as written: from the page's
 * couples down through their own rows by index (left to itself, the planner started some of these
 * from the vendors or the households and read far more rows: tests/bench/planning.mjs). Each list
 * comes back capped per couple (what the mail shows, and the totals), so a page's answer stays
 * small whatever one couple has let pile up.
 * Parameters: ?1 today, ?2 cursor, ?3 page size, ?4 last day for dues, ?5 last day for answers.
 */
export function pageStatements(db: D1Database, day: string, cursor: string) {
  // SQLite counts a statement's parameters up to the highest ?N it names: each gets that many.
  const params = [day, cursor, PAGE, daysAfter(day, DUE_WITHIN_DAYS), daysAfter(day, RSVP_WITHIN_DAYS)];
  const bind = (s: D1PreparedStatement, n = 4) => s.bind(...params.slice(0, n));
  return [
    bind(
      db.prepare(
        // A moved couple with a function in the window for answers (D1's functions are the wedding's: decision 0066) names the
        // wedding whose store says who owes an answer; one with none costs no call to its store.
        `${PAGE_CTE} SELECT u.id, u.email, u.user_name, u.partner_name, u.locale,
           CASE WHEN EXISTS (SELECT 1 FROM events e WHERE e.user_id = u.id AND e.event_date >= ?1 AND e.event_date <= ?5)
             THEN (SELECT w.id FROM weddings w WHERE w.couple_user_id = u.id AND w.stored_at IS NOT NULL) END AS store_wedding
         FROM page JOIN users u ON u.id = page.id ORDER BY u.id`,
      ),
      5,
    ),
    bind(
      db.prepare(
        `${PAGE_CTE} ${firstOf(
          `SELECT t.user_id, t.name, t.due_date, t.status, e.name AS event_name, e.event_date
           FROM page CROSS JOIN tasks t ON t.user_id = page.id CROSS JOIN events e ON e.id = t.event_id AND e.user_id = t.user_id
           WHERE t.due_date IS NOT NULL AND t.due_date <= ?4 AND t.status IN ('TODO', 'IN_PROGRESS')`,
          "user_id",
          "due_date, event_date, name",
        )}`,
      ),
    ),
    bind(
      db.prepare(
        `${PAGE_CTE} ${firstOf(
          `SELECT b.user_id, m.kind, m.title, m.amount, m.due_date, v.business_name, s.service_name
           FROM page CROSS JOIN bookings b ON b.user_id = page.id AND b.status = 'CONFIRMED'
             CROSS JOIN booking_milestones m ON m.booking_id = b.id
             CROSS JOIN vendors v ON v.user_id = b.vendor_id CROSS JOIN services s ON s.id = b.service_id
           WHERE m.done_at IS NULL AND m.due_date IS NOT NULL AND m.due_date <= ?4`,
          "user_id, kind",
          "due_date, business_name, title",
        )}`,
      ),
    ),
    bind(
      db.prepare(
        `${PAGE_CTE} ${firstOf(
          `SELECT * FROM (
             SELECT l.user_id, l.label, l.category, l.due_date, e.name AS event_name,
               CASE WHEN l.booking_id IS NULL THEN l.booked - l.paid
                 ELSE (SELECT ${BOOKING_BALANCE} FROM bookings b WHERE b.id = l.booking_id AND b.user_id = l.user_id AND b.status = 'CONFIRMED'
                         AND NOT EXISTS (SELECT 1 FROM booking_milestones om WHERE om.booking_id = b.id AND om.kind = 'PAYMENT' AND om.done_at IS NULL AND om.due_date IS NOT NULL))
               END AS amount
             FROM page CROSS JOIN budget_lines l ON l.user_id = page.id LEFT JOIN events e ON e.id = l.event_id
             WHERE l.due_date IS NOT NULL AND l.due_date <= ?4)
           WHERE amount > 0`,
          "user_id",
          "due_date, label",
        )}`,
      ),
    ),
    // Who owes an answer, for the couples whose guest list is in D1; a moved wedding's is read in its store (couples' store_wedding).
    bind(db.prepare(`${PAGE_CTE} ${waitingToAnswerSql({ couples: `(SELECT p.id FROM page p WHERE NOT ${MOVED("p.id")})`, today: "?1", until: "?5" })}`), 5),
  ];
}
