/**
 * The head-count per wedding function and per dietary preference (what the caterer needs); `?1` is
 * the couple's id. Attending and maybe count people (party sizes added up), declined and not
 * answered count guests. Plain text with no imports, so the bench (tests/bench/planning.mjs) runs
 * exactly these queries to report their D1 rows read and time.
 *
 * COUNTED_HEADCOUNT_SQL (what the guest page and the API read) reads the counters kept on write
 * (migration 0154, docs/decisions/0060): one row per function. HEADCOUNT_SQL recounts every
 * invitation x guest x answer: what the counters must always equal
 * (tests/integration/head-count-counters.test.ts). A wedding's store (decision 0055,
 * functions/stores/wedding-store/schema.ts) makes the same counter tables and triggers with its
 * tables, so COUNTED_HEADCOUNT_SQL runs there unchanged (tests/integration/wedding-store.test.ts
 * compares both queries in a store).
 */
const people = (cond: string) => `COALESCE(SUM(CASE WHEN r.response = 'ATTENDING' AND ${cond} THEN r.party_size ELSE 0 END), 0)`;

export const HEADCOUNT_SQL = `SELECT e.id, e.name, e.event_date, e.start_time,
     COUNT(DISTINCT hi.household_id) AS households,
     COUNT(g.id) AS guests,
     ${people("1")} AS attending,
     COALESCE(SUM(CASE WHEN r.response = 'MAYBE' THEN r.party_size ELSE 0 END), 0) AS maybe,
     COALESCE(SUM(r.response = 'DECLINED'), 0) AS declined,
     COALESCE(SUM(g.id IS NOT NULL AND r.response IS NULL), 0) AS not_answered,
     ${people("g.dietary = 'VEG'")} AS veg,
     ${people("g.dietary = 'JAIN'")} AS jain,
     ${people("g.dietary = 'NON_VEG'")} AS non_veg,
     ${people("g.dietary = 'VEGAN'")} AS vegan,
     ${people("g.dietary IS NULL")} AS unknown
   FROM events e
   LEFT JOIN household_invitations hi ON hi.event_id = e.id
   LEFT JOIN guests g ON g.household_id = hi.household_id
   LEFT JOIN guest_rsvps r ON r.guest_id = g.id AND r.event_id = e.id
   WHERE e.user_id = ?1 AND e.parent_id IS NULL
   GROUP BY e.id
   ORDER BY e.event_date, e.start_time IS NULL, e.start_time, e.created_at`;

const COUNTERS = ["households", "guests", "attending", "maybe", "declined", "not_answered", "veg", "jain", "non_veg", "vegan", "unknown"];

export const COUNTED_HEADCOUNT_SQL = `SELECT e.id, e.name, e.event_date, e.start_time,
     ${COUNTERS.map((c) => `COALESCE(c.${c}, 0) AS ${c}`).join(", ")}
   FROM events e LEFT JOIN function_counts c ON c.event_id = e.id
   WHERE e.user_id = ?1 AND e.parent_id IS NULL
   ORDER BY e.event_date, e.start_time IS NULL, e.start_time, e.created_at`;
