import { sameHindiName } from "./hindi.ts";
import { slugify } from "./slug.ts";

/**
 * The category catalogue: groups, their subcategories and each subcategory's price units.
 * One module shared by the navigation, browse routes, API validation and the demo data.
 */
export type Subcategory = {
  name: string;
  /** The name in Hindi, as families and vendors say it (shared/local-names.ts localName). */
  hi: string;
  slug: string;
  units: readonly string[];
};

export type CategoryGroup = {
  name: string;
  /** The name in Hindi (shared/local-names.ts localName). */
  hi: string;
  slug: string;
  /** Other spellings found in links (the spec's footer uses plurals). */
  aliases: readonly string[];
  /** Short label in the top navigation. */
  navLabel: string;
  navLabelHi: string;
  subcategories: readonly Subcategory[];
};

const sub = (name: string, hi: string, units: string[]): Subcategory => ({ name, hi, slug: slugify(name), units });

export const CATALOGUE: readonly CategoryGroup[] = [
  {
    name: "Wedding Venue",
    hi: "वेडिंग वेन्यू",
    slug: "wedding-venue",
    aliases: ["wedding-venues", "venue", "venues"],
    navLabel: "Venue",
    navLabelHi: "वेन्यू",
    subcategories: [
      sub("Wedding Lawns Farmhouse", "वेडिंग लॉन / फार्महाउस", ["Per Day", "Per Event", "Per Plate"]),
      sub("Hotel", "होटल", ["Per Day", "Per Room", "Per Booking"]),
      sub("Banquet Halls", "बैंक्वेट हॉल", ["Per Event", "Per Hour"]),
      sub("Marriage Garden", "मैरिज गार्डन", ["Per Day", "Per Event"]),
      sub("Wedding Halls", "मैरिज हॉल", ["Per Event", "Per Hour", "Per Plate"]),
      sub("Wedding Resorts", "वेडिंग रिसॉर्ट", ["Per Day", "Per Room", "Per Package"]),
    ],
  },
  {
    name: "Wedding Vendor",
    hi: "वेडिंग वेंडर",
    slug: "wedding-vendor",
    aliases: ["wedding-vendors", "vendor", "vendors"],
    navLabel: "Vendor",
    navLabelHi: "वेंडर",
    subcategories: [
      sub("Caterers", "हलवाई / कैटरर्स", ["Per Plate", "Per Guest", "Package Pricing"]),
      sub("Wedding Invitation", "शादी के कार्ड", ["Per Card", "Per 100 Cards"]),
      sub("Wedding Decor", "वेडिंग डेकोर", ["Per Event", "Package Pricing"]),
      sub("Wedding Gift", "शादी के तोहफ़े", ["Per Piece", "Per Hamper"]),
      sub("Wedding Photographers", "वेडिंग फोटोग्राफर", ["Per Day", "Per Event", "Package Pricing"]),
      sub("Wedding Coordinators", "वेडिंग कोऑर्डिनेटर", ["Per Event", "Per Day"]),
      sub("Wedding Music", "बैंड बाजा और संगीत", ["Per Event", "Per Hour"]),
      sub("Wedding Videographers", "वेडिंग वीडियोग्राफर", ["Per Day", "Per Event", "Package Pricing"]),
      sub("Wedding Transportation", "शादी की गाड़ियाँ", ["Per Vehicle", "Per Day", "Per Km"]),
      sub("Wedding House", "शादी घर", ["Per Day", "Per Event"]),
      sub("Tent House", "टेंट हाउस", ["Per Event", "Per Day", "Per Square Foot"]),
      sub("Wedding Entertainment", "शादी का मनोरंजन", ["Per Event", "Per Hour", "Per Performance"]),
      sub("Florists", "फूलवाले", ["Per Event", "Per Arrangement"]),
      sub("Wedding Planner", "वेडिंग प्लानर", ["Fixed Fee", "Percentage of Budget"]),
      sub("Wedding Decoration", "शादी की सजावट", ["Per Event", "Per Day", "Package Pricing"]),
      sub("Wedding Cakes", "वेडिंग केक", ["Per Kg", "Per Cake"]),
      sub("Wedding Agencies", "वेडिंग एजेंसी", ["Per Event", "Package Pricing"]),
      sub("Wedding DJ", "डीजे", ["Per Event", "Per Hour"]),
      sub("Pandit", "पंडित", ["Per Ceremony", "Per Day"]),
      sub("Photobooth", "फोटो बूथ", ["Per Event", "Per Hour"]),
      sub("Astrologers", "ज्योतिषी", ["Per Consultation", "Per Package"]),
      sub("Invitation", "निमंत्रण पत्र", ["Per Card", "Per 100 Cards", "Per Design"]),
    ],
  },
  {
    name: "Bride",
    hi: "दुल्हन",
    slug: "bride",
    aliases: ["brides"],
    navLabel: "Brides",
    navLabelHi: "दुल्हन",
    subcategories: [
      sub("Bridal Lahenga", "दुल्हन का लहंगा", ["Per Outfit", "Per Rental Period"]),
      sub("Bridal Jewellery", "दुल्हन के गहने", ["Per Set", "Per Rental Period"]),
      sub("Bridal Makeup Artist", "ब्राइडल मेकअप आर्टिस्ट", ["Per Function", "Per Package"]),
      sub("Mehndi Artist", "मेहंदी आर्टिस्ट", ["Per Function", "Per Hand", "Per Package"]),
      sub("Makeup Salon", "मेकअप सैलून", ["Per Session", "Per Package"]),
    ],
  },
  {
    name: "Groom",
    hi: "दूल्हा",
    slug: "groom",
    aliases: ["grooms"],
    navLabel: "Grooms",
    navLabelHi: "दूल्हा",
    subcategories: [
      sub("Sherwani", "शेरवानी", ["Per Outfit", "Per Rental Period"]),
      sub("Men's Grooming", "दूल्हे की ग्रूमिंग", ["Per Session", "Per Package"]),
      sub("Men's Accessories", "दूल्हे की एक्सेसरीज़", ["Per Piece", "Per Set"]),
    ],
  },
];

