import { type SortBy, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_MAX, COUNT_CAP } from "#shared/service-filters.ts";
import { findGroup } from "#shared/catalogue.ts";
import { subcategoryNamed } from "#shared/search-words.ts";
import { type DomainContext, can, Forbidden, Invalid } from "../core/index.ts";
import { textMatch } from "./search-match.ts";
import { resolvePlace, serviceLocations } from "./service-locations.ts";
import { type ServiceSummary, SUMMARY_COLUMNS, type SummaryRow, toSummary } from "./service-summaries.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Searching services: the full-text query, the filters written for the query planner, the sort
 * orders and the page of results (one search, or many in one batch for the home page).
 */

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

/** Vendors whose median first reply is within this many minutes rank first among equally rated text matches. */
export const REPLY_RANK_MINUTES = 24 * 60;

/** A text search considers at most this many (the newest) matching services (docs/decisions/0002). */
export const TEXT_MATCH_CAP = 2000;

/** The sort orders, on `{t}` (the services row s, or its search key k). */
const ORDER: Record<SortBy, string> = {
  rating: "{t}.rating {dir}, {t}.review_count {dir}",
  price: "{t}.min_price {dir}",
  views: "{t}.view_count {dir}",
  newest: "{t}.created_at {dir}",
};

/**
 * A condition or order written on `{t}`, for the services row (s, with its vendor v) or for its
 * search key (k): `{t}.{id}` is the service's id, `{vendor}` its vendor's id, `{reply}` its
 * vendor's median reply time.
 */
