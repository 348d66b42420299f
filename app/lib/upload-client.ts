import { DEFAULT_UPLOAD_FOLDER, MEDIA_MESSAGES, PHOTO_MAX_BYTES } from "#shared/service-media.ts";
import type { EditorAsset } from "#domain/invitations/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The browser's one upload client (issue 29), used by every upload a page makes:
 *
 * - Photos are made smaller on the phone first (shrinkPhoto): a JPEG, PNG or WebP over the
 *   upload's cap, or longer than PHOTO_LONGEST_SIDE, is redrawn at most that long (never larger
 *   than it was, turned as its EXIF orientation says) and encoded as WebP at quality 0.8, or JPEG
 *   where the browser cannot encode WebP. A 12 MB phone photo goes up as about 1 MB. GIFs (they may
 *   move), SVGs and other files are sent as they are. The server still checks type, size and
 *   pixels and refuses what is too big: shrinking only saves the upload from being refused.
 * - The spec's direct upload (POST /generateSignature, then PUT the bytes to the signed
 *   `uploadUrl`: a presigned R2 URL in production, this Worker locally) with upload progress,
 *   then registering the object: as a service's photo (uploadServicePhoto) or as assets of the
 *   card editor's library (uploadAssets).
 * - Plain multipart forms (profile photo, logo, blog cover, review photos, template images) keep
 *   posting without JavaScript; with it, shrinkChosenPhotos swaps the chosen files for their
 *   smaller copies before the form is sent.
 */

/** The longest side, in pixels, a photo is sent at (a 4K screen's width; cards and pages show less). */
export const PHOTO_LONGEST_SIDE = 2560;
/** WebP (or JPEG) quality of a redrawn photo. */
export const SHRINK_QUALITY = 0.8;
/** Photo types redrawn smaller; GIF (it may be animated), SVG and anything else go as they are. */
export const SHRINKABLE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** Files of one service uploaded side by side. */
export const CONCURRENCY = 3;

type Size = { width: number; height: number };

/** Whether a file of this type (and size) may be redrawn before upload (its pixels decide the rest: shrinkTarget). */
export function mayShrink(file: { type: string }): boolean {
  return (SHRINKABLE_TYPES as readonly string[]).includes(file.type.toLowerCase());
}

/**
 * The size a photo is redrawn at, or null to send it as it is: only a JPEG, PNG or WebP that is
 * over `cap` bytes or longer than `longest` pixels is redrawn, at most `longest` on its longer side,
 * never upscaled, its shape kept.
 */
export function shrinkTarget(photo: { type: string; size: number } & Size, cap: number, longest = PHOTO_LONGEST_SIDE): Size | null {
  if (!mayShrink(photo)) return null;
  const side = Math.max(photo.width, photo.height);
  if (side <= 0) return null;
  if (photo.size <= cap && side <= longest) return null;
  const scale = Math.min(1, longest / side);
  return { width: Math.max(1, Math.round(photo.width * scale)), height: Math.max(1, Math.round(photo.height * scale)) };
}

/**
 * The tries made in turn until the encoded photo fits the cap: the target at quality 0.8, then
 * lower qualities, then smaller sizes (a photo of fine detail, such as sand or leaves, may not fit
 * at first).
 */
export function shrinkAttempts(target: Size): (Size & { quality: number })[] {
  const at = (scale: number, quality: number) => ({
    width: Math.max(1, Math.round(target.width * scale)),
    height: Math.max(1, Math.round(target.height * scale)),
    quality,
  });
  return [at(1, SHRINK_QUALITY), at(1, 0.65), at(0.75, 0.65), at(0.5, 0.65)];
}

/** The file name of the redrawn copy: the same name with the new type's extension. */
export function shrunkName(name: string, type: string): string {
  const ext = type === "image/webp" ? "webp" : "jpg";
  const base = name.replace(/\.[^./\\]{1,5}$/, "") || "photo";
  return `${base}.${ext}`;
}

type Canvas = {
  width: number;
  height: number;
  draw(bitmap: ImageBitmap, fillWhite: boolean): void;
  encode(type: string, quality: number): Promise<Blob | null>;
};

function canvasOf(size: Size): Canvas {
  const canvas: HTMLCanvasElement | OffscreenCanvas =
    typeof OffscreenCanvas === "function" ? new OffscreenCanvas(size.width, size.height) : Object.assign(document.createElement("canvas"), size);
  const context = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  return {
    ...size,
    draw(bitmap, fillWhite) {
      if (!context) throw new Error("no 2d context");
      context.imageSmoothingQuality = "high";
      if (fillWhite) {
        // JPEG has no transparency: what was transparent becomes white, not black.
        context.fillStyle = "#fff";
        context.fillRect(0, 0, size.width, size.height);
      }
      context.drawImage(bitmap, 0, 0, size.width, size.height);
    },
    encode(type, quality) {
      if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality }).catch(() => null);
      return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
    },
  };
}

