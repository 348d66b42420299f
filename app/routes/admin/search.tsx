import { Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { searchServices, searchUsers, searchVendors, type SearchPage, type ServiceHit, type UserHit, type VendorHit } from "#domain/admin/index.ts";
import { isDomainError } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { pagePath } from "#app/lib/page-errors.server.ts";
import { formatDate, priceFrom } from "#shared/format.ts";
import { contactLine } from "#shared/phone-schemas.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field, Pager, Select } from "#app/components/ui/index.ts";

/**
 * /admin/vendorSearch, /admin/serviceSearch, /admin/userSearch (spec section 2's admin children):
 * a GET form kept in the URL (works without JavaScript) over the same functions as
 * POST /admin/vendor-search, /service-search and /user-search. Vendors and services open their
 * record (history, moderation).
 */
type Kind = "vendor" | "service" | "user";
const KINDS: Record<string, Kind> = { vendorsearch: "vendor", servicesearch: "service", usersearch: "user" };
const FIELDS: Record<Kind, string[]> = {
  vendor: ["q", "city", "verified", "page"],
  service: ["q", "status", "serviceType", "city", "vendorId", "page"],
  user: ["q", "role", "verified", "page"],
};
const TITLES: Record<Kind, string> = { vendor: "Vendors", service: "Services", user: "Users" };

type Result = { kind: "vendor"; page: SearchPage<VendorHit> } | { kind: "service"; page: SearchPage<ServiceHit> } | { kind: "user"; page: SearchPage<UserHit> };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  const kind = KINDS[pagePath(request).split("/").pop()!.toLowerCase()] ?? "vendor";
  const query = Object.fromEntries(FIELDS[kind].flatMap((k) => (url.searchParams.get(k)?.trim() ? [[k, url.searchParams.get(k)!.trim()]] : [])));
  const run = (q: Record<string, string>): Promise<Result> =>
    kind === "vendor"
      ? searchVendors(domain, q).then((page) => ({ kind, page }))
      : kind === "service"
        ? searchServices(domain, q).then((page) => ({ kind, page }))
        : searchUsers(domain, q).then((page) => ({ kind, page }));
  try {
    return { result: await run(query), query, problem: null as string | null, path: pagePath(request) };
  } catch (error) {
    if (!isDomainError(error) || error.status !== 400) throw error;
    return { result: await run({}), query: {} as Record<string, string>, problem: error.message, path: pagePath(request) };
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`Admin: ${TITLES[loaderData?.result.kind ?? "vendor"]}`) },
  { name: "robots", content: "noindex" },
];

function Choice({ name, label, value, options }: { name: string; label: string; value?: string; options: [string, string][] }) {
  return <Select name={name} label={label} defaultValue={value ?? ""} placeholder="Any" options={options} />;
}

function Text({ name, label, value }: { name: string; label: string; value?: string }) {
  return <Field name={name} label={label} type="search" defaultValue={value ?? ""} maxLength={100} data-raw />;
}

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const { result, query, problem, path } = loaderData;
  const pageLink = (p: number) => `${path}?${new URLSearchParams({ ...query, page: String(p) })}`;
  const rows = result.page.rows;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">{TITLES[result.kind]}</h1>
      <Form method="get" className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="search">
        <Text name="q" label={result.kind === "service" ? "Name or id" : "Name, e-mail or phone"} value={query.q} />
        {result.kind !== "user" && <Text name="city" label="City" value={query.city} />}
        {result.kind === "service" && (
          <>
            <Choice
              name="status"
              label="Status"
              value={query.status}
              options={[
                ["active", "Active"],
                ["archived", "Archived"],
                ["hidden", "Hidden (plan limit)"],
              ]}
            />
            <Text name="serviceType" label="Subcategory" value={query.serviceType} />
          </>
        )}
        {result.kind === "user" && (
          <Choice
            name="role"
            label="Role"
            value={query.role}
            options={[
              ["USER", "Couple"],
              ["VENDOR", "Vendor"],
              ["ADMIN", "Admin"],
              ["SUPER_ADMIN", "Super admin"],
            ]}
          />
        )}
        {result.kind !== "service" && (
          <Choice
            name="verified"
            label="Verified"
            value={query.verified}
            options={[
              ["yes", "Yes"],
              ["no", "No"],
            ]}
          />
        )}
        <div className="flex items-end">
          <button type="submit" className="btn-primary">
            Search
          </button>
        </div>
      </Form>
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-maroon-100 p-6 text-center">Nothing matches.</p>
      ) : (
        <ul className="mt-5 grid gap-2" data-testid="search-results">
          {result.kind === "vendor" &&
            result.page.rows.map((v) => (
              <li key={v.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl border border-maroon-100 p-3 text-sm">
                <Link to={`/admin/vendors/${v.id}`} className="font-semibold text-maroon-700 underline">
                  {v.name}
                </Link>
                <span className="min-w-0 text-ink/75 wrap-anywhere">
                  {[v.category, v.city].filter(Boolean).join(" · ")} · {v.services} services · {contactLine(v)}
                  {v.verified ? " · ✓ verified" : ""}
                </span>
              </li>
            ))}
          {result.kind === "service" &&
            result.page.rows.map((s) => (
              <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl border border-maroon-100 p-3 text-sm">
                <Link to={`/admin/services/${s.id}`} className="font-semibold text-maroon-700 underline">
                  {s.name}
                </Link>
                <span className="min-w-0 text-ink/75 wrap-anywhere">
                  {s.type} · {s.city} · {priceFrom(s.minPrice, s.unit)} · {s.moderated ? "archived by an admin" : s.status} ·{" "}
                  <Link to={`/admin/vendors/${s.vendorId}`} className="underline">
                    {s.vendorName}
                  </Link>
                </span>
              </li>
            ))}
          {result.kind === "user" &&
            result.page.rows.map((u) => (
              <li key={u.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl border border-maroon-100 p-3 text-sm">
                {u.role === "VENDOR" ? (
                  <Link to={`/admin/vendors/${u.id}`} className="font-semibold text-maroon-700 underline">
                    {u.name}
                  </Link>
                ) : (
                  <span className="font-semibold">{u.name}</span>
                )}
                <span className="min-w-0 text-ink/75 wrap-anywhere">
                  {contactLine(u)} · {u.role.toLowerCase().replace("_", " ")} · {u.verified ? "verified" : "not verified"} · joined {formatDate(u.createdAt)}
                </span>
              </li>
            ))}
        </ul>
      )}
      <Pager page={result.page.page} hasMore={result.page.more} href={pageLink} />
    </section>
  );
}
