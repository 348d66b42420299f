import { describe, expect, it } from "vitest";
import { filterSearch, parseLocation, scopePath } from "#app/lib/browse.ts";
import { closestPlaces, suggestPlaces } from "#shared/place-names.ts";
import { parseBrowseFilters, resolveScope } from "#app/lib/browse.server.ts";

const LOCATIONS = { Rajasthan: ["Jaipur", "Jodhpur", "Udaipur"], Maharashtra: ["Mumbai", "Navi Mumbai", "Pune"], Goa: ["Panaji"] };
const LOCATIONS_WITH_DELHI = { ...LOCATIONS, Delhi: ["New Delhi", "Dwarka"], Haryana: ["Gurugram"], Karnataka: ["Bengaluru"] };

const cities = (groups: ReturnType<typeof suggestPlaces>) => groups.map(([state, places]) => [state, places.map((p) => p.city ?? `all ${p.state}`)]);

describe("location box suggestions", () => {
  it("lists every city grouped by state when empty", () => {
    expect(cities(suggestPlaces(LOCATIONS, ""))).toEqual(Object.entries(LOCATIONS));
  });
  it("keeps cities with a word starting with the typed text, any case, dropping empty states", () => {
    expect(cities(suggestPlaces(LOCATIONS, "j"))).toEqual([["Rajasthan", ["Jaipur", "Jodhpur"]]]);
    expect(cities(suggestPlaces(LOCATIONS, "  MUM"))).toEqual([["Maharashtra", ["Mumbai", "Navi Mumbai"]]]);
    expect(cities(suggestPlaces(LOCATIONS, "pur"))).toEqual([]); // a word's start, not anywhere
  });
  it("offers a whole state and its cities when the state is typed (Goa, Delhi)", () => {
    expect(cities(suggestPlaces(LOCATIONS, "goa"))).toEqual([["Goa", ["all Goa", "Panaji"]]]);
    expect(cities(suggestPlaces(LOCATIONS_WITH_DELHI, "Delhi"))).toEqual([["Delhi", ["all Delhi", "New Delhi", "Dwarka"]]]);
  });
  it("knows old and common names, saying what was typed, but only for places with services", () => {
    expect(suggestPlaces(LOCATIONS_WITH_DELHI, "bangal")).toEqual([["Karnataka", [{ state: "Karnataka", city: "Bengaluru", typedAs: "Bangalore" }]]]);
    expect(suggestPlaces(LOCATIONS_WITH_DELHI, "Bombay")).toEqual([["Maharashtra", [{ state: "Maharashtra", city: "Mumbai", typedAs: "Bombay" }]]]);
    expect(suggestPlaces(LOCATIONS_WITH_DELHI, "gurgaon")).toEqual([["Haryana", [{ state: "Haryana", city: "Gurugram", typedAs: "Gurgaon" }]]]);
    expect(suggestPlaces(LOCATIONS_WITH_DELHI, "delhi ncr")).toEqual([["Delhi", [{ state: "Delhi", typedAs: "Delhi NCR" }]]]);
    expect(suggestPlaces(LOCATIONS, "bangalore")).toEqual([]); // no services in Bengaluru here
  });
});

describe("closest places for text that names none", () => {
  it("suggests misspelt cities and states, closest first", () => {
    expect(closestPlaces(LOCATIONS_WITH_DELHI, "Jaipr")[0]).toEqual({ state: "Rajasthan", city: "Jaipur" });
    expect(closestPlaces(LOCATIONS_WITH_DELHI, "udiapur")[0]).toEqual({ state: "Rajasthan", city: "Udaipur" });
    expect(closestPlaces(LOCATIONS_WITH_DELHI, "Bangalor")[0]).toEqual({ state: "Karnataka", city: "Bengaluru" });
  });
  it("suggests nothing for text far from every place", () => {
    expect(closestPlaces(LOCATIONS_WITH_DELHI, "Atlantis")).toEqual([]);
    expect(closestPlaces(LOCATIONS_WITH_DELHI, "")).toEqual([]);
  });
});

