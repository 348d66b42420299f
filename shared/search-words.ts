import { ALL_SUBCATEGORIES, type CategoryGroup, type Subcategory } from "./catalogue.ts";
import { PLACE_ALIASES } from "./place-names.ts";
import { slugify } from "./slug.ts";

/**
 * The field's spellings: words couples type for the same thing. Each group is matched as a whole
 * (any word of it finds services that use another), and every word is matched as a prefix, so a
 * stem ("photograph") covers photographer, photographers and photography. Hindi words written in
 * Latin script sit with the English word the listings use. Lower case, one word each (the search
 * splits text into words).
 */
export const SPELLING_GROUPS: readonly (readonly string[])[] = [
  ["lehenga", "lahenga", "lehnga", "lengha", "lehanga", "lahanga", "ghagra"],
  ["mehndi", "mehendi", "mehandi", "menhdi", "henna"],
  ["photograph", "photographer", "photographers", "photography", "photos", "photoshoot"],
  ["videograph", "videographer", "videography", "cinematographer", "cinematography", "video"],
  ["sherwani", "sherwaani", "sherwanee", "achkan"],
  ["pandit", "pundit", "panditji", "purohit", "priest", "pujari"],
  ["banquet", "banquets", "banquette"],
  ["caterer", "caterers", "catering", "halwai", "khana"],
  ["decor", "decoration", "decorator", "decorators", "sajawat", "sajavat"],
  ["jewellery", "jewelry", "jewelery", "gehne", "gahne", "zewar"],
  ["makeup", "mua", "shringar"],
  ["wedding", "shaadi", "shadi", "vivah", "vivaah", "byah"],
  ["bridal", "bride", "dulhan"],
  ["groom", "dulha", "dulhe"],
  ["florist", "florists", "flowers", "phool", "phoolwala"],
  ["astrologer", "astrologers", "jyotish", "jyotishi", "kundli"],
  ["invitation", "invitations", "invite", "card", "cards", "patrika", "kankotri"],
  ["tent", "shamiana", "pandal"],
  ["music", "band", "baja", "dhol", "dholwala", "shehnai"],
  ["dj", "deejay"],
  ["venue", "venues", "lawn", "lawns", "farmhouse"],
  ["resort", "resorts"],
  ["cake", "cakes"],
  ["transport", "transportation", "car", "cars", "ghodi", "baggi", "vintage"],
];

/** Old and common place names as search words ("bangalore" finds Bengaluru): one-word aliases of shared/place-names. */
const PLACE_WORDS: readonly (readonly string[])[] = Object.entries(PLACE_ALIASES)
  .filter(([alias, place]) => !alias.includes(" ") && place.city && !place.city.includes(" "))
  .map(([alias, place]) => [alias.toLowerCase(), (place.city ?? "").toLowerCase()]);

const GROUP_OF = new Map<string, readonly string[]>();
for (const group of [...SPELLING_GROUPS, ...PLACE_WORDS]) for (const word of group) if (!GROUP_OF.has(word)) GROUP_OF.set(word, group);

/** The words a typed word also stands for (itself first), each to be matched as a prefix. */
export function spellingsOf(word: string): readonly string[] {
  const w = word.toLowerCase();
  const group = GROUP_OF.get(w);
  if (!group) return [w];
  // A word that another of its group already covers as a prefix adds nothing ("photographer" under "photograph").
  const all = [w, ...group.filter((g) => g !== w)];
  return all.filter((g, i) => !all.some((other, j) => j !== i && other.length < g.length && g.startsWith(other)));
}

/**
 * What a couple types in the "vendor" box, matched to a subcategory: its name, singular or plural,
 * or a common word for it ("photographer", "mehendi", "pundit", "banquet hall", "halwai").
 */
const SUBCATEGORY_WORDS: Readonly<Record<string, readonly string[]>> = {
  "Banquet Halls": ["banquet", "banquet hall", "banquets"],
  "Wedding Lawns Farmhouse": ["lawn", "lawns", "farmhouse", "farm house", "wedding lawn"],
  "Marriage Garden": ["garden", "marriage garden", "shaadi garden"],
  "Wedding Resorts": ["resort", "resorts"],
  Caterers: ["caterer", "catering", "halwai", "food"],
  "Wedding Invitation": ["invitation", "invitations", "wedding card", "wedding cards", "cards", "patrika", "kankotri"],
  "Wedding Decor": ["decor", "decorator", "decorators", "sajawat"],
  "Wedding Photographers": ["photographer", "photographers", "photography", "photo", "photos", "wedding photography", "photoshoot"],
  "Wedding Videographers": ["videographer", "videography", "video", "cinematographer", "cinematography"],
  "Wedding Music": ["music", "band", "band baja", "dhol", "dholwala", "shehnai"],
  "Wedding Transportation": ["transport", "car", "cars", "wedding car", "ghodi", "baggi"],
  "Tent House": ["tent", "shamiana", "pandal"],
  Florists: ["florist", "flowers", "phool", "phoolwala"],
  "Wedding Planner": ["planner", "planners", "wedding planners"],
  "Wedding Cakes": ["cake", "cakes"],
  "Wedding DJ": ["dj", "deejay", "djs"],
  Pandit: ["pundit", "panditji", "pandit ji", "purohit", "priest", "pujari"],
  Astrologers: ["astrologer", "jyotish", "jyotishi", "kundli"],
  "Bridal Lahenga": ["lehenga", "lahenga", "lehnga", "lengha", "bridal lehenga", "lehengas", "ghagra"],
  "Bridal Jewellery": ["jewellery", "jewelry", "bridal jewelry", "gehne"],
  "Bridal Makeup Artist": ["makeup", "makeup artist", "bridal makeup", "mua"],
  "Mehndi Artist": ["mehndi", "mehendi", "mehandi", "henna", "mehendi artist", "mehandi artist"],
  Sherwani: ["sherwaani", "sherwanis", "achkan"],
};

const SUBCATEGORY_BY_SLUG = new Map<string, Subcategory & { group: CategoryGroup }>();
for (const s of ALL_SUBCATEGORIES) {
  SUBCATEGORY_BY_SLUG.set(s.slug, s);
  if (s.slug.endsWith("s")) SUBCATEGORY_BY_SLUG.set(s.slug.slice(0, -1), s); // "caterer", "florist"
}
for (const [name, words] of Object.entries(SUBCATEGORY_WORDS)) {
  const s = ALL_SUBCATEGORIES.find((x) => x.name === name);
  if (s) for (const w of words) if (!SUBCATEGORY_BY_SLUG.has(slugify(w))) SUBCATEGORY_BY_SLUG.set(slugify(w), s);
}

/** The subcategory typed text names (any case, singular or plural, a common spelling), in a group when one is given. */
export function subcategoryFromWords(text: string, group?: CategoryGroup): (Subcategory & { group: CategoryGroup }) | undefined {
  const found = SUBCATEGORY_BY_SLUG.get(slugify(text));
  return found && (!group || found.group === group) ? found : undefined;
}
