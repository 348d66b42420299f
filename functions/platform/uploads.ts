import { Invalid } from "#domain/core/errors.ts";
import { readBodyChunk, stopReading } from "./request-body.ts";
import { ImageUnreadable, imageTypeOf, type ImagePipeline, type ImageVariant } from "./images.ts";
import { randomHex } from "#shared/tokens.ts";

/**
 * Image uploads to R2: the type is read from the file's first bytes (never its name or the
 * browser's claim), 5 MB at most, and the key is made here (random, under `u/`, served as
 * immutable), so a user never chooses a path and no two uploads share an object: removing what a
 * failed request stored can never take a photo from someone else.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

// What a file's first bytes say it is: written beside the decoder (images.ts), named here too.
export { imageTypeOf, type ImageType } from "./images.ts";

/** Files that were actually chosen (a form's empty file input sends one nameless, empty file). */
export function chosenFiles(values: readonly (FormDataEntryValue | null | undefined)[]): File[] {
  return values.filter((v): v is File => typeof v === "object" && v !== null && "arrayBuffer" in v && v.size > 0);
}

/**
 * Where review photos go (R2 in the Worker: imageStore below, over ctx.media). The domain decides when to store and when to remove; the store checks the bytes and
 * makes the keys.
 */
export type ImageStore = {
  /** Checks and decodes every file (type, size, pixels) before storing any; stores them all or none; returns their keys. */
  store(files: readonly File[]): Promise<string[]>;
  /** Deletes objects this store wrote (cleanup after a failed write, or replaced photos). */
  remove(keys: readonly string[]): Promise<void>;
};

/**
 * The domain's ImageStore over an R2 bucket, writing under `u/{folder}/` (the domain never sees R2).
 * Each photo goes through the image pipeline (its header size checked, then decoded and resized):
 * what is stored is the pipeline's full-size WebP, never the uploaded bytes.
 */
export function imageStore(bucket: R2Bucket, pipeline: ImagePipeline, folder = "reviews", field = "photos"): ImageStore {
  const remove = async (keys: readonly string[]) => {
    if (keys.length) await bucket.delete([...keys]);
  };
  return {
    remove,
    async store(files) {
      const checked: ImageVariant[] = [];
      for (const file of files) {
        const name = file.name || "A photo";
        if (file.size > UPLOAD_MAX_BYTES) throw new Invalid("A photo is too large.", { [field]: `${name} is larger than 5 MB.` });
        const bytes = new Uint8Array(await file.arrayBuffer());
        const type = imageTypeOf(bytes);
        if (!type) throw new Invalid("Only photos can be uploaded.", { [field]: `${file.name || "A file"} is not a JPEG, PNG, WebP, AVIF or GIF image.` });
        try {
          checked.push((await pipeline.photo(bytes, type)).full);
        } catch (e) {
          if (!(e instanceof ImageUnreadable)) throw e;
          throw new Invalid(`${name} could not be used.`, { [field]: `${name}: ${e.message}` });
        }
      }
      const keys: string[] = [];
      try {
        for (const variant of checked) {
          const key = `u/${folder}/${randomHex(16)}.${variant.ext}`;
          await bucket.put(key, variant.bytes, { httpMetadata: { contentType: variant.mime, cacheControl: "public, max-age=31536000, immutable" } });
          keys.push(key);
        }
      } catch (e) {
        await remove(keys).catch(() => undefined);
        throw e;
      }
      return keys;
    },
  };
}

/** What a multipart body may hold: file fields with their caps, and sizes. */
export type MultipartLimits = {
  /** The fields that may carry files, each with the most files it takes. */
  files: Record<string, number>;
  maxFileBytes?: number;
  /** Longest text value (bytes). */
  maxFieldBytes?: number;
  /** Most parts in all (text and files). */
  maxParts?: number;
  /** The message and field errors when a file field has more files than its cap. */
  tooMany?: (field: string, cap: number) => Invalid;
};

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
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !boundary)
    throw new Invalid("The form could not be read: send multipart/form-data with a boundary.");
  return boundary;
}

function dispositionParam(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(header) ?? new RegExp(`;\\s*${name}=([^;\\s]+)`, "i").exec(header);
  return match?.[1]?.replace(/\\(.)/g, "$1");
}

/**
 * Reads a multipart/form-data body part by part from the stream, checking as it goes: a file
 * beyond its field's cap, a file in a field that takes none, a file over the size limit or too
 * many parts stop the parsing at once with a 400 (the rest of the body is drained, never parsed
 * or held: see stopReading). Only what passed is held in memory.
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartForm> {
  const boundary = boundaryOf(request.headers.get("content-type") ?? "");
  const maxFileBytes = limits.maxFileBytes ?? UPLOAD_MAX_BYTES;
  const maxFieldBytes = limits.maxFieldBytes ?? 64 * 1024;
  const maxParts = limits.maxParts ?? 100;
  const tooMany = limits.tooMany ?? ((field: string, cap: number) => new Invalid(`Too many files in ${field}.`, { [field]: `Add at most ${cap} files.` }));
  const delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
  const form: MultipartForm = { fields: {}, files: {} };
  const counts: Record<string, number> = {};
  const reader = request.body?.getReader();
  if (!reader) throw new Invalid("The form is empty.");

  // The body is read as if it began with CRLF, so every delimiter, the first included, is CRLF--boundary.
  let buf: Uint8Array = CRLF;
  let done = false;
  const more = async () => {
    if (done) return false;
    const { value, done: end } = await readBodyChunk(reader);
    if (end) done = true;
    else buf = concat(buf, value);
    return !end;
  };
  const fail = async (error: Invalid): Promise<never> => {
    stopReading(reader);
    throw error;
  };
  const malformed = () => fail(new Invalid("The form could not be read: its multipart body is malformed."));

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
    if (++parts > maxParts) return fail(new Invalid("The form has too many fields."));
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
    const cap = isFile ? limits.files[name] : undefined;
    if (isFile && cap === undefined) return fail(new Invalid(`The field ${name} does not take files.`, { [name]: "No files here." }));
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
        if (size > limit) {
          if (isFile)
            return fail(
              new Invalid("A photo is too large.", { [name]: `${filename || "A file"} is larger than ${Math.round(maxFileBytes / 1024 / 1024)} MB.` }),
            );
          return fail(new Invalid(`The field ${name} is too long.`, { [name]: "This value is too long." }));
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
      if (size === 0 && filename === "") continue;
      if (filename === "" && count()) return fail(tooMany(name, cap ?? 0));
      (form.files[name] ??= []).push(new File(chunks as BlobPart[], filename ?? "", { type }));
    } else {
      const bytes = new Uint8Array(size);
      let offset = 0;
      for (const c of chunks) {
        bytes.set(c, offset);
        offset += c.length;
      }
      form.fields[name] = new TextDecoder().decode(bytes);
    }
  }
  stopReading(reader);
  return form;
}
