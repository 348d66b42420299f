import { redirect } from "react-router";
import type { Route } from "./+types/wishlist-toggle";
import { appContext } from "#functions/page-context.ts";
import { loginPath } from "#shared/links.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { WISHLIST } from "#shared/strings.ts";
import { isDomainError } from "#domain/core/index.ts";
import { toggleWishlistItem } from "#domain/catalogue/index.ts";
import { sameSiteReturnPath } from "#platform/safe-redirect.ts";

/**
 * The heart without JavaScript (/favorites/:serviceId, the spec's path): toggles the wishlist item and goes back to the page it was pressed
 * on with the spec's toast. A visitor is sent to log in first (the browser list needs JavaScript).
 */
function backTo(request: Request): string {
  return sameSiteReturnPath(request.headers.get("referer"), new URL(request.url).origin) ?? "/";
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { domain, actor } = context.get(appContext);
  const back = backTo(request);
  if (!actor) throw redirect(loginPath(back));
  try {
    const result = await toggleWishlistItem(domain, params.serviceId);
    return redirectWithToast(request, back, { type: "success", message: result.message || WISHLIST.added });
  } catch (e) {
    if (isDomainError(e)) return redirectWithToast(request, back, { type: "error", message: e.message || WISHLIST.failed });
    throw e;
  }
}

export function loader() {
  throw redirect("/");
}
