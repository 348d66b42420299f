import { findCity, findState } from "#shared/places.ts";
import { Invalid } from "../core/index.ts";

/** Sign-up and the business profile check a vendor's place against the location data (shared/places.ts), so a city always belongs to its state. */
export const PLACE_MESSAGES = {
  state: "Choose your state from the list.",
  city: "Choose a city of the chosen state from the list.",
} as const;

/** The stored spelling of a state and one of its cities (any case), or Invalid naming the field. */
export function checkPlace(state: string, city: string): { state: string; city: string } {
  const stateName = findState(state.trim());
  if (!stateName) throw new Invalid(PLACE_MESSAGES.state, { state: PLACE_MESSAGES.state });
  const cityName = findCity(stateName, city.trim());
  if (!cityName) throw new Invalid(PLACE_MESSAGES.city, { city: PLACE_MESSAGES.city });
  return { state: stateName, city: cityName };
}
