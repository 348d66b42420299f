import { COUNT_CAP, PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type SortBy } from "#shared/service-filters.ts";
import { mediaUrl } from "#shared/media.ts";
import { browsePath, CATALOGUE, findGroup, findSubcategory, servicePath } from "#shared/catalogue.ts";
import { slugify } from "#shared/slug.ts";
import { spellingsOf } from "#shared/search-words.ts";
import { type DomainContext, Forbidden, Invalid, can } from "../core/index.ts";
import { verifiedBookingSql } from "./reviews.ts";
import { parseHighlights } from "./vendor-services.ts";

/** A service as lists show it; field names are the spec's `ServiceResult` names. */
export type ServiceSummary = {
  id: string;
  service_name: string;
  service_category: string;
  service_type: string;
  state: string;
  city: string;
  rating: number;
  review_count: number;
  view_count: number;
  min_price: number;
  max_price: number | null;
  service_unit: string;
  status: "active" | "archived" | "hidden";
  created_at: number;
  vendor: { id: string; name: string; slug: string; reply_minutes_median: number | null };
  media: { image_urls: { path: string }[] }[];
};

/**
 * What a service card shows (app/components/ServiceCard.tsx), and no more: lists sent to the
 * browser in a page's data carry this, not the whole summary. A ServiceSummary is one too.
 */
export type ServiceCardData = Pick<
  ServiceSummary,
  "id" | "service_name" | "service_category" | "service_type" | "state" | "city" | "rating" | "review_count" | "min_price" | "service_unit"
> & {
  vendor: Pick<ServiceSummary["vendor"], "name" | "reply_minutes_median">;
  media: { image_urls: { path: string }[] }[];
};

/** A summary cut down to its card (the cover only). */
export function toServiceCard(s: ServiceSummary): ServiceCardData {
  const cover = s.media[0]?.image_urls[0];
  return {
    id: s.id,
    service_name: s.service_name,
    service_category: s.service_category,
    service_type: s.service_type,
    state: s.state,
    city: s.city,
    rating: s.rating,
    review_count: s.review_count,
    min_price: s.min_price,
    service_unit: s.service_unit,
    vendor: { name: s.vendor.name, reply_minutes_median: s.vendor.reply_minutes_median },
    media: cover ? [{ image_urls: [{ path: cover.path }] }] : [],
  };
}

export type ServiceSearch = {
  q?: string;
  service_category?: string;
  service_type?: string;
  state?: string;
  city?: string;
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  available_on?: string;
  vendorId?: string;
  vendor_name?: string;
  status?: "active" | "archived";
  sort?: { by: SortBy; order: "asc" | "desc" };
  page?: number;
  limit?: number;
  /** false skips counting (carousels need no total); `total` is then the page's length. */
  withTotal?: boolean;
};

export type ServicePage = {
  services: ServiceSummary[];
  total: number;
  /** True when more than COUNT_CAP matched and `total` is the cap. */
  totalIsCapped: boolean;
  page: number;
  limit: number;
  totalPages: number;
  rowsRead: number;
};

/**
 * Turns typed text into an FTS5 query: every word must match, as a prefix, quotes and every other
 * operator character stripped. Combining marks stay in their word (Devanagari vowel signs). With
 * `spellings`, a word also matches the other spellings of its group (shared/search-words.ts:
 * "lahenga" finds lehengas, "pundit" pandits, "bangalore" Bengaluru).
 */
export function ftsQuery(text: string, { spellings = false } = {}): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  if (!words.length) return null;
  return (
    words
      .map((w) => {
        const forms = spellings ? spellingsOf(w) : [w];
        return forms.length > 1 ? `(${forms.map((f) => `"${f}"*`).join(" OR ")})` : `"${forms[0]}"*`;
      })
      // FTS5 accepts an implicit AND only between phrases: a group needs the explicit operator.
      .join(spellings ? " AND " : " ")
  );
}

/** Vendors whose median first reply is within this many minutes rank first among equally rated text matches. */
export const REPLY_RANK_MINUTES = 24 * 60;

/** A text search considers at most this many (the newest) matching services (docs/decisions/0002). */
export const TEXT_MATCH_CAP = 2000;

const ORDER: Record<SortBy, string> = {
  rating: "s.rating {dir}, s.review_count {dir}",
  price: "s.min_price {dir}",
  views: "s.view_count {dir}",
  newest: "s.created_at {dir}",
};

