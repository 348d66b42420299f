import { formatCount } from "#shared/format.ts";
import { indianMobile, type WhatsAppTemplateMessage } from "#platform/whatsapp.ts";
import { newId, type DomainContext } from "../core/index.ts";
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
 * within the per-invocation budget (query-budget.ts) however many couples it reaches.
 */
export const RSVP_SUMMARY_PAGE = 100;
const DAY_MS = 86_400_000;
const GUESTS_PATH = "/profile/guests";

type DueCouple = { id: string; phone: string | null; locale: string | null; coming: number; declined: number; invited: number };

const DUE_SQL = `
WITH due AS (
  SELECT o.user_id AS id FROM whatsapp_optins o
  WHERE o.opted_in = 1 AND o.user_id > ?3
    AND EXISTS (
      SELECT 1 FROM guests g JOIN guest_rsvps r ON r.guest_id = g.id
      WHERE g.user_id = o.user_id
        AND r.answered_at > coalesce(
          (SELECT max(x.created_at) FROM outbox x WHERE x.channel = 'whatsapp' AND x.user_id = o.user_id AND x.subject = ?1),
          ?2 - ${DAY_MS})
    )
  ORDER BY o.user_id LIMIT ?4
),
invited AS (
  SELECT g.id, g.user_id FROM guests g JOIN due ON due.id = g.user_id
  WHERE EXISTS (SELECT 1 FROM household_invitations hi WHERE hi.household_id = g.household_id)
)
SELECT u.id, coalesce(u.verified_phone, nullif(trim(u.phone), '')) AS phone, u.locale,
  (SELECT count(*) FROM invited i WHERE i.user_id = u.id
     AND EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = i.id AND r.response = 'ATTENDING')) AS coming,
  (SELECT count(*) FROM invited i JOIN guests g ON g.id = i.id WHERE i.user_id = u.id
     AND NOT EXISTS (
       SELECT 1 FROM household_invitations hi WHERE hi.household_id = g.household_id
         AND NOT EXISTS (SELECT 1 FROM guest_rsvps r WHERE r.guest_id = g.id AND r.event_id = hi.event_id AND r.response = 'DECLINED')
     )) AS declined,
  (SELECT count(*) FROM invited i WHERE i.user_id = u.id) AS invited
FROM due JOIN users u ON u.id = due.id ORDER BY u.id`;

export type RsvpSummaryRun = { couples: number; queued: number; queries: number };

/** Queues today's RSVP summaries and hands their ids to delivery (the mail queue), page by page. */
export async function sendRsvpSummaries(
  db: D1Database,
  { origin, now, linkSecret, handOff }: { origin: string; now: number; linkSecret: string | null; handOff?: (ids: readonly string[]) => Promise<void> },
): Promise<RsvpSummaryRun> {
  const run: RsvpSummaryRun = { couples: 0, queued: 0, queries: 0 };
  const template = WHATSAPP_TEMPLATES["rsvp-summary"];
  // The stop link is signed as for any notice (the mail links' key); no request here, so the site's origin.
  const linkCtx = { config: { mailLinkSecret: linkSecret }, now, request: { origin } } as unknown as Pick<DomainContext, "config" | "now" | "request">;
  let cursor = "";
  for (;;) {
    const { results: page } = await db.prepare(DUE_SQL).bind(template.name, now, cursor, RSVP_SUMMARY_PAGE).all<DueCouple>();
    run.queries += 1;
    if (!page.length) break;
    cursor = page[page.length - 1]!.id;
    run.couples += page.length;
    const rows = await Promise.all(
      page.map(async (c) => {
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
    if (queued.length) {
      // Written only while the couple is still opted in (checked in each INSERT, as for every notice).
      await db.batch(
        queued.map((r) =>
          db
            .prepare(
              `INSERT INTO outbox (id, channel, user_id, to_address, subject, text, payload, status, attempts, next_attempt_at, created_at)
               SELECT ?1, 'whatsapp', ?2, ?3, ?4, ?5, ?6, 'QUEUED', 0, ?7, ?7 WHERE EXISTS (SELECT 1 FROM whatsapp_optins WHERE user_id = ?2 AND opted_in = 1)`,
            )
            .bind(r.id, r.userId, r.number, template.name, r.text, JSON.stringify(r.payload), now),
        ),
      );
      run.queries += 1;
      run.queued += queued.length;
      await handOff?.(queued.map((r) => r.id));
    }
    if (page.length < RSVP_SUMMARY_PAGE) break;
  }
  return run;
}
