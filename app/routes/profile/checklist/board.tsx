import { type ReactNode } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Link } from "react-router";
import { categoryProgress, CHECKLIST_LIMITS, itemVersion, overallProgress, vendorSearchFor, type Checklist, type Progress } from "#shared/checklist.ts";
import { formatDate } from "#shared/format.ts";
import { Field } from "#app/components/ui/index.ts";
import type { LocationMap } from "#shared/place-names.ts";
import { getLocale } from "#shared/locale.ts";
import { hasHindiName, localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";

/** A category's or item's name as shown: the catalogue's Hindi name, or the couple's own words (marked as theirs). */
const shown = (name: string) => localName(name, getLocale());
function Name({ name }: { name: string }) {
  return <span translate={hasHindiName(name) ? undefined : "no"}>{shown(name)}</span>;
}

/** The vendor search's link text (shared/checklist.ts names it in English). */
const SEARCH_LABELS: Record<string, () => string> = {
  "Book caterer": m.couple_search_book_caterer,
  "Find cake makers": m.couple_search_find_cake_makers,
  "Book photographer": m.couple_search_book_photographer,
  "Book videographer": m.couple_search_book_videographer,
  "Book DJ": m.couple_search_book_dj,
  "Find musicians": m.couple_search_find_musicians,
  "Book decorator": m.couple_search_book_decorator,
  "Find florists": m.couple_search_find_florists,
  "Find invitation makers": m.couple_search_find_invitation_makers,
  "Find gift shops": m.couple_search_find_gift_shops,
  "Book transport": m.couple_search_book_transport,
  "Book pandit": m.couple_search_book_pandit,
  "Find astrologers": m.couple_search_find_astrologers,
  "Book planner": m.couple_search_book_planner,
  "Book makeup artist": m.couple_search_book_makeup_artist,
  "Book mehndi artist": m.couple_search_book_mehndi_artist,
  "Find jewellers": m.couple_search_find_jewellers,
  "Book venue": m.couple_search_book_venue,
};

/**
 * The checklist as the couple (/profile/checklist, saved on the server) and a visitor (/checklist,
 * kept in the browser) see it: categories with their items, a tick, a date and a vendor search per
 * item, add and remove, progress bars. Every action is a small form with an `intent` field; the
 * page decides what a form is (`ActionForm`): a fetcher form posting to the server, or a form the
 * visitor's page applies to the local list. Read-only (a co-planner who may not change the plan):
 * the same list with its ticks and dates shown, and no form.
 */
export type ActionFormProps = { children: ReactNode; className?: string; label: string; autoSubmit?: boolean; resetAfter?: boolean };
export type ActionForm = (props: ActionFormProps) => ReactNode;

export function ProgressBar({ progress, label, large }: { progress: Progress; label: string; large?: boolean }) {
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        className={`${large ? "h-3" : "h-2"} flex-1 overflow-hidden rounded-full bg-maroon-100`}
      >
        <div className="h-full rounded-full bg-green-700 transition-[width]" style={{ width: `${progress.percent}%` }} />
      </div>
      <span className={`${large ? "text-sm font-semibold" : "text-xs"} whitespace-nowrap text-ink/75`}>
        {m.couple_progress_done({ done: progress.done, total: progress.total })}
      </span>
    </div>
  );
}

const Hidden = ({ fields }: { fields: Record<string, string | number> }) => (
  <>
    {Object.entries(fields).map(([name, value]) => (
      <input key={name} type="hidden" name={name} value={String(value)} />
    ))}
  </>
);

