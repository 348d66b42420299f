import { WishlistButton } from "#app/components/WishlistButton.tsx";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/browse-list";
import { appContext } from "#functions/page-context.ts";
import { searchServices, serviceLocations } from "#domain/discovery.ts";
import { LocationBox } from "#app/components/LocationBox.tsx";
import { ServiceCard } from "#app/components/ServiceCard.tsx";
import { filterSearch, parseLocation, resolveScope, scopeHeading, scopePath, type BrowseFilters, type BrowseScope } from "#app/lib/browse.ts";
import { parseBrowseFilters } from "#app/lib/browse.server.ts";
import { browsePath, CATALOGUE, findGroup, findSubcategory } from "#shared/catalogue.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { formatCount, formatDate, formatRupees } from "#shared/format.ts";
import { sortFromOption } from "#shared/service-filters.ts";
import { PAGE_SIZE_DEFAULT, SORT_OPTIONS } from "#shared/sort-options.ts";
import { pageTitle, SEARCH } from "#shared/strings.ts";

/** Hero and filter forms send these; the page turns them into its canonical path. */
const FORM_KEYS = ["vendor", "category", "subcategory", "location", "where"] as const;

/** The page's own query string, without React Router's data-request parameters. */
function pageSearch(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  params.delete("index");
  const text = params.toString();
  return text ? `?${text}` : "";
}

function withoutFormKeys(url: URL): string {
  const params = new URLSearchParams(pageSearch(url));
  for (const key of FORM_KEYS) params.delete(key);
  for (const [key, value] of [...params]) if (value === "") params.delete(key);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  const locations = await serviceLocations(domain);
  const scope = resolveScope(locations, params);
  if (!scope) throw data(null, { status: 404 });

  // A search form (hero or filters) names the category and place in the query: go to the path.
  if (FORM_KEYS.some((k) => url.searchParams.has(k))) {
    const get = (k: string) => url.searchParams.get(k)?.trim() ?? "";
    const next: BrowseScope = { ...scope };
    const extra = new URLSearchParams(withoutFormKeys(url));
    const vendor = get("vendor");
    const category = get("category");
    const subcategory = get("subcategory");
    if (subcategory && !category && !vendor && !scope.group) return redirectWithToast(request, "/", { type: "error", message: SEARCH.selectVendor });
    if (category) next.group = findGroup(category) ?? next.group;
    if (subcategory) {
      const sub = findSubcategory(subcategory, next.group);
      if (sub) next.subcategory = sub;
    }
    if (vendor) {
      const sub = findSubcategory(vendor);
      const group = findGroup(vendor);
      if (sub) Object.assign(next, { group: sub.group, subcategory: sub });
      else if (group) Object.assign(next, { group, subcategory: undefined });
      else extra.set("q", vendor);
    }
    const placeText = url.searchParams.has("location") || url.searchParams.has("where") ? get("location") || get("where") : null;
    if (placeText !== null) {
      const place = parseLocation(locations, placeText);
      if (place && !next.subcategory) return redirectWithToast(request, "/", { type: "error", message: SEARCH.selectVendor });
      next.state = place?.state;
      next.city = place?.city;
    }
    if (next.group !== scope.group) extra.delete("page");
    if (extra.get("sort") === "rating") extra.delete("sort"); // the default stays out of the URL
    const search = extra.toString();
    return redirect(`${scopePath(next)}${search ? `?${search}` : ""}`);
  }

  // Mixed-case, spaced and plural links ("/all/Wedding Vendor/caterers") go to the canonical slug.
  // (Compared through the matched params: a client navigation's data request has its own URL.)
  const canonicalPath = scopePath(scope);
  const given = [params.category, params.subCategory, params.state, params.city].filter(Boolean).join("/");
  if (`/all${given ? `/${given}` : ""}` !== canonicalPath) {
    return redirect(`${canonicalPath}${pageSearch(url)}`, 301);
  }

  const { filters, problems } = parseBrowseFilters(url.searchParams);
  const result = await searchServices(domain, {
    q: filters.q,
    service_category: scope.group?.name,
    service_type: scope.subcategory?.name,
    state: scope.state,
    city: scope.city,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    rating: filters.rating,
    available_on: filters.available_on,
    sort: sortFromOption(filters.sort),
    page: filters.page,
    limit: PAGE_SIZE_DEFAULT,
  });
  return {
    origin: url.origin,
    canonicalPath,
    scope: {
      group: scope.group?.name,
      subcategory: scope.subcategory?.name,
      state: scope.state,
      city: scope.city,
    },
    filters,
    problems,
    locations,
    services: result.services,
    total: result.total,
    totalIsCapped: result.totalIsCapped,
    totalPages: result.totalPages,
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;
type PageData = Exclude<LoaderData, Response>;

function scopeFromData(s: PageData["scope"]): BrowseScope {
  const group = s.group ? findGroup(s.group) : undefined;
  return { group, subcategory: s.subcategory ? findSubcategory(s.subcategory, group) : undefined, state: s.state, city: s.city };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const d = loaderData as PageData | undefined;
  if (!d) return [{ title: pageTitle("Page not found") }];
  const heading = scopeHeading(scopeFromData(d.scope));
  const page = d.filters.page > 1 ? ` (page ${d.filters.page})` : "";
  const canonical = `${d.origin}${d.canonicalPath}${d.filters.page > 1 ? `?page=${d.filters.page}` : ""}`;
  const count = d.total > 0 ? `${formatCount(d.total)}${d.totalIsCapped ? "+" : ""} ` : "";
  return [
    { title: pageTitle(`${heading}${page}`) },
    {
      name: "description",
      content: `Compare ${count}${heading.charAt(0).toLowerCase()}${heading.slice(1)} on Mandap: starting prices in rupees and reviews from couples. Shortlist and enquire for free.`,
    },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
};

function Breadcrumbs({ scope, origin }: { scope: BrowseScope; origin: string }) {
  const crumbs: { name: string; href: string }[] = [
    { name: "Home", href: "/" },
    { name: "All services", href: "/all" },
  ];
  if (scope.group) crumbs.push({ name: scope.group.name, href: browsePath(scope.group.name) });
  if (scope.subcategory) crumbs.push({ name: scope.subcategory.name, href: browsePath(scope.group?.name, scope.subcategory.name) });
  if (scope.state) crumbs.push({ name: scope.state, href: browsePath(scope.group?.name, scope.subcategory?.name, scope.state) });
  if (scope.city) crumbs.push({ name: scope.city, href: browsePath(scope.group?.name, scope.subcategory?.name, scope.state, scope.city) });
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: `${origin}${c.href}` })),
  };
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink/70">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((c, i) => (
          <li key={c.href} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="font-medium text-ink">
                {c.name}
              </span>
            ) : (
              <Link to={c.href} className="underline-offset-4 hover:text-maroon-700 hover:underline">
                {c.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
    </nav>
  );
}

