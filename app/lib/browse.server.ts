import type { z } from "zod";
import { FILTER_KEYS, type BrowseFilters, type BrowseScope, type LocationMap } from "./browse.ts";
import { findGroup } from "#shared/catalogue.ts";
import { samePlace } from "#shared/places.ts";
import { subcategoryNamed } from "#shared/search-words.ts";
import { m } from "#shared/paraglide/messages.js";
import { serviceFilterFields, SORT_OPTIONS, type SortOption } from "#shared/service-filters.ts";

/** Reads a browse page's filters from its URL with the API's own rules; invalid values are dropped with a message. */
export function parseBrowseFilters(params: URLSearchParams): { filters: BrowseFilters; problems: string[] } {
  const problems: string[] = [];
  const filters: BrowseFilters = { sort: "rating", page: 1 };
  for (const key of FILTER_KEYS) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === "") continue;
    const parsed = (serviceFilterFields[key] as z.ZodType).safeParse(raw);
    if (parsed.success) {
      if (parsed.data !== undefined) (filters as Record<string, unknown>)[key] = parsed.data;
    } else problems.push(parsed.error.issues[0]?.message ?? m.public_browse_ignored_key({ key }));
  }
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.minPrice > filters.maxPrice) {
    problems.push(m.public_browse_min_over_max());
    delete filters.maxPrice;
  }
  const sort = params.get("sort");
  if (sort) {
    if (SORT_OPTIONS.some((o) => o.value === sort)) filters.sort = sort as SortOption;
    else problems.push(m.public_browse_unknown_sort());
  }
  return { filters, problems };
}

/**
 * Resolves the /all/... path segments; `null` when one of them is unknown (a 404). A segment may
 * also be a Hindi name (/all/दुल्हन/मेहंदी-आर्टिस्ट/राजस्थान/जयपुर, or a Hindi word for the
 * subcategory: मेहंदी, हलवाई), which the page then redirects to the canonical English slugs. After a group
 * comes its subcategory, or a state (and city) for the whole group's results in a place
 * (/all/wedding-venue/karnataka/bengaluru: venues are four subcategories, and the checklist's
 * "Book venue" opens them all in the couple's city).
 */
export function resolveScope(locations: LocationMap, params: { category?: string; subCategory?: string; state?: string; city?: string }): BrowseScope | null {
  const scope: BrowseScope = {};
  if (!params.category) return scope;
  scope.group = findGroup(params.category);
  if (!scope.group) return null;
  if (!params.subCategory) return scope;
  scope.subcategory = subcategoryNamed(params.subCategory, scope.group);
  const [state, city, more] = scope.subcategory ? [params.state, params.city, undefined] : [params.subCategory, params.state, params.city];
  if (more) return null;
  if (!state) return scope;
  scope.state = Object.keys(locations).find((s) => samePlace(s, state));
  if (!scope.state) return null;
  if (!city) return scope;
  scope.city = locations[scope.state]?.find((c) => samePlace(c, city));
  if (!scope.city) return null;
  return scope;
}
