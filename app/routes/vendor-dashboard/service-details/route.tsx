import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { priceWithUnit } from "#shared/format.ts";
import { FAQS_MAX } from "#shared/service-limits.ts";
import { pageTitle } from "#shared/strings.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";
import { ServiceForm } from "../service-form.tsx";
import { FaqFields } from "../faq-fields.tsx";
import { formValuesOf, type FormFeedback } from "../service-form-values.ts";

export { action, loader } from "./service-details.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.service.service_name ?? m.vendor_details_service()) },
  { name: "robots", content: "noindex" },
];

type Feedback = { ok: boolean; intent?: string; message?: string; errors?: Record<string, string>; values?: Record<string, string>; draft?: string };

/** /VendorDashboard/service-details/{serviceId}: edit the service, its FAQs (inline), archive or delete it. */
export default function ServiceDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { service, faqs, photoCount, publicPath, confirmDelete } = loaderData;
  const feedback = (actionData ?? null) as Feedback | null;
  const intent = feedback?.intent ?? "save";
  const formFeedback: FormFeedback = feedback && (intent === "save" || intent === "draft") ? feedback : null;
  const faqFeedback = (name: string, faqId?: string) =>
    feedback && !feedback.ok && feedback.intent === name && (faqId === undefined || feedback.values?.faqId === faqId) ? feedback : null;
  const archived = service.status === "archived";
  const hidden = service.status === "hidden";
  const locale = getLocale();
  const statusFeedback = feedback && !feedback.ok && ["archive", "unarchive", "delete"].includes(intent) ? feedback.message : null;

  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <p className="text-sm">
          <Link to="/VendorDashboard" className="text-maroon-700 underline">
            {m.vendor_new_back()}
          </Link>
        </p>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-3xl font-bold break-words text-maroon-700" translate="no">
              {service.service_name}
            </h1>
            <p className="mt-1 text-ink/70">
              {localName(service.service_type, locale)} · {localName(service.city, locale)} · {priceWithUnit(service.min_price, service.service_unit)} ·{" "}
              {hidden ? (
                <span className="font-semibold text-amber-800">{m.vendor_details_hidden()}</span>
              ) : (
                <span className={archived ? "font-semibold text-ink/70" : "font-semibold text-green-800"}>
                  {service.moderation_reason !== null ? m.vendor_details_archived_by_team() : archived ? m.vendor_filter_archived() : m.vendor_filter_active()}
                </span>
              )}
            </p>
          </div>
          <nav aria-label={m.vendor_details_nav()} className="flex flex-wrap gap-2">
            <Link to={`/VendorDashboard/service-details/${service.id}/photos`} className="btn-secondary px-4 py-1.5">
              {m.vendor_details_photos({ count: photoCount })}
            </Link>
            {!archived && !hidden && (
              <Link to={publicPath} className="btn-secondary px-4 py-1.5">
                {m.vendor_details_view_public()}
              </Link>
            )}
          </nav>
        </div>
        {archived && service.moderation_reason !== null && (
          <div className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900" role="status" data-testid="moderation-reason">
            <p className="font-semibold">{m.vendor_details_team_archived()}</p>
            <p className="mt-1">{rich(m.vendor_details_reason, { reason: <span translate="no">{service.moderation_reason}</span> })}</p>
            <p className="mt-1">
              {rich(m.vendor_details_only_team, {
                link: (
                  <Link to="/contactus?topic=Listing%20my%20business" className="underline">
                    {m.vendor_details_write_to_us()}
                  </Link>
                ),
              })}
            </p>
          </div>
        )}
        {archived && service.moderation_reason === null && (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{m.vendor_details_archived_note()}</p>
        )}
        {hidden && (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {m.vendor_details_hidden_note()}{" "}
            <Link to="/VendorDashboard/Plan" className="underline">
              {m.vendor_subscription_see_plans()}
            </Link>
          </p>
        )}
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="details-heading">
        <h2 id="details-heading" className="mb-4 text-2xl font-bold text-maroon-700">
          {m.vendor_details_heading()}
        </h2>
        <ServiceForm
          initial={formValuesOf(service)}
          feedback={formFeedback}
          submitLabel={m.vendor_details_save()}
          draftAction={`/VendorDashboard/service-details/${service.id}`}
        />
      </section>

      <section id="faqs" className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="faqs-heading">
        <h2 id="faqs-heading" className="text-2xl font-bold text-maroon-700">
          {m.vendor_faq_heading({ count: faqs.length, max: FAQS_MAX })}
        </h2>
        {faqs.length === 0 && <p className="mt-2 text-ink/70">{m.vendor_faq_none()}</p>}
        <ol className="mt-4 space-y-4">
          {faqs.map((faq, i) => {
            const fb = faqFeedback("faq-update", faq.id) ?? faqFeedback("faq-delete", faq.id);
            return (
              <li key={faq.id} className="rounded-xl border border-ink/10 p-4">
                <Form method="post" className="grid gap-3">
                  <input type="hidden" name="faqId" value={faq.id} />
                  {fb?.message && (
                    <p role="alert" className="text-sm text-red-700">
                      {fb.message}
                    </p>
                  )}
                  <FaqFields values={fb?.values ?? faq} errors={fb?.errors} />
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" name="intent" value="faq-update" className="btn-primary px-4 py-1.5">
                      {m.vendor_faq_save({ n: i + 1 })}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="faq-up"
                      className="btn-secondary px-3 py-1.5"
                      disabled={i === 0}
                      aria-label={m.vendor_faq_up({ n: i + 1 })}
                    >
                      ↑
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="faq-down"
                      className="btn-secondary px-3 py-1.5"
                      disabled={i === faqs.length - 1}
                      aria-label={m.vendor_faq_down({ n: i + 1 })}
                    >
                      ↓
                    </button>
                    <button type="submit" name="intent" value="faq-delete" className="btn-secondary border-red-700 px-4 py-1.5 text-red-700">
                      {m.vendor_faq_delete({ n: i + 1 })}
                    </button>
                  </div>
                </Form>
              </li>
            );
          })}
        </ol>
        {faqs.length < FAQS_MAX && (
          <Form method="post" className="mt-6 grid gap-3 rounded-xl bg-maroon-50/40 p-4" aria-labelledby="faq-add-heading">
            <h3 id="faq-add-heading" className="font-semibold">
              {m.vendor_faq_add_heading()}
            </h3>
            {faqFeedback("faq-add")?.message && (
              <p role="alert" className="text-sm text-red-700">
                {faqFeedback("faq-add")?.message}
              </p>
            )}
            <FaqFields key={faqs.length} values={faqFeedback("faq-add")?.values} errors={faqFeedback("faq-add")?.errors} />
            <div>
              <button type="submit" name="intent" value="faq-add" className="btn-primary px-4 py-1.5">
                {m.vendor_faq_add()}
              </button>
            </div>
          </Form>
        )}
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="status-heading">
        <h2 id="status-heading" className="text-2xl font-bold text-maroon-700">
          {m.vendor_details_status_heading()}
        </h2>
        {statusFeedback && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {statusFeedback}
          </p>
        )}
        <p className="mt-1 text-ink/70">{m.vendor_details_status_intro()}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Form method="post">
            <button type="submit" name="intent" value={archived ? "unarchive" : "archive"} className="btn-secondary">
              {archived ? m.vendor_details_make_active_again() : m.vendor_services_archive()}
            </button>
          </Form>
          {hidden && (
            <Form method="post">
              <button type="submit" name="intent" value="unarchive" className="btn-secondary">
                {m.vendor_services_make_active()}
              </button>
            </Form>
          )}
          {!confirmDelete && (
            <Link to="?confirm=delete#delete" className="btn-secondary border-red-700 text-red-700">
              {m.vendor_details_delete_link()}
            </Link>
          )}
        </div>
        {confirmDelete && (
          <Form method="post" id="delete" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4">
            <p className="font-semibold text-red-800">{rich(m.vendor_details_delete_confirm, { name: <span translate="no">{service.service_name}</span> })}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="submit" name="intent" value="delete" className="btn bg-red-700 text-white hover:bg-red-800">
                {m.vendor_details_yes_delete()}
              </button>
              <Link to="." replace className="btn-secondary">
                {m.vendor_cancel()}
              </Link>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