export const SUMMARY_COLUMNS = `s.id, s.service_name, s.service_category, s.service_type, s.state, s.city, s.rating, s.review_count,
  s.view_count, s.min_price, s.max_price, s.service_unit, s.status, s.created_at, s.cover_key,
  v.user_id AS vendor_id, v.business_name AS vendor_name, v.slug AS vendor_slug, v.reply_minutes_median`;

export type SummaryRow = {
  id: string;
  service_name: string;
  service_category: string;
  service_type: string;
  state: string;
  city: string;
  rating: number;
  review_count: number;
  view_count: number;
  min_price: number;
  max_price: number | null;
  service_unit: string;
  status: "active" | "archived" | "hidden";
  created_at: number;
  cover_key: string | null;
  vendor_id: string;
  vendor_name: string;
  vendor_slug: string;
  reply_minutes_median: number | null;
};

export function toSummary(r: SummaryRow): ServiceSummary {
  return {
    id: r.id,
    service_name: r.service_name,
    service_category: r.service_category,
    service_type: r.service_type,
    state: r.state,
    city: r.city,
    rating: Math.round(r.rating * 10) / 10,
    review_count: r.review_count,
    view_count: r.view_count,
    min_price: r.min_price,
    max_price: r.max_price,
    service_unit: r.service_unit,
    status: r.status,
    created_at: r.created_at,
    vendor: { id: r.vendor_id, name: r.vendor_name, slug: r.vendor_slug, reply_minutes_median: r.reply_minutes_median },
    media: [{ image_urls: [{ path: mediaUrl(r.cover_key) }] }],
  };
}

type PreparedSearch = {
  list: D1PreparedStatement;
  /** The page with the number of all matches on every row (`matches`): text searches, whose matches are bounded by TEXT_MATCH_CAP. */
  listCounted: D1PreparedStatement | null;
  count: D1PreparedStatement;
  limit: number;
  page: number;
};

