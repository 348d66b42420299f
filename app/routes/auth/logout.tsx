import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { logout } from "#domain/accounts/index.ts";
import { isDomainError } from "#domain/core/index.ts";
import { clearSessionCookie } from "#platform/session-cookie.ts";
import { appContext } from "#functions/page-context.ts";
import { clearVisitedCookie, redirectWithToast } from "#platform/cookies.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * POST /logout (the Logout buttons are plain forms). Success shows the server's message; a refusal
 * shows its message as an error toast (anything else: "Logout failed.", never an internal error's text). Either way the session cookie and the first-visit flag are
 * cleared, and the visitor goes to / (couples, admins) or /vendorLogin (vendors).
 */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  const to = domain.actor?.role === "VENDOR" ? "/vendorLogin" : "/";
  let response: Response;
  try {
    const { message } = await logout(domain);
    response = redirectWithToast(request, to, { type: "success", message });
  } catch (e) {
    console.error("logout failed", e);
    response = redirectWithToast(request, to, { type: "error", message: isDomainError(e) ? e.message : m.api_logout_failed() });
  }
  response.headers.append("Set-Cookie", clearSessionCookie(request));
  response.headers.append("Set-Cookie", clearVisitedCookie(request));
  return response;
}
