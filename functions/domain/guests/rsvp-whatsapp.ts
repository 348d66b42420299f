import { formatCount } from "#shared/format.ts";
import { indianMobile, type WhatsAppTemplateMessage } from "#platform/whatsapp.ts";
import {
  jobCursorDone,
  jobCursorRead,
  jobCursorSaved,
  newId,
  STORE_CALLS_PER_PART,
  StoreCallsSpent,
  type DomainContext,
  type RsvpFigures,
  type WeddingStoresPort,
  withinStoreCalls,
} from "../core/index.ts";
import { log } from "#platform/log.ts";
import { renderWhatsApp, WHATSAPP_TEMPLATES, whatsAppStopLink, type WhatsAppLanguage } from "../accounts/index.ts";

/**
 * The daily RSVP summary on WhatsApp (issue 32, docs/decisions/0048-whatsapp.md): a couple who opted
 * in to WhatsApp messages gets the approved `rsvp_summary` template (how many guests are coming, not
 * coming, yet to answer, and the guest list's link) once a day when guests answered since the last
 * summary (the newest rsvp_summary row in the outbox; for the first one, the last day). It goes through
 * the one outbox, with its retries, its opt-in check in the INSERT and at delivery, and its stop link.
 *
 * Per guest, over the functions their household is invited to: coming when they accepted one;
 * not coming when they declined every one; else yet to answer (an unanswered function, or maybe).
 * Each page of couples costs two D1 calls (the read, one batch of INSERTs), so a run stays far
 * within the per-invocation budget (query-budget.ts) however many couples it reaches. A couple whose
 * wedding moved to its store (docs/decisions/0066) is answered by its store, not D1's copy frozen
 * at the move: one store call each, at most STORE_CALLS_PER_PART a part.
 */
export const RSVP_SUMMARY_PAGE = 100;
const DAY_MS = 86_400_000;
const GUESTS_PATH = "/profile/guests";

/** A couple due a summary, or (store_wedding) one whose wedding moved to its store: whether it is due, and its figures, are read there. */
type DueCouple = {
  id: string;
  phone: string | null;
  locale: string | null;
  coming: number;
  declined: number;
  invited: number;
  store_wedding: string | null;
  since: number;
};

/** Whether a guest of couple `user` answered after `since`: the summary is due (the one rule for D1 and a moved wedding's store). */
const answeredSince = (user: string, since: string) =>
  `EXISTS (SELECT 1 FROM guests g JOIN guest_rsvps r ON r.guest_id = g.id WHERE g.user_id = ${user} AND r.answered_at > ${since})`;

/** The guests of invited households of the couples in `couples` (a table of their ids). */
const invitedSql = (couples: string) =>
  `SELECT g.id, g.user_id FROM guests g JOIN ${couples} couple ON couple.id = g.user_id
   WHERE EXISTS (SELECT 1 FROM household_invitations hi WHERE hi.household_id = g.household_id)`;

/** Couple `user`'s figures over the CTE `invited`: coming (accepted one function), not coming (declined every one), invited. */
const figuresSql = (user: string) => `
  (SELECT count(*) FROM invited i WHERE i.user_id = ${user}
     AND EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = i.id AND r.response = 'ATTENDING')) AS coming,
  (SELECT count(*) FROM invited i JOIN guests g ON g.id = i.id WHERE i.user_id = ${user}
     AND NOT EXISTS (
       SELECT 1 FROM household_invitations hi WHERE hi.household_id = g.household_id
         AND NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.event_id = hi.event_id AND r.response = 'DECLINED')
     )) AS declined,
  (SELECT count(*) FROM invited i WHERE i.user_id = ${user}) AS invited`;

/**
 * A moved couple's figures in its wedding's store (WeddingStore.rsvpFigures), by the rules of DUE_SQL. ?1 the couple's id, ?2 the
 * moment of the last summary (or a day before the run): `answered` says whether one is due.
 */
export const RSVP_FIGURES_IN_STORE_SQL = `WITH invited AS (${invitedSql("(SELECT ?1 AS id)")})
SELECT ${answeredSince("?1", "?2")} AS answered, ${figuresSql("?1")}`;

/**
 * A page of opted-in couples after the cursor (?3): those whose guest list is in D1 when a guest answered since their last summary
 * (the newest rsvp_summary row in the outbox, else a day before now), with their figures; every one whose wedding moved to its
 * store (D1's copy of its guest list is frozen at the move), with that moment, for its store to answer.
 */
const DUE_SQL = `
WITH optin AS (
  SELECT o.user_id AS id, w.id AS store_wedding,
    coalesce((SELECT max(x.created_at) FROM outbox x WHERE x.channel = 'whatsapp' AND x.user_id = o.user_id AND x.subject = ?1), ?2 - ${DAY_MS}) AS since
  FROM whatsapp_optins o LEFT JOIN weddings w ON w.couple_user_id = o.user_id AND w.stored_at IS NOT NULL
  WHERE o.opted_in = 1 AND o.user_id > ?3
),
due AS (
  SELECT * FROM optin WHERE store_wedding IS NOT NULL OR ${answeredSince("optin.id", "optin.since")}
  ORDER BY id LIMIT ?4
),
invited AS (${invitedSql("(SELECT id FROM due WHERE store_wedding IS NULL)")})
SELECT u.id, coalesce(u.verified_phone, nullif(trim(u.phone), '')) AS phone, u.locale, due.store_wedding, due.since, ${figuresSql("u.id")}
FROM due JOIN users u ON u.id = due.id ORDER BY u.id`;

