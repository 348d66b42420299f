import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { galleryTags, listTemplates, watchHistory, type TemplateList, type WatchedTemplate } from "#domain/invitations/index.ts";
import { can } from "#domain/core/index.ts";
import { formatCount } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import {
  MOOD_LABELS,
  REQUIREMENT_LABELS,
  SORT_LABELS,
  TEMPLATE_MOODS,
  TEMPLATE_REQUIREMENTS,
  TEMPLATE_SORTS,
  templateQuery,
  type TemplateQuery,
} from "#shared/template-schemas.ts";
import { TemplateCard, TemplateThumb, templatePath, priceLabel } from "./template-card.tsx";
import { Pager } from "#app/components/ui/index.ts";

/**
 * /templates: the invitation template gallery, rendered on the server. Every filter (mood, free or
 * paid, requirement, tags, a name search) and the sort and page live in the URL: the filter form
 * is a plain GET form, so it works without JavaScript and every result page can be shared. The
 * rules are functions/domain/invitations/template-gallery.ts's, the same as GET /inviteTemplate/get.
 */
const LIST_KEYS = ["mood", "requirement", "tags"] as const;
const QUERY_KEYS = ["mood", "amount", "requirement", "tags", "q", "sort", "page"] as const;

/** The URL's filters as the API reads them: repeated checkboxes (mood=A&mood=B) become "A,B". */
function rawFilters(url: URL): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of QUERY_KEYS) {
    const values = url.searchParams.getAll(key).filter((v) => v.trim() !== "");
    if (values.length) raw[key] = (LIST_KEYS as readonly string[]).includes(key) ? values.join(",") : values[0]!;
  }
  return raw;
}

/** The filters the URL names; values the gallery does not know are left out (and the page says so) rather than failing the page. */
function readFilters(url: URL): { filters: TemplateQuery; ignored: string[] } {
  const raw = rawFilters(url);
  const ignored: string[] = [];
  for (let attempt = 0; attempt < QUERY_KEYS.length; attempt++) {
    const parsed = templateQuery.safeParse(raw);
    if (parsed.success) return { filters: parsed.data, ignored };
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      if (key in raw) {
        ignored.push(key);
        delete raw[key];
      }
    }
  }
  return { filters: templateQuery.parse({}), ignored };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  const { filters, ignored } = readFilters(url);
  const isCouple = can.planWedding(domain.actor);
  const [list, tags, recent] = await Promise.all([
    listTemplates(domain, { ...rawFilters(url), ...Object.fromEntries(ignored.map((k) => [k, undefined])) }),
    galleryTags(domain),
    isCouple ? watchHistory(domain, 8) : Promise.resolve([] as WatchedTemplate[]),
  ]);
  return { list, tags, recent, filters, ignored, origin: url.origin };
}

type Filters = TemplateQuery;

/** The query string of these filters with `change` applied (page dropped unless given). */
function searchOf(f: Filters, change: Partial<Record<(typeof QUERY_KEYS)[number], string | undefined>> = {}): string {
  const params = new URLSearchParams();
  const values: Record<string, string | undefined> = {
    mood: f.mood?.join(","),
    amount: f.amount,
    requirement: f.requirement?.join(","),
    tags: f.tags?.join(","),
    q: f.q,
    sort: f.sort === "newest" ? undefined : f.sort,
    page: undefined,
    ...change,
  };
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : "";
}

const anyFilter = (f: Filters) => Boolean(f.mood?.length || f.amount || f.requirement?.length || f.tags?.length || f.q);

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const d = loaderData as Awaited<ReturnType<typeof loader>> | undefined;
  const page = d && (d.filters.page ?? 1) > 1 ? ` (page ${d.filters.page})` : "";
  const count = d && d.list.total > 0 ? `${formatCount(d.list.total)} ` : "";
  return [
    { title: pageTitle(`Wedding invitation templates${page}`) },
    {
      name: "description",
      content: `Browse ${count}wedding invitation card templates: Hindu, Muslim, Sikh, Christian, South Indian and modern designs, free and paid. Add your names, date and venue and share the e-invite on WhatsApp.`,
    },
    ...(d ? [{ tagName: "link", rel: "canonical", href: `${d.origin}/templates${(d.filters.page ?? 1) > 1 ? `?page=${d.filters.page}` : ""}` }] : []),
  ];
};

const chip =
  "inline-flex min-h-10 cursor-pointer items-center whitespace-nowrap rounded-full border border-maroon-100 bg-white px-3 text-sm peer-checked:border-maroon-700 peer-checked:bg-maroon-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-maroon-700";

