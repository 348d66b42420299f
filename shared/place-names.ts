import { hasDevanagari, nameKey } from "./hindi.ts";
import { PLACE_NAMES_HI } from "./places.ts";
import { slugify } from "./slug.ts";

/** States and their cities as the search offers them: only places that have services (discovery's serviceLocations). */
export type LocationMap = Record<string, string[]>;
export type Place = { state: string; city?: string };

/**
 * What people type for a place that the location data spells another way: old names (Bangalore,
 * Bombay, Gurgaon), the capital's common names (Delhi NCR, NCR) and short forms. Each names the
 * stored state and, for a city, the stored city. A place the data has no services in is never
 * offered (the alias goes through the same LocationMap as a typed name).
 */
export const PLACE_ALIASES: Readonly<Record<string, Place>> = {
  Bangalore: { state: "Karnataka", city: "Bengaluru" },
  Mysore: { state: "Karnataka", city: "Mysuru" },
  Mangalore: { state: "Karnataka", city: "Mangaluru" },
  Bombay: { state: "Maharashtra", city: "Mumbai" },
  Poona: { state: "Maharashtra", city: "Pune" },
  Gurgaon: { state: "Haryana", city: "Gurugram" },
  "Delhi NCR": { state: "Delhi" },
  NCR: { state: "Delhi" },
  Calcutta: { state: "West Bengal", city: "Kolkata" },
  Madras: { state: "Tamil Nadu", city: "Chennai" },
  Cochin: { state: "Kerala", city: "Kochi" },
  Trivandrum: { state: "Kerala", city: "Thiruvananthapuram" },
  Alleppey: { state: "Kerala", city: "Alappuzha" },
  Baroda: { state: "Gujarat", city: "Vadodara" },
  Banaras: { state: "Uttar Pradesh", city: "Varanasi" },
  Benares: { state: "Uttar Pradesh", city: "Varanasi" },
  Kashi: { state: "Uttar Pradesh", city: "Varanasi" },
  Panjim: { state: "Goa", city: "Panaji" },
  Vizag: { state: "Andhra Pradesh", city: "Visakhapatnam" },
  Waltair: { state: "Andhra Pradesh", city: "Visakhapatnam" },
  Trichy: { state: "Tamil Nadu", city: "Tiruchirappalli" },
  Pondicherry: { state: "Puducherry", city: "Puducherry" },
  Pondy: { state: "Puducherry", city: "Puducherry" },
  Allahabad: { state: "Uttar Pradesh", city: "Prayagraj" },
  Simla: { state: "Himachal Pradesh", city: "Shimla" },
  Hubli: { state: "Karnataka", city: "Hubballi" },
  Belgaum: { state: "Karnataka", city: "Belagavi" },
  Calicut: { state: "Kerala", city: "Kozhikode" },
  Trichur: { state: "Kerala", city: "Thrissur" },
  Gauhati: { state: "Assam", city: "Guwahati" },
  Bhubaneshwar: { state: "Odisha", city: "Bhubaneswar" },
  Orissa: { state: "Odisha" },
  "Chhatrapati Sambhajinagar": { state: "Maharashtra", city: "Aurangabad" },
  "Sri Vijaya Puram": { state: "Andaman and Nicobar Islands", city: "Port Blair" },
};

/**
 * Other names in Devanagari for a stored place (the stored places' own Hindi names are
 * shared/places.ts PLACE_NAMES_HI): old names and the spellings people use beside the official
 * one. Compared after folding (shared/hindi.ts), so बंगलौर/बँगलौर or गुड़गांव/गुड़गाँव need one entry.
 */