export type RsvpSummaryRun = {
  couples: number;
  queued: number;
  queries: number;
  /** Calls to moved weddings' stores (at most `storeCalls` a part). */
  storeCalls: number;
  /** Moved weddings whose store could not be read: no summary this run (logged). */
  storeFailed: string[];
};

/** The job's name for its cursor (job_cursors): the cron's job of the same name. */
const JOB = "rsvp-whatsapp-summaries";

/**
 * Queues today's RSVP summaries and hands their ids to delivery (the mail queue), page by page. A
 * couple whose wedding moved to its store is answered by its store (one call each, at most
 * `storeCalls` a part, at the same time); when they are spent the page stops at the next such
 * couple, what was read is queued with the run's cursor, and StoreCallsSpent leaves the rest to the
 * next part, which starts after the cursor (functions/cron/continuations.ts).
 */
export async function sendRsvpSummaries(
  db: D1Database,
  {
    origin,
    now,
    linkSecret,
    handOff,
    stores,
    storeCalls = STORE_CALLS_PER_PART,
  }: {
    origin: string;
    now: number;
    linkSecret: string | null;
    handOff?: (ids: readonly string[]) => Promise<void>;
    /** Each wedding's store (absent without the binding: a moved couple then gets no summary, logged). */
    stores?: WeddingStoresPort;
    storeCalls?: number;
  },
): Promise<RsvpSummaryRun> {
  const run: RsvpSummaryRun = { couples: 0, queued: 0, queries: 0, storeCalls: 0, storeFailed: [] };
  const template = WHATSAPP_TEMPLATES["rsvp-summary"];
  // The stop link is signed as for any notice (the mail links' key); no request here, so the site's origin.
  const linkCtx = { config: { mailLinkSecret: linkSecret }, now, request: { origin } } as unknown as Pick<DomainContext, "config" | "now" | "request">;
  let cursor = (await jobCursorRead(db, JOB, now).first<{ cursor: string }>())?.cursor ?? "";
  let cursorKept = cursor !== "";
  run.queries += 1;
  for (;;) {
    const { results: read } = await db.prepare(DUE_SQL).bind(template.name, now, cursor, RSVP_SUMMARY_PAGE).all<DueCouple>();
    run.queries += 1;
    if (!read.length) break;
    // Moved couples' figures from their stores, as many as this part's calls allow; the page stops before the first one left.
    const { page, reading } = withinStoreCalls(read, storeCalls - run.storeCalls);
    run.storeCalls += reading.length;
    const fromStores = new Map<string, RsvpFigures | null>();
    await Promise.all(
      reading.map(async (c) => {
        try {
          if (!stores) throw new Error("no WEDDING_STORE binding");
          fromStores.set(c.id, await stores.rsvpFigures(c.store_wedding!, c.id, c.since));
        } catch (e) {
          log.error("rsvp whatsapp summary: a moved wedding's store could not be read (no summary this run)", { weddingId: c.store_wedding }, e);
          run.storeFailed.push(c.store_wedding!);
          fromStores.set(c.id, null);
        }
      }),
    );
    const due = page.flatMap((c) => {
      if (c.store_wedding === null) return [c];
      const figures = fromStores.get(c.id);
      return figures && figures.answered ? [{ ...c, ...figures }] : [];
    });
    if (page.length) cursor = page[page.length - 1]!.id;
    run.couples += due.length;
    const rows = await Promise.all(
      due.map(async (c) => {
        const number = indianMobile(c.phone);
        if (!number) return null;
        const language: WhatsAppLanguage = c.locale === "hi" ? "hi" : "en";
        const yet = Math.max(0, c.invited - c.coming - c.declined);
        const parameters = [
          formatCount(c.coming),
          formatCount(c.declined),
          formatCount(yet),
          `${origin}${GUESTS_PATH}`,
          await whatsAppStopLink(linkCtx, c.id, origin),
        ];
        const payload: WhatsAppTemplateMessage = { name: template.name, language, parameters };
        return { id: newId(now), userId: c.id, number, text: renderWhatsApp("rsvp-summary", language, parameters), payload };
      }),
    );
    const queued = rows.filter((r) => r !== null);
    // A page that read stores saves how far it got (in the batch of its summaries, or alone): the next part does not read them again.
    const saved = reading.length && page.length ? jobCursorSaved(db, JOB, now, cursor) : [];
    if (queued.length || saved.length) {
      // Written only while the couple is still opted in (checked in each INSERT, as for every notice).
      await db.batch([
        ...queued.map((r) =>
          db
            .prepare(
              `INSERT INTO outbox (id, channel, user_id, to_address, subject, text, payload, status, attempts, next_attempt_at, created_at)
               SELECT ?1, 'whatsapp', ?2, ?3, ?4, ?5, ?6, 'QUEUED', 0, ?7, ?7 WHERE EXISTS (SELECT 1 FROM whatsapp_optins WHERE user_id = ?2 AND opted_in = 1)`,
            )
            .bind(r.id, r.userId, r.number, template.name, r.text, JSON.stringify(r.payload), now),
        ),
        ...saved,
      ]);
      run.queries += 1;
      run.queued += queued.length;
      if (queued.length) await handOff?.(queued.map((r) => r.id));
    }
    cursorKept ||= saved.length > 0;
    if (page.length < read.length) throw new StoreCallsSpent(storeCalls);
    if (read.length < RSVP_SUMMARY_PAGE) break;
  }
  if (cursorKept) {
    await jobCursorDone(db, JOB, now).run();
    run.queries += 1;
  }
  return run;
}
