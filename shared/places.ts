import { slugify } from "./slug.ts";

/**
 * The places a service or a vendor can be in: a map of state (region) to its cities, the spec's
 * "location data". Forms offer these and the domain accepts only these (a city must belong to the
 * chosen state). The demo data is generated over the same map (db/seed/places.ts).
 */
export const PLACES: Record<string, readonly string[]> = {
  Rajasthan: ["Jaipur", "Udaipur", "Jodhpur", "Jaisalmer", "Pushkar"],
  Maharashtra: ["Mumbai", "Pune", "Nagpur", "Nashik"],
  Delhi: ["New Delhi", "Dwarka", "Rohini"],
  Haryana: ["Gurugram", "Faridabad"],
  "Uttar Pradesh": ["Lucknow", "Agra", "Varanasi", "Noida", "Kanpur"],
  Karnataka: ["Bengaluru", "Mysuru", "Mangaluru"],
  "Tamil Nadu": ["Chennai", "Coimbatore", "Madurai"],
  Telangana: ["Hyderabad", "Warangal"],
  "West Bengal": ["Kolkata", "Siliguri", "Darjeeling"],
  Gujarat: ["Ahmedabad", "Surat", "Vadodara", "Rajkot"],
  Punjab: ["Amritsar", "Ludhiana", "Chandigarh"],
  Goa: ["Panaji", "Margao", "Calangute"],
  Kerala: ["Kochi", "Thiruvananthapuram", "Alappuzha"],
  "Madhya Pradesh": ["Indore", "Bhopal", "Gwalior"],
  Uttarakhand: ["Dehradun", "Rishikesh", "Mussoorie", "Nainital"],
};

export const STATE_NAMES: readonly string[] = Object.keys(PLACES);

/** The stored state name for a name or slug in any case, or undefined. */
export function findState(text: string): string | undefined {
  const slug = slugify(text);
  return STATE_NAMES.find((s) => slugify(s) === slug);
}

/** The stored city name of that state for a name or slug in any case, or undefined (also for a city of another state). */
export function findCity(state: string, text: string): string | undefined {
  const slug = slugify(text);
  return PLACES[state]?.find((c) => slugify(c) === slug);
}