/**
 * The photo as it is best sent under `cap` bytes: the file itself when it needs no redrawing (or
 * cannot be decoded here: the server then says what is wrong with it), else its redrawn copy. A
 * copy that is not smaller than the original is not used. Never throws.
 */
export async function shrinkPhoto(file: File, cap: number = PHOTO_MAX_BYTES): Promise<File> {
  if (!mayShrink(file) || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const target = shrinkTarget({ type: file.type, size: file.size, width: bitmap.width, height: bitmap.height }, cap);
    if (!target) return file;
    let best: Blob | null = null;
    let type = "image/webp";
    for (const attempt of shrinkAttempts(target)) {
      const canvas = canvasOf(attempt);
      canvas.draw(bitmap, type === "image/jpeg");
      let blob = await canvas.encode(type, attempt.quality);
      if (blob && blob.type !== type) {
        // This browser cannot encode WebP (it gave PNG instead): JPEG from here on.
        type = "image/jpeg";
        canvas.draw(bitmap, true);
        blob = await canvas.encode(type, attempt.quality);
      }
      if (!blob || blob.type !== type) return file;
      if (!best || blob.size < best.size) best = blob;
      if (blob.size <= cap) break;
    }
    if (!best || best.size >= file.size) return file;
    return new File([best], shrunkName(file.name, best.type), { type: best.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}

/**
 * For a plain form's file input: replaces the chosen photos with their smaller copies, so the form
 * (with or without the router) posts those. A submit while it works (a quick tap on Save) is held,
 * not lost, and goes ahead with the same button once the copies are in place, so the form is never
 * sent half-way and the tap is never swallowed. Meant as the input's onChange.
 */
export async function shrinkChosenPhotos(input: HTMLInputElement, cap: number = PHOTO_MAX_BYTES): Promise<void> {
  const chosen = [...(input.files ?? [])];
  if (!chosen.some(mayShrink) || typeof DataTransfer !== "function") return;
  const form = input.form;
  // undefined: no submit was held; null: one without a button (Enter in a field).
  let held: HTMLElement | null | undefined;
  const hold = (event: SubmitEvent) => {
    // On the form itself, so before the router's own (delegated) submit handler sees it.
    event.preventDefault();
    event.stopImmediatePropagation();
    held = event.submitter;
  };
  form?.addEventListener("submit", hold);
  input.setAttribute("aria-busy", "true");
  try {
    const sent = await Promise.all(chosen.map((f) => shrinkPhoto(f, cap)));
    if (sent.every((f, i) => f === chosen[i])) return;
    // The choice changed while the copies were made: keep the newer choice.
    if ([...(input.files ?? [])].some((f, i) => f !== chosen[i])) return;
    const list = new DataTransfer();
    for (const f of sent) list.items.add(f);
    input.files = list.files;
  } catch {
    // The originals stay chosen; the server says whether they fit.
  } finally {
    form?.removeEventListener("submit", hold);
    input.removeAttribute("aria-busy");
    if (held !== undefined && form?.isConnected) form.requestSubmit(held?.isConnected ? held : undefined);
  }
}

type Json = {
  success?: boolean;
  message?: string;
  errors?: Record<string, string>;
  uploadUrl?: string;
  key?: string;
  assets?: EditorAsset[];
  failed?: { name: string; message: string }[];
} & Record<string, unknown>;

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Json }> {
  try {
    const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin", body: JSON.stringify(body) });
    let json: Json = {};
    try {
      json = (await res.json()) as Json;
    } catch {
      /* not JSON */
    }
    return { status: res.status, json };
  } catch {
    return { status: 0, json: {} };
  }
}

/** PUTs the bytes to a signed upload URL with progress (XMLHttpRequest: fetch has no upload progress). Never throws. */
function put(url: string, file: Blob, onProgress: (fraction: number) => void): Promise<{ status: number; json: Json }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.withCredentials = new URL(url, location.href).origin === location.origin;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: Json = {};
      try {
        json = JSON.parse(xhr.responseText || "{}") as Json;
      } catch {
        /* R2 answers PUT with an empty body */
      }
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => resolve({ status: 0, json: {} });
    xhr.send(file);
  });
}

/** Signs one upload into `folder` and sends the file there; the stored object's key, or why not. */
async function sendSigned(folder: string, file: File, onProgress: (fraction: number) => void): Promise<{ key: string } | { reason: string; signed: boolean }> {
  const sig = await postJson("/api/v1/generateSignature", { folder });
  if (sig.status !== 200 || typeof sig.json.uploadUrl !== "string" || typeof sig.json.key !== "string")
    return { reason: sig.json.message ?? MEDIA_MESSAGES.signatureFailed, signed: false };
  const sent = await put(sig.json.uploadUrl, file, onProgress);
  if (sent.status < 200 || sent.status >= 300)
    return {
      reason: sent.json.errors?.file ?? sent.json.message ?? (sent.status === 0 ? m.api_connection_lost() : m.api_upload_unfinished()),
      signed: true,
    };
  onProgress(1);
  return { key: sig.json.key };
}

