import { samePlace } from "#shared/places.ts";
import type { DomainContext } from "../core/index.ts";

/**
 * The states and cities that have active services (the location box), cached for a few minutes,
 * and the stored names for a name or slug in any case.
 */

/** The stored state and city names for names or slugs in any case ("rajasthan", "Navi-Mumbai") or Hindi names ("राजस्थान", "जयपुर"). */
export function resolvePlace(locations: LocationMap, state?: string, city?: string): { state?: string; city?: string } {
  const stateName = state ? Object.keys(locations).find((s) => samePlace(s, state)) : undefined;
  const cities = stateName ? (locations[stateName] ?? []) : Object.values(locations).flat();
  const cityName = city ? cities.find((c) => samePlace(c, city)) : undefined;
  return { state: stateName, city: cityName };
}

/** Map of state (region) to its cities that have active services, for the location box. */
export type LocationMap = Record<string, string[]>;

let locationCache: { at: number; value: LocationMap } | null = null;

/** The next city of the same state after `place`'s, in services_loc_featured_rating_idx (status, state, city, …). */
const NEXT_CITY = "(SELECT s.city FROM services s WHERE s.status = 'active' AND s.state = place.state AND s.city > place.city ORDER BY s.city LIMIT 1)";
/** The first place of the next state after `place`'s (its state or its city). */
const nextStates = (column: "state" | "city") =>
  `(SELECT s.${column} FROM services s WHERE s.status = 'active' AND s.state > place.state ORDER BY s.state, s.city LIMIT 1)`;

/**
 * Every (state, city) with an active service, in order: one seek into the location index per place,
 * from each place to the next, instead of reading every active service's entry (a GROUP BY read
 * about a million rows at a million services, every 5 minutes per isolate; decision 0067). The
 * columns' NOCASE collation holds for the comparisons as it did for the grouping.
 */
export const PLACES_WITH_SERVICES_SQL = `WITH RECURSIVE place(state, city) AS (
    SELECT * FROM (SELECT state, city FROM services WHERE status = 'active' ORDER BY state, city LIMIT 1)
    UNION ALL
    SELECT CASE WHEN ${NEXT_CITY} IS NULL THEN ${nextStates("state")} ELSE place.state END, coalesce(${NEXT_CITY}, ${nextStates("city")})
    FROM place WHERE place.state IS NOT NULL
  )
  SELECT state, city FROM place WHERE state IS NOT NULL`;
const LOCATION_TTL_MS = 5 * 60 * 1000;

export async function serviceLocations(ctx: DomainContext, fresh = false): Promise<LocationMap> {
  const { now } = ctx;
  if (!fresh && locationCache && now - locationCache.at < LOCATION_TTL_MS) return locationCache.value;
  const { results } = await ctx.db.prepare(PLACES_WITH_SERVICES_SQL).all<{ state: string; city: string }>();
  const value: LocationMap = {};
  for (const r of results) (value[r.state] ??= []).push(r.city);
  locationCache = { at: now, value };
  return value;
}
