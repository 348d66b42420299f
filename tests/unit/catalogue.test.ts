import { describe, expect, it } from "vitest";
import { ALL_SUBCATEGORIES, browsePath, CATALOGUE, findGroup, findSubcategory, servicePath, unitsFor } from "#shared/catalogue.ts";
import { slugify } from "#shared/slug.ts";

describe("the category catalogue", () => {
  it("has the spec's four groups in order", () => {
    expect(CATALOGUE.map((g) => g.name)).toEqual(["Wedding Venue", "Wedding Vendor", "Bride", "Groom"]);
    expect(CATALOGUE.map((g) => g.navLabel)).toEqual(["Venue", "Vendor", "Brides", "Grooms"]);
  });

  it("lists every subcategory of spec section 3", () => {
    const names = (group: string) => findGroup(group)?.subcategories.map((s) => s.name);
    expect(names("Wedding Venue")).toEqual(["Wedding Lawns Farmhouse", "Hotel", "Banquet Halls", "Marriage Garden", "Wedding Halls", "Wedding Resorts"]);
    expect(names("Wedding Vendor")).toHaveLength(22);
    expect(names("Wedding Vendor")).toContain("Wedding DJ");
    expect(names("Bride")).toEqual(["Bridal Lahenga", "Bridal Jewellery", "Bridal Makeup Artist", "Mehndi Artist", "Makeup Salon"]);
    expect(names("Groom")).toEqual(["Sherwani", "Men's Grooming", "Men's Accessories"]);
  });

  it("gives every subcategory two or three price units, with the spec's examples", () => {
    for (const s of ALL_SUBCATEGORIES) expect(s.units.length, s.name).toBeGreaterThanOrEqual(2);
    for (const s of ALL_SUBCATEGORIES) expect(s.units.length, s.name).toBeLessThanOrEqual(3);
    expect(unitsFor("Hotel")).toEqual(["Per Day", "Per Room", "Per Booking"]);
    expect(unitsFor("Banquet Halls")).toEqual(["Per Event", "Per Hour"]);
    expect(unitsFor("Caterers")).toEqual(["Per Plate", "Per Guest", "Package Pricing"]);
    expect(unitsFor("Wedding Cakes")).toEqual(["Per Kg", "Per Cake"]);
    expect(unitsFor("Wedding Planner")).toEqual(["Fixed Fee", "Percentage of Budget"]);
    expect(unitsFor("Astrologers")).toEqual(["Per Consultation", "Per Package"]);
    expect(unitsFor("Sherwani")).toEqual(["Per Outfit", "Per Rental Period"]);
  });

  it("makes slugs lower-case with spaces as hyphens", () => {
    expect(slugify("Wedding Lawns Farmhouse")).toBe("wedding-lawns-farmhouse");
    expect(slugify("Men's Grooming")).toBe("mens-grooming");
    expect(browsePath("Wedding Vendor", "Wedding Photographers")).toBe("/all/wedding-vendor/wedding-photographers");
    expect(browsePath("Bride")).toBe("/all/bride");
    expect(browsePath()).toBe("/all");
  });

  it("resolves the spec's mixed-case, spaced and plural links", () => {
    expect(findGroup("Wedding Vendor")?.name).toBe("Wedding Vendor");
    expect(findGroup("Wedding vendor")?.name).toBe("Wedding Vendor");
    expect(findGroup("Wedding Venues")?.name).toBe("Wedding Venue");
    expect(findGroup("Wedding Vendors")?.name).toBe("Wedding Vendor");
    expect(findGroup("bride")?.name).toBe("Bride");
    expect(findGroup("nonsense")).toBeUndefined();
    const vendor = findGroup("Wedding vendor");
    expect(findSubcategory("caterers", vendor)?.name).toBe("Caterers");
    expect(findSubcategory("Wedding planner", vendor)?.name).toBe("Wedding Planner");
    expect(findSubcategory("Makeup Salon", findGroup("bride"))?.name).toBe("Makeup Salon");
    expect(findSubcategory("Caterers", findGroup("bride"))).toBeUndefined();
  });

  it("builds service links as /all/{group}/{subcategory}/{state}/{city}/{id}", () => {
    expect(servicePath({ id: "abc", serviceCategory: "Wedding Vendor", serviceType: "Caterers", state: "Tamil Nadu", city: "Chennai" })).toBe(
      "/all/wedding-vendor/caterers/tamil-nadu/chennai/abc",
    );
  });
});
