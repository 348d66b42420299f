import { Link } from "react-router";
import type { Route } from "./+types/index";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { generalAnalytics, type SeriesPoint } from "#domain/admin/index.ts";
import { can } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { formatCount, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";

/**
 * /admin: general analytics (the same function as GET /admin/general-analytics): the counters,
 * sign-ups, enquiries, bookings and revenue over 30 days, 90 days or 12 months, and services, views
 * and leads per subcategory. The charts are SVG drawn on the server: no chart script is loaded, and
 * each chart has its numbers in a table for screen readers and without CSS.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Admin") }, { name: "robots", content: "noindex" }];

const RANGES = [
  ["30d", "30 days"],
  ["90d", "90 days"],
  ["12m", "12 months"],
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const asked = new URL(request.url).searchParams.get("range");
  const range = RANGES.some(([r]) => r === asked) ? asked : "30d";
  const analytics = await loadOrRespond(request, () => generalAnalytics(domain, { range }));
  return { analytics, name: domain.actor?.userName ?? "", superAdmin: can.manageRoles(domain.actor) };
}

type Metric = "signups" | "enquiries" | "bookings" | "revenue";
const METRICS: { key: Metric; label: string; money?: true }[] = [
  { key: "signups", label: "Sign-ups" },
  { key: "enquiries", label: "Enquiries" },
  { key: "bookings", label: "Bookings" },
  { key: "revenue", label: "Revenue", money: true },
];

const short = (bucket: string) =>
  bucket.length === 7
    ? new Date(`${bucket}-01T00:00:00Z`).toLocaleDateString("en-IN", { month: "short", timeZone: "UTC" })
    : bucket.slice(8) + "/" + bucket.slice(5, 7);

/** A bar chart of one metric over the range, as SVG, with its table for assistive technology. */
function BarChart({ series, metric, label, money }: { series: SeriesPoint[]; metric: Metric; label: string; money?: boolean }) {
  const max = Math.max(1, ...series.map((p) => p[metric]));
  const w = 600;
  const h = 140;
  const gap = 2;
  const bar = w / series.length - gap;
  const show = (v: number) => (money ? formatRupees(v) : formatCount(v));
  const total = series.reduce((n, p) => n + p[metric], 0);
  return (
    <figure className="rounded-2xl border border-maroon-100 bg-white p-4" data-testid={`chart-${metric}`}>
      <figcaption className="flex items-baseline justify-between">
        <span className="font-semibold">{label}</span>
        <span className="text-lg font-bold text-maroon-700">{show(total)}</span>
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h + 18}`} className="mt-2 h-auto w-full" aria-hidden="true">
        {series.map((p, i) => {
          const bh = Math.round((p[metric] / max) * h);
          return (
            <rect key={p.bucket} x={i * (bar + gap)} y={h - bh} width={bar} height={Math.max(bh, p[metric] > 0 ? 2 : 0)} rx={2} className="fill-maroon-600" />
          );
        })}
        <line x1={0} x2={w} y1={h + 0.5} y2={h + 0.5} className="stroke-ink/20" />
        <text x={0} y={h + 14} className="fill-ink/60 text-[11px]">
          {short(series[0]?.bucket ?? "")}
        </text>
        <text x={w} y={h + 14} textAnchor="end" className="fill-ink/60 text-[11px]">
          {short(series.at(-1)?.bucket ?? "")}
        </text>
      </svg>
      <table className="sr-only">
        <caption>{label}</caption>
        <tbody>
          {series.map((p) => (
            <tr key={p.bucket}>
              <th scope="row">{p.bucket}</th>
              <td>{show(p[metric])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { analytics: a, name, superAdmin } = loaderData;
  return (
    <div className="grid gap-5">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold text-maroon-700">Admin</h1>
        <p className="mt-2">
          Signed in as <strong>{name}</strong> ({superAdmin ? "super admin" : "admin"}).
        </p>
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          {[
            ["Verified users", a.verifiedUsers],
            ["Verified vendors", a.verifiedVendors],
            ["Active services", a.activeServices],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-marigold-50 p-4">
              <dt className="text-sm text-ink/75">{label}</dt>
              <dd className="text-2xl font-bold text-maroon-800" data-testid="admin-counter">
                {formatCount(Number(value))}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm">
          <Link to="/admin/transactions" className="font-semibold text-maroon-700 underline">
            Transactions
          </Link>
          {" · "}
          <Link to="/admin/plans" className="font-semibold text-maroon-700 underline">
            Plans
          </Link>
          {" · "}
          <Link to="/admin/vendorSearch" className="font-semibold text-maroon-700 underline">
            Find a vendor
          </Link>
        </p>
      </section>

      <section aria-labelledby="activity-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="activity-title" className="text-xl font-bold text-maroon-800">
            Activity
          </h2>
          <nav aria-label="Range" className="flex gap-2">
            {RANGES.map(([r, label]) => (
              <Link
                key={r}
                to={`/admin?range=${r}`}
                aria-current={a.range === r ? "page" : undefined}
                className={`rounded-full border px-3 py-1 text-sm ${a.range === r ? "border-maroon-700 bg-maroon-700 text-white" : "border-maroon-100 bg-white"}`}
              >
                {label}
              </Link>
            ))}
          </nav>
        </div>
        <p className="text-sm text-ink/70">
          By {a.bucket === "week" ? "week (from Monday)" : a.bucket}, India time. Revenue is successful payments less refunds.
        </p>
        <div className="grid gap-3 md:grid-cols-2">
          {METRICS.map((m) => (
            <BarChart key={m.key} series={a.series} metric={m.key} label={m.label} money={m.money} />
          ))}
        </div>
      </section>

      <section aria-labelledby="subcategories-title" className="rounded-2xl border border-maroon-100 bg-white p-5">
        <h2 id="subcategories-title" className="text-xl font-bold text-maroon-800">
          Active services by subcategory
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[480px] text-left text-sm">
            <thead className="bg-maroon-50 text-xs uppercase tracking-wide text-ink/70">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Subcategory
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Services
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Views
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Enquiries
                </th>
              </tr>
            </thead>
            <tbody>
              {a.subcategories.map((s) => (
                <tr key={s.serviceType} className="border-t border-maroon-100">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/admin/serviceSearch?serviceType=${encodeURIComponent(s.serviceType)}&status=active`} className="hover:text-maroon-700">
                      {s.serviceType}
                    </Link>
                  </th>
                  <td className="px-3 py-2 text-right">{formatCount(s.services)}</td>
                  <td className="px-3 py-2 text-right">{formatCount(s.views)}</td>
                  <td className="px-3 py-2 text-right">{formatCount(s.leads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
