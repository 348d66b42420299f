import { formatCount, formatDate, formatRupees } from "#shared/format.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { newId } from "../core/index.ts";

/**
 * The daily planning reminder (issue 12; docs/decisions/0023-planning-reminders.md), run by the
 * PLANNING_MORNING cron at 08:00 India time (functions/cron/index.ts). Each couple who opted in
 * (users.planning_reminders = 1) is mailed one digest per India day of what needs them:
 *
 * - tasks due by a week from today (TODO or IN_PROGRESS), with their function's name;
 * - payments due to vendors by then: open PAYMENT milestones of their CONFIRMED bookings, and budget
 *   lines with a due date and something left to pay (a line that stands for a booking counts the
 *   booking's own balance, and is left out when the booking's dated payment milestones speak for it);
 * - deliverables due from vendors by then: open DELIVERABLE milestones of CONFIRMED bookings;
 * - functions from today to two weeks from today with invited households whose guests have not all
 *   answered (counts and household names per function).
 *
 * Anything due before today and still open is listed too, marked overdue. Nothing to say: no mail.
 *
 * Once only: the couples are taken in pages (PAGE), each page's items read in one D1 batch, and each
 * page's mails written in one D1 batch that first inserts the page's planning_digests rows
 * (INSERT OR IGNORE, key user + India day, with this run's run_id) and then queues a mail only for
 * the rows this run inserted. Another run the same day, before or at the same moment, finds the row
 * and sends nothing; a failed batch changes nothing, mails included. The mails are queued; the
 * every-five-minutes cron delivers them (and fails loudly when the transport refuses). The run
 * stops (and fails, so it is noticed) after MAX_QUERIES D1 calls.
 */

export const PLANNER_PATH = "/profile/weddingplan";
export const BUDGET_PATH = "/profile/weddingbudget";
export const GUESTS_PATH = "/profile/guests";
export const PROFILE_PATH = "/profile";

/** Tasks, payments and deliverables due up to this many days from today. */
export const DUE_WITHIN_DAYS = 7;
/** Functions this many days ahead whose guests have not answered. */
export const RSVP_WITHIN_DAYS = 14;
/** Couples per page: one read batch and at most one write batch each. */
export const PAGE = 500;
/** D1 calls (a query or a batch) one run may make before it stops: well inside Workers Paid's 1,000. */
export const MAX_QUERIES = 400;
/** Lines per section in a mail (the rest are counted, with a link to the page). */
export const SECTION_MAX_LINES = 15;
/** Household names per function in the guests section. */
export const HOUSEHOLD_NAMES_MAX = 8;
/** planning_digests rows older than this many days are removed when the couple is next mailed. */
export const DIGEST_KEEP_DAYS = 30;
/** The mails' JSON handed to one INSERT (D1 refuses strings over 1 MB). */
const MAIL_CHUNK_BYTES = 400_000;

export type PlanningRemindersRun = {
  /** The India day the digests are for. */
  day: string;
  /** Couples read (opted in and not yet mailed today). */
  couples: number;
  /** Mails this run queued (a couple another run mailed first is not counted). */
  mailed: number;
  /** Items in those mails. */
  items: number;
  queries: number;
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  /** Rows read by each query of the page batches (couples, tasks, milestones, budget lines, guests) and by the writes. */
  rowsReadBy: Record<string, number>;
  ms: number;
};

const READ_NAMES = ["couples", "tasks", "milestones", "budget lines", "guests"] as const;

export class PlanningRemindersFailure extends Error {
  constructor(
    readonly run: PlanningRemindersRun,
    cause: unknown,
  ) {
    super(`planning reminders: ${cause instanceof Error ? cause.message : String(cause)} (done before that: ${JSON.stringify(run)})`, { cause });
    this.name = "PlanningRemindersFailure";
  }
}

type Couple = { id: string; email: string; user_name: string; partner_name: string | null };
/** Each list query returns at most this many rows per couple (and kind), with the couple's total in `total`. */
type Counted = { total: number; overdue: number };
type TaskRow = Counted & { user_id: string; name: string; due_date: string; status: string; event_name: string };
type MilestoneRow = Counted & {
  user_id: string;
  kind: "PAYMENT" | "DELIVERABLE";
  title: string;
  amount: number | null;
  due_date: string;
  business_name: string;
  service_name: string;
};
type LineRow = Counted & { user_id: string; label: string; category: string; amount: number; due_date: string; event_name: string | null };
/** One function's households still to answer (at most HOUSEHOLD_NAMES_MAX rows per function), with the function's totals. */
type WaitingRow = {
  user_id: string;
  event_id: string;
  event_name: string;
  event_date: string;
  household: string;
  waiting: number;
  households: number;
  guests: number;
};

