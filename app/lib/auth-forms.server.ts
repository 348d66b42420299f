import { data, redirect } from "react-router";
import type { z } from "zod";
import { requestInfo, sessionCookies } from "#api/account-http.ts";
import type { RequestInfo, SessionStart } from "#domain/accounts.ts";
import { isDomainError, TooManyRequests } from "#domain/errors.ts";
import { homeOf, type Home } from "#domain/permissions.ts";
import type { Role } from "#db/schema/identity.ts";
import { formToObject, parseInput } from "#domain/validation.ts";
import { readFormData } from "#platform/request-body.ts";
import { safeRedirectPath } from "#platform/safe-redirect.ts";
import { appContext, type AppContext } from "#functions/page-context.ts";
import { guardDecision, protectedAreaOf } from "./access.server.ts";
import { flashCookie, redirectWithToast } from "#platform/cookies.ts";
import type { FlashToast } from "#shared/toast.ts";

/**
 * Glue between the account pages' plain form posts and the accounts domain: read and validate
 * the form with the API's schemas, turn domain errors into field errors the form shows, and
 * answer a started session with the cookie and a redirect.
 */
export type FormResult = { ok: false; message: string; errors: Record<string, string>; values: Record<string, string> };

const SECRET_FIELDS = ["password", "confirmPassword", "currentPassword", "pass", "credential"];

/** The submitted values of a request (secrets left out), to refill the form after a refusal. */
const submitted = new WeakMap<Request, Record<string, string>>();

export async function readForm<S extends z.ZodType>(request: Request, schema: S): Promise<{ input: z.infer<S>; values: Record<string, string> }> {
  const raw = formToObject(await readFormData(request)) as Record<string, string>;
  const values = Object.fromEntries(Object.entries(raw).filter(([k]) => !SECRET_FIELDS.includes(k) && k !== "intent"));
  submitted.set(request, values);
  return { input: parseInput(schema, raw), values };
}

/** A domain error as the form's answer (400/401/403/409/429 with the message and field errors). */
export function formFailure(e: unknown, request?: Request) {
  if (!isDomainError(e)) throw e;
  const errors = "fields" in e && e.fields ? (e.fields as Record<string, string>) : {};
  const init: ResponseInit = { status: e.status };
  if (e instanceof TooManyRequests) init.headers = { "Retry-After": String(e.retryAfterSeconds) };
  const values = (request && submitted.get(request)) ?? {};
  return data<FormResult>({ ok: false, message: e.message, errors, values }, init);
}

export function sessionRedirect(request: Request, start: SessionStart, to: string, toast: FlashToast): Response {
  const headers = new Headers({ Location: to });
  for (const cookie of sessionCookies(request, start)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(request, toast));
  return new Response(null, { status: 302, headers });
}

/** What the account functions need from a page request; mails go after the answer (waitUntil). */
export function pageRequestInfo(request: Request, ctx: Pick<AppContext, "ctx">): RequestInfo {
  return requestInfo(request, (work) => ctx.ctx.waitUntil(work));
}

/** The page path a request is for: client navigations fetch "<path>.data", which is the same page. */
export function pagePath(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
}

/** Where a signed-in account belongs after log-in (the permissions module's rule). */
export const homeFor = (role: Role): Home => homeOf({ role });

/**
 * Where to go after logging in: the page that sent the visitor to log in (`?redirectTo=`), when it
 * is a path on this site the account may open; otherwise the account's own area.
 */
export function afterLogin(request: Request, role: Role): string {
  const url = new URL(request.url);
  const to = safeRedirectPath(url.searchParams.get("redirectTo"), url.origin);
  if (!to) return homeFor(role);
  const path = new URL(to, url.origin).pathname;
  if (protectedAreaOf(path) && !guardDecision(path, role).allow) return homeFor(role);
  return to;
}

/** Log-in and sign-up pages send a signed-in visitor on to their own area. */
export function redirectIfSignedIn(ctx: AppContext) {
  if (ctx.actor) throw redirect(homeFor(ctx.actor.role));
}

/**
 * Middleware for the guarded areas (/admin, /profile, /VendorDashboard): runs on the server
 * before any loader or action of the area, so nothing of a refused page is loaded or rendered.
 */
export function guardArea({ request, context }: { request: Request; context: { get: (c: typeof appContext) => AppContext } }) {
  const { actor } = context.get(appContext);
  const decision = guardDecision(pagePath(request), actor?.role ?? null);
  if (decision.allow) return;
  if (decision.toast) throw redirectWithToast(request, decision.redirectTo, { type: "error", message: decision.toast });
  throw redirect(decision.redirectTo);
}
