import { Invalid, isDomainError, UnsupportedMediaType } from "#domain/errors.ts";

/**
 * The one reader of request bodies, for the API and every page action: a body that is not what
 * the route reads (wrong content type, multipart without or with a wrong boundary, broken JSON) is
 * a 400 or 415 with a message, never a 500.
 */

/** What the readers need of a request (a Request, or its clone of any Cf typing). */
type FormSource = { readonly headers: Headers; formData(): Promise<FormData> };

export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/** The media type of the request's body without parameters, lower case ("" when none). */
export function mediaTypeOf(request: { readonly headers: Headers }): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Whether the request says it carries a body (a length above 0, or chunked). */
export function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return length.trim() !== "0";
  return request.headers.has("transfer-encoding") || (request.body !== null && request.method !== "GET" && request.method !== "HEAD");
}

const BOUNDARY = /;\s*boundary=("?)([^";]{1,70})\1\s*(;|$)/i;

export const BODY_MESSAGES = {
  formType: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  noBoundary: "The form could not be read: its multipart boundary is missing or not valid.",
  badMultipart: "The form could not be read: the body does not match its multipart boundary.",
  badForm: "The form could not be read.",
  jsonType: "Send the request body as application/json (or multipart/form-data where files are sent).",
  badJson: "The request body is not valid JSON.",
};

/**
 * Checks the content type of a form post without reading the body: a form type, and a multipart
 * boundary when multipart. Throws UnsupportedMediaType or Invalid.
 */
export function checkFormType(request: { readonly headers: Headers }): void {
  const type = mediaTypeOf(request);
  if (!(FORM_TYPES as readonly string[]).includes(type)) throw new UnsupportedMediaType(BODY_MESSAGES.formType);
  if (type === "multipart/form-data" && !BOUNDARY.test(request.headers.get("content-type") ?? "")) throw new Invalid(BODY_MESSAGES.noBoundary);
}

/**
 * The request's form (urlencoded or multipart). `read` lets a caller with its own body cache
 * (Hono's c.req.formData) parse through it.
 */
export async function readFormData(request: FormSource, read: () => Promise<FormData> = () => request.formData()): Promise<FormData> {
  checkFormType(request);
  try {
    return await read();
  } catch {
    throw new Invalid(mediaTypeOf(request) === "multipart/form-data" ? BODY_MESSAGES.badMultipart : BODY_MESSAGES.badForm);
  }
}

/** The JSON body ({} when empty). `read` as for readFormData. */
export async function readJson(request: Request, read: () => Promise<string> = () => request.text()): Promise<unknown> {
  const type = mediaTypeOf(request);
  if (type && type !== "application/json") throw new UnsupportedMediaType(BODY_MESSAGES.jsonType);
  const text = await read();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new Invalid(BODY_MESSAGES.badJson);
  }
}

/**
 * A page action's form. A body that cannot be read is thrown as a Response with its status and a
 * plain message (React Router shows it through the error boundary), not as a 500.
 */
export async function readPageForm(request: FormSource): Promise<FormData> {
  try {
    return await readFormData(request);
  } catch (e) {
    if (isDomainError(e)) throw new Response(e.message, { status: e.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw e;
  }
}

/**
 * Reads whatever of the body is still unread and throws it away (up to `limit` bytes; a longer
 * body is cancelled). Answering before the body was read leaves the rest of the upload on the
 * connection; the local server (vite preview -> Miniflare -> workerd) then fails the next request
 * on it with "fetch failed". Never throws.
 */
export async function discardUnreadBody(request: Request, limit = 64 * 1024 * 1024): Promise<void> {
  const body = request.body;
  if (!body || request.bodyUsed || body.locked) return;
  try {
    const reader = body.getReader();
    let seen = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away or the body was already taken: nothing left to discard.
  }
}
