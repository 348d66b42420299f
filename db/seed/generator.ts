import { ALL_SUBCATEGORIES } from "#shared/catalogue.ts";
import { slugify } from "#shared/slug.ts";
import { isShareOfBudget } from "#shared/format.ts";
import { demoImageKey, demoLogoKey, IMAGE_HEIGHT, IMAGE_WIDTH, IMAGES_PER_SUBCATEGORY, LOGO_VARIANTS, PHOTO_VARIANTS } from "./images.ts";
import { ALL_CITIES } from "./places.ts";
import { demoPrice } from "./prices.ts";
import { Random } from "./random.ts";

/**
 * The demo data generator: deterministic (same seed and options, same rows), covering every
 * subcategory, 15 states and 50 cities, with images, FAQs and reviews. Pure: it yields rows and
 * leaves writing them to the caller (the seed script, or a test).
 *
 * It fakes no badge: no vendor is "Verified" (only an admin's verification makes one, and none
 * exists in the demo), no vendor has a reply time (that comes from real answers to leads, and no
 * leads are seeded), and "Verified booking" is derived from bookings, of which there are none.
 */
export type SeedOptions = {
  seed: number;
  services: number;
  /** "Now" of the demo world; created dates fall in the year before it. */
  now: number;
};

export const DEFAULT_SEED = 20261122;
export const DEFAULT_SERVICES = 2000;
/** A fixed clock so the same options give the same data on any day. */
export const DEMO_NOW = Date.UTC(2026, 10, 1);

export type Row = Record<string, string | number | null>;

export const JAIPUR_LISTINGS_PER_SUBCATEGORY = 3;
/**
 * The big wedding cities besides Jaipur: after Jaipur's three of every subcategory, each of these
 * gets one of every subcategory, so a couple browsing any of 12 cities finds every kind of vendor
 * (issue 28: the other cities had 9 to 18 of the 36).
 */
export const MAJOR_CITIES: readonly { state: string; city: string }[] = [
  { state: "Maharashtra", city: "Mumbai" },
  { state: "Delhi", city: "New Delhi" },
  { state: "Karnataka", city: "Bengaluru" },
  { state: "Telangana", city: "Hyderabad" },
  { state: "Tamil Nadu", city: "Chennai" },
  { state: "West Bengal", city: "Kolkata" },
  { state: "Maharashtra", city: "Pune" },
  { state: "Gujarat", city: "Ahmedabad" },
  { state: "Rajasthan", city: "Udaipur" },
  { state: "Uttar Pradesh", city: "Lucknow" },
  { state: "Haryana", city: "Gurugram" },
];
export type Chunk = { table: string; rows: Row[] };

/** Demo accounts (passwords are set by the seed script; README lists them). */
export const DEMO_ACCOUNTS = {
  couple: { email: "couple@mandap.example", userName: "Ananya Sharma", role: "USER" },
  vendor: { email: "vendor@mandap.example", userName: "Rohan Mehta", role: "VENDOR" },
  admin: { email: "admin@mandap.example", userName: "Priya Nair", role: "ADMIN" },
  superAdmin: { email: "superadmin@mandap.example", userName: "Vikram Singh", role: "SUPER_ADMIN" },
} as const;

const FIRST = [
  "Aarav",
  "Vivaan",
  "Aditya",
  "Ishaan",
  "Kabir",
  "Arjun",
  "Reyansh",
  "Sai",
  "Krishna",
  "Rahul",
  "Ananya",
  "Diya",
  "Isha",
  "Kavya",
  "Meera",
  "Saanvi",
  "Aadhya",
  "Riya",
  "Pooja",
  "Neha",
  "Sneha",
  "Tanvi",
  "Farhan",
  "Zoya",
  "Gurpreet",
  "Harleen",
  "Joseph",
  "Maria",
  "Lakshmi",
  "Karthik",
];
const LAST = [
  "Sharma",
  "Verma",
  "Gupta",
  "Iyer",
  "Nair",
  "Reddy",
  "Patel",
  "Shah",
  "Singh",
  "Kaur",
  "Khan",
  "Das",
  "Banerjee",
  "Chatterjee",
  "Menon",
  "Pillai",
  "Joshi",
  "Kulkarni",
  "Deshmukh",
  "Agarwal",
  "Mehta",
  "Bose",
  "D'Souza",
  "Fernandes",
  "Rao",
];
const BRAND_FIRST = [
  "Shubh",
  "Mangal",
  "Royal",
  "Shaadi",
  "Utsav",
  "Rang",
  "Saat Phere",
  "Kesar",
  "Gulmohar",
  "Mehfil",
  "Noor",
  "Sitara",
  "Tara",
  "Bandhan",
  "Anand",
  "Heritage",
  "Shagun",
  "Moti",
  "Chandni",
  "Aangan",
];
/**
 * Each trade as the demo writes it: the second word of a business name (a caterer is a Rasoi, not a
 * Studio) and what couples say about the trade itself (a caterer's review talks about food, a DJ's
 * about the dance floor). Matched on the subcategory's name.
 */
