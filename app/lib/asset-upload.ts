import { DEFAULT_UPLOAD_FOLDER, MEDIA_MESSAGES } from "#shared/service-media.ts";
import type { EditorAsset } from "#domain/invitations/index.ts";

/**
 * The browser's side of the asset library's upload (the spec's flow, issue 13): for each file,
 * POST /api/v1/generateSignature {folder: "user_assets"} and PUT its bytes to the signed
 * uploadUrl (a presigned R2 URL in production, this Worker locally); then POST /api/v1/editorAssets
 * with the uploaded keys (10 per request), which checks, resizes and stores them. Never throws:
 * every file ends in `assets` or in `failed` with the spec's message, and `message` says what the
 * whole upload came to ("No files provided.", "All uploads failed.", "Failed to save images to DB").
 */
export type UploadedAssets = { assets: EditorAsset[]; failed: { name: string; message: string }[]; message?: string };

type Json = { success?: boolean; message?: string; uploadUrl?: string; key?: string; assets?: EditorAsset[]; failed?: { name: string; message: string }[] };

async function send(url: string, init: RequestInit): Promise<{ status: number; json: Json }> {
  try {
    const res = await fetch(url, { credentials: "same-origin", ...init });
    let json: Json = {};
    try {
      json = (await res.json()) as Json;
    } catch {
      /* R2 answers a PUT with an empty body */
    }
    return { status: res.status, json };
  } catch {
    return { status: 0, json: {} };
  }
}

const postJson = (url: string, body: unknown) => send(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

const PER_REQUEST = 10;

export async function uploadAssets(files: File[], options: { folder?: string; tags?: string[] } = {}): Promise<UploadedAssets> {
  if (!files.length) return { assets: [], failed: [], message: MEDIA_MESSAGES.noFiles };
  const failed: UploadedAssets["failed"] = [];
  const uploaded: { key: string; name: string }[] = [];
  for (const file of files) {
    const sig = await postJson("/api/v1/generateSignature", { folder: DEFAULT_UPLOAD_FOLDER });
    if (sig.status !== 200 || !sig.json.uploadUrl || !sig.json.key) {
      failed.push({ name: file.name, message: MEDIA_MESSAGES.signatureFailed });
      continue;
    }
    const sameOrigin = new URL(sig.json.uploadUrl, location.href).origin === location.origin;
    const put = await send(sig.json.uploadUrl, { method: "PUT", body: file, credentials: sameOrigin ? "same-origin" : "omit" });
    if (put.status < 200 || put.status >= 300) failed.push({ name: file.name, message: MEDIA_MESSAGES.failedFor(file.name) });
    else uploaded.push({ key: sig.json.key, name: file.name });
  }
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
