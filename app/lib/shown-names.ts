import { ALL_SUBCATEGORIES, CATALOGUE } from "#shared/catalogue.ts";
import { getLocale } from "#shared/locale.ts";

/**
 * The states' and cities' Hindi names (shared/places.ts PLACE_NAMES_HI), given before anything is
 * rendered in Hindi: by the server when it starts (app/entry.server.tsx) and by the browser before it
 * hydrates a Hindi page (app/entry.client.tsx). A page in English never downloads them
 * (docs/decisions/0053): every language change loads a whole document.
 */
let placeNamesHi: Readonly<Record<string, string>> = {};
export function knowHindiPlaceNames(names: Readonly<Record<string, string>>) {
  placeNamesHi = names;
}

/**
 * A category, subcategory, state or city name in the page's language, for components that reach the
 * browser on every public page (service cards, the home page). It reads the same Hindi names as
 * shared/local-names.ts `localName` (the catalogue's `hi`, places' PLACE_NAMES_HI), without the
 * traditions' and checklist's names that module also carries (kilobytes the home page does not need).
 */
export function shownName(name: string): string {
  if (getLocale() !== "hi") return name;
  const group = CATALOGUE.find((g) => g.name === name);
  if (group) return group.hi;
  return ALL_SUBCATEGORIES.find((s) => s.name === name)?.hi ?? placeNamesHi[name] ?? name;
}