export const PLACE_ALIASES_HI: Readonly<Record<string, Place>> = {
  बंगलौर: { state: "Karnataka", city: "Bengaluru" },
  बैंगलोर: { state: "Karnataka", city: "Bengaluru" },
  बेंगलोर: { state: "Karnataka", city: "Bengaluru" },
  बंगलुरु: { state: "Karnataka", city: "Bengaluru" },
  बैंगलुरु: { state: "Karnataka", city: "Bengaluru" },
  मैसूर: { state: "Karnataka", city: "Mysuru" },
  मंगलौर: { state: "Karnataka", city: "Mangaluru" },
  बम्बई: { state: "Maharashtra", city: "Mumbai" },
  पूना: { state: "Maharashtra", city: "Pune" },
  गुड़गांव: { state: "Haryana", city: "Gurugram" },
  कलकत्ता: { state: "West Bengal", city: "Kolkata" },
  मद्रास: { state: "Tamil Nadu", city: "Chennai" },
  कोचीन: { state: "Kerala", city: "Kochi" },
  त्रिवेंद्रम: { state: "Kerala", city: "Thiruvananthapuram" },
  बड़ौदा: { state: "Gujarat", city: "Vadodara" },
  बनारस: { state: "Uttar Pradesh", city: "Varanasi" },
  काशी: { state: "Uttar Pradesh", city: "Varanasi" },
  इलाहाबाद: { state: "Uttar Pradesh", city: "Prayagraj" },
  विज़ाग: { state: "Andhra Pradesh", city: "Visakhapatnam" },
  पांडिचेरी: { state: "Puducherry", city: "Puducherry" },
  उड़ीसा: { state: "Odisha" },
};

/** Stored names (state, or "State/City") by the folded Devanagari name: PLACE_NAMES_HI, then PLACE_ALIASES_HI. */
const HINDI_PLACES = new Map<string, string>();
for (const [en, hi] of Object.entries(PLACE_NAMES_HI)) if (!HINDI_PLACES.has(nameKey(hi))) HINDI_PLACES.set(nameKey(hi), en);
for (const [hi, place] of Object.entries(PLACE_ALIASES_HI))
  if (!HINDI_PLACES.has(nameKey(hi))) HINDI_PLACES.set(nameKey(hi), place.city ? `${place.state}/${place.city}` : place.state);

/** A place named in Devanagari ("जयपुर", "बंगलौर", "नई-दिल्ली") as its stored English name(s), or the text as given. */
export function placeInEnglish(text: string): string {
  if (!hasDevanagari(text)) return text;
  return text
    .split(/[/,]/)
    .map((part) => HINDI_PLACES.get(nameKey(part)) ?? part)
    .join(",");
}

/** A city as a list shows it, with the other names people know it by: "Visakhapatnam (Vizag, Waltair)". */
export function cityLabel(city: string): string {
  const others = Object.entries(PLACE_ALIASES)
    .filter(([, place]) => place.city === city)
    .map(([alias]) => alias);
  return others.length ? `${city} (${others.join(", ")})` : city;
}

const has = (locations: LocationMap, p: Place) => (p.city ? Boolean(locations[p.state]?.includes(p.city)) : p.state in locations);

/** Whether `typed` (a slug) starts the name or one of its words: "delhi" starts "New Delhi", "ban" starts "Bangalore". */
function starts(name: string, typed: string): boolean {
  const words = slugify(name).split("-");
  return words.some((_, i) => words.slice(i).join("-").startsWith(typed));
}

/** The same for a stored place's Hindi name and typed Devanagari (folded: "दिल्ली" starts "नई दिल्ली", "बें" starts "बेंगलुरु"). */
function startsInHindi(place: string, typed: string): boolean {
  const hi = PLACE_NAMES_HI[place];
  if (!hi) return false;
  const words = nameKey(hi).split("-");
  return words.some((_, i) => words.slice(i).join("-").startsWith(typed));
}

/** One suggestion of the location box: a whole state or a city, and the name the visitor typed when it was another ("Bangalore"). */
export type PlaceSuggestion = Place & { typedAs?: string };

/**
 * The location box's suggestions for typed text, grouped by state: cities whose name (or a word of
 * it) starts with the text, every city of a state whose name starts with it (with the whole state
 * first), and the places whose alias starts with it. Text in Devanagari is matched against the
 * Hindi names and Hindi aliases the same way. Empty text lists every city.
 */
