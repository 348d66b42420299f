import { canonicalLink } from "#app/lib/canonical.ts";
import { WishlistButton } from "#app/components/WishlistButton.tsx";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/route";
import { ServiceCard } from "#app/components/ServiceCard.tsx";
import { filterSearch, scopeHeading, scopePath, type BrowseFilters, type BrowseScope } from "#app/lib/browse.ts";
import { useEffect, useRef, useState } from "react";
import { browsePath, CATALOGUE, findGroup, findSubcategory } from "#shared/catalogue.ts";
import { formatCount, formatDate, formatRupees } from "#shared/format.ts";
import { PAGE_SIZE_DEFAULT } from "#shared/sort-options.ts";
import { pageTitle } from "#shared/strings.ts";
import { shownName } from "#app/lib/shown-names.ts";
import { m } from "#shared/paraglide/messages.js";
import type { PageData } from "./types.ts";
import { Filters } from "./filters.tsx";
import { EmptyState, Pagination } from "./results.tsx";
import { rich } from "#app/components/rich.tsx";

export { loader } from "./browse-list.server.ts";

function scopeFromData(s: PageData["scope"]): BrowseScope {
  const group = s.group ? findGroup(s.group) : undefined;
  return { group, subcategory: s.subcategory ? findSubcategory(s.subcategory, group) : undefined, state: s.state, city: s.city };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const d = loaderData as PageData | undefined;
  if (!d) return [{ title: pageTitle("Page not found") }];
  const heading = scopeHeading(scopeFromData(d.scope));
  const title = d.filters.page > 1 ? m.public_browse_page_title({ heading, page: d.filters.page }) : heading;
  const canonical = `${d.canonicalPath}${d.filters.page > 1 ? `?page=${d.filters.page}` : ""}`;
  const count = d.total > 0 ? `${formatCount(d.total)}${d.totalIsCapped ? "+" : ""} ` : "";
  return [
    { title: pageTitle(title) },
    { name: "description", content: m.public_browse_description({ count, heading: `${heading.charAt(0).toLowerCase()}${heading.slice(1)}` }) },
    canonicalLink(d.origin, canonical),
  ];
};

