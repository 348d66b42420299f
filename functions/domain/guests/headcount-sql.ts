/**
 * The head-count per wedding function and per dietary preference (what the caterer needs) in one
 * query; `?1` is the couple's id. Attending and maybe count people (party sizes added up), declined
 * and not answered count guests. Plain text with no imports, so the bench (tests/bench/planning.mjs)
 * runs exactly this query to report its D1 rows read and time.
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
