import type { Route } from "./+types/index";
import { appContext } from "#functions/page-context.ts";
import { resendVerification } from "#domain/accounts/index.ts";
import { ACCESS, requireRole } from "#domain/core/index.ts";
import { deleteService, setServiceStatus, vendorDashboard } from "#domain/catalogue/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { formFailure, loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { readDashboardForm } from "./service-actions.server.ts";
import { SERVICE_STATUSES } from "#shared/stored-values.ts";

const STATUSES = SERVICE_STATUSES;
type Status = (typeof STATUSES)[number];

/** The vendor's services with views and enquiries (one D1 batch), the filter and the e-mail banner. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const actor = requireRole(domain.actor, ACCESS.vendorOrAdmin);
    const url = new URL(request.url);
    const wanted = url.searchParams.get("status");
    const status = STATUSES.includes(wanted as Status) ? (wanted as Status) : undefined;
    const dashboard = await vendorDashboard(domain, status);
    return {
      account: { user_name: actor.userName, email: actor.email, is_verified: actor.isVerified },
      status: status ?? "all",
      confirmDelete: url.searchParams.get("confirmDelete"),
      ...dashboard,
    };
  });
}

/** The list's forms: resend the verification link; archive, make active or delete a service. */
export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  let intent = "resend-verification";
  try {
    const form = await readDashboardForm(request);
    intent = form.intent;
    const serviceId = form.fields.serviceId ?? "";
    const back = pagePath(request, { search: true })
      .replace(/([?&])confirmDelete=[^&]*&?/, "$1")
      .replace(/[?&]$/, "");
    if (intent === "archive" || intent === "unarchive") {
      const result = await setServiceStatus(domain, serviceId, intent === "archive" ? "archived" : "active");
      return redirectWithToast(request, back, { type: "success", message: result.message });
    }
    if (intent === "delete") {
      const result = await deleteService(domain, serviceId);
      return redirectWithToast(request, back, { type: result.deleted ? "success" : "info", message: result.message });
    }
    const { message } = await resendVerification(domain);
    return { ok: true as const, intent, message };
  } catch (e) {
    return formFailure(e, request, { intent });
  }
}
