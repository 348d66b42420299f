import { Invalid } from "#domain/core/errors.ts";
import { ImageUnreadable, imageTypeOf, type ImagePipeline, type ImageVariant } from "./images.ts";
import { randomHex } from "#shared/tokens.ts";
import { m } from "#shared/paraglide/messages.js";

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
        if (file.size > UPLOAD_MAX_BYTES) throw new Invalid(m.api_e_a_photo_is_too_large(), { [field]: m.api_e_named_file_larger_than({ name, size: "5" }) });
        const bytes = new Uint8Array(await file.arrayBuffer());
        const type = imageTypeOf(bytes);
        if (!type) throw new Invalid(m.api_e_only_photos_can_be_uploaded(), { [field]: m.api_e_named_file_not_image({ name: file.name || m.api_e_a_file() }) });
        try {
          checked.push((await pipeline.photo(bytes, type)).full);
        } catch (e) {
          if (!(e instanceof ImageUnreadable)) throw e;
          throw new Invalid(m.api_e_named_file_unusable({ name }), { [field]: `${name}: ${e.message}` });
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
