import { z } from "zod";
import { m } from "./paraglide/messages.js";
import { browsePath } from "./catalogue.ts";
import { isoDate } from "./lead-rules.ts";
import { numeric } from "./numbers.ts";
import { rowVersion } from "./row-version.ts";
import { say } from "./say.ts";
import { parseLocation, type LocationMap } from "./place-names.ts";
import { PLACES } from "./places.ts";

/**
 * The wedding checklist (spec sections 3, 4 and 7): the default list, its seven actions as pure
 * functions, progress, validation, the merge of a visitor's list into an account's, and the vendor
 * search each item links to. The server (functions/domain/planning/checklist.ts) and the visitor's page
 * (kept in localStorage) both use these, so a rule is written once.
 */
export type ChecklistItem = { name: string; done: boolean; scheduleDate: string | null };
export type ChecklistCategory = { category: string; items: ChecklistItem[] };
export type Checklist = ChecklistCategory[];

export const CHECKLIST_LIMITS = { categories: 40, items: 150, category: 80, item: 160 } as const;

const DEFAULTS: readonly (readonly [string, readonly string[]])[] = [
  [
    "Venue & Decorations",
    [
      "Book the wedding venue",
      "Visit and shortlist venues",
      "Book the decorator",
      "Choose the theme and colours",
      "Plan the mandap and stage decoration",
      "Order flowers and garlands",
      "Arrange the lighting",
    ],
  ],
  [
    "Catering & Cakes",
    [
      "Book the caterer",
      "Fix the menu after a tasting",
      "Order the wedding cake",
      "Order sweets and mithai boxes",
      "Confirm the final head-count with the caterer",
    ],
  ],
  [
    "Photography & Videography",
    ["Book the photographer", "Book the videographer", "Plan the pre-wedding shoot", "Share the must-have shot list", "Order the wedding album"],
  ],
  ["Music & Entertainment", ["Book the DJ", "Book a band or dhol players", "Plan the sangeet performances", "Arrange the sound system and stage"]],
  ["Invitations & Gifts", ["Order the wedding invitations", "Send the invitations", "Choose return gifts for guests", "Buy gifts for the families"]],
  ["Transport & Logistics", ["Book transport for guests", "Book the baraat car or ghodi", "Book rooms for outstation guests"]],
  ["Religious & Cultural Services", ["Book the pandit", "Fix the muhurat with an astrologer", "Buy the puja samagri"]],
  ["Planning & Coordination", ["Hire a wedding planner", "Set the total budget", "Make the guest list", "Plan the day-by-day schedule"]],
  ["Miscellaneous", ["Book the bridal makeup artist", "Book the mehndi artist", "Buy the wedding outfits", "Buy the wedding rings and jewellery"]],
];

/**
 * The default list's categories and items in Hindi (keys: the English names above; a unit test
 * checks none is missing). Shown through shared/local-names.ts localName; a couple's own items
 * and renamed ones stay as they wrote them.
 */
