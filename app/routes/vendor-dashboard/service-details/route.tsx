import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { priceWithUnit } from "#shared/format.ts";
import { FAQS_MAX } from "#shared/service-limits.ts";
import { pageTitle } from "#shared/strings.ts";
import { ServiceForm } from "../service-form.tsx";
import { FaqFields } from "../faq-fields.tsx";
import { formValuesOf, type FormFeedback } from "../service-form-values.ts";

export { action, loader } from "./service-details.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.service.service_name ?? "Service") },
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
  const statusFeedback = feedback && !feedback.ok && ["archive", "unarchive", "delete"].includes(intent) ? feedback.message : null;

  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <p className="text-sm">
          <Link to="/VendorDashboard" className="text-maroon-700 underline">
            ← Your services
          </Link>
        </p>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-3xl font-bold break-words text-maroon-700">{service.service_name}</h1>
            <p className="mt-1 text-ink/70">
              {service.service_type} · {service.city} · {priceWithUnit(service.min_price, service.service_unit)} ·{" "}
              {hidden ? (
                <span className="font-semibold text-amber-800">Hidden: beyond your plan's limit</span>
              ) : (
                <span className={archived ? "font-semibold text-ink/70" : "font-semibold text-green-800"}>
                  {service.moderation_reason !== null ? "Archived by the Mandap team" : archived ? "Archived" : "Active"}
                </span>
              )}
            </p>
          </div>
          <nav aria-label="This service" className="flex flex-wrap gap-2">
            <Link to={`/VendorDashboard/service-details/${service.id}/photos`} className="btn-secondary px-4 py-1.5">
              Photos ({photoCount})
            </Link>
            {!archived && !hidden && (
              <Link to={publicPath} className="btn-secondary px-4 py-1.5">
                View public page
              </Link>
            )}
          </nav>
        </div>
        {archived && service.moderation_reason !== null && (
          <div className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900" role="status" data-testid="moderation-reason">
            <p className="font-semibold">The Mandap team archived this service: couples cannot see it.</p>
            <p className="mt-1">Reason: {service.moderation_reason}</p>
            <p className="mt-1">
              Only the team can list it again.{" "}
              <Link to="/contactus?topic=Listing%20my%20business" className="underline">
                Write to us
              </Link>{" "}
              once you have fixed it.
            </p>
          </div>
        )}
        {archived && service.moderation_reason === null && (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Couples cannot see this service or send enquiries until you make it active again.
          </p>
        )}
        {hidden && (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Your plan allows fewer active services than you have, so couples cannot see this one. It comes back when your plan allows it, or make it active
            after archiving another.{" "}
            <Link to="/VendorDashboard/Plan" className="underline">
              See plans
            </Link>
          </p>
        )}
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="details-heading">
        <h2 id="details-heading" className="mb-4 text-2xl font-bold text-maroon-700">
          Details
        </h2>
        <ServiceForm
          initial={formValuesOf(service)}
          feedback={formFeedback}
          submitLabel="Save changes"
          draftAction={`/VendorDashboard/service-details/${service.id}`}
        />
      </section>

      <section id="faqs" className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="faqs-heading">
        <h2 id="faqs-heading" className="text-2xl font-bold text-maroon-700">
          Questions couples ask ({faqs.length}/{FAQS_MAX})
        </h2>
        {faqs.length === 0 && (
          <p className="mt-2 text-ink/70">No questions yet. Answer the ones couples ask you most: parking, travel, what the price includes.</p>
        )}
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
                      Save question {i + 1}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="faq-up"
                      className="btn-secondary px-3 py-1.5"
                      disabled={i === 0}
                      aria-label={`Move question ${i + 1} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="faq-down"
                      className="btn-secondary px-3 py-1.5"
                      disabled={i === faqs.length - 1}
                      aria-label={`Move question ${i + 1} down`}
                    >
                      ↓
                    </button>
                    <button type="submit" name="intent" value="faq-delete" className="btn-secondary border-red-700 px-4 py-1.5 text-red-700">
                      Delete question {i + 1}
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
              Add a question
            </h3>
            {faqFeedback("faq-add")?.message && (
              <p role="alert" className="text-sm text-red-700">
                {faqFeedback("faq-add")?.message}
              </p>
            )}
            <FaqFields key={faqs.length} values={faqFeedback("faq-add")?.values} errors={faqFeedback("faq-add")?.errors} />
            <div>
              <button type="submit" name="intent" value="faq-add" className="btn-primary px-4 py-1.5">
                Add question
              </button>
            </div>
          </Form>
        )}
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="status-heading">
        <h2 id="status-heading" className="text-2xl font-bold text-maroon-700">
          Archive or delete
        </h2>
        {statusFeedback && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {statusFeedback}
          </p>
        )}
        <p className="mt-1 text-ink/70">
          Archiving hides the service from couples at once; you can make it active again later. Deleting erases it, unless couples have enquired about, booked
          or reviewed it: then it is archived instead.
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Form method="post">
            <button type="submit" name="intent" value={archived ? "unarchive" : "archive"} className="btn-secondary">
              {archived ? "Make active again" : "Archive"}
            </button>
          </Form>
          {hidden && (
            <Form method="post">
              <button type="submit" name="intent" value="unarchive" className="btn-secondary">
                Make active
              </button>
            </Form>
          )}
          {!confirmDelete && (
            <Link to="?confirm=delete#delete" className="btn-secondary border-red-700 text-red-700">
              Delete…
            </Link>
          )}
        </div>
        {confirmDelete && (
          <Form method="post" id="delete" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4">
            <p className="font-semibold text-red-800">Delete “{service.service_name}”? This cannot be undone.</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="submit" name="intent" value="delete" className="btn bg-red-700 text-white hover:bg-red-800">
                Yes, delete it
              </button>
              <Link to="." replace className="btn-secondary">
                Cancel
              </Link>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