const TRADES: readonly { trade: RegExp; brandLast: readonly string[]; praise: readonly string[] }[] = [
  {
    trade: /Lawns|Hotel|Banquet|Garden|Halls|Resorts|Wedding House/,
    brandLast: ["Palace", "Lawns", "Gardens", "Banquets", "Mahal", "Vatika", "Haveli", "Greens"],
    praise: [
      "The lawns looked stunning at night and parking for 400 guests was never a problem.",
      "Rooms for the baraat were clean and the staff handled the pheras on time.",
      "The hall stayed cool all evening even with a full house for the sangeet.",
    ],
  },
  {
    trade: /Caterers|Cakes/,
    brandLast: ["Caterers", "Rasoi", "Kitchens", "Foods", "Bhoj", "Zaika", "Bakers", "Pakwan"],
    praise: [
      "The dal makhani and the live chaat counter were the talk of the reception.",
      "They kept the Jain food separate and nobody had to ask twice.",
      "Hot rotis till midnight for 600 guests, and the sweets tasted homemade.",
    ],
  },
  {
    trade: /Photograph|Videograph|Photobooth/,
    brandLast: ["Studios", "Clicks", "Frames", "Films", "Pictures", "Lens", "Stories", "Moments"],
    praise: [
      "We got the full album in five weeks and the candid shots made our parents cry.",
      "The teaser film was ready two days after the wedding.",
      "They caught every ritual without getting in the pandit's way.",
    ],
  },
  {
    trade: /Decor|Florist|Tent/,
    brandLast: ["Decor", "Florals", "Creations", "Sajawat", "Tent House", "Designs", "Blooms", "Mandap Co."],
    praise: [
      "The marigold mandap was exactly what we had pinned, and set up hours early.",
      "Fresh flowers throughout, and the haldi setup was bright and cheerful.",
      "The tent held up through an unexpected shower without a single leak.",
    ],
  },
  {
    trade: /Music|DJ|Entertainment/,
    brandLast: ["Beats", "Band", "Entertainment", "Sounds", "Live", "Baaja", "Rhythms", "Nights"],
    praise: [
      "The dance floor never emptied and the baraat band kept pace with the ghodi.",
      "They took our song list seriously and still read the crowd well.",
      "The dhol at the entry gave everyone goosebumps.",
    ],
  },
  {
    trade: /Planner|Coordinators|Agencies/,
    brandLast: ["Weddings", "Events", "Celebrations", "Planners", "& Co.", "Collective", "Utsav", "Occasions"],
    praise: [
      "They ran three days of functions to the minute and we never saw a spreadsheet.",
      "Every vendor reported to them, so our families could simply enjoy it.",
      "They kept our budget honest and flagged every extra before it was spent.",
    ],
  },
  {
    trade: /Invitation|Gift/,
    brandLast: ["Cards", "Prints", "Invites", "Gifts", "Paper Co.", "Hampers", "Patrika", "Stationery"],
    praise: [
      "The cards arrived on time with every name spelt right in Hindi and English.",
      "Guests kept the boxes long after the wedding.",
      "Printing proofs came back the same day each time we changed something.",
    ],
  },
  {
    trade: /Transportation/,
    brandLast: ["Travels", "Cars", "Wheels", "Baggi House", "Tours", "Rides", "Motors", "Carriages"],
    praise: [
      "The vintage car arrived decorated and the driver knew every lane of the old city.",
      "Twelve cars for the guests, all clean and on time.",
      "The baggi for the groom's entry was the highlight of the baraat.",
    ],
  },
  {
    trade: /Pandit|Astrologers/,
    brandLast: ["Jyotish Kendra", "Pooja Seva", "Vedic Services", "Shastri Ji", "Astro", "Sanskar", "Panditji", "Muhurat"],
    praise: [
      "Panditji explained every ritual in simple words for our friends.",
      "The muhurat was worked out carefully and the ceremony ended on time.",
      "Both families felt the pooja was done properly and without rushing.",
    ],
  },
  {
    trade: /Lahenga|Jewellery/,
    brandLast: ["Couture", "Boutique", "Jewellers", "Bridal House", "Fashions", "Zari", "Heritage Jewels", "Ethnics"],
    praise: [
      "The fit was perfect after one trial and the embroidery was even finer in person.",
      "They altered it twice before the wedding at no extra charge.",
      "The set matched the outfit beautifully and felt light enough to wear all night.",
    ],
  },
  {
    trade: /Makeup|Mehndi|Salon|Grooming/,
    brandLast: ["Artistry", "Makeovers", "Studio", "Salon", "Glow", "Mehndi Arts", "Beauty Lounge", "Looks"],
    praise: [
      "The makeup lasted through the pheras and the photos without a touch-up.",
      "The mehndi came out dark and the design had our names hidden in it.",
      "They managed the bride, both mothers and four cousins before the muhurat.",
    ],
  },
  {
    trade: /Sherwani|Accessories/,
    brandLast: ["Menswear", "Couture", "Fashions", "Tailors", "Boutique", "Attire", "Safa House", "Royals"],
    praise: [
      "The fit was perfect after one trial and the embroidery was even finer in person.",
      "They altered it twice before the wedding at no extra charge.",
      "The set matched the outfit beautifully and felt light enough to wear all night.",
    ],
  },
];
const tradeOf = (type: string) => TRADES.find((t) => t.trade.test(type));
const ADJECTIVES = ["elegant", "vibrant", "heritage", "modern", "intimate", "grand", "royal", "serene", "joyful", "timeless"];
const TAGLINES = [
  "Celebrations crafted with love",
  "Your day, our devotion",
  "Tradition meets elegance",
  "Memories that last forever",
  "Making every function special",
  "Where stories begin",
];
const PRAISE = [
  "The team was punctual, polite and handled every last-minute change without fuss.",
  "Our guests are still talking about it, and the price was exactly what was quoted.",
  "They understood our family traditions and planned around every ritual beautifully.",
  "Communication on WhatsApp was quick and they shared updates before every function.",
  "Great value for money; a few small delays but nothing that spoiled the day.",
  "Professional from the first call to the vidaai, highly recommended for big families.",
  "The quality was excellent and they went beyond what we had asked for.",
];
const FAQS: readonly [string, (ctx: { unit: string; city: string }) => string][] = [
  ["Do you travel outside the city?", (c) => `Yes. We are based in ${c.city} and travel across India; travel and stay are charged at actuals.`],
  ["How much advance do you take to confirm a date?", () => "We block your date with a 25% advance; the balance is due one week before the event."],
  ["How is the price calculated?", (c) => `Our starting price is ${c.unit.toLowerCase()}. The final quote depends on the date, guest count and add-ons.`],
  ["Can we customise the package?", () => "Every package can be customised. Share your functions and guest count and we will send a tailored quote."],
  ["What is your cancellation policy?", () => "Cancellations 60 days before the event get a full refund of the advance minus a 10% processing fee."],
];