export const CHECKLIST_NAMES_HI: Readonly<Record<string, string>> = {
  "Venue & Decorations": "वेन्यू और सजावट",
  "Book the wedding venue": "शादी का वेन्यू बुक करें",
  "Visit and shortlist venues": "वेन्यू देखें और पसंद के चुनें",
  "Book the decorator": "डेकोरेटर बुक करें",
  "Choose the theme and colours": "थीम और रंग चुनें",
  "Plan the mandap and stage decoration": "मंडप और स्टेज की सजावट तय करें",
  "Order flowers and garlands": "फूल और मालाएँ मंगवाएँ",
  "Arrange the lighting": "लाइटिंग का इंतज़ाम करें",
  "Catering & Cakes": "खाना और केक",
  "Book the caterer": "हलवाई / कैटरर बुक करें",
  "Fix the menu after a tasting": "चखकर मेन्यू तय करें",
  "Order the wedding cake": "शादी का केक ऑर्डर करें",
  "Order sweets and mithai boxes": "मिठाई और मिठाई के डिब्बे मंगवाएँ",
  "Confirm the final head-count with the caterer": "कैटरर को मेहमानों की अंतिम गिनती बताएँ",
  "Photography & Videography": "फोटोग्राफी और वीडियोग्राफी",
  "Book the photographer": "फोटोग्राफर बुक करें",
  "Book the videographer": "वीडियोग्राफर बुक करें",
  "Plan the pre-wedding shoot": "प्री-वेडिंग शूट की योजना बनाएँ",
  "Share the must-have shot list": "ज़रूरी तस्वीरों की सूची दें",
  "Order the wedding album": "शादी का एल्बम ऑर्डर करें",
  "Music & Entertainment": "संगीत और मनोरंजन",
  "Book the DJ": "डीजे बुक करें",
  "Book a band or dhol players": "बैंड या ढोल वाले बुक करें",
  "Plan the sangeet performances": "संगीत के कार्यक्रम तय करें",
  "Arrange the sound system and stage": "साउंड सिस्टम और स्टेज का इंतज़ाम करें",
  "Invitations & Gifts": "निमंत्रण और तोहफ़े",
  "Order the wedding invitations": "शादी के कार्ड छपवाएँ",
  "Send the invitations": "कार्ड भेजें",
  "Choose return gifts for guests": "मेहमानों के लिए रिटर्न गिफ्ट चुनें",
  "Buy gifts for the families": "परिवारों के लिए तोहफ़े खरीदें",
  "Transport & Logistics": "गाड़ियाँ और इंतज़ाम",
  "Book transport for guests": "मेहमानों के लिए गाड़ियाँ बुक करें",
  "Book the baraat car or ghodi": "बारात की गाड़ी या घोड़ी बुक करें",
  "Book rooms for outstation guests": "बाहर से आने वाले मेहमानों के कमरे बुक करें",
  "Religious & Cultural Services": "धार्मिक और सांस्कृतिक सेवाएँ",
  "Book the pandit": "पंडित जी बुक करें",
  "Fix the muhurat with an astrologer": "ज्योतिषी से मुहूर्त निकलवाएँ",
  "Buy the puja samagri": "पूजा सामग्री खरीदें",
  "Planning & Coordination": "योजना और तालमेल",
  "Hire a wedding planner": "वेडिंग प्लानर रखें",
  "Set the total budget": "कुल बजट तय करें",
  "Make the guest list": "मेहमानों की सूची बनाएँ",
  "Plan the day-by-day schedule": "हर दिन का कार्यक्रम बनाएँ",
  Miscellaneous: "अन्य",
  "Book the bridal makeup artist": "ब्राइडल मेकअप आर्टिस्ट बुक करें",
  "Book the mehndi artist": "मेहंदी आर्टिस्ट बुक करें",
  "Buy the wedding outfits": "शादी के कपड़े खरीदें",
  "Buy the wedding rings and jewellery": "शादी की अंगूठियाँ और गहने खरीदें",
};

/** The spec's nine default categories; every item starts not done and with no date. A fresh copy each call. */
export function defaultChecklist(): Checklist {
  return DEFAULTS.map(([category, items]) => ({ category, items: items.map((name) => ({ name, done: false, scheduleDate: null })) }));
}

// ---------------------------------------------------------------------------------------------
// Validation

const CATEGORY_MESSAGE = "Give the category a title.";
const ITEM_MESSAGE = "Give the item a name.";
export const categoryTitle = z
  .string({ error: CATEGORY_MESSAGE })
  .trim()
  .min(1, CATEGORY_MESSAGE)
  .max(CHECKLIST_LIMITS.category, { error: () => m.api_v_category_title_use_at_most_characters({ category: CHECKLIST_LIMITS.category }) });
export const itemName = z
  .string({ error: ITEM_MESSAGE })
  .trim()
  .min(1, ITEM_MESSAGE)
  .max(CHECKLIST_LIMITS.item, { error: () => m.api_v_item_name_use_at_most_characters({ item: CHECKLIST_LIMITS.item }) });
const scheduleDate = z.union([z.null(), isoDate(m.api_v_label_schedule_date)]);

export const checklistItemSchema = z.object({
  name: itemName,
  done: z.boolean({ error: () => m.api_v_done_must_be_true_or_false() }).default(false),
  scheduleDate: z.preprocess((v) => (v === undefined || v === "" ? null : v), scheduleDate),
});
export const checklistCategorySchema = z.object({
  category: categoryTitle,
  items: z.array(checklistItemSchema).max(CHECKLIST_LIMITS.items, { error: () => m.api_v_a_category_holds_at_most_items({ items: CHECKLIST_LIMITS.items }) }),
});
/** The whole list (POST /checklist/save, a visitor's stored list). */
export const checklistSchema = z
  .array(checklistCategorySchema, { error: () => m.api_v_send_the_checklist_as_a_list_of() })
  .max(CHECKLIST_LIMITS.categories, { error: () => m.api_v_the_checklist_holds_at_most_categories({ categories: CHECKLIST_LIMITS.categories }) });
