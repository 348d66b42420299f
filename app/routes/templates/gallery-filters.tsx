import { Form, Link } from "react-router";
import { Chip, Field, Select } from "#app/components/ui/index.ts";
import {
  MOOD_LABELS,
  REQUIREMENT_LABELS,
  SORT_LABELS,
  TEMPLATE_MOODS,
  TEMPLATE_REQUIREMENTS,
  TEMPLATE_SORTS,
  type TemplateQuery,
} from "#shared/template-schemas.ts";
import type { Route } from "./+types/route";

type Data = Route.ComponentProps["loaderData"];

/** Whether the URL filters the gallery at all (then a Clear link is offered). */
export const anyFilter = (f: TemplateQuery) => Boolean(f.mood?.length || f.amount || f.requirement?.length || f.tags?.length || f.q);

/** The gallery's filters: a plain GET form (chips, a name search, the sort), applied at once with JavaScript. */
export function FilterForm({ d }: { d: Data }) {
  const f = d.filters;
  const legend = "mb-2 text-sm font-semibold text-ink";
  return (
    <Form
      method="get"
      action="/templates"
      className="grid min-w-0 gap-4 rounded-2xl border border-maroon-100 bg-white p-4"
      aria-label="Filter templates"
      onChange={(e) => {
        // With JavaScript, a chip or the sort applies at once; the search box waits for Enter or the button.
        const target = e.target as unknown as HTMLInputElement;
        if (target.type !== "search") e.currentTarget.requestSubmit();
      }}
    >
      <fieldset className="min-w-0">
        <legend className={legend}>Mood</legend>
        <div className="-m-1 flex gap-2 overflow-x-auto p-1 sm:flex-wrap sm:overflow-visible">
          {TEMPLATE_MOODS.map((m) => (
            <Chip key={m} name="mood" value={m} label={MOOD_LABELS[m]} checked={f.mood?.includes(m) ?? false} />
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-4">
        <fieldset className="min-w-0">
          <legend className={legend}>Price</legend>
          <div className="-m-1 flex gap-2 overflow-x-auto p-1 sm:flex-wrap sm:overflow-visible">
            <Chip type="radio" name="amount" value="" label="All" checked={!f.amount} />
            <Chip type="radio" name="amount" value="FREE" label="Free" checked={f.amount === "FREE"} />
            <Chip type="radio" name="amount" value="PAID" label="Paid" checked={f.amount === "PAID"} />
          </div>
        </fieldset>
        <fieldset className="min-w-0">
          <legend className={legend}>Collection</legend>
          <div className="-m-1 flex gap-2 overflow-x-auto p-1 sm:flex-wrap sm:overflow-visible">
            {TEMPLATE_REQUIREMENTS.map((r) => (
              <Chip key={r} name="requirement" value={r} label={REQUIREMENT_LABELS[r]} checked={f.requirement?.includes(r) ?? false} />
            ))}
          </div>
        </fieldset>
      </div>
      {d.tags.length > 0 && (
        <fieldset className="min-w-0">
          <legend className={legend}>Tags</legend>
          <div className="-m-1 flex gap-2 overflow-x-auto p-1 sm:flex-wrap sm:overflow-visible">
            {[...new Set([...d.tags, ...(f.tags ?? [])])].map((t) => (
              <Chip key={t} name="tags" value={t} label={t.replace(/-/g, " ")} checked={f.tags?.includes(t) ?? false} />
            ))}
          </div>
        </fieldset>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <Field id="tpl-q" label="Search by name" type="search" name="q" defaultValue={f.q ?? ""} maxLength={100} inputClassName="h-11 py-0 text-sm" />
        <Select
          id="tpl-sort"
          label="Sort by"
          name="sort"
          defaultValue={f.sort}
          options={TEMPLATE_SORTS.map((s) => [s, SORT_LABELS[s]] as const)}
          inputClassName="h-11 py-0 text-sm"
        />
        <div className="flex gap-2">
          <button type="submit" className="btn-primary h-11">
            Show templates
          </button>
          {anyFilter(f) && (
            <Link to="/templates" className="btn-secondary h-11">
              Clear
            </Link>
          )}
        </div>
      </div>
    </Form>
  );
}
