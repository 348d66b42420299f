import { redirect } from "react-router";
import { sessionCookies } from "#api/account-http.ts";
import type { SessionStart } from "#domain/accounts/index.ts";
import { can, homeOf } from "#domain/core/index.ts";
import type { Role } from "#db/schema/identity.ts";
import { safeRedirectPath } from "#platform/safe-redirect.ts";
import { appContext, type AppContext } from "#functions/page-context.ts";
import { guardDecision, protectedAreaOf, signInToast } from "./access.server.ts";
import { pagePath } from "./page-errors.server.ts";
import { flashCookie, redirectWithToast } from "#platform/cookies.ts";
import { GUARD } from "#shared/strings.ts";
import type { FlashToast } from "#shared/toast.ts";

/**
 * What the account pages share besides reading forms and answering errors (page-errors.server.ts):
 * answering a started session with its cookies and a redirect, where an account lands after
 * logging in, and the server-side guard of the account areas.
 */
export function sessionRedirect(request: Request, start: SessionStart, to: string, toast: FlashToast): Response {
  const headers = new Headers({ Location: to });
  for (const cookie of sessionCookies(request, start)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(request, toast));
  return new Response(null, { status: 302, headers });
}

/**
 * Where to go after logging in: the page that sent the visitor to log in (`?redirectTo=`), when it
 * is a path on this site the account may open; otherwise the account's own area.
 */
export function afterLogin(request: Request, role: Role): string {
  const url = new URL(request.url);
  const to = safeRedirectPath(url.searchParams.get("redirectTo"), url.origin);
  if (!to) return homeOf({ role });
  const path = new URL(to, url.origin).pathname;
  if (protectedAreaOf(path) && !guardDecision(path, role).allow) return homeOf({ role });
  return to;
}

/** Log-in and sign-up pages send a signed-in visitor on to their own area. */
export function redirectIfSignedIn(ctx: AppContext) {
  if (ctx.actor) throw redirect(homeOf(ctx.actor));
}

/**
 * Middleware for the guarded areas (/admin, /profile, /VendorDashboard): runs on the server
 * before any loader or action of the area, so nothing of a refused page is loaded or rendered.
 */
/**
 * The blog's writing pages (/blog_dashboard, /new-blog-post, /update-blog-post/…) sit outside /admin
 * but are the admins' as much as the admin area: a visitor goes to / as the guard sends them (told why), any
 * other role to / with the guard's denial. The rule is the blog's own (`can.writeBlog`).
 */
export function guardBlogWriting({ request, context }: { request: Request; context: { get: (c: typeof appContext) => AppContext } }) {
  const { actor } = context.get(appContext);
  if (!actor) {
    const prompt = signInToast(pagePath(request, { search: true }));
    throw prompt ? redirectWithToast(request, "/", prompt) : redirect("/");
  }
  if (!can.writeBlog(actor)) throw redirectWithToast(request, "/", { type: "error", message: GUARD.roleNotAllowed });
}

export function guardArea({ request, context }: { request: Request; context: { get: (c: typeof appContext) => AppContext } }) {
  const { actor } = context.get(appContext);
  const decision = guardDecision(pagePath(request), actor?.role ?? null);
  if (decision.allow) return;
  if (decision.toast) throw redirectWithToast(request, decision.redirectTo, { type: "error", message: decision.toast });
  // A visitor (no account): to / as the spec says, told why, with a log-in link back to this page.
  const prompt = actor ? null : signInToast(pagePath(request, { search: true }));
  if (prompt) throw redirectWithToast(request, decision.redirectTo, prompt);
  throw redirect(decision.redirectTo);
}
