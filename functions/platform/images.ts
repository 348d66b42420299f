import { m } from "#shared/paraglide/messages.js";
import { crop, fliph, PhotonImage, resize, rotate, SamplingFilter } from "@cf-wasm/photon";
import { IMAGE_MEGAPIXELS_MAX } from "#shared/service-media.ts";
import { randomHex } from "#shared/tokens.ts";

/**
 * The image pipeline: uploaded bytes in, resized variants out. One contract, two implementations
 * chosen by configuration (imagePipelineFor):
 * - "wasm" (the default, offline): decodes and resizes in the Worker with @cf-wasm/photon and
 *   encodes WebP (photon's encoder is lossless);
 * - "cloudflare-images": the Cloudflare Images binding (env.IMAGES), lossy WebP at quality 82.
 *
 * Before anything is decoded, the size the file's header declares is read (checkedSize): a file
 * whose size cannot be read, or that declares more than IMAGE_PIXELS_MAX pixels (a 12 KB PNG can
 * declare 10,000 x 10,000, a gigabyte once decoded), is refused with ImageUnreadable. Nothing is
 * stored that did not decode as the image it claims to be: a file the decoder cannot read is
 * refused, never kept as it came (so AVIF, which the WASM decoder cannot read, is taken only by the
 * Cloudflare Images pipeline).
 */

/** Card variant width (list cards); full variant longest side (gallery). Never enlarged. */
export const CARD_WIDTH = 640;
export const FULL_MAX = 1600;
/** Logos and profile photos: a centred square of this side. */
export const SQUARE_SIZE = 512;

export type ImageVariant = { bytes: Uint8Array<ArrayBuffer>; width: number; height: number; mime: string; ext: string };
export type ProcessedPhoto = { card: ImageVariant; full: ImageVariant };

/** What the file is, from its first bytes (never its name or the browser's claim). */
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

/** The file is not an image this pipeline can read, or it is too large to decode; the message says which, for its owner. */
export class ImageUnreadable extends Error {}

/** The most pixels (width x height, as the header declares them) an uploaded image may have: 40 megapixels. */
export const IMAGE_PIXELS_MAX = IMAGE_MEGAPIXELS_MAX * 1_000_000;

export interface ImagePipeline {
  readonly name: "wasm" | "cloudflare-images";
  /** A card-size and a full-size variant of a photo (type already checked by its magic bytes). */
  photo(bytes: Uint8Array<ArrayBuffer>, type: ImageType): Promise<ProcessedPhoto>;
  /** A centred square (logo, profile photo). */
  square(bytes: Uint8Array<ArrayBuffer>, type: ImageType): Promise<ImageVariant>;
  /** One WebP at most `maxWidth` wide, proportions kept, never enlarged (an invitation template's thumbnail). */
  narrow(bytes: Uint8Array<ArrayBuffer>, type: ImageType, maxWidth: number): Promise<ImageVariant>;
  /** Decodes the image to prove it is one (its bytes are then stored as they came: a card's rendered preview); its size. */
  verify(bytes: Uint8Array<ArrayBuffer>, type: ImageType): Promise<{ width: number; height: number }>;
}