type Section<T> = { shown: T[]; total: number; overdue: number };
export type Payment = { due_date: string; amount: number | null; text: string };
export type WaitingFunction = { name: string; date: string; guests: number; households: number; named: { name: string; waiting: number }[] };
export type Digest = {
  tasks: Section<TaskRow>;
  payments: Section<Payment>;
  deliverables: Section<MilestoneRow>;
  functions: WaitingFunction[];
};

/** The India day n days after `day` (YYYY-MM-DD). */
export const daysAfter = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Items a digest counts: tasks, payments, deliverables, and functions waiting for answers. */
export const itemCount = (d: Digest) => d.tasks.total + d.payments.total + d.deliverables.total + d.functions.length;

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

/**
 * The read batch of one page. CROSS JOIN keeps SQLite's join order as written: from the page's
 * couples down through their own rows by index (left to itself, the planner started some of these
 * from the vendors or the households and read far more rows: tests/bench/planning.mjs). Each list
 * comes back capped per couple (what the mail shows, and the totals), so a page's answer stays
 * small whatever one couple has let pile up.
 * Parameters: ?1 today, ?2 cursor, ?3 page size, ?4 last day for dues, ?5 last day for answers.
 */
function pageStatements(db: D1Database, day: string, cursor: string) {
  // SQLite counts a statement's parameters up to the highest ?N it names: each gets that many.
  const params = [day, cursor, PAGE, daysAfter(day, DUE_WITHIN_DAYS), daysAfter(day, RSVP_WITHIN_DAYS)];
  const bind = (s: D1PreparedStatement, n = 4) => s.bind(...params.slice(0, n));
  return [
    bind(db.prepare(`${PAGE_CTE} SELECT u.id, u.email, u.user_name, u.partner_name FROM page JOIN users u ON u.id = page.id ORDER BY u.id`), 3),
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
    bind(
      db.prepare(
        `${PAGE_CTE} SELECT user_id, event_id, event_name, event_date, household, waiting, households, guests FROM (
           SELECT w.*, row_number() OVER (PARTITION BY event_id ORDER BY waiting DESC, household) AS rn,
             count(*) OVER (PARTITION BY event_id) AS households, sum(waiting) OVER (PARTITION BY event_id) AS guests
           FROM (
             SELECT e.user_id, e.id AS event_id, e.name AS event_name, e.event_date, e.start_time, h.name AS household, count(*) AS waiting
             FROM page CROSS JOIN events e ON e.user_id = page.id AND e.event_date >= ?1 AND e.event_date <= ?5
               CROSS JOIN household_invitations i ON i.event_id = e.id
               CROSS JOIN households h ON h.id = i.household_id AND h.user_id = e.user_id
               CROSS JOIN guests g ON g.household_id = h.id
             WHERE NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.event_id = e.id)
             GROUP BY e.id, h.id) w)
         WHERE rn <= ${HOUSEHOLD_NAMES_MAX}
         ORDER BY user_id, event_date, start_time, event_name, event_id, rn`,
      ),
      5,
    ),
  ];
}

