import { browsePath, type CategoryGroup, type Subcategory } from "#shared/catalogue.ts";
import type { SortOption } from "#shared/sort-options.ts";
import { shownName } from "#app/lib/shown-names.ts";
import { m } from "#shared/paraglide/messages.js";

export type { LocationMap } from "#shared/place-names.ts";
export { parseLocation } from "#shared/place-names.ts";

/** The filters a browse page reads from its URL; invalid values are dropped with a message. */
export type BrowseFilters = {
  q?: string;
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  available_on?: string;
  sort: SortOption;
  page: number;
};

export const FILTER_KEYS = ["q", "minPrice", "maxPrice", "rating", "available_on", "page"] as const;

/** The URL search string for filters (defaults left out), with overrides. */
export function filterSearch(filters: BrowseFilters, overrides: Partial<Record<keyof BrowseFilters, string | number | undefined>> = {}): string {
  const params = new URLSearchParams();
  const merged: Record<string, unknown> = { ...filters, ...overrides };
  for (const key of [...FILTER_KEYS, "sort"] as const) {
    const value = merged[key];
    if (value === undefined || value === "" || (key === "sort" && value === "rating") || (key === "page" && Number(value) <= 1)) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export type BrowseScope = {
  group?: CategoryGroup;
  subcategory?: Subcategory;
  state?: string;
  city?: string;
};

export function scopePath(scope: BrowseScope): string {
  return browsePath(scope.group?.name, scope.subcategory?.name, scope.state, scope.city);
}

/** "Caterers in Jaipur", "Wedding Venue in Rajasthan", "Wedding services in India" ("जयपुर में कैटरर्स" in Hindi). */
export function scopeHeading(scope: BrowseScope): string {
  const name = scope.subcategory?.name ?? scope.group?.name;
  const what = name ? shownName(name) : m.public_browse_everything();
  const where = scope.city ?? scope.state;
  return m.public_browse_in_place({ what, where: where ? shownName(where) : m.public_browse_india() });
}
