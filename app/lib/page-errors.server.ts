import { data } from "react-router";
import { pageOfDataPath, unprefixedPath } from "#shared/locale.ts";
import type { z } from "zod";
import {
  Conflict,
  Forbidden,
  Invalid,
  isDomainError,
  NotFound,
  StaleEdit,
  TooManyRequests,
  Unauthorized,
  Unavailable,
  type DomainError,
  formToObject,
  parseInput,
} from "#domain/core/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { readFormData } from "#platform/request-body.ts";
import { loginPath } from "#shared/links.ts";
import { GUARD } from "#shared/strings.ts";

/**
 * The one translator from domain errors to page answers, for loaders and form actions alike.
 *
 * Form actions (`formFailure`, `submitOrRespond`): the form shows the refusal. Every domain error
 * becomes one shape, `PageFailure`, with the status the API gives for it (400 with field messages,
 * 403, 404, 409, 415, and 429 with Retry-After), and the values the visitor typed (secrets left
 * out) to refill the form. The one exception is Unauthorized, which means "log in first": a
 * visitor, or a session that ended, on an action that needs an account is sent to log in and comes
 * back to the page (302). Only a sign-in form itself (the log-in page: wrong e-mail or password)
 * passes `{ signInForm: true }` and shows its 401 on the form.
 *
 * Loaders (`loadOrRespond`, `pageResponseFor`): a missing record is the not-found page (404), a
 * visitor is sent to log in and back, a refused account goes home with the message as an error
 * toast, something unreachable for a moment (Unavailable, 503) is the root's page with its message;
 * anything else is a `PageFailure` with its status.
 *
 * Errors that are not domain errors are real failures and go on to the error boundary.
 */
export type PageFailure = {
  ok: false;
  /** Which of the page's forms failed, for pages with several (the submitted `intent`). */
  intent?: string;
  message: string;
  /** Field name to message, shown beside the fields. */
  errors: Record<string, string>;
  /** What the visitor typed (never passwords), to refill the form. */
  values?: Record<string, string>;
};

/**
 * The path of the page a request is for (client navigations and submissions fetch
 * "<path>.data", and "/_.data" for the home page: pageOfDataPath). With `{ search: true }` the query too,
 * without React Router's own `index` and `_routes` parameters.
 */
export function pagePath(request: Request, { search = false }: { search?: boolean } = {}): string {
  const url = new URL(request.url);
  // A Hindi page's path is its English twin's (/hi/profile is /profile): the guards and forms match on it.
  const path = unprefixedPath(pageOfDataPath(url.pathname));
  if (!search) return path;
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  const query = url.searchParams.toString();
  return query ? `${path}?${query}` : path;
}

/** "Log in first": the log-in page that brings the visitor back to this page, saying why they are there. */
export function loginRedirect(request: Request): Response {
  return redirectWithToast(request, loginPath(pagePath(request, { search: true })), { type: "info", message: GUARD.logInToContinue });
}

const SECRET_FIELDS = ["password", "confirmPassword", "currentPassword", "pass", "credential"];

/** The submitted values of a request (secrets left out), to refill the form after a refusal. */
const submitted = new WeakMap<Request, Record<string, string>>();

/** Reads a page form (or takes the one the action already read) and validates it with the API's schema (Invalid with field messages when it does not fit). */
export async function readForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  form?: FormData,
): Promise<{ input: z.infer<S>; values: Record<string, string> }> {
  return parseForm(request, schema, form ?? (await readFormData(request)));
}

/** Validates a form already read with the API's schema (Invalid with field messages), keeping what was typed to refill the form after a refusal. */
export function parseForm<S extends z.ZodType>(request: Request, schema: S, form: FormData): { input: z.infer<S>; values: Record<string, string> } {
  const raw = formToObject(form) as Record<string, string>;
  const values = Object.fromEntries(Object.entries(raw).filter(([k]) => !SECRET_FIELDS.includes(k) && k !== "intent"));
  submitted.set(request, values);
  return { input: parseInput(schema, raw), values };
}

function failureOf(error: DomainError, request: Request, intent?: string) {
  const failure: PageFailure = { ok: false, message: error.message, errors: error instanceof Invalid || error instanceof Conflict ? error.fields : {} };
  if (intent !== undefined) failure.intent = intent;
  // A stale edit (issue 33) is refused with the current value: the form shows what is stored now, not what was typed over it.
  const values = error instanceof StaleEdit ? undefined : submitted.get(request);
  if (values) failure.values = values;
  const init: ResponseInit = { status: error.status };
  if (error instanceof TooManyRequests || error instanceof Unavailable) init.headers = { "Retry-After": String(error.retryAfterSeconds) };
  return data<PageFailure>(failure, init);
}

/**
 * A form action's answer to an error: the `PageFailure` the form shows, or (Unauthorized, unless
 * this is a sign-in form) a thrown redirect to log in and back. Non-domain errors are rethrown.
 */
export function formFailure(error: unknown, request: Request, options: { intent?: string; signInForm?: boolean } = {}) {
  if (!isDomainError(error)) throw error;
  if (error instanceof Unauthorized && !options.signInForm) throw loginRedirect(request);
  return failureOf(error, request, options.intent);
}

/** Runs a form action, answering domain errors with `formFailure`. */
export async function submitOrRespond<T>(
  request: Request,
  submit: () => Promise<T>,
  options: { intent?: string; signInForm?: boolean } = {},
): Promise<T | ReturnType<typeof formFailure>> {
  try {
    return await submit();
  } catch (error) {
    return formFailure(error, request, options);
  }
}

/** The Response a loader should throw for a domain error, or null when the error is not one. */
export function pageResponseFor(error: unknown, request: Request): Response | ReturnType<typeof data> | null {
  if (!isDomainError(error)) return null;
  if (error instanceof NotFound) return data(null, { status: 404 });
  if (error instanceof Unauthorized) return loginRedirect(request);
  if (error instanceof Forbidden) return redirectWithToast(request, "/", { type: "error", message: error.message });
  // Something the page needs cannot be reached for a moment (503): the page says so in the domain's words, not the error screen.
  if (error instanceof Unavailable) return data(error.message, { status: 503, headers: { "Retry-After": String(error.retryAfterSeconds) } });
  return failureOf(error, request);
}

/** Runs a loader body, turning domain errors into their page responses. */
export async function loadOrRespond<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw pageResponseFor(error, request) ?? error;
  }
}
