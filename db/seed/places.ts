import { PLACES } from "#shared/places.ts";

/** States and cities of the demo data: the site's location map (shared/places.ts), 15 states and 50 cities. */
export { PLACES };

export const ALL_CITIES: readonly { state: string; city: string }[] = Object.entries(PLACES).flatMap(([state, cities]) =>
  cities.map((city) => ({ state, city })),
);