/** The D1 statements for one search (the rule is here once; searchServices and the batch run them). */
async function prepareSearch(ctx: DomainContext, search: ServiceSearch): Promise<PreparedSearch> {
  const { db: d1, actor } = ctx;
  const status = search.status ?? "active";
  if (status !== "active") {
    const own = actor && search.vendorId === actor.id;
    if (!own && !can.viewAdminArea(actor)) throw new Forbidden("Only the vendor can list their archived services.");
  }
  const where: string[] = ["s.status = ?"];
  const binds: unknown[] = [status];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    binds.push(...values);
  };
  // Names are matched in any case or spacing by mapping them to the stored (catalogue / place)
  // names first, so the comparisons stay exact and use the indexes.
  const group = search.service_category ? findGroup(search.service_category) : undefined;
  const subcategory = search.service_type ? findSubcategory(search.service_type) : undefined;
  let place = search.state || search.city ? resolvePlace(await serviceLocations(ctx), search.state, search.city) : {};
  // A place the cached map does not know may be new since it was read: look once more.
  if ((search.state && !place.state) || (search.city && !place.city)) place = resolvePlace(await serviceLocations(ctx, true), search.state, search.city);
  // A subcategory belongs to one group, so a category that is the subcategory's own adds no
  // condition, only a worse index choice (SQLite then counted a whole category row by row, 100 ms at
  // 100,000 services, instead of the subcategory's index).
  const impliedBySubcategory = Boolean(subcategory && group && subcategory.group === group);
  // With a place, the place's index is the narrower one; the unary + keeps SQLite from choosing a
  // category index instead (it prefers the category-and-price index, the smallest, and then reads
  // the category row by row: 105 ms for "Wedding Vendor in Rajasthan" at 100,000 services, 1 ms so).
  const categoryTerm = search.state || search.city ? "+s.service_category = ?" : "s.service_category = ?";
  if (search.service_category && !impliedBySubcategory) add(categoryTerm, group?.name ?? search.service_category);
  if (search.service_type) add("s.service_type = ?", subcategory?.name ?? search.service_type);
  if (search.state) add("s.state = ?", place.state ?? search.state);
  if (search.city) add("s.city = ?", place.city ?? search.city);
  if (search.minPrice !== undefined) add("s.min_price >= ?", search.minPrice);
  if (search.maxPrice !== undefined) add("s.min_price <= ?", search.maxPrice);
  if (search.rating !== undefined) add("s.rating >= ?", search.rating);
  if (search.vendorId) add("s.vendor_id = ?", search.vendorId);
  // The vendor's name is matched word by word (each typed word a prefix of a word of the name, any
  // case) through the FTS table's vendor_name column, never with LIKE: D1 refuses LIKE patterns
  // over 50 bytes, and a pattern built from input would read every row. A name with no words
  // ("%", "--") matches nothing.
  const vendorWords = search.vendor_name ? ftsQuery(search.vendor_name) : null;
  if (search.vendor_name && !vendorWords) add("0");
  if (search.available_on) add("NOT EXISTS (SELECT 1 FROM service_blocked_dates b WHERE b.service_id = s.id AND b.day = ?)", search.available_on);
  const words = search.q ? ftsQuery(search.q, { spellings: true }) : null;
  const match = [words, vendorWords ? `vendor_name : (${vendorWords})` : null].filter(Boolean).join(" AND ") || null;

  // The paging rule (shared/service-filters.ts) holds for every caller, not only those that parse a query.
  const limit = search.limit ?? PAGE_SIZE_DEFAULT;
  const page = search.page ?? 1;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE_MAX) throw new Invalid(`Limit must be between 1 and ${PAGE_SIZE_MAX}.`);
  if (!Number.isInteger(page) || page < 1 || page > PAGE_MAX) throw new Invalid(`Page must be between 1 and ${PAGE_MAX.toLocaleString("en-IN")}.`);
  const offset = (page - 1) * limit;
  const sort = search.sort ?? { by: "rating", order: "desc" };
  const dir = sort.order === "asc" ? "ASC" : "DESC";
  // The recommended order (rating, best first) with typed text also ranks vendors who usually reply
  // within a day (REPLY_RANK_MINUTES, real first replies: enquiries/reply-time.ts refreshReplyTime) above equally
  // rated ones that reply slower or have no figure yet. Only there: the text path sorts its bounded
  // matches anyway, while without text the sort's index must match ORDER exactly to stop after the page.
  const recommended = match && sort.by === "rating" && dir === "DESC";
  const replyRank = `(coalesce(v.reply_minutes_median, ${REPLY_RANK_MINUTES + 1}) > ${REPLY_RANK_MINUTES})`;
  // The default order (rating, best first) puts vendors with featured placement first
  // (plan-limits.ts keeps services.featured; indexes services_*featured_rating_idx match it).
  const featuredFirst = sort.by === "rating" && dir === "DESC" ? "s.featured DESC, " : "";
  const orderBy = recommended
    ? `s.featured DESC, s.rating DESC, ${replyRank}, s.review_count DESC, s.id DESC`
    : `${featuredFirst}${ORDER[sort.by].replaceAll("{dir}", dir)}, s.id ${dir}`;
  const whereSql = where.join(" AND ");
  // Free text drives the query from FTS5: the newest matches (at most TEXT_MATCH_CAP; FTS5 walks its
  // index backwards at no extra cost) are found first, then filtered and sorted, so rows read and
  // time stay bounded however common the words are. Without text the sort's index drives it and
  // stops after the page.
  const matched = match
    ? `(SELECT k.service_id AS id FROM (SELECT rowid FROM services_fts WHERE services_fts MATCH ? ORDER BY rowid DESC LIMIT ${TEXT_MATCH_CAP}) f JOIN service_search_keys k ON k.id = f.rowid) m CROSS JOIN services s ON s.id = m.id`
    : "services s";
  if (match) binds.unshift(match);
  const from = `FROM ${matched} JOIN vendors v ON v.user_id = s.vendor_id`;

  return {
    list: d1.prepare(`SELECT ${SUMMARY_COLUMNS} ${from} WHERE ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`).bind(...binds, limit, offset),
    // A text search sorts all its (bounded) matches anyway, so counting them on the way costs
    // nearly nothing, where a separate count would run the text match and its joins a second time.
    listCounted: match
      ? d1
          .prepare(`SELECT ${SUMMARY_COLUMNS}, count(*) OVER () AS matches ${from} WHERE ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`)
          .bind(...binds, limit, offset)
      : null,
    // Every service has a vendor, and the vendor's name is matched in FTS: the count needs no join.
    count: d1.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM ${matched} WHERE ${whereSql} LIMIT ?)`).bind(...binds, COUNT_CAP + 1),
    limit,
    page,
  };
}

/**
 * The one service search behind browse pages, carousels and GET /services: filters on the
 * services table, free text through FTS5, a stable sort, and a total counted up to COUNT_CAP.
 * Matching on category, type, state and city is case-insensitive (the catalogue's names are
 * stored; callers may pass any case).
 */
export async function searchServices(ctx: DomainContext, search: ServiceSearch): Promise<ServicePage> {
  const d1 = ctx.db;
  const { list: listQuery, listCounted, count: countQuery, limit, page } = await prepareSearch(ctx, search);
  let list: D1Result<Record<string, unknown>>;
  let count: D1Result<Record<string, unknown>> | null = null;
  let counted: number;
  if (search.withTotal === false) {
    list = await listQuery.all<Record<string, unknown>>();
    counted = list.results.length;
  } else if (listCounted) {
    list = await listCounted.all<Record<string, unknown>>();
    const first = list.results[0];
    // A page past the end has no row to carry the number: count on its own then.
    if (first) counted = Number(first.matches);
    else {
      count = await countQuery.all<Record<string, unknown>>();
      counted = Number(count.results[0]?.n ?? 0);
    }
  } else {
    const [listed, countedRows] = await d1.batch<Record<string, unknown>>([listQuery, countQuery]);
    list = listed!;
    count = countedRows!;
    counted = Number(count.results[0]?.n ?? 0);
  }
  const total = Math.min(counted, COUNT_CAP);
  return {
    services: (list.results as SummaryRow[]).map(toSummary),
    total,
    totalIsCapped: counted > COUNT_CAP,
    page,
    limit,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    rowsRead: (list.meta.rows_read ?? 0) + (count?.meta.rows_read ?? 0),
  };
}

/** Several public searches' first pages (no totals) in one D1 round trip: the home carousels. */
export async function searchServicesBatch(ctx: DomainContext, searches: ServiceSearch[]): Promise<ServiceSummary[][]> {
  if (searches.length === 0) return [];
  const publicView = { ...ctx, actor: null };
  const prepared = await Promise.all(searches.map((search) => prepareSearch(publicView, search)));
  const results = await ctx.db.batch<Record<string, unknown>>(prepared.map((p) => p.list));
  return results.map((r) => (r.results as SummaryRow[]).map(toSummary));
}

/** The stored state and city names for names or slugs in any case ("rajasthan", "Navi-Mumbai"). */
export function resolvePlace(locations: LocationMap, state?: string, city?: string): { state?: string; city?: string } {
  const stateName = state ? Object.keys(locations).find((s) => slugify(s) === slugify(state)) : undefined;
  const cities = stateName ? (locations[stateName] ?? []) : Object.values(locations).flat();
  const cityName = city ? cities.find((c) => slugify(c) === slugify(city)) : undefined;
  return { state: stateName, city: cityName };
}

/** Map of state (region) to its cities that have active services, for the location box. */
export type LocationMap = Record<string, string[]>;

let locationCache: { at: number; value: LocationMap } | null = null;
const LOCATION_TTL_MS = 5 * 60 * 1000;

export async function serviceLocations(ctx: DomainContext, fresh = false): Promise<LocationMap> {
  const { now } = ctx;
  if (!fresh && locationCache && now - locationCache.at < LOCATION_TTL_MS) return locationCache.value;
  const { results } = await ctx.db
    .prepare("SELECT state, city FROM services WHERE status = 'active' GROUP BY state, city ORDER BY state, city")
    .all<{ state: string; city: string }>();
  const value: LocationMap = {};
  for (const r of results) (value[r.state] ??= []).push(r.city);
  locationCache = { at: now, value };
  return value;
}

export type HeroAnalytics = { verifiedUsers: number; verifiedVendors: number; activeServices: number };

/** The hero counters: verified couples, verified vendors and active services. */
export async function heroAnalytics(ctx: DomainContext): Promise<HeroAnalytics> {
  const row = await ctx.db
    .prepare(
      `SELECT
        (SELECT count(*) FROM users WHERE role = 'USER' AND is_verified = 1) AS verifiedUsers,
        (SELECT count(*) FROM vendors WHERE is_verified = 1) AS verifiedVendors,
        (SELECT count(*) FROM services WHERE status = 'active') AS activeServices`,
    )
    .first<HeroAnalytics>();
  return row ?? { verifiedUsers: 0, verifiedVendors: 0, activeServices: 0 };
}

export type ServiceDetail = ServiceSummary & {
  description: string;
  /** Where the service is (a venue's street address), as the vendor typed it; null when not given. */
  address: string | null;
  /** Short selling points the vendor listed ("Lake view", "Jain kitchen"), in their order. */
  highlights: string[];
  media: {
    image_urls: { path: string; width: number | null; height: number | null; alt: string | null; card?: { path: string; width: number } }[];
  }[];
  faqs: { id: string; question: string; answer: string }[];
  vendor: ServiceSummary["vendor"] & {
    tagline: string | null;
    phone_number: string | null;
    email: string | null;
    city: string | null;
    state: string | null;
    logo_url: { path: string } | null;
    is_verified: boolean;
  };
};

/** A service with its gallery, FAQs and vendor card. Archived services are visible only to their vendor and admins. */
export async function serviceDetail(ctx: DomainContext, id: string): Promise<ServiceDetail | null> {
  const { db: d1, actor } = ctx;
  const [main, media, faqs] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT ${SUMMARY_COLUMNS}, s.description, s.address, s.highlights, v.tagline, v.phone, v.email AS vendor_email, v.city AS vendor_city,
          v.state AS vendor_state, v.logo_key, v.is_verified AS vendor_verified
         FROM services s JOIN vendors v ON v.user_id = s.vendor_id WHERE s.id = ?`,
      )
      .bind(id),
    d1.prepare("SELECT key, width, height, card_key, card_width, alt FROM service_media WHERE service_id = ? AND kind = 'image' ORDER BY position").bind(id),
    d1.prepare("SELECT id, question, answer FROM service_faqs WHERE service_id = ? ORDER BY position").bind(id),
  ]);
  const row = main?.results[0] as
    | (SummaryRow & {
        description: string;
        address: string | null;
        highlights: string | null;
        tagline: string | null;
        phone: string | null;
        vendor_email: string | null;
        vendor_city: string | null;
        vendor_state: string | null;
        logo_key: string | null;
        vendor_verified: number;
      })
    | undefined;
  if (!row) return null;
  if (row.status !== "active") {
    const allowed = actor && (actor.id === row.vendor_id || can.viewAdminArea(actor));
    if (!allowed) return null;
  }
  const summary = toSummary(row);
  const images = (media?.results ?? []) as {
    key: string;
    width: number | null;
    height: number | null;
    card_key: string | null;
    card_width: number | null;
    alt: string | null;
  }[];
  return {
    ...summary,
    description: row.description,
    address: row.address?.trim() || null,
    highlights: parseHighlights(row.highlights),
    media: [
      {
        image_urls: images.length
          ? images.map((m) => ({
              path: mediaUrl(m.key),
              width: m.width,
              height: m.height,
              alt: m.alt,
              // The card-size variant, for srcset where the full photo is more than a phone needs.
              ...(m.card_key && m.card_key !== m.key && m.card_width ? { card: { path: mediaUrl(m.card_key), width: m.card_width } } : {}),
            }))
          : [{ path: mediaUrl(null), width: 800, height: 600, alt: null }],
      },
    ],
    faqs: (faqs?.results ?? []) as ServiceDetail["faqs"],
    vendor: {
      ...summary.vendor,
      tagline: row.tagline,
      phone_number: row.phone,
      email: row.vendor_email,
      city: row.vendor_city,
      state: row.vendor_state,
      logo_url: row.logo_key ? { path: mediaUrl(row.logo_key) } : null,
      is_verified: Boolean(row.vendor_verified),
    },
  };
}

