import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/service-record";
import { AuditHistory } from "#app/components/admin/AuditHistory.tsx";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { ACCESS } from "#domain/core/index.ts";
import { archiveServiceByAdmin, restoreServiceByAdmin, serviceRecord } from "#domain/admin/index.ts";
import { appContext } from "#functions/page-context.ts";
import { formatCount, formatDate, priceWithUnit } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { FormAlert, TextArea } from "#app/components/ui/index.ts";

/**
 * /admin/services/{id}: one service for admins: its fields, status and moderation, its vendor, and
 * its history; archive it with a reason its vendor sees, or restore it. The rules are
 * functions/domain/admin/service-moderation.ts's, the same as POST /admin/services/{id}/archive and /restore.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return { service: await loadOrRespond(request, () => serviceRecord(domain, params.serviceId)) };
}

export const action = pageAction({
  access: ACCESS.admin,
  intents: {
    archive: async ({ domain, params, fields }) => ({
      ok: true as const,
      ...(await archiveServiceByAdmin(domain, params.serviceId ?? "", { reason: typeof fields.reason === "string" ? fields.reason : "" })),
    }),
    restore: async ({ domain, params, fields }) => ({
      ok: true as const,
      ...(await restoreServiceByAdmin(domain, params.serviceId ?? "", typeof fields.reason === "string" && fields.reason ? { reason: fields.reason } : {})),
    }),
  },
  unknown: "Choose Archive or Restore.",
  unknownFields: { intent: "Archive or restore." },
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Service: ${loaderData.service.name}` : "Service") },
  { name: "robots", content: "noindex" },
];

export default function ServiceRecordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { service } = loaderData;
  const result = actionData;
  const busy = useNavigation().state === "submitting";
  const moderated = service.moderatedAt !== null;
  return (
    <section className="grid gap-5">
      <div className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <p className="text-sm text-ink/70">Service</p>
        <h1 className="text-3xl font-bold break-words text-maroon-700">{service.name}</h1>
        <p className="mt-1 text-ink/80">
          {service.type} · {service.city}, {service.state} · {priceWithUnit(service.minPrice, service.unit)}
        </p>
        <p className="mt-2">
          Status:{" "}
          <strong data-testid="service-status">
            {moderated
              ? "Archived by an admin"
              : service.status === "active"
                ? "Active"
                : service.status === "hidden"
                  ? "Hidden (plan limit)"
                  : "Archived by its vendor"}
          </strong>
          {moderated && service.moderationReason && <span className="block text-sm">Reason shown to the vendor: {service.moderationReason}</span>}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-ink/70">Rating</dt>
            <dd>
              {service.rating.toFixed(1)} ({formatCount(service.reviewCount)} reviews)
            </dd>
          </div>
          <div>
            <dt className="text-ink/70">Views</dt>
            <dd>{formatCount(service.viewCount)}</dd>
          </div>
          <div>
            <dt className="text-ink/70">Enquiries</dt>
            <dd>{formatCount(service.leadCount)}</dd>
          </div>
          <div>
            <dt className="text-ink/70">Listed</dt>
            <dd>{formatDate(service.createdAt)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm">
          Vendor:{" "}
          <Link to={`/admin/vendors/${service.vendor.id}`} className="font-semibold text-maroon-700 underline">
            {service.vendor.name}
          </Link>
          {service.vendor.verified && " (verified)"}
          {service.status === "active" && (
            <>
              {" · "}
              <Link to={service.path} className="font-semibold text-maroon-700 underline">
                Public page
              </Link>
            </>
          )}
          {service.openDisputes > 0 && (
            <>
              {" · "}
              <Link to="/admin/review-disputes" className="font-semibold text-maroon-700 underline">
                {service.openDisputes} disputed {service.openDisputes === 1 ? "review" : "reviews"}
              </Link>
            </>
          )}
        </p>
      </div>

      <div className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h2 className="text-xl font-bold text-maroon-800">{moderated ? "Restore" : "Archive"}</h2>
        <FormAlert tone="success" message={result?.ok ? result.message : null} className="mt-2" />
        <FormAlert message={result && !result.ok && !result.errors.reason ? result.message : null} className="mt-2" />
        <Form method="post" className="mt-3 grid max-w-xl gap-2">
          <input type="hidden" name="intent" value={moderated ? "restore" : "archive"} />
          <TextArea
            id="reason"
            name="reason"
            label={moderated ? "Note (optional)" : "Reason (the vendor sees it)"}
            rows={3}
            required={!moderated}
            minLength={moderated ? undefined : 5}
            maxLength={500}
            error={result && !result.ok ? result.errors.reason : undefined}
          />
          <div>
            <button type="submit" className={moderated ? "btn-primary" : "btn-primary bg-red-700 hover:bg-red-800"} disabled={busy}>
              {moderated ? "Restore the service" : "Archive the service"}
            </button>
          </div>
        </Form>
      </div>

      <div className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h2 className="text-xl font-bold text-maroon-800">History</h2>
        <div className="mt-3">
          <AuditHistory entries={service.history} />
        </div>
      </div>
    </section>
  );
}
