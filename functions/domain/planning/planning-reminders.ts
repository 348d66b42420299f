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
 * and sends nothing; a failed batch changes nothing, mails included. Each page's mail ids are then
 * handed to the mail queue (`handOff`; without one the 5-minute cron delivers them). The run stops
 * (and fails, so it is noticed) after MAX_QUERIES D1 calls; under the cron each invocation is
 * limited to far fewer, and the next invocation continues (functions/cron/continuations.ts).
 *
 * A couple whose wedding moved to its store (docs/decisions/0066) has its households waiting to answer
 * read there, not in D1's copy frozen at the move: one store call each (only when D1 has one of its
 * functions in the window), at most STORE_CALLS_PER_PART a part. When they are spent the page stops
 * before the next such couple, its mails are written with the run's cursor (job_cursors, migration
 * 0178), and StoreCallsSpent hands the rest to the next part, which starts after the cursor.
 *
 * This file is the run; reminder-reads.ts reads a page, reminder-digests.ts groups it, reminder-mail.ts
 * writes the mail; reminder-records.ts holds what they share.
 */
import { todayInIndia } from "#shared/listing-rules.ts";
import {
  jobCursorDone,
  jobCursorRead,
  jobCursorSaved,
  newId,
  STORE_CALLS_PER_PART,
  StoreCallsSpent,
  withinStoreCalls,
  type WeddingStoresPort,
} from "../core/index.ts";
import { log } from "#platform/log.ts";
import {
  DIGEST_KEEP_DAYS,
  MAX_QUERIES,
  PAGE,
  RSVP_WITHIN_DAYS,
  daysAfter,
  itemCount,
  type Couple,
  type DueLineRow,
  type DueMilestoneRow,
  type DueTaskRow,
  type WaitingRow,
} from "./reminder-records.ts";
import { pageStatements } from "./reminder-reads.ts";
import { digestsOf } from "./reminder-digests.ts";
import { digestMail } from "./reminder-mail.ts";
import { optionalMailLinks } from "../accounts/index.ts";
import { mailLocale } from "#platform/mail-layout.ts";
import { type MailMessage, SUPPRESSED_COLUMNS_SQL, SUPPRESSED_ERROR_SQL } from "#platform/mail.ts";

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
  /** Calls to moved weddings' stores (at most `storeCalls` a part). */
  storeCalls: number;
  /** Moved weddings whose store could not be read: their couple gets no digest this run (logged). */
  storeFailed: string[];
  ms: number;
};

const READ_NAMES = ["couples", "tasks", "milestones", "budget lines", "guests"] as const;

/** The job's name for its cursor (job_cursors): the cron's job of the same name. */
const JOB = "planning-reminders";

