import { canonicalLink } from "#app/lib/canonical.ts";
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import type { TemplateList, WatchedTemplate } from "#domain/invitations/index.ts";
import { formatCount } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import type { TemplateQuery } from "#shared/template-schemas.ts";
import { TemplateCard, TemplateThumb, templatePath, priceLabel } from "./template-card.tsx";
import { FilterForm } from "./gallery-filters.tsx";
import { loadGallery, type QUERY_KEYS } from "./gallery.server.ts";
import { Pager } from "#app/components/ui/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * /templates: the invitation template gallery, rendered on the server. Every filter (mood, free or
 * paid, requirement, tags, a name search) and the sort and page live in the URL: the filter form
 * is a plain GET form, so it works without JavaScript and every result page can be shared. The
 * rules are functions/domain/invitations/template-gallery.ts's, the same as GET /inviteTemplate/get.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadGallery(request, context.get(appContext).domain);
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

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const d = loaderData as Awaited<ReturnType<typeof loader>> | undefined;
  const page = d?.filters.page ?? 1;
  const count = d && d.list.total > 0 ? `${formatCount(d.list.total)} ` : "";
  return [
    { title: pageTitle(page > 1 ? m.public_templates_page_title({ page }) : m.public_templates_title()) },
    { name: "description", content: m.public_templates_description({ count }) },
    ...(d ? [canonicalLink(d.origin, `/templates${(d.filters.page ?? 1) > 1 ? `?page=${d.filters.page}` : ""}`)] : []),
  ];
};

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
        <span className="px-2 text-sm text-ink/75">{m.public_templates_page_of({ page: formatCount(Math.min(page, pages)), pages: formatCount(pages) })}</span>
      }
    />
  );
}

function RecentlyViewed({ recent }: { recent: WatchedTemplate[] }) {
  if (!recent.length) return null;
  return (
    <section aria-labelledby="recent-heading" className="mt-6" data-testid="recently-viewed">
      <h2 id="recent-heading" className="text-lg font-semibold text-maroon-700">
        {m.public_templates_recent()}
      </h2>
      <ul className="mt-2 flex gap-3 overflow-x-auto pb-2">
        {recent.map((t) => (
          <li key={t.id} className="w-28 shrink-0">
            <Link to={templatePath(t.id)} className="block rounded-xl text-sm hover:underline">
              <TemplateThumb t={t} eager={false} sizes="112px" />
              <span className="mt-1 block truncate font-medium" translate="no">
                {t.name}
              </span>
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
      <h1 className="text-3xl font-bold text-maroon-700 md:text-4xl">{m.public_templates_title()}</h1>
      <p className="mt-2 max-w-3xl text-ink/80">{m.public_templates_intro()}</p>
      <RecentlyViewed recent={d.recent} />
      <div className="mt-6">
        <FilterForm d={d} />
      </div>
      {d.ignored.length > 0 && (
        <p role="status" className="mt-3 rounded-lg bg-marigold-300/40 px-3 py-2 text-sm text-maroon-900">
          {m.public_templates_ignored({ ignored: d.ignored.join(", ") })}
        </p>
      )}
      <section aria-labelledby="results-heading" className="mt-6">
        <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite">
          {list.total === 0
            ? m.public_templates_none()
            : list.templates.length === 0
              ? m.public_templates_count({ count: formatCount(list.total) })
              : m.public_templates_showing({
                  count: list.total,
                  from: formatCount(first),
                  to: formatCount(first + list.templates.length - 1),
                  total: formatCount(list.total),
                })}
        </h2>
        {list.templates.length === 0 ? (
          <div className="mt-4 rounded-2xl border border-dashed border-maroon-100 bg-white p-8 text-center" data-testid="empty-state">
            <p className="text-xl font-semibold text-maroon-700">{list.total > 0 ? m.public_templates_past_last() : m.public_templates_no_match()}</p>
            <p className="mt-2 text-ink/75">{m.public_templates_clear_hint()}</p>
            <Link to="/templates" className="btn-primary mt-4">
              {m.public_templates_clear_filters()}
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