const RATING_CHOICES = [
  { value: "", label: "Any rating" },
  { value: "4.5", label: "4.5 ★ and up" },
  { value: "4", label: "4 ★ and up" },
  { value: "3", label: "3 ★ and up" },
];

function Filters({ d, scope, idPrefix }: { d: PageData; scope: BrowseScope; idPrefix: string }) {
  const f = d.filters;
  const field = "h-11 w-full rounded-xl border border-maroon-100 bg-white px-3 text-sm";
  const hasSub = Boolean(scope.subcategory);
  return (
    <Form method="get" action={d.canonicalPath} className="grid gap-3" aria-label="Filters">
      <div>
        <label htmlFor={`${idPrefix}-f-q`} className="mb-1 block text-sm font-medium">
          Search
        </label>
        <input id={`${idPrefix}-f-q`} type="search" name="q" defaultValue={f.q ?? ""} placeholder="Name, city or vendor" className={field} />
      </div>
      {hasSub && (
        <div>
          <span className="mb-1 block text-sm font-medium">Location</span>
          <LocationBox locations={d.locations} defaultValue={scope.state && scope.city ? { region: scope.state, city: scope.city } : null} label="Location" />
        </div>
      )}
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-1 text-sm font-medium">Starting price (₹)</legend>
        <label className="sr-only" htmlFor={`${idPrefix}-f-min`}>
          Minimum price
        </label>
        <input
          id={`${idPrefix}-f-min`}
          type="number"
          inputMode="numeric"
          min={0}
          step={100}
          name="minPrice"
          defaultValue={f.minPrice ?? ""}
          placeholder="Min"
          className={field}
        />
        <label className="sr-only" htmlFor={`${idPrefix}-f-max`}>
          Maximum price
        </label>
        <input
          id={`${idPrefix}-f-max`}
          type="number"
          inputMode="numeric"
          min={0}
          step={100}
          name="maxPrice"
          defaultValue={f.maxPrice ?? ""}
          placeholder="Max"
          className={field}
        />
      </fieldset>
      <div>
        <label htmlFor={`${idPrefix}-f-rating`} className="mb-1 block text-sm font-medium">
          Rating
        </label>
        <select id={`${idPrefix}-f-rating`} name="rating" defaultValue={f.rating !== undefined ? String(f.rating) : ""} className={field}>
          {RATING_CHOICES.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-f-date`} className="mb-1 block text-sm font-medium">
          Available on
        </label>
        <input id={`${idPrefix}-f-date`} type="date" name="available_on" defaultValue={f.available_on ?? ""} className={field} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-f-sort`} className="mb-1 block text-sm font-medium">
          Sort by
        </label>
        <select id={`${idPrefix}-f-sort`} name="sort" defaultValue={f.sort} className={field}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary w-full">
        Show results
      </button>
      {(f.q || f.minPrice !== undefined || f.maxPrice !== undefined || f.rating !== undefined || f.available_on || f.sort !== "rating") && (
        <Link to={d.canonicalPath} className="text-center text-sm text-maroon-700 underline">
          Clear filters
        </Link>
      )}
    </Form>
  );
}

