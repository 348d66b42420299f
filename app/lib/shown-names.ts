import { ALL_SUBCATEGORIES, CATALOGUE } from "#shared/catalogue.ts";
import { getLocale } from "#shared/locale.ts";
import { PLACE_NAMES_HI } from "#shared/places.ts";

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
  return ALL_SUBCATEGORIES.find((s) => s.name === name)?.hi ?? PLACE_NAMES_HI[name] ?? name;
}
