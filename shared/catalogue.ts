import { slugify } from "./slug.ts";

/**
 * The category catalogue: groups, their subcategories and each subcategory's price units.
 * One module shared by the navigation, browse routes, API validation and the demo data.
 */
export type Subcategory = {
  name: string;
  slug: string;
  units: readonly string[];
};

export type CategoryGroup = {
  name: string;
  slug: string;
  /** Other spellings found in links (the spec's footer uses plurals). */
  aliases: readonly string[];
  /** Short label in the top navigation. */
  navLabel: string;
  subcategories: readonly Subcategory[];
};

const sub = (name: string, units: string[]): Subcategory => ({ name, slug: slugify(name), units });

export const CATALOGUE: readonly CategoryGroup[] = [
  {
    name: "Wedding Venue",
    slug: "wedding-venue",
    aliases: ["wedding-venues", "venue", "venues"],
    navLabel: "Venue",
    subcategories: [
      sub("Wedding Lawns Farmhouse", ["Per Day", "Per Event", "Per Plate"]),
      sub("Hotel", ["Per Day", "Per Room", "Per Booking"]),
      sub("Banquet Halls", ["Per Event", "Per Hour"]),
      sub("Marriage Garden", ["Per Day", "Per Event"]),
      sub("Wedding Halls", ["Per Event", "Per Hour", "Per Plate"]),
      sub("Wedding Resorts", ["Per Day", "Per Room", "Per Package"]),
    ],
  },
  {
    name: "Wedding Vendor",
    slug: "wedding-vendor",
    aliases: ["wedding-vendors", "vendor", "vendors"],
    navLabel: "Vendor",
    subcategories: [
      sub("Caterers", ["Per Plate", "Per Guest", "Package Pricing"]),
      sub("Wedding Invitation", ["Per Card", "Per 100 Cards"]),
      sub("Wedding Decor", ["Per Event", "Package Pricing"]),
      sub("Wedding Gift", ["Per Piece", "Per Hamper"]),
      sub("Wedding Photographers", ["Per Day", "Per Event", "Package Pricing"]),
      sub("Wedding Coordinators", ["Per Event", "Per Day"]),
      sub("Wedding Music", ["Per Event", "Per Hour"]),
      sub("Wedding Videographers", ["Per Day", "Per Event", "Package Pricing"]),
      sub("Wedding Transportation", ["Per Vehicle", "Per Day", "Per Km"]),
      sub("Wedding House", ["Per Day", "Per Event"]),
      sub("Tent House", ["Per Event", "Per Day", "Per Square Foot"]),
      sub("Wedding Entertainment", ["Per Event", "Per Hour", "Per Performance"]),
      sub("Florists", ["Per Event", "Per Arrangement"]),
      sub("Wedding Planner", ["Fixed Fee", "Percentage of Budget"]),
      sub("Wedding Decoration", ["Per Event", "Per Day", "Package Pricing"]),
      sub("Wedding Cakes", ["Per Kg", "Per Cake"]),
      sub("Wedding Agencies", ["Per Event", "Package Pricing"]),
      sub("Wedding DJ", ["Per Event", "Per Hour"]),
      sub("Pandit", ["Per Ceremony", "Per Day"]),
      sub("Photobooth", ["Per Event", "Per Hour"]),
      sub("Astrologers", ["Per Consultation", "Per Package"]),
      sub("Invitation", ["Per Card", "Per 100 Cards", "Per Design"]),
    ],
  },
  {
    name: "Bride",
    slug: "bride",
    aliases: ["brides"],
    navLabel: "Brides",
    subcategories: [
      sub("Bridal Lahenga", ["Per Outfit", "Per Rental Period"]),
      sub("Bridal Jewellery", ["Per Set", "Per Rental Period"]),
      sub("Bridal Makeup Artist", ["Per Function", "Per Package"]),
      sub("Mehndi Artist", ["Per Function", "Per Hand", "Per Package"]),
      sub("Makeup Salon", ["Per Session", "Per Package"]),
    ],
  },
  {
    name: "Groom",
    slug: "groom",
    aliases: ["grooms"],
    navLabel: "Grooms",
    subcategories: [
      sub("Sherwani", ["Per Outfit", "Per Rental Period"]),
      sub("Men's Grooming", ["Per Session", "Per Package"]),
      sub("Men's Accessories", ["Per Piece", "Per Set"]),
    ],
  },
];

export const ALL_SUBCATEGORIES: readonly (Subcategory & { group: CategoryGroup })[] = CATALOGUE.flatMap((group) =>
  group.subcategories.map((s) => ({ ...s, group })),
);

/** Finds a group by its name, slug or an alias, in any case or spacing. */
export function findGroup(text: string): CategoryGroup | undefined {
  const slug = slugify(text);
  return CATALOGUE.find((g) => g.slug === slug || g.aliases.includes(slug));
}

/** Finds a subcategory in a group (or in any group when none is given) by name or slug. */
export function findSubcategory(text: string, group?: CategoryGroup): (Subcategory & { group: CategoryGroup }) | undefined {
  const slug = slugify(text);
  return ALL_SUBCATEGORIES.find((s) => s.slug === slug && (!group || s.group === group));
}

/** The group a subcategory name belongs to. */
export function groupOfSubcategory(name: string): CategoryGroup | undefined {
  return findSubcategory(name)?.group;
}

/** Price units allowed for a subcategory name (exact catalogue name). */
export function unitsFor(subcategoryName: string): readonly string[] {
  return ALL_SUBCATEGORIES.find((s) => s.name === subcategoryName)?.units ?? [];
}

/**
 * /all/{group}/{subcategory}/{state}/{city} link for the navigation and cards; a whole group's
 * results in a place leave the subcategory out (/all/{group}/{state}/{city}).
 */
export function browsePath(groupName?: string, subcategoryName?: string, state?: string, city?: string): string {
  const parts = ["/all"];
  if (groupName) parts.push(slugify(groupName));
  if (groupName && subcategoryName) parts.push(slugify(subcategoryName));
  if (groupName && state) parts.push(slugify(state));
  if (groupName && state && city) parts.push(slugify(city));
  return parts.join("/");
}

export function servicePath(s: { id: string; serviceCategory: string; serviceType: string; state: string; city: string }): string {
  return `${browsePath(s.serviceCategory, s.serviceType, s.state, s.city)}/${s.id}`;
}

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
