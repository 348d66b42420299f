import { ClientAborted, Invalid, isDomainError, PayloadTooLarge, UnsupportedMediaType } from "#domain/core/errors.ts";
import { PHOTO_MAX_BYTES } from "#shared/service-media.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The one reader of request bodies, for the API and every page action: a body that is not what
 * the route reads (wrong content type, multipart without or with a wrong boundary, broken JSON) is
 * a 400 or 415 with a message, never a 500. Every body is read as a stream under a cap: JSON and
 * urlencoded forms by readCappedBytes, multipart (forms of fields and uploads alike) by the one
 * multipart reader, readMultipart, which checks each part as it comes.
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

/** Each read says the message in the request's language (shared/say.ts). */
export const BODY_MESSAGES = {
  get formType() {
    return m.api_body_form_type();
  },
  get noBoundary() {
    return m.api_body_no_boundary();
  },
  get badMultipart() {
    return m.api_body_bad_multipart();
  },
  get badForm() {
    return m.api_body_bad_form();
  },
  get jsonType() {
    return m.api_body_json_type();
  },
  get badJson() {
    return m.api_body_bad_json();
  },
  tooLarge: (max: number) => m.api_body_too_large({ size: max >= 1024 * 1024 ? `${max / 1024 / 1024} MB` : `${Math.round(max / 1024)} KB` }),
};

/** The most bytes of a JSON body (or a multipart body of fields without files) an endpoint reads unless it declares its own. */
export const JSON_BODY_MAX = 256 * 1024;
/** The most bytes of a page's form post read as fields (urlencoded, or multipart where the action reads no files). */
export const FORM_BODY_MAX = 1024 * 1024;
/** The most parts a multipart form read as a whole (readCappedForm) may have. */
const FORM_PARTS_MAX = 1000;
/** Room for the parts' headers and boundaries of a form that carries files, beyond its text and files. */
const MULTIPART_OVERHEAD_MAX = 64 * 1024;

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

/**
 * The body as a form, at most `max` bytes (413 past it). Multipart goes through the one streaming
 * reader (readMultipart: part by part, refused as soon as it passes the cap, the order of the
 * parts and repeated names kept, a file in any field); urlencoded is read capped, then parsed.
 */
