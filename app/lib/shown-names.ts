import type { CategoryGroup } from "#shared/catalogue.ts";
import { getLocale } from "#shared/locale.ts";

/**
 * The Hindi names of states and cities (shared/places.ts PLACE_NAMES_HI) and of the catalogue's
 * groups and subcategories (shared/catalogue.ts `hi`), given before anything is rendered in Hindi:
 * by the server when it starts (app/entry.server.tsx) and by the browser before it hydrates a Hindi
 * page (app/entry.client.tsx). A page in English never downloads them (docs/decisions/0053): every
 * language change loads a whole document.
 */
let placeNamesHi: Readonly<Record<string, string>> = {};
let catalogueNamesHi: ReadonlyMap<string, string> = new Map();
export function knowHindiPlaceNames(names: Readonly<Record<string, string>>) {
  placeNamesHi = names;
}
export function knowHindiCatalogueNames(catalogue: readonly CategoryGroup[]) {
  const names = new Map<string, string>();
  // A group's name wins over a subcategory's of the same spelling, the first subcategory over a later one.
  for (const group of [...catalogue].reverse()) for (const s of [...group.subcategories].reverse()) names.set(s.name, s.hi);
  for (const group of catalogue) names.set(group.name, group.hi);
  catalogueNamesHi = names;
}

/**
 * A category, subcategory, state or city name in the page's language, for components that reach the
 * browser on every public page (service cards, the home page). It reads the same Hindi names as
 * shared/local-names.ts `localName` (the catalogue's `hi`, places' PLACE_NAMES_HI), without the
 * traditions' and checklist's names that module also carries (kilobytes the home page does not need).
 */
export function shownName(name: string): string {
  if (getLocale() !== "hi") return name;
  return catalogueNamesHi.get(name) ?? placeNamesHi[name] ?? name;
}
