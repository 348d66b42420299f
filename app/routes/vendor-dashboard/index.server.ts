import type { Route } from "./+types/index";
import { appContext } from "#functions/page-context.ts";
import { resendVerification } from "#domain/accounts/index.ts";
import { ACCESS, requireRole } from "#domain/core/index.ts";
import { deleteService, setServiceStatus, vendorDashboard } from "#domain/catalogue/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
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

/** Back to the list as it was filtered, without the delete confirmation. */
const listPath = (request: Request) =>
  pagePath(request, { search: true })
    .replace(/([?&])confirmDelete=[^&]*&?/, "$1")
    .replace(/[?&]$/, "");
const serviceIdOf = (fields: Record<string, unknown>) => (typeof fields.serviceId === "string" ? fields.serviceId : "");

/** The list's forms: resend the verification link (also a form of no known intent); archive, make active or delete a service. */
export const action = pageAction({
  defaultIntent: "resend-verification",
  intents: {
    "resend-verification": async ({ domain, done }) => done((await resendVerification(domain)).message),
    archive: async ({ request, domain, fields }) => {
      const { message } = await setServiceStatus(domain, serviceIdOf(fields), "archived");
      return redirectWithToast(request, listPath(request), { type: "success", message });
    },
    unarchive: async ({ request, domain, fields }) => {
      const { message } = await setServiceStatus(domain, serviceIdOf(fields), "active");
      return redirectWithToast(request, listPath(request), { type: "success", message });
    },
    delete: async ({ request, domain, fields }) => {
      const result = await deleteService(domain, serviceIdOf(fields));
      return redirectWithToast(request, listPath(request), { type: result.deleted ? "success" : "info", message: result.message });
    },
  },
});
