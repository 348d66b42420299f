import { redirect } from "react-router";
import type { Route } from "./+types/vendor-logo";
import { isDomainError, Unauthorized } from "#domain/errors.ts";
import { ACCESS, requireRole } from "#domain/permissions.ts";
import { MediaSaveFailed, uploadSingleImage } from "#domain/service-media.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { readMultipart } from "#platform/uploads.ts";
import { PHOTO_MAX_BYTES } from "#shared/service-media.ts";
import { loginRedirect } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";

/**
 * POST /VendorDashboard/vendor-profile/logo: the business profile page's plain logo form
 * (multipart, field `file`). The logo is stored as a centred square WebP (vendors.logo_key) and
 * the vendor is sent back to /VendorDashboard/vendor-profile with a success or error toast. A GET
 * goes to the profile page.
 */
const PROFILE = "/VendorDashboard/vendor-profile";

export function loader() {
  return redirect(PROFILE);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  try {
    // Anyone but a vendor is refused before the body is read.
    requireRole(domain.actor, ACCESS.vendor, "Only vendors have a business logo.");
    const isMultipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    const form = isMultipart
      ? await readMultipart(request, { files: { file: 1 }, maxFileBytes: PHOTO_MAX_BYTES })
      : { fields: {}, files: {} as Record<string, File[]> };
    const { message } = await uploadSingleImage(domain, "logo", form.files.file?.[0]);
    return redirectWithToast(request, PROFILE, { type: "success", message });
  } catch (e) {
    if (e instanceof Unauthorized) throw loginRedirect(request);
    if (e instanceof MediaSaveFailed || isDomainError(e)) {
      const detail = isDomainError(e) && "fields" in e ? Object.values((e as { fields: Record<string, string> }).fields)[0] : undefined;
      return redirectWithToast(request, PROFILE, { type: "error", message: detail ? `${e.message}: ${detail}` : e.message });
    }
    throw e;
  }
}