function Breadcrumbs({ scope, origin }: { scope: BrowseScope; origin: string }) {
  const crumbs: { name: string; href: string }[] = [
    { name: m.public_browse_home(), href: "/" },
    { name: m.public_browse_all_services(), href: "/all" },
  ];
  if (scope.group) crumbs.push({ name: shownName(scope.group.name), href: browsePath(scope.group.name) });
  if (scope.subcategory) crumbs.push({ name: shownName(scope.subcategory.name), href: browsePath(scope.group?.name, scope.subcategory.name) });
  if (scope.state) crumbs.push({ name: shownName(scope.state), href: browsePath(scope.group?.name, scope.subcategory?.name, scope.state) });
  if (scope.city) crumbs.push({ name: shownName(scope.city), href: browsePath(scope.group?.name, scope.subcategory?.name, scope.state, scope.city) });
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: `${origin}${c.href}` })),
  };
  return (
    <nav aria-label={m.public_browse_breadcrumb()} className="text-sm text-ink/70">
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

/** A typed place that matched no place with services: said, with the closest places as links. */
function UnknownPlace({ place, where }: { place: NonNullable<PageData["unknownPlace"]>; where: string | undefined }) {
  return (
    <div role="status" data-testid="unknown-place" className="mt-4 rounded-xl border border-marigold-400 bg-marigold-300/30 px-4 py-3 text-sm">
      {m.public_browse_unknown_place({ place: place.text, where: where ? shownName(where) : m.public_browse_all_of_india() })}{" "}
      {place.suggestions.length > 0
        ? rich(m.public_browse_did_you_mean, {
            places: place.suggestions.map((s, i) => (
              <span key={s.href}>
                {i > 0 && (i === place.suggestions.length - 1 ? m.public_browse_or() : ", ")}
                <Link to={s.href} className="font-semibold text-maroon-700 underline">
                  {shownName(s.name)}
                </Link>
              </span>
            )),
          })
        : m.public_browse_choose_city()}
    </div>
  );
}

export default function BrowseList({ loaderData }: Route.ComponentProps) {
  const d = loaderData as PageData;
  const scope = scopeFromData(d.scope);
  const heading = scopeHeading(scope);
  const f = d.filters;
  const start = (f.page - 1) * PAGE_SIZE_DEFAULT + 1;
  // A group's subcategories keep the place chosen (venues in Bengaluru -> banquet halls in Bengaluru).
  const chips = scope.group
    ? scope.group.subcategories.map((s) => ({ name: shownName(s.name), href: browsePath(scope.group?.name, s.name, scope.state, scope.city) }))
    : CATALOGUE.map((g) => ({ name: shownName(g.name), href: browsePath(g.name) }));
  // Each active filter as a chip that removes it (the page's URL without it, back to page 1).
  const without = (key: keyof BrowseFilters) => `${d.canonicalPath}${filterSearch(f, { [key]: undefined, page: undefined })}`;
  const filterChips = [
    f.q ? { label: `“${f.q}”`, href: without("q") } : null,
    f.minPrice !== undefined ? { label: m.public_browse_chip_from({ price: formatRupees(f.minPrice) }), href: without("minPrice") } : null,
    f.maxPrice !== undefined ? { label: m.public_browse_chip_up_to({ price: formatRupees(f.maxPrice) }), href: without("maxPrice") } : null,
    f.rating !== undefined ? { label: m.public_browse_chip_rating({ rating: f.rating }), href: without("rating") } : null,
    f.available_on ? { label: m.public_browse_chip_free_on({ date: formatDate(f.available_on) }), href: without("available_on") } : null,
  ].filter((c): c is { label: string; href: string } => c !== null);
  const anywhere = scopePath({ ...scope, state: undefined, city: undefined });
  const place = scope.city ?? scope.state;
  const chipsOfFilters = [...(place ? [{ label: shownName(place), href: `${anywhere}${filterSearch(f, { page: undefined })}` }] : []), ...filterChips];
  const activeFilters = filterChips.map((c) => c.label);
  // The phone's filter panel closes once the filters are applied (a new URL), showing the results and their chips.
  // (Open belongs to the URL it was opened at, so any new URL closes it.)
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [filtersOpenAt, setFiltersOpenAt] = useState<string | null>(null);
  // Opened before the scripts ran (this page loads them after its first paint): no toggle handler
  // saw it, so take the state from the panel once hydrated, or applying would leave it open.
  const filtersPanel = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (filtersPanel.current?.open) setFiltersOpenAt(`${window.location.pathname}${window.location.search}`);
  }, []);

  return (
    <div className="container-page py-6 md:py-10">
      <Breadcrumbs scope={scope} origin={d.origin} />
      <header className="mt-4">
        <h1 className="text-3xl font-bold text-maroon-700 md:text-4xl">{heading}</h1>
        <p className="mt-1 text-ink/75" role="status">
          {d.total === 0
            ? m.public_browse_no_services()
            : `${m.public_browse_count({ count: d.total, shown: `${formatCount(d.total)}${d.totalIsCapped ? "+" : ""}` })}${activeFilters.length ? ` · ${activeFilters.join(" · ")}` : ""}`}
        </p>
      </header>
      {!scope.subcategory && (
        <ul
          className="mt-4 flex gap-2 overflow-x-auto pb-2"
          aria-label={scope.group ? m.public_browse_group_categories({ group: shownName(scope.group.name) }) : m.public_browse_categories()}
        >
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
      {chipsOfFilters.length > 0 && (
        <ul aria-label={m.public_browse_active_filters()} className="mt-3 flex flex-wrap gap-2">
          {chipsOfFilters.map((c) => (
            <li key={c.label}>
              <Link
                to={c.href}
                aria-label={m.public_browse_remove_filter({ label: c.label })}
                className="inline-flex items-center gap-2 rounded-full border border-maroon-600 bg-maroon-50 px-3 py-1.5 text-sm text-maroon-700 hover:bg-maroon-100"
              >
                {c.label}
                <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
          {chipsOfFilters.length > 1 && (
            <li>
              <Link to={`${anywhere}${filterSearch({ sort: f.sort, page: 1 })}`} className="inline-block px-2 py-1.5 text-sm text-maroon-700 underline">
                {m.public_browse_clear_all()}
              </Link>
            </li>
          )}
        </ul>
      )}
      {d.unknownPlace && <UnknownPlace place={d.unknownPlace} where={scope.city ?? scope.state} />}
      {d.problems.length > 0 && (
        <div role="alert" className="mt-4 rounded-xl border border-marigold-400 bg-marigold-300/30 px-4 py-3 text-sm">
          {m.public_browse_ignored({ problems: d.problems.join(" ") })}
        </div>
      )}
      <div className="mt-6 grid gap-6 md:grid-cols-[16rem_1fr]">
        <aside>
          <details
            ref={filtersPanel}
            className="rounded-2xl border border-maroon-100 bg-white p-4 md:hidden"
            open={filtersOpenAt === here}
            onToggle={(e) => setFiltersOpenAt(e.currentTarget.open ? here : null)}
          >
            <summary className="cursor-pointer font-semibold">
              {m.public_browse_filters_and_sort()}
              {chipsOfFilters.length > 0 ? ` (${chipsOfFilters.length})` : ""}
            </summary>
            <div className="mt-3">
              <Filters d={d} scope={scope} idPrefix="m" />
            </div>
          </details>
          <div className="hidden rounded-2xl border border-maroon-100 bg-white p-4 md:block">
            <Filters d={d} scope={scope} idPrefix="d" />
          </div>
        </aside>
        <section aria-label={m.public_browse_results()}>
          {d.services.length === 0 ? (
            <EmptyState d={d} scope={scope} />
          ) : (
            <>
              <h2 className="sr-only">{m.public_browse_results_range({ from: start, to: start + d.services.length - 1 })}</h2>
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {d.services.map((s, i) => (
                  <li key={s.id} className={i < 2 ? undefined : "below-fold"}>
                    <ServiceCard service={s} eager={i < 2} priority={i === 0} actions={<WishlistButton serviceId={s.id} serviceName={s.service_name} />} />
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
