import { describe, expect, it } from "vitest";
import { call, createService, createVendor } from "#tests/support/factories.ts";

/**
 * Filters that the search writes differently for the query planner (functions/domain/catalogue/service-search.ts):
 * a category that is the subcategory's own adds no condition; with a place, the category is
 * matched after the place's index. What a visitor gets must be exactly the same.
 */
type ListBody = { ServiceResult: { id: string; service_category: string; service_type: string; state: string }[]; total: number };

async function list(query: string): Promise<ListBody> {
  const res = await call(`/api/v1/services?${query}&limit=100`);
  expect(res.status, query).toBe(200);
  return res.json<ListBody>();
}

describe("category, subcategory and place together", () => {
  it("give the same services as the subcategory alone when the category is its own, and none when it is another's", async () => {
    const vendor = await createVendor({ state: "Kerala", city: "Kochi" });
    const mine = await createService({ vendorId: vendor.id, serviceType: "Caterers", serviceCategory: "Wedding Vendor", state: "Kerala", city: "Kochi" });
    const alone = await list("service_type=Caterers&state=Kerala");
    const withCategory = await list("service_category=Wedding%20Vendor&service_type=Caterers&state=Kerala");
    expect(withCategory.ServiceResult.map((s) => s.id)).toEqual(alone.ServiceResult.map((s) => s.id));
    expect(withCategory.total).toBe(alone.total);
    expect(withCategory.ServiceResult.map((s) => s.id)).toContain(mine.id);
    const other = await list("service_category=Bride&service_type=Caterers");
    expect(other.ServiceResult).toHaveLength(0);
    expect(other.total).toBe(0);
  });

  it("match a category in a place exactly: that category, that place, every one of them counted", async () => {
    const vendor = await createVendor({ state: "Goa", city: "Panaji" });
    const venue = await createService({ vendorId: vendor.id, serviceType: "Banquet Halls", serviceCategory: "Wedding Venue", state: "Goa", city: "Panaji" });
    const caterer = await createService({ vendorId: vendor.id, serviceType: "Caterers", serviceCategory: "Wedding Vendor", state: "Goa", city: "Panaji" });
    const body = await list("service_category=Wedding%20Venue&state=Goa");
    expect(body.ServiceResult.every((s) => s.service_category === "Wedding Venue" && s.state === "Goa")).toBe(true);
    const ids = body.ServiceResult.map((s) => s.id);
    expect(ids).toContain(venue.id);
    expect(ids).not.toContain(caterer.id);
    expect(body.total).toBe(body.ServiceResult.length);
  });
});