function on(sql: string, table: "s" | "k"): string {
  const named =
    table === "s"
      ? sql.replaceAll("{id}", "id").replaceAll("{vendor}", "s.vendor_id").replaceAll("{reply}", "v.reply_minutes_median")
      : sql
          .replaceAll("{id}", "service_id")
          .replaceAll("{vendor}", "(SELECT vendor_id FROM services WHERE id = k.service_id)")
          .replaceAll("{reply}", "k.vendor_reply_minutes");
  return named.replaceAll("{t}", table);
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
    if (!own && !can.viewAdminArea(actor)) throw new Forbidden(m.api_e_only_the_vendor_can_list_their_archived());
  }
  // Each condition is written twice: on the services row (s), and on the service's search key (k,
  // migrations/0163), which carries the same columns for the text path. `{t}` is the table.
  const STATUS = "{t}.status = ?";
  const conditions: string[] = [STATUS];
  const binds: unknown[] = [status];
  const add = (clause: string, ...values: unknown[]) => {
    conditions.push(clause);
    binds.push(...values);
  };
  // Names are matched in any case or spacing by mapping them to the stored (catalogue / place)
  // names first, so the comparisons stay exact and use the indexes.
  const group = search.service_category ? findGroup(search.service_category) : undefined;
  const subcategory = search.service_type ? subcategoryNamed(search.service_type) : undefined;
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
  const categoryTerm = search.state || search.city ? "+{t}.service_category = ?" : "{t}.service_category = ?";
  if (search.service_category && !impliedBySubcategory) add(categoryTerm, group?.name ?? search.service_category);
  if (search.service_type) add("{t}.service_type = ?", subcategory?.name ?? search.service_type);
  if (search.state) add("{t}.state = ?", place.state ?? search.state);
  if (search.city) add("{t}.city = ?", place.city ?? search.city);
  if (search.minPrice !== undefined) add("{t}.min_price >= ?", search.minPrice);
  if (search.maxPrice !== undefined) add("{t}.min_price <= ?", search.maxPrice);
  if (search.rating !== undefined) add("{t}.rating >= ?", search.rating);
  if (search.vendorId) add("{vendor} = ?", search.vendorId);
  // The vendor's name is matched word by word (each typed word the start of a word of the name, any
  // case) through the FTS table's vendor_name column, never with LIKE: D1 refuses LIKE patterns
  // over 50 bytes, and a pattern built from input would read every row. A name with no words
  // ("%", "--") matches nothing.
  const vendorWords = search.vendor_name ? textMatch(search.vendor_name) : null;
  if (search.vendor_name && !vendorWords) add("0");
  if (search.available_on) add("NOT EXISTS (SELECT 1 FROM service_blocked_dates b WHERE b.service_id = {t}.{id} AND b.day = ?)", search.available_on);
  // Each typed word as the index's terms that start with it, worked out in the statement itself
  // (search-match.ts); when a word matches no term the query is an empty phrase, which matches
  // nothing without FTS5 reading any list.
  const words = search.q ? textMatch(search.q, { spellings: true }) : null;
  const matchParts = [words?.sql, vendorWords ? `'vendor_name : (' || ${vendorWords.sql} || ')'` : null].filter(Boolean);
  const match = matchParts.length ? `coalesce(${matchParts.join(" || ' AND ' || ")}, '""')` : null;
  const matchBinds = [words?.bind, vendorWords?.bind].filter((b) => b !== undefined);

  // The paging rule (shared/service-filters.ts) holds for every caller, not only those that parse a query.
  const limit = search.limit ?? PAGE_SIZE_DEFAULT;
  const pageNumber = search.page ?? 1;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE_MAX) throw new Invalid(m.api_e_limit_between({ max: PAGE_SIZE_MAX }));
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > PAGE_MAX)
    throw new Invalid(m.api_e_page_between({ max: PAGE_MAX.toLocaleString("en-IN") }));
  const offset = (pageNumber - 1) * limit;
  // Only the first COUNT_CAP matches are listed, as the total stops there (`totalIsCapped`): a page
  // starting past them is empty without walking an index to its offset (page 10,000 of 100, with no
  // filter, read 204,125 rows and took 2.6 s at 100,000 services; docs/decisions/0051-a-million-listings.md).
  const listWindow = offset < COUNT_CAP ? [limit, offset] : [0, 0];
  const sort = search.sort ?? { by: "rating", order: "desc" };
  const dir = sort.order === "asc" ? "ASC" : "DESC";
  // The recommended order (rating, best first) with typed text also ranks vendors who usually reply
  // within a day (REPLY_RANK_MINUTES, real first replies: enquiries/reply-time.ts refreshReplyTime) above equally
  // rated ones that reply slower or have no figure yet. Only there: the text path sorts its bounded
  // matches anyway, while without text the sort's index must match ORDER exactly to stop after the page.
  const recommended = match && sort.by === "rating" && dir === "DESC";
  const replyRank = `(coalesce({reply}, ${REPLY_RANK_MINUTES + 1}) > ${REPLY_RANK_MINUTES})`;
  // The default order (rating, best first) puts vendors with featured placement first
  // (plan-limits.ts keeps services.featured; indexes services_*featured_rating_idx match it).
  const featuredFirst = sort.by === "rating" && dir === "DESC" ? "{t}.featured DESC, " : "";
  const order = recommended
    ? `{t}.featured DESC, {t}.rating DESC, ${replyRank}, {t}.review_count DESC, {t}.{id} DESC`
    : `${featuredFirst}${ORDER[sort.by].replaceAll("{dir}", dir)}, {t}.{id} ${dir}`;
  const orderBy = on(order, "s");
  const whereSql = on(conditions.join(" AND "), "s");
  const page = "LIMIT ? OFFSET ?";
  // Every page ends by reading its own rows (and their vendors) in the sort order.
  const rowsOf = (ids: string, extra = "") =>
    `SELECT ${SUMMARY_COLUMNS}${extra} FROM (${ids}) p CROSS JOIN services s ON s.id = p.id JOIN vendors v ON v.user_id = s.vendor_id ORDER BY ${orderBy}`;

  if (match) {
    // Free text drives the query from FTS5: the newest matches (at most TEXT_MATCH_CAP; FTS5 walks
    // its index backwards at no extra cost) are filtered, counted and sorted on their search keys,
    // read by integer key in the index's order (migrations/0163), so rows read and time stay bounded
    // however common the words are, and only the page's services rows are read. Before, each match's
    // services row was read by its text id: 2,000 random reads, most of a common word's time
    // (docs/decisions/0058-search-reads-its-keys.md).
    const keys = `FROM (SELECT rowid FROM services_fts WHERE services_fts MATCH ${match} ORDER BY rowid DESC LIMIT ${TEXT_MATCH_CAP}) f CROSS JOIN service_search_keys k ON k.id = f.rowid WHERE ${on(conditions.join(" AND "), "k")}`;
    const ranked = (counted: boolean) =>
      `SELECT k.service_id AS id${counted ? ", count(*) OVER () AS matches" : ""} ${keys} ORDER BY ${on(order, "k")} ${page}`;
    const textBinds = [...matchBinds, ...binds, ...listWindow];
    return {
      list: d1.prepare(rowsOf(ranked(false))).bind(...textBinds),
      // Sorting the bounded matches counts them on the way; a separate count would run the match again.
      listCounted: d1.prepare(rowsOf(ranked(true), ", p.matches")).bind(...textBinds),
      count: d1.prepare(`SELECT count(*) AS n FROM (SELECT 1 ${keys} LIMIT ?)`).bind(...matchBinds, ...binds, COUNT_CAP + 1),
      limit,
      page: pageNumber,
    };
  }
  // Without text the sort's index drives it and stops after the page. A later page finds its ids
  // in the index first (covering when the filters are the index's columns) and reads only its own
  // rows: reading the rows it skips took 21 ms for page 40 at 100,000 services.
  // Rating, lowest first, is the one order whose index starts with a column it does not sort by:
  // the rating indexes are (…, featured, rating, review_count, id) for the default order, featured
  // first. So the featured services and the others are each read in that index's order and merged
  // (SQLite's MERGE (UNION ALL) stops after the page), instead of a second set of rating indexes
  // without `featured` (migrations/0180). `featured` is a flag, 0 or 1 (plan-limits.ts writes it).
  // With a price bound and no minimum rating SQLite reads the price range and sorts it (as it did
  // when those rating indexes existed): merged, each half would read the range again, so that
  // search stays one statement (docs/decisions/0051-a-million-listings.md, 2026-12-01).
  // A vendor's own list reads only that vendor's services (services_vendor_idx) and sorts them:
  // a vendor has a few dozen, while the sort's index, which SQLite otherwise prefers, holds every
  // service of the status and each row was read to test its vendor (150-220 ms in SQLite alone at
  // 100,000 services). The unary + leaves the vendor index the only one the list can search (every
  // other index starts with `status`); the status is still tested on every row. Only the list: the
  // count already reads the vendor index.
  const ownList = Boolean(search.vendorId);
  const listWhereSql = ownList ? on(conditions.map((c) => (c === STATUS ? `+${c}` : c)).join(" AND "), "s") : whereSql;
  const priceBound = search.minPrice !== undefined || search.maxPrice !== undefined;
  const mergeFeatured = !ownList && sort.by === "rating" && dir === "ASC" && !(priceBound && search.rating === undefined);
  // The first page reads its rows in the merge; a later page merges ids and reads only its own rows.
  const from = offset > 0 ? "s.id, s.rating, s.review_count FROM services s" : `${SUMMARY_COLUMNS} FROM services s JOIN vendors v ON v.user_id = s.vendor_id`;
  const merged = [1, 0].map((featured) => `SELECT ${from} WHERE ${whereSql} AND s.featured = ${featured}`).join(" UNION ALL ");
  // A compound SELECT orders by its result columns' names (id, rating, review_count).
  const mergedOrder = `ORDER BY ${order.replaceAll("{t}.", "").replaceAll("{id}", "id")} ${page}`;
  const list = mergeFeatured
    ? offset > 0
      ? rowsOf(`${merged} ${mergedOrder}`)
      : `${merged} ${mergedOrder}`
    : offset > 0
      ? rowsOf(`SELECT s.id FROM services s WHERE ${listWhereSql} ORDER BY ${orderBy} ${page}`)
      : `SELECT ${SUMMARY_COLUMNS} FROM services s JOIN vendors v ON v.user_id = s.vendor_id WHERE ${listWhereSql} ORDER BY ${orderBy} ${page}`;
  return {
    list: d1.prepare(list).bind(...binds, ...(mergeFeatured ? binds : []), ...listWindow),
    listCounted: null,
    // Every service has a vendor: the count needs no join.
    count: d1.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM services s WHERE ${whereSql} LIMIT ?)`).bind(...binds, COUNT_CAP + 1),
    limit,
    page: pageNumber,
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
  // A person's search (what they asked for, never who): its first page, not a vendor's own list.
  if (page === 1 && !search.vendorId && (search.q?.trim() || search.service_category || search.service_type || search.city || search.state))
    ctx.events.record({
      event: "search",
      labels: [search.service_category, search.service_type, search.city ?? search.state, search.q?.trim() ? "text" : "filters"],
      values: [total],
    });
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