/** Groups a page's rows into one digest per couple. */
export function digestsOf(rows: { tasks: TaskRow[]; milestones: MilestoneRow[]; lines: LineRow[]; waiting: WaitingRow[] }): Map<string, Digest> {
  const digests = new Map<string, Digest>();
  const of = (userId: string) => {
    let d = digests.get(userId);
    if (!d)
      digests.set(
        userId,
        (d = {
          tasks: { shown: [], total: 0, overdue: 0 },
          payments: { shown: [], total: 0, overdue: 0 },
          deliverables: { shown: [], total: 0, overdue: 0 },
          functions: [],
        }),
      );
    return d;
  };
  // Each row carries its list's total (the same on every row of the list).
  for (const t of rows.tasks) {
    const d = of(t.user_id);
    d.tasks.shown.push(t);
    d.tasks.total = Number(t.total);
    d.tasks.overdue = Number(t.overdue);
  }
  type Totals = { total: number; overdue: number };
  const payments = new Map<Digest, { milestones: Totals; lines: Totals }>();
  const paymentTotals = (d: Digest) => {
    let p = payments.get(d);
    if (!p) payments.set(d, (p = { milestones: { total: 0, overdue: 0 }, lines: { total: 0, overdue: 0 } }));
    return p;
  };
  for (const m of rows.milestones) {
    const d = of(m.user_id);
    if (m.kind === "DELIVERABLE") {
      d.deliverables.shown.push(m);
      d.deliverables.total = Number(m.total);
      d.deliverables.overdue = Number(m.overdue);
    } else {
      d.payments.shown.push({ due_date: m.due_date, amount: m.amount, text: `to ${m.business_name} (${m.service_name}): ${m.title}` });
      paymentTotals(d).milestones = { total: Number(m.total), overdue: Number(m.overdue) };
    }
  }
  for (const l of rows.lines) {
    const d = of(l.user_id);
    d.payments.shown.push({ due_date: l.due_date, amount: Number(l.amount), text: `${l.label} (${l.category}${l.event_name ? `, ${l.event_name}` : ""})` });
    paymentTotals(d).lines = { total: Number(l.total), overdue: Number(l.overdue) };
  }
  // Milestones and lines merged by date: the first lines of each source include the first of both.
  for (const [d, p] of payments) {
    d.payments.shown.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.text.localeCompare(b.text));
    d.payments.shown = d.payments.shown.slice(0, SECTION_MAX_LINES);
    d.payments.total = p.milestones.total + p.lines.total;
    d.payments.overdue = p.milestones.overdue + p.lines.overdue;
  }
  let last: { eventId: string; fn: WaitingFunction } | null = null;
  for (const w of rows.waiting) {
    if (!last || last.eventId !== w.event_id) {
      const fn: WaitingFunction = { name: w.event_name, date: w.event_date, guests: Number(w.guests), households: Number(w.households), named: [] };
      of(w.user_id).functions.push(fn);
      last = { eventId: w.event_id, fn };
    }
    last.fn.named.push({ name: w.household, waiting: Number(w.waiting) });
  }
  return digests;
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
const when = (due: string, today: string) => (due < today ? `OVERDUE since ${formatDate(due)}` : due === today ? `today, ${formatDate(due)}` : formatDate(due));

function section<T>(title: string, list: Section<T>, line: (item: T) => string, more: { label: string; url: string }) {
  if (!list.total) return [];
  const rest = list.total - list.shown.length;
  return [title, ...list.shown.map((i) => `- ${line(i)}`), ...(rest > 0 ? [`- and ${formatCount(rest)} more`] : []), `${more.label}: ${more.url}`, ""];
}

/** The digest mail: plain text, en-IN dates and rupees, links to the planning pages and to switching it off. */
export function digestMail(couple: Couple, digest: Digest, { day, origin }: { day: string; origin: string }) {
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
  const lines = [
    `Hello ${name},`,
    "",
    `Your wedding planning for ${formatDate(day)}: what is due by ${formatDate(daysAfter(day, DUE_WITHIN_DAYS))}, and the guests still to answer for functions up to ${formatDate(daysAfter(day, RSVP_WITHIN_DAYS))}.${overdue ? ` ${plural(overdue, "item is", "items are")} overdue.` : ""}`,
    "",
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
    `You receive this e-mail because you turned on the daily planning reminder. To switch it off, change it on your profile: ${origin}${PROFILE_PATH}`,
  ];
  return { to: couple.email, subject: `Your wedding planning for ${formatDate(day)}: ${parts.join(", ")}`, text: lines.join("\n") };
}

/** D1 calls with rows read and written summed, and the run's query budget. */
function meter(db: D1Database, run: PlanningRemindersRun) {
  return async (statements: D1PreparedStatement[], names: readonly string[] = []) => {
    if (run.queries >= MAX_QUERIES) throw new Error(`stopped after ${MAX_QUERIES} D1 calls; the couples left are mailed by the next run`);
    const results = await db.batch(statements);
    run.queries += 1;
    run.statements += statements.length;
    for (const [i, r] of results.entries()) {
      const name = names[i] ?? "writes";
      run.rowsReadBy[name] = (run.rowsReadBy[name] ?? 0) + (r.meta?.rows_read ?? 0);
      run.rowsRead += r.meta?.rows_read ?? 0;
      run.rowsWritten += r.meta?.rows_written ?? 0;
    }
    return results;
  };
}

