import { MEDIA_MESSAGES } from "#shared/service-media.ts";

/**
 * The browser's side of the spec's upload flow, one file at a time: POST /generateSignature, then
 * PUT the bytes to the signed `uploadUrl` (a presigned R2 URL in production, this Worker locally:
 * the same code for both) with upload progress, then register the object as a photo of the
 * service. Several files run side by side (CONCURRENCY), each with its own progress, so the page
 * never waits on one big request.
 */
export const CONCURRENCY = 3;

export type FileOutcome = { ok: true; message: string } | { ok: false; message: string; reason?: string };

type Json = { success?: boolean; message?: string; errors?: Record<string, string>; failed?: { message: string; reason: string }[] } & Record<string, unknown>;

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin", body: JSON.stringify(body) });
  let json: Json;
  try {
    json = (await res.json()) as Json;
  } catch {
    json = {};
  }
  return { status: res.status, json };
}

function put(url: string, file: File, onProgress: (fraction: number) => void): Promise<{ status: number; json: Json }> {
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

/** Uploads one file to the service; never throws. */
export async function uploadOne(serviceId: string, file: File, onProgress: (fraction: number) => void): Promise<FileOutcome> {
  const failed = (reason?: string): FileOutcome => ({ ok: false, message: MEDIA_MESSAGES.failedFor(file.name), reason });
  try {
    const sig = await postJson("/api/v1/generateSignature", { folder: `services/${serviceId}` });
    if (sig.status !== 200 || typeof sig.json.uploadUrl !== "string") return failed(sig.json.message ?? MEDIA_MESSAGES.signatureFailed);
    const sent = await put(sig.json.uploadUrl, file, onProgress);
    if (sent.status < 200 || sent.status >= 300) return failed(sent.json.errors?.file ?? sent.json.message ?? "The upload did not finish.");
    onProgress(1);
    const reg = await postJson(`/api/v1/upload/${encodeURIComponent(serviceId)}/register`, { files: [{ key: sig.json.key, name: file.name }] });
    if (reg.status !== 200) {
      const reason = reg.json.errors?.files?.replace(`${MEDIA_MESSAGES.failedFor(file.name)}: `, "") ?? reg.json.message;
      return reg.status === 500 ? failed(MEDIA_MESSAGES.dbFailed) : failed(reason);
    }
    return { ok: true, message: reg.json.message ?? "Uploaded." };
  } catch {
    return failed("The connection was lost.");
  }
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
