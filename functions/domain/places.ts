import { findCity, findState, PLACES } from "#shared/places.ts";
import { Invalid } from "./errors.ts";

/**
 * The location data (spec: a map from state to its cities) vendors choose their place from: the
 * states and cities Mandap serves. Sign-up, the business profile and its API check a place here,
 * so a city always belongs to its state and is spelt as everywhere else.
 */
export const LOCATIONS: Readonly<Record<string, readonly string[]>> = PLACES;

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
