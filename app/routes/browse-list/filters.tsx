import { Form, Link } from "react-router";
import { LocationBox } from "#app/components/LocationBox.tsx";
import { type BrowseScope } from "#app/lib/browse.ts";
import { SORT_OPTIONS } from "#shared/sort-options.ts";
import { Field, Select } from "#app/components/ui/index.ts";
import type { PageData } from "./types.ts";

const RATING_CHOICES = [
  { value: "", label: "Any rating" },
  { value: "4.5", label: "4.5 ★ and up" },
  { value: "4", label: "4 ★ and up" },
  { value: "3", label: "3 ★ and up" },
];

export function Filters({ d, scope, idPrefix }: { d: PageData; scope: BrowseScope; idPrefix: string }) {
  const f = d.filters;
  // The filter column's compact boxes (44 px tall: a thumb's target).
  const box = "h-11 py-0 text-sm";
  const hasSub = Boolean(scope.subcategory);
  return (
    <Form method="get" action={d.canonicalPath} className="grid gap-3" aria-label="Filters">
      <Field id={`${idPrefix}-f-q`} type="search" name="q" label="Search" defaultValue={f.q ?? ""} placeholder="Name, city or vendor" inputClassName={box} />
      {hasSub && (
        <LocationBox locations={d.locations} defaultValue={scope.state ? { region: scope.state, city: scope.city } : null} label="Location" hideLabel={false} />
      )}
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-1 text-sm font-medium">Starting price (₹)</legend>
        {(["min", "max"] as const).map((end) => (
          <Field
            key={end}
            id={`${idPrefix}-f-${end}`}
            type="number"
            inputMode="numeric"
            min={0}
            step={100}
            name={`${end}Price`}
            label={end === "min" ? "Minimum price" : "Maximum price"}
            hideLabel
            defaultValue={(end === "min" ? f.minPrice : f.maxPrice) ?? ""}
            placeholder={end === "min" ? "Min" : "Max"}
            inputClassName={box}
          />
        ))}
      </fieldset>
      <Select
        id={`${idPrefix}-f-rating`}
        name="rating"
        label="Rating"
        defaultValue={f.rating !== undefined ? String(f.rating) : ""}
        options={RATING_CHOICES}
        inputClassName={box}
      />
      <Field id={`${idPrefix}-f-date`} type="date" name="available_on" label="Available on" defaultValue={f.available_on ?? ""} inputClassName={box} />
      <Select id={`${idPrefix}-f-sort`} name="sort" label="Sort by" defaultValue={f.sort} options={SORT_OPTIONS} inputClassName={box} />
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