/** Mails today's digest to every couple who opted in, has something due, and has not had it today. */
export async function sendPlanningReminders(db: D1Database, { origin, now }: { origin: string; now: number }): Promise<PlanningRemindersRun> {
  const started = Date.now();
  const day = todayInIndia(now);
  const runId = newId(now);
  const run: PlanningRemindersRun = { day, couples: 0, mailed: 0, items: 0, queries: 0, statements: 0, rowsRead: 0, rowsWritten: 0, rowsReadBy: {}, ms: 0 };
  const batch = meter(db, run);
  try {
    let cursor = "";
    for (;;) {
      const [couples, tasks, milestones, lines, waiting] = await batch(pageStatements(db, day, cursor), READ_NAMES);
      const page = (couples?.results ?? []) as Couple[];
      if (!page.length) break;
      run.couples += page.length;
      cursor = page[page.length - 1]!.id;
      const digests = digestsOf({
        tasks: (tasks?.results ?? []) as TaskRow[],
        milestones: (milestones?.results ?? []) as MilestoneRow[],
        lines: (lines?.results ?? []) as LineRow[],
        waiting: (waiting?.results ?? []) as WaitingRow[],
      });
      const mails = page.flatMap((c) => {
        const digest = digests.get(c.id);
        const n = digest ? itemCount(digest) : 0;
        return digest && n > 0 ? [{ id: newId(now), u: c.id, n, ...digestMail(c, digest, { day, origin }) }] : [];
      });
      if (mails.length) {
        const results = await batch(writeStatements(db, mails, { day, runId, now }));
        const queued = results.slice(2).reduce((s, r) => s + (r.meta?.changes ?? 0), 0);
        run.mailed += queued;
        // Items of the mails this run queued (a couple mailed by a concurrent run is not counted).
        if (queued === mails.length) run.items += mails.reduce((s, m) => s + m.n, 0);
        else {
          const mine = await batch([
            db
              .prepare(
                "SELECT coalesce(sum(item_count), 0) AS n FROM planning_digests WHERE day = ?2 AND run_id = ?3 AND user_id IN (SELECT value FROM json_each(?1))",
              )
              .bind(JSON.stringify(mails.map((m) => m.u)), day, runId),
          ]);
          run.items += Number((mine[0]?.results?.[0] as { n?: number } | undefined)?.n ?? 0);
        }
      }
      if (page.length < PAGE) break;
    }
  } catch (e) {
    run.ms = Date.now() - started;
    throw new PlanningRemindersFailure(run, e);
  }
  run.ms = Date.now() - started;
  return run;
}

/**
 * One page's writes, atomic: old digest rows of these couples removed, today's rows inserted where
 * none exists (this run's run_id), then a mail queued for each row this run inserted.
 */
function writeStatements(
  db: D1Database,
  mails: { id: string; u: string; n: number; to: string; subject: string; text: string }[],
  { day, runId, now }: { day: string; runId: string; now: number },
) {
  const couples = JSON.stringify(mails.map((m) => ({ u: m.u, n: m.n })));
  const chunks: string[] = [];
  let chunk: typeof mails = [];
  let size = 0;
  for (const m of mails) {
    const bytes = m.text.length * 3 + m.subject.length * 3 + 200;
    if (chunk.length && size + bytes > MAIL_CHUNK_BYTES) {
      chunks.push(JSON.stringify(chunk));
      chunk = [];
      size = 0;
    }
    chunk.push(m);
    size += bytes;
  }
  chunks.push(JSON.stringify(chunk));
  return [
    db
      .prepare("DELETE FROM planning_digests WHERE user_id IN (SELECT json_extract(value, '$.u') FROM json_each(?1)) AND day < ?2")
      .bind(couples, daysAfter(day, -DIGEST_KEEP_DAYS)),
    db
      .prepare(
        `INSERT OR IGNORE INTO planning_digests (user_id, day, item_count, run_id, sent_at)
         SELECT json_extract(value, '$.u'), ?2, json_extract(value, '$.n'), ?3, ?4 FROM json_each(?1)`,
      )
      .bind(couples, day, runId, now),
    // The same columns as queueMail (functions/platform/mail.ts): QUEUED, due now.
    ...chunks.map((json) =>
      db
        .prepare(
          `INSERT INTO outbox (id, to_address, subject, text, html, status, attempts, next_attempt_at, created_at)
           SELECT json_extract(j.value, '$.id'), json_extract(j.value, '$.to'), json_extract(j.value, '$.subject'), json_extract(j.value, '$.text'), NULL, 'QUEUED', 0, ?4, ?4
           FROM json_each(?1) j JOIN planning_digests d ON d.user_id = json_extract(j.value, '$.u') AND d.day = ?2 AND d.run_id = ?3`,
        )
        .bind(json, day, runId, now),
    ),
  ];
}