export class PlanningRemindersFailure extends Error {
  // A plain field, not a parameter property: the benches import this file in Node's strip-only TypeScript mode.
  readonly run: PlanningRemindersRun;
  constructor(run: PlanningRemindersRun, cause: unknown) {
    super(`planning reminders: ${cause instanceof Error ? cause.message : String(cause)} (done before that: ${JSON.stringify(run)})`, { cause });
    this.name = "PlanningRemindersFailure";
    this.run = run;
  }
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
export async function sendPlanningReminders(
  db: D1Database,
  {
    origin,
    now,
    handOff,
    linkSecret,
    stores,
    storeCalls = STORE_CALLS_PER_PART,
  }: {
    origin: string;
    now: number;
    /** Hands the ids of the mails a page queued to delivery (the mail queue); without it the 5-minute cron delivers them. */
    handOff?: (ids: readonly string[]) => Promise<void>;
    /** The key of the mails' unsubscribe links (DomainConfig.mailLinkSecret). */
    linkSecret: string | null;
    /** Each wedding's store: a moved couple's households waiting to answer are read there (absent without the binding: such a couple gets no digest, logged). */
    stores?: WeddingStoresPort;
    /** Calls to the stores this part may make (STORE_CALLS_PER_PART). */
    storeCalls?: number;
  },
): Promise<PlanningRemindersRun> {
  const started = Date.now();
  const day = todayInIndia(now);
  const runId = newId(now);
  const run: PlanningRemindersRun = {
    day,
    couples: 0,
    mailed: 0,
    items: 0,
    queries: 0,
    statements: 0,
    rowsRead: 0,
    rowsWritten: 0,
    rowsReadBy: {},
    storeCalls: 0,
    storeFailed: [],
    ms: 0,
  };
  const batch = meter(db, run);
  try {
    const [saved] = await batch([jobCursorRead(db, JOB, now)], ["cursor"]);
    let cursor = (saved?.results[0] as { cursor?: string } | undefined)?.cursor ?? "";
    let cursorKept = cursor !== "";
    for (;;) {
      const [couples, tasks, milestones, lines, waiting] = await batch(pageStatements(db, day, cursor), READ_NAMES);
      const read = (couples?.results ?? []) as Couple[];
      if (!read.length) break;
      // Moved couples' households waiting to answer, from their stores, as many as this part's calls allow; the page stops before the first one left.
      const { page, reading } = withinStoreCalls(read, storeCalls - run.storeCalls);
      run.storeCalls += reading.length;
      const until = daysAfter(day, RSVP_WITHIN_DAYS);
      const failed = new Set<string>();
      const fromStores = (
        await Promise.all(
          reading.map(async (c) => {
            try {
              if (!stores) throw new Error("no WEDDING_STORE binding");
              return (await stores.waitingToAnswer(c.store_wedding!, c.id, day, until)) as WaitingRow[];
            } catch (e) {
              log.error("planning reminders: a moved wedding's store could not be read (no digest this run)", { weddingId: c.store_wedding }, e);
              run.storeFailed.push(c.store_wedding!);
              failed.add(c.id);
              return [];
            }
          }),
        )
      ).flat();
      run.couples += page.length;
      if (page.length) cursor = page[page.length - 1]!.id;
      const digests = digestsOf({
        tasks: (tasks?.results ?? []) as DueTaskRow[],
        milestones: (milestones?.results ?? []) as DueMilestoneRow[],
        lines: (lines?.results ?? []) as DueLineRow[],
        // D1's rows are of couples in D1 only; each store's, of its couple: each couple's rows stay together, in the order the mail lists them.
        waiting: [...((waiting?.results ?? []) as WaitingRow[]), ...fromStores],
      });
      const mails = (
        await Promise.all(
          page.map(async (c) => {
            const digest = digests.get(c.id);
            const n = digest ? itemCount(digest) : 0;
            if (!digest || n === 0 || failed.has(c.id)) return [];
            const unsubscribe = await optionalMailLinks(
              { mailLinkSecret: linkSecret },
              { origin, userId: c.id, kind: "planning-reminder", now, locale: mailLocale(c.locale) },
            );
            return [{ id: newId(now), u: c.id, n, ...digestMail(c, digest, { day, origin, unsubscribe }) }];
          }),
        )
      ).flat();
      // A page that read stores saves how far it got, in the batch of its mails or alone: the run's next part does not read them again.
      const progress = reading.length && page.length ? jobCursorSaved(db, JOB, now, cursor) : [];
      if (mails.length) {
        const results = await batch([...writeStatements(db, mails, { day, runId, now }), ...progress]);
        const queued = results.slice(2, results.length - progress.length).reduce((s, r) => s + (r.meta?.changes ?? 0), 0);
        run.mailed += queued;
        // Every id of the page: one whose row another run's marker kept out is acknowledged by the consumer as missing.
        await handOff?.(mails.map((m) => m.id));
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
      } else if (progress.length) await batch(progress);
      cursorKept ||= progress.length > 0;
      if (page.length < read.length) throw new StoreCallsSpent(storeCalls);
      if (read.length < PAGE) break;
    }
    if (cursorKept) await batch([jobCursorDone(db, JOB, now)]);
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
  mails: (MailMessage & { id: string; u: string; n: number })[],
  { day, runId, now }: { day: string; runId: string; now: number },
) {
  const couples = JSON.stringify(mails.map((m) => ({ u: m.u, n: m.n })));
  const chunks: string[] = [];
  let chunk: typeof mails = [];
  let size = 0;
  for (const m of mails) {
    const bytes = (m.text.length + m.subject.length + (m.html?.length ?? 0) + JSON.stringify(m.headers ?? {}).length) * 3 + 200;
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
    // The same columns as queueMail (functions/platform/mail.ts): QUEUED and due now, or FAILED with the reason for a suppressed address.
    ...chunks.map((json) =>
      db
        .prepare(
          `INSERT INTO outbox (id, to_address, subject, text, html, headers, status, attempts, next_attempt_at, created_at, error)
           SELECT json_extract(j.value, '$.id'), json_extract(j.value, '$.to'), json_extract(j.value, '$.subject'), json_extract(j.value, '$.text'),
             json_extract(j.value, '$.html'), json_extract(j.value, '$.headers') /* an object: its JSON text */, ${SUPPRESSED_COLUMNS_SQL("?4")}, ?4, ${SUPPRESSED_ERROR_SQL}
           FROM json_each(?1) j JOIN planning_digests d ON d.user_id = json_extract(j.value, '$.u') AND d.day = ?2 AND d.run_id = ?3
             LEFT JOIN mail_suppressions s ON s.email = lower(json_extract(j.value, '$.to'))`,
        )
        .bind(json, day, runId, now),
    ),
  ];
}