export const ALL_SUBCATEGORIES: readonly (Subcategory & { group: CategoryGroup })[] = CATALOGUE.flatMap((group) =>
  group.subcategories.map((s) => ({ ...s, group })),
);

/** Finds a group by its name, slug or an alias, in any case or spacing, or by its Hindi name ("दुल्हन", "वेडिंग-वेंडर"). */
export function findGroup(text: string): CategoryGroup | undefined {
  const slug = slugify(text);
  return CATALOGUE.find((g) => (slug && (g.slug === slug || g.aliases.includes(slug))) || sameHindiName(g.hi, text));
}

/** Finds a subcategory in a group (or in any group when none is given) by name or slug, or by its Hindi name ("मेहंदी-आर्टिस्ट"). */
export function findSubcategory(text: string, group?: CategoryGroup): (Subcategory & { group: CategoryGroup }) | undefined {
  const slug = slugify(text);
  return ALL_SUBCATEGORIES.find((s) => ((slug && s.slug === slug) || sameHindiName(s.hi, text)) && (!group || s.group === group));
}

/** The group a subcategory name belongs to. */
export function groupOfSubcategory(name: string): CategoryGroup | undefined {
  return findSubcategory(name)?.group;
}

/** Price units allowed for a subcategory name (exact catalogue name). */
export function unitsFor(subcategoryName: string): readonly string[] {
  return ALL_SUBCATEGORIES.find((s) => s.name === subcategoryName)?.units ?? [];
}

export { browsePath, servicePath } from "./browse-paths.ts";

/** Discover page tiles (spec section 2). */
export const DISCOVER_TILES = [
  {
    title: "Wedding Venues",
    group: "Wedding Venue",
    description: "Lawns, banquet halls, resorts and heritage hotels for every guest count.",
    subcategories: ["Wedding Lawns Farmhouse", "Hotel", "Banquet Halls", "Wedding Resorts"],
  },
  {
    title: "Wedding Vendors",
    group: "Wedding Vendor",
    description: "Caterers, photographers, decorators and everyone else who makes the day.",
    subcategories: ["Caterers", "Wedding Photographers", "Wedding Decor", "Wedding DJ"],
  },
  {
    title: "Bride",
    group: "Bride",
    description: "Lehengas, jewellery, makeup and mehndi for the bride.",
    subcategories: ["Bridal Lahenga", "Bridal Jewellery", "Bridal Makeup Artist", "Mehndi Artist"],
  },
  {
    title: "Groom",
    group: "Groom",
    description: "Sherwanis, grooming and accessories for the groom.",
    subcategories: ["Sherwani", "Men's Grooming", "Men's Accessories"],
  },
  {
    title: "Wedding Services",
    group: "Wedding Vendor",
    description: "Planners and decorators who run the whole show.",
    subcategories: ["Wedding Planner", "Wedding Decoration"],
  },
  {
    title: "Other Services",
    group: "Wedding Vendor",
    description: "Live bands, luxury transport and fireworks for a grand entry.",
    subcategories: ["Wedding Music", "Wedding Transportation", "Wedding Entertainment"],
  },
] as const;