function businessName(rnd: Random, type: string): string {
  const base = `${rnd.pick(BRAND_FIRST)} ${rnd.pick(tradeOf(type)?.brandLast ?? ["Weddings", "Events", "& Co.", "Celebrations"])}`;
  const word = type.split(" ").pop() ?? "";
  return rnd.chance(0.4) && !base.split(" ").includes(word) ? `${base} ${word}` : base;
}

const OPENINGS = [
  (type: string, city: string) => `We booked them for our wedding in ${city} (${type.toLowerCase()}).`,
  (_type: string, city: string) => `Our wedding in ${city} would not have been the same without them.`,
  () => "We spoke to five vendors before choosing them and do not regret it.",
  (_type: string, city: string) => `Booked for my sister's wedding in ${city}.`,
];

function reviewText(rnd: Random, type: string, city: string): string {
  const [a = "", b = ""] = rnd.sample(PRAISE, 2);
  // The trade's sentence and the opening follow from the sampled praise: no extra draws, so the rest of the demo data stays the same.
  const trade = tradeOf(type)?.praise ?? [];
  const opening = OPENINGS[PRAISE.indexOf(b) % OPENINGS.length] ?? OPENINGS[0]!;
  const tradeLine = trade.length ? ` ${trade[PRAISE.indexOf(a) % trade.length]}` : "";
  return `${opening(type, city)}${tradeLine} ${a} ${b}`;
}

