/**
 * The asset library's upload (issue 13), the spec's flow: for each file POST /generateSignature
 * {folder}, PUT the bytes to its uploadUrl, then register them all with POST /editorAssets.
 *
 * OWNER: the cards helper. This minimal version was written by the editor helper against the
 * contract's signature so the editor builds before the merge; the cards helper's file replaces it.
 */
export type UploadedAsset = { public_id: string; url: string; width: number | null; height: number | null; folder: string; tags: string[]; fileName: string };
export type AssetUploadResult = { assets: UploadedAsset[]; failed: { name: string; message: string }[]; message?: string };

type Json = { success?: boolean; message?: string; uploadUrl?: string; key?: string; assets?: UploadedAsset[]; failed?: { name: string; message: string }[] };

async function json(res: Response): Promise<Json> {
  try {
    return (await res.json()) as Json;
  } catch {
    return {};
  }
}

export async function uploadAssets(
  files: File[],
  { folder = "user_assets", tags = [] }: { folder?: string; tags?: string[] } = {},
): Promise<AssetUploadResult> {
  const failed: AssetUploadResult["failed"] = [];
  const sent: { key: string; name: string }[] = [];
  for (const file of files) {
    try {
      const sigRes = await fetch("/api/v1/generateSignature", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ folder }),
      });
      const sig = await json(sigRes);
      if (!sigRes.ok || !sig.uploadUrl || !sig.key) {
        failed.push({ name: file.name, message: sig.message ?? "Failed to get signature" });
        continue;
      }
      const put = await fetch(sig.uploadUrl, {
        method: "PUT",
        body: file,
        credentials: new URL(sig.uploadUrl, location.href).origin === location.origin ? "same-origin" : "omit",
      });
      if (!put.ok) {
        failed.push({ name: file.name, message: (await json(put)).message ?? "The upload did not finish." });
        continue;
      }
      sent.push({ key: sig.key, name: file.name });
    } catch {
      failed.push({ name: file.name, message: "The connection was lost." });
    }
  }
  if (!sent.length) return { assets: [], failed, message: failed[0]?.message };
  const res = await fetch("/api/v1/editorAssets", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ images: sent, folder, tags }),
  });
  const body = await json(res);
  if (!res.ok)
    return { assets: [], failed: [...failed, ...sent.map((s) => ({ name: s.name, message: body.message ?? "Upload failed" }))], message: body.message };
  return { assets: body.assets ?? [], failed: [...failed, ...(body.failed ?? [])], message: body.message };
}
