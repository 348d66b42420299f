import { ALL_SUBCATEGORIES, findSubcategory, type CategoryGroup, type Subcategory } from "./catalogue.ts";
import { foldDevanagari, hasDevanagari, nameKey } from "./hindi.ts";
import { PLACE_ALIASES, PLACE_ALIASES_HI } from "./place-names.ts";
import { PLACE_NAMES_HI } from "./places.ts";
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
  ["hall", "halls"],
  ["hotel", "hotels"],
  ["garden", "gardens"],
  ["artist", "artists"],
  ["planner", "planners"],
  ["salon", "parlour", "parlor"],
  ["delhi", "dilli"],
];

/**
 * Hindi words in Devanagari for the groups above (keyed by the group's first word): a typed
 * Hindi word searches for itself and for its group's Latin words, which is how the listings are
 * written. Compared after folding (shared/hindi.ts), so मेहंदी, मेहँदी and मेंहदी, or फोटोग्राफर and
 * फ़ोटोग्राफ़र, need one entry. One way only: a Latin word does not add these (its query stays as it was).
 */
const HINDI_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  lehenga: ["लहंगा", "लेहंगा", "घाघरा"],
  mehndi: ["मेहंदी", "मेहंदीवाली", "हिना"],
  photograph: ["फोटोग्राफर", "फोटोग्राफर्स", "फोटोग्राफी", "फोटो", "फोटोशूट"],
  videograph: ["वीडियोग्राफर", "वीडियोग्राफी", "वीडियो", "सिनेमैटोग्राफर"],
  sherwani: ["शेरवानी", "अचकन"],
  pandit: ["पंडित", "पंडितजी", "पुरोहित", "पुजारी"],
  banquet: ["बैंक्वेट", "बैंकेट"],
  caterer: ["हलवाई", "कैटरर", "कैटरर्स", "कैटरिंग", "खाना"],
  decor: ["सजावट", "डेकोर", "डेकोरेशन", "डेकोरेटर"],
  jewellery: ["गहने", "ज़ेवर", "ज्वेलरी"],
  makeup: ["मेकअप", "श्रृंगार", "शृंगार"],
  wedding: ["शादी", "विवाह", "ब्याह", "वेडिंग"],
  bridal: ["दुल्हन", "ब्राइडल"],
  groom: ["दूल्हा", "दूल्हे"],
  florist: ["फूल", "फूलवाला", "फूलवाले", "फ्लोरिस्ट"],
  astrologer: ["ज्योतिषी", "ज्योतिष", "कुंडली"],
  invitation: ["निमंत्रण", "कार्ड", "पत्रिका", "न्योता"],
  tent: ["टेंट", "शामियाना", "पंडाल"],
  music: ["बैंड", "बाजा", "ढोल", "शहनाई", "संगीत"],
  dj: ["डीजे"],
  venue: ["वेन्यू", "लॉन", "फार्महाउस"],
  resort: ["रिसॉर्ट"],
  cake: ["केक"],
  transport: ["ट्रांसपोर्ट", "गाड़ी", "गाड़ियाँ", "घोड़ी", "बग्गी"],
  hall: ["हॉल"],
  hotel: ["होटल"],
  garden: ["गार्डन"],
  artist: ["आर्टिस्ट"],
  planner: ["प्लानर"],
  salon: ["सैलून", "पार्लर"],
};

/** Words that join others ("halwai in jaipur", "जयपुर में मेहंदी"): left out of a search that has other words. */
const CONNECTING_WORDS = new Set(["in", "at", "near", "for", "of", "and", "the", "me", "mein", "ke", "ka", "ki", "में", "के", "का", "की", "और", "पास", "लिए"]);

/**
 * The words a free-text search looks for: NFC, lower case, split on anything but letters, digits
 * and combining marks (a Devanagari vowel sign stays in its word), connecting words left out when
 * other words remain (unless `keepConnecting`: a vendor's name is matched as typed), at most `max`.
 */
export function searchTerms(text: string, { max = 8, keepConnecting = false } = {}): string[] {
  const words = text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w.length > 0);
  const meaningful = keepConnecting ? words : words.filter((w) => !CONNECTING_WORDS.has(w) && !CONNECTING_WORDS.has(foldDevanagari(w)));
  return (meaningful.length ? meaningful : words).slice(0, max);
}

/** Old and common place names as search words ("bangalore" finds Bengaluru): one-word aliases of shared/place-names. */
const PLACE_WORDS: readonly (readonly string[])[] = Object.entries(PLACE_ALIASES)
  .filter(([alias, place]) => !alias.includes(" ") && place.city && !place.city.includes(" "))
  .map(([alias, place]) => [alias.toLowerCase(), (place.city ?? "").toLowerCase()]);

const GROUP_OF = new Map<string, readonly string[]>();
for (const group of [...SPELLING_GROUPS, ...PLACE_WORDS]) for (const word of group) if (!GROUP_OF.has(word)) GROUP_OF.set(word, group);

/** Latin words by folded Devanagari word: the catalogue's Hindi words, then the places' Hindi names word by word. */
const HINDI_OF = new Map<string, readonly string[]>();
const addHindi = (hindi: string, latin: readonly string[]) => {
  const key = foldDevanagari(hindi);
  if (key && !CONNECTING_WORDS.has(key) && !HINDI_OF.has(key)) HINDI_OF.set(key, latin);
};
for (const [head, words] of Object.entries(HINDI_SPELLINGS)) for (const w of words) addHindi(w, GROUP_OF.get(head) ?? [head]);
/**
 * A place's Hindi name and its stored name, word by word when both have as many words ("नई दिल्ली",
 * "New Delhi"); a one-word Hindi name of a longer English one stands for the whole ("तमिलनाडु",
 * "tamil nadu", matched as a phrase).
 */
