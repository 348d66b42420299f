import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { searchServices, serviceLocations, toServiceCard } from "#domain/catalogue/index.ts";
import { filterSearch, parseLocation, scopePath, type BrowseScope } from "#app/lib/browse.ts";
import { closestPlaces } from "#shared/place-names.ts";
import { subcategoryFromWords } from "#shared/search-words.ts";
import { parseBrowseFilters, resolveScope } from "#app/lib/browse.server.ts";
import { findGroup, findSubcategory } from "#shared/catalogue.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { sortFromOption } from "#shared/service-filters.ts";
import { PAGE_SIZE_DEFAULT } from "#shared/sort-options.ts";
import { SEARCH } from "#shared/strings.ts";

/** A typed place that matched nothing, carried to the results so the page can say so. */
const UNKNOWN_PLACE_PARAM = "place";

/** Hero and filter forms send these; the page turns them into its canonical path. */
const FORM_KEYS = ["vendor", "category", "subcategory", "location", "where"] as const;

/** The page's own query string, without React Router's data-request parameters. */
function pageSearch(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  params.delete("index");
  const text = params.toString();
  return text ? `?${text}` : "";
}

function withoutFormKeys(url: URL): string {
  const params = new URLSearchParams(pageSearch(url));
  for (const key of FORM_KEYS) params.delete(key);
  for (const [key, value] of [...params]) if (value === "") params.delete(key);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  const locations = await serviceLocations(domain);
  const scope = resolveScope(locations, params);
  if (!scope) throw data(null, { status: 404 });

  // A search form (hero or filters) names the category and place in the query: go to the path.
  if (FORM_KEYS.some((k) => url.searchParams.has(k))) {
    const get = (k: string) => url.searchParams.get(k)?.trim() ?? "";
    const next: BrowseScope = { ...scope };
    const extra = new URLSearchParams(withoutFormKeys(url));
    const vendor = get("vendor");
    const category = get("category");
    const subcategory = get("subcategory");
    if (subcategory && !category && !vendor && !scope.group) return redirectWithToast(request, "/", { type: "error", message: SEARCH.selectVendor });
    if (category) next.group = findGroup(category) ?? next.group;
    if (subcategory) {
      const sub = findSubcategory(subcategory, next.group);
      if (sub) next.subcategory = sub;
    }
    if (vendor) {
      const sub = findSubcategory(vendor) ?? subcategoryFromWords(vendor);
      const group = findGroup(vendor);
      if (sub) Object.assign(next, { group: sub.group, subcategory: sub });
      else if (group) Object.assign(next, { group, subcategory: undefined });
      else extra.set("q", vendor);
    }
    const placeText = url.searchParams.has("location") || url.searchParams.has("where") ? get("location") || get("where") : null;
    if (placeText !== null) {
      const place = parseLocation(locations, placeText);
      if (placeText && !next.subcategory) return redirectWithToast(request, "/", { type: "error", message: SEARCH.selectVendor });
      next.state = place?.state;
      next.city = place?.city;
      // A typed place the data does not know is not dropped in silence: the page says so and suggests the closest.
      if (placeText && !place) extra.set(UNKNOWN_PLACE_PARAM, placeText.slice(0, 60));
    }
    if (next.group !== scope.group) extra.delete("page");
    if (extra.get("sort") === "rating") extra.delete("sort"); // the default stays out of the URL
    const search = extra.toString();
    return redirect(`${scopePath(next)}${search ? `?${search}` : ""}`);
  }

  // Mixed-case, spaced and plural links ("/all/Wedding Vendor/caterers") go to the canonical slug.
  // (Compared through the matched params: a client navigation's data request has its own URL.)
  const canonicalPath = scopePath(scope);
  const given = [params.category, params.subCategory, params.state, params.city].filter(Boolean).join("/");
  if (`/all${given ? `/${given}` : ""}` !== canonicalPath) {
    return redirect(`${canonicalPath}${pageSearch(url)}`, 301);
  }

  const { filters, problems } = parseBrowseFilters(url.searchParams);
  const typedPlace = url.searchParams.get(UNKNOWN_PLACE_PARAM)?.trim().slice(0, 60) ?? "";
  const unknownPlace = typedPlace
    ? {
        text: typedPlace,
        suggestions: closestPlaces(locations, typedPlace).map((p) => ({
          name: p.city ?? p.state,
          href: `${scopePath({ ...scope, state: p.state, city: p.city })}${filterSearch(filters, { page: undefined })}`,
        })),
      }
    : null;
  const result = await searchServices(domain, {
    q: filters.q,
    service_category: scope.group?.name,
    service_type: scope.subcategory?.name,
    state: scope.state,
    city: scope.city,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    rating: filters.rating,
    available_on: filters.available_on,
    sort: sortFromOption(filters.sort),
    page: filters.page,
    limit: PAGE_SIZE_DEFAULT,
  });
  return {
    origin: url.origin,
    canonicalPath,
    scope: {
      group: scope.group?.name,
      subcategory: scope.subcategory?.name,
      state: scope.state,
      city: scope.city,
    },
    filters,
    problems,
    unknownPlace,
    locations,
    services: result.services.map(toServiceCard),
    total: result.total,
    totalIsCapped: result.totalIsCapped,
    totalPages: result.totalPages,
  };
}