/** A sitemap file holds at most 50,000 URLs (sitemaps.org); browse pages stay under it. */
export const SITEMAP_MAX_URLS = 50_000;
/** Services per sitemap file: about 1.5 MB of XML, so every file is quick to serve and to read. */
export const SERVICES_PER_SITEMAP = 10_000;

export type SitemapEntry = { path: string; lastmod?: number };

/**
 * The browse pages for /sitemaps/pages.xml: home, discover, every group and subcategory, and every
 * subcategory in each state and city that has active services.
 */
export async function sitemapPages(ctx: DomainContext): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [{ path: "/" }, { path: "/browse" }, { path: "/all" }];
  for (const group of CATALOGUE) {
    entries.push({ path: browsePath(group.name) });
    for (const sub of group.subcategories) entries.push({ path: browsePath(group.name, sub.name) });
  }
  const { results: places } = await ctx.db
    .prepare("SELECT service_category, service_type, state, city FROM services WHERE status = 'active' GROUP BY service_category, service_type, state, city")
    .all<{ service_category: string; service_type: string; state: string; city: string }>();
  const states = new Set<string>();
  for (const p of places) {
    const statePath = browsePath(p.service_category, p.service_type, p.state);
    if (!states.has(statePath)) {
      states.add(statePath);
      entries.push({ path: statePath });
    }
    entries.push({ path: browsePath(p.service_category, p.service_type, p.state, p.city) });
  }
  return entries.slice(0, SITEMAP_MAX_URLS);
}