function Pagination({ path, filters, totalPages }: { path: string; filters: BrowseFilters; totalPages: number }) {
  const page = filters.page;
  if (totalPages <= 1 && page <= 1) return null;
  const pages = new Set<number>([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...pages].sort((a, b) => a - b);
  const href = (p: number) => `${path}${filterSearch(filters, { page: p })}`;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(Math.min(page - 1, totalPages))} rel="prev" className="btn-secondary px-4 py-2">
          Previous
        </Link>
      ) : (
        <span aria-disabled="true" className="btn-secondary px-4 py-2">
          Previous
        </span>
      )}
      {sorted.map((p, i) => (
        <span key={p} className="flex items-center gap-2">
          {i > 0 && p - (sorted[i - 1] ?? p) > 1 && <span aria-hidden="true">…</span>}
          {p === page ? (
            <span aria-current="page" className="grid h-10 min-w-10 place-items-center rounded-full bg-maroon-700 px-3 text-sm font-semibold text-white">
              {p}
            </span>
          ) : (
            <Link
              to={href(p)}
              aria-label={`Page ${p}`}
              className="grid h-10 min-w-10 place-items-center rounded-full border border-maroon-100 bg-white px-3 text-sm hover:bg-maroon-50"
            >
              {p}
            </Link>
          )}
        </span>
      ))}
      {page < totalPages ? (
        <Link to={href(page + 1)} rel="next" className="btn-secondary px-4 py-2">
          Next
        </Link>
      ) : (
        <span aria-disabled="true" className="btn-secondary px-4 py-2">
          Next
        </span>
      )}
    </nav>
  );
}