export async function readCappedForm(request: Request, max: number): Promise<FormData> {
  if (mediaTypeOf(request) === "multipart/form-data") {
    const form = new FormData();
    await streamMultipart(
      request,
      { files: "any", maxFileBytes: max, maxFieldBytes: max, maxParts: FORM_PARTS_MAX, maxBodyBytes: max, keepEmptyFiles: true },
      (part) => form.append(part.name, part.value),
    );
    return form;
  }
  const bytes = await readCappedBytes(request, max);
  return new Response(bytes, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
}

/**
 * The reader of a page form that carries files (a blog cover, review photos): its text fields as any
 * page form's, and up to `filesMax` files of at most `maxFileBytes` each, so the whole body may be
 * that much larger than FORM_BODY_MAX; the text fields together still get FORM_BODY_MAX (413 past it,
 * as on any page form). Without it a page's form is read under FORM_BODY_MAX in all, and a 2 MB cover
 * under an 8 MB promise was refused (413). Pass it to readFormData or readPageForm.
 */
export function formWithFiles(request: Request, { filesMax, maxFileBytes }: { filesMax: number; maxFileBytes: number }): () => Promise<FormData> {
  if (mediaTypeOf(request) !== "multipart/form-data") return () => readCappedForm(request, FORM_BODY_MAX);
  return async () => {
    const form = new FormData();
    await streamMultipart(
      request,
      {
        files: "any",
        maxFileBytes,
        maxFieldBytes: FORM_BODY_MAX,
        // The text fields together as much as a form without files (413 past it, as on every page form).
        maxTextBytes: FORM_BODY_MAX,
        maxParts: FORM_PARTS_MAX,
        // The text, the files at their cap, and the parts' headers and boundaries.
        maxBodyBytes: FORM_BODY_MAX + filesMax * maxFileBytes + MULTIPART_OVERHEAD_MAX,
        keepEmptyFiles: true,
      },
      (part) => form.append(part.name, part.value),
    );
    return form;
  };
}

/** What a multipart body may hold: file fields with their caps, and sizes. */
export type MultipartLimits = {
  /** The fields that may carry files, each with the most files it takes ("any": any field, up to maxParts). */
  files: Record<string, number> | "any";
  /** The most bytes of one file (400 naming the file past it); 5 MB unless given. */
  maxFileBytes?: number;
  /** Longest text value (bytes). */
  maxFieldBytes?: number;
  /** The most bytes of all text values together: 413 past it, as a form of fields alone past its cap (a form that also carries files). */
  maxTextBytes?: number;
  /** Most parts in all (text and files). */
  maxParts?: number;
  /** The message and field errors when a file field has more files than its cap. */
  tooMany?: (field: string, cap: number) => Invalid;
  /** The most bytes of the whole body: 413 past it (from a declared Content-Length before a byte is read). */
  maxBodyBytes?: number;
  /** Passes on a file input left empty (a nameless, empty file) instead of skipping it, as a browser's FormData has it. */
  keepEmptyFiles?: boolean;
};

/** One part of a multipart body, in the order sent. */
type Part = { name: string; value: string | File };

export type MultipartForm = { fields: Record<string, string>; files: Record<string, File[]> };

const CRLF = new Uint8Array([13, 10]);
const HEADER_END = new Uint8Array([13, 10, 13, 10]);
const MAX_HEADER_BYTES = 8 * 1024;

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  for (let i = haystack.indexOf(first ?? 0, from); i !== -1 && i + needle.length <= haystack.length; i = haystack.indexOf(first ?? 0, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (!a.length) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !boundary) throw new Invalid(m.api_e_the_form_could_not_be_read_send());
  return boundary;
}

function dispositionParam(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(header) ?? new RegExp(`;\\s*${name}=([^;\\s]+)`, "i").exec(header);
  return match?.[1]?.replace(/\\(.)/g, "$1");
}

/**
 * Reads a multipart/form-data body part by part from the stream, checking as it goes: a file
 * beyond its field's cap, a file in a field that takes none, a file over the size limit or too
 * many parts stop the parsing at once with a 400, and a body past maxBodyBytes with a 413 (the
 * rest of the body is drained, never parsed or held: see stopReading). Only what passed is held in
 * memory. Files are collected by field; a text field sent twice keeps its last value.
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: {} };
  await streamMultipart(request, limits, ({ name, value }) => {
    if (typeof value === "string") form.fields[name] = value;
    else (form.files[name] ??= []).push(value);
  });
  return form;
}

/** The multipart reader itself: hands each part that passed its checks to `take`, in order. */
async function streamMultipart(request: Request, limits: MultipartLimits, take: (part: Part) => void): Promise<void> {
  const boundary = boundaryOf(request.headers.get("content-type") ?? "");
  const maxBody = limits.maxBodyBytes ?? Infinity;
  const declared = declaredLength(request);
  if (declared !== null && declared > maxBody) throw new PayloadTooLarge(BODY_MESSAGES.tooLarge(maxBody));
  const maxFileBytes = limits.maxFileBytes ?? PHOTO_MAX_BYTES;
  const maxFieldBytes = limits.maxFieldBytes ?? 64 * 1024;
  const maxTextBytes = limits.maxTextBytes ?? Infinity;
  let textBytes = 0;
  const maxParts = limits.maxParts ?? 100;
  const tooMany =
    limits.tooMany ?? ((field: string, cap: number) => new Invalid(m.api_e_too_many_files_in({ field }), { [field]: m.api_e_add_at_most_files({ max: cap }) }));
  const delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
  const counts: Record<string, number> = {};
  const reader = request.body?.getReader();
  if (!reader) throw new Invalid(m.api_e_the_form_is_empty());

  // The body is read as if it began with CRLF, so every delimiter, the first included, is CRLF--boundary.
  let buf: Uint8Array = CRLF;
  let done = false;
  let read = 0;
  const more = async () => {
    if (done) return false;
    const { value, done: end } = await readBodyChunk(reader);
    if (end) done = true;
    else {
      read += value.byteLength;
      if (read > maxBody) await fail(new PayloadTooLarge(BODY_MESSAGES.tooLarge(maxBody)));
      buf = concat(buf, value);
    }
    return !end;
  };
  const fail = async (error: Invalid | PayloadTooLarge): Promise<never> => {
    stopReading(reader);
    throw error;
  };
  const malformed = () => fail(new Invalid(m.api_e_the_form_could_not_be_read_its()));

  // Preamble: up to the first delimiter.
  let at: number;
  while ((at = indexOf(buf, delimiter)) === -1) {
    if (buf.length > MAX_HEADER_BYTES) return malformed();
    if (!(await more())) return malformed();
  }
  buf = buf.slice(at + delimiter.length);
  let parts = 0;
  for (;;) {
    while (buf.length < 2) if (!(await more())) return malformed();
    if (buf[0] === 45 && buf[1] === 45) break; // "--": the closing delimiter
    // Headers of the next part (transport padding before the CRLF is allowed).
    let end: number;
    while ((end = indexOf(buf, HEADER_END)) === -1) {
      if (buf.length > MAX_HEADER_BYTES) return malformed();
      if (!(await more())) return malformed();
    }
    const lineEnd = indexOf(buf, CRLF);
    const headers = new TextDecoder().decode(buf.slice(lineEnd + 2, end)).split("\r\n");
    buf = buf.slice(end + 4);
    if (++parts > maxParts) return fail(new Invalid(m.api_e_the_form_has_too_many_fields()));
    const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? "";
    const name = dispositionParam(disposition, "name");
    if (name === undefined) return malformed();
    const filename = dispositionParam(disposition, "filename");
    const type =
      headers
        .find((h) => /^content-type:/i.test(h))
        ?.split(":")[1]
        ?.trim() ?? "";
    const isFile = filename !== undefined;
    const cap = !isFile ? undefined : limits.files === "any" ? maxParts : limits.files[name];
    if (isFile && cap === undefined) return fail(new Invalid(m.api_e_field_takes_no_files({ name }), { [name]: m.api_e_no_files_here() }));
    // A chosen file counts before its bytes are read; a nameless one (an empty file input) once it has content.
    const count = () => {
      counts[name] = (counts[name] ?? 0) + 1;
      return (counts[name] ?? 0) > (cap ?? 0);
    };
    if (isFile && filename !== "" && count()) return fail(tooMany(name, cap ?? 0));
    const limit = isFile ? maxFileBytes : maxFieldBytes;

    // The part's content, up to the next delimiter; all but a delimiter's length is set aside as it comes.
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const next = indexOf(buf, delimiter);
      const take = next === -1 ? Math.max(0, buf.length - delimiter.length + 1) : next;
      if (take > 0) {
        size += take;
        if (!isFile && textBytes + size > maxTextBytes) return fail(new PayloadTooLarge(BODY_MESSAGES.tooLarge(maxTextBytes)));
        if (size > limit) {
          if (isFile)
            return fail(
              new Invalid(m.api_e_a_photo_is_too_large(), {
                [name]: m.api_e_named_file_larger_than({ name: filename || m.api_e_a_file(), size: String(Math.round(maxFileBytes / 1024 / 1024)) }),
              }),
            );
          return fail(new Invalid(m.api_e_field_too_long({ name }), { [name]: m.api_e_this_value_is_too_long() }));
        }
        chunks.push(buf.slice(0, take));
        buf = buf.slice(take);
      }
      if (next !== -1) {
        buf = buf.slice(delimiter.length);
        break;
      }
      if (!(await more())) return malformed();
    }
    if (isFile) {
      if (size === 0 && filename === "") {
        if (limits.keepEmptyFiles) take({ name, value: new File([], "", { type: type || "application/octet-stream" }) });
        continue;
      }
      if (filename === "" && count()) return fail(tooMany(name, cap ?? 0));
      take({ name, value: new File(chunks as BlobPart[], filename ?? "", { type }) });
    } else {
      textBytes += size;
      const bytes = new Uint8Array(size);
      let offset = 0;
      for (const c of chunks) {
        bytes.set(c, offset);
        offset += c.length;
      }
      take({ name, value: new TextDecoder().decode(bytes) });
    }
  }
  stopReading(reader);
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
    // Too large, or a refusal naming its field (a file past its cap): the reader's words say what was wrong.
    if (e instanceof PayloadTooLarge || (e instanceof Invalid && Object.keys(e.fields).length)) throw e;
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
export async function readPageForm(request: FormSource, read?: () => Promise<FormData>): Promise<FormData> {
  try {
    return await readFormData(request, read);
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
