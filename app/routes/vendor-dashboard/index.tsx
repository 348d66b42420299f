import { Form, Link } from "react-router";
import type { Route } from "./+types/index";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { formatCount, priceWithUnit } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";
import { labelledBy } from "./labelled-by.ts";

export { action, loader } from "./index.server.ts";

/** /VendorDashboard: the vendor's services (the spec's "vendor service page"). */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_services_title()) }, { name: "robots", content: "noindex" }];

const FILTERS = [
  { value: "all", label: () => m.vendor_filter_all() },
  { value: "active", label: () => m.vendor_filter_active() },
  { value: "archived", label: () => m.vendor_filter_archived() },
  { value: "hidden", label: () => m.vendor_filter_hidden() },
] as const;

/** Where a vendor sees and buys plans (functions/domain/billing/plan-limits.ts PLAN_PATH). */
const PLAN_PATH = "/VendorDashboard/Plan";

export default function VendorServices({ loaderData, actionData }: Route.ComponentProps) {
  const { account, services, counts, status, confirmDelete, businessName } = loaderData;
  const feedback = actionData as { ok: boolean; intent?: string; message: string } | undefined;
  const total = counts.active + counts.archived + counts.hidden;
  const countOf = (value: string) => (value === "all" ? total : counts[value as "active" | "archived" | "hidden"]);
  const query = status === "all" ? "" : `status=${status}`;
  const locale = getLocale();

  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold break-words text-maroon-700" translate="no">
          {businessName ?? account.user_name}
        </h1>
        <p className="mt-2">
          {m.vendor_services_signed_in_as()} <strong translate="no">{account.user_name}</strong>{" "}
          <span className="break-all" translate="no">
            ({account.email})
          </span>
          {account.is_verified ? m.vendor_services_email_verified() : m.vendor_services_email_unverified()}
        </p>
        {!account.is_verified && (
          <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
            <SubmitButton name="intent" value="resend-verification" pendingText={m.vendor_services_sending()} className="btn-secondary px-4 py-1.5">
              {m.vendor_services_resend()}
            </SubmitButton>
            {feedback && (feedback.intent === "resend-verification" || !feedback.intent) && (
              <span role="status" className={feedback.ok ? "text-sm text-green-800" : "text-sm text-red-700"}>
                {feedback.message}
              </span>
            )}
          </Form>
        )}
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-2xl font-bold text-maroon-700">{m.vendor_services_title()}</h2>
          <Link to="/VendorDashboard/services/new" className="btn-primary">
            {m.vendor_services_add()}
          </Link>
        </div>

        <nav aria-label={m.vendor_services_filter_label()} className="mt-5 flex flex-wrap gap-2">
          {FILTERS.filter((f) => f.value !== "hidden" || counts.hidden > 0 || status === "hidden").map((f) => (
            <Link
              key={f.value}
              to={f.value === "all" ? "/VendorDashboard" : `/VendorDashboard?status=${f.value}`}
              aria-current={status === f.value ? "page" : undefined}
              className={`rounded-full border px-4 py-1.5 text-sm font-medium ${status === f.value ? "border-maroon-700 bg-maroon-700 text-white" : "border-ink/20 text-ink hover:border-maroon-700"}`}
            >
              {f.label()} ({formatCount(countOf(f.value))})
            </Link>
          ))}
        </nav>

        {feedback && !feedback.ok && feedback.intent !== "resend-verification" && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {feedback.message}
          </p>
        )}

        {services.length === 0 ? (
          <p className="mt-6 text-ink/70">{total === 0 ? m.vendor_services_none_yet() : m.vendor_services_none_status()}</p>
        ) : (
          <ul className="mt-6 divide-y divide-ink/10">
            {services.map((s) => {
              const archived = s.status === "archived";
              const hidden = s.status === "hidden";
              return (
                <li key={s.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
                  <img src={s.cover_url} alt="" width={96} height={72} loading="lazy" className="h-[72px] w-24 shrink-0 rounded-lg bg-maroon-50 object-cover" />
                  <div className="min-w-0 flex-1">
                    <h3 id={`service-${s.id}`} className="text-lg font-semibold break-words" translate="no">
                      <Link to={`/VendorDashboard/service-details/${s.id}`} className="text-maroon-700 hover:underline">
                        {s.service_name}
                      </Link>
                    </h3>
                    <p className="text-sm text-ink/75">
                      {localName(s.service_type, locale)} · {localName(s.city, locale)} · {priceWithUnit(s.min_price, s.service_unit)}
                    </p>
                    <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                      {hidden ? (
                        <span className="font-semibold text-amber-800">
                          {m.vendor_services_hidden_beyond()}{" "}
                          <Link to={PLAN_PATH} className="underline">
                            {m.vendor_subscription_see_plans()}
                          </Link>
                        </span>
                      ) : (
                        <span className={`font-semibold ${archived ? "text-ink/70" : "text-green-800"}`}>
                          {archived ? m.vendor_filter_archived() : m.vendor_filter_active()}
                        </span>
                      )}
                      <span>{m.vendor_services_views({ count: s.view_count, shown: formatCount(s.view_count) })}</span>
                      <span>{m.vendor_services_enquiries({ count: s.lead_count, shown: formatCount(s.lead_count) })}</span>
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`/VendorDashboard/service-details/${s.id}`}
                      className="btn-secondary px-4 py-1.5"
                      aria-labelledby={labelledBy(`edit-${s.id}`, `service-${s.id}`)}
                    >
                      <span id={`edit-${s.id}`}>{m.vendor_services_edit()}</span>
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="serviceId" value={s.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={archived ? "unarchive" : "archive"}
                        className="btn-secondary px-4 py-1.5"
                        aria-labelledby={labelledBy(`toggle-${s.id}`, `service-${s.id}`)}
                      >
                        <span id={`toggle-${s.id}`}>{archived ? m.vendor_services_make_active() : m.vendor_services_archive()}</span>
                      </button>
                    </Form>
                    {hidden && (
                      <Form method="post">
                        <input type="hidden" name="serviceId" value={s.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="unarchive"
                          className="btn-secondary px-4 py-1.5"
                          aria-labelledby={labelledBy(`activate-${s.id}`, `service-${s.id}`)}
                        >
                          <span id={`activate-${s.id}`}>{m.vendor_services_make_active()}</span>
                        </button>
                      </Form>
                    )}
                    {confirmDelete === s.id ? (
                      <Form method="post" className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-2">
                        <input type="hidden" name="serviceId" value={s.id} />
                        <span className="text-sm text-red-800">{m.vendor_services_delete_confirm()}</span>
                        <button type="submit" name="intent" value="delete" className="btn bg-red-700 px-4 py-1.5 text-white hover:bg-red-800">
                          {m.vendor_services_yes_delete()}
                        </button>
                        <Link to={query ? `?${query}` : "."} className="btn-secondary px-4 py-1.5">
                          {m.vendor_cancel()}
                        </Link>
                      </Form>
                    ) : (
                      <Link
                        to={`?${query ? `${query}&` : ""}confirmDelete=${s.id}`}
                        className="btn-secondary border-red-700 px-4 py-1.5 text-red-700"
                        aria-labelledby={labelledBy(`delete-${s.id}`, `service-${s.id}`)}
                      >
                        <span id={`delete-${s.id}`}>{m.vendor_services_delete()}</span>
                      </Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <p className="mt-6 text-sm">
          <Link to="/vendor-change-password" className="font-semibold text-maroon-700 underline">
            {m.vendor_change_password()}
          </Link>
        </p>
      </section>
    </div>
  );
}
