import { Link } from "react-router";
import type { Route } from "./+types/activity";
import { activityList } from "#domain/weddings/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { activityLine, activityTime } from "#shared/activity-text.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";

/**
 * /profile/activity: who did what in the wedding, when, in which area, newest first, 50 a page
 * (GET /api/v1/weddings/activity answers the same; functions/domain/weddings/activity.ts). Every
 * member of the wedding reads it.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_activity_title()) }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  return loadOrRespond(request, async () => ({ activity: await activityList(domain, { page }) }));
}

const AREA_LABEL = {
  guests: m.couple_activity_area_guests,
  budget: m.couple_activity_area_budget,
  plan: m.couple_activity_area_plan,
  invitations: m.couple_activity_area_invitations,
  people: m.couple_activity_area_people,
} as const;

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { items, page, hasMore } = loaderData.activity;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="activity-title">
      <h1 id="activity-title" className="text-3xl font-bold text-maroon-700">
        {m.couple_activity_title()}
      </h1>
      <p className="mt-1 text-sm text-ink/75">{m.couple_activity_intro()}</p>
      {items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-maroon-100 p-4 text-ink/75">{m.couple_activity_empty()}</p>
      ) : (
        <ol className="mt-4 flex flex-col divide-y divide-maroon-100" data-testid="activity-list">
          {items.map((i) => (
            <li key={i.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4" data-testid="activity-item">
              <p className="min-w-0 break-words">
                {/* The names are the members' and the wedding's own (user content): marked so. */}
                {rich(
                  (p) =>
                    activityLine({
                      ...i,
                      actorName: p.actor,
                      subject: i.subject === null ? null : p.subject,
                      functionName: i.functionName === null ? null : p.fn,
                    }),
                  {
                    actor: <span translate="no">{i.actorName}</span>,
                    subject: <span translate="no">{i.subject}</span>,
                    fn: <span translate="no">{i.functionName}</span>,
                  },
                )}
              </p>
              <p className="flex shrink-0 items-center gap-2 text-sm text-ink/70">
                <span className="rounded-full bg-maroon-50 px-2 py-0.5 text-xs font-semibold text-maroon-800">{AREA_LABEL[i.area]()}</span>
                <time dateTime={new Date(i.at).toISOString()}>{activityTime(i.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {(page > 1 || hasMore) && (
        <nav className="mt-4 flex justify-between gap-4 text-sm font-semibold" aria-label={m.couple_activity_title()}>
          {page > 1 ? (
            <Link to={page === 2 ? "/profile/activity" : `/profile/activity?page=${page - 1}`} className="text-maroon-700 underline">
              {m.couple_activity_newer()}
            </Link>
          ) : (
            <span />
          )}
          {hasMore && (
            <Link to={`/profile/activity?page=${page + 1}`} className="text-maroon-700 underline">
              {m.couple_activity_older()}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
