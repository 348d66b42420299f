import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/vendor-record";
import { AuditHistory } from "#app/components/admin/AuditHistory.tsx";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction, type IntentCall } from "#app/lib/page-action.server.ts";
import { ACCESS } from "#domain/core/index.ts";
import { setVendorVerified, vendorRecord } from "#domain/admin/index.ts";
import { appContext } from "#functions/page-context.ts";
import { formatCount, formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field, FormAlert } from "#app/components/ui/index.ts";

/**
 * /admin/vendors/{id}: one vendor for admins: business, contact, services, counts and history;
 * verify or un-verify (the only source of the "Verified vendor" badge). The rule is
 * functions/domain/admin/vendor-verification.ts's, the same as POST /admin/vendors/{id}/verify and /unverify.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return { vendor: await loadOrRespond(request, () => vendorRecord(domain, params.vendorId)) };
}

const setVerified = async ({ domain, params, fields, intent }: IntentCall) => {
  const reason = typeof fields.reason === "string" && fields.reason.trim() ? { reason: fields.reason } : {};
  return { ok: true as const, ...(await setVendorVerified(domain, params.vendorId ?? "", intent === "verify", reason)) };
};

export const action = pageAction({
  access: ACCESS.admin,
  intents: { verify: setVerified, unverify: setVerified },
  unknown: "Choose Verify or Remove the badge.",
  unknownFields: { intent: "Verify or unverify." },
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Vendor: ${loaderData.vendor.name}` : "Vendor") },
  { name: "robots", content: "noindex" },
];

const STATUS: Record<string, string> = { active: "Active", archived: "Archived", hidden: "Hidden (plan limit)" };

export default function VendorRecordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { vendor } = loaderData;
  const result = actionData;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="grid gap-5">
      <div className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <p className="text-sm text-ink/70">Vendor</p>
        <h1 className="text-3xl font-bold break-words text-maroon-700">{vendor.name}</h1>
        <p className="mt-1 text-ink/80">
          {[vendor.category, [vendor.city, vendor.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ")} · on Mandap since{" "}
          {formatDate(vendor.createdAt)}
        </p>
        <p className="mt-1 text-sm">
          {vendor.email}
          {vendor.phone && ` · ${vendor.phone}`}
        </p>
        <p className="mt-2">
          <strong data-testid="vendor-verified">{vendor.verified ? "✓ Verified vendor" : "Not verified"}</strong> · {formatCount(vendor.leads)} enquiries ·{" "}
          {formatCount(vendor.bookings)} bookings
        </p>
        {result && <FormAlert tone={result.ok ? "success" : "error"} message={result.message} className="mt-3" />}
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value={vendor.verified ? "unverify" : "verify"} />
          <Field name="reason" label="Note (optional)" data-raw maxLength={500} error={result && !result.ok ? result.errors.reason : undefined} />
          <button type="submit" className={vendor.verified ? "btn-secondary" : "btn-primary"} disabled={busy}>
            {vendor.verified ? "Remove the verified badge" : "Verify this vendor"}
          </button>
        </Form>
      </div>

      <div className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h2 className="text-xl font-bold text-maroon-800">Services ({vendor.services.length})</h2>
        {vendor.services.length === 0 ? (
          <p className="mt-2 text-sm text-ink/70">No services yet.</p>
        ) : (
          <ul className="mt-3 grid gap-2">
            {vendor.services.map((s) => (
              <li key={s.id} className="flex flex-wrap justify-between gap-2 rounded-xl border border-maroon-100 p-3 text-sm">
                <Link to={`/admin/services/${s.id}`} className="font-semibold text-maroon-700 underline">
                  {s.name}
                </Link>
                <span>{s.moderated ? "Archived by an admin" : STATUS[s.status]}</span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h2 className="text-xl font-bold text-maroon-800">History</h2>
        <div className="mt-3">
          <AuditHistory entries={vendor.history} />
        </div>
      </div>
    </section>
  );
}
