import { describe, expect, it } from "vitest";
import { filterLocations } from "#app/components/LocationBox.tsx";
import { filterSearch, parseLocation, resolveScope, scopePath } from "#app/lib/browse.ts";
import { parseBrowseFilters } from "#app/lib/browse.server.ts";

const LOCATIONS = { Rajasthan: ["Jaipur", "Jodhpur", "Udaipur"], Maharashtra: ["Mumbai", "Navi Mumbai", "Pune"], Goa: ["Panaji"] };

describe("location box suggestions", () => {
  it("lists every city grouped by state when empty", () => {
    expect(filterLocations(LOCATIONS, "")).toEqual(Object.entries(LOCATIONS));
  });
  it("keeps cities starting with the typed text, any case, dropping empty states", () => {
    expect(filterLocations(LOCATIONS, "j")).toEqual([["Rajasthan", ["Jaipur", "Jodhpur"]]]);
    expect(filterLocations(LOCATIONS, "  MUM")).toEqual([["Maharashtra", ["Mumbai"]]]);
    expect(filterLocations(LOCATIONS, "pur")).toEqual([]); // starts with, not contains
  });
});

describe("parseLocation", () => {
  it("reads the box's region/city, a city alone, 'city, state' or a state", () => {
    expect(parseLocation(LOCATIONS, "Rajasthan/Jaipur")).toEqual({ state: "Rajasthan", city: "Jaipur" });
    expect(parseLocation(LOCATIONS, "navi mumbai")).toEqual({ state: "Maharashtra", city: "Navi Mumbai" });
    expect(parseLocation(LOCATIONS, "Udaipur, rajasthan")).toEqual({ state: "Rajasthan", city: "Udaipur" });
    expect(parseLocation(LOCATIONS, "GOA")).toEqual({ state: "Goa" });
    expect(parseLocation(LOCATIONS, "Atlantis")).toBeNull();
    expect(parseLocation(LOCATIONS, "")).toBeNull();
  });
});

describe("resolveScope", () => {
  it("accepts the spec's mixed-case, spaced and plural links", () => {
    const scope = resolveScope(LOCATIONS, { category: "Wedding Vendors", subCategory: "Wedding planner", state: "rajasthan", city: "JAIPUR" });
    expect(scope && scopePath(scope)).toBe("/all/wedding-vendor/wedding-planner/rajasthan/jaipur");
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
