import { describe, expect, it } from "vitest";
import { call, createService, createVendor } from "#tests/support/factories.ts";

/** Free text finds the field's other spellings through D1's FTS5, whatever the position of the word (shared/search-words.ts). */
type ListBody = { success: boolean; ServiceResult: { service_name: string }[]; total: number };

async function search(q: string): Promise<ListBody> {
  const res = await call(`/api/v1/services?q=${encodeURIComponent(q)}&limit=50`);
  expect(res.status, q).toBe(200);
  return res.json<ListBody>();
}

describe("search knows the field's spellings", () => {
  it("finds listings spelled the other way, alone and among other words", async () => {
    const vendor = await createVendor({ businessName: "Gulabi Threads", state: "Karnataka", city: "Bengaluru" });
    const lehenga = await createService({
      vendorId: vendor.id,
      serviceName: "Gulabi Lehenga Studio",
      serviceCategory: "Bride",
      serviceType: "Bridal Lahenga",
      serviceUnit: "Per Outfit",
      state: "Karnataka",
      city: "Bengaluru",
    });
    const pandit = await createService({
      vendorId: vendor.id,
      serviceName: "Shastri Pandit Ji",
      serviceType: "Pandit",
      serviceUnit: "Per Ceremony",
      state: "Karnataka",
      city: "Bengaluru",
    });
    const named = async (q: string) => (await search(q)).ServiceResult.map((s) => s.service_name);
    for (const q of ["lahenga", "lehnga bangalore", "bangalore lahenga", "gulabi lengha bengaluru", "dulhan lehenga"])
      expect(await named(q), q).toContain("Gulabi Lehenga Studio");
    for (const q of ["pundit", "pundit bangalore", "purohit bengaluru"]) expect(await named(q), q).toContain("Shastri Pandit Ji");
    expect(await named("pundit")).not.toContain("Gulabi Lehenga Studio");
    expect([lehenga.id, pandit.id].every(Boolean)).toBe(true);
  });

  it("answers 200 for every word of every group at once (the query stays valid FTS5)", async () => {
    const body = await search("photography mehendi sherwaani pundit banquet halwai shaadi bangalore lahenga");
    expect(body.success).toBe(true);
  });
});
