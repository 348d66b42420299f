/**
 * The list's sort choices and page size, without zod, so pages can import them without pulling the
 * validation library into the browser (service-filters.ts re-exports them).
 */
export const SORT_OPTIONS = [
  { value: "rating", label: "Top rated" },
  { value: "price_low", label: "Price: low to high" },
  { value: "price_high", label: "Price: high to low" },
  { value: "most_viewed", label: "Most viewed" },
  { value: "newest", label: "Newest" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];

export const PAGE_SIZE_DEFAULT = 24;