function phone(rnd: Random): string {
  return `+91 ${rnd.int(70000, 99999)} ${rnd.int(10000, 99999)}`;
}

/**
 * The demo's plans, as an admin would make them on /admin/plans (fixed ids, no randomness, so the
 * rest of the demo data does not move). Plans only: no demo vendor has a subscription or a
 * payment; those are earned by real purchases.
 */
export function demoPlans(now: number): Row[] {
  const plan = (p: {
    id: string;
    name: string;
    description: string;
    price: number;
    days: number;
    trial: boolean;
    features: string[];
    services: number | null;
    featured: boolean;
    depth: "BASIC" | "FULL";
  }): Row => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    duration_days: p.days,
    is_trial: p.trial ? 1 : 0,
    features: JSON.stringify(p.features),
    max_active_services: p.services,
    featured_placement: p.featured ? 1 : 0,
    analytics_depth: p.depth,
    is_active: 1,
    created_at: now,
    updated_at: now,
  });
  return [
    plan({
      id: "plan-demo-free-trial",
      name: "Free trial",
      description: "Try Mandap free for 14 days when you verify your e-mail.",
      price: 0,
      days: 14,
      trial: true,
      features: ["Answer enquiries and send quotes", "Bookings and availability calendar"],
      services: 3,
      featured: false,
      depth: "BASIC",
    }),
    plan({
      id: "plan-demo-silver",
      name: "Silver",
      description: "For a growing business with a few packages.",
      price: 4999,
      days: 90,
      trial: false,
      features: ["Answer enquiries and send quotes", "Bookings and availability calendar", "GST invoice for every payment"],
      services: 10,
      featured: false,
      depth: "FULL",
    }),
    plan({
      id: "plan-demo-gold",
      name: "Gold",
      description: "For established vendors who want to be seen first.",
      price: 14999,
      days: 365,
      trial: false,
      features: ["Answer enquiries and send quotes", "Bookings and availability calendar", "GST invoice for every payment"],
      services: null,
      featured: true,
      depth: "FULL",
    }),
  ];
}