/** The size a box of w x h takes scaled into maxW x maxH, never enlarged. */
export function fitInto(w: number, h: number, maxW: number, maxH: number): { width: number; height: number } {
  const scale = Math.min(1, maxW / w, maxH / h);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

// ---------------------------------------------------------------------------------------------
// Header sizes: width and height read from the first bytes (no decoding).

function u16be(b: Uint8Array, i: number) {
  return ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
}
function u32be(b: Uint8Array, i: number) {
  return (((b[i] ?? 0) << 24) | ((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0)) >>> 0;
}
function u16le(b: Uint8Array, i: number) {
  return (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
}
function u24le(b: Uint8Array, i: number) {
  return (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16);
}

/** Width and height from an image's header, or null when it cannot be read. */
export function dimensionsOf(bytes: Uint8Array): { width: number; height: number } | null {
  const type = imageTypeOf(bytes);
  const ok = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  switch (type?.ext) {
    case "png":
      return ok(u32be(bytes, 16), u32be(bytes, 20));
    case "gif":
      return ok(u16le(bytes, 6), u16le(bytes, 8));
    case "webp": {
      const chunk = String.fromCharCode(...bytes.slice(12, 16));
      if (chunk === "VP8X") return ok(u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
      if (chunk === "VP8L") {
        const b = (i: number) => bytes[21 + i] ?? 0;
        return ok(1 + (((b(1) & 0x3f) << 8) | b(0)), 1 + (((b(3) & 0x0f) << 10) | (b(2) << 2) | ((b(1) & 0xc0) >> 6)));
      }
      if (chunk === "VP8 ") return ok(u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
      return null;
    }
    case "jpg": {
      let i = 2;
      while (i + 9 < bytes.length) {
        if (bytes[i] !== 0xff) return null;
        const marker = bytes[i + 1] ?? 0;
        if (marker === 0xff) {
          i++;
          continue;
        }
        // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return ok(u16be(bytes, i + 7), u16be(bytes, i + 5));
        i += 2 + u16be(bytes, i + 2);
      }
      return null;
    }
    case "avif": {
      // The image spatial extents property ("ispe"): version/flags, then width and height.
      for (let i = 4; i + 16 <= Math.min(bytes.length, 64 * 1024); i++) {
        if (bytes[i] === 0x69 && bytes[i + 1] === 0x73 && bytes[i + 2] === 0x70 && bytes[i + 3] === 0x65) return ok(u32be(bytes, i + 8), u32be(bytes, i + 12));
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * The largest frame a GIF declares: its logical screen, or an image descriptor beyond it (a decoder
 * allocates the frame it reads, whatever the screen says). Null when the blocks cannot be walked.
 */
function gifExtent(bytes: Uint8Array): { width: number; height: number } | null {
  let width = u16le(bytes, 6);
  let height = u16le(bytes, 8);
  const flags = bytes[10] ?? 0;
  let i = 13 + (flags & 0x80 ? 3 * (2 << (flags & 7)) : 0);
  const skipSubBlocks = () => {
    while (i < bytes.length && bytes[i] !== 0) i += 1 + (bytes[i] ?? 0);
    i++;
  };
  while (i < bytes.length) {
    const block = bytes[i];
    if (block === 0x21) {
      i += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      width = Math.max(width, u16le(bytes, i + 1) + u16le(bytes, i + 5));
      height = Math.max(height, u16le(bytes, i + 3) + u16le(bytes, i + 7));
      return { width, height };
    } else return block === 0x3b ? { width, height } : null;
  }
  return null;
}

/** Every size a WebP's chunks declare (the VP8X canvas and the bitstream's own), the largest of each side. */
function webpExtent(bytes: Uint8Array): { width: number; height: number } | null {
  let width = 0;
  let height = 0;
  for (let i = 12; i + 8 <= bytes.length;) {
    const fourcc = String.fromCharCode(...bytes.slice(i, i + 4));
    const size = (u16le(bytes, i + 4) | (u16le(bytes, i + 6) << 16)) >>> 0;
    const one = fourcc === "VP8X" || fourcc === "VP8L" || fourcc === "VP8 " ? dimensionsOf(concatHeader(bytes, i)) : null;
    if (one) {
      width = Math.max(width, one.width);
      height = Math.max(height, one.height);
    }
    i += 8 + size + (size % 2);
  }
  return width && height ? { width, height } : null;
}

/** A RIFF/WEBP header followed by the chunk at `at`, so dimensionsOf reads that chunk. */
function concatHeader(bytes: Uint8Array, at: number): Uint8Array {
  const out = new Uint8Array(12 + Math.min(32, bytes.length - at));
  out.set(bytes.slice(0, 12));
  out.set(bytes.slice(at, at + 32), 12);
  return out;
}

/**
 * The size an image's header declares, checked before a single pixel is decoded: an image whose
 * size cannot be read, or of more than IMAGE_PIXELS_MAX pixels, is refused (ImageUnreadable with a
 * message for its owner).
 */
export function checkedSize(bytes: Uint8Array, type: ImageType): { width: number; height: number } {
  const size = dimensionsOf(bytes);
  const extent = type.ext === "gif" ? gifExtent(bytes) : type.ext === "webp" ? webpExtent(bytes) : size;
  if (!size || !extent) throw new ImageUnreadable(m.api_image_unreadable_type({ type: type.ext.toUpperCase() }));
  const width = Math.max(size.width, extent.width);
  const height = Math.max(size.height, extent.height);
  if (width * height > IMAGE_PIXELS_MAX)
    throw new ImageUnreadable(
      m.api_image_too_many_pixels({ width: width.toLocaleString("en-IN"), height: height.toLocaleString("en-IN"), max: IMAGE_PIXELS_MAX / 1_000_000 }),
    );
  return size;
}

// ---------------------------------------------------------------------------------------------
// WASM (photon) in the Worker.

/** A JPEG's EXIF orientation (1-8; 1 when absent): phones store photos sideways and say so here. */
export function exifOrientation(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 1;
  let i = 2;
  while (i + 4 < bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1] ?? 0;
    const length = u16be(bytes, i + 2);
    if (marker === 0xda || marker === 0xd9) return 1; // image data: no EXIF before it
    const exif = i + 4;
    if (marker === 0xe1 && String.fromCharCode(...bytes.slice(exif, exif + 6)) === "Exif\0\0") {
      const tiff = exif + 6;
      const little = bytes[tiff] === 0x49;
      const u16 = (at: number) => (little ? u16le(bytes, at) : u16be(bytes, at));
      const u32 = (at: number) => (little ? (u16le(bytes, at) | (u16le(bytes, at + 2) << 16)) >>> 0 : u32be(bytes, at));
      const ifd = tiff + u32(tiff + 4);
      const entries = u16(ifd);
      for (let e = 0; e < entries && ifd + 2 + e * 12 + 12 <= bytes.length; e++) {
        const entry = ifd + 2 + e * 12;
        if (u16(entry) === 0x0112) {
          const value = u16(entry + 8);
          return value >= 1 && value <= 8 ? value : 1;
        }
      }
      return 1;
    }
    i += 2 + length;
  }
  return 1;
}

/** The image turned the way its EXIF orientation says it is seen (the same image when upright). */
function upright(image: PhotonImage, orientation: number): PhotonImage {
  if (orientation === 1) return image;
  if (orientation === 2 || orientation === 4) {
    if (orientation === 2) fliph(image);
    else fliph((image = rotateOwned(image, 180)));
    return image;
  }
  const angle = orientation === 3 ? 180 : orientation === 5 || orientation === 6 ? 90 : 270;
  const turned = rotateOwned(image, angle);
  if (orientation === 5 || orientation === 7) fliph(turned);
  return turned;
}

function rotateOwned(image: PhotonImage, angle: number): PhotonImage {
  const turned = rotate(image, angle);
  image.free();
  return turned;
}

/** The decoded image, upright; refused (ImageUnreadable) when too large or not decodable. */
function decode(bytes: Uint8Array, type: ImageType): PhotonImage {
  checkedSize(bytes, type);
  if (type.ext === "avif") throw new ImageUnreadable(m.api_image_avif_unreadable());
  let image: PhotonImage;
  try {
    image = PhotonImage.new_from_byteslice(bytes);
  } catch {
    throw new ImageUnreadable(m.api_image_unreadable_type({ type: type.ext.toUpperCase() }));
  }
  return upright(image, exifOrientation(bytes));
}

function webpOf(image: PhotonImage, width: number, height: number): ImageVariant {
  const sameSize = width === image.get_width() && height === image.get_height();
  const out = sameSize ? image : resize(image, width, height, SamplingFilter.Lanczos3);
  try {
    return { bytes: new Uint8Array(out.get_bytes_webp()), width, height, mime: "image/webp", ext: "webp" };
  } finally {
    if (!sameSize) out.free();
  }
}

export const wasmPipeline: ImagePipeline = {
  name: "wasm",
  async photo(bytes, type) {
    const image = decode(bytes, type);
    try {
      const w = image.get_width();
      const h = image.get_height();
      const fullSize = fitInto(w, h, FULL_MAX, FULL_MAX);
      const cardSize = fitInto(w, h, CARD_WIDTH, Number.MAX_SAFE_INTEGER);
      return { full: webpOf(image, fullSize.width, fullSize.height), card: webpOf(image, cardSize.width, cardSize.height) };
    } finally {
      image.free();
    }
  },
  async square(bytes, type) {
    const image = decode(bytes, type);
    try {
      const w = image.get_width();
      const h = image.get_height();
      const side = Math.min(w, h);
      const x = Math.floor((w - side) / 2);
      const y = Math.floor((h - side) / 2);
      const squared = crop(image, x, y, x + side, y + side);
      try {
        const size = Math.min(side, SQUARE_SIZE);
        return webpOf(squared, size, size);
      } finally {
        squared.free();
      }
    } finally {
      image.free();
    }
  },
  async narrow(bytes, type, maxWidth) {
    const image = decode(bytes, type);
    try {
      const size = fitInto(image.get_width(), image.get_height(), maxWidth, Number.MAX_SAFE_INTEGER);
      return webpOf(image, size.width, size.height);
    } finally {
      image.free();
    }
  },
  async verify(bytes, type) {
    const image = decode(bytes, type);
    try {
      return { width: image.get_width(), height: image.get_height() };
    } finally {
      image.free();
    }
  },
};

// ---------------------------------------------------------------------------------------------
// Cloudflare Images (production, when configured).

const streamOf = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes]).stream() as ReadableStream<Uint8Array>;

export function cloudflareImagesPipeline(images: ImagesBinding): ImagePipeline {
  const info = async (bytes: Uint8Array<ArrayBuffer>) => {
    const type = imageTypeOf(bytes);
    if (!type) throw new ImageUnreadable(m.api_image_unreadable());
    checkedSize(bytes, type);
    const about = await images.info(streamOf(bytes));
    if (!("width" in about)) throw new ImageUnreadable(m.api_image_unreadable());
    return about;
  };
  const render = async (bytes: Uint8Array<ArrayBuffer>, transform: ImageTransform, width: number, height: number): Promise<ImageVariant> => {
    const result = await images
      .input(streamOf(bytes))
      .transform(transform)
      .output({ format: "image/webp", quality: 82 } as ImageOutputOptions);
    return { bytes: new Uint8Array(await new Response(result.image()).arrayBuffer()), width, height, mime: "image/webp", ext: "webp" };
  };
  return {
    name: "cloudflare-images",
    async photo(bytes) {
      const { width: w, height: h } = await info(bytes);
      const full = fitInto(w, h, FULL_MAX, FULL_MAX);
      const card = fitInto(w, h, CARD_WIDTH, Number.MAX_SAFE_INTEGER);
      return {
        full: await render(bytes, { width: full.width, height: full.height, fit: "scale-down" }, full.width, full.height),
        card: await render(bytes, { width: card.width, height: card.height, fit: "scale-down" }, card.width, card.height),
      };
    },
    async square(bytes) {
      const { width: w, height: h } = await info(bytes);
      const side = Math.min(w, h, SQUARE_SIZE);
      return render(bytes, { width: side, height: side, fit: "cover", gravity: "center" } as ImageTransform, side, side);
    },
    async narrow(bytes, _type, maxWidth) {
      const { width: w, height: h } = await info(bytes);
      const size = fitInto(w, h, maxWidth, Number.MAX_SAFE_INTEGER);
      return render(bytes, { width: size.width, height: size.height, fit: "scale-down" }, size.width, size.height);
    },
    async verify(bytes) {
      const { width, height } = await info(bytes);
      // Decoded by the service (a file that only looks like an image fails here), the output discarded.
      await render(bytes, { width: Math.min(width, 64), fit: "scale-down" }, 0, 0);
      return { width, height };
    },
  };
}

/**
 * The pipeline the configuration names: IMAGE_PIPELINE="cloudflare-images" with an IMAGES binding
 * uses Cloudflare Images; anything else (and the local default) the WASM pipeline.
 */
export function imagePipelineFor(env: { IMAGE_PIPELINE?: string; IMAGES?: ImagesBinding }): ImagePipeline {
  if (env.IMAGE_PIPELINE === "cloudflare-images") {
    if (env.IMAGES) return cloudflareImagesPipeline(env.IMAGES);
    // Misconfigured: every upload fails loudly (logged), nothing else in the Worker does.
    const missing = async (): Promise<never> => {
      throw new Error("IMAGE_PIPELINE is cloudflare-images but the IMAGES binding is missing (wrangler.jsonc `images`).");
    };
    return { name: "cloudflare-images", photo: missing, square: missing, narrow: missing, verify: missing };
  }
  return wasmPipeline;
}

// ---------------------------------------------------------------------------------------------
// Storage: variants written to R2 under keys made here.

export type StoredPhoto = {
  cardKey: string;
  fullKey: string;
  card: { width: number; height: number };
  full: { width: number; height: number };
  /** Every object written. */
  keys: string[];
};

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Writes a processed photo under `u/{folder}/{random}-card.webp` / `-full.webp`. */
export async function storePhoto(bucket: R2Bucket, folder: string, photo: ProcessedPhoto): Promise<StoredPhoto> {
  const base = `u/${folder}/${randomHex(12)}`;
  const put = (key: string, v: ImageVariant) => bucket.put(key, v.bytes, { httpMetadata: { contentType: v.mime, cacheControl: IMMUTABLE } });
  const cardKey = `${base}-card.webp`;
  const fullKey = `${base}-full.webp`;
  const written: string[] = [];
  try {
    await put(fullKey, photo.full);
    written.push(fullKey);
    await put(cardKey, photo.card);
    written.push(cardKey);
  } catch (e) {
    if (written.length) await bucket.delete(written).catch(() => undefined);
    throw e;
  }
  return {
    cardKey,
    fullKey,
    card: { width: photo.card.width, height: photo.card.height },
    full: { width: photo.full.width, height: photo.full.height },
    keys: written,
  };
}

/** Writes one square variant under `u/{folder}/{random}.webp`. */
export async function storeSquare(bucket: R2Bucket, folder: string, variant: ImageVariant): Promise<string> {
  const key = `u/${folder}/${randomHex(12)}.${variant.ext}`;
  await bucket.put(key, variant.bytes, { httpMetadata: { contentType: variant.mime, cacheControl: IMMUTABLE } });
  return key;
}