describe("parseLocation", () => {
  it("reads the box's region/city, a city alone, 'city, state' or a state", () => {
    expect(parseLocation(LOCATIONS, "Rajasthan/Jaipur")).toEqual({ state: "Rajasthan", city: "Jaipur" });
    expect(parseLocation(LOCATIONS, "navi mumbai")).toEqual({ state: "Maharashtra", city: "Navi Mumbai" });
    expect(parseLocation(LOCATIONS, "Udaipur, rajasthan")).toEqual({ state: "Rajasthan", city: "Udaipur" });
    expect(parseLocation(LOCATIONS, "GOA")).toEqual({ state: "Goa" });
    expect(parseLocation(LOCATIONS, "Atlantis")).toBeNull();
    expect(parseLocation(LOCATIONS_WITH_DELHI, "Bangalore")).toEqual({ state: "Karnataka", city: "Bengaluru" });
    expect(parseLocation(LOCATIONS_WITH_DELHI, "Gurgaon, Haryana")).toEqual({ state: "Haryana", city: "Gurugram" });
    expect(parseLocation(LOCATIONS_WITH_DELHI, "Delhi NCR")).toEqual({ state: "Delhi" });
    expect(parseLocation(LOCATIONS_WITH_DELHI, "delhi")).toEqual({ state: "Delhi" });
    expect(parseLocation(LOCATIONS, "Bombay")).toEqual({ state: "Maharashtra", city: "Mumbai" });
    expect(parseLocation(LOCATIONS, "Bangalore")).toBeNull(); // no services there
    expect(parseLocation(LOCATIONS, "")).toBeNull();
  });
});

describe("resolveScope", () => {
  it("accepts the spec's mixed-case, spaced and plural links", () => {
    const scope = resolveScope(LOCATIONS, { category: "Wedding Vendors", subCategory: "Wedding planner", state: "rajasthan", city: "JAIPUR" });
    expect(scope && scopePath(scope)).toBe("/all/wedding-vendor/wedding-planner/rajasthan/jaipur");
  });
  it("holds a place for a whole group: /all/{category}/{state}/{city} (issue 28: the checklist's venue search)", () => {
    const scope = resolveScope(LOCATIONS_WITH_DELHI, { category: "wedding-venue", subCategory: "karnataka", state: "bengaluru" });
    expect(scope && [scope.group?.name, scope.subcategory, scope.state, scope.city]).toEqual(["Wedding Venue", undefined, "Karnataka", "Bengaluru"]);
    expect(scope && scopePath(scope)).toBe("/all/wedding-venue/karnataka/bengaluru");
    const state = resolveScope(LOCATIONS, { category: "Wedding Venues", subCategory: "Rajasthan" });
    expect(state && [state.state, state.city, scopePath(state)]).toEqual(["Rajasthan", undefined, "/all/wedding-venue/rajasthan"]);
    expect(resolveScope(LOCATIONS, { category: "wedding-venue", subCategory: "rajasthan", state: "pune" })).toBeNull();
    expect(resolveScope(LOCATIONS, { category: "wedding-venue", subCategory: "rajasthan", state: "jaipur", city: "x" })).toBeNull();
  });
  it("returns null for an unknown category, subcategory in another group, state or city", () => {
    expect(resolveScope(LOCATIONS, { category: "spaceships" })).toBeNull();
    expect(resolveScope(LOCATIONS, { category: "bride", subCategory: "caterers" })).toBeNull();
    expect(resolveScope(LOCATIONS, { category: "bride", subCategory: "mehndi-artist", state: "atlantis" })).toBeNull();
    expect(resolveScope(LOCATIONS, { category: "bride", subCategory: "mehndi-artist", state: "goa", city: "jaipur" })).toBeNull();
  });
});

describe("browse filters from the URL", () => {
  it("keeps valid filters and drops invalid ones with a message", () => {
    const { filters, problems } = parseBrowseFilters(
      new URLSearchParams("q=thali&minPrice=abc&maxPrice=5000&rating=9&available_on=2026-12-05&sort=price_low&page=2"),
    );
    expect(filters).toEqual({ q: "thali", maxPrice: 5000, available_on: "2026-12-05", sort: "price_low", page: 2 });
    expect(problems).toHaveLength(2);
  });
  it("drops a maximum below the minimum and an unknown sort", () => {
    const { filters, problems } = parseBrowseFilters(new URLSearchParams("minPrice=900&maxPrice=100&sort=random"));
    expect(filters).toEqual({ minPrice: 900, sort: "rating", page: 1 });
    expect(problems).toHaveLength(2);
  });
  it("writes the URL state back without defaults", () => {
    const { filters } = parseBrowseFilters(new URLSearchParams("q=dj&sort=newest&page=3"));
    expect(filterSearch(filters)).toBe("?q=dj&page=3&sort=newest");
    expect(filterSearch(filters, { page: 1 })).toBe("?q=dj&sort=newest");
    expect(filterSearch({ sort: "rating", page: 1 })).toBe("");
  });
});