/** How many /sitemaps/services-{n}.xml files the active services fill (at least one). */
export async function sitemapServiceFiles(ctx: DomainContext): Promise<number> {
  const row = await ctx.db.prepare("SELECT count(*) AS n FROM services WHERE status = 'active'").first<{ n: number }>();
  return Math.max(1, Math.ceil((row?.n ?? 0) / SERVICES_PER_SITEMAP));
}

/**
 * Service pages for /sitemaps/services-{file}.xml (file from 1), oldest listing first, so new
 * services join the last file and the others stay the same between crawls. Null past the last file.
 */
export async function sitemapServices(ctx: DomainContext, file: number): Promise<SitemapEntry[] | null> {
  if (!Number.isInteger(file) || file < 1 || file > (await sitemapServiceFiles(ctx))) return null;
  const { results } = await ctx.db
    .prepare(
      "SELECT id, service_category, service_type, state, city, updated_at FROM services WHERE status = 'active' ORDER BY created_at, id LIMIT ? OFFSET ?",
    )
    .bind(SERVICES_PER_SITEMAP, (file - 1) * SERVICES_PER_SITEMAP)
    .all<{ id: string; service_category: string; service_type: string; state: string; city: string; updated_at: number }>();
  return results.map((s) => ({
    path: servicePath({ id: s.id, serviceCategory: s.service_category, serviceType: s.service_type, state: s.state, city: s.city }),
    lastmod: s.updated_at,
  }));
}

