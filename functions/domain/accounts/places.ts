import { findCity, findState } from "#shared/places.ts";
import { Invalid } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

/** Sign-up and the business profile check a vendor's place against the location data (shared/places.ts), so a city always belongs to its state. */
export const PLACE_MESSAGES = {
  get state() {
    return m.api_place_state();
  },
  get city() {
    return m.api_place_city();
  },
};

/** The stored spelling of a state and one of its cities (any case), or Invalid naming the field. */
export function checkPlace(state: string, city: string): { state: string; city: string } {
  const stateName = findState(state.trim());
  if (!stateName) throw new Invalid(PLACE_MESSAGES.state, { state: PLACE_MESSAGES.state });
  const cityName = findCity(stateName, city.trim());
  if (!cityName) throw new Invalid(PLACE_MESSAGES.city, { city: PLACE_MESSAGES.city });
  return { state: stateName, city: cityName };
}