/** POST /checklist/save: the list itself, or { categories: [...] }. */
export const saveChecklistInput = z.preprocess(
  (v) => (Array.isArray(v) ? { categories: v } : v),
  // version: the list's version as GET /checklist/get gave it; a list saved over a newer one is refused (409).
  z.object({ categories: checklistSchema, version: rowVersion }),
);

const index = (label: string) =>
  numeric(
    z
      .number({ error: `${label} is missing.` })
      .int(`${label} is missing.`)
      .min(0, `${label} is missing.`)
      .max(1000),
  );
const flag = z.union([z.boolean(), z.enum(["true", "false", "on", "1", "0"])]).transform((v) => v === true || v === "true" || v === "on" || v === "1");

/**
 * An item's version as its forms send it back (issue 33: no silent overwrite): a short hash of
 * what the item says (name, done, date). An action on an item whose version is no longer the
 * stored item's was made on a stale copy and is refused with the item as it is now.
 */
export function itemVersion(item: ChecklistItem): string {
  let h = 0x811c9dc5;
  for (const ch of `${item.name}\u0000${item.done ? 1 : 0}\u0000${item.scheduleDate ?? ""}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}
const itemVersionField = z.preprocess((v) => (v === "" ? undefined : v), z.string(say(m.api_v_item_version)).max(20, say(m.api_v_item_version)).optional());

/**
 * One action of the checklist page (a form's `intent`). `name` / `title` guard the index: when the
 * list changed since the page was drawn, the item or category is found by name instead (or nothing happens).
 */
export const checklistActionInput = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("toggle"),
      category: index("Category"),
      item: index("Item"),
      name: z.string().max(500).optional(),
      done: flag.optional(),
      version: itemVersionField,
    }),
    z.object({ intent: z.literal("add-item"), category: index("Category"), title: z.string().max(500).optional(), name: itemName }),
    z.object({
      intent: z.literal("remove-item"),
      category: index("Category"),
      item: index("Item"),
      name: z.string().max(500).optional(),
      version: itemVersionField,
    }),
    z.object({ intent: z.literal("add-category"), title: categoryTitle }),
    z.object({ intent: z.literal("remove-category"), category: index("Category"), title: z.string().max(500).optional() }),
    z.object({
      intent: z.literal("schedule"),
      category: index("Category"),
      item: index("Item"),
      name: z.string().max(500).optional(),
      scheduleDate: z.preprocess((v) => (v === undefined || v === "" ? null : v), scheduleDate),
      version: itemVersionField,
    }),
    z.object({ intent: z.literal("replace"), categories: z.preprocess(parseJsonText, checklistSchema) }),
  ],
  { error: "Choose what to do with the checklist." },
);
export type ChecklistAction = z.infer<typeof checklistActionInput>;

function parseJsonText(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

// ---------------------------------------------------------------------------------------------
// The seven actions (pure: each returns a new list; an index that no longer exists changes nothing)

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function withCategory(list: Checklist, c: number, change: (cat: ChecklistCategory) => ChecklistCategory): Checklist {
  if (!list[c]) return list;
  return list.map((cat, i) => (i === c ? change(cat) : cat));
}
function withItem(list: Checklist, c: number, i: number, change: (item: ChecklistItem) => ChecklistItem): Checklist {
  return withCategory(list, c, (cat) => (cat.items[i] ? { ...cat, items: cat.items.map((it, j) => (j === i ? change(it) : it)) } : cat));
}

/** Toggles an item's done flag, or sets it when `done` is given (a repeated post then changes nothing). */
export const toggleItem = (list: Checklist, c: number, i: number, done?: boolean): Checklist =>
  withItem(list, c, i, (it) => ({ ...it, done: done ?? !it.done }));

/** Adds an item (not done, no date) at the end of a category; a blank name or a full category changes nothing. */
export function addItem(list: Checklist, c: number, name: string): Checklist {
  const trimmed = name.trim();
  if (!trimmed) return list;
  return withCategory(list, c, (cat) =>
    cat.items.length >= CHECKLIST_LIMITS.items ? cat : { ...cat, items: [...cat.items, { name: trimmed, done: false, scheduleDate: null }] },
  );
}

export const removeItem = (list: Checklist, c: number, i: number): Checklist =>
  withCategory(list, c, (cat) => ({ ...cat, items: cat.items.filter((_, j) => j !== i) }));

/** Adds an empty category at the end; ignored when a category of that title exists (in any case) or the list is full. */
export function addCategory(list: Checklist, title: string): Checklist {
  const trimmed = title.trim();
  if (!trimmed || list.some((cat) => same(cat.category, trimmed)) || list.length >= CHECKLIST_LIMITS.categories) return list;
  return [...list, { category: trimmed, items: [] }];
}

export const removeCategory = (list: Checklist, c: number): Checklist => list.filter((_, i) => i !== c);

export const scheduleItem = (list: Checklist, c: number, i: number, date: string | null): Checklist =>
  withItem(list, c, i, (it) => ({ ...it, scheduleDate: date }));

/** Replaces the whole list (already validated). */
export const replaceChecklist = (_list: Checklist, next: Checklist): Checklist => next;

/** The category's index now: `c` when its title still matches (or no title was sent), else found by title, else -1. */
function categoryIndex(list: Checklist, c: number, title?: string): number {
  if (title === undefined || (list[c] && same(list[c].category, title))) return list[c] ? c : -1;
  return list.findIndex((cat) => same(cat.category, title));
}
function itemIndex(list: Checklist, c: number, i: number, name?: string): number {
  const items = list[c]?.items ?? [];
  if (name === undefined || (items[i] && same(items[i].name, name))) return items[i] ? i : -1;
  return items.findIndex((it) => same(it.name, name));
}

/** The item an action on one item (toggle, remove, schedule) is about, as the list holds it now; null for other actions or an item no longer there. */
export function actionItem(list: Checklist, action: ChecklistAction): ChecklistItem | null {
  if (action.intent !== "toggle" && action.intent !== "remove-item" && action.intent !== "schedule") return null;
  return list[action.category]?.items[itemIndex(list, action.category, action.item, action.name)] ?? null;
}

/** Applies one page action (validated by checklistActionInput). */
export function applyChecklistAction(list: Checklist, action: ChecklistAction): Checklist {
  switch (action.intent) {
    case "toggle":
      return toggleItem(list, action.category, itemIndex(list, action.category, action.item, action.name), action.done);
    case "add-item":
      return addItem(list, categoryIndex(list, action.category, action.title), action.name);
    case "remove-item":
      return removeItem(list, action.category, itemIndex(list, action.category, action.item, action.name));
    case "add-category":
      return addCategory(list, action.title);
    case "remove-category":
      return removeCategory(list, categoryIndex(list, action.category, action.title));
    case "schedule":
      return scheduleItem(list, action.category, itemIndex(list, action.category, action.item, action.name), action.scheduleDate);
    case "replace":
      return replaceChecklist(list, action.categories);
  }
}

// ---------------------------------------------------------------------------------------------
// Progress

export type Progress = { done: number; total: number; percent: number };
const progressOf = (done: number, total: number): Progress => ({ done, total, percent: total ? Math.round((done / total) * 100) : 0 });

export const categoryProgress = (cat: ChecklistCategory): Progress => progressOf(cat.items.filter((it) => it.done).length, cat.items.length);

export function overallProgress(list: Checklist): Progress {
  let done = 0;
  let total = 0;
  for (const cat of list) {
    done += cat.items.filter((it) => it.done).length;
    total += cat.items.length;
  }
  return progressOf(done, total);
}

// ---------------------------------------------------------------------------------------------
// Merge of a visitor's list (kept in the browser) into the account's

/**
 * Everything of both lists, nothing twice: categories match by title and items by name, both
 * ignoring case and outer spaces. A matched item is done when either copy is, and keeps the
 * account's date, else the visitor's. The account's order comes first; new things follow.
 */
export function mergeChecklists(account: Checklist, visitor: Checklist): Checklist {
  const merged: Checklist = account.map((cat) => ({ category: cat.category, items: cat.items.map((it) => ({ ...it })) }));
  for (const vcat of visitor) {
    let target = merged.find((cat) => same(cat.category, vcat.category));
    if (!target) {
      if (merged.length >= CHECKLIST_LIMITS.categories) continue;
      target = { category: vcat.category.trim(), items: [] };
      merged.push(target);
    }
    for (const vit of vcat.items) {
      const found = target.items.find((it) => same(it.name, vit.name));
      if (found) {
        found.done = found.done || vit.done;
        found.scheduleDate = found.scheduleDate ?? vit.scheduleDate;
      } else if (target.items.length < CHECKLIST_LIMITS.items) {
        target.items.push({ name: vit.name.trim(), done: vit.done, scheduleDate: vit.scheduleDate });
      }
    }
  }
  return merged;
}

// ---------------------------------------------------------------------------------------------
// The vendor search an item links to

/** Words in an item's name and the catalogue subcategory (group, subcategory) whose search fits it. */
const VENDOR_SEARCHES: readonly { words: RegExp; label: string; group: string; subcategory?: string }[] = [
  { words: /\bcaterer|\bcatering/i, label: "Book caterer", group: "Wedding Vendor", subcategory: "Caterers" },
  { words: /\bcake/i, label: "Find cake makers", group: "Wedding Vendor", subcategory: "Wedding Cakes" },
  { words: /\bphotographer|pre-wedding shoot/i, label: "Book photographer", group: "Wedding Vendor", subcategory: "Wedding Photographers" },
  { words: /\bvideographer/i, label: "Book videographer", group: "Wedding Vendor", subcategory: "Wedding Videographers" },
  { words: /\bdj\b/i, label: "Book DJ", group: "Wedding Vendor", subcategory: "Wedding DJ" },
  { words: /\bband\b|\bdhol/i, label: "Find musicians", group: "Wedding Vendor", subcategory: "Wedding Music" },
  { words: /\bdecorat/i, label: "Book decorator", group: "Wedding Vendor", subcategory: "Wedding Decor" },
  { words: /\bflowers|\bflorist/i, label: "Find florists", group: "Wedding Vendor", subcategory: "Florists" },
  { words: /\binvitation/i, label: "Find invitation makers", group: "Wedding Vendor", subcategory: "Wedding Invitation" },
  { words: /\bgifts?\b/i, label: "Find gift shops", group: "Wedding Vendor", subcategory: "Wedding Gift" },
  { words: /\btransport|\bbaraat car/i, label: "Book transport", group: "Wedding Vendor", subcategory: "Wedding Transportation" },
  { words: /\bpandit|\bpriest/i, label: "Book pandit", group: "Wedding Vendor", subcategory: "Pandit" },
  { words: /\bastrologer|\bmuhurat/i, label: "Find astrologers", group: "Wedding Vendor", subcategory: "Astrologers" },
  { words: /\bplanner/i, label: "Book planner", group: "Wedding Vendor", subcategory: "Wedding Planner" },
  { words: /\bmakeup/i, label: "Book makeup artist", group: "Bride", subcategory: "Bridal Makeup Artist" },
  { words: /\bmehndi artist/i, label: "Book mehndi artist", group: "Bride", subcategory: "Mehndi Artist" },
  { words: /\bjewellery/i, label: "Find jewellers", group: "Bride", subcategory: "Bridal Jewellery" },
  { words: /\bvenue/i, label: "Book venue", group: "Wedding Venue" },
];

/**
 * The state and city of the places list that a free-text wedding city names, or null: the name in
 * any case, with its state ("Bengaluru, Karnataka"), or an old or common name ("Bangalore",
 * "Gurgaon": shared/place-names.ts, as the location box reads it).
 */
export function placeOfCity(city: string | null | undefined): { state: string; city: string } | null {
  const place = parseLocation(PLACES as LocationMap, city);
  return place?.city ? { state: place.state, city: place.city } : null;
}

/**
 * The vendor search an item links to, in the couple's city when it is one of the places list
 * (/all/{category}/{subcategory}/{state}/{city}, or /all/{category}/{state}/{city} for a whole
 * group such as venues), or null when no search fits the item. Given the places that have services
 * (what the browse pages know), a city without any links to its state's results, and a state
 * without any to all of India, never to a page that is not there.
 */
export function vendorSearchFor(itemName: string, weddingCity?: string | null, locations?: LocationMap): { label: string; href: string } | null {
  const match = VENDOR_SEARCHES.find((s) => s.words.test(itemName));
  if (!match) return null;
  const place = placeOfCity(weddingCity);
  const state = place && (!locations || locations[place.state]?.length) ? place.state : undefined;
  const city = state && (!locations || locations[state]?.includes(place!.city)) ? place!.city : undefined;
  return { label: match.label, href: browsePath(match.group, match.subcategory, state, city) };
}

/** Where a visitor's list is kept in the browser (localStorage). */
export const VISITOR_CHECKLIST_KEY = "mandap.checklist";

/** A stored visitor list, or null when there is none or it is not a valid list. */
export function readStoredChecklist(text: string | null | undefined): Checklist | null {
  if (!text) return null;
  const parsed = checklistSchema.safeParse(parseJsonText(text));
  return parsed.success ? parsed.data : null;
}