/** Wider searches when nothing matched: drop the filters, the city, the state, the subcategory. */
function EmptyState({ d, scope }: { d: PageData; scope: BrowseScope }) {
  const f = d.filters;
  const suggestions: { label: string; href: string }[] = [];
  const anyFilter = f.minPrice !== undefined || f.maxPrice !== undefined || f.rating !== undefined || f.available_on || f.q;
  if (d.filters.page > 1 && d.total > 0) suggestions.push({ label: "Go to the first page", href: `${d.canonicalPath}${filterSearch(f, { page: undefined })}` });
  if (anyFilter) suggestions.push({ label: `All ${scopeHeading(scope).replace(/^./, (c) => c.toLowerCase())}`, href: d.canonicalPath });
  if (f.q) suggestions.push({ label: `“${f.q}” anywhere in India`, href: `/all?q=${encodeURIComponent(f.q)}` });
  if (scope.city)
    suggestions.push({ label: `${scope.subcategory?.name} across ${scope.state}`, href: browsePath(scope.group?.name, scope.subcategory?.name, scope.state) });
  if (scope.state) suggestions.push({ label: `${scope.subcategory?.name} across India`, href: browsePath(scope.group?.name, scope.subcategory?.name) });
  if (scope.subcategory) suggestions.push({ label: `Everything in ${scope.group?.name}`, href: browsePath(scope.group?.name) });
  if (scope.group) suggestions.push({ label: "All wedding services", href: "/all" });
  return (
    <div className="rounded-2xl border border-dashed border-maroon-100 bg-white p-8 text-center" data-testid="empty-state">
      <h2 className="text-2xl font-semibold text-maroon-700">No services match these choices</h2>
      <p className="mt-2 text-ink/75">Try a wider search:</p>
      <ul className="mt-4 flex flex-wrap justify-center gap-2">
        {suggestions.map((s) => (
          <li key={s.href + s.label}>
            <Link to={s.href} className="btn-secondary px-4 py-2">
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function BrowseList({ loaderData }: Route.ComponentProps) {
  const d = loaderData as PageData;
  const scope = scopeFromData(d.scope);
  const heading = scopeHeading(scope);
  const f = d.filters;
  const start = (f.page - 1) * PAGE_SIZE_DEFAULT + 1;
  const chips = scope.group
    ? scope.group.subcategories.map((s) => ({ name: s.name, href: browsePath(scope.group?.name, s.name) }))
    : CATALOGUE.map((g) => ({ name: g.name, href: browsePath(g.name) }));
  const activeFilters = [
    f.q && `“${f.q}”`,
    f.minPrice !== undefined && `from ${formatRupees(f.minPrice)}`,
    f.maxPrice !== undefined && `up to ${formatRupees(f.maxPrice)}`,
    f.rating !== undefined && `${f.rating} ★ and up`,
    f.available_on && `free on ${formatDate(f.available_on)}`,
  ].filter(Boolean);

  return (
    <div className="container-page py-6 md:py-10">
      <Breadcrumbs scope={scope} origin={d.origin} />
      <header className="mt-4">
        <h1 className="text-3xl font-bold text-maroon-700 md:text-4xl">{heading}</h1>
        <p className="mt-1 text-ink/75" role="status">
          {d.total === 0
            ? "No services found"
            : `${formatCount(d.total)}${d.totalIsCapped ? "+" : ""} ${d.total === 1 ? "service" : "services"}${activeFilters.length ? ` · ${activeFilters.join(" · ")}` : ""}`}
        </p>
      </header>
      {!scope.subcategory && (
        <ul className="mt-4 flex gap-2 overflow-x-auto pb-2" aria-label={scope.group ? `${scope.group.name} categories` : "Categories"}>
          {chips.map((c) => (
            <li key={c.href} className="shrink-0">
              <Link
                to={c.href}
                className="inline-block rounded-full border border-maroon-100 bg-white px-4 py-2 text-sm hover:border-maroon-600 hover:text-maroon-700"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {d.problems.length > 0 && (
        <div role="alert" className="mt-4 rounded-xl border border-marigold-400 bg-marigold-300/30 px-4 py-3 text-sm">
          Some filters were ignored: {d.problems.join(" ")}
        </div>
      )}
      <div className="mt-6 grid gap-6 md:grid-cols-[16rem_1fr]">
        <aside>
          <details className="rounded-2xl border border-maroon-100 bg-white p-4 md:hidden">
            <summary className="cursor-pointer font-semibold">Filters and sort</summary>
            <div className="mt-3">
              <Filters d={d} scope={scope} idPrefix="m" />
            </div>
          </details>
          <div className="hidden rounded-2xl border border-maroon-100 bg-white p-4 md:block">
            <Filters d={d} scope={scope} idPrefix="d" />
          </div>
        </aside>
        <section aria-label="Results">
          {d.services.length === 0 ? (
            <EmptyState d={d} scope={scope} />
          ) : (
            <>
              <h2 className="sr-only">
                Results {start} to {start + d.services.length - 1}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {d.services.map((s, i) => (
                  <li key={s.id}>
                    <ServiceCard service={s} eager={i < 2} actions={<WishlistButton serviceId={s.id} serviceName={s.service_name} />} />
                  </li>
                ))}
              </ul>
            </>
          )}
          <Pagination path={d.canonicalPath} filters={f} totalPages={d.totalPages} />
        </section>
      </div>
    </div>
  );
}
