import { describe, expect, it } from "vitest";
import { ALL_SUBCATEGORIES, unitsFor } from "#shared/catalogue.ts";
import { DEFAULT_SEED, DEMO_NOW, generateDemoData, MAJOR_CITIES, type Chunk } from "#db/seed/generator.ts";
import { artworkSvg, IMAGES_PER_SUBCATEGORY } from "#db/seed/images.ts";
import { byDefaultListOrder, withFirstPageCovers } from "#db/seed/covers.ts";
import { PAGE_SIZE_DEFAULT } from "#shared/sort-options.ts";
import { ALL_CITIES } from "#db/seed/places.ts";
import { PRICE_RANGES } from "#db/seed/prices.ts";
import { PLACES } from "#shared/places.ts";

const slugOf = (name: string) => ALL_SUBCATEGORIES.find((s) => s.name === name)!.slug;

const collect = (seed: number, services: number) => {
  const tables: Record<string, Chunk["rows"]> = {};
  for (const chunk of generateDemoData({ seed, services, now: DEMO_NOW })) (tables[chunk.table] ??= []).push(...chunk.rows);
  return tables;
};

describe("the demo data generator", () => {
  const data = collect(7, 2000);

  it("gives the same rows for the same seed, and different rows for another", () => {
    expect(collect(7, 300)).toEqual(collect(7, 300));
    expect(collect(8, 300).services?.[0]?.id).not.toBe(collect(7, 300).services?.[0]?.id);
  });

  it("makes at least 60 vendors and the asked number of services over every subcategory", () => {
    expect(data.vendors!.length).toBeGreaterThanOrEqual(60);
    expect(data.services).toHaveLength(2000);
    const types = new Set(data.services!.map((s) => s.service_type));
    expect(types.size).toBe(ALL_SUBCATEGORIES.length);
  });

  it("covers every subcategory in Jaipur and in each of 11 other major cities (12 in all)", () => {
    const types = new Map<string, Set<unknown>>();
    for (const s of data.services!.filter((x) => x.status === "active")) {
      const key = `${s.city as string}, ${s.state as string}`;
      types.set(key, (types.get(key) ?? new Set()).add(s.service_type));
    }
    const full = [...types].filter(([, t]) => t.size === ALL_SUBCATEGORIES.length).map(([place]) => place);
    expect(full.length).toBeGreaterThanOrEqual(12);
    for (const p of [{ state: "Rajasthan", city: "Jaipur" }, ...MAJOR_CITIES]) expect(full, p.city).toContain(`${p.city}, ${p.state}`);
  });

  it("places every demo city in the site's location data", () => {
    for (const { state, city } of ALL_CITIES) expect(PLACES[state], `${city}, ${state}`).toContain(city);
  });

  it("spreads services over at least 12 states and 40 cities", () => {
    expect(new Set(data.services!.map((s) => s.state)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(data.services!.map((s) => s.city)).size).toBeGreaterThanOrEqual(40);
  });

  it("gives every service a price, a unit from its subcategory, 3 to 8 images, FAQs and reviews", () => {
    const count = (table: string) => {
      const m = new Map<string, number>();
      for (const r of data[table]!) m.set(r.service_id as string, (m.get(r.service_id as string) ?? 0) + 1);
      return m;
    };
    const images = count("service_media");
    const faqs = count("service_faqs");
    const reviews = count("reviews");
    for (const s of data.services!) {
      expect(s.min_price as number).toBeGreaterThan(0);
      expect(unitsFor(s.service_type as string)).toContain(s.service_unit);
      expect(images.get(s.id as string)).toBeGreaterThanOrEqual(3);
      expect(images.get(s.id as string)).toBeLessThanOrEqual(8);
      expect(faqs.get(s.id as string)).toBeGreaterThanOrEqual(2);
      expect(reviews.get(s.id as string)).toBeGreaterThanOrEqual(1);
      expect(s.review_count).toBe(reviews.get(s.id as string));
    }
  });

  it("writes review comments of at least 60 characters and one review per couple per service", () => {
    const seen = new Set<string>();
    for (const r of data.reviews!) {
      expect((r.comment as string).length).toBeGreaterThanOrEqual(60);
      const key = `${r.service_id}:${r.user_id}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });

  it("uses only images the project makes (no external URLs)", () => {
    for (const m of data.service_media!) expect(m.key as string).toMatch(/^seed\/img\/[a-z0-9-]+-\d+\.svg$/);
    const svg = artworkSvg("Caterers", 3);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect(artworkSvg("Caterers", 3)).toBe(svg);
  });

  it("chooses covers so that no subcategory's first page, in India, a state or a city, shows one twice (issue 28)", () => {
    const firstPages = (services: Chunk["rows"]) => {
      const pages = new Map<string, string[]>();
      for (const r of services.filter((s) => s.status === "active").sort(byDefaultListOrder))
        for (const key of [`${r.service_type}`, `${r.service_type}|${r.state}`, `${r.service_type}|${r.state}|${r.city}`]) {
          const page = pages.get(key) ?? pages.set(key, []).get(key)!;
          if (page.length < PAGE_SIZE_DEFAULT) page.push(r.cover_key as string);
        }
      return [...pages.values()];
    };
    const repeats = (services: Chunk["rows"]) => firstPages(services).reduce((n, covers) => n + covers.length - new Set(covers).size, 0);
    expect(repeats(data.services!)).toBeGreaterThan(100); // as drawn: the first 12 banquet halls had 5 pictures

    const seeded: Record<string, Chunk["rows"]> = {};
    for (const chunk of withFirstPageCovers(generateDemoData({ seed: 7, services: 2000, now: DEMO_NOW }))) (seeded[chunk.table] ??= []).push(...chunk.rows);
    expect(repeats(seeded.services!)).toBe(0);
    // The cover is still photo 1, of the listing's own subcategory, and no listing shows a photo twice.
    const photos = new Map<string, Chunk["rows"]>();
    for (const m of seeded.service_media!) photos.set(m.service_id as string, [...(photos.get(m.service_id as string) ?? []), m]);
    for (const s of seeded.services!) {
      const own = photos.get(s.id as string)!;
      expect(own.find((m) => m.position === 0)?.key).toBe(s.cover_key);
      expect(new Set(own.map((m) => m.key)).size).toBe(own.length);
      expect(s.cover_key as string).toMatch(new RegExp(`^seed/img/${slugOf(s.service_type as string)}-\\d+\\.svg$`));
    }
    // Everything else is as generated.
    expect(seeded.services!.map(({ cover_key: _, ...rest }) => rest)).toEqual(data.services!.map(({ cover_key: _, ...rest }) => rest));
    expect(seeded.reviews).toEqual(data.reviews);
  });

  it("draws a different artwork for each of a subcategory's variants", () => {
    const artworks = new Set([...Array(IMAGES_PER_SUBCATEGORY).keys()].map((v) => artworkSvg("Banquet Halls", v)));
    expect(artworks.size).toBe(IMAGES_PER_SUBCATEGORY);
  });

  it("includes the four demo accounts and gives the demo vendor services", () => {
    const emails = data.users!.map((u) => u.email);
    for (const e of ["couple@mandap.example", "vendor@mandap.example", "admin@mandap.example", "superadmin@mandap.example"]) expect(emails).toContain(e);
    const demoVendor = data.users!.find((u) => u.email === "vendor@mandap.example")!;
    expect(data.services!.some((s) => s.vendor_id === demoVendor.id)).toBe(true);
  });
});

describe("demo counters and dates", () => {
  const data = collect(11, 400);
  it("dates every review after its listing and not after the demo world's now", () => {
    const created = new Map(data.services!.map((s) => [s.id, s.created_at as number]));
    for (const r of data.reviews!) {
      expect(r.created_at as number).toBeLessThanOrEqual(DEMO_NOW);
      expect(r.created_at as number).toBeGreaterThanOrEqual(created.get(r.service_id)!);
    }
  });

  it("starts lead and wishlist counters at zero, since no lead or wishlist rows are seeded", () => {
    for (const s of data.services!) {
      expect(s.lead_count).toBe(0);
      expect(s.wishlist_count).toBe(0);
    }
  });
});

describe("the demo couple's city", () => {
  it("has at least three listings of every subcategory in Jaipur", () => {
    const data = collect(DEFAULT_SEED, 2000);
    for (const s of ALL_SUBCATEGORIES) {
      const inJaipur = data.services!.filter((x) => x.service_type === s.name && x.city === "Jaipur").length;
      expect(inJaipur, s.name).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("demo service names", () => {
  it("never repeat the subcategory's last word", () => {
    const data = collect(DEFAULT_SEED, 2000);
    for (const s of data.services!) expect(s.service_name as string).not.toMatch(/\b(\w+) \1\b/);
  });
});

describe("demo data looks like the trade", () => {
  const data = collect(DEFAULT_SEED, 2000);
  const vendorOf = new Map(data.vendors!.map((v) => [v.user_id, v]));

  it("lists each service under a vendor of the same trade", () => {
    for (const s of data.services!) expect(vendorOf.get(s.vendor_id)?.business_category, s.service_name as string).toBe(s.service_type);
  });

  it("names vendors after their trade: no caterer is a Studio, no photographer a Rasoi", () => {
    for (const v of data.vendors!) {
      const name = v.business_name as string;
      if (/Caterers|Cakes/.test(v.business_category as string)) expect(name, name).not.toMatch(/Studios|Clicks|Boutique|Jewellers/);
      if (/Photograph|Videograph/.test(v.business_category as string)) expect(name, name).not.toMatch(/Rasoi|Caterers|Kitchens|Jewellers/);
    }
  });

  it("prices every listing inside its subcategory's range for its unit (no ₹71,000-an-hour banquet halls)", () => {
    for (const s of data.services!) {
      const [low, high] = PRICE_RANGES[s.service_type as string]![s.service_unit as string]!;
      const price = s.min_price as number;
      expect(price, `${s.service_type} ${s.service_unit}`).toBeGreaterThanOrEqual(low * 0.95);
      expect(price, `${s.service_type} ${s.service_unit}`).toBeLessThanOrEqual(high * 1.05);
    }
    const hourlyHalls = data.services!.filter((s) => s.service_type === "Banquet Halls" && s.service_unit === "Per Hour").map((s) => s.min_price as number);
    expect(hourlyHalls.length).toBeGreaterThan(0);
    expect(Math.max(...hourlyHalls)).toBeLessThanOrEqual(40_000);
  });

  it("has a price range for every subcategory's every unit in the catalogue", () => {
    for (const sub of ALL_SUBCATEGORIES) for (const unit of sub.units) expect(PRICE_RANGES[sub.name]?.[unit], `${sub.name} ${unit}`).toBeDefined();
  });
});

describe("demo badges are backed by records", () => {
  const data = collect(DEFAULT_SEED, 2000);

  it("verifies no vendor: only an admin's verification makes one, and the demo has none", () => {
    expect(data.vendors!.length).toBeGreaterThan(0);
    for (const v of data.vendors!) expect(v.is_verified, v.slug as string).toBe(0);
  });

  it("gives no vendor a reply time: it is computed from answered leads, and no leads are seeded", () => {
    expect(data.leads ?? []).toHaveLength(0);
    for (const v of data.vendors!) expect(v.reply_minutes_median, v.slug as string).toBeNull();
  });

  it("stores no Verified booking flag and seeds no bookings, so no demo review shows the badge", () => {
    expect(data.bookings ?? []).toHaveLength(0);
    for (const r of data.reviews!) expect(r).not.toHaveProperty("verified_booking");
  });

  it("signs every demo reply as the service's own vendor, dated after the review", () => {
    const vendorOf = new Map(data.services!.map((s) => [s.id, s.vendor_id]));
    const replies = data.reviews!.filter((r) => r.vendor_reply !== null);
    expect(replies.length).toBeGreaterThan(0);
    for (const r of replies) {
      expect(r.reply_by).toBe("VENDOR");
      expect(r.reply_user_id).toBe(vendorOf.get(r.service_id));
      expect(r.vendor_replied_at as number).toBeGreaterThanOrEqual(r.created_at as number);
      expect(r.vendor_replied_at as number).toBeLessThanOrEqual(DEMO_NOW);
    }
    for (const r of data.reviews!.filter((x) => x.vendor_reply === null))
      expect([r.reply_by, r.reply_user_id, r.vendor_replied_at]).toEqual([null, null, null]);
  });
});

describe("demo plans", () => {
  const data = collect(DEFAULT_SEED, 300);

  it("are the admin-made Free trial, Silver and Gold plans with their prices, durations and limits", () => {
    const plans = data.plans!;
    const features = plans.map((p) => JSON.parse(p.features as string) as string[]);
    expect(
      plans.map((p) => [p.name, p.price, p.duration_days, p.is_trial, p.max_active_services, p.featured_placement, p.analytics_depth, p.is_active]),
    ).toEqual([
      ["Free trial", 0, 14, 1, 3, 0, "BASIC", 1],
      ["Silver", 4999, 90, 0, 10, 0, "FULL", 1],
      ["Gold", 14999, 365, 0, null, 1, "FULL", 1],
    ]);
    expect(features[0]).toEqual(expect.arrayContaining(["Answer enquiries and send quotes"]));
    for (const f of features) {
      expect(f.length).toBeGreaterThan(0);
      expect(f.length).toBeLessThanOrEqual(12);
    }
  });

  it("come without subscriptions, payments or invoices: those are earned by real purchases", () => {
    expect(data.subscriptions ?? []).toHaveLength(0);
    expect(data.payments ?? []).toHaveLength(0);
    expect(data.invoices ?? []).toHaveLength(0);
    expect(data.trial_claims ?? []).toHaveLength(0);
  });
});
