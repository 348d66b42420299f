import { redirect } from "react-router";
import type { Route } from "./+types/photo";
import { isDomainError, Unauthorized } from "#domain/errors.ts";
import { requireSignedIn } from "#domain/permissions.ts";
import { MediaSaveFailed, uploadSingleImage } from "#domain/service-media.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { readMultipart } from "#platform/uploads.ts";
import { PHOTO_MAX_BYTES } from "#shared/service-media.ts";
import { loginRedirect } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";

/**
 * POST /profile/photo: the profile page's plain photo form (multipart, field `file`). The same
 * domain call as POST /api/v1/upload-single with kind=profile (and the vendor logo): checked by its
 * bytes, stored as a centred square WebP in R2, users.profile_photo updated (the header shows it),
 * the previous photo removed. Back to /profile with a success or error toast; a GET goes to /profile.
 */
const PROFILE = "/profile";

export function loader() {
  return redirect(PROFILE);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  try {
    // A visitor is sent to log in before the body is read.
    requireSignedIn(domain.actor);
    const isMultipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    const form = isMultipart
      ? await readMultipart(request, { files: { file: 1 }, maxFileBytes: PHOTO_MAX_BYTES })
      : { fields: {}, files: {} as Record<string, File[]> };
    const { message } = await uploadSingleImage(domain, "profile", form.files.file?.[0]);
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
