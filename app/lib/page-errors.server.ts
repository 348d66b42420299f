import { data, redirect } from "react-router";
import { Conflict, Forbidden, Invalid, isDomainError, NotFound, TooManyRequests, Unauthorized } from "#domain/errors.ts";
import { redirectWithToast } from "#platform/cookies.ts";

/**
 * Domain errors as pages answer them. Loaders: a missing record is the not-found page (404), a
 * visitor is sent to log in and comes back, a refused actor goes home with an error toast. Forms:
 * bad input re-renders the form with its field messages and the same status the API would give.
 */
export type FormFailure = { ok: false; message: string; errors: Record<string, string> };

export function loginPath(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The Response a loader should throw for a domain error, or null when the error is not one. */
export function pageResponseFor(error: unknown, request: Request): Response | ReturnType<typeof data> | null {
  if (!isDomainError(error)) return null;
  if (error instanceof NotFound) return data(null, { status: 404 });
  if (error instanceof Unauthorized) return redirect(loginPath(request));
  if (error instanceof Forbidden) return redirectWithToast(request, "/", { type: "error", message: error.message });
  if (error instanceof TooManyRequests)
    return data({ ok: false, message: error.message, errors: {} } satisfies FormFailure, {
      status: 429,
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    });
  return data({ ok: false, message: error.message, errors: error instanceof Invalid ? error.fields : {} } satisfies FormFailure, { status: error.status });
}

/** Runs a loader body, turning domain errors into their page responses. */
export async function loadOrRespond<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw pageResponseFor(error, request) ?? error;
  }
}

/**
 * Runs a form action. Invalid, Conflict and TooManyRequests come back as data for the form to show
 * (400/409/429); Unauthorized and Forbidden redirect as in loaders; other errors propagate.
 */
export async function submitOrRespond<T>(request: Request, submit: () => Promise<T>): Promise<T | ReturnType<typeof data<FormFailure>>> {
  try {
    return await submit();
  } catch (error) {
    if (error instanceof Invalid || error instanceof Conflict) {
      return data({ ok: false, message: error.message, errors: error instanceof Invalid ? error.fields : {} }, { status: error.status });
    }
    if (error instanceof TooManyRequests) {
      return data({ ok: false, message: error.message, errors: {} }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
    }
    throw pageResponseFor(error, request) ?? error;
  }
}
