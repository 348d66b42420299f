import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { logout } from "#domain/accounts/index.ts";
import { clearSessionCookie } from "#platform/session-cookie.ts";
import { appContext } from "#functions/page-context.ts";
import { clearVisitedCookie, redirectWithToast } from "#platform/cookies.ts";

/**
 * POST /logout (the Logout buttons are plain forms). Success shows the server's message; a failure
 * shows its message as an error toast. Either way the session cookie and the first-visit flag are
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
    response = redirectWithToast(request, to, { type: "error", message: e instanceof Error && e.message ? e.message : "Logout failed." });
  }
  response.headers.append("Set-Cookie", clearSessionCookie(request));
  response.headers.append("Set-Cookie", clearVisitedCookie(request));
  return response;
}