export type FileOutcome = { ok: true; message: string } | { ok: false; message: string; reason?: string };

/** Uploads one (already shrunk: shrinkPhoto) file as a photo of the service; never throws. */
export async function uploadServicePhoto(serviceId: string, file: File, onProgress: (fraction: number) => void): Promise<FileOutcome> {
  const failed = (reason?: string): FileOutcome => ({ ok: false, message: MEDIA_MESSAGES.failedFor(file.name), reason });
  const sent = await sendSigned(`services/${serviceId}`, file, onProgress);
  if ("reason" in sent) return failed(sent.reason);
  const reg = await postJson(`/api/v1/upload/${encodeURIComponent(serviceId)}/register`, { files: [{ key: sent.key, name: file.name }] });
  if (reg.status === 0) return failed(m.api_connection_lost());
  if (reg.status !== 200) {
    const reason = reg.json.errors?.files?.replace(`${MEDIA_MESSAGES.failedFor(file.name)}: `, "") ?? reg.json.message;
    return reg.status === 500 ? failed(MEDIA_MESSAGES.dbFailed) : failed(reason);
  }
  return { ok: true, message: reg.json.message ?? m.api_uploaded() };
}

/** Runs `work` over the items, at most `limit` at a time. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * The asset library's upload (issue 13): each file shrunk, signed into user_assets and sent (with
 * progress over all files: `onProgress`), then registered with POST /api/v1/editorAssets (10 keys
 * per request), which checks, resizes and stores them. Never throws: every file ends in `assets`
 * or in `failed` with the spec's message, and `message` says what the whole upload came to ("No
 * files provided.", "All uploads failed.", "Failed to save images to DB").
 */
export type UploadedAssets = { assets: EditorAsset[]; failed: { name: string; message: string }[]; message?: string };

const PER_REQUEST = 10;
type Sent = { key: string; name: string };
type Refused = { name: string; message: string };

export async function uploadAssets(
  files: File[],
  options: { folder?: string; tags?: string[]; onProgress?: (fraction: number) => void } = {},
): Promise<UploadedAssets> {
  if (!files.length) return { assets: [], failed: [], message: MEDIA_MESSAGES.noFiles };
  const sentFiles: (Sent | Refused)[] = [];
  const done = files.map(() => 0);
  const report = () => options.onProgress?.(done.reduce((a, b) => a + b, 0) / files.length);
  await eachLimited(files, CONCURRENCY, async (original, i) => {
    const file = await shrinkPhoto(original);
    const sent = await sendSigned(DEFAULT_UPLOAD_FOLDER, file, (p) => {
      done[i] = p;
      report();
    });
    done[i] = 1;
    report();
    sentFiles[i] =
      "key" in sent
        ? { key: sent.key, name: original.name }
        : { name: original.name, message: sent.signed ? MEDIA_MESSAGES.failedFor(original.name) : MEDIA_MESSAGES.signatureFailed };
  });
  // In the order chosen, whichever finished first.
  const failed: Refused[] = sentFiles.filter((f): f is Refused => "message" in f);
  const uploaded = sentFiles.filter((f): f is Sent => "key" in f);
  const assets: EditorAsset[] = [];
  let dbFailed = false;
  for (let i = 0; i < uploaded.length; i += PER_REQUEST) {
    const batch = uploaded.slice(i, i + PER_REQUEST);
    const reg = await postJson("/api/v1/editorAssets", { images: batch, folder: options.folder ?? DEFAULT_UPLOAD_FOLDER, tags: options.tags ?? [] });
    if (reg.status === 200) {
      assets.push(...(reg.json.assets ?? []));
      failed.push(...(reg.json.failed ?? []).map((f) => ({ name: f.name, message: f.message })));
    } else {
      if (reg.status === 500) dbFailed = true;
      // A refused batch (the library is full, every file unreadable): each file failed, the server's reason kept when it is about the batch.
      failed.push(
        ...batch.map((b) => ({
          name: b.name,
          message:
            reg.status === 400 && reg.json.message !== MEDIA_MESSAGES.allFailed
              ? (reg.json.message ?? MEDIA_MESSAGES.failedFor(b.name))
              : MEDIA_MESSAGES.failedFor(b.name),
        })),
      );
    }
  }
  if (dbFailed && !assets.length) return { assets, failed, message: MEDIA_MESSAGES.dbFailed };
  if (!assets.length) return { assets, failed, message: MEDIA_MESSAGES.allFailed };
  return { assets, failed, ...(failed.length ? { message: failed.map((f) => f.message).join(". ") } : {}) };
}
