import { Form, Link } from "react-router";
import { Chip, Field, Select } from "#app/components/ui/index.ts";
import { TEMPLATE_MOODS, TEMPLATE_REQUIREMENTS, TEMPLATE_SORTS, type TemplateQuery } from "#shared/template-schemas.ts";
import { m } from "#shared/paraglide/messages.js";
import { MOOD_NAMES, REQUIREMENT_NAMES, SORT_NAMES } from "./template-labels.ts";
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
      aria-label={m.public_templates_filter()}
      onChange={(e) => {
        // With JavaScript, a chip or the sort applies at once; the search box waits for Enter or the button.
        const target = e.target as unknown as HTMLInputElement;
        if (target.type !== "search") e.currentTarget.requestSubmit();
      }}
    >
      <fieldset className="min-w-0">
        <legend className={legend}>{m.public_templates_mood()}</legend>
        <div className="-m-1 flex gap-2 overflow-x-auto p-1 sm:flex-wrap sm:overflow-visible">
          {TEMPLATE_MOODS.map((mood) => (
            <Chip key={mood} name="mood" value={mood} label={MOOD_NAMES[mood]()} checked={f.mood?.includes(mood) ?? false} />
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-4">
        <fieldset className="min-w-0">
          <legend className={legend}>{m.public_templates_price()}</legend>
          <div className="-m-1 flex gap-2 overflow-x-auto p-1 sm:flex-wrap sm:overflow-visible">
            <Chip type="radio" name="amount" value="" label={m.public_templates_all()} checked={!f.amount} />
            <Chip type="radio" name="amount" value="FREE" label={m.public_templates_free()} checked={f.amount === "FREE"} />
            <Chip type="radio" name="amount" value="PAID" label={m.public_templates_paid()} checked={f.amount === "PAID"} />
          </div>
        </fieldset>
        <fieldset className="min-w-0">
          <legend className={legend}>{m.public_templates_collection()}</legend>
          <div className="-m-1 flex gap-2 overflow-x-auto p-1 sm:flex-wrap sm:overflow-visible">
            {TEMPLATE_REQUIREMENTS.map((r) => (
              <Chip key={r} name="requirement" value={r} label={REQUIREMENT_NAMES[r]()} checked={f.requirement?.includes(r) ?? false} />
            ))}
          </div>
        </fieldset>
      </div>
      {d.tags.length > 0 && (
        <fieldset className="min-w-0">
          <legend className={legend}>{m.public_templates_tags()}</legend>
          {/* Tags are the templates' content, named by the admins who upload them: shown as written. */}
          <div className="-m-1 flex gap-2 overflow-x-auto p-1 sm:flex-wrap sm:overflow-visible" translate="no">
            {[...new Set([...d.tags, ...(f.tags ?? [])])].map((t) => (
              <Chip key={t} name="tags" value={t} label={t.replace(/-/g, " ")} checked={f.tags?.includes(t) ?? false} />
            ))}
          </div>
        </fieldset>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <Field
          id="tpl-q"
          label={m.public_templates_search()}
          type="search"
          name="q"
          defaultValue={f.q ?? ""}
          maxLength={100}
          inputClassName="h-11 py-0 text-sm"
        />
        <Select
          id="tpl-sort"
          label={m.public_templates_sort_by()}
          name="sort"
          defaultValue={f.sort}
          options={TEMPLATE_SORTS.map((s) => [s, SORT_NAMES[s]()] as const)}
          inputClassName="h-11 py-0 text-sm"
        />
        <div className="flex gap-2">
          <button type="submit" className="btn-primary h-11">
            {m.public_templates_show()}
          </button>
          {anyFilter(f) && (
            <Link to="/templates" className="btn-secondary h-11">
              {m.public_templates_clear()}
            </Link>
          )}
        </div>
      </div>
    </Form>
  );
}