export function ChecklistBoard({
  list,
  city,
  locations,
  Form,
  readOnly = false,
}: {
  list: Checklist;
  city: string | null;
  locations?: LocationMap;
  Form: ActionForm;
  readOnly?: boolean;
}) {
  const overall = overallProgress(list);
  return (
    <div className="flex flex-col gap-5">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-6" aria-label={m.couple_overall_progress()}>
        <p className="mb-2 text-sm font-semibold">{m.couple_overall_percent({ percent: overall.percent })}</p>
        <ProgressBar progress={overall} label={m.couple_overall_progress()} large />
      </section>
      {list.map((cat, c) => (
        <CategoryCard key={`${c}-${cat.category}`} index={c} category={cat} city={city} locations={locations} Form={Form} readOnly={readOnly} />
      ))}
      {!readOnly && (
        <section className="rounded-2xl border border-dashed border-maroon-200 bg-white p-5 md:p-6">
          <h2 className="text-lg font-bold">{m.couple_add_category()}</h2>
          <Form label={m.couple_add_category()} className="mt-3 flex flex-wrap gap-2" resetAfter>
            <Hidden fields={{ intent: "add-category" }} />
            <Field
              id="new-category"
              name="title"
              hideLabel
              label={m.couple_category_title()}
              required
              maxLength={CHECKLIST_LIMITS.category}
              placeholder={m.couple_category_placeholder()}
              className="min-w-0 flex-1"
            />
            <button type="submit" className="btn-primary">
              {m.couple_add_category_button()}
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}

function CategoryCard({
  index: c,
  category,
  city,
  locations,
  Form,
  readOnly,
}: {
  index: number;
  category: Checklist[number];
  city: string | null;
  locations?: LocationMap;
  Form: ActionForm;
  readOnly: boolean;
}) {
  const progress = categoryProgress(category);
  const headingId = `cat-${c}`;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-6" aria-labelledby={headingId} data-testid="checklist-category">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-maroon-700">
          <Name name={category.category} />
        </h2>
        {!readOnly && (
          <Form label={m.couple_remove_category_label({ name: shown(category.category) })}>
            <Hidden fields={{ intent: "remove-category", category: c, title: category.category }} />
            <button type="submit" className="text-xs text-red-800 underline" aria-label={m.couple_remove_category_label({ name: shown(category.category) })}>
              {m.couple_remove_category()}
            </button>
          </Form>
        )}
      </div>
      <div className="mt-2">
        <ProgressBar progress={progress} label={m.couple_category_progress({ name: shown(category.category) })} />
      </div>
      {category.items.length ? (
        <ul className="mt-4 divide-y divide-maroon-50">
          {category.items.map((item, i) => (
            <ItemRow key={`${i}-${item.name}`} c={c} i={i} item={item} city={city} locations={locations} Form={Form} readOnly={readOnly} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-ink/70">{m.couple_no_items()}</p>
      )}
      {!readOnly && (
        <Form label={m.couple_add_item_to({ name: shown(category.category) })} className="mt-3 flex flex-wrap gap-2" resetAfter>
          <Hidden fields={{ intent: "add-item", category: c, title: category.category }} />
          <Field
            compact
            id={`new-item-${c}`}
            name="name"
            hideLabel
            label={m.couple_new_item_for({ name: shown(category.category) })}
            required
            maxLength={CHECKLIST_LIMITS.item}
            placeholder={m.couple_add_item_placeholder()}
            className="min-w-0 flex-1"
          />
          <button type="submit" className="btn-secondary px-3 py-1.5 text-sm">
            {m.couple_add()}
          </button>
        </Form>
      )}
    </section>
  );
}

function ItemRow({
  c,
  i,
  item,
  city,
  locations,
  Form,
  readOnly,
}: {
  c: number;
  i: number;
  item: Checklist[number]["items"][number];
  city: string | null;
  locations?: LocationMap;
  Form: ActionForm;
  readOnly: boolean;
}) {
  const search = vendorSearchFor(item.name, city, locations);
  // version: the item as drawn, so a change made on a stale copy is refused (shared/checklist.ts itemVersion).
  const guard = { category: c, item: i, name: item.name, version: itemVersion(item) };
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-2 gap-y-1.5 py-2.5 sm:flex sm:gap-3" data-testid="checklist-item">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {readOnly ? (
          <span
            role="img"
            aria-label={item.done ? m.couple_item_done({ name: shown(item.name) }) : m.couple_item_not_done({ name: shown(item.name) })}
            className={`flex h-6 w-6 shrink-0 items-center justify-center rounded border-2 ${item.done ? "border-green-700 bg-green-700 text-white" : "border-maroon-300 bg-white"}`}
          >
            {item.done && <Tick />}
          </span>
        ) : (
          <Form label={item.done ? m.couple_mark_not_done({ name: shown(item.name) }) : m.couple_mark_done({ name: shown(item.name) })}>
            <Hidden fields={{ intent: "toggle", ...guard, done: String(!item.done) }} />
            <button
              type="submit"
              role="checkbox"
              aria-checked={item.done}
              aria-label={shown(item.name)}
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded border-2 ${item.done ? "border-green-700 bg-green-700 text-white" : "border-maroon-300 bg-white"}`}
            >
              {item.done && <Tick />}
            </button>
          </Form>
        )}
        <span className={`min-w-0 break-words ${item.done ? "text-ink/60 line-through" : ""}`}>
          <Name name={item.name} />
        </span>
      </div>
      {!readOnly && (
        <Form label={m.couple_remove_name({ name: shown(item.name) })} className="col-start-2 row-start-1 sm:order-last">
          <Hidden fields={{ intent: "remove-item", ...guard }} />
          <button
            type="submit"
            className="rounded px-1.5 text-lg leading-none text-red-800 hover:bg-red-50"
            aria-label={m.couple_remove_name({ name: shown(item.name) })}
          >
            ×
          </button>
        </Form>
      )}
      <div className="col-span-2 flex flex-wrap items-center gap-2 pl-9 text-sm sm:pl-0">
        {search && (
          <Link to={search.href} className="font-semibold text-maroon-700 underline">
            {SEARCH_LABELS[search.label]?.() ?? search.label}
          </Link>
        )}
        {readOnly ? (
          item.scheduleDate && <span className="text-ink/75">{formatDate(item.scheduleDate)}</span>
        ) : (
          <Form label={m.couple_schedule_name({ name: shown(item.name) })} className="flex items-center gap-1" autoSubmit>
            <Hidden fields={{ intent: "schedule", ...guard }} />
            <Field
              compact
              id={`date-${c}-${i}`}
              type="date"
              name="scheduleDate"
              hideLabel
              label={m.couple_date_for({ name: shown(item.name) })}
              defaultValue={item.scheduleDate ?? ""}
              key={item.scheduleDate ?? ""}
              title={item.scheduleDate ? formatDate(item.scheduleDate) : m.couple_no_date()}
            />
            <NoScriptButton label={m.couple_set_date_for({ name: shown(item.name) })}>{m.couple_set()}</NoScriptButton>
          </Form>
        )}
      </div>
    </li>
  );
}

const Tick = () => (
  <svg aria-hidden="true" width="14" height="14" viewBox="0 0 12 12">
    <path d="M2.5 6.5l2.2 2.2L9.5 3.8" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
  </svg>
);

/** A submit button only needed without JavaScript (with it, changing the date submits). */
function NoScriptButton({ children, label }: { children: ReactNode; label: string }) {
  if (useHydrated()) return null;
  return (
    <button type="submit" className="rounded border border-maroon-200 px-2 py-1 text-xs" aria-label={label}>
      {children}
    </button>
  );
}
