import { Link } from "react-router";
import { filterSearch, scopeHeading, type BrowseFilters, type BrowseScope } from "#app/lib/browse.ts";
import { browsePath } from "#shared/catalogue.ts";
import type { PageData } from "./types.ts";
import { Pager } from "#app/components/ui/index.ts";
import { shownName } from "#app/lib/shown-names.ts";
import { m } from "#shared/paraglide/messages.js";

export function Pagination({ path, filters, totalPages }: { path: string; filters: BrowseFilters; totalPages: number }) {
  return (
    <Pager
      page={filters.page}
      pages={totalPages}
      href={(p) => `${path}${filterSearch(filters, { page: p })}`}
      numbers
      label={m.public_pager_pagination()}
      className="mt-8 justify-center"
    />
  );
}

/** Wider searches when nothing matched: drop the filters, the city, the state, the subcategory. */
export function EmptyState({ d, scope }: { d: PageData; scope: BrowseScope }) {
  const f = d.filters;
  const suggestions: { label: string; href: string }[] = [];
  const anyFilter = f.minPrice !== undefined || f.maxPrice !== undefined || f.rating !== undefined || f.available_on || f.q;
  if (d.filters.page > 1 && d.total > 0)
    suggestions.push({ label: m.public_empty_first_page(), href: `${d.canonicalPath}${filterSearch(f, { page: undefined })}` });
  if (anyFilter)
    suggestions.push({ label: m.public_empty_all_of({ heading: scopeHeading(scope).replace(/^./, (c) => c.toLowerCase()) }), href: d.canonicalPath });
  if (f.q) suggestions.push({ label: m.public_empty_anywhere({ query: f.q }), href: `/all?q=${encodeURIComponent(f.q)}` });
  // A subcategory's results, or a whole group's (/all/wedding-venue/karnataka/bengaluru).
  const name = (scope.subcategory ?? scope.group)?.name;
  const what = name ? shownName(name) : "";
  if (scope.city)
    suggestions.push({
      label: m.public_empty_across({ what, place: shownName(scope.state ?? "") }),
      href: browsePath(scope.group?.name, scope.subcategory?.name, scope.state),
    });
  if (scope.state)
    suggestions.push({ label: m.public_empty_across({ what, place: m.public_browse_india() }), href: browsePath(scope.group?.name, scope.subcategory?.name) });
  if (scope.subcategory)
    suggestions.push({ label: m.public_empty_everything_in({ group: shownName(scope.group?.name ?? "") }), href: browsePath(scope.group?.name) });
  if (scope.group) suggestions.push({ label: m.public_empty_all_services(), href: "/all" });
  return (
    <div className="rounded-2xl border border-dashed border-maroon-100 bg-white p-8 text-center" data-testid="empty-state">
      <h2 className="text-2xl font-semibold text-maroon-700">{m.public_empty_title()}</h2>
      <p className="mt-2 text-ink/75">{m.public_empty_try()}</p>
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
