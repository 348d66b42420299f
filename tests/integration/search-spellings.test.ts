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

describe("a text search's total", () => {
  it("counts every match on the first page, on a later page, and past the end (where no row carries it)", async () => {
    const word = `zari${crypto.randomUUID().slice(0, 8).replace(/\d/g, "q")}`;
    const vendor = await createVendor({ businessName: "Zari Works", state: "Karnataka", city: "Bengaluru" });
    for (let i = 0; i < 5; i++)
      await createService({ vendorId: vendor.id, serviceName: `${word} Sherwani House ${i}`, serviceType: "Sherwani", state: "Karnataka", city: "Bengaluru" });
    const page = async (n: number) => {
      const res = await call(`/api/v1/services?q=${word}&limit=2&page=${n}`);
      expect(res.status).toBe(200);
      return res.json<ListBody>();
    };
    const [first, last, past] = [await page(1), await page(3), await page(4)];
    expect(first.ServiceResult).toHaveLength(2);
    expect(last.ServiceResult).toHaveLength(1);
    expect(past.ServiceResult).toHaveLength(0);
    for (const body of [first, last, past]) expect(body.total).toBe(5);
  });
});