function Chip({
  name,
  value,
  label,
  checked,
  type = "checkbox",
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  type?: "checkbox" | "radio";
}) {
  return (
    <label className="relative shrink-0">
      <input type={type} name={name} value={value} defaultChecked={checked} className="peer sr-only" />
      <span className={chip}>{label}</span>
    </label>
  );
}

function FilterForm({ d }: { d: Awaited<ReturnType<typeof loader>> }) {
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
        <div>
          <label htmlFor="tpl-q" className={`block ${legend}`}>
            Search by name
          </label>
          <input
            id="tpl-q"
            type="search"
            name="q"
            defaultValue={f.q ?? ""}
            maxLength={100}
            className="h-11 w-full rounded-xl border border-maroon-100 px-3 text-sm"
          />
        </div>
        <div>
          <label htmlFor="tpl-sort" className={`block ${legend}`}>
            Sort by
          </label>
          <select id="tpl-sort" name="sort" defaultValue={f.sort} className="h-11 w-full rounded-xl border border-maroon-100 bg-white px-3 text-sm">
            {TEMPLATE_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
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

function Pagination({ f, list }: { f: Filters; list: TemplateList }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (pages <= 1) return null;
  const page = list.page;
  return (
    <Pager
      page={page}
      pages={pages}
      href={(p) => `/templates${searchOf(f, { page: p > 1 ? String(p) : undefined })}`}
      className="mt-8 justify-center"
      summary={
        <span className="px-2 text-sm text-ink/75">
          Page {formatCount(Math.min(page, pages))} of {formatCount(pages)}
        </span>
      }
    />
  );
}

function RecentlyViewed({ recent }: { recent: WatchedTemplate[] }) {
  if (!recent.length) return null;
  return (
    <section aria-labelledby="recent-heading" className="mt-6" data-testid="recently-viewed">
      <h2 id="recent-heading" className="text-lg font-semibold text-maroon-700">
        Recently viewed
      </h2>
      <ul className="mt-2 flex gap-3 overflow-x-auto pb-2">
        {recent.map((t) => (
          <li key={t.id} className="w-28 shrink-0">
            <Link to={templatePath(t.id)} className="block rounded-xl text-sm hover:underline">
              <TemplateThumb t={t} eager={false} sizes="112px" />
              <span className="mt-1 block truncate font-medium">{t.name}</span>
              <span className="block text-ink/70">{priceLabel(t)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Templates({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const { list, filters: f } = d;
  const first = (list.page - 1) * list.pageSize + 1;
  return (
    <div className="container-page py-6 md:py-10">
      <h1 className="text-3xl font-bold text-maroon-700 md:text-4xl">Wedding invitation templates</h1>
      <p className="mt-2 max-w-3xl text-ink/80">
        Pick a design, add your names, date and venue, and share your e-invite or print it. Free templates are ready to use; paid ones are yours to keep once
        bought.
      </p>
      <RecentlyViewed recent={d.recent} />
      <div className="mt-6">
        <FilterForm d={d} />
      </div>
      {d.ignored.length > 0 && (
        <p role="status" className="mt-3 rounded-lg bg-marigold-300/40 px-3 py-2 text-sm text-maroon-900">
          Some choices in the link were not understood and were left out ({d.ignored.join(", ")}).
        </p>
      )}
      <section aria-labelledby="results-heading" className="mt-6">
        <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite">
          {list.total === 0
            ? "No templates"
            : list.templates.length === 0
              ? `${formatCount(list.total)} templates`
              : `Showing ${formatCount(first)}–${formatCount(first + list.templates.length - 1)} of ${formatCount(list.total)} ${list.total === 1 ? "template" : "templates"}`}
        </h2>
        {list.templates.length === 0 ? (
          <div className="mt-4 rounded-2xl border border-dashed border-maroon-100 bg-white p-8 text-center" data-testid="empty-state">
            <p className="text-xl font-semibold text-maroon-700">
              {list.total > 0 ? "This page is past the last template" : "No templates match these filters"}
            </p>
            <p className="mt-2 text-ink/75">Clear the filters to see every design.</p>
            <Link to="/templates" className="btn-primary mt-4">
              Clear filters
            </Link>
          </div>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4">
            {list.templates.map((t, i) => (
              <li key={t.id}>
                <TemplateCard t={t} eager={i < 4} />
              </li>
            ))}
          </ul>
        )}
        <Pagination f={f} list={list} />
      </section>
    </div>
  );
}
