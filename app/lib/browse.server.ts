import type { z } from "zod";
import { FILTER_KEYS, type BrowseFilters } from "./browse.ts";
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
    } else problems.push(parsed.error.issues[0]?.message ?? `Ignored ${key}.`);
  }
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.minPrice > filters.maxPrice) {
    problems.push("Minimum price cannot be more than maximum price.");
    delete filters.maxPrice;
  }
  const sort = params.get("sort");
  if (sort) {
    if (SORT_OPTIONS.some((o) => o.value === sort)) filters.sort = sort as SortOption;
    else problems.push("Unknown sort: showing top rated first.");
  }
  return { filters, problems };
}
