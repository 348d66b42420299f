import { Link } from "react-router";
import { filterSearch, scopeHeading, type BrowseFilters, type BrowseScope } from "#app/lib/browse.ts";
import { browsePath } from "#shared/catalogue.ts";
import type { PageData } from "./types.ts";

export function Pagination({ path, filters, totalPages }: { path: string; filters: BrowseFilters; totalPages: number }) {
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
export function EmptyState({ d, scope }: { d: PageData; scope: BrowseScope }) {
  const f = d.filters;
  const suggestions: { label: string; href: string }[] = [];
  const anyFilter = f.minPrice !== undefined || f.maxPrice !== undefined || f.rating !== undefined || f.available_on || f.q;
  if (d.filters.page > 1 && d.total > 0) suggestions.push({ label: "Go to the first page", href: `${d.canonicalPath}${filterSearch(f, { page: undefined })}` });
  if (anyFilter) suggestions.push({ label: `All ${scopeHeading(scope).replace(/^./, (c) => c.toLowerCase())}`, href: d.canonicalPath });
  if (f.q) suggestions.push({ label: `“${f.q}” anywhere in India`, href: `/all?q=${encodeURIComponent(f.q)}` });
  // A subcategory's results, or a whole group's (/all/wedding-venue/karnataka/bengaluru).
  const what = (scope.subcategory ?? scope.group)?.name;
  if (scope.city) suggestions.push({ label: `${what} across ${scope.state}`, href: browsePath(scope.group?.name, scope.subcategory?.name, scope.state) });
  if (scope.state) suggestions.push({ label: `${what} across India`, href: browsePath(scope.group?.name, scope.subcategory?.name) });
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
