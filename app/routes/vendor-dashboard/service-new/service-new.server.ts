import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { ACCESS, requireRole } from "#domain/core/index.ts";
import { activeServiceLimitReached } from "#domain/billing/index.ts";
import { createService, SERVICE_MESSAGES } from "#domain/catalogue/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { draftForForm } from "../service-actions.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const vendor = requireRole(domain.actor, ACCESS.vendor, SERVICE_MESSAGES.onlyVendors);
    // At the plan's limit the page says so before the form is filled (saving would be refused with the same words).
    return { ok: true as const, limitReached: await activeServiceLimitReached(domain, vendor.id) };
  });
}

/** Save (create, then on to the new service's page with a toast) or write a description draft; a form of no known intent saves. */
export const action = pageAction({
  defaultIntent: "save",
  intents: {
    save: async ({ request, domain, fields }) => {
      const service = await createService(domain, fields);
      return redirectWithToast(request, `/VendorDashboard/service-details/${service.id}`, { type: "success", message: SERVICE_MESSAGES.created });
    },
    draft: ({ domain, fields }) => draftForForm(domain, fields),
  },
});