const placeNames: [string, string][] = [
  ...Object.entries(PLACE_NAMES_HI).map(([en, hi]): [string, string] => [hi, en]),
  ...Object.entries(PLACE_ALIASES_HI).map(([hi, place]): [string, string] => [hi, place.city ?? place.state]),
];
for (const [hi, en] of placeNames) {
  const his = nameKey(hi).split("-");
  const ens = slugify(en).split("-");
  if (his.length === ens.length) his.forEach((h, i) => addHindi(h, GROUP_OF.get(ens[i] ?? "") ?? [ens[i] ?? ""]));
  else if (his.length === 1) addHindi(his[0] ?? "", [ens.join(" ")]);
}

/**
 * The words a typed word also stands for (itself first), each to be matched as a prefix. A word in
 * Devanagari also stands for the Latin words of its meaning or place ("मेहंदी": mehndi, mehendi…;
 * "जयपुर": jaipur; "बंगलौर": bengaluru, bangalore).
 */
export function spellingsOf(word: string): readonly string[] {
  const w = word.normalize("NFC").toLowerCase();
  const group = hasDevanagari(w) ? HINDI_OF.get(foldDevanagari(w)) : GROUP_OF.get(w);
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

/** The same in Devanagari, besides each subcategory's Hindi name and its parts ("हलवाई / कैटरर्स": हलवाई, कैटरर्स). */
const SUBCATEGORY_WORDS_HI: Readonly<Record<string, readonly string[]>> = {
  "Banquet Halls": ["बैंक्वेट", "बैंकेट हॉल"],
  "Wedding Lawns Farmhouse": ["लॉन", "फार्महाउस", "फार्म हाउस"],
  "Marriage Garden": ["गार्डन", "शादी गार्डन"],
  "Wedding Halls": ["शादी हॉल", "विवाह भवन"],
  "Wedding Resorts": ["रिसॉर्ट"],
  Caterers: ["हलवाई", "कैटरर", "कैटरिंग"],
  "Wedding Invitation": ["कार्ड", "शादी कार्ड", "निमंत्रण", "कुमकुम पत्रिका"],
  "Wedding Decor": ["सजावट", "डेकोरेटर", "डेकोर"],
  "Wedding Photographers": ["फोटोग्राफर", "फोटोग्राफी", "फोटो"],
  "Wedding Videographers": ["वीडियोग्राफर", "वीडियोग्राफी", "वीडियो"],
  "Wedding Music": ["बैंड", "बैंड बाजा", "ढोल", "ढोलवाला", "शहनाई"],
  "Wedding Transportation": ["घोड़ी", "बग्गी", "गाड़ी", "शादी की गाड़ी"],
  "Tent House": ["टेंट", "टेंटवाला", "शामियाना", "पंडाल"],
  Florists: ["फूलवाला", "फूल"],
  "Wedding Planner": ["प्लानर"],
  "Wedding Cakes": ["केक"],
  "Wedding DJ": ["डीजे"],
  Pandit: ["पंडित जी", "पंडितजी", "पुरोहित", "पुजारी"],
  Astrologers: ["ज्योतिषी", "ज्योतिष", "कुंडली"],
  "Bridal Lahenga": ["लहंगा", "लेहंगा", "दुल्हन का लहंगा"],
  "Bridal Jewellery": ["गहने", "ज्वेलरी"],
  "Bridal Makeup Artist": ["मेकअप", "मेकअप आर्टिस्ट", "ब्राइडल मेकअप"],
  "Mehndi Artist": ["मेहंदी", "मेहंदीवाली", "मेहंदी वाली"],
  Sherwani: ["शेरवानी", "अचकन"],
};

const SUBCATEGORY_BY_HINDI = new Map<string, Subcategory & { group: CategoryGroup }>();
const addSubHindi = (text: string, s: Subcategory & { group: CategoryGroup }) => {
  const key = nameKey(text);
  if (key && !SUBCATEGORY_BY_HINDI.has(key)) SUBCATEGORY_BY_HINDI.set(key, s);
};
for (const s of ALL_SUBCATEGORIES) addSubHindi(s.hi, s);
for (const s of ALL_SUBCATEGORIES) for (const part of s.hi.split("/")) addSubHindi(part, s);
for (const [name, words] of Object.entries(SUBCATEGORY_WORDS_HI)) {
  const s = ALL_SUBCATEGORIES.find((x) => x.name === name);
  if (s) for (const w of words) addSubHindi(w, s);
}

/**
 * The subcategory typed text names (any case, singular or plural, a common spelling; or in Hindi,
 * "मेहंदी", "हलवाई", "टेंट", in any common spelling), in a group when one is given.
 */
export function subcategoryFromWords(text: string, group?: CategoryGroup): (Subcategory & { group: CategoryGroup }) | undefined {
  const found = hasDevanagari(text) ? SUBCATEGORY_BY_HINDI.get(nameKey(text)) : SUBCATEGORY_BY_SLUG.get(slugify(text));
  return found && (!group || found.group === group) ? found : undefined;
}

/**
 * A subcategory named in a filter or a URL segment: its name or slug in any case (findSubcategory),
 * its Hindi name, or, in Devanagari, a Hindi word for it ("मेहंदी", "हलवाई"); undefined otherwise.
 * English common words stay out of filters and paths (they are the search box's, subcategoryFromWords).
 */
export function subcategoryNamed(text: string, group?: CategoryGroup): (Subcategory & { group: CategoryGroup }) | undefined {
  return findSubcategory(text, group) ?? (hasDevanagari(text) ? subcategoryFromWords(text, group) : undefined);
}
