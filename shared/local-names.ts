import { CATALOGUE } from "./catalogue.ts";
import { PLACE_NAMES_HI } from "./places.ts";

/**
 * Catalogue names in a language: categories, subcategories, their navigation labels, states and
 * cities (and, as they gain Hindi names, traditions and checklist items). The Hindi names live
 * beside the English ones in their own modules (shared/catalogue.ts `hi`, shared/places.ts
 * PLACE_NAMES_HI); this is the one way pages, mail and PDFs show them.
 */
export type NameLocale = "en" | "hi";

const HINDI = new Map<string, string>();
const add = (en: string, hi: string) => {
  if (!HINDI.has(en)) HINDI.set(en, hi);
};
for (const group of CATALOGUE) {
  add(group.name, group.hi);
  add(group.navLabel, group.navLabelHi);
  for (const sub of group.subcategories) add(sub.name, sub.hi);
}
for (const [en, hi] of Object.entries(PLACE_NAMES_HI)) add(en, hi);

/**
 * The name in `locale`: the Hindi name for "hi" when the English one is a catalogue name
 * ("Mehndi Artist" → "मेहंदी आर्टिस्ट", "Jaipur" → "जयपुर"); otherwise (English, or a name that is
 * not the catalogue's, such as a couple's own checklist item) the name as given.
 */
export function localName(name: string, locale: NameLocale): string {
  return locale === "hi" ? (HINDI.get(name) ?? name) : name;
}

/** Whether a name has a Hindi name (tests check every catalogue entry does). */
export function hasHindiName(name: string): boolean {
  return HINDI.has(name);
}
