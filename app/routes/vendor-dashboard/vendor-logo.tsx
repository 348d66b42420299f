import { redirect } from "react-router";
import type { Route } from "./+types/vendor-logo";
import { ACCESS, requireRole } from "#domain/core/index.ts";
import { singlePhotoAction } from "#app/lib/single-photo-form.server.ts";
import { appContext } from "#functions/page-context.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * POST /VendorDashboard/vendor-profile/logo: the business profile page's plain logo form. The logo
 * is stored as a centred square WebP (vendors.logo_key) and the vendor is sent back to
 * /VendorDashboard/vendor-profile with a success or error toast. A GET goes to the profile page.
 */
const PROFILE = "/VendorDashboard/vendor-profile";

export function loader() {
  return redirect(PROFILE);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  return singlePhotoAction(request, domain, {
    kind: "logo",
    back: PROFILE,
    // Anyone but a vendor is refused before the body is read.
    authorize: () => requireRole(domain.actor, ACCESS.vendor, m.api_only_vendors_logo()),
  });
}
