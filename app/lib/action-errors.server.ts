import { data, redirect } from "react-router";
import { Invalid, isDomainError, Unauthorized } from "#domain/errors.ts";
import type { ActionFailure } from "./action-failure.ts";
import { loginPath } from "#shared/links.ts";

/**
 * Turns a domain error thrown by a form action into what the page shows: field messages (400)
 * beside the form, a redirect to log in for a visitor, or a message with the error's status.
 * Anything else is a real failure and goes to the error boundary.
 */
/** The page's own path for an action request (client submissions arrive at "{path}.data"). */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return search ? `${path}?${search}` : path;
}

export function actionFailure(e: unknown, intent: string, request: Request) {
  if (e instanceof Unauthorized) {
    throw redirect(loginPath(pagePath(request)));
  }
  if (e instanceof Invalid) return data<ActionFailure>({ ok: false, intent, message: e.message, errors: e.fields }, { status: 400 });
  if (isDomainError(e)) return data<ActionFailure>({ ok: false, intent, message: e.message, errors: {} }, { status: e.status });
  throw e;
}
