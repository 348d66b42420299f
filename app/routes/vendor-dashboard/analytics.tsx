import { useMemo } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/analytics";
import { analyticsQuery, recentLeads, vendorAnalytics } from "#domain/enquiries/index.ts";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { formatCount, formatDate, replyTimeLabel } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";
import { LEAD_STATUS_LABELS } from "./enquiries-ui.tsx";
import { AnalyticsChart, type ChartSeries } from "./analytics-chart.tsx";

/**
 * The vendor's analytics (/VendorDashboard/analytics): the same figures as GET /analytics/getViewData
 * and GET /analytics/getlead for the last 7, 30 or 90 days (?days=). The table of figures by day is
 * the page without JavaScript; with it, a chart of the same figures is drawn above it.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_analytics_title()) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const asked = new URL(request.url).searchParams.get("days") ?? undefined;
  return loadOrRespond(request, async () => {
    // An unknown period shows the default (30 days) rather than an error page.
    const parsed = analyticsQuery.safeParse({ days: asked });
    const days = parsed.success ? parsed.data.days : 30;
    const [analytics, leads] = await Promise.all([vendorAnalytics(domain, days), recentLeads(domain)]);
    return { analytics, leads };
  });
}

const PERIODS = [7, 30, 90] as const;

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-maroon-100 bg-white p-4">
      <dt className="text-sm text-ink/70">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-maroon-700">{value}</dd>
      {note && <dd className="text-xs text-ink/65">{note}</dd>}
    </div>
  );
}

const percent = (v: number | null) => (v === null ? "–" : `${v}%`);

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { analytics, leads } = loaderData;
  const { totals, series, services, topServices, days, depth, fullAnalyticsPlan } = analytics;
  const chartDays = useMemo(() => series.map((d) => d.day), [series]);
  const chartSeries = useMemo<ChartSeries[]>(
    () => [
      { label: m.vendor_analytics_service_views(), color: "#7a1f2b", values: series.map((d) => d.views) },
      { label: m.vendor_analytics_profile_views(), color: "#c98b00", values: series.map((d) => d.profileViews) },
      { label: m.vendor_analytics_enquiries(), color: "#1f6f8b", values: series.map((d) => d.enquiries) },
      { label: m.vendor_analytics_bookings(), color: "#15803d", values: series.map((d) => d.bookings) },
    ],
    [series],
  );
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold text-maroon-700">{m.vendor_analytics_title()}</h1>
          <nav aria-label={m.vendor_analytics_period()} className="flex gap-1">
            {PERIODS.map((p) => (
              <Link
                key={p}
                to={`?days=${p}`}
                aria-current={p === days ? "page" : undefined}
                className={`rounded-full px-3 py-1.5 text-sm font-semibold ${p === days ? "bg-maroon-700 text-white" : "bg-maroon-50 text-maroon-700 hover:bg-maroon-100"}`}
              >
                {m.vendor_analytics_days({ days: p })}
              </Link>
            ))}
          </nav>
        </div>
        <p className="mt-1 text-sm text-ink/75">{m.vendor_analytics_range({ from: formatDate(analytics.from), to: formatDate(analytics.to) })}</p>
        <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
          <Figure label={m.vendor_analytics_service_views()} value={formatCount(totals.views)} />
          <Figure label={m.vendor_analytics_profile_views()} value={formatCount(totals.profileViews)} />
          <Figure label={m.vendor_analytics_enquiries()} value={formatCount(totals.enquiries)} />
          <Figure label={m.vendor_analytics_bookings()} value={formatCount(totals.bookings)} />
          <Figure label={m.vendor_analytics_conversion()} value={percent(totals.conversion)} note={m.vendor_analytics_conversion_note()} />
          <Figure
            label={m.vendor_analytics_response()}
            value={totals.replyMinutesMedian === null ? "–" : m.vendor_analytics_minutes({ count: formatCount(totals.replyMinutesMedian) })}
            note={replyTimeLabel(totals.replyMinutesMedian) ?? m.vendor_analytics_response_note()}
          />
        </dl>
      </section>

      {depth === "BASIC" && (
        <section className="rounded-2xl border border-amber-200 bg-amber-50 p-5 md:p-7" aria-labelledby="depth-heading">
          <h2 id="depth-heading" className="text-xl font-bold">
            {m.vendor_analytics_depth_heading()}
          </h2>
          <p className="mt-1 text-sm">
            {fullAnalyticsPlan
              ? rich(m.vendor_analytics_depth_plan, { plan: <span translate="no">{fullAnalyticsPlan}</span> })
              : m.vendor_analytics_depth_any()}{" "}
            <Link to="/VendorDashboard/Plan" className="font-semibold text-maroon-700 underline">
              {m.vendor_subscription_see_plans()}
            </Link>
          </p>
        </section>
      )}

      {depth === "FULL" && (
        <section className="rounded-2xl border border-maroon-100 bg-white p-4 sm:p-5 md:p-7" aria-labelledby="trend-heading">
          <h2 id="trend-heading" className="text-xl font-bold">
            {m.vendor_analytics_over_time()}
          </h2>
          <div className="mt-3">
            <AnalyticsChart days={chartDays} series={chartSeries} />
          </div>
          <details className="mt-3" open>
            <summary className="cursor-pointer text-sm font-semibold text-maroon-700">{m.vendor_analytics_by_day()}</summary>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-xs sm:text-sm">
                <caption className="sr-only">{m.vendor_analytics_by_day_caption()}</caption>
                <thead>
                  <tr className="border-b border-ink/10">
                    <th scope="col" className="py-2 pr-2 sm:pr-3">
                      {m.vendor_analytics_day()}
                    </th>
                    <th scope="col" className="py-2 pr-2 sm:pr-3 text-right">
                      {m.vendor_analytics_service_views()}
                    </th>
                    <th scope="col" className="py-2 pr-2 sm:pr-3 text-right">
                      {m.vendor_analytics_profile_views()}
                    </th>
                    <th scope="col" className="py-2 pr-2 sm:pr-3 text-right">
                      {m.vendor_analytics_enquiries()}
                    </th>
                    <th scope="col" className="py-2 text-right">
                      {m.vendor_analytics_bookings()}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...series].reverse().map((d) => (
                    <tr key={d.day} className="border-b border-ink/5">
                      <th scope="row" className="min-w-14 py-1.5 pr-2 font-normal sm:whitespace-nowrap sm:pr-3">
                        {formatDate(d.day)}
                      </th>
                      <td className="py-1.5 pr-2 sm:pr-3 text-right">{d.views}</td>
                      <td className="py-1.5 pr-2 sm:pr-3 text-right">{d.profileViews}</td>
                      <td className="py-1.5 pr-2 sm:pr-3 text-right">{d.enquiries}</td>
                      <td className="py-1.5 text-right">{d.bookings}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>
      )}

      {depth === "FULL" && (
        <section className="rounded-2xl border border-maroon-100 bg-white p-4 sm:p-5 md:p-7" aria-labelledby="services-heading">
          <h2 id="services-heading" className="text-xl font-bold">
            {m.vendor_analytics_by_service()}
          </h2>
          {topServices.length > 0 && (
            <p className="mt-1 text-sm text-ink/75">
              {rich(m.vendor_analytics_top, { names: <span translate="no">{topServices.map((s) => s.service_name).join(", ")}</span> })}
            </p>
          )}
          {services.length ? (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-xs sm:text-sm">
                <caption className="sr-only">{m.vendor_analytics_by_service_caption({ days })}</caption>
                <thead>
                  <tr className="border-b border-ink/10">
                    <th scope="col" className="py-2 pr-2 sm:pr-3">
                      {m.vendor_analytics_service()}
                    </th>
                    <th scope="col" className="py-2 pr-2 sm:pr-3 text-right">
                      {m.vendor_analytics_views()}
                    </th>
                    <th scope="col" className="py-2 pr-2 sm:pr-3 text-right">
                      {m.vendor_analytics_enquiries()}
                    </th>
                    <th scope="col" className="py-2 pr-2 sm:pr-3 text-right">
                      {m.vendor_analytics_bookings()}
                    </th>
                    <th scope="col" className="py-2 text-right">
                      {m.vendor_analytics_conversion()}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {services.map((s) => (
                    <tr key={s.id} className="border-b border-ink/5">
                      <th scope="row" className="py-1.5 pr-2 sm:pr-3 font-normal">
                        <span translate="no">{s.service_name}</span>
                        {s.status !== "active" && (
                          <span className="ml-1 text-xs text-ink/60">
                            {s.status === "hidden" ? m.vendor_analytics_hidden() : m.vendor_analytics_archived()}
                          </span>
                        )}
                      </th>
                      <td className="py-1.5 pr-2 sm:pr-3 text-right">{s.views}</td>
                      <td className="py-1.5 pr-2 sm:pr-3 text-right">{s.enquiries}</td>
                      <td className="py-1.5 pr-2 sm:pr-3 text-right">{s.bookings}</td>
                      <td className="py-1.5 text-right">{percent(s.conversion)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="mt-2 text-sm text-ink/75">
              {rich(m.vendor_analytics_no_services, {
                link: (
                  <Link to="/VendorDashboard" className="font-semibold text-maroon-700 underline">
                    {m.vendor_analytics_add_first()}
                  </Link>
                ),
              })}
            </p>
          )}
        </section>
      )}

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="leads-heading">
        <h2 id="leads-heading" className="text-xl font-bold">
          {m.vendor_analytics_recent()}
        </h2>
        {leads.length ? (
          <ul className="mt-3 divide-y divide-ink/10">
            {leads.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {rich(m.vendor_analytics_about, {
                    couple: <strong translate="no">{l.couple}</strong>,
                    service: <span translate="no">{l.service_name}</span>,
                  })}
                </span>
                <span className="flex items-center gap-2 text-ink/70">
                  <span className="rounded-full bg-maroon-50 px-2 py-0.5 text-xs font-semibold text-maroon-700">
                    {LEAD_STATUS_LABELS[l.status]?.() ?? l.status}
                  </span>
                  {formatDate(l.created_at)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-ink/75">{m.vendor_analytics_no_enquiries()}</p>
        )}
      </section>
    </div>
  );
}
