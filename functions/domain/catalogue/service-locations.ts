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
const LOCATION_TTL_MS = 5 * 60 * 1000;

export async function serviceLocations(ctx: DomainContext, fresh = false): Promise<LocationMap> {
  const { now } = ctx;
  if (!fresh && locationCache && now - locationCache.at < LOCATION_TTL_MS) return locationCache.value;
  const { results } = await ctx.db
    .prepare("SELECT state, city FROM services WHERE status = 'active' GROUP BY state, city ORDER BY state, city")
    .all<{ state: string; city: string }>();
  const value: LocationMap = {};
  for (const r of results) (value[r.state] ??= []).push(r.city);
  locationCache = { at: now, value };
  return value;
}