export type BlogPreview = { title: string; urlTitle: string; excerpt: string; coverImage: string | null; publishedAt: number | null };

/** The newest published blog posts for the home page (spec: the first 6); a scheduled post waits for its time. */
export async function latestBlogPosts(ctx: DomainContext, limit = 6): Promise<BlogPreview[]> {
  const { results } = await ctx.db
    .prepare(
      "SELECT title, url_title, excerpt, cover_image_key, published_at FROM blog_posts WHERE status = 'PUBLISHED' AND published_at <= ? ORDER BY published_at DESC LIMIT ?",
    )
    .bind(ctx.now, limit)
    .all<{ title: string; url_title: string; excerpt: string; cover_image_key: string | null; published_at: number | null }>();
  return results.map((r) => ({
    title: r.title,
    urlTitle: r.url_title,
    excerpt: r.excerpt,
    coverImage: r.cover_image_key ? mediaUrl(r.cover_image_key) : null,
    publishedAt: r.published_at,
  }));
}

export type Testimonial = { id: string; rating: number; comment: string; author: string; serviceName: string; city: string; verifiedBooking: boolean };

let testimonialCache: { at: number; value: Testimonial[] } | null = null;

/** Real reviews for the home page: five-star, published, with a substantial comment; cached 10 minutes. */
export async function topTestimonials(ctx: DomainContext, limit = 6): Promise<Testimonial[]> {
  const { now } = ctx;
  if (testimonialCache && now - testimonialCache.at < 10 * 60 * 1000 && testimonialCache.value.length >= Math.min(limit, 1))
    return testimonialCache.value.slice(0, limit);
  const { results } = await ctx.db
    .prepare(
      // The badge is looked up for the chosen reviews only (outer query), from bookings.
      `SELECT r.*, ${verifiedBookingSql("r", now)} AS verified_booking FROM (
         SELECT r.id, r.rating, r.comment, r.user_id, r.service_id, u.user_name, s.service_name, s.city
         FROM reviews r JOIN users u ON u.id = r.user_id JOIN services s ON s.id = r.service_id
         WHERE r.status = 'PUBLISHED' AND r.rating >= 4 AND s.status = 'active' AND length(r.comment) >= 60
         ORDER BY r.rating DESC, r.created_at DESC LIMIT ?
       ) r`,
    )
    .bind(limit)
    .all<{ id: string; rating: number; comment: string; verified_booking: number; user_name: string; service_name: string; city: string }>();
  const value = results.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    author: r.user_name,
    serviceName: r.service_name,
    city: r.city,
    verifiedBooking: Boolean(r.verified_booking),
  }));
  testimonialCache = { at: now, value };
  return value;
}
