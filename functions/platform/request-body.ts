import { ClientAborted, Invalid, isDomainError, PayloadTooLarge, UnsupportedMediaType } from "#domain/core/errors.ts";

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
  tooLarge: (max: number) => `The request body is too large: send at most ${max >= 1024 * 1024 ? `${max / 1024 / 1024} MB` : `${Math.round(max / 1024)} KB`}.`,
};

/** The most bytes of a JSON body (or a multipart body of fields without files) an endpoint reads unless it declares its own. */
export const JSON_BODY_MAX = 256 * 1024;
/** The most bytes of a page's form post read as fields (urlencoded, or multipart where the action reads no files). */
export const FORM_BODY_MAX = 1024 * 1024;

/**
 * Stops reading a body early without cancelling it: the reader is released, so whatever is left is
 * read and thrown away by discardUnreadBody (functions/app.ts, after the answer is made) and never
 * parsed or held. A reader that cancels instead leaves the rest of an upload on the connection, and
 * the local server (vite preview -> Miniflare -> workerd) then fails the next request on it with
 * "fetch failed". Never throws.
 */
export function stopReading(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  try {
    reader.releaseLock();
  } catch {
    // Already released.
  }
}

/** The next chunk of a request's body; a body the client stopped sending (workerd: "Network connection lost.") is a ClientAborted. */
export async function readBodyChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch (e) {
    throw new ClientAborted(e);
  }
}

/** The declared Content-Length, or null (chunked, or not a number). */
function declaredLength(request: { readonly headers: Headers }): number | null {
  const value = request.headers.get("content-length");
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}

/**
 * The body's bytes, at most `max`: a declared Content-Length over the cap is refused (413) before
 * a byte is read, and a body that passes the cap while it streams is refused as soon as it does;
 * either way the rest is drained, never parsed or held.
 */
export async function readCappedBytes(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = declaredLength(request);
  if (declared !== null && declared > max) throw new PayloadTooLarge(BODY_MESSAGES.tooLarge(max));
  const bytes = await readStreamCapped(request.body, max);
  if (!bytes) throw new PayloadTooLarge(BODY_MESSAGES.tooLarge(max));
  return bytes;
}

/** A body stream's bytes, or null once it passes `max` (the reader is released: the rest is drained, never held). */
export async function readStreamCapped(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await readBodyChunk(reader);
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      stopReading(reader);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The body as text, at most `max` bytes (413 past it; see readCappedBytes). */
export async function readCappedText(request: Request, max: number): Promise<string> {
  return new TextDecoder().decode(await readCappedBytes(request, max));
}

/** The body as a form, at most `max` bytes (413 past it), then parsed by the platform's reader. */
export async function readCappedForm(request: Request, max: number): Promise<FormData> {
  const bytes = await readCappedBytes(request, max);
  return new Response(bytes, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
}

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
 * The request's form (urlencoded or multipart), of at most FORM_BODY_MAX bytes (413 past it). `read`
 * lets a caller read it its own way (the API: through its own cap).
 */
export async function readFormData(request: FormSource, read: () => Promise<FormData> = defaultFormReader(request)): Promise<FormData> {
  checkFormType(request);
  try {
    return await read();
  } catch (e) {
    if (e instanceof PayloadTooLarge) throw e;
    throw new Invalid(mediaTypeOf(request) === "multipart/form-data" ? BODY_MESSAGES.badMultipart : BODY_MESSAGES.badForm);
  }
}

function defaultFormReader(request: FormSource): () => Promise<FormData> {
  return request instanceof Request ? () => readCappedForm(request, FORM_BODY_MAX) : () => request.formData();
}

/** The JSON body ({} when empty), of at most JSON_BODY_MAX bytes unless `read` reads it its own way. */
export async function readJson(request: Request, read: () => Promise<string> = () => readCappedText(request, JSON_BODY_MAX)): Promise<unknown> {
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
 * body is cancelled), also after a reader that stopped early (stopReading). Answering before the body was read leaves the rest of the upload on the
 * connection; the local server (vite preview -> Miniflare -> workerd) then fails the next request
 * on it with "fetch failed". Never throws.
 */
export async function discardUnreadBody(request: Request, limit = 64 * 1024 * 1024): Promise<void> {
  const body = request.body;
  // A reader that stopped early (stopReading) left the stream unlocked: what it did not read is read here.
  if (!body || body.locked) return;
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
