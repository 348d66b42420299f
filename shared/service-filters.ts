import { m } from "#shared/paraglide/messages.js";
import { z } from "zod";

/**
 * The service list's filters and sorts, shared by the browse pages (URL search params) and the
 * API's query string. Empty values are dropped before validation, as the spec asks.
 */
import { SORT_OPTIONS, type SortOption, PAGE_SIZE_DEFAULT } from "./sort-options.ts";
import { numeric } from "./numbers.ts";

export { SORT_OPTIONS, type SortOption, PAGE_SIZE_DEFAULT };

/** Paging of service lists, one rule for the browse pages, GET /services and the domain's search. */
export const PAGE_SIZE_MAX = 100;
export const PAGE_MAX = 10_000;
/** Totals are counted up to this many matches ("10,000+"), so a search reads a bounded number of rows. */
export const COUNT_CAP = 10_000;

const emptyToUndefined = (v: unknown) => (v === "" || v === null || v === "null" || v === "undefined" ? undefined : v);
const optionalText = z.preprocess(emptyToUndefined, z.string().trim().max(100).optional());
const optionalInt = (min: number, max: number, label: string) =>
  z.preprocess(
    emptyToUndefined,
    numeric(
      z
        .number({ message: `${label} must be a number.` })
        .int(`${label} must be a whole number.`)
        .min(min, `${label} must be at least ${min}.`)
        .max(max, `${label} must be at most ${max.toLocaleString("en-IN")}.`)
        .optional(),
    ),
  );
const isoDay = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => m.api_v_use_a_date_like_2026_12_05() })
    // Date.parse rolls 2026-02-30 over to March; a real day survives the round trip.
    .refine(
      (d) => {
        const t = Date.parse(`${d}T00:00:00Z`);
        return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
      },
      { error: () => m.api_v_that_date_does_not_exist() },
    )
    .optional(),
);

export const serviceFilterFields = {
  q: optionalText,
  service_category: optionalText,
  service_type: optionalText,
  state: optionalText,
  city: optionalText,
  minPrice: optionalInt(0, 100_000_000, "Minimum price"),
  maxPrice: optionalInt(0, 100_000_000, "Maximum price"),
  rating: z.preprocess(
    emptyToUndefined,
    numeric(
      z
        .number({ error: () => m.api_v_rating_must_be_a_number() })
        .min(0, { error: () => m.api_v_rating_must_be_between_0_and_5() })
        .max(5, { error: () => m.api_v_rating_must_be_between_0_and_5() })
        .optional(),
    ),
  ),
  available_on: isoDay,
  vendorId: optionalText,
  vendor_name: optionalText,
  page: optionalInt(1, PAGE_MAX, "Page"),
  limit: optionalInt(1, PAGE_SIZE_MAX, "Limit"),
};

/** API query: the spec's sort_by/sort_order pair. */
export const serviceListQuery = z
  .object({
    ...serviceFilterFields,
    status: z.preprocess(emptyToUndefined, z.enum(["active", "archived"], { error: () => m.api_v_status_must_be_active_or_archived() }).optional()),
    sort_by: z.preprocess(
      emptyToUndefined,
      z
        .enum(["rating", "price", "min_price", "views", "view_count", "newest", "created_at"], { error: () => m.api_v_sort_by_must_be_rating_price_views_or() })
        .optional(),
    ),
    sort_order: z.preprocess(
      (v) => (typeof v === "string" ? v.toLowerCase() : emptyToUndefined(v)),
      z.enum(["asc", "desc"], { error: () => m.api_v_sort_order_must_be_asc_or_desc() }).optional(),
    ),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    error: () => m.api_v_minimum_price_cannot_be_more_than_maximum(),
    path: ["minPrice"],
  });
export type ServiceListQuery = z.infer<typeof serviceListQuery>;

export type SortBy = "rating" | "price" | "views" | "newest";

/** Maps the API's sort_by/sort_order onto the domain's sort. */
export function sortFromQuery(by: ServiceListQuery["sort_by"], order: ServiceListQuery["sort_order"]): { by: SortBy; order: "asc" | "desc" } {
  const map: Record<string, SortBy> = {
    rating: "rating",
    price: "price",
    min_price: "price",
    views: "views",
    view_count: "views",
    newest: "newest",
    created_at: "newest",
  };
  const sortBy = map[by ?? "rating"] ?? "rating";
  return { by: sortBy, order: order ?? (sortBy === "price" ? "asc" : "desc") };
}

/** Maps a page's friendly sort option onto the domain's sort. */
export function sortFromOption(option: string | null | undefined): { by: SortBy; order: "asc" | "desc" } {
  switch (option) {
    case "price_low":
      return { by: "price", order: "asc" };
    case "price_high":
      return { by: "price", order: "desc" };
    case "most_viewed":
      return { by: "views", order: "desc" };
    case "newest":
      return { by: "newest", order: "desc" };
    default:
      return { by: "rating", order: "desc" };
  }
}