export function suggestPlaces(locations: LocationMap, text: string): [string, PlaceSuggestion[]][] {
  const hindi = hasDevanagari(text);
  const typed = hindi ? nameKey(text) : slugify(text);
  const matches = (name: string) => (hindi ? startsInHindi(name, typed) : starts(name, typed));
  const groups = new Map<string, PlaceSuggestion[]>();
  const add = (s: PlaceSuggestion) => {
    if (!has(locations, s)) return;
    const list = groups.get(s.state) ?? [];
    if (!list.some((x) => x.city === s.city)) list.push(s);
    groups.set(s.state, list);
  };
  for (const [state, cities] of Object.entries(locations)) {
    if (!typed) {
      for (const city of cities) add({ state, city });
      continue;
    }
    if (matches(state)) {
      add({ state });
      for (const city of cities) add({ state, city });
    } else for (const city of cities) if (matches(city)) add({ state, city });
  }
  if (typed && !hindi)
    for (const [alias, place] of Object.entries(PLACE_ALIASES)) {
      if (!starts(alias, typed)) continue;
      add({ ...place, typedAs: alias });
    }
  if (typed && hindi)
    for (const [alias, place] of Object.entries(PLACE_ALIASES_HI)) {
      if (!nameKey(alias).startsWith(typed)) continue;
      add({ ...place, typedAs: alias });
    }
  // Keep the location data's order of states.
  return Object.keys(locations)
    .filter((s) => groups.has(s))
    .map((s) => [s, groups.get(s) ?? []]);
}

/**
 * A place typed or chosen: "Rajasthan/Jaipur" (the box's value), "Jaipur", "Jaipur, Rajasthan", a
 * state alone or an alias ("Bangalore", "Delhi NCR"), in any case, or in Devanagari ("जयपुर",
 * "जयपुर, राजस्थान", "बंगलौर"). The stored names, or null.
 */
export function parseLocation(locations: LocationMap, text: string | null | undefined): Place | null {
  const parts = placeInEnglish(text ?? "")
    .split(/[/,]/)
    .map((p) => slugify(p))
    .filter(Boolean);
  if (!parts.length) return null;
  const states = Object.keys(locations);
  const stateOf = (slug: string) => states.find((s) => slugify(s) === slug);
  const cityIn = (state: string, slug: string) => locations[state]?.find((c) => slugify(c) === slug);
  const aliasOf = (slug: string) => Object.entries(PLACE_ALIASES).find(([alias, place]) => slugify(alias) === slug && has(locations, place))?.[1];
  // "state/city" or "city, state"
  if (parts.length >= 2) {
    const [a = "", b = ""] = parts;
    for (const [stateSlug, citySlug] of [
      [a, b],
      [b, a],
    ] as const) {
      const state = stateOf(stateSlug);
      if (!state) continue;
      const city = cityIn(state, citySlug) ?? (aliasOf(citySlug)?.state === state ? aliasOf(citySlug)?.city : undefined);
      return city ? { state, city } : { state };
    }
  }
  const only = parts.join("-");
  const state = stateOf(only);
  if (state) return { state };
  for (const s of states) {
    const city = cityIn(s, parts[0] ?? "");
    if (city) return { state: s, city };
  }
  const alias = aliasOf(only) ?? aliasOf(parts[0] ?? "");
  return alias ? { ...alias } : null;
}

/** Edit distance between two short strings (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/**
 * The places nearest to text that names none (a misspelling such as "Jaipr" or "Udiapur"): at most
 * `limit`, closest first, each within a third of the text's length (at least 2 edits).
 */
export function closestPlaces(locations: LocationMap, text: string, limit = 3): Place[] {
  const typed = slugify(text).slice(0, 60);
  if (!typed) return [];
  const allowed = Math.max(2, Math.floor(typed.length / 3));
  const candidates: { place: Place; d: number }[] = [];
  for (const [state, cities] of Object.entries(locations)) {
    candidates.push({ place: { state }, d: distance(typed, slugify(state)) });
    for (const city of cities) candidates.push({ place: { state, city }, d: distance(typed, slugify(city)) });
  }
  for (const [alias, place] of Object.entries(PLACE_ALIASES)) if (has(locations, place)) candidates.push({ place, d: distance(typed, slugify(alias)) });
  const seen = new Set<string>();
  return candidates
    .filter((c) => c.d <= allowed)
    .sort((x, y) => x.d - y.d)
    .filter((c) => {
      const key = `${c.place.state}/${c.place.city ?? ""}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit)
    .map((c) => c.place);
}
