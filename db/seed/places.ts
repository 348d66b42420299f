import { PLACES } from "#shared/places.ts";

/** States and cities of the demo data: the site's location map (shared/places.ts), 14 states and 48 cities. */
export { PLACES };

export const ALL_CITIES: readonly { state: string; city: string }[] = Object.entries(PLACES).flatMap(([state, cities]) =>
  cities.map((city) => ({ state, city })),
);
