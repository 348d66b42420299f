// What D1 costs a month for the bench's measured rows (issue 34). Cloudflare's published D1 prices on
// the Workers Paid plan (https://developers.cloudflare.com/d1/platform/pricing/, read 2026-11-30):
// rows read 25 billion a month included, then $0.001 per million; rows written 50 million a month
// included, then $1.00 per million; storage 5 GB included, then $0.75 per GB-month. (The plan's own
// $5 a month is the Workers subscription, not D1's, and is left out.)
export const D1_PRICES = {
  readsIncluded: 25e9,
  readPerMillion: 0.001,
  writesIncluded: 50e6,
  writePerMillion: 1.0,
  storageIncludedGB: 5,
  storagePerGBMonth: 0.75,
};

/** Dollars a month for these daily rows and this stored size (30-day month). */
export function d1MonthlyCost({ readsPerDay, writesPerDay, storageGB }, p = D1_PRICES) {
  const reads = readsPerDay * 30;
  const writes = writesPerDay * 30;
  const readCost = (Math.max(0, reads - p.readsIncluded) / 1e6) * p.readPerMillion;
  const writeCost = (Math.max(0, writes - p.writesIncluded) / 1e6) * p.writePerMillion;
  const storageCost = Math.max(0, storageGB - p.storageIncludedGB) * p.storagePerGBMonth;
  return { reads, writes, readCost, writeCost, storageCost, total: readCost + writeCost + storageCost };
}

/**
 * The month for `views` page views a day: every view a render that misses the page cache (the
 * worst case: a cached view reads nothing but the version, at most once a second per isolate), plus
 * `searches` API searches a day, plus the day's jobs.
 */
/**
 * What computing the home page's sections adds for one isolate showing the home page all day: `rows`
 * each time, once every `everyMs` (the sections' longest keep; a public write makes it sooner).
 * The dollars are those it adds to `month` (reads already past the included allowance cost in full).
 */
export function homeSectionsPerIsolate(month, { rows, everyMs }, p = D1_PRICES) {
  const perDay = rows * Math.ceil(86_400_000 / everyMs);
  const withThem = d1MonthlyCost({ readsPerDay: month.readsPerDay + perDay, writesPerDay: month.writesPerDay, storageGB: month.storageGB }, p);
  return { rows, everyMs, perDay, perMonth: perDay * 30, dollars: withThem.total - month.total };
}

export function dailyCostTable({
  views = 100_000,
  searches = 100_000,
  rowsPerView,
  writesPerView = 0,
  rowsPerSearch,
  jobReadsPerDay = 0,
  jobWritesPerDay = 0,
  storageGB,
}) {
  const readsPerDay = views * rowsPerView + searches * rowsPerSearch + jobReadsPerDay;
  const writesPerDay = views * writesPerView + jobWritesPerDay;
  return { views, searches, readsPerDay, writesPerDay, storageGB, ...d1MonthlyCost({ readsPerDay, writesPerDay, storageGB }) };
}

export function printCost(c) {
  console.log(
    `\nD1 a month at ${c.views.toLocaleString("en-IN")} page views and ${c.searches.toLocaleString("en-IN")} searches a day: ` +
      `${(c.reads / 1e6).toFixed(1)} M rows read ($${c.readCost.toFixed(2)}), ${(c.writes / 1e6).toFixed(2)} M rows written ($${c.writeCost.toFixed(2)}), ` +
      `${c.storageGB.toFixed(2)} GB stored ($${c.storageCost.toFixed(2)}): $${c.total.toFixed(2)} (Workers Paid prices; the plan's $5 not included)`,
  );
}

export function printHomeSectionsCost(h) {
  console.log(
    `Not in that month: the home page's sections, ${h.rows.toLocaleString("en-IN")} rows read each time an isolate computes them (at least every ${h.everyMs / 60_000} min ` +
      `while it shows the home page, and after each public write): ${(h.perMonth / 1e6).toFixed(1)} M rows, $${h.dollars.toFixed(2)} a month for each such isolate`,
  );
}
