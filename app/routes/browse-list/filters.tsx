import { Form, Link } from "react-router";
import { LocationBox } from "#app/components/LocationBox.tsx";
import { type BrowseScope } from "#app/lib/browse.ts";
import { SORT_OPTIONS } from "#shared/sort-options.ts";
import type { PageData } from "./types.ts";

const RATING_CHOICES = [
  { value: "", label: "Any rating" },
  { value: "4.5", label: "4.5 ★ and up" },
  { value: "4", label: "4 ★ and up" },
  { value: "3", label: "3 ★ and up" },
];

export function Filters({ d, scope, idPrefix }: { d: PageData; scope: BrowseScope; idPrefix: string }) {
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
          <LocationBox locations={d.locations} defaultValue={scope.state ? { region: scope.state, city: scope.city } : null} label="Location" />
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
