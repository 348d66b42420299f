import { redirect } from "react-router";
import type { Route } from "./+types/photo";
import { requireSignedIn } from "#domain/core/index.ts";
import { singlePhotoAction } from "#app/lib/single-photo-form.server.ts";
import { appContext } from "#functions/page-context.ts";

/**
 * POST /profile/photo: the profile page's plain photo form. The same domain call as
 * POST /api/v1/upload-single with kind=profile (and the vendor logo): checked by its bytes, stored
 * as a centred square WebP in R2, users.profile_photo updated (the header shows it), the previous
 * photo removed. Back to /profile with a success or error toast; a GET goes to /profile.
 */
const PROFILE = "/profile";

export function loader() {
  return redirect(PROFILE);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  return singlePhotoAction(request, domain, { kind: "profile", back: PROFILE, authorize: () => requireSignedIn(domain.actor) });
}