/** Demo data rows in insertion order (parents before children), in chunks for batched writes. */
export function* generateDemoData(options: SeedOptions): Generator<Chunk> {
  const rnd = new Random(options.seed);
  const yearAgo = options.now - 365 * 86_400_000;
  const at = () => yearAgo + Math.floor(rnd.next() * 365 * 86_400_000);

  // Couples who write reviews, plus the demo accounts.
  const reviewerCount = Math.max(120, Math.min(5000, Math.ceil(options.services / 10)));
  const users: Row[] = [];
  const reviewerIds: string[] = [];
  for (const [key, acc] of Object.entries(DEMO_ACCOUNTS)) {
    const created = yearAgo;
    users.push({
      id: rnd.uuid7(created),
      email: acc.email,
      user_name: acc.userName,
      role: acc.role,
      is_verified: 1,
      phone: phone(rnd),
      wedding_date: key === "couple" ? "2027-02-14" : null,
      wedding_city: key === "couple" ? "Jaipur" : null,
      created_at: created,
      updated_at: created,
    });
  }
  for (let i = 0; i < reviewerCount; i++) {
    const created = at();
    const name = `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
    const id = rnd.uuid7(created);
    reviewerIds.push(id);
    users.push({
      id,
      email: `couple${i + 1}@demo.mandap.example`,
      user_name: name,
      role: "USER",
      is_verified: rnd.chance(0.8) ? 1 : 0,
      phone: phone(rnd),
      wedding_date: null,
      wedding_city: null,
      created_at: created,
      updated_at: created,
    });
  }

  // Vendors: at least 60; about 25 services each at scale. The demo vendor account owns the first.
  const vendorCount = Math.max(60, Math.ceil(options.services / 25));
  const vendors: Row[] = [];
  const vendorUsers: Row[] = [];
  const usedSlugs = new Set<string>();
  const demoVendorUser = users[1] as Row;
  for (let i = 0; i < vendorCount; i++) {
    const created = at();
    const place = ALL_CITIES[i % ALL_CITIES.length] as { state: string; city: string };
    const mainType = ALL_SUBCATEGORIES[i % ALL_SUBCATEGORIES.length] as (typeof ALL_SUBCATEGORIES)[number];
    const name = businessName(rnd, mainType.name);
    let slug = slugify(name);
    if (usedSlugs.has(slug)) slug = `${slug}-${slugify(place.city)}`;
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
    usedSlugs.add(slug);
    let userId: string;
    if (i === 0) {
      userId = demoVendorUser.id as string;
    } else {
      userId = rnd.uuid7(created);
      vendorUsers.push({
        id: userId,
        email: `vendor${i}@demo.mandap.example`,
        user_name: `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`,
        role: "VENDOR",
        is_verified: 1,
        phone: phone(rnd),
        wedding_date: null,
        wedding_city: null,
        created_at: created,
        updated_at: created,
      });
    }
    const about = `${name} is a ${rnd.pick(ADJECTIVES)} ${mainType.name.toLowerCase()} team from ${place.city}, ${place.state}. We have planned over ${rnd.int(40, 900)} weddings across ${rnd.int(2, 12)} states and love working with families on every function, from haldi to reception.`;
    vendors.push({
      user_id: userId,
      slug,
      business_name: name,
      business_category: mainType.name,
      tagline: rnd.chance(0.85) ? rnd.pick(TAGLINES) : null,
      description: rnd.chance(0.9) ? about : null,
      phone: phone(rnd),
      email: `hello@${slug.replace(/-/g, "")}.example`,
      state: place.state,
      city: place.city,
      logo_key: rnd.chance(0.5) ? demoLogoKey(rnd.int(0, LOGO_VARIANTS - 1)) : null,
      facebook: rnd.chance(0.6) ? `https://www.facebook.com/${slug}` : null,
      instagram: rnd.chance(0.8) ? `https://www.instagram.com/${slug.replace(/-/g, "_")}` : null,
      website: rnd.chance(0.5) ? `https://${slug}.example` : null,
      is_verified: 0,
      profile_views: rnd.int(0, 2500),
      reply_minutes_median: null,
      created_at: created,
      updated_at: created,
    });
  }
  const vendorsOfType = new Map<string, Row[]>();
  for (const v of vendors) vendorsOfType.set(v.business_category as string, [...(vendorsOfType.get(v.business_category as string) ?? []), v]);
  yield { table: "users", rows: [...users, ...vendorUsers] };
  yield { table: "vendors", rows: vendors };
  yield { table: "plans", rows: demoPlans(options.now) };

  // Services in chunks: round-robin over subcategories so every one is covered.
  const CHUNK = 500;
  for (let start = 0; start < options.services; start += CHUNK) {
    const services: Row[] = [];
    const media: Row[] = [];
    const faqs: Row[] = [];
    const reviews: Row[] = [];
    for (let i = start; i < Math.min(options.services, start + CHUNK); i++) {
      const type = ALL_SUBCATEGORIES[i % ALL_SUBCATEGORIES.length] as (typeof ALL_SUBCATEGORIES)[number];
      // A listing belongs to a vendor of its own trade (a caterer's listings are catering), taken in turn.
      const ofType = vendorsOfType.get(type.name) ?? vendors;
      const vendor = ofType[Math.floor(i / ALL_SUBCATEGORIES.length) % ofType.length] as Row;
      // The demo couple marries in Jaipur: every subcategory has at least three listings there;
      // then one of every subcategory in each major city (i runs over the subcategories in turn).
      const jaipurEnd = ALL_SUBCATEGORIES.length * JAIPUR_LISTINGS_PER_SUBCATEGORY;
      const major = i >= jaipurEnd ? MAJOR_CITIES[Math.floor((i - jaipurEnd) / ALL_SUBCATEGORIES.length)] : undefined;
      const place =
        i < jaipurEnd
          ? { state: "Rajasthan", city: "Jaipur" }
          : major
            ? major
            : rnd.chance(0.7)
              ? { state: vendor.state as string, city: vendor.city as string }
              : rnd.pick(ALL_CITIES);
      const created = at();
      const id = rnd.uuid7(created);
      const unit = rnd.pick(type.units);
      const minPrice = demoPrice(type.name, unit, rnd.int(0, 1000) / 1000);
      // (The draw's length is part of the seeded stream: a longer list would change every later row.
      // The covers of the first pages are chosen after loading, from all the artworks: db/seed/covers.ts.)
      const imageVariants = rnd.sample([...Array(PHOTO_VARIANTS).keys()], rnd.int(3, 8));
      const adjective = rnd.pick(ADJECTIVES);
      const brand = vendor.business_name as string;
      // "Heritage Caterers" selling Caterers is not "Heritage Caterers Caterers".
      const base = brand.endsWith(type.name.split(" ").pop() as string) ? brand : `${brand} ${type.name}`;
      const name = `${base}${rnd.chance(0.3) ? ` – ${adjective[0]?.toUpperCase()}${adjective.slice(1)} Package` : ""}`;

      imageVariants.forEach((variant, position) =>
        media.push({
          id: rnd.uuid7(created),
          service_id: id,
          key: demoImageKey(type.slug, variant),
          kind: "image",
          width: IMAGE_WIDTH,
          height: IMAGE_HEIGHT,
          alt: `${type.name} by ${vendor.business_name as string}, photo ${position + 1}`,
          position,
          created_at: created,
        }),
      );
      rnd
        .sample(FAQS, rnd.int(2, 4))
        .forEach(([question, answer], position) =>
          faqs.push({ id: rnd.uuid7(created), service_id: id, question, answer: answer({ unit, city: place.city }), position, created_at: created }),
        );
      const reviewers = rnd.sample(reviewerIds, rnd.int(1, 6));
      let ratingSum = 0;
      for (const userId of reviewers) {
        const rating = rnd.chance(0.75) ? rnd.int(4, 5) : rnd.int(2, 5);
        ratingSum += rating;
        const sub = () => Math.max(1, Math.min(5, rating + rnd.int(-1, 1)));
        // Reviews come after the listing and never after the demo world's "now".
        const reviewed = Math.min(options.now, created + rnd.int(1, 200) * 86_400_000);
        const replied = rnd.chance(0.3);
        reviews.push({
          id: rnd.uuid7(reviewed),
          service_id: id,
          user_id: userId,
          rating,
          quality: sub(),
          responsiveness: sub(),
          professionalism: sub(),
          value: sub(),
          flexibility: sub(),
          comment: reviewText(rnd, type.name, place.city),
          photo_keys: "[]",
          // The demo's replies are the vendor's own, a few days after the review.
          ...(replied
            ? {
                vendor_reply: "Thank you so much for choosing us. It was a joy to be part of your celebrations!",
                vendor_replied_at: Math.min(options.now, reviewed + rnd.int(1, 5) * 86_400_000),
                reply_by: "VENDOR",
                reply_user_id: vendor.user_id as string,
              }
            : { vendor_reply: null, vendor_replied_at: null, reply_by: null, reply_user_id: null }),
          status: "PUBLISHED",
          created_at: reviewed,
          updated_at: reviewed,
        });
      }
      services.push({
        id,
        vendor_id: vendor.user_id as string,
        service_name: name,
        description: `${vendor.business_name as string} offers ${adjective} ${type.name.toLowerCase()} for weddings in ${place.city}, ${place.state}. Starting at ${isShareOfBudget(unit) ? `${minPrice} % of the wedding budget` : `₹${minPrice.toLocaleString("en-IN")} ${unit.toLowerCase()}`}, with packages for intimate ceremonies and grand celebrations alike. Tell us your dates, functions and guest count and we will send a detailed quote within a day.`,
        service_category: type.group.name,
        service_type: type.name,
        min_price: minPrice,
        max_price: rnd.chance(0.6) ? minPrice * rnd.int(2, 5) : null,
        service_unit: unit,
        state: place.state,
        city: place.city,
        // A major city's one listing of its kind stays active (the others: about 3 % archived).
        status: major || rnd.chance(0.97) ? "active" : "archived",
        rating: Math.round((ratingSum / reviewers.length) * 100) / 100,
        review_count: reviewers.length,
        view_count: rnd.int(0, 5000),
        // Counters that rows back (leads, wishlists) start at zero so they always match their rows.
        lead_count: 0,
        wishlist_count: 0,
        cover_key: demoImageKey(type.slug, imageVariants[0] as number),
        created_at: created,
        updated_at: created,
      });
    }
    yield { table: "services", rows: services };
    yield { table: "service_media", rows: media };
    yield { table: "service_faqs", rows: faqs };
    yield { table: "reviews", rows: reviews };
  }
}

/** Every demo image key with its SVG, for uploading to R2. */
export function* demoImages(): Generator<{ key: string; label: string; variant: number; logo: boolean }> {
  for (const s of ALL_SUBCATEGORIES) {
    for (let v = 0; v < IMAGES_PER_SUBCATEGORY; v++) yield { key: demoImageKey(s.slug, v), label: s.name, variant: v, logo: false };
  }
  for (let n = 0; n < LOGO_VARIANTS; n++) yield { key: demoLogoKey(n), label: "", variant: n, logo: true };
}
