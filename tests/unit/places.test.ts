import { describe, expect, it } from "vitest";
import { checkPlace } from "#domain/accounts/index.ts";
import { cityLabel, parseLocation, PLACE_ALIASES, type LocationMap } from "#shared/place-names.ts";
import { PLACES, STATE_NAMES } from "#shared/places.ts";

/** The location data vendors choose from (issue 28: /vendorSignup offered 15 states). */
const STATES_AND_UTS = [
  "Andhra Pradesh", "Arunachal Pradesh", "Assam", "Bihar", "Chhattisgarh", "Goa", "Gujarat", "Haryana", "Himachal Pradesh", "Jharkhand",
  "Karnataka", "Kerala", "Madhya Pradesh", "Maharashtra", "Manipur", "Meghalaya", "Mizoram", "Nagaland", "Odisha", "Punjab", "Rajasthan",
  "Sikkim", "Tamil Nadu", "Telangana", "Tripura", "Uttar Pradesh", "Uttarakhand", "West Bengal",
  "Andaman and Nicobar Islands", "Chandigarh", "Dadra and Nagar Haveli and Daman and Diu", "Delhi", "Jammu and Kashmir", "Ladakh",
  "Lakshadweep", "Puducherry",
]; // prettier-ignore

describe("the location data", () => {
  it("has every state and union territory of India, each with cities", () => {
    expect([...STATE_NAMES].sort()).toEqual([...STATES_AND_UTS].sort());
    for (const s of STATE_NAMES) expect(PLACES[s]?.length, s).toBeGreaterThan(0);
  });

  it("knows common city names and old names, and every alias names a place of the data", () => {
    const places = PLACES as LocationMap;
    expect(parseLocation(places, "Vizag")).toEqual({ state: "Andhra Pradesh", city: "Visakhapatnam" });
    expect(parseLocation(places, "Trichy")).toEqual({ state: "Tamil Nadu", city: "Tiruchirappalli" });
    expect(parseLocation(places, "Pondicherry")).toEqual({ state: "Puducherry", city: "Puducherry" });
    expect(parseLocation(places, "Allahabad")).toEqual({ state: "Uttar Pradesh", city: "Prayagraj" });
    expect(parseLocation(places, "Leh")).toEqual({ state: "Ladakh", city: "Leh" });
    for (const [alias, place] of Object.entries(PLACE_ALIASES)) {
      expect(STATE_NAMES, alias).toContain(place.state);
      if (place.city) expect(PLACES[place.state], alias).toContain(place.city);
    }
    expect(cityLabel("Visakhapatnam")).toBe("Visakhapatnam (Vizag, Waltair)");
    expect(cityLabel("Jaipur")).toBe("Jaipur");
  });

  it("accepts a vendor anywhere in India, the city belonging to its state", () => {
    expect(checkPlace("andhra pradesh", "visakhapatnam")).toEqual({ state: "Andhra Pradesh", city: "Visakhapatnam" });
    expect(checkPlace("Jammu and Kashmir", "Srinagar")).toEqual({ state: "Jammu and Kashmir", city: "Srinagar" });
    expect(() => checkPlace("Ladakh", "Srinagar")).toThrow();
  });
});
