import { Form, Link } from "react-router";
import { LocationBox } from "#app/components/LocationBox.tsx";
import { type BrowseScope } from "#app/lib/browse.ts";
import { SORT_OPTIONS } from "#shared/sort-options.ts";
import { Field, Select } from "#app/components/ui/index.ts";
import { m } from "#shared/paraglide/messages.js";
import type { PageData } from "./types.ts";

/** The sort choices' words in the page's language (the values stay as the URL has them). */
export const SORT_LABELS: Record<(typeof SORT_OPTIONS)[number]["value"], () => string> = {
  rating: m.public_sort_rating,
  price_low: m.public_sort_price_low,
  price_high: m.public_sort_price_high,
  most_viewed: m.public_sort_most_viewed,
  newest: m.public_sort_newest,
};

export function Filters({ d, scope, idPrefix }: { d: PageData; scope: BrowseScope; idPrefix: string }) {
  const f = d.filters;
  // The filter column's compact boxes (44 px tall: a thumb's target).
  const box = "h-11 py-0 text-sm";
  const hasSub = Boolean(scope.subcategory);
  const ratingChoices = [
    { value: "", label: m.public_filters_any_rating() },
    ...["4.5", "4", "3"].map((value) => ({ value, label: m.public_browse_chip_rating({ rating: value }) })),
  ];
  return (
    <Form method="get" action={d.canonicalPath} className="grid gap-3" aria-label={m.public_filters()}>
      <Field
        id={`${idPrefix}-f-q`}
        type="search"
        name="q"
        label={m.public_filters_search()}
        defaultValue={f.q ?? ""}
        placeholder={m.public_filters_search_placeholder()}
        inputClassName={box}
      />
      {hasSub && (
        <LocationBox
          locations={d.locations}
          defaultValue={scope.state ? { region: scope.state, city: scope.city } : null}
          label={m.public_filters_location()}
          hideLabel={false}
        />
      )}
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-1 text-sm font-medium">{m.public_filters_price()}</legend>
        {(["min", "max"] as const).map((end) => (
          <Field
            key={end}
            id={`${idPrefix}-f-${end}`}
            type="number"
            inputMode="numeric"
            min={0}
            step={100}
            name={`${end}Price`}
            label={end === "min" ? m.public_filters_min_price() : m.public_filters_max_price()}
            hideLabel
            defaultValue={(end === "min" ? f.minPrice : f.maxPrice) ?? ""}
            placeholder={end === "min" ? m.public_filters_min() : m.public_filters_max()}
            inputClassName={box}
          />
        ))}
      </fieldset>
      <Select
        id={`${idPrefix}-f-rating`}
        name="rating"
        label={m.public_filters_rating()}
        defaultValue={f.rating !== undefined ? String(f.rating) : ""}
        options={ratingChoices}
        inputClassName={box}
      />
      <Field
        id={`${idPrefix}-f-date`}
        type="date"
        name="available_on"
        label={m.public_filters_available_on()}
        defaultValue={f.available_on ?? ""}
        inputClassName={box}
      />
      <Select
        id={`${idPrefix}-f-sort`}
        name="sort"
        label={m.public_filters_sort_by()}
        defaultValue={f.sort}
        options={SORT_OPTIONS.map((o) => ({ value: o.value, label: SORT_LABELS[o.value]() }))}
        inputClassName={box}
      />
      <button type="submit" className="btn-primary w-full">
        {m.public_filters_show_results()}
      </button>
      {(f.q || f.minPrice !== undefined || f.maxPrice !== undefined || f.rating !== undefined || f.available_on || f.sort !== "rating") && (
        <Link to={d.canonicalPath} className="text-center text-sm text-maroon-700 underline">
          {m.public_filters_clear()}
        </Link>
      )}
    </Form>
  );
}
