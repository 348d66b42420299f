import { Invalid } from "../domain/errors.ts";

/**
 * Image uploads to R2: the type is read from the file's first bytes (never its name or the
 * browser's claim), 5 MB at most, and the key is made here from the content's hash under `u/`
 * (served as immutable), so a user never chooses a path.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export type ImageType = { ext: "jpg" | "png" | "webp" | "avif" | "gif"; mime: string };

export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, text: string) => [...text].every((ch, i) => at(from + i) === ch.charCodeAt(0));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return { ext: "jpg", mime: "image/jpeg" };
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return { ext: "png", mime: "image/png" };
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return { ext: "webp", mime: "image/webp" };
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return { ext: "gif", mime: "image/gif" };
  if (ascii(4, "ftyp") && (ascii(8, "avif") || ascii(8, "avis"))) return { ext: "avif", mime: "image/avif" };
  return null;
}

/** Files that were actually chosen (a form's empty file input sends one nameless, empty file). */
export function chosenFiles(values: readonly (FormDataEntryValue | null | undefined)[]): File[] {
  return values.filter((v): v is File => typeof v === "object" && v !== null && "arrayBuffer" in v && v.size > 0);
}

/** Checks every file first (so a bad one stores nothing), then stores them; returns their keys. */
export async function storeImages(bucket: R2Bucket, files: readonly File[], field = "photos"): Promise<string[]> {
  const checked: { bytes: Uint8Array<ArrayBuffer>; type: ImageType }[] = [];
  for (const file of files) {
    if (file.size > UPLOAD_MAX_BYTES) throw new Invalid("A photo is too large.", { [field]: `${file.name || "A photo"} is larger than 5 MB.` });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = imageTypeOf(bytes);
    if (!type) throw new Invalid("Only photos can be uploaded.", { [field]: `${file.name || "A file"} is not a JPEG, PNG, WebP, AVIF or GIF image.` });
    checked.push({ bytes, type });
  }
  const keys: string[] = [];
  for (const { bytes, type } of checked) {
    const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const key = `u/reviews/${hash.slice(0, 32)}.${type.ext}`;
    await bucket.put(key, bytes, { httpMetadata: { contentType: type.mime } });
    keys.push(key);
  }
  return keys;
}
